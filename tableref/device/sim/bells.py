"""The bells the simulated players press: opened by the daemon like the GPIO bells, each
press handed to the daemon's press sink with its edge time."""

from __future__ import annotations

import time
from collections.abc import Callable

PressSink = Callable[[int, int], None]
HealthSink = Callable[[bool, str], None]


class SimBells:
    def __init__(self) -> None:
        self._sink: PressSink | None = None
        self._release: PressSink | None = None
        self.lit: int | None = None

    def open(self, press: PressSink, health: HealthSink,
             release: PressSink | None = None) -> SimBells:
        """The daemon's bell opener: these bells never fail, and say so themselves."""
        self._sink, self._release = press, release
        health(True, "the simulated players' bells")
        return self

    def wait_connected(self, timeout: float, connected: bool = True) -> bool:
        """Bells that report their own health (as the bell box does)."""
        return connected

    def press(self, player: int, t_ns: int | None = None) -> None:
        """A simulated player taps (now, unless `t_ns` says when the edge was): pressed
        and let go at once, never held."""
        t = time.monotonic_ns() if t_ns is None else t_ns
        if self._sink is not None:
            self._sink(player, t)
        if self._release is not None:
            self._release(player, t)

    def light(self, player: int | None) -> None:
        self.lit = player

    def close(self) -> None:
        self._sink = self._release = None
