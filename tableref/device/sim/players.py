"""The simulated players: they follow the game on the page, turn cards in turn, ring with
human timing when asked, gather the cards as the verdicts say, and start the next game.

They see what people at the table see (`Hub.subscribe`: whose turn, the bells locked, the
last verdict, the game over) and act on the table (`SimTable`) and the bells (`SimBells`)
only; the referee learns of it by its camera and its bells, as with a real table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import Any

from tableref.device.config import SimConfig
from tableref.device.sim.bells import SimBells
from tableref.device.sim.table import SimTable
from tableref.device.web.hub import Hub, HubError

log = logging.getLogger("tableref.sim")
NEXT_GAME_AFTER_S = 15.0


class SimPlayers:
    name = "sim"  # the snapshot shows the table as it really is under this key

    def __init__(self, pace: SimConfig, table: SimTable, bells: SimBells,
                 seed: int = 1) -> None:
        self.pace = pace
        self.table = table
        self.bells = bells
        self.rng = random.Random(seed)
        self.paused = False  # the players stop turning cards (and ringing)
        self._moved_ns = 0  # when a card last moved (a flip), on the monotonic clock
        self._counted = asyncio.Event()  # the page counts the cards the table holds
        self._snap: dict[str, Any] | None = None
        self._hub: Hub | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._over_game = 0  # the game whose end the players have seen

    def status(self) -> dict[str, Any] | None:
        world = self.table.world
        if world is None or self._snap is None or self._snap.get("game") != "halli":
            return None
        return {"flips": self.table.flips, "tops": list(world.tops())}

    async def follow(self, hub: Hub) -> None:
        self._hub = hub
        try:
            watch = asyncio.get_running_loop().create_task(self._watch(hub))
            self._tasks.add(watch)
            await self._play()
        finally:
            for task in self._tasks:
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # -- what they see ----------------------------------------------------------------
    async def _watch(self, hub: Hub) -> None:
        async for snap in hub.subscribe():
            try:
                self.saw(snap)
            except Exception:  # a simulated player's mistake must not end the simulation
                log.exception("simulated players: cannot follow the snapshot")

    def saw(self, snap: dict[str, Any]) -> None:
        self._snap = snap
        halli = snap.get("halli")
        if snap.get("game") != "halli" or halli is None:
            return
        table = self.table
        if snap["game_id"] != table.game_id or table.world is None:
            seed = self.pace.seed or random.randrange(1, 2**31)
            names = [p["name"] for p in snap["players"]]
            table.deal(snap["game_id"], names, halli.get("options", {}), seed)
            log.info("simulated table: game %d dealt (seed %d)", snap["game_id"], seed)
        verdict = halli.get("last_verdict")
        if verdict is not None and verdict["seq"] > table.verdicts:
            if verdict["seq"] > table.verdicts + 1:
                log.warning("simulated players missed verdicts %d to %d", table.verdicts + 1,
                            verdict["seq"] - 1)
            table.follow_verdict(verdict["seq"], verdict["player"], verdict["right"])
        if self._page_counts(snap):
            self._counted.set()
        if halli.get("over") and self._over_game != snap["game_id"]:
            self._over_game = snap["game_id"]
            self._spawn(self._next_game_later(snap["game_id"]))

    async def _next_game_later(self, game_id: int) -> None:
        await asyncio.sleep(NEXT_GAME_AFTER_S)
        snap, hub = self._snap, self._hub
        if hub is not None and snap is not None and snap.get("game_id") == game_id:
            with contextlib.suppress(HubError):  # refused (a full disk): the box retries
                await hub.apply_settings({"new_game": True})

    # -- what they do -----------------------------------------------------------------
    async def _play(self) -> None:
        reach_s = min(0.15, self.pace.flip_s / 3)
        while True:
            await asyncio.sleep(self.pace.flip_s - reach_s)
            seat = self._next()
            world = self.table.world
            if world is not None and seat is not None and self.pace.hands:
                world.reach(seat, 2 * reach_s)  # the hand comes, turns the card, goes
                await asyncio.sleep(reach_s)
            self.step()

    def _next(self) -> int | None:
        """The seat that turns a card now (None when nobody may)."""
        snap, world = self._snap, self.table.world
        if world is None or snap is None or snap.get("game") != "halli" or self.paused or (
                self.table.held is not None):  # one of them holds a card up: they wait
            return None
        halli = snap["halli"]
        if halli["locked"] or halli["over"] or snap["game_id"] != self.table.game_id:
            return None
        cameras = [d for d in snap["devices"] if d["name"] == "camera"]
        if not cameras or not cameras[0]["ok"] or self._hub is None or (
                self._hub.camera_jpeg() is None):
            return None  # the players start once the page shows the camera's picture
        if self.pace.max_flips and self.table.flips >= self.pace.max_flips:
            return None
        # patient players (`[sim] patience_s`) turn the next card once the page counts the
        # last one, or after that long: a simulated game that keeps step on a busy machine
        patience_s = self.pace.patience_s
        if patience_s and not self.page_shows_the_table() and (
                time.monotonic_ns() - self._moved_ns < patience_s * 1e9):
            return None
        return world.next_flip()

    def page_shows_the_table(self) -> bool:
        """The page counts every pile, stack and the bell as the table holds them, and no
        ring is being judged."""
        snap = self._snap
        return snap is not None and self._page_counts(snap) and not snap["halli"]["locked"]

    def _page_counts(self, snap: dict[str, Any]) -> bool:
        world, halli = self.table.world, snap.get("halli")
        if world is None or halli is None or snap.get("game") != "halli":
            return False
        return halli["bell"] == len(world.bell) and all(
            (pile["pile"], pile["stack"]) == (len(world.piles[s]), len(world.stacks[s]))
            for s, pile in enumerate(halli["piles"]))

    def step(self) -> None:
        """The next player turns a card now, if one may (and bots ring when it is right).
        They look at the page first, as people glance up: a bell just pressed locks it."""
        if self._hub is not None:
            self.saw(self._hub.snapshot())
        seat = self._next()
        world = self.table.world
        if world is None or seat is None:
            return
        self.table.flip(seat)
        self._moved_ns = time.monotonic_ns()
        self._counted.clear()
        if self.pace.bots and world.ringable():
            state = world.state
            for bot in range(len(world.players)):
                if not world.is_out(bot):
                    self._spawn(self._ring_later(bot, state))

    async def _ring_later(self, bot: int, state: object) -> None:
        """Ring with a human reaction time, counted from when the card can be seen (the
        turning hand gone; patient players: the page counts it too)."""
        world = self.table.world
        reaction_s = self.pace.reaction_ms / 1000
        reaction_s = max(0.15, self.rng.gauss(reaction_s, reaction_s / 4))
        if self.pace.patience_s:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._counted.wait(), self.pace.patience_s)
        await asyncio.sleep((0.0 if world is None else world.hand_gone_in()) + reaction_s)
        world = self.table.world
        if world is None or world.state is not state or self.paused or (
                self.table.held is not None):
            return  # the table changed: too late
        self.bells.press(bot)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
