"""A campaign night is a one-night log whose header names its place in the campaign: the
narration tells it as night N, not as the log's own night 1 (docs/campaign.md, "The chain"),
in both languages, on the terminal and on the page, live and replayed."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim import load_config
from nightsim.campaign.play import night_lines
from nightsim.cli import main
from nightsim.config import default_config_path
from nightsim.events import CampaignLink

TITLE = {"en": ("Night 7 ·", "Morning after night 7"), "uk": ("Ніч 7 ·", "Ранок після ночі 7")}


def _campaign_log(tmp_path: Path, night: int) -> Path:
    link = CampaignLink.model_construct(
        id="0" * 32,
        night=night,
        previous_head="1" * 64,
        adjustments=[],
        next_seed_sha256="2" * 64,
        seed="committed",
    )
    lines, _ = night_lines(load_config(default_config_path()), 5, link)
    path = tmp_path / f"n{night}.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("quiet", [False, True])
def test_replay_calls_a_campaign_night_by_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, quiet: bool
) -> None:
    log = _campaign_log(tmp_path, 7)
    assert main(["replay", str(log), "--lang", lang, *(["--quiet"] if quiet else [])]) == 0
    out = capsys.readouterr().out
    title, morning = TITLE[lang]
    assert morning in out and (quiet or title in out)
    assert "night 1 " not in out.lower() and "ночі 1 " not in out


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_page_calls_a_campaign_night_by_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    log = _campaign_log(tmp_path, 7)
    assert main(["replay", str(log), "--format", "html", "--lang", lang]) == 0
    page = capsys.readouterr().out
    title, morning = TITLE[lang]
    assert title in page and morning in page and 'id="night-7"' in page
    assert 'id="night-1"' not in page


def test_a_log_without_a_campaign_is_night_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, _ = night_lines(load_config(default_config_path()), 5, None)
    log = tmp_path / "plain.jsonl"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    assert main(["replay", str(log), "--quiet"]) == 0
    assert "Morning after night 1 " in capsys.readouterr().out
