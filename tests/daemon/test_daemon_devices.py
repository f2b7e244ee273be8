"""The daemon with real bells on gpiozero's MockFactory, a camera that disappears, audio."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import pytest
from daemon_proc_helper import until
from gpiozero.pins.mock import MockFactory

from tableref.device.bells import Bells
from tableref.device.camera.sources import FolderSource
from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.halli_session import HalliKit, Timing
from tableref.device.daemon.health import sound_card_problem
from tableref.device.sim.decks import halli_enrolment
from tableref.device.store import Store
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_scene import render_table

CONFIG = '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[voice]\nengine = "none"\n'
SEED = 7


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.close()



def _table(folder: Path, tops: tuple[str | None, ...]) -> None:
    """The camera's picture of the table from now on (the folder camera reads its one file
    again for every frame; written whole, then put in place)."""
    folder.mkdir(exist_ok=True)
    ok, png = cv2.imencode(".png", render_table(tops, seed=SEED))
    assert ok
    (folder / "frame.part").write_bytes(png.tobytes())
    os.replace(folder / "frame.part", folder / "frame.png")


async def _cards_come(d: Daemon, folder: Path, tops: tuple[str | None, ...]) -> None:
    """The game begins on the empty table; then the cards come (a card lying there before
    anything moved is no seat's first card: `HalliEyes`)."""
    await until(lambda: d.health.ok("camera") and d.snapshot()["halli"]["piles"])
    _table(folder, tops)


def _daemon(tmp: Path, factory: MockFactory, folder: Path, settle_ms: float = 2.0) -> Daemon:
    config = parse_config(CONFIG + f"[bells]\nsettle_ms = {settle_ms}\n")

    def open_bells(sink: Any, _health: Any, release: Any) -> Bells:
        return Bells.from_config(config, on_press=lambda p: sink(p.player, p.t_ns),
                                 on_release=lambda r: release(r.player, r.t_ns),
                                 pin_factory=factory)

    kit = HalliKit(reader=Recogniser(halli_enrolment(SEED)), timing=Timing(lock_s=0.3))
    equipment = Equipment(camera=FolderSource(folder, fps=20), open_bells=open_bells,
                          kits={"halli": kit})
    return Daemon(config, Store(tmp / "j.sqlite3"), equipment)


async def test_a_gpio_bell_rings_the_verdict_and_lights_the_winner(
    tmp_path: Path, factory: MockFactory
) -> None:
    folder = tmp_path / "cam"
    _table(folder, (None, None))
    d = _daemon(tmp_path, factory, folder)
    await d.start()
    try:
        await until(lambda: d.health.ok("bells") and d.health.ok("camera"))
        await _cards_come(d, folder, ("pig", None))
        await until(lambda: d.snapshot()["halli"]["piles"][0]["top"] == "pig")
        factory.pin(6).drive_low()  # Ben's button (GPIO 6)
        await asyncio.sleep(0.005)
        factory.pin(5).drive_low()  # Ann, a few ms later
        verdict = await until(lambda: d.snapshot()["halli"]["last_verdict"])
        assert verdict["player"] == 1 and verdict["right"] is True
        assert verdict["reasons"] == ["a pig"]
        assert factory.pin(13).state == 1 and factory.pin(12).state == 0  # Ben's LED
        await until(lambda: verdict["margin_ms"] is not None or
                    d.snapshot()["halli"]["last_verdict"]["margin_ms"] is not None)
        assert d.snapshot()["halli"]["last_verdict"]["second"] == 0
        await until(lambda: not d.snapshot()["halli"]["locked"])
        assert factory.pin(13).state == 0
        assert d.said[-1][1].startswith("Ben was first")
    finally:
        await d.stop()
        d.store.close()


async def test_a_camera_that_disappears_leaves_arbitration_and_comes_back(
    tmp_path: Path, factory: MockFactory
) -> None:
    folder = tmp_path / "cam"
    _table(folder, (None, None))
    d = _daemon(tmp_path, factory, folder)
    await d.start()
    try:
        await _cards_come(d, folder, ("BB", None))
        await until(lambda: d.snapshot()["halli"]["piles"][0]["top"] == "BB")
        shutil.rmtree(folder)  # unplugged
        await until(lambda: not d.health.ok("camera"))
        assert "stopped working" in d.said[-1][1]
        devices = {x["name"]: x for x in d.snapshot()["devices"]}
        assert devices["camera"]["ok"] is False and devices["camera"]["message"]
        factory.pin(6).drive_low()
        verdict = await until(lambda: d.snapshot()["halli"]["last_verdict"])
        assert verdict["player"] == 1 and verdict["right"] is None  # who was first, only
        assert d.snapshot()["halli"]["piles"][0]["pile"] == 1  # nothing moved
        await until(lambda: not d.snapshot()["halli"]["locked"])
        _table(folder, ("BB", "P"))  # plugged in again
        await until(lambda: d.health.ok("camera"))
        await until(lambda: d.snapshot()["halli"]["piles"][1]["top"] == "P")
        assert any("works again" in text for _, text in d.said)
    finally:
        await d.stop()
        d.store.close()


@pytest.mark.parametrize("settle_ms", [0.0, 50.0])
async def test_the_page_and_the_gpio_bells_meet_in_one_arbiter_with_the_configs_window(
    tmp_path: Path, factory: MockFactory, settle_ms: float
) -> None:
    """Ann rings on the page, Ben on his button a moment later (in the same turn of the
    loop: the window cannot close in between, however busy the machine): with `[bells]
    settle_ms` the arbiter weighs both, without it Ben's press is late. The page's press is
    answered once its ring is recorded."""
    folder = tmp_path / "cam"
    _table(folder, (None, None))
    d = _daemon(tmp_path, factory, folder, settle_ms=settle_ms)
    await d.start()
    try:
        await until(lambda: d.health.ok("bells") and d.health.ok("camera"))
        await _cards_come(d, folder, ("pig", None))
        await until(lambda: d.snapshot()["halli"]["piles"][0]["top"] == "pig")
        page = asyncio.ensure_future(d.press_bell(0))  # the page
        asyncio.get_running_loop().call_soon(factory.pin(6).drive_low)  # Ben's (GPIO 6)
        await page
        verdict = d.snapshot()["halli"]["last_verdict"]
        assert verdict["player"] == 0 and verdict["right"] is True
        ring = next(e for e in d.store.events(d.game_id) if e["event"] == "ring")
        assert [p["player"] for p in ring["presses"]] == [0, 1]
        assert [p.get("late", False) for p in ring["presses"]] == [False, settle_ms == 0]
        assert verdict["second"] == 1 and verdict["margin_ms"] >= 0
    finally:
        await d.stop()
        d.store.close()


def test_the_sound_card_check(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.write_text("--- no soundcards ---\n")
    assert sound_card_problem("default", cards) == "no sound card"
    cards.write_text(" 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n"
                     "                      bcm2835 Headphones\n"
                     " 1 [Device         ]: USB-Audio - USB Audio Device\n")
    assert sound_card_problem("default", cards) == ""
    assert sound_card_problem("plughw:1,0", cards) == ""
    assert sound_card_problem("hw:CARD=Device", cards) == ""
    assert "card 2 is not there" in sound_card_problem("hw:2,0", cards)
    assert "missing" in sound_card_problem("default", tmp_path / "nope")
