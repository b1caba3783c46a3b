"""`campaign adjust` as a form: its rows into the items `Campaign.adjust` records. Pure.

docs/campaign.md, "campaign adjust": damage and healing (`party.NAME.hp=3`), a member who
joins (`party.NEW.…`, every field a member needs), a member who leaves (`leave NAME`), the
supplies, the date, the chores and the watch (any other `KEY=VALUE`), and a note. Items apply
in order, the leavers first, as `--leave` does on the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from nightsim.serve.camp_form import Rows, Scalar, row_indices, specs


@dataclass(frozen=True)
class MemberField:
    """A member's field a row may change (hp, exhaustion, …), from the config's model."""

    key: str
    kind: str
    required: bool


def member_fields() -> tuple[MemberField, ...]:
    """The fields of a party member (`Character`), as the config's schema gives them."""
    party = next(s for s in specs().fields if s.key == "party")
    assert isinstance(party, Rows)
    return tuple(
        MemberField(s.key, s.kind, s.required) for s in party.item.fields if isinstance(s, Scalar)
    )


def adjust_items(values: Mapping[str, str], leave: Sequence[str]) -> list[str]:
    """The form as `campaign adjust` items: `leave NAME` for each leaver, then each change
    row (`set.N.member` + `set.N.field` + `set.N.value`, or `set.N.key` + `set.N.value`),
    then the new member's fields (`join.name`, `join.FIELD`). Blank rows are skipped; the
    values are TOML as `--set` takes them (a bare word is text)."""
    items = [f"leave {name}" for name in leave if name]
    for i in row_indices(values, "set"):
        value = values.get(f"set.{i}.value", "").strip()
        member = values.get(f"set.{i}.member", "").strip()
        name = values.get(f"set.{i}.field", "").strip()
        key = f"party.{member}.{name}" if member and name else values.get(f"set.{i}.key", "")
        if key.strip() and value:
            items.append(f"{key.strip()}={value}")
    joiner = values.get("join.name", "").strip()
    if joiner:
        for f in member_fields():
            value = values.get(f"join.{f.key}", "").strip()
            if f.key != "name" and value:
                items.append(f"party.{joiner}.{f.key}={value}")
    return items
