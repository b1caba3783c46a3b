"""Lists kept in one place: what is claimed to have a single source has only one."""

from __future__ import annotations

import subprocess
from pathlib import Path

from nightsim.config import default_config_path

ROOT = Path(__file__).resolve().parents[2]


def _tracked() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout
    if out:
        return out.splitlines()
    # Not a git checkout (an unpacked sdist): every file under the root.
    return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file()]


def test_one_default_config() -> None:
    # The packaged default is the only one: `nightsim run` with no CONFIG reads it, and it
    # must work after a plain install.
    assert default_config_path() == ROOT / "nightsim" / "data" / "default.toml"
    assert default_config_path().is_file()
    text = default_config_path().read_bytes()
    copies = [
        p
        for p in _tracked()
        if p.endswith(".toml")
        and not p.startswith((".venv", "tests/"))
        and (ROOT / p).is_file()
        and (ROOT / p).read_bytes() == text
    ]
    assert copies == ["nightsim/data/default.toml"]
    assert not (ROOT / "configs" / "default.toml").exists()


def test_no_document_names_a_second_default() -> None:
    for p in _tracked():
        if p.endswith((".md", ".py", ".toml")) or p == ".ci/run":
            path = ROOT / p
            if path.is_file() and path.name != Path(__file__).name:
                assert "configs/default.toml" not in path.read_text(encoding="utf-8"), p


def test_sleep_states_are_derived_once_and_drawn_twice() -> None:
    # `sleep.track` derives who slept when; the terminal strip and the page's timeline only
    # draw it: neither reads the events for states.
    from nightsim.config import load_config
    from nightsim.engine.journey import simulate
    from nightsim.narration import facts
    from nightsim.narration.catalogue import Catalogue
    from nightsim.page import timeline

    for name in ("narration/strip.py", "page/timeline.py"):
        text = (ROOT / "nightsim" / name).read_text(encoding="utf-8")
        assert "from nightsim import events" not in text, name
    config = load_config(default_config_path(), ["camp.encounter_chance=6"])
    names = [c.name for c in config.party]
    for seed in range(1, 6):
        events = simulate(config, seed).events
        night = facts.night_facts(events, names, {})
        assert night.track is not None
        chart = timeline.chart(night, Catalogue("en"))
        assert chart is not None
        for (name, states), row in zip(night.track.rows, chart.rows, strict=True):
            assert row.name == name
            runs = [s for i, s in enumerate(states) if i == 0 or states[i - 1] != s]
            assert [b.state for b in row.bars] == runs
