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


def _woken_then_watch(edition_3: bool, woken: int, began: int, lie_down: bool = False) -> bool:
    """Asleep from 0, woken by a monster at `woken`, on watch at 400 in a watch that `began`
    (lying down again in between if `lie_down`): whether the watch broke the sleep."""
    s = Sleepers(("A",), woken_before_watch=edition_3)
    s.sleep(0, 0)
    s.wake(0, woken)
    if lie_down:
        s.sleep(0, woken + 30)
    s.wake(0, 400, WATCH, began)
    return s.woken_for_watch[0]


def test_woken_by_anything_before_the_watch_and_up_until_it_is_broken_in_edition_3() -> None:
    # docs/rules.md §6.2: woken at 380 for a watch beginning at 400 (the camp settled at 400).
    assert _woken_then_watch(True, 380, 400)
    assert _woken_then_watch(True, 400, 400)  # woken the minute the watch was due
    assert not _woken_then_watch(False, 380, 400)  # edition 2 spared them
    # Lying down again and woken for the watch: broken in both (the first wake's doing).
    assert _woken_then_watch(False, 300, 400, lie_down=True)
    # Woken inside a watch already theirs (asleep on it, the chain broken) and resuming it.
    assert not _woken_then_watch(True, 380, 300)
