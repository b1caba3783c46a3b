"""Dice from a counter-based generator built on SHA-256.

Why not `random`: its algorithms (and `randrange`/`choice`) may change between Python
versions, and a global state lets one roll shift every later one. Here every purpose has its
own named stream, and a stream's n-th 32-bit word depends only on (seed, stream name, n):

    block_j = SHA-256( utf8(seed) 0x00 utf8(stream) 0x00 u32be(j) )

Each block gives eight big-endian 32-bit words. A die with n faces takes the next word w
and rejects it while w >= 2**32 - 2**32 % n (so every face is exactly equally likely);
the face is w % n + 1. Integer seed 11 and string seed "11" are the same night because
the seed's text is hashed (design.md).
"""

from __future__ import annotations

import hashlib
import struct

RNG_ID = "sha256-ctr-v1"

_WORDS = struct.Struct(">8I")
_SPAN = 1 << 32


def seed_text(seed: int | str) -> str:
    return str(seed)


def seed_sha256(seed: int | str) -> str:
    """The seed commitment a referee can publish before the session."""
    return hashlib.sha256(seed_text(seed).encode()).hexdigest()


class Stream:
    """One named stream of dice. Cheap to make; hashes a block only when a word is needed."""

    __slots__ = ("_block", "_pos", "_prefix", "_words")

    def __init__(self, seed: str, name: str) -> None:
        self._prefix = f"{seed}\x00{name}\x00".encode()
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._pos = 8

    def _word(self) -> int:
        if self._pos == 8:
            digest = hashlib.sha256(self._prefix + self._block.to_bytes(4, "big")).digest()
            self._words = _WORDS.unpack(digest)
            self._block += 1
            self._pos = 0
        w = self._words[self._pos]
        self._pos += 1
        return w

    def die(self, n: int) -> int:
        """One roll of a die with n faces: 1..n, exactly uniform."""
        limit = _SPAN - _SPAN % n
        w = self._word()
        while w >= limit:
            w = self._word()
        return w % n + 1


class Dice:
    """The dice of one night (or journey): a factory of named streams for one seed."""

    __slots__ = ("seed",)

    def __init__(self, seed: int | str) -> None:
        self.seed = seed_text(seed)

    def stream(self, name: str) -> Stream:
        return Stream(self.seed, name)


def roll_record(dice: str, faces: list[int], mod: int = 0, **extra: object) -> dict[str, object]:
    """The `rolls` entry of an event: `{"dice", "faces", "mod", "total"}` plus purpose/target."""
    rec: dict[str, object] = {"dice": dice, "faces": faces, "mod": mod, "total": sum(faces) + mod}
    rec.update(extra)
    return rec
