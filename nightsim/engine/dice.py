"""The dice: counter-based generators built on SHA-256, chosen by the id a log records.

Why not `random`: its algorithms (and `randrange`/`choice`) may change between Python
versions, and a global state lets one roll shift every later one. Here every purpose has its
own named stream, whose numbers depend only on (seed, stream name, position). Integer seed 11
and string seed "11" are the same night because the seed's text is hashed
(docs/log-format.md, `seed`). `dice_for(seed, rng)` gives the generator a header's `rng`
names; unknown ids are an error.

sha256-uniform-v2 (`Dice`; nightsim 0.3.0 on). A stream `name` gives uniform numbers
U_0, U_1, ... in [0, 1):

    block_j = SHA-256( utf8(seed) 0x00 utf8(name) 0x00 u32be(j) )

Each block holds four big-endian 64-bit words; the first 64 bits of U_k are word k % 4 of
block k // 4. Its further bits, when needed, are the words of the extension stream
`name + "+" + decimal(k)` (the same block rule) in order: bits 64..127 are its word 0 (of
block 0), bits 128..191 its word 1, and so on.

A die of n faces read from U is floor(U * n) + 1: one uniform number mapped monotonically
onto the faces, the same U for any n. It is exact, with no modulo bias: with w the first 64
bits of U, if (w * n mod 2**64) <= 2**64 - n, every U that starts with w gives the face
(w * n >> 64) + 1 whatever bits follow; otherwise (probability below n / 2**64) the first 128
bits W decide it the same way ((W * n mod 2**128) <= 2**128 - n: the face is
(W * n >> 128) + 1), then 192 bits, and so on. The k-th die rolled on a stream reads U_k
whatever dice were rolled before it, so `second(name, _, n)` is U_1 on n faces.

Because the mapping is monotone, on the same U a larger die never shows a 1 when a smaller
one does not (d20 "1" implies d10 "1" implies d6 "1"), and an X-in-N chance that succeeds
for X succeeds for X + 1: a better score never makes a failure more likely on the same luck
(docs/dice.md). Which streams a night rolls, and their names, is plan.StreamNames.

sha256-ctr-v1 (`CounterDice`; nightsim 0.1 and 0.2, kept so their logs still verify). The
same blocks read as eight big-endian 32-bit words; a die with n faces takes the next word w,
rejects it while w >= 2**32 - 2**32 % n, and the face is w % n + 1.
"""

from __future__ import annotations

import hashlib
import importlib
import struct
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Protocol

from nightsim.errors import UnknownDice

UNIFORM_V2 = "sha256-uniform-v2"
COUNTER_V1 = "sha256-ctr-v1"
RNG_ID = UNIFORM_V2  # what run, odds and simulate roll


def check_seed(seed: object) -> None:
    """docs/log-format.md: a seed is a non-negative integer or any string. A bool is not an
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


def _u32(j: int) -> bytes:
    return j.to_bytes(4, "big")


def short_sha256() -> Callable[[bytes], Any]:
    """SHA-256 for the dice's short messages: CPython's own implementation where it has one
    (`_sha2` from 3.12, `_sha256` before), else `hashlib.sha256`. The same digests (SHA-256
    is SHA-256; tests/engine/test_dice_uniform.py compares them); perf only: a stream block
    is one 64-byte compression, and OpenSSL's per-call set-up costs more than that, so the
    built-in one hashes a block in about a third of the time (docs/design-notes.md)."""
    for name in ("_sha2", "_sha256"):
        try:
            found: Callable[[bytes], Any] = importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
        return found
    return hashlib.sha256


_sha256 = short_sha256()
_BLOCKS = tuple(_u32(j) for j in range(16))
_BLOCK0 = _BLOCKS[0]


class DieStream(Protocol):
    """One named stream of dice, rolled in turn."""

    def die(self, n: int) -> int: ...


# --- sha256-uniform-v2 -------------------------------------------------------------------

_QUADS = struct.Struct(">4Q")
_WORD = struct.Struct(">Q")
_TOP = 1 << 64
_MASK = _TOP - 1
# The first 32 bits of each 64-bit word, and of one word. Perf only: a prefix that decides a
# face decides it for every longer prefix (decided_face), so the engine first tries U's
# first 32 bits, in small-integer arithmetic, and reads the whole word only in the rare case
# (probability below n / 2**32) they leave the face open; the faces are those of the
# definition (tests/engine/test_dice_uniform.py holds the shortcuts to the stream).
_HALVES = struct.Struct(">I4xI4xI4xI4x")
_HALF = struct.Struct(">I")
_SPAN = 1 << 32
_LOW = _SPAN - 1


def decided_face(u: int, bits: int, n: int) -> int | None:
    """floor(U * n) + 1 when U's first `bits` bits (the integer u) decide it, else None.

    Every U in [u, u + 1) / 2**bits gives the same face exactly when u * n and u * n + n lie
    in one multiple of 2**bits, i.e. (u * n mod 2**bits) + n <= 2**bits."""
    p = u * n
    if (p & ((1 << bits) - 1)) <= (1 << bits) - n:
        return (p >> bits) + 1
    return None


def face_of(words: Iterable[int], n: int, width: int = 64) -> int:
    """The face of a die of n faces read from U, whose bits are `words` of `width` bits each
    (the first word, then its extension): the first prefix that decides it."""
    u = bits = 0
    for w in words:
        u = (u << width) | w
        bits += width
        face = decided_face(u, bits, n)
        if face is not None:
            return face
    raise ValueError("the words ran out before they decided the face")


def _words(prefix: bytes) -> Iterator[int]:
    """Every word of the stream whose `utf8(seed) 0x00 utf8(name) 0x00` is `prefix`."""
    j = 0
    while True:
        yield from _QUADS.unpack(_sha256(prefix + _u32(j)).digest())
        j += 1


def _face64(prefix: bytes, k: int, w: int, n: int) -> int:
    """The face of U_k, whose first 64 bits are w, on a die of n faces (the full rule)."""
    p = w * n
    if (p & _MASK) <= _TOP - n:
        return (p >> 64) + 1
    return _extended(prefix, k, w, n)


def _extended(prefix: bytes, k: int, w: int, n: int) -> int:
    """The face of U_k (first word w) when w alone does not decide it: U_k's further bits
    come from the extension stream `name + "+k"` (`prefix` ends in the name's 0x00)."""

    def bits() -> Iterator[int]:
        yield w
        yield from _words(prefix[:-1] + b"+%d\x00" % k)

    return face_of(bits(), n)


class Stream:
    """One named stream of sha256-uniform-v2 dice: the k-th roll reads U_k. Cheap to make;
    hashes a block only when a word is needed."""

    __slots__ = ("_k", "_prefix", "_words")

    def __init__(self, seed: str, name: str, *, prefix: bytes | None = None) -> None:
        # `prefix` is `utf8(seed) 0x00 utf8(name) 0x00`, already encoded: the engine builds
        # the bytes of its stream names once per config, not once per roll (perf only).
        self._prefix = f"{seed}\x00{name}\x00".encode() if prefix is None else prefix
        self._k = 0
        self._words: tuple[int, ...] = ()

    def die(self, n: int) -> int:
        """One roll of a die with n faces: 1..n, exactly uniform."""
        k = self._k
        self._k = k + 1
        pos = k & 3
        if pos == 0:
            block = k >> 2
            suffix = _BLOCKS[block] if block < 16 else _u32(block)
            self._words = _QUADS.unpack(_sha256(self._prefix + suffix).digest())
        return _face64(self._prefix, k, self._words[pos], n)


class Dice:
    """The dice of one night (or journey), sha256-uniform-v2: a factory of named streams for
    one seed. `first`, `second` and `rolls` are the engine's one-hash shortcuts (the odds hot
    path); each gives the faces `stream_bytes(name)` would roll in turn."""

    __slots__ = ("_seed_prefix", "seed")
    rng: ClassVar[str] = UNIFORM_V2

    def __init__(self, seed: int | str) -> None:
        self.seed = seed_text(seed)
        self._seed_prefix = f"{self.seed}\x00".encode()

    def stream(self, name: str) -> DieStream:
        return self.stream_bytes(f"{name}\x00".encode())

    def stream_bytes(self, name: bytes) -> DieStream:
        """The stream whose name is `name` as `utf8(name) 0x00` (the same stream as
        `stream(name)`; saves encoding the name on every night)."""
        return Stream(self.seed, "", prefix=self._seed_prefix + name)

    def first(self, name: bytes, n: int) -> int:
        """U_0 of the stream `name` (`utf8(name) 0x00`) on a die of n faces."""
        p: int = _HALF.unpack_from(_sha256(self._seed_prefix + name + _BLOCK0).digest())[0] * n
        if (p & _LOW) <= _SPAN - n:
            return (p >> 32) + 1
        return self.stream_bytes(name).die(n)  # 32 bits leave it open: the whole rule

    def second(self, name: bytes, first: int, n: int) -> int:
        """U_1 of the stream `name` on a die of n faces (whatever the first die was)."""
        block = _sha256(self._seed_prefix + name + _BLOCK0).digest()
        p: int = _HALF.unpack_from(block, 8)[0] * n
        if (p & _LOW) <= _SPAN - n:
            return (p >> 32) + 1
        return _face64(self._seed_prefix + name, 1, _WORD.unpack_from(block, 8)[0], n)

    def rolls(self, name: bytes, *faces: int) -> list[int]:
        """U_0, U_1, ... of the stream `name`, each on its entry of `faces`."""
        if len(faces) <= 4:
            halves = _HALVES.unpack(_sha256(self._seed_prefix + name + _BLOCK0).digest())
            out = []
            # A loop by index, not a comprehension over a zip: on CPython 3.11 a `zip` called
            # with `strict=` (which ruff asks for) costs as much as the hash (perf only).
            for k, n in enumerate(faces):
                p = halves[k] * n
                if (p & _LOW) > _SPAN - n:
                    break
                out.append((p >> 32) + 1)
            else:
                return out
        s = self.stream_bytes(name)  # undecided by 32 bits (or more than a block): in turn
        return [s.die(n) for n in faces]


# --- sha256-ctr-v1 -----------------------------------------------------------------------

_WORDS32 = struct.Struct(">8I")


class CounterStream:
    """One named stream of sha256-ctr-v1 dice (rejection sampling on 32-bit words)."""

    __slots__ = ("_block", "_pos", "_prefix", "_words")

    def __init__(self, seed: str, name: str, *, prefix: bytes | None = None) -> None:
        self._prefix = f"{seed}\x00{name}\x00".encode() if prefix is None else prefix
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._pos = 8

    def die(self, n: int) -> int:
        """One roll of a die with n faces: 1..n, exactly uniform."""
        limit = _SPAN - _SPAN % n
        while True:
            pos = self._pos
            if pos == 8:
                block = self._block
                suffix = _BLOCKS[block] if block < 16 else _u32(block)
                self._words = _WORDS32.unpack(_sha256(self._prefix + suffix).digest())
                self._block = block + 1
                pos = 0
            w = self._words[pos]
            self._pos = pos + 1
            if w < limit:
                return w % n + 1


class CounterDice(Dice):
    """The dice of nightsim 0.1 and 0.2 (sha256-ctr-v1), kept so that their logs verify."""

    __slots__ = ()
    rng: ClassVar[str] = COUNTER_V1

    def stream_bytes(self, name: bytes) -> DieStream:
        return CounterStream(self.seed, "", prefix=self._seed_prefix + name)

    def first(self, name: bytes, n: int) -> int:
        w: int = _HALF.unpack_from(_sha256(self._seed_prefix + name + _BLOCK0).digest())[0]
        if w < _SPAN - _SPAN % n:
            return w % n + 1
        return self.stream_bytes(name).die(n)  # the first word was rejected: the full rule

    def second(self, name: bytes, first: int, n: int) -> int:
        """`rolls(name, first, n)[1]`: under rejection the second face depends on the
        first die's faces."""
        words = _WORDS32.unpack(_sha256(self._seed_prefix + name + _BLOCK0).digest())
        w0: int = words[0]
        w1: int = words[1]
        if w0 < _SPAN - _SPAN % first and w1 < _SPAN - _SPAN % n:
            return w1 % n + 1
        return self.rolls(name, first, n)[1]  # a word was rejected: the full rule

    def rolls(self, name: bytes, *faces: int) -> list[int]:
        if len(faces) <= 8:
            words = _WORDS32.unpack(_sha256(self._seed_prefix + name + _BLOCK0).digest())
            out = [w % n + 1 for w, n in zip(words, faces, strict=False) if w < _SPAN - _SPAN % n]
            if len(out) == len(faces):
                return out
        s = self.stream_bytes(name)  # a word was rejected (or more than a block): in turn
        return [s.die(n) for n in faces]


_GENERATORS: dict[str, type[Dice]] = {UNIFORM_V2: Dice, COUNTER_V1: CounterDice}
RNG_IDS: tuple[str, ...] = tuple(sorted(_GENERATORS))


def check_rng(rng: object) -> None:
    """An id of a generator this nightsim rolls, or UnknownDice (a ValueError) naming them."""
    if not isinstance(rng, str) or rng not in _GENERATORS:
        raise UnknownDice(rng, RNG_IDS)


def dice_for(seed: int | str, rng: str = RNG_ID) -> Dice:
    """The dice of `seed` from the generator `rng` (a header's `rng`)."""
    check_rng(rng)
    return _GENERATORS[rng](seed)
