"""A bot for `nightsim run --sink URL`: says whom each wandering monster surprised."""

import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer


class Bot(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        event = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if event["type"].startswith("nightsim.monster.arrived."):
            data = event["data"]
            who = ", ".join(data["surprised"]) or "nobody"
            print(f"{data['clock']} {data['creature']}: {who} surprised", flush=True)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:  # one line per monster, no access log
        pass


server = HTTPServer(("127.0.0.1", int(sys.argv[1]) if sys.argv[1:] else 8000), Bot)
print(f"listening: nightsim run --sink http://127.0.0.1:{server.server_port}/", flush=True)
server.serve_forever()
