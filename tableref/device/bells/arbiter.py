"""Fair first-press arbitration: thread-safe, by edge time, never by callback order.

Presses come in on gpiozero's threads (or from the keyboard/page through `press`). The first
press while the bells are open starts a settle window of `settle_ns`: presses whose callbacks
arrive within it are weighed too, since a callback may arrive after another whose edge was
later. When the window closes the earliest edge wins (`Ring`), the bells lock, and every
later press is reported as a `LatePress` until `unlock()`. Results go to `on_event`, called
on the arbiter's own thread (or on the caller's thread when `settle_ns` is 0): a daemon
hands them to its event loop with `loop.call_soon_threadsafe`. Events are delivered in
order, one at a time, with the arbiter's (re-entrant) lock held: the consumer must be quick,
and it may call `lock`/`unlock`/`set_active` from inside.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable

from tableref.device.bells.events import BellEvent, IgnoredPress, LatePress, Press, Ring

log = logging.getLogger(__name__)

EventSink = Callable[[BellEvent], None]


class Arbiter:
    def __init__(
        self,
        on_event: EventSink,
        settle_ns: int = 2_000_000,
        clock: Callable[[], int] = time.monotonic_ns,
    ) -> None:
        self._on_event = on_event
        self._settle_ns = settle_ns
        self._clock = clock
        self._cond = threading.Condition()
        self._pending: list[Press] = []
        self._deadline_ns: int | None = None
        self._ring: Ring | None = None  # the ring that locked the bells
        self._locked = False
        self._active: frozenset[int] | None = None
        self._closed = False
        self._thread: threading.Thread | None = None
        if settle_ns > 0:
            self._thread = threading.Thread(target=self._run, name="bells-arbiter", daemon=True)
            self._thread.start()

    # -- state the referee sets --------------------------------------------------------------
    @property
    def locked(self) -> bool:
        with self._cond:
            return self._locked

    @property
    def last_ring(self) -> Ring | None:
        with self._cond:
            return self._ring

    def lock(self) -> None:
        """Lock the bells with no ring (between rounds); presses are then ignored."""
        with self._cond:
            self._locked = True
            self._ring = None

    def unlock(self) -> None:
        """Open the bells for the next ring. A ring still being settled is left to finish."""
        with self._cond:
            if not self._pending:
                self._locked = False
                self._ring = None

    def set_active(self, players: Iterable[int] | None) -> None:
        """Only these players may ring (None: everybody); others' presses are ignored."""
        with self._cond:
            self._active = None if players is None else frozenset(players)

    # -- presses -----------------------------------------------------------------------------
    def press(self, press: Press) -> None:
        """Weigh one press. Thread-safe; returns at once."""
        with self._cond:
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
                elif self._deadline_ns is None:
                    self._locked = True
                    self._deadline_ns = self._clock() + self._settle_ns
                    self._cond.notify_all()
            if out is not None:
                self._emit(out)

    def _decide(self) -> Ring:
        """With the lock held: pick the earliest edge, lowest seat on a tie, and lock."""
        presses = tuple(sorted(self._pending, key=lambda p: (p.t_ns, p.player)))
        first = presses[0]
        tied = tuple(dict.fromkeys(p.player for p in presses if p.t_ns == first.t_ns))
        ring = Ring(first, presses, tied, self._clock())
        self._pending = []
        self._deadline_ns = None
        self._ring = ring
        self._locked = True
        return ring

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._closed and self._deadline_ns is None:
                    self._cond.wait()
                if self._closed:
                    return
                assert self._deadline_ns is not None
                left = self._deadline_ns - self._clock()
                if left > 0:
                    self._cond.wait(left / 1e9)
                    continue
                self._emit(self._decide())

    def _emit(self, event: BellEvent) -> None:
        try:
            self._on_event(event)
        except Exception:  # the consumer's bug must not stop the bells
            log.exception("bells: the event consumer failed on %r", event)

    def close(self) -> None:
        """Stop the arbiter thread; a ring still settling is dropped. Idempotent."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=1.0)
