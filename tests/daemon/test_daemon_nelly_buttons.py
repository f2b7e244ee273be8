"""Nelly through the daemon with real bells on gpiozero's MockFactory, opened by the
daemon's own bell opener: a tap throws the die, a button held down says turtles fell while
it is still held, once however long it stays down, and jams nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from daemon_proc_helper import until

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nelly_session import NellyKit
from tableref.device.daemon.service import bells_opener
from tableref.device.store import Store
from tableref.games.nelly import FACES, Face

CONFIG = ('game = "nelly"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
          '[voice]\nengine = "none"\n[bells]\npin_factory = "mock"\n')
SPLASH = "Splash! Ben"


class Faces:
    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)

    def randrange(self, stop: int, /) -> int:
        return FACES.index(self.faces.pop(0))


def _kinds(d: Daemon) -> list[str]:
    return [e["event"] for e in d.store.events(d.game_id)]


def _splashes(d: Daemon) -> int:
    return sum(SPLASH in text for _, text in d.said)


async def test_a_held_button_says_turtles_fell_once_and_jams_nothing(tmp_path: Path) -> None:
    config = parse_config(CONFIG)
    kit = NellyKit(rng=Faces([Face.RED]), gesture_s=0.2, hold_s=0.5)
    d = Daemon(config, Store(tmp_path / "j.sqlite3"),
               Equipment(open_bells=bells_opener(config), kits={"nelly": kit}))
    await d.start()
    try:
        await until(lambda: d.health.ok("bells") and d._bells)
        ann: Any = d._bells[0].gpio_pin(0)  # type: ignore[attr-defined]
        ben: Any = d._bells[0].gpio_pin(1)  # type: ignore[attr-defined]
        ann.drive_low()  # a tap: the die
        await asyncio.sleep(0.1)
        ann.drive_high()
        await until(lambda: _kinds(d) == ["start", "roll"])
        await d.report({"event": "place", "player": 0, "colour": "red", "on": "head"})
        assert d.snapshot()["nelly"]["hold_s"] == 0.5
        # Ben holds his button down: turtles fell, said while it is still held
        ben.drive_low()
        await until(lambda: d.snapshot()["nelly"]["fall_asked"] == 1, 5)
        assert _splashes(d) == 1 and ben.state == 0
        await asyncio.sleep(1.5)  # three times the hold: no repeat
        assert _splashes(d) == 1 and d.snapshot()["nelly"]["pressing"] == {}
        # nothing is jammed: the page closes the question, Ben places on the page, Ann's
        # button passes Nelly on, all while Ben's button is still down
        await d.report({"cancel": "fall"})
        await d.report({"event": "place", "player": 1, "colour": "red", "on": "back"})
        ann.drive_low()
        await asyncio.sleep(0.05)
        ann.drive_high()
        await until(lambda: _kinds(d)[-1] == "pass")
        ben.drive_high()  # let go at last: spent, nothing happens
        await asyncio.sleep(0.6)
        assert _splashes(d) == 1 and _kinds(d) == ["start", "roll", "place", "place", "pass"]
        assert d.snapshot()["nelly"]["fall_asked"] is None
        # and Ben's next tap is an ordinary press again (his round: the die)
        kit.rng = Faces([Face.HERON])
        ben.drive_low()
        await asyncio.sleep(0.05)
        ben.drive_high()
        await until(lambda: _kinds(d)[-1] == "roll")
        assert _splashes(d) == 1
    finally:
        await d.stop()
        d.store.close()
