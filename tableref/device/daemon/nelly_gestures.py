"""A player's button presses made into gestures: a pattern of quick presses, or one long
press (`nelly_buttons` says what each means).

Every press is followed by its release (the GPIO buttons and the bell box report both; a
tap on the page or a simulated player's press is let go at once). A pattern ends `gap_s`
after its last release; a press held `hold_s` or longer is a long press instead, and ends
whatever pattern it was part of:

- it counts the moment the button has been down `hold_s` (a timer), not when it is let go,
  so a button held down for ever makes one long press, never another, and the other
  players' buttons and the page go on working; its release, whenever it comes, is spent;
- a release that comes `hold_s` or more after its press (the timer late on a busy loop)
  is a long press too: the edges' own times decide;
- a second press before the first one's release (a release lost) lets the first go.

Times: the presses' and releases' edge times (`t_ns`, the monotonic clock) measure how long
a button was held; the timers are on the session's clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tableref.device.clock import Clock, Timer

HOLD_S = 1.0  # a press held this long is a long press (said on the page)

# (seat, presses, long): a pattern of `presses` quick presses ended, or a long press
Done = Callable[[int, int, bool], None]


@dataclass
class _Pattern:
    presses: int
    timer: Timer | None  # the pattern's end (None while the button is down)


@dataclass
class _Down:
    t_ns: int  # the press's edge time
    timer: Timer  # when it becomes a long press


class Gestures:
    def __init__(self, clock: Clock, done: Done, gap_s: float = 0.7,
                 hold_s: float = HOLD_S) -> None:
        self._clock = clock
        self._done = done
        self._gap_ns = round(gap_s * 1e9)
        self._hold_ns = round(hold_s * 1e9)
        self._patterns: dict[int, _Pattern] = {}
        self._down: dict[int, _Down] = {}

    def pressing(self) -> dict[int, int]:
        """The presses counted so far of each pattern under way."""
        return {seat: p.presses for seat, p in self._patterns.items()}

    def press(self, seat: int, t_ns: int) -> None:
        self._let_go(seat)  # a release lost: the earlier press is over
        pattern = self._patterns.get(seat)
        if pattern is None:
            pattern = self._patterns[seat] = _Pattern(0, None)
        elif pattern.timer is not None:
            pattern.timer.cancel()
            pattern.timer = None
        pattern.presses += 1
        due = self._clock.now_ns() + self._hold_ns
        self._down[seat] = _Down(t_ns, self._clock.call_at(due, lambda: self._held(seat)))

    def release(self, seat: int, t_ns: int) -> None:
        down = self._down.get(seat)
        if down is None:
            return  # spent by a long press, or no press of ours
        if t_ns - down.t_ns >= self._hold_ns:
            self._held(seat)
            return
        self._let_go(seat)

    def _let_go(self, seat: int) -> None:
        down = self._down.pop(seat, None)
        if down is None:
            return
        down.timer.cancel()
        pattern = self._patterns.get(seat)
        if pattern is not None:
            due = self._clock.now_ns() + self._gap_ns
            pattern.timer = self._clock.call_at(due, lambda: self._ended(seat))

    def _held(self, seat: int) -> None:
        down = self._down.pop(seat, None)
        if down is None:
            return
        down.timer.cancel()
        pattern = self._patterns.pop(seat, None)
        if pattern is not None and pattern.timer is not None:
            pattern.timer.cancel()
        self._done(seat, 1, True)

    def _ended(self, seat: int) -> None:
        pattern = self._patterns.pop(seat, None)
        if pattern is not None:
            self._done(seat, pattern.presses, False)

    def close(self) -> None:
        for pattern in self._patterns.values():
            if pattern.timer is not None:
                pattern.timer.cancel()
        for down in self._down.values():
            down.timer.cancel()
        self._patterns.clear()
        self._down.clear()
