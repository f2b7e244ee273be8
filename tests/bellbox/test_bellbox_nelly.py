"""Nelly with `[bells] source = "bellbox"`: the real firmware on a pty, the daemon's own bell
opener. The box's releases ("R" lines) reach the game: a tap throws the die, a button held
down says turtles fell."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nelly_session import NellyKit
from tableref.device.daemon.service import bells_opener
from tableref.device.store import Store
from tableref.games.nelly import FACES, Face

from .pico import PicoTicks, PtyPico


class Faces:
    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)

    def randrange(self, stop: int, /) -> int:
        return FACES.index(self.faces.pop(0))


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


async def test_the_bell_box_taps_and_holds_in_a_nelly_game(tmp_path: Path, port: Path) -> None:
    config = parse_config(
        'game = "nelly"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
        f'[voice]\nengine = "none"\n[bells]\nsource = "bellbox"\nserial_port = "{port}"\n')
    kit = NellyKit(rng=Faces([Face.RED]), gesture_s=0.2, hold_s=0.5)
    pico = PtyPico(port, PicoTicks(origin=777))
    d = Daemon(config, Store(tmp_path / "j.sqlite3"),
               Equipment(open_bells=bells_opener(config), kits={"nelly": kit}))
    await d.start()
    try:
        await until(lambda: d.health.ok("bells"))
        pico.press(0, pico.clock.ticks_at(time.monotonic_ns()))
        await asyncio.sleep(0.1)
        pico.release(0)
        await until(lambda: [e["event"] for e in d.store.events(d.game_id)][-1] == "roll")
        await d.report({"event": "place", "player": 0, "colour": "red", "on": "head"})
        pico.press(1, pico.clock.ticks_at(time.monotonic_ns()))  # held down
        await until(lambda: d.snapshot()["nelly"]["fall_asked"] == 1, 5)
        pico.release(1)
        await asyncio.sleep(0.5)
        assert sum("Splash! Ben" in text for _, text in d.said) == 1
    finally:
        await d.stop()
        d.store.close()
        pico.unplug()
