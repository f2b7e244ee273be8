"""A button's presses and releases made into gestures (nelly_gestures), on a manual clock:
patterns of quick presses, a long press counted while the button is still down, a button
held for ever that says it once and jams nothing; and the debouncer's releases."""

from __future__ import annotations

from tableref.device.bells.debounce import Debouncer
from tableref.device.clock import ManualClock
from tableref.device.daemon.nelly_gestures import Gestures

MS = 1_000_000


def _gestures() -> tuple[ManualClock, Gestures, list[tuple[int, int, bool]]]:
    clock = ManualClock()
    done: list[tuple[int, int, bool]] = []
    return clock, Gestures(clock, lambda *g: done.append(g), gap_s=0.7, hold_s=1.0), done


def _tap(clock: ManualClock, g: Gestures, seat: int, down_ms: int = 100) -> None:
    g.press(seat, clock.now_ns())
    clock.advance(down_ms * MS)
    g.release(seat, clock.now_ns())


def test_quick_presses_make_one_pattern_that_ends_after_the_last_release() -> None:
    clock, g, done = _gestures()
    _tap(clock, g, 0)
    clock.advance(300 * MS)
    _tap(clock, g, 0, down_ms=900)  # held 0.9 s: still a quick press
    assert g.pressing() == {0: 2}
    clock.advance(690 * MS)
    assert done == []
    clock.advance(20 * MS)
    assert done == [(0, 2, False)] and g.pressing() == {}


def test_a_long_press_counts_while_the_button_is_still_down_and_ends_the_pattern() -> None:
    clock, g, done = _gestures()
    _tap(clock, g, 1)
    clock.advance(200 * MS)
    g.press(1, clock.now_ns())
    clock.advance(999 * MS)
    assert done == []  # the pattern waits: the button is down
    clock.advance(2 * MS)
    assert done == [(1, 1, True)] and g.pressing() == {}
    clock.advance(3000 * MS)
    g.release(1, clock.now_ns())  # spent: nothing more
    clock.advance(3000 * MS)
    assert done == [(1, 1, True)]


def test_a_button_held_for_ever_says_it_once_and_the_others_go_on() -> None:
    clock, g, done = _gestures()
    g.press(0, clock.now_ns())  # stuck down, never let go
    for _ in range(60):
        clock.advance(1000 * MS)
    assert done == [(0, 1, True)]
    _tap(clock, g, 1)  # another player's button works as ever
    clock.advance(800 * MS)
    assert done == [(0, 1, True), (1, 1, False)]
    _tap(clock, g, 0)  # a tap on the page for the stuck seat: a press of its own
    clock.advance(800 * MS)
    assert done[-1] == (0, 1, False)


def test_a_release_timed_past_the_hold_is_a_long_press_even_if_the_timer_was_late() -> None:
    clock, g, done = _gestures()
    t0 = clock.now_ns()
    g.press(0, t0 - 1200 * MS)  # the edge was 1.2 s ago: the loop was busy
    g.release(0, t0)
    assert done == [(0, 1, True)]


def test_a_press_before_the_release_of_the_last_lets_that_one_go() -> None:
    clock, g, done = _gestures()
    g.press(0, clock.now_ns())
    clock.advance(200 * MS)
    _tap(clock, g, 0)  # the first release was lost
    clock.advance(800 * MS)
    assert done == [(0, 2, False)]
    g.close()


def test_the_debouncer_reports_one_release_never_the_bounce_of_a_press() -> None:
    d = Debouncer(5 * MS)
    edges = [(0, True), (1 * MS // 10, False), (2 * MS // 10, True),  # the press bounces
             (1500 * MS, False), (1500 * MS + MS // 10, True),  # the release bounces
             (1500 * MS + 2 * MS // 10, False),
             (1600 * MS, True), (1700 * MS, False)]  # a tap later
    assert [d.step(t, low) for t, low in edges] == [
        "press", None, None, "release", None, None, "press", "release"]
