"""The daemon with `[bells] source = "bellbox"`: the real firmware on a pty (as in
test_bellbox_pty), the daemon's own bell opener, a real SQLite journal and a folder camera.
A press on the box rings a verdict judged by edge time; the box pulled out mid-game shows
on the daemon's device health (and is spoken), the page's bells still ring, and the box
plugged back in clears it."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import cv2
import pytest

from tableref.device.camera.sources import FolderSource
from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.halli_session import HalliKit, Timing
from tableref.device.daemon.service import bells_opener
from tableref.device.sim.decks import halli_enrolment
from tableref.device.store import Store
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_scene import render_table

from .pico import PicoTicks, PtyPico

SEED = 7


async def until(check: Callable[[], Any], timeout_s: float = 20.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not (got := check()):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)
    return got


@pytest.fixture
def port(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "ttyACM0"
    yield path
    if path.is_symlink():
        path.unlink()


def _bells(d: Daemon) -> dict[str, Any]:
    devices = {x["name"]: x for x in d.snapshot()["devices"]}
    return devices.get("bells", {})


async def test_the_bell_box_rings_verdicts_and_its_loss_is_reported(
    tmp_path: Path, port: Path
) -> None:
    config = parse_config(
        '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[voice]\nengine = "none"\n'
        f'[bells]\nsource = "bellbox"\nserial_port = "{port}"\n'
    )
    folder = tmp_path / "cam"
    folder.mkdir()
    cv2.imwrite(str(folder / "frame.png"), render_table((None, None), seed=SEED))  # empty
    kit = HalliKit(reader=Recogniser(halli_enrolment(SEED)), timing=Timing(lock_s=0.3))
    equipment = Equipment(camera=FolderSource(folder, fps=20), open_bells=bells_opener(config),
                          kits={"halli": kit})
    pico = PtyPico(port, PicoTicks(origin=4242))
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        await until(lambda: d.health.ok("bells") and d.health.ok("camera"))
        assert "bell box" in _bells(d)["message"]
        await until(lambda: d.snapshot()["halli"]["piles"])  # the game is on: Ann turns a pig
        cv2.imwrite(str(folder / "pig.png"), render_table(("pig", None), seed=SEED))
        os.replace(folder / "pig.png", folder / "frame.png")  # the camera's one picture
        await until(lambda: d.snapshot()["halli"]["piles"][0]["top"] == "pig")
        # Ben's edge 3 ms before Ann's, Ann's interrupt first: the box's ticks decide.
        t = pico.clock.ticks_at(time.monotonic_ns() + 3_000_000)
        pico.press(0, t + 3000)
        pico.press(1, t)
        verdict = await until(lambda: d.snapshot()["halli"]["last_verdict"])
        assert verdict["player"] == 1 and verdict["right"] is True
        verdict = await until(lambda: (v := d.snapshot()["halli"]["last_verdict"])
                              and v["margin_ms"] is not None and v)
        assert verdict["second"] == 0
        assert verdict["margin_ms"] == pytest.approx(3.0, abs=0.05)
        assert pico.leds[1].wait_level(1)  # the winner's LED, lit through the box
        await until(lambda: not d.snapshot()["halli"]["locked"])
        assert pico.leds[1].wait_level(0)
        pico.release(0)
        pico.release(1)

        pico.unplug()  # the USB cable is pulled mid-game
        await until(lambda: not d.health.ok("bells"))
        lost = _bells(d)
        assert lost["ok"] is False and str(port) in lost["message"]
        assert "retrying" in lost["message"]
        await until(lambda: any("bells stopped working" in text for _, text in d.said))
        # the game goes on: a bell on the page still rings
        await d.press_bell(0)
        await until(lambda: d.snapshot()["halli"]["last_verdict"]["player"] == 0)
        await until(lambda: not d.snapshot()["halli"]["locked"])

        pico = PtyPico(port, PicoTicks(origin=99))  # plugged back in
        await until(lambda: d.health.ok("bells"))
        assert "working" in _bells(d)["message"]
        assert any("bells work again" in text for _, text in d.said)
    finally:
        await d.stop()
        d.store.close()
        pico.unplug()
