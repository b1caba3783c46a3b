"""`campaign night --nights N`: run's journey table at the end, each encounter panel named by
its night, a limit on the nights of one transaction; a misspelt name in tonight's `--set`."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.limits import MAX_CAMPAIGN_NIGHTS


@pytest.mark.slow
def test_nights_end_with_the_journey_table_and_number_the_encounters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c]) == 0
    assert main(["campaign", "night", c, "--quiet"]) == 0
    capsys.readouterr()
    # Monsters on 6-in-6: every night meets one (the seeds are drawn, not chosen).
    sets = ["--set", "camp.encounter_chance=6"]
    assert main(["campaign", "night", c, "--quiet", "--nights", "4", *sets]) == 0
    out = capsys.readouterr().out
    assert "The journey: 4 nights" in out
    table = out[out.index("The journey: 4 nights") :]
    assert "Sir Aldric" in table and "Nights with an encounter:" in table
    from nightsim.campaign import Campaign

    with Campaign.open(c) as camp:
        met = [n.number for n in camp.nights() if n.encounter is not None and n.number > 1]
    assert met == [2, 3, 4, 5]
    # Each panel names its night by its number in the campaign; the table lists the same.
    for number in met:
        assert f"Night {number}: encounter at " in out
    assert out.count(": encounter at ") == len(met)
    assert "(2, 3, 4, 5)" in table


def test_one_night_has_no_journey_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c]) == 0
    assert main(["campaign", "night", c, "--quiet"]) == 0
    assert "The journey" not in capsys.readouterr().out


def test_the_nights_of_one_transaction_are_limited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c]) == 0
    capsys.readouterr()
    assert main(["campaign", "night", c, "--nights", str(MAX_CAMPAIGN_NIGHTS + 1)]) == 2
    err = capsys.readouterr().err
    assert f"--nights: expected 1..{MAX_CAMPAIGN_NIGHTS} (the limit" in err
    from nightsim.campaign import Campaign

    with Campaign.open(c) as camp, pytest.raises(ValueError, match="nights: expected"):
        camp.play_nights(MAX_CAMPAIGN_NIGHTS + 1)


@pytest.mark.parametrize("command", ["night", "check", "publish"])
def test_a_misspelt_name_in_tonights_set_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c]) == 0
    capsys.readouterr()
    assert main(["campaign", command, c, "--set", "party.Wern.hp=3"]) == 2
    err = capsys.readouterr().err
    assert "Wern is not in the party (did you mean 'Wren'?); " in err
    assert "campaign adjust" in err
    assert main(["campaign", command, c, "--set", "party.Wren.hp=3"]) == 2
    assert "not in the party" not in capsys.readouterr().err


@pytest.mark.slow
def test_nights_show_progress_on_a_terminal(tmp_path: Path) -> None:
    """stderr a real terminal (a pty): the progress bar counts the nights; piped: none."""
    import os
    import pty
    import subprocess

    from tests.helpers.processes import ENV, NIGHTSIM, TIMEOUT

    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c]) == 0
    leader, follower = pty.openpty()
    argv = [*NIGHTSIM, "campaign", "night", c, "--quiet", "--nights", "30"]
    done = subprocess.run(
        argv, env=ENV, stdout=subprocess.DEVNULL, stderr=follower, timeout=TIMEOUT
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert done.returncode == 0
    assert b"nights" in seen and b"/30" in seen
    piped = subprocess.run(argv, env=ENV, capture_output=True, timeout=TIMEOUT)
    assert piped.returncode == 0 and b"/30" not in piped.stderr
