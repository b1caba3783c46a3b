"""The campaign's pure parts (docs/campaign.md): seeds and their commitments, the genesis
and adjustment hashes, the next night's config from the last morning, and which `--set`
items belong to an adjustment and which to tonight's camp. No files, no SQL."""

from __future__ import annotations

import copy
import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nightsim import rules
from nightsim.config import Config, config_from_data, once
from nightsim.config.overrides import apply_override
from nightsim.engine.dice import seed_sha256
from nightsim.engine.outcome import NightOutcome
from nightsim.errors import ConfigError, UnknownKey
from nightsim.limits import shown
from nightsim.log.writer import canonical_bytes, canonical_json
from nightsim.told import Said, said_of

# The camp keys that are the party's state, not tonight's camp: the date, the supplies.
STATE_CAMP_KEYS = ("month", "day", "season", "carried_firewood_hours", "ingredients")
# An adjustment may also give a joining member a chore or take a leaving one off the rota.
_ADJUST_TABLES = ("party", "evening", "watch")
LEAVE = "leave "  # an adjustment item `leave NAME`: the member leaves the party
# An adjustment item `void N {state}` (written by `campaign void` only): night N was played by
# mistake; the party's state is put back to what it was before night N (the JSON: `party`
# and the date and supplies, as night N's header started from).
VOID = "void "


def new_seed() -> str:
    """A seed of 128 random bits as 32 hex digits: its commitment cannot be brute-forced
    back to it before the night (a small integer's could, in a moment)."""
    return secrets.token_hex(16)


def new_id() -> str:
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    return seed_sha256(seed)


def sha256_of(data: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_bytes(data)).hexdigest()


def genesis_hash(campaign_id: str, name: str, config: dict[str, Any], first: str) -> str:
    """What night 1 links to: the campaign's id, name, first config and the commitment of
    night 1's seed, so none of them can be changed after the campaign began."""
    return sha256_of(
        {"campaign": campaign_id, "name": name, "config": config, "first_seed_sha256": first}
    )


@dataclass(frozen=True)
class Adjustment:
    """One ledger entry between nights: the `--set` items (and `leave NAME`) in order, and
    the referee's note. `after_night` 0 is before night 1."""

    number: int
    after_night: int
    items: tuple[str, ...]
    note: str

    @property
    def sha256(self) -> str:
        """The hash a night's header lists: over exactly these four fields (JCS)."""
        return sha256_of(
            {
                "number": self.number,
                "after_night": self.after_night,
                "items": list(self.items),
                "note": self.note,
            }
        )


def _key(item: str) -> str:
    return item.partition("=")[0].strip()


def is_state_key(key: str) -> bool:
    """A key that is the party's state (a member, the date, the supplies): changed only by
    an adjustment, never by tonight's `--set`."""
    parts = key.split(".")
    return parts[0] == "party" or (parts[0] == "camp" and parts[-1] in STATE_CAMP_KEYS)


def void_item(night: int, before: dict[str, Any]) -> str:
    """The item that voids `night`, restoring `before` (a night's config: its start)."""
    camp = before.get("camp", {})
    state = {
        "party": before.get("party"),
        "camp": {key: camp[key] for key in STATE_CAMP_KEYS if key in camp},
    }
    return f"{VOID}{night} {canonical_json(state)}"


def parse_void(item: str) -> tuple[int, dict[str, Any]] | None:
    """(the night voided, the state it restores) of a `void N {…}` item, or None."""
    import json

    if not item.startswith(VOID):
        return None
    number, _, state = item[len(VOID) :].partition(" ")
    try:
        data = json.loads(state)
        if number.isdigit() and isinstance(data, dict) and isinstance(data.get("camp"), dict):
            return int(number), data
    except ValueError:
        pass
    raise ConfigError(Said("campaign.void_entry", item=shown(item[:60], quote=False)))


def _restore(raw: dict[str, Any], item: str) -> None:
    voided = parse_void(item)
    assert voided is not None
    state = voided[1]
    raw["party"] = copy.deepcopy(state.get("party"))
    camp = raw.setdefault("camp", {})
    for key in STATE_CAMP_KEYS:
        camp.pop(key, None)
    camp.update(copy.deepcopy(state["camp"]))


def check_adjustment_item(item: str) -> None:
    if item.startswith(LEAVE):
        return
    if item.startswith(VOID):
        raise ConfigError(Said("campaign.void_by_command", item=shown(item[:40], quote=False)))
    key = _key(item)
    parts = key.split(".")
    if parts[0] in _ADJUST_TABLES or (
        parts[0] == "camp" and len(parts) == 2 and parts[1] in STATE_CAMP_KEYS
    ):
        return
    raise ConfigError(Said("campaign.adjust_what", item=shown(item, quote=False)))


def check_camp_item(item: str, names: Sequence[str] = ()) -> None:
    """Tonight's `--set` item, refused if it is the party's state; `names`: the party's,
    for a misspelt member's name to be named as `campaign adjust` names it."""
    key = _key(item)
    if is_state_key(key):
        item_ = shown(item, quote=False)
        raise ConfigError(Said("campaign.camp_state", item=item_, member=_not_member(key, names)))


def _not_member(key: str, names: Sequence[str]) -> str:
    """ "Wern is not in the party (did you mean 'Wren'?); " for `party.Wern.…`, else ""."""
    from nightsim.config.model import suggest

    parts = key.split(".")
    if parts[0] != "party" or len(parts) < 3 or not names:
        return ""
    if any(".".join(parts[1:j]) in names for j in range(2, len(parts))):
        return ""
    name = ".".join(parts[1:-1])
    return Said("campaign.not_in_party", name=shown(name, quote=False), hint=suggest(name, names))


def _leave(raw: dict[str, Any], name: str) -> None:
    """The member leaves: off the party, the evening's chores and the watch."""
    party = raw.get("party", [])
    if not any(m.get("name") == name for m in party):
        from nightsim.config.model import suggest

        names = [str(m.get("name")) for m in party]
        hint = suggest(name, names)
        raise ConfigError(
            Said("campaign.leave_who", name=shown(name), hint=hint, party=", ".join(names))
        )
    raw["party"] = [m for m in party if m.get("name") != name]
    evening = raw.get("evening", {})
    for job in ("site", "firewood", "water", "eaters"):
        if isinstance(evening.get(job), list):
            evening[job] = [n for n in evening[job] if n != name]
    for job in ("cook", "entertain"):
        if evening.get(job) == name:
            del evening[job]
    watch = raw.get("watch", {})
    if isinstance(watch.get("rota"), list):
        watch["rota"] = [n for n in watch["rota"] if n != name]
    if isinstance(watch.get("shifts"), list):
        watch["shifts"] = [s for s in watch["shifts"] if s.get("name") != name]


def _join(raw: dict[str, Any], item: str) -> str | None:
    """`party.NEW.field=…` for a name not in the party: a new member, filled in by the
    items that follow (a member's every required field must be given); its name."""
    parts = _key(item).split(".")
    if parts[0] != "party" or len(parts) < 3:
        return None
    names = {m.get("name") for m in raw.get("party", [])}
    for j in range(len(parts) - 1, 1, -1):
        if ".".join(parts[1:j]) in names:
            return None
    name = ".".join(parts[1:-1])
    raw.setdefault("party", []).append({"name": name})
    return name


def _required() -> tuple[str, ...]:
    from nightsim.config.model import Character

    return tuple(k for k, f in Character.model_fields.items() if f.is_required() and k != "name")


def _check_joined(raw: dict[str, Any], joined: dict[str, str], before: Sequence[str]) -> None:
    """A name not in the party that the items do not make a whole member is most likely a
    misspelt one: say so, with the nearest name, rather than a missing field of a stranger."""
    from nightsim.config.model import suggest

    required = _required()
    for member in raw.get("party", []):
        name = member.get("name")
        if name in joined and any(k not in member for k in required):
            said = Said(
                "campaign.new_member",
                item=shown(joined[name], quote=False),
                name=shown(name, quote=False),
                hint=suggest(name, before),
                required=", ".join(required),
            )
            raise ConfigError(said)


def copied(data: Any) -> Any:
    """`copy.deepcopy` of JSON data (a config's, read from a file or `canonical()`): its
    dicts, lists and tuples new, its scalars shared (immutable), anything else deep-copied.
    Several times faster, and `campaign verify` copies each night's config twice."""
    if isinstance(data, dict):
        return {k: copied(v) for k, v in data.items()}
    if isinstance(data, list):
        return [copied(v) for v in data]
    if isinstance(data, tuple):
        return tuple(copied(v) for v in data)
    if data is None or isinstance(data, str | int | float):
        return data
    return copy.deepcopy(data)


def _apply(raw: dict[str, Any], items: Sequence[str]) -> dict[str, Any]:
    # Nothing to apply (most nights): `raw` is only read, so it needs no copy.
    out: dict[str, Any] = copied(raw) if items else raw
    before = [str(m.get("name")) for m in raw.get("party", [])]
    joined: dict[str, str] = {}
    for item in items:
        if item.startswith(LEAVE):
            _leave(out, item[len(LEAVE) :])
            continue
        if item.startswith(VOID):
            _restore(out, item)
            continue
        name = _join(out, item)
        if name is not None:
            joined[name] = item
        apply_override(out, item)
        party = out.get("party", [])
        if not isinstance(party, list) or not all(isinstance(m, dict) for m in party):
            raise ConfigError(Said("campaign.party_fields", item=shown(item, quote=False)))
    _check_joined(out, joined, before)
    return out


def validated(raw: dict[str, Any], items: Sequence[str], what: str) -> dict[str, Any]:
    """`raw` with `items` applied, as a valid config's canonical data; ConfigError naming
    `what` (the adjustment, tonight's camp) and the field."""
    try:
        config = config_from_data(_apply(raw, items))
    except UnknownKey as exc:  # kept as such: a later release's key is not damage
        said = Said("config.at", where=what, problem=said_of(exc))
        raise UnknownKey(said, exc.key, exc.where) from None
    except ConfigError as exc:
        raise ConfigError(Said("config.at", where=what, problem=said_of(exc))) from None
    return config.canonical()


def state_after(config: dict[str, Any], outcome: NightOutcome) -> dict[str, Any]:
    """The next night's config before any adjustment: this night's config with the party's
    HP and exhaustion as dawn left them, the ingredients still packed, carried wood burnt
    with a lit fire, and the next day (what `Journey.advance` carries, as config keys)."""
    # Only the party's members and the camp are written below: those are copied, the rest
    # is read (validated into a new config) and shared.
    out: dict[str, Any] = dict(config)
    out["party"] = [dict(member) for member in config["party"]]
    out["camp"] = dict(config["camp"])
    by_name = {c.name: c for c in outcome.characters}
    for member in out["party"]:
        c = by_name[member["name"]]
        member["hp"], member["exhaustion"] = c.hp, c.exhaustion
    camp = out["camp"]
    camp["ingredients"] = outcome.ingredients
    if outcome.fire_lit:
        camp["carried_firewood_hours"] = 0
    if camp.get("month") is not None:
        camp["month"], camp["day"] = rules.next_day(camp["month"], camp.get("day") or 1)
    morning = config_from_data(out)
    state = morning.canonical()
    # The canonical data validates back to this config (`Config.canonical`): within one
    # `campaign verify` (config/once.py) the next night's start is not validated twice.
    once.keep(once.key("config", state), morning)
    return state


def state_part(config: dict[str, Any]) -> dict[str, Any]:
    """What `campaign verify` holds a night's config to: the party whole, the date and the
    supplies (tonight's camp is the referee's to set)."""
    camp = config.get("camp", {})
    return {
        "party": config.get("party"),
        **{key: camp.get(key) for key in STATE_CAMP_KEYS},
    }


def first_difference(got: dict[str, Any], expected: dict[str, Any]) -> str:
    """The first key where a night's party state differs from what it should be, dotted
    (`party.Wren.hp: 5, expected 3`)."""
    got_party = {m.get("name"): m for m in got.get("party") or []}
    exp_party = {m.get("name"): m for m in expected.get("party") or []}
    for name in sorted(set(got_party) | set(exp_party), key=str):
        a, b = got_party.get(name), exp_party.get(name)
        if a is None or b is None:
            return Said("cv.diff_missing" if a is None else "cv.diff_extra", name=name)
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return Said("cv.diff", field=f"party.{name}.{key}", got=a.get(key), want=b.get(key))
    if canonical_json(got) != canonical_json(expected):
        for key in STATE_CAMP_KEYS:
            if got.get(key) != expected.get(key):
                return Said(
                    "cv.diff", field=f"camp.{key}", got=got.get(key), want=expected.get(key)
                )
        return Said("cv.diff_order")
    return ""


def config_of(data: dict[str, Any]) -> Config:
    return config_from_data(data)


def name_refused(data: dict[str, Any], before: dict[str, Any]) -> str | None:
    """Why a member who joins in `data` (a valid config's data; `before`: the party before
    the adjustment) is refused: a blank or invisible name, or one alike but for case, or
    that looks like another member's (config/names.py)."""
    from nightsim.config.names import joining_problem

    names = {m.get("name") for m in before.get("party", []) if isinstance(m, dict)}
    return joining_problem(config_from_data(data), {n for n in names if isinstance(n, str)})
