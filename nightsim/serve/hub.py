"""The stream of every event played through the server (`GET /events`, docs/serve.md).

Each message has a cursor, one counter for the whole stream, kept across nights and
restarts: a night's messages are appended to `DIR/.nightsim-serve/stream.jsonl` (and synced)
as soon as the night is in its campaign or its log, before any client sees them, and read
back when the server starts again, so `Last-Event-ID` resumes without a gap or a duplicate.

Clients do not get a queue each: every client walks the one shared list at its own pace and
waits on one event (set at each release) for more. A client that stops reading holds only its
own place in the list and its own socket's buffer, so it never stalls the others nor grows the
server.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from nightsim.serve.views import Message

STREAM_DIR = ".nightsim-serve"


@dataclass(frozen=True)
class Stored:
    id: int
    message: Message


class EventHub:
    def __init__(self, root: Path) -> None:
        self.path = root / STREAM_DIR / "stream.jsonl"
        self.history: list[Stored] = []  # everything released to clients, in cursor order
        self.stored: list[Stored] = []  # everything stored, released or not yet (a paced night)
        self._next = 1
        self._changed: asyncio.Event | None = None
        self._releasing: asyncio.Lock | None = None
        self._load()

    def _load(self) -> None:
        if not self.path.is_file():
            return
        with self.path.open(encoding="utf-8") as f:
            for line in f:
                try:
                    row = json.loads(line)
                    stored = Stored(
                        int(row["id"]), Message(row["type"], row["r"], row["p"], row["w"])
                    )
                except (ValueError, KeyError, TypeError):
                    break  # a torn last line (a crash mid-write): what came before stands
                self.history.append(stored)
        self.stored = list(self.history)
        if self.history:
            self._next = self.history[-1].id + 1

    @property
    def last_id(self) -> int:
        return self._next - 1

    def reserve(self, messages: Sequence[Message]) -> list[Stored]:
        """Give the night's messages their cursors and store them (appended, synced): called
        once the night is committed, before anything is shown."""
        stored = [Stored(self._next + i, m) for i, m in enumerate(messages)]
        self._next += len(stored)
        self.stored.extend(stored)
        self.path.parent.mkdir(exist_ok=True)
        rows = "".join(
            json.dumps(
                {
                    "id": s.id,
                    "type": s.message.type,
                    "r": s.message.referee,
                    "p": s.message.players,
                    "w": s.message.told,
                },
                ensure_ascii=False,
            )
            + "\n"
            for s in stored
        )
        with self.path.open("a", encoding="utf-8") as f:
            f.write(rows)
            f.flush()
            os.fsync(f.fileno())
        return stored

    def changed(self) -> asyncio.Event:
        """The event set at the next release. An event swapped per release rather than a
        condition: a follower waits holding no lock, so one that is cancelled (its client
        gone) or blocked writing to a client that stopped reading holds up no other."""
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    async def release(self, stored: Sequence[Stored], pace: float = 0.0) -> None:
        """Show the stored messages to the clients, `pace` seconds apart (0: at once); one
        night at a time, so the list stays in cursor order."""
        if self._releasing is None:
            self._releasing = asyncio.Lock()
        async with self._releasing:
            await self._release(stored, pace)

    async def _release(self, stored: Sequence[Stored], pace: float) -> None:
        for s in stored:
            if pace > 0 and s is not stored[0]:
                await asyncio.sleep(pace)
            self.history.append(s)
            released, self._changed = self.changed(), asyncio.Event()
            released.set()

    async def follow(self, after: int, view: str) -> AsyncIterator[Stored]:
        """Every message after cursor `after` in `view`, then each as it is released."""
        at = _index_after(self.history, after)
        while True:
            while at < len(self.history):
                s = self.history[at]
                at += 1
                if view == "referee" or s.message.players is not None:
                    yield s
            if at >= len(self.history):  # no await since the loop above: nothing missed
                try:
                    await asyncio.wait_for(self.changed().wait(), timeout=15.0)
                except TimeoutError:
                    yield Stored(0, Message("", "", None))  # a keep-alive for the caller

    def night_of(self, first: int) -> list[Stored]:
        """The released messages of the night whose first cursor is `first`: what a screen
        drawn now shows; the rest comes as it is released (`follow`)."""
        return _night(self.history, first)

    def telling(self, first: int) -> bool:
        """Whether the night whose first cursor is `first` is still being released."""
        return len(_night(self.stored, first)) > len(_night(self.history, first))

    def last_night_first(self) -> int:
        """The first cursor of the last night released (0: none yet)."""
        for s in reversed(self.history):
            if s.message.type.startswith("nightsim.night.header."):
                return s.id
        return 0


def _night(messages: Sequence[Stored], first: int) -> list[Stored]:
    at = _index_after(messages, first - 1)
    out: list[Stored] = []
    for s in messages[at:]:
        if out and s.message.type.startswith("nightsim.night.header."):
            break
        out.append(s)
    return out


def _index_after(history: Sequence[Stored], after: int) -> int:
    lo, hi = 0, len(history)
    while lo < hi:
        mid = (lo + hi) // 2
        if history[mid].id <= after:
            lo = mid + 1
        else:
            hi = mid
    return lo
