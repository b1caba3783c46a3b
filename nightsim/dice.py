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


def check_seed(seed: object) -> None:
    """design.md: a seed is a non-negative integer or any string. A bool is not an
    integer here: `True` would hash as "True" while a log's JSON reads it back as 1."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(
            f"seed: expected a non-negative integer or a string, got {type(seed).__name__}"
        )
    if isinstance(seed, int) and seed < 0:
        raise ValueError(f"seed: expected a non-negative integer or a string, got {seed}")


def seed_text(seed: int | str) -> str:
    return str(seed)


def seed_sha256(seed: int | str) -> str:
    """The seed commitment a referee can publish before the session."""
    return hashlib.sha256(seed_text(seed).encode()).hexdigest()


class Stream:
    """One named stream of dice. Cheap to make; hashes a block only when a word is needed."""

    __slots__ = ("_block", "_pos", "_prefix", "_words")

    def __init__(self, seed: str, name: str, *, prefix: bytes | None = None) -> None:
        # `prefix` is `utf8(seed) 0x00 utf8(name) 0x00`, already encoded: the engine builds
        # the bytes of its stream names once per config, not once per roll (perf only).
        self._prefix = f"{seed}\x00{name}\x00".encode() if prefix is None else prefix
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._pos = 8

    def die(self, n: int) -> int:
        """One roll of a die with n faces: 1..n, exactly uniform."""
        # The word fetch is inlined (no method call per word): this is the odds hot path.
        limit = _SPAN - _SPAN % n
        while True:
            pos = self._pos
            if pos == 8:
                block = self._block
                self._words = _WORDS.unpack(
                    _sha256(self._prefix + (_BLOCKS[block] if block < 16 else _u32(block))).digest()
                )
                self._block = block + 1
                pos = 0
            w = self._words[pos]
            self._pos = pos + 1
            if w < limit:
                return w % n + 1


def _u32(j: int) -> bytes:
    return j.to_bytes(4, "big")


_sha256 = hashlib.sha256
_BLOCKS = tuple(_u32(j) for j in range(16))
_BLOCK0 = _BLOCKS[0]
_FIRST = struct.Struct(">I")


class Dice:
    """The dice of one night (or journey): a factory of named streams for one seed."""

    __slots__ = ("_seed_prefix", "seed")

    def __init__(self, seed: int | str) -> None:
        self.seed = seed_text(seed)
        self._seed_prefix = f"{self.seed}\x00".encode()

    def stream(self, name: str) -> Stream:
        return Stream(self.seed, name)

    def first(self, name: bytes, n: int) -> int:
        """The first roll of a die with n faces on the stream `name` (`utf8(name) 0x00`):
        the same face as `stream_bytes(name).die(n)`, without making a stream object, for
        the many streams a night rolls once (perf only)."""
        w: int = _FIRST.unpack_from(_sha256(self._seed_prefix + name + _BLOCK0).digest())[0]
        if w < _SPAN - _SPAN % n:
            return w % n + 1
        return self.stream_bytes(name).die(n)  # the first word was rejected: the full rule

    def second(self, name: bytes, first: int, n: int) -> int:
        """The second roll (a die of n faces) on the stream `name` after a first roll of a
        die of `first` faces: `rolls(name, first, n)[1]`, without the list."""
        words = _WORDS.unpack(_sha256(self._seed_prefix + name + _BLOCK0).digest())
        w0: int = words[0]
        w1: int = words[1]
        if w0 < _SPAN - _SPAN % first and w1 < _SPAN - _SPAN % n:
            return w1 % n + 1
        return self.rolls(name, first, n)[1]  # a word was rejected: the full rule

    def rolls(self, name: bytes, *faces: int) -> list[int]:
        """The first rolls of the stream `name`, one die per entry of `faces`: the same as
        rolling them in turn on `stream_bytes(name)`, from one block when it suffices."""
        if len(faces) <= 8:
            words = _WORDS.unpack(_sha256(self._seed_prefix + name + _BLOCK0).digest())
            out = [w % n + 1 for w, n in zip(words, faces, strict=False) if w < _SPAN - _SPAN % n]
            if len(out) == len(faces):
                return out
        s = self.stream_bytes(name)  # a word was rejected (or more than a block): in turn
        return [s.die(n) for n in faces]

    def stream_bytes(self, name: bytes) -> Stream:
        """The stream whose name is `name` as `utf8(name) 0x00` (the same stream as
        `stream(name)`; saves encoding the name on every night)."""
        return Stream(self.seed, "", prefix=self._seed_prefix + name)


def roll_record(dice: str, faces: list[int], mod: int = 0, **extra: object) -> dict[str, object]:
    """The `rolls` entry of an event: `{"dice", "faces", "mod", "total"}` plus purpose/target."""
    rec: dict[str, object] = {"dice": dice, "faces": faces, "mod": mod, "total": sum(faces) + mod}
    rec.update(extra)
    return rec


class MemoDice(Dice):
    """The dice of `inner`, each answer kept: for many configs run on one night's seed.

    Perf only (issue 13, ranking rotas): a face depends only on (seed, stream, dice), so the
    configs of one night ask the same questions, and after the first config the answer is a
    dictionary look-up instead of a SHA-256. It answers exactly as `inner` does, whatever
    its algorithm; streams (`stream_bytes`, the rare rejected word) are `inner`'s, not kept.
    """

    __slots__ = ("_firsts", "_inner", "_rolls", "_seconds")

    def __init__(self, inner: Dice) -> None:
        super().__init__(inner.seed)
        self._inner = inner
        self._firsts: dict[tuple[bytes, int], int] = {}
        self._seconds: dict[tuple[bytes, int, int], int] = {}
        self._rolls: dict[tuple[bytes, tuple[int, ...]], tuple[int, ...]] = {}

    def stream(self, name: str) -> Stream:
        return self._inner.stream(name)

    def first(self, name: bytes, n: int) -> int:
        key = (name, n)
        face = self._firsts.get(key)
        if face is None:
            face = self._firsts[key] = self._inner.first(name, n)
        return face

    def second(self, name: bytes, first: int, n: int) -> int:
        key = (name, first, n)
        face = self._seconds.get(key)
        if face is None:
            face = self._seconds[key] = self._inner.second(name, first, n)
        return face

    def rolls(self, name: bytes, *faces: int) -> list[int]:
        key = (name, faces)
        out = self._rolls.get(key)
        if out is None:
            out = self._rolls[key] = tuple(self._inner.rolls(name, *faces))
        return list(out)  # a fresh list each time: the caller may keep or change it

    def stream_bytes(self, name: bytes) -> Stream:
        return self._inner.stream_bytes(name)
