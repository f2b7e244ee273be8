"""A Pico for the tests: the real firmware (firmware/bellbox/bellbox_core.py) under CPython,
with fake pins at the machine.Pin seam, a fake `time` module for ticks_us, and a pty pair
as the USB CDC link. The host opens the pty's other end, through a symlink that stands for
/dev/ttyACM0, so unplugging (the symlink goes, the pty closes) and plugging back in work
as they do on a Pi.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import select
import threading
import time
import tty
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware" / "bellbox"
PERIOD = 1 << 30
MASK = PERIOD - 1
IRQ_FALLING = 4  # machine.Pin.IRQ_FALLING on the rp2 port


def load_firmware() -> ModuleType:
    """Import firmware/bellbox/bellbox_core.py (not a package) as a module."""
    spec = importlib.util.spec_from_file_location("bellbox_core", FIRMWARE / "bellbox_core.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class VirtualTicks:
    """MicroPython's time.ticks_* on a clock the test sets by hand (`now`), wrapping at 2**30."""

    def __init__(self, now: int = 0) -> None:
        self.now = now & MASK

    def ticks_us(self) -> int:
        return self.now

    def advance(self, us: int) -> None:
        self.now = (self.now + us) & MASK

    @staticmethod
    def ticks_diff(a: int, b: int) -> int:
        return ((a - b + PERIOD // 2) & MASK) - PERIOD // 2

    @staticmethod
    def ticks_add(t: int, d: int) -> int:
        return (t + d) & MASK

    @contextlib.contextmanager
    def at(self, ticks: int | None) -> Iterator[None]:
        yield  # a virtual clock's now is already the edge time


class PicoTicks(VirtualTicks):
    """ticks_us of a running Pico: the host's monotonic clock in us, plus `origin`, times
    `rate` (a crystal a little fast or slow), wrapping at 2**30. An interrupt handler can be
    told the time of its edge (`at`), on its own thread only."""

    def __init__(self, origin: int, rate: float = 1.0) -> None:
        super().__init__()
        self.origin = origin
        self.rate = rate
        self.start_ns = time.monotonic_ns()
        self._local = threading.local()

    def ticks_us(self) -> int:
        at = getattr(self._local, "at", None)
        if at is not None:
            return int(at)
        return self.ticks_at(time.monotonic_ns())

    def ticks_at(self, host_ns: int) -> int:
        return (self.origin + int((host_ns - self.start_ns) * self.rate / 1000)) & MASK

    def host_ns_at(self, ticks: int, near_ns: int) -> int:
        """The host monotonic time when the box's clock read `ticks`, the one nearest `near_ns`."""
        us = self.ticks_diff(ticks, self.ticks_at(near_ns))
        return near_ns + round(us * 1000 / self.rate)

    @contextlib.contextmanager
    def at(self, ticks: int | None) -> Iterator[None]:
        self._local.at = ticks
        try:
            yield
        finally:
            self._local.at = None


class FakePin:
    """machine.Pin as the firmware uses it. An input starts high (pulled up); `drive(0)` on
    a high input calls its interrupt handler, as a falling edge does, stamped `at` ticks."""

    def __init__(self, n: int, clock: VirtualTicks, level: int = 1) -> None:
        self.n = n
        self.clock = clock
        self.level = level
        self.handler: Callable[[FakePin], None] | None = None
        self.trigger: int | None = None
        self.changed = threading.Condition()

    def value(self, v: int | None = None) -> int:
        if v is None:
            return self.level
        with self.changed:
            self.level = int(v)
            self.changed.notify_all()
        return self.level

    def irq(self, handler: Any = None, trigger: int | None = None, hard: bool = False) -> None:
        self.handler = handler
        self.trigger = trigger

    def drive(self, level: int, at: int | None = None) -> None:
        falling = self.level == 1 and level == 0
        self.level = level
        if falling and self.handler is not None and self.trigger == IRQ_FALLING:
            with self.clock.at(at):
                self.handler(self)

    def wait_level(self, level: int, timeout: float = 5.0) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.level == level, timeout)


def make_box(
    clock: VirtualTicks,
    write: Callable[[str], None],
    read: Callable[[], str],
    buttons: int = 6,
    bounce_us: int = 5000,
) -> tuple[Any, list[FakePin], list[FakePin]]:
    """The real firmware Box on fake pins: (box, button pins, LED pins)."""
    fw = load_firmware()
    pins = [FakePin(2 + i, clock) for i in range(buttons)]
    leds = [FakePin(16 + i, clock, level=0) for i in range(buttons)]
    box = fw.Box(pins, leds, clock, write, read, IRQ_FALLING, array, bounce_us)
    return box, pins, leds


class PtyPico:
    """A Pico plugged in: the firmware running on its own thread, its USB CDC link a pty
    whose host end is reachable at `path` (a symlink, like /dev/ttyACM0)."""

    def __init__(self, path: Path, clock: PicoTicks, buttons: int = 6) -> None:
        self.path = path
        self.clock = clock
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # as pyserial will set it: no echo of what the box writes
        os.set_blocking(self.master, False)
        if path.is_symlink() or path.exists():
            path.unlink()
        path.symlink_to(os.ttyname(self.slave))
        self.box, self.pins, self.leds = make_box(clock, self._write, self._read, buttons)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._main, name="pico", daemon=True)
        self._thread.start()

    def _write(self, text: str) -> None:
        data = text.encode("ascii")
        while data:
            try:
                data = data[os.write(self.master, data) :]
            except BlockingIOError:
                time.sleep(0.0005)

    def _read(self) -> str:
        try:
            return os.read(self.master, 256).decode("ascii")
        except (BlockingIOError, OSError):  # OSError: EIO while no host has the port open
            return ""

    def _idle(self) -> None:
        # As main.py's poll.poll(1): up to a moment, or until the host sends something.
        with contextlib.suppress(OSError, ValueError):
            select.select([self.master], [], [], 0.0005)

    def _main(self) -> None:
        self.box.run(self._idle, lambda: not self._stop.is_set())

    def crash(self) -> None:
        """The firmware stops with a traceback and MicroPython's prompt; the port stays."""
        self._stop.set()
        self._thread.join(timeout=2.0)
        self._write(
            'Traceback (most recent call last):\r\n  File "main.py", line 52\r\n'
            "MemoryError: \r\nMicroPython v1.29.0 on 2026-08-29; Raspberry Pi Pico\r\n>>> "
        )

    def restart(self, clock: PicoTicks) -> None:
        """A soft reset: the firmware starts again on the same port, with a new clock."""
        self.clock = clock
        self.box, self.pins, self.leds = make_box(clock, self._write, self._read, len(self.pins))
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._main, name="pico", daemon=True)
        self._thread.start()

    def press(self, button: int, at: int) -> None:
        self.pins[button].drive(0, at)

    def release(self, button: int) -> None:
        self.pins[button].drive(1)

    def unplug(self) -> None:
        """The cable is pulled: the firmware stops, the port and its device node go."""
        self._stop.set()
        self._thread.join(timeout=2.0)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)
