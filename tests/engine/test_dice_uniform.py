"""sha256-uniform-v2: the documented algorithm, its extension words, exact uniformity, and the
monotone mapping that keeps the same luck when a die changes (docs/dice.md)."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest

from nightsim.engine import dice
from nightsim.engine.dice import (
    COUNTER_V1,
    RNG_ID,
    RNG_IDS,
    UNIFORM_V2,
    CounterDice,
    Dice,
    decided_face,
    dice_for,
    face_of,
)
from nightsim.errors import UnknownDice

TOP = 2**64


def block_words(seed: str, stream: str, j: int) -> list[int]:
    data = f"{seed}\x00{stream}\x00".encode() + struct.pack(">I", j)
    return list(struct.unpack(">4Q", hashlib.sha256(data).digest()))


def words_of(seed: str, stream: str) -> Iterator[int]:
    j = 0
    while True:
        yield from block_words(seed, stream, j)
        j += 1


def reference_face(seed: str, stream: str, k: int, n: int) -> int:
    """The docstring's rule written out with fractions: U_k's bits, 64 at a time, until every
    U that starts with them has the same floor(U * n)."""
    first = block_words(seed, stream, k // 4)[k % 4]
    extension = words_of(seed, f"{stream}+{k}")
    u, bits, w = 0, 0, first
    while True:
        u, bits = u * TOP + w, bits + 64
        low, high = Fraction(u, 2**bits), Fraction(u + 1, 2**bits)
        face = int(low * n) + 1  # floor(low * n) + 1
        if high * n <= face:  # the whole interval [low, high) maps onto `face`
            return face
        w = next(extension)


FACES = [1, 2, 3, 6, 10, 20, 480, 1000, 2**31 + 1, 2**40 + 3, 2**63 + 1, 3 * 2**62 + 7]


@pytest.mark.parametrize("n", FACES)
def test_the_stream_matches_the_documented_algorithm(n: int) -> None:
    # 2**63 + 1 faces: the first word leaves the face open about half of the time, so the
    # extension streams are read on real hashes too.
    s = Dice("golden").stream("x")
    assert [s.die(n) for _ in range(24)] == [reference_face("golden", "x", k, n) for k in range(24)]


def test_big_dice_do_read_the_extension() -> None:
    n = 2**63 + 1
    undecided = [
        k
        for k in range(24)
        if decided_face(block_words("golden", "x", k // 4)[k % 4], 64, n) is None
    ]
    assert len(undecided) >= 4  # the test above did exercise the extension


def test_golden_faces() -> None:
    # Pinned: an accidental change of the algorithm (and so of every logged night) fails here.
    s = Dice("golden").stream("x")
    assert [s.die(6) for _ in range(10)] == [1, 2, 1, 5, 3, 6, 6, 5, 4, 6]
    s = Dice("golden").stream("x")
    assert [s.die(20) for _ in range(10)] == [3, 6, 1, 14, 8, 17, 18, 15, 14, 17]
    s = Dice(11).stream("n1:monster")
    assert [s.die(480) for _ in range(6)] == [49, 183, 195, 64, 377, 272]


@pytest.mark.parametrize(
    "faces",
    [(6,), (6, 6), (6, 20), (10, 480), (2**31 + 1,), (6, 2**63 + 1, 6), (2**63 + 1,) * 4, (6,) * 9],
)
def test_the_shortcuts_equal_the_stream(faces: tuple[int, ...]) -> None:
    for k in range(60):
        d, name = Dice(f"block/{k}"), f"n1:x{k}"
        s = d.stream(name)
        want = [s.die(n) for n in faces]
        raw = f"{name}\x00".encode()
        assert d.rolls(raw, *faces) == want
        assert d.first(raw, faces[0]) == want[0]
        if len(faces) >= 2:
            # U_1 whatever the first die: its faces do not matter.
            assert d.second(raw, faces[0], faces[1]) == want[1]
            assert d.second(raw, 20, faces[1]) == want[1]


# --- the extension, on words built to need it ---------------------------------------------

W6 = TOP // 6  # w * 6 = 2**64 - 4: U straddles 1/6, so a d6 needs a second word


def test_a_straddling_word_is_undecided_and_the_next_word_decides() -> None:
    assert decided_face(W6, 64, 6) is None
    assert decided_face(W6, 64, 5) is not None  # the same word decides a d5
    # 1/6 = (W6 * 2**64 + 2**65 / 3) / 2**128: the second word v = floor(2**65 / 3) still
    # straddles it, every v below gives a 1 and every v above a 2.
    edge = 2**65 // 3
    assert decided_face((W6 << 64) | edge, 128, 6) is None
    assert face_of([W6, edge - 1], 6) == 1
    assert face_of([W6, edge + 1], 6) == 2
    assert face_of([W6, 0], 6) == 1 and face_of([W6, TOP - 1], 6) == 2


def test_a_third_word_when_two_do_not_decide() -> None:
    # 128 bits just below 1/6: W * 6 = 2**128 - 4, undecided at 128 bits too.
    w128 = 2**128 // 6
    hi, lo = divmod(w128, TOP)
    assert decided_face(hi, 64, 6) is None and decided_face(w128, 128, 6) is None
    assert face_of([hi, lo, 0], 6) == 1 and face_of([hi, lo, TOP - 1], 6) == 2
    with pytest.raises(ValueError, match="ran out"):
        face_of([hi, lo], 6)


class FakeSha:
    """hashlib.sha256 for chosen inputs: the first word of a block is the given word (the
    rest zero); any other input is hashed for real."""

    def __init__(self, blocks: dict[bytes, list[int]]) -> None:
        self.blocks = blocks
        self.asked: list[bytes] = []

    def __call__(self, data: bytes) -> FakeSha.Digest:
        self.asked.append(data)
        if data in self.blocks:
            words = (self.blocks[data] + [0, 0, 0, 0])[:4]
            return FakeSha.Digest(struct.pack(">4Q", *words))
        return FakeSha.Digest(hashlib.sha256(data).digest())

    class Digest:
        def __init__(self, raw: bytes) -> None:
            self.raw = raw

        def digest(self) -> bytes:
            return self.raw


@pytest.mark.parametrize(("second_word", "face"), [(0, 1), (TOP - 1, 2)])
def test_every_shortcut_reads_the_extension_stream(
    monkeypatch: pytest.MonkeyPatch, second_word: int, face: int
) -> None:
    block0 = b"s\x00x\x00" + bytes(4)
    fake = FakeSha(
        {
            block0: [W6, W6, 7, 7],  # U_0 and U_1 both straddle 1/6 on a d6
            b"s\x00x+0\x00" + bytes(4): [second_word],  # U_0's bits 64..127
            b"s\x00x+1\x00" + bytes(4): [second_word],  # U_1's
        }
    )
    monkeypatch.setattr(dice, "_sha256", fake)
    d = Dice("s")
    assert d.first(b"x\x00", 6) == face
    assert d.second(b"x\x00", 6, 6) == face
    assert d.rolls(b"x\x00", 6, 6, 6) == [face, face, 1]
    s = d.stream("x")
    assert [s.die(6), s.die(6), s.die(6)] == [face, face, 1]
    assert b"s\x00x+0\x00" + bytes(4) in fake.asked
    assert b"s\x00x+1\x00" + bytes(4) in fake.asked


# --- exact uniformity, counted exhaustively on 8-bit words -------------------------------

Mapping = Callable[[int, int, int], int | None]  # (u, bits, n) -> face, or None: read on


def measures(mapping: Mapping, n: int, width: int = 8, depth: int = 4) -> list[Fraction]:
    """The probability of each face when U's bits come `width` at a time, every prefix
    followed to `depth` words (what is still open after that is left out)."""
    out = [Fraction(0)] * n
    open_ = [0]
    for d in range(1, depth + 1):
        bits = d * width
        still = []
        for u0 in open_:
            for w in range(2**width):
                u = (u0 << width) | w
                face = mapping(u, bits, n)
                if face is None:
                    still.append(u)
                else:
                    out[face - 1] += Fraction(1, 2**bits)
        open_ = still
    return out


def exact(measured: list[Fraction], width: int = 8, depth: int = 4) -> bool:
    """Every face within what is left open of 1/n: at most 1/n, and at most one open
    interval (on each side) short of it."""
    n = len(measured)
    slack = Fraction(2, 2 ** (width * depth))
    return all(Fraction(1, n) - slack <= m <= Fraction(1, n) for m in measured)


@pytest.mark.parametrize("n", [2, 3, 5, 6, 7, 10, 12, 20, 100, 255])
def test_every_face_has_exactly_its_measure(n: int) -> None:
    measured = measures(decided_face, n)
    assert exact(measured)
    open_after = 1 - sum(measured)
    assert open_after <= Fraction(n, 2**32)  # what is still open shrinks 2**8-fold a word


def test_the_faces_are_exactly_one_nth_once_decided() -> None:
    # One word of 8 bits: each face of a d6 gets 42/256 for sure, 4/256 is left open...
    one = measures(decided_face, 6, depth=1)
    assert one == [Fraction(42, 256)] * 6
    # ...and every further word gives each face its share of the open part, never more.
    for depth in (2, 3, 4, 5):
        m = measures(decided_face, 6, depth=depth)
        assert exact(m, depth=depth), depth


@pytest.mark.parametrize(
    "naive",
    [
        lambda u, bits, n: u % n + 1,  # modulo: faces 1..(2**bits % n) too likely
        lambda u, bits, n: (u * n >> bits) + 1,  # the mapping without the extension
    ],
    ids=["modulo", "multiply-shift"],
)
@pytest.mark.parametrize("n", [6, 10, 20])
def test_the_exactness_check_catches_biased_mappings(naive: Mapping, n: int) -> None:
    assert not exact(measures(naive, n))


# --- the monotone mapping: the same luck on another die ----------------------------------


def uniforms(count: int) -> list[int]:
    """Real first words of U (64 bits), sorted: U in increasing order."""
    s = words_of("monotone", "u")
    return sorted(next(s) for _ in range(count))


@pytest.mark.parametrize("n", [2, 6, 10, 20, 480])
def test_a_larger_u_never_gives_a_lower_face(n: int) -> None:
    faces = [face_of([w], n) for w in uniforms(4000)]
    assert faces == sorted(faces)
    assert set(faces) == set(range(1, n + 1))


def test_a_one_on_a_larger_die_is_a_one_on_every_smaller_die() -> None:
    # rules.doze_die: CON 15 rolls a d20, CON 14 a d10, a lower CON a d6 (a 1 dozes).
    ones: dict[int, set[int]] = {n: set() for n in (6, 10, 20)}
    s = words_of("ones", "u")
    for k in range(200_000):
        w = next(s)
        for n in ones:
            if face_of([w], n) == 1:
                ones[n].add(k)
    assert ones[20] <= ones[10] <= ones[6]
    assert len(ones[20]) > 0 and ones[20] != ones[10] != ones[6]


def test_a_better_chance_never_fails_where_a_worse_one_succeeds() -> None:
    # rules.md: an X-in-N chance succeeds on a face <= X, which is U < X / N: on the same U,
    # X + 1 in N succeeds whenever X in N does, and so does any X' in N' with X'/N' >= X/N
    # (2-in-6 implies 4-in-10 implies 9-in-20), and a check's face stays when the die does.
    chances = [(1, 6), (2, 6), (4, 10), (9, 20), (3, 6), (11, 20), (4, 6), (5, 6)]
    assert chances == sorted(chances, key=lambda c: Fraction(*c))
    seen = set()
    for w in uniforms(5000):
        wins = [face_of([w], n) <= x for x, n in chances]
        assert wins == sorted(wins)  # fails, then succeeds: never back
        seen.add(tuple(wins))
        assert face_of([w], 6) == face_of([w], 6)
    assert len(seen) == len(chances) + 1  # every cut between them happened


def test_the_face_on_n_and_on_m_keeps_the_order_of_u() -> None:
    # Floor(U n) / n <= U < (floor(U m) + 1) / m for any n, m: the faces' intervals overlap.
    for w in uniforms(2000):
        for n, m in ((6, 10), (10, 20), (6, 20), (20, 480)):
            fn, fm = face_of([w], n), face_of([w], m)
            assert Fraction(fn - 1, n) < Fraction(fm, m)
            assert Fraction(fm - 1, m) < Fraction(fn, n)


# --- the generator by id -------------------------------------------------------------------


def test_dice_for_gives_the_generator_its_id_names() -> None:
    assert RNG_ID == UNIFORM_V2
    assert set(RNG_IDS) == {UNIFORM_V2, COUNTER_V1}
    assert type(dice_for(1)) is Dice and dice_for(1).rng == UNIFORM_V2
    assert type(dice_for(1, COUNTER_V1)) is CounterDice
    assert dice_for("11", COUNTER_V1).seed == "11"


@pytest.mark.parametrize("rng", ["sha256-ctr-v3", "", 1, None])
def test_an_unknown_id_names_the_known_ones(rng: object) -> None:
    with pytest.raises(UnknownDice) as info:
        dice_for(1, rng)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert COUNTER_V1 in str(info.value) and UNIFORM_V2 in str(info.value)


def test_short_sha256_is_sha256() -> None:
    """The dice's SHA-256 (CPython's own where it has one, perf only) gives hashlib's digests,
    on every length around the 55/64-byte block boundaries and well past them."""
    fast = dice.short_sha256()
    for n in range(0, 300):
        data = bytes((i * 37 + n) % 256 for i in range(n))
        assert fast(data).digest() == hashlib.sha256(data).digest(), n
    assert dice._sha256 is fast or dice._sha256 is hashlib.sha256
