"""Many light SSE clients in one process: asyncio and raw sockets on 127.0.0.1 only.

Each follower sends the request an `EventSource` sends (`GET /events`, HTTP/1.1), reads the
chunked body, splits it into SSE messages and notes each message's arrival time, until it
has seen `last` messages whose type ends the night (`nightsim.night.summary…`) or a deadline
passes. A stalled client connects with a tiny receive buffer, sends the same request and then
never reads a byte. Used by tests/serve/test_load.py and bench/serve_load.py.
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from dataclasses import dataclass, field

from tests.serve.served import Message, messages

END = "nightsim.night.summary"


@dataclass
class Follower:
    """What one client received: each message and when (time.monotonic())."""

    got: list[Message] = field(default_factory=list)
    at: list[float] = field(default_factory=list)
    status: int = 0
    error: str = ""

    def ends(self) -> int:
        return sum(1 for m in self.got if (m.event or "").startswith(END))


def request(port: int, token: str, path: str = "/events", last_id: str | None = None) -> bytes:
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: 127.0.0.1:{port}",
        f"Authorization: Bearer {token}",
        "Accept: text/event-stream",
        "Cache-Control: no-cache",
    ]
    if last_id is not None:
        lines.append(f"Last-Event-ID: {last_id}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


async def _chunks(reader: asyncio.StreamReader, chunked: bool) -> bytes:
    """The next piece of the body (b"" at its end)."""
    if not chunked:
        return await reader.read(65536)
    size_line = await reader.readline()
    if not size_line:
        return b""
    size = int(size_line.split(b";")[0].strip() or b"0", 16)
    if size == 0:
        return b""
    data = await reader.readexactly(size + 2)
    return data[:-2]


async def follow(
    port: int,
    token: str,
    connected: asyncio.Event | None,
    last: int,
    deadline: float,
    path: str = "/events",
    last_id: str | None = None,
) -> Follower:
    """One client reading `path` until `last` night-ending messages or `deadline`."""
    f = Follower()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request(port, token, path, last_id))
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), deadline - time.monotonic())
        f.status = int(head.split(b" ", 2)[1])
        chunked = b"chunked" in head.lower()
        if connected is not None:
            connected.set()
        if f.status != 200:
            return f
        buffer = ""
        while f.ends() < last:
            piece = await asyncio.wait_for(_chunks(reader, chunked), deadline - time.monotonic())
            if not piece:
                f.error = "the stream ended"
                break
            now = time.monotonic()
            buffer += piece.decode()
            *whole, buffer = buffer.replace("\r\n", "\n").split("\n")
            for m in messages(whole):
                f.got.append(m)
                f.at.append(now)
    except (TimeoutError, OSError, asyncio.IncompleteReadError) as exc:
        f.error = f"{type(exc).__name__}: {exc}"
    finally:
        writer.close()
    return f


def stalled(port: int, token: str, path: str = "/events") -> socket.socket:
    """A client that asks for the stream and never reads: a receive buffer of the kernel's
    least, so the server's writes to it block almost at once."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
    s.connect(("127.0.0.1", port))
    s.sendall(request(port, token, path))
    return s


def in_order(f: Follower) -> list[tuple[str, int]]:
    """The (CloudEvent source, id) of every message received, in arrival order."""
    return [(json.loads(m.data)["source"], int(json.loads(m.data)["id"])) for m in f.got]


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile `q` (0 to 100) of `values`."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]
