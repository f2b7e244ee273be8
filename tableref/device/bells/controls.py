"""The referee's controls over an arbiter, shared by the GPIO bells and the Pico bell box."""

from __future__ import annotations

from collections.abc import Iterable

from tableref.device.bells.arbiter import Arbiter
from tableref.device.bells.events import Ring
from tableref.device.closing import Closing


class ArbiterControls(Closing):
    """lock / unlock / set_active / last_ring over `self._arbiter` (None until opened).

    Subclasses say how LEDs are lit (`light`); `unlock` puts them out."""

    _arbiter: Arbiter | None

    @property
    def locked(self) -> bool:
        return self._arbiter is not None and self._arbiter.locked

    @property
    def last_ring(self) -> Ring | None:
        return None if self._arbiter is None else self._arbiter.last_ring

    def lock(self) -> None:
        """Lock with no ring (between rounds): presses are reported as ignored."""
        if self._arbiter is not None:
            self._arbiter.lock()

    def unlock(self) -> None:
        """Open the bells for the next ring; the LEDs go dark."""
        if self._arbiter is not None:
            self._arbiter.unlock()
        self.light(None)

    def set_active(self, players: Iterable[int] | None) -> None:
        """Only these players may ring (players who are out may not); None: all."""
        if self._arbiter is not None:
            self._arbiter.set_active(players)

    def light(self, player: int | None) -> None:
        raise NotImplementedError
