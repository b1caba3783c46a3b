"""`--view players`: only what the characters know, on the terminal and on the page; the
referee's view stays the default (nightsim/view.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nightsim import narrate, simulate
from nightsim.cli import main
from nightsim.config import default_config_path, load_config
from nightsim.engine.dice import seed_sha256
from nightsim.page import night_html
from nightsim.view import for_view

# What stays behind the screen, in either language: the check's die and minute, the chance,
# the creature table, the referee's rolls (dozing, distance, the monsters' surprise).
HIDDEN = (
    "1d480",
    "behind the screen",
    "за ширмою",
    "monsters 2-in-6",
    "шанс зустрічі",
    "table:",
    "таблиця:",
    "dozing 1d",
    "сон на варті 1d",
    "\u00d7 30",
    "2d6",
)


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("seed", [2, 4, 44, 137, 2211])
def test_the_players_view_tells_nothing_behind_the_screen(seed: int, lang: str) -> None:
    cfg = load_config(default_config_path())
    events = simulate(cfg, seed, nights=2).events
    referee = narrate(events, lang, 100)
    players = narrate(events, lang, 100, view="players")
    assert any(h in referee for h in HIDDEN)
    assert [h for h in HIDDEN if h in players] == []
    # What the characters know is all there: everyone's morning, the same.
    for text in (referee, players):
        assert all(c.name in text for c in cfg.party)
    tail = players[players.index("05:00") :]
    assert tail.count("\u2192") == referee[referee.index("05:00") :].count("\u2192")


def test_the_players_page_and_its_title(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "44", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    title = "Session 3: the Hag's <Addle>"
    argv = ["replay", str(log), "--format", "html", "--view", "players", "--title", title]
    assert main(argv) == 0
    page = capsys.readouterr().out
    assert [h for h in HIDDEN if h in page] == []
    assert "<h1>Session 3: the Hag&#39;s &lt;Addle&gt;</h1>" in page
    # The seed's commitment, never the seed: with it a player re-plays the night.
    assert '<p class="seed">nightsim · the players\u2019 view</p>' in page
    assert f"Seed committed: sha256 {seed_sha256(44)}" in page
    assert "seed 44" not in page
    assert main(["replay", str(log), "--format", "html"]) == 0
    assert "1d480" in capsys.readouterr().out  # the referee's page, by default


@pytest.mark.parametrize("bad", ["", "a\nb", "x" * 201])
def test_a_bad_title_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    assert main(["run", "--seed", "4", "--no-log", "--format", "html", "--title", bad]) == 2
    assert "--title" in capsys.readouterr().err


def test_an_unknown_view_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown view"):
        list(for_view([], "dm"))
    assert "1d480" not in night_html(
        for_view(simulate(load_config(default_config_path()), 44).events, "players")
    )


def test_a_players_stream_is_a_view_and_the_log_stays_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "n.jsonl"
    argv = ["run", "--seed", "pedlar-9", "--set", "camp.encounter_chance=6", "--view", "players"]
    assert main([*argv, "--format", "jsonl", "--log", str(log)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert all(x["view"] == "players" and "hash" not in x for x in lines)
    assert "seed" not in lines[0] and lines[0]["seed_sha256"] == seed_sha256("pedlar-9")
    assert "encounters" not in lines[0]["config"]
    assert "monster.checked" not in {x["type"] for x in lines}
    arrived = [x for x in lines if x["type"] == "monster.arrived"]
    assert arrived and all("table" not in x for x in arrived)
    # The log itself is the referee's, whole: the seed, the check, every hash.
    logged = [json.loads(x) for x in log.read_text("utf-8").splitlines()]
    assert logged[0]["seed"] == "pedlar-9" and all("view" not in x for x in logged)
    assert "monster.checked" in {x["type"] for x in logged}
    for fmt in ("cloudevents", "cloudevents-batch"):
        assert main(["replay", str(log), "--view", "players", "--format", fmt]) == 0
        events: list[dict[str, Any]] = []
        for x in capsys.readouterr().out.splitlines():
            data = json.loads(x)  # a batch is a night's array
            events.extend(data if isinstance(data, list) else [data])
        assert events and all(e["nightsimview"] == "players" for e in events)
        assert all("hash" not in e["data"] and e["data"]["view"] == "players" for e in events)
    assert main(["replay", str(log), "--format", "jsonl", "--view", "players"]) == 0
    assert [json.loads(x) for x in capsys.readouterr().out.splitlines()] == lines
