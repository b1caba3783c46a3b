"""The party-size limit (docs/limits.md, "Limits"): a config, a `--set` or the API with more than
MAX_PARTY members is one line naming the limit, exit 2, before any member is validated; a
party at the limit plays."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

from nightsim import simulate
from nightsim.cli import main
from nightsim.config import ConfigError, config_from_data
from nightsim.limits import MAX_PARTY
from tests.helpers.nights import default_text


def party_of(n: int) -> dict[str, Any]:
    """The bundled default with a party of `n` (its four members again and again), each on
    the watch in turn."""
    raw = tomllib.loads(default_text())
    base = raw["party"]
    raw["party"] = [{**base[i % 4], "name": f"P{i}"} for i in range(n)]
    raw["evening"] = {"site": ["P0"], "firewood": ["P1"], "water": ["P2"], "cook": "P3"}
    raw["watch"] = {"rota": [f"P{i}" for i in range(n)]}
    return raw


def toml_of(raw: dict[str, Any]) -> str:
    """Just enough TOML for these configs (strings, numbers, booleans, lists of them)."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return str(v)

    out: list[str] = []
    for table in ("camp", "rules", "evening", "watch"):
        out.append(f"[{table}]")
        out += [f"{k} = {value(v)}" for k, v in raw[table].items()]
    for member in raw["party"]:
        out.append("[[party]]")
        out += [f"{k} = {value(v)}" for k, v in member.items()]
    return "\n".join(out) + "\n"


def test_a_party_at_the_limit_plays_in_time() -> None:
    config = config_from_data(party_of(MAX_PARTY))
    started = time.process_time()  # CPU time: another test worker cannot inflate it
    night = simulate(config, 1)
    # docs/limits.md: some 15 ms a night; a generous bound for a loaded machine.
    assert time.process_time() - started < 5
    assert len(night.summary.characters) == MAX_PARTY


def test_a_party_over_the_limit_is_refused_before_its_members() -> None:
    raw = party_of(MAX_PARTY + 1)
    raw["party"][3]["con"] = "not checked"  # the count comes first
    with pytest.raises(ConfigError) as exc:
        config_from_data(raw)
    assert str(exc.value) == (
        f"party: {MAX_PARTY + 1} members, more than {MAX_PARTY} (the limit for a party)"
    )
    started = time.process_time()
    with pytest.raises(ConfigError):
        config_from_data(party_of(14_000))
    assert time.process_time() - started < 2


@pytest.mark.parametrize("command", ["check", "run", "odds"])
def test_the_cli_refuses_a_party_over_the_limit(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.toml"
    path.write_text(toml_of(party_of(MAX_PARTY + 1)), encoding="utf-8")
    extra = ["--no-log", "--seed", "1"] if command == "run" else []
    assert main([command, str(path), *extra]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"nightsim: error: {path}: party: {MAX_PARTY + 1} members, more than {MAX_PARTY} (the"
        " limit for a party)\n"
    )
