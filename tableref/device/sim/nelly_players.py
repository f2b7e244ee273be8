"""The simulated players of a Nelly game: a game that plays by itself for the demo and the
tests. Like people they read the page (the snapshot: whose turn, what the button means
now) and press their buttons (the simulated bells, the same seam as GPIO); now and then
Nelly wobbles and turtles fall: the player whose move it was presses three times and
tells the page which fell. When a game is over they start the next one.

What they choose is drawn from their own seeded random source; the die is the box's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from typing import Any

from tableref.device.config import SimConfig
from tableref.device.sim.bells import SimBells
from tableref.device.web.hub import Hub, HubError

log = logging.getLogger("tableref.sim.nelly")
COLOURS = ("red", "yellow", "orange")
LIMITS = {"crab": 14, "rotten": 6}


class SimNellyPlayers:
    name = "sim_nelly"

    def __init__(self, pace: SimConfig, bells: SimBells, seed: int = 1, *,
                 press_gap_s: float = 0.15, wobble: float = 0.08,
                 next_game_s: float = 15.0) -> None:
        self.pace = pace
        self.bells = bells
        self.rng = random.Random(pace.seed or seed)
        self.press_gap_s = press_gap_s
        self.wobble = wobble
        self.next_game_s = next_game_s
        self.paused = False
        self.presses = 0
        self.falls = 0
        self._over_game = 0

    def status(self) -> dict[str, Any] | None:
        return None

    async def follow(self, hub: Hub) -> None:
        while True:
            await asyncio.sleep(self.pace.flip_s)
            if self.paused:
                continue
            try:
                await self.act(hub)
            except HubError as err:  # refused (a full disk...): the next turn tries again
                log.info("simulated Nelly players: %s", err)

    async def act(self, hub: Hub) -> None:
        """One thing the table does now, as people would after a glance at the page."""
        snap = hub.snapshot()
        nelly = snap.get("nelly")
        if snap.get("game") != "nelly" or not isinstance(nelly, dict):
            return
        if nelly["over"]:
            if self._over_game != snap["game_id"]:
                self._over_game = snap["game_id"]
                await asyncio.sleep(self.next_game_s)
                if hub.snapshot().get("game_id") == snap["game_id"]:
                    with contextlib.suppress(HubError):
                        await hub.apply_settings({"new_game": True})
            return
        if nelly["pressing"]:
            return  # a pattern under way: wait for the box
        if nelly["fall_asked"] is not None:
            await hub.report(self._fall(nelly, nelly["fall_asked"]))
            self.falls += 1
            return
        on_nelly = sum(nelly["details"]["nelly_turtles"].values())
        if on_nelly and self.rng.random() < self.wobble:
            placed = nelly["details"]["placed"]
            await self._press(placed[-1] if placed else nelly["turn"], 3)
            return
        buttons = nelly["buttons"]
        if buttons is None:
            return
        await self._press(buttons["player"], self._presses(buttons["kind"], nelly))

    def _presses(self, kind: str, nelly: dict[str, Any]) -> int:
        rng = self.rng
        if kind == "feed":
            turned = nelly["details"]["counters_turned"]
            crabs = LIMITS["crab"] - turned["crab"]
            rotten = LIMITS["rotten"] - turned["rotten"]
            return 1 if rng.randrange(crabs + rotten) < crabs else 2
        if kind == "colour":
            return 1 if rng.random() < 0.6 else 2
        if kind == "spot":
            return 2 if rng.random() < 0.5 else 1
        return 1 if rng.random() < 0.8 else 2  # a press too many is never a mistake

    def _fall(self, nelly: dict[str, Any], seat: int) -> dict[str, Any]:
        on = nelly["details"]["nelly_turtles"]
        pool = [c for c in COLOURS for _ in range(on[c])]
        count = self.rng.randint(1, min(3, len(pool)))
        drawn = self.rng.sample(pool, count)
        on_head = nelly["nelly"]["on_head"]
        on_back = nelly["nelly"]["on_back"]
        from_head = self.rng.randint(max(0, count - on_back), min(count, on_head))
        turtles = {c: drawn.count(c) for c in COLOURS if drawn.count(c)}
        return {"event": "fall", "player": seat, "turtles": turtles, "from_head": from_head}

    async def _press(self, seat: int, times: int) -> None:
        for i in range(times):
            if i:
                await asyncio.sleep(self.press_gap_s)
            self.bells.press(seat)
            self.presses += 1
