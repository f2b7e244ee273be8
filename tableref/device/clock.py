"""Time for the referee, injected: what time it is, and timers.

Everything that waits (the bells' settle window, the wait for the camera frame at a press,
the bells' lock after a verdict) asks a `Clock` instead of sleeping, so the same code runs
on three clocks:
- `LoopClock`: the daemon's asyncio loop; timers run on the loop (use it from the loop).
- `ThreadClock`: a thread of its own runs the timers (the bells outside the daemon).
- `ManualClock`: time moves only when told (`advance_to`), and due timers run then, in
  time order, on the caller's thread: tests, and refereeing a recorded game offline.

Times are nanoseconds on the monotonic clock (`time.monotonic_ns()`), the clock bell edges
and camera frames are stamped with; a `ManualClock` may start anywhere.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)


class Timer(Protocol):
    def cancel(self) -> None:
        """The timer will not run (nothing happens if it ran already)."""


class Clock(Protocol):
    def now_ns(self) -> int:
        """Now, in ns on the monotonic clock."""

    def call_at(self, t_ns: int, fn: Callable[[], None]) -> Timer:
        """Run `fn()` once at `t_ns` (at once, soon, if that is past)."""


class LoopClock:
    """The asyncio loop's clock (its `time()` is `time.monotonic()`). Loop thread only."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self._loop = loop or asyncio.get_running_loop()

    def now_ns(self) -> int:
        return time.monotonic_ns()

    def call_at(self, t_ns: int, fn: Callable[[], None]) -> Timer:
        return self._loop.call_at(t_ns / 1e9, fn)


class _Entry:
    __slots__ = ("cancelled", "fn", "t_ns")

    def __init__(self, t_ns: int, fn: Callable[[], None]) -> None:
        self.t_ns = t_ns
        self.fn = fn
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class _Timers:
    """A heap of timers in time order (ties: in the order they were set)."""

    def __init__(self) -> None:
        self._heap: list[tuple[int, int, _Entry]] = []
        self._order = itertools.count()

    def add(self, t_ns: int, fn: Callable[[], None]) -> _Entry:
        entry = _Entry(t_ns, fn)
        heapq.heappush(self._heap, (t_ns, next(self._order), entry))
        return entry

    def next_ns(self) -> int | None:
        while self._heap and self._heap[0][2].cancelled:
            heapq.heappop(self._heap)
        return self._heap[0][0] if self._heap else None

    def pop_due(self, now_ns: int) -> _Entry | None:
        due = self.next_ns()
        if due is None or due > now_ns:
            return None
        return heapq.heappop(self._heap)[2]


class ManualClock:
    """A clock that moves only when told; timers run inside `advance_to`, in time order."""

    def __init__(self, start_ns: int = 0) -> None:
        self._now = start_ns
        self._timers = _Timers()

    def now_ns(self) -> int:
        return self._now

    def call_at(self, t_ns: int, fn: Callable[[], None]) -> Timer:
        return self._timers.add(t_ns, fn)

    @property
    def next_ns(self) -> int | None:
        """When the next timer is due (None: no timer set)."""
        return self._timers.next_ns()

    def advance_to(self, t_ns: int) -> None:
        """Move to `t_ns` (never back), running every timer due by then, each at its own
        time: a timer set by a timer runs too when it falls due by `t_ns`."""
        while (entry := self._timers.pop_due(t_ns)) is not None:
            self._now = max(self._now, entry.t_ns)
            entry.fn()
        self._now = max(self._now, t_ns)

    def advance(self, ns: int) -> None:
        self.advance_to(self._now + ns)


class ThreadClock:
    """The monotonic clock; one thread of its own (started at the first timer) runs the
    timers, without holding any lock of the clock's while a timer runs."""

    def __init__(self, name: str = "clock") -> None:
        self._name = name
        self._cond = threading.Condition()
        self._timers = _Timers()
        self._thread: threading.Thread | None = None
        self._closed = False

    def now_ns(self) -> int:
        return time.monotonic_ns()

    def call_at(self, t_ns: int, fn: Callable[[], None]) -> Timer:
        with self._cond:
            entry = self._timers.add(t_ns, fn)
            if self._thread is None and not self._closed:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()
        return entry

    def _run(self) -> None:
        while True:
            with self._cond:
                while True:
                    if self._closed:
                        return
                    due = self._timers.next_ns()
                    now = time.monotonic_ns()
                    if due is not None and due <= now:
                        entry = self._timers.pop_due(now)
                        break
                    self._cond.wait(None if due is None else (due - now) / 1e9)
            if entry is not None and not entry.cancelled:
                try:
                    entry.fn()
                except Exception:  # one timer's bug must not stop the others
                    log.exception("clock %s: a timer failed", self._name)

    def close(self) -> None:
        """Stop the thread; timers not yet run never run. Idempotent."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=1.0)
