"""The simulated players of a Nelly game: a game that plays by itself for the demo and the
tests. Like people they read the page (the snapshot: whose turn, what the button means
now) and press their buttons (the simulated bells, the same seam as GPIO); now and then
Nelly wobbles and turtles fall: the player whose move it was presses three times and
tells the page which fell. Some falls they forget to report: the turtles lie on the
player's plants on the simulated table (`SimNellyTable`, which the simulated camera draws),
the box's camera count disagrees, and they answer its question on the page. They set the
camera zones once, as a person would, where the simulated table lays its players out.
When a game is over they start the next one. As at a real table the turtle leaves the
plants before the press that says where it went (the camera sees it gone first).

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
from tableref.device.sim.nelly_table import SimNellyTable
from tableref.device.web.hub import Hub, HubError

log = logging.getLogger("tableref.sim.nelly")
COLOURS = ("red", "yellow", "orange")
LIMITS = {"crab": 14, "rotten": 6}


class SimNellyPlayers:
    name = "sim_nelly"

    def __init__(self, pace: SimConfig, bells: SimBells, seed: int = 1, *,
                 table: SimNellyTable | None = None, press_gap_s: float = 0.15,
                 wobble: float = 0.08, forget: float = 0.4, next_game_s: float = 15.0) -> None:
        self.pace = pace
        self.bells = bells
        self.table = table
        self.forget = forget  # of the falls onto free plants, those nobody reports
        self.unreported: dict[str, Any] | None = None  # the fall the camera must notice
        self.patience_s = 6.0  # the table waits this long for the camera's question
        self._since = 0.0
        self._telling: dict[str, Any] | None = None  # a fall they press for, then tell
        # a turtle put on Nelly whose press the box has not recorded yet: seat, colour, and
        # that seat's count of the colour before it
        self._placing: tuple[int, str, int] | None = None
        self.answered = 0  # camera questions answered
        self.dismissed = 0  # of those, answered "the box is right" (the camera was wrong)
        self._zones_game = 0
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
            if self.table is not None:
                self.table.clear()
            return
        self._show(nelly)
        if not self.pace.bots:
            return  # `[sim] bots = false`: the family plays with the keys and the page
        if await self._camera(hub, snap, nelly):
            return
        if nelly["over"]:
            if self._over_game != snap["game_id"]:
                self._over_game = snap["game_id"]
                await asyncio.sleep(self.next_game_s)
                if hub.snapshot().get("game_id") == snap["game_id"]:
                    with contextlib.suppress(HubError):
                        await hub.apply_settings({"new_game": True})
                    fresh = hub.snapshot().get("nelly")
                    if isinstance(fresh, dict):  # the new game laid out on the table at once
                        self.unreported = self._telling = self._placing = None
                        self._show(fresh)
            return
        if nelly["pressing"]:
            return  # a pattern under way: wait for the box
        fall = self.unreported
        if fall is not None:  # everyone looks at the screen until the camera asks
            if asyncio.get_running_loop().time() - self._since < self.patience_s:
                return
            self.unreported, self._telling = None, fall  # it did not: they tell it
            await self._press(fall["player"], 3)
            return
        if nelly["fall_asked"] is not None:
            seat, told = nelly["fall_asked"], self._telling
            self._telling = None
            if told is None or told["player"] != seat:  # told already (the camera asked)
                await hub.report({"cancel": "fall"})
                return
            await hub.report(told)
            self.falls += 1
            return
        on_nelly = sum(nelly["details"]["nelly_turtles"].values())
        if on_nelly and self.unreported is None and self.rng.random() < self.wobble:
            placed = nelly["details"]["placed"]
            mover = placed[-1] if placed else nelly["turn"]
            fall = self._fall(nelly, mover)
            lands = sum(fall["turtles"].values()) <= nelly["players"][mover]["free_plants"]
            if self._counting(nelly) and lands and self.rng.random() < self.forget:
                self.unreported = fall  # on the table, not told: the camera will see it
                self._since = asyncio.get_running_loop().time()
                self._show(nelly)
                return
            self._telling = fall  # on the table (or back in the box) before the presses
            self._show(nelly)
            await self._press(mover, 3)
            return
        buttons = nelly["buttons"]
        if buttons is None:
            return
        presses = self._presses(buttons["kind"], nelly)
        if self._places(buttons["kind"], presses, nelly):
            seat, colour = buttons["player"], buttons["colour"]
            self._placing = (seat, colour, nelly["players"][seat]["turtles"][colour])
            self._show(nelly)  # on Nelly now; the press comes after
        await self._press(buttons["player"], presses)

    @staticmethod
    def _places(kind: str, presses: int, nelly: dict[str, Any]) -> bool:
        """Do these presses say a turtle was placed (rather than which colour, or more)?"""
        if kind in ("back", "spot"):
            return True
        head = bool(nelly["details"]["expect"] and nelly["details"]["expect"]["head"])
        return kind == "colour" and presses == 1 and not head  # yes: on the back at once

    # -- the table and its camera ---------------------------------------------------------
    def _show(self, nelly: dict[str, Any]) -> None:
        """The simulated table as it really is: the box's count, and a fall not told."""
        if self.table is None:
            return
        turtles = [dict(p["turtles"]) for p in nelly["players"]]
        if self._placing is not None:
            seat, colour, before = self._placing
            placed = nelly["expect"] != {"event": "place", "player": seat} or (
                turtles[seat][colour] != before)
            if placed:  # recorded (or refused): the box's count is the table's again
                self._placing = None
            else:
                turtles[seat][colour] -= 1
        fall = self.unreported or self._telling
        if fall is not None:
            mover = turtles[fall["player"]]
            room = nelly["players"][fall["player"]]["plants"] - sum(mover.values())
            for colour, n in self._landed(fall, room).items():
                mover[colour] += n
        self.table.show(turtles, [p["plants"] for p in nelly["players"]])

    @staticmethod
    def _landed(fall: dict[str, Any], room: int) -> dict[str, int]:
        """The turtles of a fall that find a free plant (red first, as the rules say); the
        players put the rest back in the box."""
        landed = {}
        for colour in COLOURS:
            landed[colour] = min(fall["turtles"].get(colour, 0), max(0, room))
            room -= landed[colour]
        return landed

    def _counting(self, nelly: dict[str, Any]) -> bool:
        camera = nelly["camera"]
        return self.table is not None and bool(camera["counter"]) and bool(camera["zones"])

    async def _camera(self, hub: Hub, snap: dict[str, Any], nelly: dict[str, Any]) -> bool:
        """Set the zones once, answer the camera's questions; True when something was done."""
        camera = nelly["camera"]
        if self.table is not None and camera["counter"] and not camera["zones"] and (
                self._zones_game != snap["game_id"]):
            from tableref.vision.nelly.zones import default_zones, zones_to_json

            self._zones_game = snap["game_id"]
            await hub.report({"zones": zones_to_json(default_zones(len(nelly["players"])))})
            return True
        fall = self.unreported or self._telling  # a fall on the table, not yet reported
        for ask in camera["disagreements"]:
            seat = ask["player"]
            if fall is not None and seat == fall["player"] and ask["more"] == self._landed(
                    fall, nelly["players"][seat]["free_plants"]):
                self.unreported = self._telling = None  # "yes: they fell onto the plants"
                await hub.report(fall)
                self.falls += 1
            else:  # the camera misread: "no, the box is right"
                await hub.report({"camera": "dismiss", "player": seat})
                self.dismissed += 1
            self.answered += 1
            return True
        return False

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
