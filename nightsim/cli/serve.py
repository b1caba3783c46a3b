"""`nightsim serve [DIR]`: the table in a browser (docs/serve.md). Prints the referee's URL
and the players' URL on stdout, one a line, then serves until stopped."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path
from typing import Any

from nightsim.cli.common import EXIT_OK, UsageError, status
from nightsim.limits import shown
from nightsim.told import Said

DEFAULT_PORT = 8765


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "serve",
        help="serve a folder of camps and campaigns as a local web app",
        description="Serve DIR's camps (*.toml) and campaigns (*.campaign) as a web app: the"
        " referee's console, the players' screen that follows each night live, the event"
        " stream for tools (GET /events) and a JSON API. Prints two URLs, the referee's and"
        " the players', each with its own secret token.",
        epilog="examples:\n  nightsim serve                 this folder, on 127.0.0.1:8765\n"
        "  nightsim serve camps --lang uk\n"
        "  nightsim serve --host 0.0.0.0  players' phones on the same network (a warning)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("dir", nargs="?", default=".", metavar="DIR", help="the folder (default: .)")
    p.add_argument("--host", default="127.0.0.1", help="the address to bind (default: 127.0.0.1)")
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"(default: {DEFAULT_PORT}; 0: any free)"
    )
    p.add_argument("--lang", choices=("en", "uk"), default="en", help="the pages' language")
    p.set_defaults(handler=run)


def _bound(host: str, port: int) -> socket.socket:
    if not 0 <= port <= 65535:
        raise UsageError(Said("use.range", option="--port", low=0, high=65535, got=port))
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not left 0: asyncio turns Nagle off (TCP_NODELAY) only on sockets
    # whose proto says TCP, and with Nagle on, a kept-alive connection's every answer after
    # the first waits ~40 ms for the client's delayed ACK between its headers and its body.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except (OSError, OverflowError) as exc:
        sock.close()
        raise UsageError(Said("use.listen", host=shown(host), port=port, why=str(exc))) from None
    sock.listen(512)
    return sock


def run(args: argparse.Namespace) -> int:
    folder = Path(args.dir)
    if not folder.is_dir():
        raise UsageError(Said("use.not_folder", path=shown(args.dir)))
    import uvicorn

    from nightsim.serve import create_app

    sock = _bound(args.host, args.port)
    port = sock.getsockname()[1]
    app = create_app(folder, lang=args.lang)
    ctx = app.state.ctx
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    base = f"http://{shown_host}:{port}"
    sys.stdout.write(f"{base}/?t={ctx.referee_token}\n{base}/table?t={ctx.players_token}\n")
    sys.stdout.flush()
    if args.host not in ("127.0.0.1", "::1", "localhost"):
        status(
            f"nightsim: warning: serving on {shown(args.host)}: anyone on the network who has a"
            " URL with its token can open it; open the players' URL on their phones with this"
            " machine's address in place of the host"
        )
    config = uvicorn.Config(
        app, log_level="warning", lifespan="off", timeout_graceful_shutdown=2, access_log=False
    )
    # asyncio warns "socket.send() raised exception." for every write to a client that has
    # gone (a phone locked mid-stream): a stream's clients come and go, so it is not news.
    import logging

    logging.getLogger("asyncio").setLevel(logging.ERROR)
    uvicorn.Server(config).run(sockets=[sock])
    return EXIT_OK
