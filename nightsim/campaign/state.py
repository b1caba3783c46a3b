"""What a campaign holds, as `Campaign` reads it: the party, a played night, the next
night's camp, the campaign now (docs/campaign.md): plain records, and the campaign now
read from the pending row (`read_state`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nightsim.campaign import chain, rows
from nightsim.campaign.compat import check_last_night, later_adjustment
from nightsim.config import Config
from nightsim.errors import ConfigError, UnknownKey
from nightsim.told import Said

__all__ = [
    "CampaignNight",
    "CampaignState",
    "NextCamp",
    "PartyMember",
    "members",
    "next_camp",
    "read_state",
]


@dataclass(frozen=True)
class PartyMember:
    name: str
    hp: int
    max_hp: int
    exhaustion: int


@dataclass(frozen=True)
class CampaignNight:
    """A played night as `show` lists it; `log` is its log's bytes (`campaign log`)."""

    number: int
    head: str
    seed: str
    referee: bool  # the referee chose the seed (--seed); else the committed one
    month: str | None
    day: int | None
    encounter: str | None  # the creature ("" when the config has no table), None: no monster
    rested: tuple[str, ...]  # who rested fully
    party: tuple[PartyMember, ...]  # at dawn
    log: bytes

    @property
    def lines(self) -> list[str]:
        return self.log.decode("utf-8").splitlines()


@dataclass(frozen=True)
class NextCamp:
    """The next night's camp as `campaign night` plays it: the settings `night --set` keeps
    from night to night (docs/campaign.md, "Tonight's camp and the party's state")."""

    terrain: str | None  # None: the hex's own encounter chance was given instead
    encounter_chance: int  # X-in-6, from the terrain or as given
    weather: str | None  # None: a firewood modifier as the referee rules
    firewood_modifier: int  # the weather's, or as given
    watch: tuple[tuple[str, float | None], ...]  # the rota (hours None) or the shifts, in order
    settings: tuple[tuple[str, Any], ...]  # every other camp or rules key set off its default


@dataclass(frozen=True)
class CampaignState:
    """The campaign now: what the next night starts from."""

    id: str
    name: str
    nights: int
    party: tuple[PartyMember, ...]
    month: str | None
    day: int | None
    season: str | None
    carried_firewood_hours: float
    ingredients: bool
    next_seed_sha256: str
    head: str  # the last night's head (the genesis hash before night 1)
    camp: NextCamp  # the next night's camp


def next_camp(config: Config) -> NextCamp:
    from nightsim.config.model import Camp, Rules

    shown_apart = {"terrain", "encounter_chance", "weather", "firewood_modifier"}
    settings: list[tuple[str, Any]] = []
    for table, model in (("camp", Camp), ("rules", Rules)):
        values = getattr(config, table)
        for key, info in model.model_fields.items():
            if key in shown_apart or key in chain.STATE_CAMP_KEYS:
                continue
            value = getattr(values, key)
            if value != info.default:
                settings.append((f"{table}.{key}", value))
    w = config.watch
    rota: tuple[tuple[str, float | None], ...] = tuple((n, None) for n in w.rota or ())
    watch = rota + tuple((s.name, s.hours) for s in w.shifts or ())
    camp = config.camp
    return NextCamp(
        camp.terrain, camp.chance, camp.weather, camp.wood_modifier, watch, tuple(settings)
    )


def members(config: dict[str, Any]) -> tuple[PartyMember, ...]:
    return tuple(
        PartyMember(m["name"], m["hp"], m["max_hp"], m.get("exhaustion", 0))
        for m in config["party"]
    )


def read_state(conn: Any, cid: str, name: str, genesis: str) -> CampaignState:
    """The campaign now, from the pending row and the last night (`Campaign.state`); the
    caller names the file's errors (ledger.errors)."""
    row = rows.one(conn, "SELECT commitment, state FROM pending", (), Said("cdmg.pending_row"))
    commitment = rows.text(row[0], "pending.commitment")
    config = _pending_config(row[1], conn)
    last = conn.execute("SELECT number, head FROM nights ORDER BY number DESC LIMIT 1").fetchone()
    nights = rows.integer(last[0], "nights.number", 1) if last else 0
    head = rows.text(last[1], f"night {nights}'s head") if last else genesis
    camp = config.camp
    return CampaignState(
        id=cid,
        name=name,
        nights=nights,
        party=tuple(PartyMember(m.name, m.hp, m.max_hp, m.exhaustion) for m in config.party),
        month=camp.month,
        day=camp.day or (1 if camp.month else None),
        season=camp.resolved_season,
        carried_firewood_hours=camp.carried_firewood_hours,
        ingredients=bool(camp.ingredients),
        next_seed_sha256=commitment,
        head=head,
        camp=next_camp(config),
    )


def _pending_config(state: Any, conn: Any) -> Config:
    """The next night's config as stored; PlayedElsewhere if the last night is a release's
    this nightsim does not play (its morning may hold keys this one does not know), else
    Damaged if it is not a valid config."""
    data = rows.json_of(state, "pending.state", dict)
    try:
        return chain.config_of(data)
    except ConfigError as exc:
        check_last_night(conn)
        if isinstance(exc, UnknownKey):
            (last,) = conn.execute("SELECT COALESCE(MAX(number), 0) FROM nights").fetchone()
            later_adjustment(conn, rows.integer(last, "nights.number", 0), exc)
        raise rows.Damaged(Said("cdmg.pending_config", problem=exc.args[0])) from None
