"""`hour.passed` tells the hour just passed, not the state at its strike
(docs/log-format.md, `hour.passed`).

The issue's own example (seed 9 of the default config with the dice of nightsim 0.2; the same
story is seed 2211 with sha256-uniform-v2, test_narration.STORY): Sir Aldric watched
21:00-21:50 and dozed off; Sister Ysolde's shift was missed at 01:00 and resumed only at
01:39, after the encounter. The properties over generated configs live in
test_properties.py (`Hours`, `HourOracle`).
"""

from __future__ import annotations

import pytest

from nightsim import simulate
from nightsim.engine._simpy import Driven, LeanEnvironment
from nightsim.engine.dice import Dice
from nightsim.engine.fire import Fire
from nightsim.engine.hours import HourStrikes, TracedSleepers
from nightsim.engine.recorder import EventLog
from nightsim.engine.sim import NightSim
from nightsim.engine.sleepers import Sleepers
from nightsim.events import HourPassed
from nightsim.narration.catalogue import Catalogue
from tests.helpers.narration import STORY, render
from tests.helpers.nights import cfg

NB = "\u00a0"  # a no-break space, as the Ukrainian catalogue joins a number to its noun


def hours_of(seed: int | str) -> list[HourPassed]:
    return [e for e in simulate(cfg(), seed).events if isinstance(e, HourPassed)]


def spans(h: HourPassed) -> list[tuple[str, str, str]]:
    return [(w.actor, w.from_, w.to) for w in h.watch]


def test_the_story_each_hour_as_it_was_watched() -> None:
    hours = hours_of(STORY)
    assert [(spans(h), h.unwatched_minutes) for h in hours] == [
        ([("Sir Aldric", "21:00", "21:50")], 10),  # dozed off at 21:50
        ([], 60),
        ([], 60),
        ([], 60),
        ([("Sister Ysolde", "01:39", "02:00")], 39),  # missed at 01:00, resumed at 01:39
        ([("Sister Ysolde", "02:00", "03:00")], 0),
        ([("Moss", "03:00", "04:00")], 0),
        ([("Moss", "04:00", "05:00")], 0),
    ]


def test_the_story_who_was_awake_slept_and_dozed() -> None:
    first, *_, fifth, sixth, _, _ = hours_of(STORY)
    assert first.awake == ["Sir Aldric"] and first.dozed == ["Sir Aldric"]
    assert first.slept_through == ["Sister Ysolde", "Moss", "Wren"]
    assert first.fire_minutes == 60  # the fire dies at 22:00, after the strike
    # The encounter at 01:09 woke everyone; Sir Aldric dozed until then.
    assert fifth.awake == ["Sir Aldric", "Sister Ysolde", "Moss", "Wren"]
    assert fifth.slept_through == [] and fifth.dozed == ["Sir Aldric"]
    assert sixth.awake == ["Sister Ysolde"] and sixth.dozed == []
    assert [h.fire_minutes for h in hours_of(STORY)] == [60] + [0] * 7


@pytest.mark.parametrize(
    ("lang", "first", "fifth"),
    [
        (
            "en",
            "21:00\u201322:00 hour 1  on watch: Sir Aldric until 21:50, then nobody · fire burning",
            "01:00\u201302:00 hour 5  on watch: nobody until 01:39, then Sister Ysolde · no fire",
        ),
        (
            "uk",
            "21:00\u201322:00 година 1  на варті: Sir Aldric до 21:50, потім ніхто"
            " · багаття горить",
            "01:00\u201302:00 година 5  на варті: ніхто до 01:39, потім Sister Ysolde"
            " · багаття немає",
        ),
    ],
)
def test_the_story_hour_headings_tell_the_spans(lang: str, first: str, fifth: str) -> None:
    lines = render(simulate(cfg(), STORY).events, lang, 100).splitlines()
    assert first in lines and fifth in lines
    dozed = "dozing: Sir Aldric" if lang == "en" else "сон на варті: Sir Aldric"
    assert lines[lines.index(first) + 1].startswith("  " + dozed + ";")


def test_a_fire_dying_within_the_hour_is_told_in_minutes() -> None:
    # 1.35 hours of carried wood besides what is gathered: the fire dies past an hour.
    night = simulate(cfg("camp.carried_firewood_hours=1.35"), 3)
    (part,) = [h for h in night.events if isinstance(h, HourPassed) and 0 < h.fire_minutes < 60]
    assert part.fire_minutes == 21
    assert "fire for 21 minutes" in render(night.events, "en", 100)
    assert f"багаття горить 21{NB}хвилину" in render(night.events, "uk", 100)  # CLDR "one"
    uk = Catalogue("uk")
    assert [uk("hour.fire_for", minutes=n) for n in (2, 5, 11)] == [
        f"багаття горить 2{NB}хвилини",
        f"багаття горить 5{NB}хвилин",
        f"багаття горить 11{NB}хвилин",
    ]


def test_odds_runs_no_trail() -> None:
    # The strikes and their trail are the recorded night's: `odds` pays nothing for them.
    assert type(NightSim(cfg(), Dice(1), record=False).sleepers) is Sleepers
    assert type(NightSim(cfg(), Dice(1)).sleepers) is TracedSleepers


def test_the_strikes_follow_the_rest_end_as_the_night_moves_it() -> None:
    # A rest period that runs on (the `sleep_in` house rule) ends with a shorter last hour.
    env, rec = LeanEnvironment(), EventLog(camp_minute=21 * 60)
    rec.timed(env, 0, 1)
    sleepers, end = TracedSleepers(("A", "B")), [120]
    sleepers.lie_down(0, None)
    HourStrikes(env, rec, lambda: end[0], (sleepers, Fire(env, rec))).start()

    def run_on() -> None:
        end[0] = 150

    Driven.call_in(env, 90, run_on)
    Driven.run_until(env, 200)
    hours = [e for e in rec.drain() if isinstance(e, HourPassed)]
    assert [(h.t, h.hour, h.unwatched_minutes) for h in hours] == [
        (60, 1, 60),
        (120, 2, 60),
        (150, 3, 30),
    ]
    assert all(h.slept_through == ["A", "B"] for h in hours)
