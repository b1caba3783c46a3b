"""Stream names no name can forge (docs/dice.md, edition 2): each (who, purpose) its own.

Edition 1 wrote names as they are, so a gatherer named `B:doze:1` and a watcher named
`firewood:B` read one stream; edition 2 writes a name with `:`, `%` or `+`, or one of the
world's words, percent-encoded (plan.stream_word), and every ordinary name as before.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from hypothesis import given, settings
from hypothesis import strategies as st

from nightsim.config import Config
from nightsim.editions import readings_for
from nightsim.engine.dice import COUNTER_V1, RNG_ID
from nightsim.engine.plan import WORLD_STREAMS, WORLD_WORDS, StreamNames, plan_for, stream_word
from tests.helpers.nights import events, make, person

# Who rolls a die and what for: (None, "monster") for the world's, (name, "rest") a person's.
Label = tuple[str | None, str]


def labelled(c: Config, edition: int, rng: str = RNG_ID, night: int = 1) -> dict[bytes, Label]:
    """Every stream a night of `c` reads, with the (who, purpose) it belongs to; a stream
    that two labels share fails the test here."""
    plan, _ = plan_for(c, rng, readings_for(edition))
    s = StreamNames(plan, night, rng)
    ev = c.evening
    pairs: list[tuple[bytes, Label]] = [(getattr(s, w), (None, w)) for w in WORLD_STREAMS]
    pairs += [(x, (g, "firewood")) for x, g in zip(s.firewood, plan.firewood, strict=True)]
    if ev.cook is not None:
        pairs.append((s.cook, (ev.cook, "cook")))
    if ev.entertain is not None:
        pairs.append((s.entertain, (ev.entertain, "entertain")))
    nth: dict[str, int] = {}
    for x, slot in zip(s.doze, plan.slots, strict=True):
        nth[slot.name] = nth.get(slot.name, 0) + 1
        pairs.append((x, (slot.name, f"doze:{nth[slot.name]}")))
    pairs += [(x, (n, "rest")) for x, n in zip(s.rest, plan.names, strict=True)]
    pairs += [(x, (n, "spells")) for x, n in zip(s.spells, plan.names, strict=True)]
    out: dict[bytes, Label] = {}
    for stream, label in pairs:
        assert out.setdefault(stream, label) == label, (stream, out[stream], label)
    return out


_V2 = re.compile(r"n(\d+):([^\x00]*)\x00")


def decode(stream: bytes) -> tuple[int, Label]:
    """An edition-2 stream name read back as (night, (who, purpose)), by the parse the
    docstring of plan.stream_word describes."""
    m = _V2.fullmatch(stream.decode())
    assert m is not None, stream
    rest = m[2]
    assert "+" not in rest  # a `+` would begin an extension stream's suffix
    if ":" not in rest:
        return int(m[1]), (None, rest)
    head, tail = rest.split(":", 1)
    if head == "firewood":
        return int(m[1]), (unquote(tail), "firewood")
    assert head not in WORLD_WORDS, rest
    assert tail in {"rest", "spells", "cook", "entertain"} or re.fullmatch(r"doze:\d+", tail)
    return int(m[1]), (unquote(head) if "%" in head else head, tail)


def party_of(names: list[str]) -> Config:
    """Everyone named: gatherers, watchers (the first twice, apart), the cook and the
    entertainer; a site keeper with a plain name."""
    rota = [*names, names[0]] if len(names) > 1 else names
    return make(
        [person("Keeper"), *(person(n) for n in names)],
        evening={"firewood": names, "cook": names[0], "entertain": names[-1]},
        watch={"rota": rota},
    )


# --- the repro: two names that read one stream in edition 1 -----------------------------------


def forgers() -> Config:
    """A gatherer `B:doze:1`, and `firewood:B` on the first watch with CON 5 (a d6 to doze,
    the gatherer's d6 too): in edition 1 both dice read one stream, so they always agree."""
    return make(
        [person("Keeper"), person("B:doze:1"), person("firewood:B", con=5)],
        evening={"firewood": ["B:doze:1"]},
        watch={"rota": ["firewood:B"]},
    )


def faces(c: Config, seed: int, edition: int) -> tuple[int, int]:
    """The gatherer's firewood face and the watcher's dozing face of one night."""
    from tests.helpers.nights import night

    evs, _ = night(c, seed, edition)
    wood = next(f for _, ty, f in evs if ty == "firewood.gathered")["rolls"][0]["faces"][0]
    doze = next(f for _, ty, f in evs if ty == "watch.began")["rolls"][0]["faces"][0]
    return wood, doze


def test_edition_1_lets_a_name_forge_another_stream() -> None:
    c = forgers()
    plan, _ = plan_for(c, readings=readings_for(1))
    s = StreamNames(plan, 1)
    assert s.firewood[0] == s.doze[0] == b"n1:firewood:B:doze:1\x00"
    assert sum(a == b for a, b in (faces(c, k, 1) for k in range(400))) == 400


def test_edition_2_gives_them_their_own_luck() -> None:
    """The 400 seeds of the repro: the two d6 agree as independent dice do, 1 in 6 (66.7 of
    400, sd 7.45; within 3.3 sd: 42..91)."""
    c = forgers()
    s = StreamNames(plan_for(c)[0], 1)
    assert s.firewood[0] == b"n1:firewood:B%3Adoze%3A1\x00"
    assert s.doze[0] == b"n1:firewood%3AB:doze:1\x00"
    agree = sum(a == b for a, b in (faces(c, k, 2) for k in range(400)))
    assert 42 <= agree <= 91, agree


def test_a_person_named_firewood_and_a_gatherer_named_rest() -> None:
    c = make(
        [person("Keeper"), person("firewood"), person("rest")],
        evening={"firewood": ["rest"]},
    )
    assert len(labelled(c, 2)) == len(labelled(c, 2).values())
    one = StreamNames(plan_for(c, readings=readings_for(1))[0], 1)
    assert one.firewood[0] == one.rest[1] == b"n1:firewood:rest\x00"
    two = StreamNames(plan_for(c)[0], 1)
    assert two.firewood[0] == b"n1:firewood:rest\x00" != two.rest[1] == b"n1:%66irewood:rest\x00"


def test_ordinary_names_keep_their_streams() -> None:
    """Edition 2 moves no ordinary name's dice: the same stream names as edition 1."""
    c = party_of(["Sir Aldric", "Wren", "\u0406\u0440\u0438\u043d\u0430", "O'Brien-Smith", "A.B"])
    assert labelled(c, 2) == labelled(c, 1)
    for name in ("Sir Aldric", "Wren", "\u0406\u0440\u0438\u043d\u0430", "x y", "Monster", "fire2"):
        assert stream_word(name) == name


def test_the_escapes() -> None:
    assert stream_word("a:b") == "a%3Ab"
    assert stream_word("50%") == "50%25"
    assert stream_word("a+0") == "a%2B0"
    assert stream_word("%3A") == "%253A"
    assert {stream_word(w) for w in WORLD_WORDS} == {
        "%6Donster",
        "%73urprise",
        "%64istance",
        "%63reature",
        "%66ire",
        "%66irewood",
    }


def test_the_older_dice_keep_their_names_in_every_edition() -> None:
    """sha256-ctr-v1 names a stream by its purpose first (`rest:{name}`): unambiguous as it
    is (a fixed word, then at most one name running to the end), so edition 2 keeps them."""
    c = forgers()
    one, two = labelled(c, 1, COUNTER_V1), labelled(c, 2, COUNTER_V1)
    assert one == two
    assert b"n1:rest:firewood:B\x00" in two and b"n1:firewood:B:doze:1\x00" in two


# --- any names ---------------------------------------------------------------------------------

_PIECES = st.sampled_from([":", "%", "+", "3A", "%3A", "doze", "rest", "1", "B", "й", " "])
_NAMES = st.one_of(
    st.sampled_from(sorted(WORLD_WORDS)),
    st.lists(_PIECES, min_size=1, max_size=5).map("".join),
).filter(lambda n: n.strip() == n and n != "Keeper")


@settings(max_examples=150, deadline=None)
@given(st.lists(_NAMES, min_size=1, max_size=4, unique=True), st.integers(1, 12))
def test_no_two_labels_share_a_stream_and_each_reads_back(names: list[str], night: int) -> None:
    """Any party: every (who, purpose) has its own stream (labelled asserts it), and each
    stream decodes to its own label (the parse is unambiguous)."""
    streams = labelled(party_of(names), 2, night=night)
    for stream, label in streams.items():
        assert decode(stream) == (night, label)


def test_names_that_forge_play_a_whole_night() -> None:
    assert events(forgers(), 7)
