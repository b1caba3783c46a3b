"""The dice: determinism, independence, uniformity (both generators), and the counter dice of
nightsim 0.1-0.2 (sha256-ctr-v1): rejection and golden faces. sha256-uniform-v2's own rules are
tests/engine/test_dice_uniform.py."""

from __future__ import annotations

import hashlib
import struct

import pytest

from nightsim.engine import dice
from nightsim.engine.dice import (
    COUNTER_V1,
    RNG_ID,
    CounterDice,
    CounterStream,
    Dice,
    seed_sha256,
)


def reference_faces(seed: str, stream: str, n: int, count: int) -> list[int]:
    """The algorithm as engine/dice.py's docstring states it, written out independently."""
    out: list[int] = []
    block = 0
    words: list[int] = []
    limit = 2**32 - 2**32 % n
    while len(out) < count:
        if not words:
            data = f"{seed}\x00{stream}\x00".encode() + struct.pack(">I", block)
            words = list(struct.unpack(">8I", hashlib.sha256(data).digest()))
            block += 1
        w = words.pop(0)
        if w < limit:
            out.append(w % n + 1)
    return out


def test_golden_first_ten_d6() -> None:
    # Pinned: an accidental change of the algorithm (and so of every logged night) fails here.
    s = CounterDice("golden").stream("x")
    assert [s.die(6) for _ in range(10)] == [6, 2, 5, 4, 4, 6, 5, 5, 6, 3]


def test_golden_first_ten_d20() -> None:
    s = CounterDice("golden").stream("x")
    assert [s.die(20) for _ in range(10)] == [18, 18, 11, 14, 8, 12, 7, 19, 12, 5]


@pytest.mark.parametrize("n", [2, 3, 6, 10, 20, 480, 1000, 2**31 + 1])
def test_matches_the_documented_algorithm(n: int) -> None:
    s = CounterStream("golden", "x")
    assert [s.die(n) for _ in range(40)] == reference_faces("golden", "x", n, 40)


def test_rng_ids_are_stable() -> None:
    assert COUNTER_V1 == CounterDice.rng == "sha256-ctr-v1"
    assert RNG_ID == Dice.rng == "sha256-uniform-v2"


def test_seed_sha256_is_the_hash_of_the_seed_text() -> None:
    assert seed_sha256("golden") == hashlib.sha256(b"golden").hexdigest()
    assert seed_sha256(11) == seed_sha256("11") == hashlib.sha256(b"11").hexdigest()


def faces(
    seed: int | str, stream: str, n: int = 6, count: int = 50, dice: type[Dice] = Dice
) -> list[int]:
    s = dice(seed).stream(stream)
    return [s.die(n) for _ in range(count)]


def test_same_seed_and_stream_same_faces() -> None:
    assert faces("moon", "doze:1") == faces("moon", "doze:1")
    assert faces(42, "monster", 480) == faces(42, "monster", 480)


def test_int_seed_and_its_text_are_the_same_night() -> None:
    assert faces(11, "x") == faces("11", "x")
    assert Dice(11).seed == Dice("11").seed == "11"


def test_leading_zeros_are_a_different_seed() -> None:
    assert faces("007", "x") != faces(7, "x")


def test_streams_and_seeds_are_independent() -> None:
    base = faces("moon", "a")
    assert faces("moon", "b") != base
    assert faces("moon2", "a") != base
    # Drawing from one stream does not move another.
    d = Dice("moon")
    a, b = d.stream("a"), d.stream("b")
    for _ in range(100):
        b.die(6)
    assert [a.die(6) for _ in range(50)] == base


def test_stream_names_do_not_collide_by_concatenation() -> None:
    # The NUL separators keep ("ab", "c") and ("a", "bc") apart.
    assert faces("ab", "c") != faces("a", "bc")


def chi_square(counts: list[int]) -> float:
    n, k = sum(counts), len(counts)
    e = n / k
    return sum((c - e) ** 2 / e for c in counts)


# Upper 0.1% points of chi-square with k-1 degrees of freedom (fixed seeds, so not flaky).
CHI2_999 = {6: 20.52, 20: 43.82, 480: 584.0}


@pytest.mark.parametrize("dice", [Dice, CounterDice])
@pytest.mark.parametrize(("n", "rolls"), [(6, 12_000), (20, 20_000), (480, 96_000)])
def test_every_face_reachable_and_roughly_uniform(n: int, rolls: int, dice: type[Dice]) -> None:
    s = dice("uniformity").stream(f"d{n}")
    counts = [0] * n
    for _ in range(rolls):
        f = s.die(n)
        assert 1 <= f <= n
        counts[f - 1] += 1
    assert min(counts) > 0, "a face was never rolled"
    assert chi_square(counts) < CHI2_999[n], counts


def test_rejection_sampling_rejects_words_at_or_above_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # For a d6 the limit is 2**32 - 2**32 % 6 = 4294967292: words >= it must be skipped,
    # or faces 1..4 would be (very slightly) more likely than 5 and 6.
    limit = 2**32 - 2**32 % 6
    s = CounterStream("s", "x")
    # Load the stream's current block of eight words by hand.
    monkeypatch.setattr(s, "_words", (limit, 2**32 - 1, limit + 3, 4, limit - 1, 0, 0, 0))
    monkeypatch.setattr(s, "_pos", 0)
    assert s.die(6) == 4 % 6 + 1  # three words rejected
    assert s.die(6) == (limit - 1) % 6 + 1 == 6  # the largest word below the limit is kept
    assert s.die(6) == 1


def test_rejection_on_real_hash_words() -> None:
    # A die of 2**31 + 1 faces rejects almost half of all words: the stream must skip them
    # (the reference skips them too) and still land on 1..n.
    n = 2**31 + 1
    got = faces("reject", "x", n, 200, CounterDice)
    assert got == reference_faces("reject", "x", n, 200)
    assert all(1 <= f <= n for f in got)


@pytest.mark.parametrize("dice", [Dice, CounterDice])
def test_one_sided_die_always_one(dice: type[Dice]) -> None:
    assert set(faces("x", "y", 1, 20, dice)) == {1}


def test_no_global_random_in_dice_module() -> None:
    assert not hasattr(dice, "random")
