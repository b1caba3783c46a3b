"""What if: the same night (or journey) with one thing changed, compared with the logged one.

Pure: two streams of a night's typed events (the logged night re-simulated, and the night
under the changed config, same seed) in, a frozen `Comparison` out; no file, no word of any
language. The CLI (`nightsim whatif`) verifies the log first, so the logged night *is* its
re-simulation; `resimulate` is the one place both nights are run, so the dice generator the
log's header names (`rng`) is plumbed through here alone.

The nights are walked side by side, one night of each at a time (a long journey streams):
- the first parting: the first event, in time order, that differs in substance: its type,
  time, actor and payload. The envelope (`v`, `seq`, `hash`) is left out: one extra event
  earlier shifts every later `seq` and every hash, which says nothing of what happened;
- the encounter in each night, as the narration's facts tell it (`EncounterFacts`);
- each character at dawn, from the night's `night.summary`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from nightsim import events as ev
from nightsim.narration.facts import EncounterFacts, encounter_facts

if TYPE_CHECKING:
    from nightsim.config import Config

# The envelope: where an event sits in its log, not what happened.
_ENVELOPE = frozenset({"v", "seq", "hash"})
# rest.began's `shifts` is the rota as configured, the change itself rather than a happening:
# a changed rota parts at the first watch.began (who takes up the watch), which says it
# in the night's own terms.
_PLANNED: dict[str, frozenset[str]] = {"rest.began": frozenset({"shifts"})}

# The per-character measures compared at dawn, in the order they are shown.
MEASURES = (
    "full_rest",
    "slept_minutes",
    "hp",
    "exhaustion",
    "surprised",
    "spells_prepared",
    "spells_lost",
)


def resimulate(
    config: Config, seed: int | str, nights: int, rng: str, edition: int = ev.FIRST_EDITION
) -> Iterator[ev.Event]:
    """The typed events of a night (or journey) under `config`, header first.

    `rng` and `edition` are the log header's dice generator and rules edition, which verify
    has already re-simulated the log with: the changed night rolls the same dice under the
    same rules. Under sha256-uniform-v2 each person keeps
    their own dice wherever the rota puts them (docs/dice.md); a log of
    the older sha256-ctr-v1 keeps a shift's dozing roll with the shift instead.
    """
    from nightsim.engine.journey import iter_events

    return iter_events(config, seed, nights, rng=rng, edition=edition)


def substance(e: ev.Event) -> dict[str, Any]:
    """What an event says happened: its type, time, actor and payload, without the envelope."""
    data: dict[str, Any] = ev.json_data(e)
    drop = _ENVELOPE | _PLANNED.get(e.type, frozenset())
    return {k: v for k, v in data.items() if k not in drop}


class Parting(NamedTuple):
    """The first event that differs: in the logged night and under the change (None: that
    night has no event there, it ended sooner)."""

    night: int
    t: int
    clock: str
    logged: ev.Event | None
    changed: ev.Event | None


class CharacterRow(NamedTuple):
    name: str
    logged: ev.CharacterSummary | None
    changed: ev.CharacterSummary | None
    differs: tuple[str, ...]  # the MEASURES that differ, in their order


class NightComparison(NamedTuple):
    night: int
    parting: Parting | None  # None: the two nights are the same, event for event
    logged: EncounterFacts | None  # the encounter, None: no monster came
    changed: EncounterFacts | None
    characters: tuple[CharacterRow, ...]

    @property
    def differs(self) -> bool:
        return self.parting is not None

    def full_rests(self, side: str) -> int:
        return sum(1 for r in self.characters if (s := getattr(r, side)) and s.full_rest)


# A config's `party.forms`, frozen: (name, ((case, form), ...)), ...
NameForms = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]


class Comparison(NamedTuple):
    seed: int | str
    head: str | None  # the verified log's chain head
    nights: int
    sets: tuple[str, ...]  # the --set items, as given
    parting: Parting | None  # the first over the whole journey
    by_night: tuple[NightComparison, ...]  # every night (a journey's summary reads these)
    night: int | None  # the night told in detail: --night K, or 1 for a one-night log
    pronouns: tuple[tuple[str, str], ...] = ()  # name -> he/she/they, from the log's config
    forms: NameForms = ()  # name -> (case, form)..., the log's config's `party.forms`

    @property
    def detail(self) -> NightComparison | None:
        return None if self.night is None else self.by_night[self.night - 1]


def _nights(events: Iterable[ev.Event]) -> Iterator[list[ev.Event]]:
    """One night's events at a time (the header skipped), each ending with its summary."""
    night: list[ev.Event] = []
    for e in events:
        if isinstance(e, ev.NightHeader):
            continue
        night.append(e)
        if isinstance(e, ev.NightSummary):
            yield night
            night = []
    if night:
        yield night


def first_parting(logged: Sequence[ev.Event], changed: Sequence[ev.Event]) -> Parting | None:
    """The first event in time order where the two nights differ in substance."""
    for i in range(max(len(logged), len(changed))):
        a = logged[i] if i < len(logged) else None
        b = changed[i] if i < len(changed) else None
        if a is not None and b is not None and substance(a) == substance(b):
            continue
        # The parting is when the first of the two happened; each side keeps its own clock.
        first = min((e for e in (a, b) if e is not None), key=lambda e: e.t)
        return Parting(first.night, first.t, first.clock, a, b)
    return None


def _encounter(night: Sequence[ev.Event]) -> EncounterFacts | None:
    arrived = next((e for e in night if isinstance(e, ev.MonsterArrived)), None)
    if arrived is None:
        return None
    check = next((e for e in night if isinstance(e, ev.MonsterChecked)), None)
    return encounter_facts(arrived, check)


def _characters(night: Sequence[ev.Event]) -> dict[str, ev.CharacterSummary]:
    summary = next((e for e in night if isinstance(e, ev.NightSummary)), None)
    return {c.name: c for c in summary.characters} if summary else {}


def _rows(logged: Sequence[ev.Event], changed: Sequence[ev.Event]) -> tuple[CharacterRow, ...]:
    a, b = _characters(logged), _characters(changed)
    names = list(a) + [n for n in b if n not in a]  # party order; a renamed member after
    rows = []
    for name in names:
        x, y = a.get(name), b.get(name)
        differs = tuple(
            m for m in MEASURES if x is None or y is None or getattr(x, m) != getattr(y, m)
        )
        rows.append(CharacterRow(name, x, y, differs))
    return tuple(rows)


def compare_night(
    number: int, logged: Sequence[ev.Event], changed: Sequence[ev.Event]
) -> NightComparison:
    return NightComparison(
        night=number,
        parting=first_parting(logged, changed),
        logged=_encounter(logged),
        changed=_encounter(changed),
        characters=_rows(logged, changed),
    )


def side_by_side(
    logged: Iterable[ev.Event],
    changed: Iterable[ev.Event],
    *,
    seed: int | str,
    head: str | None,
    sets: Sequence[str],
    night: int | None = None,
    pronouns: tuple[tuple[str, str], ...] = (),
    forms: NameForms = (),
) -> Comparison:
    """The two nights (or journeys) compared, night by night; `night`: the one told in
    detail (default: night 1 of a one-night log, none of a journey)."""
    by_night: list[NightComparison] = []
    parting: Parting | None = None
    pairs = zip(_nights(logged), _nights(changed), strict=True)
    for k, (a, b) in enumerate(pairs, start=1):
        c = compare_night(k, a, b)
        parting = parting or c.parting
        by_night.append(c)
    if night is None and len(by_night) == 1:
        night = 1
    return Comparison(
        seed, head, len(by_night), tuple(sets), parting, tuple(by_night), night, pronouns, forms
    )


# --- `--format json`: a documented shape, its keys in a fixed order (docs/disputes.md) ------


def _event_json(e: ev.Event | None) -> dict[str, Any] | None:
    return None if e is None else substance(e)


def _parting_json(p: Parting | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "night": p.night,
        "t": p.t,
        "clock": p.clock,
        "logged": _event_json(p.logged),
        "changed": _event_json(p.changed),
    }


def _encounter_json(e: EncounterFacts | None) -> dict[str, Any] | None:
    if e is None:
        return None
    return {
        "clock": e.clock,
        "creature": e.creature,
        "table": str(e.table),
        "watch_of": e.watch_of,
        "watcher_awake": e.watcher_awake,
        "awake": list(e.awake),
        "surprised": list(e.surprised),
        "party_surprised": e.party_surprised,
        "monster_surprised": e.monster_surprised,
        "distance_ft": e.distance_ft,
    }


def _character_json(c: ev.CharacterSummary | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {m: (list(v) if isinstance(v := getattr(c, m), list | tuple) else v) for m in MEASURES}


def _night_json(n: NightComparison) -> dict[str, Any]:
    return {
        "night": n.night,
        "differs": n.differs,
        "first_difference": _parting_json(n.parting),
        "encounter": {"logged": _encounter_json(n.logged), "changed": _encounter_json(n.changed)},
        "full_rests": {"logged": n.full_rests("logged"), "changed": n.full_rests("changed")},
        "characters": [
            {
                "name": r.name,
                "logged": _character_json(r.logged),
                "changed": _character_json(r.changed),
                "differs": list(r.differs),
            }
            for r in n.characters
        ],
    }


JSON_VERSION = 1


def to_json(c: Comparison) -> dict[str, Any]:
    """The comparison as plain data; `nights` holds every night, `night` the one asked for
    (`--night K`, or night 1 of a one-night log; null for a journey without --night)."""
    return {
        "whatif": JSON_VERSION,
        "seed": c.seed,
        "head": c.head,
        "set": list(c.sets),
        "nights_in_log": c.nights,
        "differs": c.parting is not None,
        "first_difference": _parting_json(c.parting),
        "night": c.night,
        "nights": [_night_json(n) for n in c.by_night],
    }


def from_header(
    header: dict[str, Any],
    sets: Sequence[str],
    *,
    head: str | None,
    night: int | None = None,
    view: str = "referee",
) -> Comparison:
    """The night a verified log's `header` holds, and the same night with the `--set` items
    `sets`, compared: what `nightsim whatif` and the server's console both tell, in `view`
    (the players': both nights as the characters know them, and no seed; nightsim/view.py).
    Raises ConfigError blaming the item that the config refuses."""
    from nightsim.config import config_from_data, header_config, with_overrides
    from nightsim.view import REFEREE, for_view

    raw = header_config(header["config"])[0]
    changed = with_overrides(raw, list(sets), source="the log's config")
    seed, nights, rng = header["seed"], header["nights"], header["rng"]
    edition = header.get("edition", ev.FIRST_EDITION)
    party = raw.get("party", [])
    return side_by_side(
        for_view(resimulate(config_from_data(raw), seed, nights, rng, edition), view),
        for_view(resimulate(changed, seed, nights, rng, edition), view),
        seed=seed if view == REFEREE else "",
        head=head,
        sets=list(sets),
        night=night,
        pronouns=tuple((c["name"], c["pronouns"]) for c in party if c.get("pronouns")),
        forms=tuple(
            (c["name"], tuple(sorted(c["forms"].items()))) for c in party if c.get("forms")
        ),
    )
