"""The gpiozero seam: pin factories, edge timestamps on the monotonic clock, button inputs.

gpiozero is imported here, inside functions, so that importing tableref touches no GPIO.
"""

from __future__ import annotations

import logging
import time
import warnings
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

# Factory names from the config; "auto" lets gpiozero choose the usual way
# (GPIOZERO_PIN_FACTORY, else lgpio, rpigpio, pigpio, native in that order).
FACTORY_NAMES = ("auto", "lgpio", "rpigpio", "pigpio", "native", "mock")
# An lgpio edge timestamp further than this from the monotonic clock cannot be on it.
_SANE_NS = 60_000_000_000

TickConverter = Callable[[Any, int], int]


class BellsError(RuntimeError):
    """The bells cannot be set up (no pin factory, a pin in use, ...)."""


def make_pin_factory(name: str) -> Any | None:
    """The gpiozero pin factory called `name` ("auto" gives None: gpiozero's default)."""
    if name == "auto":
        return None
    if name not in FACTORY_NAMES:
        raise BellsError(f"unknown pin factory {name!r} (one of {', '.join(FACTORY_NAMES)})")
    from importlib.metadata import entry_points

    for ep in entry_points(group="gpiozero_pin_factories"):
        if ep.name == name:
            try:
                return ep.load()()
            except Exception as err:
                raise BellsError(f"pin factory {name!r} cannot start here: {err}") from err
    raise BellsError(f"gpiozero has no pin factory {name!r}")


def tick_converter(factory: Any) -> TickConverter:
    """How to turn the `ticks` a factory passes to `when_changed` into monotonic ns.

    `convert(ticks, seen_ns)` gets the ticks and the monotonic time read on entering the
    callback, which is the earliest clock reading there is when the factory passes none.
    - MockFactory and the local Pi factories (lgpio, RPi.GPIO, native) pass seconds on
      `time.monotonic`. lgpio's are the kernel's edge timestamps (ns / 1e9) from its alert
      callback; RPi.GPIO passes none, so gpiozero reads `time.monotonic()` as the callback
      starts. Both convert exactly.
    - Other factories (pigpio: microseconds of the daemon's clock, wrapping) are mapped by
      their age: now on the monotonic clock minus `ticks_diff(factory.ticks(), ticks)`.
    """
    from gpiozero.pins.local import LocalPiFactory
    from gpiozero.pins.mock import MockFactory

    if isinstance(factory, MockFactory):
        return _seconds_to_ns
    if isinstance(factory, LocalPiFactory):
        return _CheckedSecondsToNs()

    def by_age(ticks: Any, seen_ns: int) -> int:
        if ticks is None:
            return seen_ns
        now_ticks = factory.ticks()
        now_ns = time.monotonic_ns()
        return now_ns - round(float(factory.ticks_diff(now_ticks, ticks)) * 1e9)

    return by_age


def _seconds_to_ns(ticks: Any, seen_ns: int) -> int:
    return seen_ns if ticks is None else round(float(ticks) * 1e9)


class _CheckedSecondsToNs:
    """Seconds on the monotonic clock to ns; a timestamp far off that clock (a kernel giving
    CLOCK_REALTIME) is replaced by the time the callback started, with one warning."""

    def __init__(self) -> None:
        self.warned = False

    def __call__(self, ticks: Any, seen_ns: int) -> int:
        if ticks is None:
            return seen_ns
        t_ns = round(float(ticks) * 1e9)
        if abs(seen_ns - t_ns) > _SANE_NS:
            if not self.warned:
                self.warned = True
                log.warning(
                    "bells: edge timestamps (%s) are not on the monotonic clock; "
                    "using the time the callback started instead",
                    ticks,
                )
            return seen_ns
        return min(t_ns, seen_ns)


class ButtonInput:
    """One bell button: a pulled-up gpiozero input whose every edge goes to `on_edge`.

    gpiozero's own debouncing (`bounce_time`) is off: it would drop edges by callback time.
    `on_edge(t_ns, low, seen_ns)` gets the edge time on the monotonic clock.
    """

    def __init__(
        self,
        pin: int,
        on_edge: Callable[[int, bool, int], None],
        factory: Any | None,
    ) -> None:
        from gpiozero import InputDevice

        self.pin = pin
        self._on_edge = on_edge
        from gpiozero.exc import BadPinFactory

        with warnings.catch_warnings(record=True) as fallbacks:
            warnings.simplefilter("always")
            try:
                self.device = InputDevice(pin, pull_up=True, pin_factory=factory)
            except BadPinFactory as err:
                tried = "; ".join(str(w.message) for w in fallbacks)
                raise BellsError(
                    f"no GPIO pin factory works here ({tried or err}); off a Raspberry Pi "
                    'use --pin-factory mock, or pin_factory = "mock" in [bells]'
                ) from err
            except Exception as err:
                raise BellsError(f"GPIO {pin}: cannot use it as a bell button: {err}") from err
        for w in fallbacks:
            log.info("gpiozero: %s", w.message)
        self._convert = tick_converter(self.device.pin_factory)
        gpio_pin = self.device.pin
        gpio_pin.bounce = None
        gpio_pin.edges = "both"
        # gpiozero keeps only a weak reference to the handler: `self` must stay alive.
        gpio_pin.when_changed = self._changed

    @property
    def is_pressed(self) -> bool:
        return not bool(self.device.pin.state)

    def _changed(self, ticks: Any, state: Any) -> None:
        seen_ns = time.monotonic_ns()  # first thing: the earliest reading we can have
        if state not in (0, 1, True, False):  # lgpio reports watchdog timeouts as 2
            return
        self._on_edge(self._convert(ticks, seen_ns), not state, seen_ns)

    def close(self) -> None:
        device = getattr(self, "device", None)
        if device is not None and not device.closed:
            device.pin.when_changed = None
            device.close()
