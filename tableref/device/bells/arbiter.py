"""Fair first-press arbitration: thread-safe, by edge time, never by callback order.

The one arbiter of the box: the GPIO bells, the Pico bell box and the page's bells all end
in one (in the daemon, the Halli session's, fed by every press source alike). The first
press while the bells are open starts a settle window of `settle_ns` (`[bells] settle_ms`):
presses that arrive within it are weighed too, since a press may arrive after another whose
edge was later. When the window closes the earliest edge wins (`Ring`), the bells lock, and
every later press is reported as a `LatePress` until `unlock()`.

The window is a timer on the injected `Clock` (tableref.device.clock): a `ThreadClock` of
its own by default, the daemon's `LoopClock`, or a `ManualClock` in tests and offline runs,
where the window closes when the test moves the clock. Results go to `on_event`, called on
the clock's thread (the caller's when `settle_ns` is 0, or with a `ManualClock`, inside its
`advance_to`). Events are delivered in order, one at a time, with the arbiter's re-entrant
lock held: the consumer must be quick, and it may call `lock`/`unlock`/`set_active` inside.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable

from tableref.device.bells.events import BellEvent, IgnoredPress, LatePress, Press, Ring
from tableref.device.clock import Clock, ThreadClock, Timer

log = logging.getLogger(__name__)

EventSink = Callable[[BellEvent], None]


class Arbiter:
    def __init__(
        self,
        on_event: EventSink,
        settle_ns: int = 2_000_000,
        clock: Clock | None = None,
    ) -> None:
        self._on_event = on_event
        self._settle_ns = settle_ns
        self._own_clock = ThreadClock("bells-arbiter") if clock is None else None
        self._clock: Clock = clock if clock is not None else self._own_clock  # type: ignore[assignment]
        self._lock = threading.RLock()
        self._pending: list[Press] = []
        self._timer: Timer | None = None  # the settle window, while one is open
        self._ring: Ring | None = None  # the ring that locked the bells
        self._locked = False
        self._active: frozenset[int] | None = None
        self._closed = False

    @property
    def settle_ns(self) -> int:
        return self._settle_ns

    # -- state the referee sets --------------------------------------------------------------
    @property
    def locked(self) -> bool:
        with self._lock:
            return self._locked

    @property
    def settling(self) -> bool:
        """Whether a press waits in the settle window (a ring is about to be decided)."""
        with self._lock:
            return bool(self._pending)

    @property
    def last_ring(self) -> Ring | None:
        with self._lock:
            return self._ring

    def lock(self) -> None:
        """Lock the bells with no ring (between rounds); presses are then ignored."""
        with self._lock:
            self._locked = True
            self._ring = None

    def unlock(self) -> None:
        """Open the bells for the next ring. A ring still being settled is left to finish."""
        with self._lock:
            if not self._pending:
                self._locked = False
                self._ring = None

    def set_active(self, players: Iterable[int] | None) -> None:
        """Only these players may ring (None: everybody); others' presses are ignored."""
        with self._lock:
            self._active = None if players is None else frozenset(players)

    # -- presses -----------------------------------------------------------------------------
    def press(self, press: Press) -> None:
        """Weigh one press. Thread-safe; returns at once."""
        with self._lock:
            out: BellEvent | None = None
            if self._closed:
                return
            if self._active is not None and press.player not in self._active:
                out = IgnoredPress(press, "player may not ring now")
            elif self._locked and self._ring is not None and not self._pending:
                winner = self._ring.press
                out = LatePress(press, (press.t_ns - winner.t_ns) / 1e6, winner.player)
            elif self._locked and not self._pending:
                out = IgnoredPress(press, "bells locked by the referee")
            else:
                self._pending.append(press)
                if self._settle_ns <= 0:
                    out = self._decide()
                elif self._timer is None:
                    self._locked = True
                    due = self._clock.now_ns() + self._settle_ns
                    self._timer = self._clock.call_at(due, self._settled)
            if out is not None:
                self._emit(out)

    def _decide(self) -> Ring:
        """With the lock held: pick the earliest edge, lowest seat on a tie, and lock."""
        presses = tuple(sorted(self._pending, key=lambda p: (p.t_ns, p.player)))
        first = presses[0]
        tied = tuple(dict.fromkeys(p.player for p in presses if p.t_ns == first.t_ns))
        ring = Ring(first, presses, tied, self._clock.now_ns())
        self._pending = []
        self._timer = None
        self._ring = ring
        self._locked = True
        return ring

    def _settled(self) -> None:
        """The settle window closed (on the clock's thread)."""
        with self._lock:
            if self._closed or not self._pending:
                return
            self._emit(self._decide())

    def _emit(self, event: BellEvent) -> None:
        try:
            self._on_event(event)
        except Exception:  # the consumer's bug must not stop the bells
            log.exception("bells: the event consumer failed on %r", event)

    def close(self) -> None:
        """Stop arbitrating; a ring still settling is dropped. Idempotent."""
        with self._lock:
            self._closed = True
            timer, self._timer = self._timer, None
            self._pending = []
        if timer is not None:
            timer.cancel()
        if self._own_clock is not None:
            self._own_clock.close()
