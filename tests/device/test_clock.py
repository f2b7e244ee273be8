"""The injected clocks: a manual one that moves when told, the loop's, a thread's."""

from __future__ import annotations

import asyncio
import threading

from tableref.device.clock import LoopClock, ManualClock, ThreadClock


def test_a_manual_clock_runs_due_timers_in_time_order_at_their_own_time() -> None:
    clock = ManualClock(start_ns=100)
    ran: list[tuple[str, int]] = []
    clock.call_at(300, lambda: ran.append(("b", clock.now_ns())))
    clock.call_at(200, lambda: ran.append(("a", clock.now_ns())))
    clock.call_at(300, lambda: ran.append(("c", clock.now_ns())))  # same time: set later
    gone = clock.call_at(250, lambda: ran.append(("cancelled", clock.now_ns())))
    gone.cancel()
    assert clock.next_ns == 200
    clock.advance_to(250)
    assert ran == [("a", 200)] and clock.now_ns() == 250
    clock.advance(1000)
    assert ran == [("a", 200), ("b", 300), ("c", 300)] and clock.now_ns() == 1250
    assert clock.next_ns is None


def test_a_timer_set_by_a_timer_runs_when_it_falls_due_in_the_same_advance() -> None:
    clock = ManualClock()
    ran: list[int] = []

    def first() -> None:
        ran.append(clock.now_ns())
        clock.call_at(clock.now_ns() + 10, lambda: ran.append(clock.now_ns()))
        clock.call_at(clock.now_ns() - 5, lambda: ran.append(clock.now_ns()))  # past: now

    clock.call_at(5, first)
    clock.advance_to(12)
    assert ran == [5, 5]
    clock.advance_to(15)
    assert ran == [5, 5, 15]
    clock.advance_to(3)  # never back
    assert clock.now_ns() == 15


async def test_the_loop_clock_runs_timers_on_the_loop() -> None:
    clock = LoopClock()
    done = asyncio.Event()
    thread: list[threading.Thread] = []
    clock.call_at(clock.now_ns() + 2_000_000, lambda: (thread.append(threading.current_thread()),
                                                      done.set()))
    clock.call_at(clock.now_ns(), lambda: None).cancel()
    await asyncio.wait_for(done.wait(), 5)
    assert thread == [threading.current_thread()]


def test_a_thread_clock_runs_timers_on_its_thread_and_survives_a_failing_one() -> None:
    clock = ThreadClock("test-clock")
    done = threading.Event()
    names: list[str] = []

    def fail() -> None:
        raise RuntimeError("a timer's bug")

    clock.call_at(clock.now_ns(), fail)
    clock.call_at(clock.now_ns() + 1_000_000, lambda: (names.append(
        threading.current_thread().name), done.set()))
    assert done.wait(5)
    assert names == ["test-clock"]
    clock.close()
    clock.close()
