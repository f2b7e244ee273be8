"""Fixtures for the device tests: gpiozero's MockFactory with ticks the test controls."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import gpiozero.pins.mock
import pytest
from gpiozero.pins.mock import MockFactory

from tableref.device.bells import BellEvent, Press, Ring


class Ticks:
    """The clock MockPin stamps its edges with (gpiozero.pins.mock.monotonic), in seconds."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def at_us(self, us: float) -> Ticks:
        self.now = 1000.0 + us / 1e6
        return self


@pytest.fixture
def ticks(monkeypatch: pytest.MonkeyPatch) -> Ticks:
    fake = Ticks()
    monkeypatch.setattr(gpiozero.pins.mock, "monotonic", fake)
    return fake


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.close()


class Collector:
    """Keeps what the bells report; `wait_ring` blocks on an event, it never sleeps."""

    def __init__(self) -> None:
        self.events: list[BellEvent] = []
        self.presses: list[Press] = []
        self._cond = threading.Condition()

    def on_event(self, event: BellEvent) -> None:
        with self._cond:
            self.events.append(event)
            self._cond.notify_all()

    def on_press(self, press: Press) -> None:
        with self._cond:
            self.presses.append(press)

    def wait_for(self, count: int, timeout: float = 5.0) -> list[BellEvent]:
        with self._cond:
            ok = self._cond.wait_for(lambda: len(self.events) >= count, timeout)
        assert ok, f"only {len(self.events)} of {count} bell events came: {self.events}"
        return list(self.events)

    def wait_ring(self, timeout: float = 5.0) -> Ring:
        with self._cond:
            ok = self._cond.wait_for(lambda: any(isinstance(e, Ring) for e in self.events), timeout)
        assert ok, f"no ring came: {self.events}"
        return next(e for e in self.events if isinstance(e, Ring))

    @property
    def rings(self) -> list[Ring]:
        return [e for e in self.events if isinstance(e, Ring)]


@pytest.fixture
def collector() -> Collector:
    return Collector()
