"""Devices that fail mid-game: reported on screen and by voice, retried, the game goes on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger("tableref.health")


@dataclass
class DeviceStatus:
    name: str
    ok: bool
    message: str = ""
    was_ok: bool | None = None  # before this report (None: first report)


class Health:
    """What works right now. `on_change(status)` runs on the loop when a device changes."""

    def __init__(self, on_change: Callable[[DeviceStatus], None] | None = None) -> None:
        self._devices: dict[str, DeviceStatus] = {}
        self._on_change = on_change

    def report(self, name: str, ok: bool, message: str = "") -> bool:
        """Record a device's state; returns True (and tells `on_change`) when it changed."""
        old = self._devices.get(name)
        if old is not None and old.ok == ok and old.message == message:
            return False
        status = DeviceStatus(name, ok, message, None if old is None else old.ok)
        self._devices[name] = status
        if ok:
            log.info("%s: working%s", name, f" ({message})" if message else "")
        else:
            log.warning("%s: %s", name, message)
        if self._on_change is not None:
            self._on_change(status)
        return True

    def ok(self, name: str) -> bool:
        status = self._devices.get(name)
        return status is not None and status.ok

    def known(self, name: str) -> bool:
        return name in self._devices

    def as_list(self) -> list[dict[str, object]]:
        return [{"name": s.name, "ok": s.ok, "message": s.message}
                for s in self._devices.values()]


async def supervise(
    name: str,
    health: Health,
    run_once: Callable[[], Awaitable[None]],
    *,
    first_delay_s: float = 0.5,
    max_delay_s: float = 10.0,
) -> None:
    """Run `run_once` (open the device and use it until it fails) again and again.

    Each failure is reported to `health` with its message; retries back off from
    `first_delay_s` to `max_delay_s`. `run_once` returning normally means the device
    was closed on purpose and supervision ends. Cancelling ends it too.
    """
    delay = first_delay_s
    while True:
        try:
            await run_once()
            return
        except asyncio.CancelledError:
            raise
        except Exception as err:  # any device failure: report, wait, retry
            health.report(name, False, str(err) or type(err).__name__)
        await asyncio.sleep(delay)
        delay = min(max_delay_s, delay * 2)
