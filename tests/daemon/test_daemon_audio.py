"""The voice's ALSA playback failing mid-game: `aplay` (a stand-in on PATH, the seam is the
subprocess) exits non-zero; the daemon's device health shows it, the game goes on, and the
next utterance after the device is back clears it. Real espeak-ng, real SQLite journal."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest
from daemon_proc_helper import until

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.halli_session import HalliKit, Timing
from tableref.device.store import Store
from tableref.device.voice import Voice

CONFIG = ('[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
          '[voice]\nengine = "espeak-ng"\ndevice = "plughw:CARD=Speaker"\n')

FAKE_APLAY = """#!/bin/sh
# aplay as ALSA answers when the device is missing; plays (swallows the PCM) otherwise
if [ -e "{broken}" ]; then
    cat > /dev/null
    echo "aplay: main:831: audio open error: No such file or directory" >&2
    exit 1
fi
cat > /dev/null
"""



def _audio(d: Daemon) -> dict[str, Any]:
    return {x["name"]: x for x in d.snapshot()["devices"]}.get("audio", {})


async def test_aplay_failures_reach_the_device_health_and_clear(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "unplugged"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    aplay = bin_dir / "aplay"
    aplay.write_text(FAKE_APLAY.format(broken=broken))
    aplay.chmod(aplay.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    config = parse_config(CONFIG)
    voice = Voice(config, cache=tmp_path / "voice-cache")
    d = Daemon(config, Store(tmp_path / "j.sqlite3"),
               Equipment(speaker=voice, kits={"halli": HalliKit(timing=Timing(lock_s=0.1))}))
    await d.start()
    try:
        broken.touch()  # the USB speaker is pulled out
        await d.press_bell(1)
        await until(lambda: _audio(d).get("ok") is False)
        message = _audio(d)["message"]
        assert "aplay" in message and "audio open error" in message
        assert "plughw:CARD=Speaker" in message
        # the game goes on without sound
        await until(lambda: not d.snapshot()["halli"]["locked"])
        assert d.snapshot()["halli"]["last_verdict"]["player"] == 1
        broken.unlink()  # plugged back in: the next utterance plays, the health clears
        await d.press_bell(0)
        await until(lambda: _audio(d).get("ok") is True, 30)
        await until(lambda: any("works again" in text for _, text in d.said))
        assert d.snapshot()["halli"]["last_verdict"]["player"] == 0
    finally:
        await d.stop()
        d.store.close()
        voice.close()
