"""Small readings a player trips on: who dozed and was woken in one hour, the Ukrainian
morning's difficulty column, the ranking line's agreement."""

from __future__ import annotations

from nightsim import narrate, simulate
from nightsim.config import default_config_path, load_config


def test_a_dozer_woken_in_the_hour_is_not_also_listed_awake() -> None:
    """Seed 18: Sir Aldric dozes on watch, and the monster wakes the camp at 02:42."""
    cfg = load_config(default_config_path())
    en = narrate(simulate(cfg, 18).events, "en", 100)
    assert "  dozing until woken: Sir Aldric; awake from 02:42: Sister Ysolde, Moss, Wren\n" in en
    uk = narrate(simulate(cfg, 18).events, "uk", 100)
    assert "сон на варті, доки не розбудили: Sir Aldric; не сплять з 02:42: Sister Ysolde" in uk
    for text in (en, uk):
        for line in text.splitlines():
            if "Sir Aldric;" in line and ("dozing" in line or "сон на варті" in line):
                assert line.count("Sir Aldric") == 1, line


def test_the_ukrainian_morning_names_the_difficulty() -> None:
    cfg = load_config(default_config_path())
    uk = narrate(simulate(cfg, 9).events, "uk", 40)
    assert "Складність: помірно" in uk and "Ніч: помірно" not in uk
