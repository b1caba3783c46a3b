"""A key added after 0.4.0 is left out of the canonical form at its default
(config/fingerprint.py; docs/log-format.md, "Editions"): a release that only adds keys writes
the same header `config` and the same fingerprint; no key 0.4.0 knows is affected."""

from __future__ import annotations

from typing import Any

from packaging.version import Version
from pydantic import BaseModel, ConfigDict, Field

from nightsim.config import default_config_path, load_config
from nightsim.config.explain import model_in
from nightsim.config.fingerprint import added_in, data_sha256, omit_added_defaults
from nightsim.config.model import Config


class _Member(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    hp: int = 5
    mood: str = Field("calm", json_schema_extra={"added": "0.5.0"})


class _Rules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rest_hours: int = 8
    doze_wakes: bool = Field(False, json_schema_extra={"added": "0.5.0"})


class _Later(BaseModel):
    """A later release's config, in small: an added key in a table and in a list member."""

    model_config = ConfigDict(extra="forbid")
    rules: _Rules = _Rules()
    party: list[_Member] = []


def test_an_added_key_at_its_default_is_left_out_at_any_depth() -> None:
    later = _Later(party=[_Member(name="Wren"), _Member(name="Moss", mood="grim")])
    data = later.model_dump(mode="json")
    assert omit_added_defaults(data, _Later) == {
        "rules": {"rest_hours": 8},
        "party": [{"name": "Wren", "hp": 5}, {"name": "Moss", "hp": 5, "mood": "grim"}],
    }
    # The same camp written by the release before (no such keys): the same fingerprint.
    before = {"rules": {"rest_hours": 8}, "party": [{"name": "Wren", "hp": 5}]}
    now = _Later(party=[_Member(name="Wren")]).model_dump(mode="json")
    assert data_sha256(omit_added_defaults(now, _Later)) == data_sha256(before)
    # Set off its default, the key is in: another camp, another fingerprint.
    set_ = _Later(rules=_Rules(doze_wakes=True)).model_dump(mode="json")
    assert omit_added_defaults(set_, _Later)["rules"] == {"rest_hours": 8, "doze_wakes": True}


def _fields(model: type[BaseModel], where: str = "") -> list[tuple[type[BaseModel], str, str]]:
    out = []
    for key, field in model.model_fields.items():
        out.append((model, key, f"{where}{key}"))
        inner = model_in(field.annotation)
        if inner is not None and inner is not model:
            out += _fields(inner, f"{where}{key}.")
    return out


def test_no_key_0_4_0_knows_is_marked_and_the_canonical_form_is_whole() -> None:
    """A mark on a key 0.4.0 already wrote would change the header of every night that has
    it; a mark names a release after 0.4.0 (CONTRIBUTING.md, "Adding a config key")."""
    for model, key, dotted in _fields(Config):
        added = added_in(model, key)
        assert added is None or Version(added) > Version("0.4.0"), dotted
    config = load_config(default_config_path())
    whole: dict[str, Any] = config.model_dump(mode="json", exclude_none=True)
    if not any(added_in(m, k) for m, k, _ in _fields(Config)):
        assert config.canonical() == whole  # nothing marked yet: every key written out
