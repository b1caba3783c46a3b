"""The odds measures: one table that counting, the reports, CSV, text, the page and the
catalogues all read.

A measure is, per night, a count k out of a denominator n (`Measure.pair`): a yes/no of
the night (n = 1), a conditional yes/no (n = 1 on the nights of its condition, else 0), or
a share (spells lost of the spells meant, the party's full rests). Summed over nights, its
estimate is Σk / Σn with a Wilson interval (`odds.wilson`); paired over the same nights,
`paired.difference` reads the per-unit sums.

Three tables, each in the order every output shows them:
- `PARTY`: the party's night (`odds` reports, `--compare` rows);
- `CHARACTER`: each character's night, counted from its `CharacterOutcome`;
- `ROTA`: a whole rota's nights (`--rank-rotas`), the party's shares.

The words are the catalogues' (`narration/catalogue_en.py`, `catalogue_uk.py`), under
`Measure.label`; the JSON's keys and the CSV's columns are `Measure.key`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Generic, Literal, TypeVar

from nightsim.engine.outcome import CharacterOutcome, NightOutcome

T = TypeVar("T", NightOutcome, CharacterOutcome)
Level = Literal["party", "character", "rota"]
Kind = Literal["yes_no", "share"]


@dataclass(frozen=True, slots=True)
class Measure(Generic[T]):
    """One row of a table (see the module).

    `count`: a night's k; `of`: its n (None: 1, every night counts; a yes/no `of` names
    the nights it is given, and the text indents it under the measure that counts them).
    `kind`: "yes_no" when every night's n is 0 or 1, "share" when it may be more.
    `journeys_only`: the text and the page show it for journeys only (on a
    single night "exhausted at dawn" is the complement of a full rest). `casters_only`:
    reported for characters with spells. `by_night`: reported by night of the journey too.
    `ranked`: `--rank-rotas` orders by it (in table order); `against_best`: each rota is
    told against the best on it, paired.
    """

    key: str
    level: Level
    kind: Kind
    count: Callable[[T], int]
    of: Callable[[T], int] | None = None
    journeys_only: bool = False
    casters_only: bool = False
    by_night: bool = False
    ranked: bool = False
    against_best: bool = False

    @property
    def conditional(self) -> bool:
        """A yes/no over the nights of a condition (the text indents it)."""
        return self.kind == "yes_no" and self.of is not None

    def pair(self, x: T) -> tuple[int, int]:
        """The (k, n) of one night (a party's or rota's) or one character's night."""
        return self.count(x), 1 if self.of is None else self.of(x)

    @property
    def label(self) -> str:
        """The catalogue key of its words."""
        return f"measure.{self.level}.{self.key}"

    @property
    def columns(self) -> tuple[str, str, str]:
        """Its CSV columns: the estimate and its 95% bounds."""
        return (self.key, f"{self.key}_low", f"{self.key}_high")


def _encounter(out: NightOutcome) -> int:
    return out.encounter is not None


def _rota_broken(out: NightOutcome) -> int:
    return out.rota_broken_at is not None


def _nobody_awake(out: NightOutcome) -> int:
    e = out.encounter
    return e is not None and e.nobody_awake


def _someone_awake(out: NightOutcome) -> int:
    e = out.encounter
    return e is not None and not e.nobody_awake


def _exhausted(c: CharacterOutcome) -> int:
    return c.exhaustion > 0


def _spells_lost(c: CharacterOutcome) -> int:
    return len(c.spells_lost)


def _spells_meant(c: CharacterOutcome) -> int:
    # Per spell the caster meant to prepare: those lost and those prepared.
    return len(c.spells_lost) + len(c.spells_prepared)


def _party_full_rests(out: NightOutcome) -> int:
    return sum(1 for c in out.characters if c.full_rest)


def _party(out: NightOutcome) -> int:
    # Character-nights (an approximate interval: a party's nights are not independent).
    return len(out.characters)


def _spells_kept(out: NightOutcome) -> int:
    return sum(len(c.spells_prepared) for c in out.characters)


def _party_spells_meant(out: NightOutcome) -> int:
    return sum(len(c.spells_prepared) + len(c.spells_lost) for c in out.characters)


PARTY: tuple[Measure[NightOutcome], ...] = (
    Measure("encounter", "party", "yes_no", _encounter),
    Measure("rota_broken", "party", "yes_no", _rota_broken),
    Measure("fire_lasts", "party", "yes_no", attrgetter("fire_lasted")),
    # Over all nights: an encounter, and nobody awake when it came.
    Measure("nobody_awake", "party", "yes_no", _nobody_awake),
    # The same, among the nights with an encounter.
    Measure("nobody_awake_given_encounter", "party", "yes_no", _nobody_awake, _encounter),
)
CHARACTER: tuple[Measure[CharacterOutcome], ...] = (
    Measure("surprised", "character", "yes_no", attrgetter("surprised")),
    Measure("full_rest", "character", "yes_no", attrgetter("full_rest"), by_night=True),
    Measure("exhausted", "character", "yes_no", _exhausted, journeys_only=True, by_night=True),
    Measure("spell_lost", "character", "share", _spells_lost, _spells_meant, casters_only=True),
)
ROTA: tuple[Measure[NightOutcome], ...] = (
    Measure(
        "someone_awake_given_encounter",
        "rota",
        "yes_no",
        _someone_awake,
        _encounter,
        ranked=True,
        against_best=True,
    ),
    Measure(
        "full_rest", "rota", "share", _party_full_rests, _party, ranked=True, against_best=True
    ),
    Measure("spells_kept", "rota", "share", _spells_kept, _party_spells_meant, ranked=True),
    Measure("rota_broken", "rota", "yes_no", _rota_broken),
)
ALL: tuple[Measure[NightOutcome] | Measure[CharacterOutcome], ...] = (*PARTY, *CHARACTER, *ROTA)


def by_key(table: tuple[Measure[T], ...], key: str) -> Measure[T]:
    """The row of `table` named `key`."""
    for m in table:
        if m.key == key:
            return m
    raise KeyError(key)


def shown_characters(journeys: bool, casters: bool) -> tuple[Measure[CharacterOutcome], ...]:
    """The character measures the text and the page show: "exhausted" for journeys only,
    "spell_lost" when some character casts."""
    return tuple(
        m
        for m in CHARACTER
        if (journeys or not m.journeys_only) and (casters or not m.casters_only)
    )


# --- what comes -----------------------------------------------------------------------
# The fire's only effect on danger is which encounter table the monster is rolled on
# (docs/rules.md §4.4: the table the fire picks at the arrival minute), so "what comes" is
# told beside the measures: per night, the chance of an encounter rolled on each table
# (`TABLES`, keys `table_<code>`) and the chance of each creature of the config's tables
# coming (key `CREATURE`, one row per creature, named as the config and the narration name
# it). Each is a yes/no of the night (n = 1), counted in the encounter branch only: a
# night without an encounter adds nothing, so the tally stays cheap.

TABLES: tuple[str, ...] = ("night_fire", "night_no_fire")  # `codes.Table`, in its order
CREATURE = "creature"


def table_key(table: str) -> str:
    """The measure key of the share of nights on `table` (a `codes.Table` value)."""
    return f"table_{table}"


TABLE_KEYS: tuple[str, ...] = tuple(table_key(t) for t in TABLES)


def creatures_of(configs: Sequence[Any]) -> tuple[str, ...]:
    """The creatures of the configs' encounter tables, each once, in the order the configs
    give them (the first config's table by the fire, then without; then the next config's
    new ones): the rows of "what comes", the same in every process."""
    seen: dict[str, None] = {}
    for config in configs:
        for table in TABLES:
            for entry in getattr(config.encounters, table):
                seen.setdefault(entry.creature, None)
    return tuple(seen)


def row_of(key: str, who: str | None) -> dict[str, str | None]:
    """A paired row's names (`stats.tally.Layout.keys`): its measure, its character (None
    for the party's and for what comes) and its creature (None but for `creature`)."""
    if key == CREATURE:
        return {"measure": key, "character": None, "creature": who}
    return {"measure": key, "character": who, "creature": None}
