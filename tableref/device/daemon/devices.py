"""Hardware the daemon supervises: the bell buttons and the sound card (retried on failure)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tableref.device.daemon.health import Health

BellSink = Callable[[int, int], None]  # (player, edge time ns), called on the bells' thread
# (ok, message): bells that watch themselves (the Pico bell box) say when they are lost and
# back; called on the bells' thread
BellHealthSink = Callable[[bool, str], None]


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
