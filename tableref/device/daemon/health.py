"""Devices that fail mid-game: reported on screen and by voice, retried, the game goes on.

`Health` is what works now; `supervise` runs a device again and again; `hold_bells` and
`watch_audio` are how the bells and the sound card are run under it.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("tableref.health")

BellSink = Callable[[int, int], None]  # (player, edge time ns), called on the bells' thread
# (ok, message): bells that watch themselves (the Pico bell box) say when they are lost and
# back; called on the bells' thread
BellHealthSink = Callable[[bool, str], None]


@dataclass
class DeviceStatus:
    name: str
    ok: bool
    message: str = ""
    was_ok: bool | None = None  # before this report (None: first report)
    worked: bool = False  # whether it was ever reported working before this report
    hint: str = ""  # which of the device's troubles it is, when its words differ by cause


class Health:
    """What works right now. `on_change(status)` runs on the loop when a device changes."""

    def __init__(self, on_change: Callable[[DeviceStatus], None] | None = None) -> None:
        self._devices: dict[str, DeviceStatus] = {}
        self._worked: set[str] = set()
        self._on_change = on_change

    def report(self, name: str, ok: bool, message: str = "", hint: str = "") -> bool:
        """Record a device's state; returns True (and tells `on_change`) when it changed.
        `hint` picks the page's words for the cause (devices.todo_<name>_<hint>)."""
        old = self._devices.get(name)
        if old is not None and (old.ok, old.message, old.hint) == (ok, message, hint):
            return False
        status = DeviceStatus(name, ok, message, None if old is None else old.ok,
                              name in self._worked, hint)
        self._devices[name] = status
        if ok:
            self._worked.add(name)
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
        return [{"name": s.name, "ok": s.ok, "message": s.message,
                 **({"hint": s.hint} if s.hint else {})}
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


class AudioGone(RuntimeError):
    pass


def sound_card_problem(device: str, cards_file: Path = Path("/proc/asound/cards")) -> str:
    """Why `device` cannot play now ("" when a sound card it can use is there)."""
    try:
        text = cards_file.read_text(errors="replace")
    except OSError:
        return "no ALSA (/proc/asound/cards missing)"
    cards = re.findall(r"^\s*(\d+)\s+\[(\S+)\s*\]", text, re.MULTILINE)
    if not cards:
        return "no sound card"
    m = re.search(r"(?:CARD=|(?:plug)?hw:(?:CARD=)?)([^,\s]+)", device)
    if m:
        want = m.group(1)
        if not any(want in (num, name) for num, name in cards):
            return f"ALSA device {device!r}: its card {want} is not there"
    return ""


def _no_error() -> str:
    return ""


async def watch_audio(device: str, health: Health,
                      playback_error: Callable[[], str] = _no_error,
                      period_s: float = 5.0) -> None:
    """For `supervise`: report the sound card, raise when it is gone (then retried). While
    the card is there, a playback failure (`playback_error()`, cleared when an utterance
    plays again) is what is reported."""
    while True:
        problem = sound_card_problem(device)
        if problem:
            raise AudioGone(problem)
        failed = playback_error()
        health.report("audio", not failed, failed or device)
        await asyncio.sleep(period_s)


async def hold_bells(open_bells: Callable[[], Any], health: Health,
                     holder: list[Any]) -> None:
    """For `supervise`: open the bells and keep them open; `holder[0]` is the open bells.

    GPIO bells work once open. Bells that retry on their own (the bell box: its
    `wait_connected`) report their health themselves, through the sink they were given."""
    bells = open_bells()
    holder[:] = [bells]
    if not hasattr(bells, "wait_connected"):
        health.report("bells", True)
    try:
        await asyncio.Event().wait()
    finally:
        holder.clear()
        bells.close()
