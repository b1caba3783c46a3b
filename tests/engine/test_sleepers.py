"""`Sleepers` on its own: minutes slept and stretches of sleep (rules.md 5-6), no SimPy."""

from __future__ import annotations

from nightsim.engine.sleepers import ASLEEP, AWAKE, DOZING, WATCH, Sleepers


def test_a_stretch_counts_from_lying_down_to_waking() -> None:
    s = Sleepers(("A", "B"))
    s.sleep(0, 100)
    s.wake(0, 160)
    assert s.slept == [60, 0] and s.stretches == [1, 0] and s.state == [AWAKE, AWAKE]


def test_sleeping_again_is_a_second_stretch() -> None:
    s = Sleepers(("A",))
    s.sleep(0, 0)
    s.wake(0, 120, WATCH)  # a watch shift between two stretches: interrupted (rules.md 6)
    s.sleep(0, 240)
    s.wake(0, 480)
    assert s.slept == [360] and s.stretches == [2]


def test_woken_the_minute_they_lay_down_is_no_stretch() -> None:
    s = Sleepers(("A",))
    s.sleep(0, 120)
    s.wake(0, 120)  # a monster as the rest period begins
    s.sleep(0, 150)
    assert s.stretches == [1] and s.slept == [0]


def test_dozing_is_sleep_and_sleeping_on_is_the_same_stretch() -> None:
    s = Sleepers(("A",))
    s.sleep(0, 10, DOZING)
    s.sleep(0, 20)  # already asleep: the stretch goes on
    assert s.stretches == [1] and s.since == [10] and s.state == [ASLEEP]
    s.wake(0, 70)
    assert s.slept == [60]


def test_waking_someone_awake_changes_only_their_state() -> None:
    s = Sleepers(("A",))
    s.wake(0, 50, WATCH)
    assert s.state == [WATCH] and s.slept == [0] and s.stretches == [0]


def test_lie_down_leaves_the_first_watcher_up() -> None:
    s = Sleepers(("A", "B", "C"))
    s.lie_down(120, 1)
    assert s.state == [ASLEEP, AWAKE, ASLEEP] and s.since == [120, 0, 120]
    assert s.stretches == [1, 0, 1]
    assert s.split() == ([1], [0, 2])
    s.lie_down(130, None)  # an empty rota: everyone (the asleep ones again, here)
    assert s.state == [ASLEEP] * 3


def test_slept_by_closes_open_stretches_without_changing_anything() -> None:
    s = Sleepers(("A", "B"))
    s.sleep(0, 100)
    s.sleep(1, 100)
    s.wake(1, 300)
    assert s.slept_by(600) == (500, 200)
    assert s.slept == [0, 200] and s.state == [ASLEEP, AWAKE]  # nothing closed for real
