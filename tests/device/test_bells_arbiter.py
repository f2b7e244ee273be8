"""The debouncer and the arbiter on their own: edge times in, presses and rings out."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tableref.device.bells import Arbiter, Debouncer, IgnoredPress, LatePress, Press, Ring
from tableref.device.bells.gpio import _CheckedSecondsToNs, tick_converter
from tableref.device.clock import ManualClock
from tests.device.conftest import Collector

MS = 1_000_000


@settings(deadline=None)  # the machine is shared: no time limit per example
@given(
    start=st.integers(0, 10**15),
    gaps=st.lists(st.integers(1, 500_000), min_size=1, max_size=30),
)
def test_any_bounce_train_within_the_bounce_time_is_one_press(start: int, gaps: list[int]) -> None:
    d = Debouncer(bounce_ns=5 * MS)
    assert d.edge(start, low=True)
    t, low = start, True
    for gap in gaps:
        t += gap
        if t - start >= 5 * MS:
            break
        low = not low
        assert not d.edge(t, low)


def test_a_press_needs_a_release_stable_for_the_bounce_time() -> None:
    d = Debouncer(bounce_ns=5 * MS)
    assert d.edge(0, low=True)
    assert not d.edge(50 * MS, low=False)  # released
    assert not d.edge(54 * MS, low=True)  # 4 ms later: chatter of the release
    assert not d.edge(55 * MS, low=False)
    assert d.edge(61 * MS, low=True)  # high for 6 ms, then a fall: a new press


def test_a_button_held_at_start_rings_only_after_a_release() -> None:
    d = Debouncer(bounce_ns=5 * MS, pressed_now=True)
    assert d.is_down
    assert not d.edge(0, low=False)
    assert d.edge(10 * MS, low=True)


def test_while_released_any_edge_is_the_press() -> None:
    # RPi.GPIO reads the level when the callback runs: after a bounce it may read high
    d = Debouncer(bounce_ns=5 * MS)
    assert d.edge(7, low=False)
    assert d.is_down


def p(player: int, t_ns: int) -> Press:
    return Press(player, None, t_ns, t_ns)


def test_with_no_settle_window_the_first_callback_decides() -> None:
    c = Collector()
    arbiter = Arbiter(c.on_event, settle_ns=0)
    arbiter.press(p(1, 100))
    arbiter.press(p(0, 50))  # earlier edge, arrived after the decision
    ring, late = c.wait_for(2)
    assert isinstance(ring, Ring) and ring.player == 1
    assert isinstance(late, LatePress) and late.ms_late == pytest.approx(-50e-6)
    arbiter.close()
    arbiter.close()


def test_unlock_while_a_ring_settles_does_not_drop_it() -> None:
    c = Collector()
    clock = ManualClock()
    arbiter = Arbiter(c.on_event, settle_ns=500 * MS, clock=clock)
    arbiter.press(p(0, 100))
    arbiter.unlock()
    assert c.events == [] and arbiter.locked
    clock.advance(500 * MS)
    assert c.wait_ring(timeout=0).player == 0
    assert arbiter.locked
    arbiter.close()


def test_the_settle_window_weighs_what_arrives_within_it_and_no_more() -> None:
    c = Collector()
    clock = ManualClock(start_ns=10**9)
    arbiter = Arbiter(c.on_event, settle_ns=15 * MS, clock=clock)
    arbiter.press(p(2, 10**9))
    clock.advance(15 * MS - 1)  # a press whose callback came late, edge 3 ms earlier
    arbiter.press(p(1, 10**9 - 3 * MS))
    assert c.events == []
    clock.advance(1)
    ring = c.wait_ring(timeout=0)
    assert ring.player == 1 and [x.player for x in ring.presses] == [1, 2]
    assert ring.decided_ns == 10**9 + 15 * MS
    arbiter.press(p(0, 10**9 - 5 * MS))  # after the window: the decision stands
    late = c.events[-1]
    assert isinstance(late, LatePress) and late.ms_late == pytest.approx(-2.0)
    arbiter.unlock()
    arbiter.set_active([0, 1])
    arbiter.press(p(2, 2 * 10**9))
    assert isinstance(c.events[-1], IgnoredPress)
    arbiter.close()
    clock.advance(10**9)
    assert len(c.rings) == 1


def test_a_ring_settling_when_the_arbiter_closes_is_dropped() -> None:
    c = Collector()
    clock = ManualClock()
    arbiter = Arbiter(c.on_event, settle_ns=MS, clock=clock)
    arbiter.press(p(0, 0))
    arbiter.close()
    clock.advance(MS)
    assert c.events == []


def test_on_its_own_thread_clock_the_window_closes_by_itself() -> None:
    c = Collector()
    arbiter = Arbiter(c.on_event, settle_ns=2 * MS)  # the bells' own ThreadClock
    arbiter.press(p(1, 5))
    arbiter.press(p(0, 7))
    ring = c.wait_ring()
    assert ring.player == 1 and len(ring.presses) == 2
    arbiter.close()


def test_a_failing_consumer_does_not_stop_the_bells() -> None:
    seen: list[Any] = []

    def consumer(event: Any) -> None:
        seen.append(event)
        raise RuntimeError("consumer bug")

    arbiter = Arbiter(consumer, settle_ns=0)
    arbiter.press(p(0, 1))
    arbiter.unlock()
    arbiter.press(p(1, 2))
    assert [e.player for e in seen] == [0, 1]
    arbiter.close()


def test_presses_from_many_threads_give_one_ring_for_the_earliest_edge() -> None:
    for round_ in range(3):
        c = Collector()
        clock = ManualClock()
        arbiter = Arbiter(c.on_event, settle_ns=500 * MS, clock=clock)
        rng = random.Random(round_)
        times = rng.sample(range(10**6), 6)
        start = threading.Barrier(6)

        threads = [
            threading.Thread(target=_press_together, args=(start, arbiter, p(i, times[i])))
            for i in range(6)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        clock.advance(500 * MS)  # the window closes after every press arrived
        ring_ = c.wait_ring(timeout=0)
        arbiter.close()
        assert ring_.player == times.index(min(times))
        assert len(ring_.presses) == 6
        assert len(c.rings) == 1 and len(c.events) == 1


def _press_together(start: threading.Barrier, arbiter: Arbiter, press: Press) -> None:
    start.wait()
    arbiter.press(press)


class PigpioLikeFactory:
    """Ticks in microseconds that wrap at 2**32, as pigpio's do."""

    def __init__(self, now_us: int) -> None:
        self.now_us = now_us

    def ticks(self) -> int:
        return self.now_us % 2**32

    @staticmethod
    def ticks_diff(later: int, earlier: int) -> float:
        return ((later - earlier) % 2**32) / 1e6


def test_foreign_ticks_are_mapped_by_their_age() -> None:
    import time

    factory = PigpioLikeFactory(now_us=2**32 + 1_000)  # just wrapped
    convert = tick_converter(factory)
    edge_ticks = (2**32 - 2_000) % 2**32  # 3 ms ago, before the wrap
    before = time.monotonic_ns()
    t_ns = convert(edge_ticks, before)
    after = time.monotonic_ns()
    assert before - 3 * MS - 1000 <= t_ns <= after - 3 * MS + 1000
    assert convert(None, 1234) == 1234


def test_kernel_timestamps_off_the_monotonic_clock_fall_back_to_arrival() -> None:
    convert = _CheckedSecondsToNs()
    seen = 5_000 * 10**9
    assert convert(4_999.9995, seen) == seen - 500_000
    assert not convert.warned
    assert convert(1.7e9, seen) == seen  # a wall-clock time: not usable
    assert convert.warned
    assert convert(None, seen) == seen
