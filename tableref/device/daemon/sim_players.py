"""The simulated players: they turn cards in turn and, when asked, ring with human timing."""

from __future__ import annotations

import asyncio
import random
import time
from typing import TYPE_CHECKING

from tableref.device.config import SimConfig
from tableref.device.daemon.halli_session import HalliSession
from tableref.device.sim import SimWorld

if TYPE_CHECKING:
    from tableref.device.daemon.app import Daemon


class SimPlayers:
    """Drives the simulated table of `daemon` (its `world`, rebuilt from the journal)."""

    def __init__(self, daemon: Daemon, pace: SimConfig, seed: int = 1) -> None:
        self.daemon = daemon
        self.pace = pace
        self.rng = random.Random(seed)
        self.paused = False  # the players stop turning cards (and ringing)

    async def run(self) -> None:
        reach_s = min(0.15, self.pace.flip_s / 3)
        while True:
            await asyncio.sleep(self.pace.flip_s - reach_s)
            world, seat = self._next()
            if world is not None and seat is not None and self.pace.hands:
                world.reach(seat, 2 * reach_s)  # the hand comes, turns the card, goes
                await asyncio.sleep(reach_s)
            self.step()

    def _next(self) -> tuple[SimWorld | None, int | None]:
        """The world and the seat that turns a card now (None when nobody may)."""
        d = self.daemon
        world, session = d.world, d.session
        if world is None or not isinstance(session, HalliSession) or session.locked \
                or session.rules.over or self.paused or d.last_frame is None:
            return world, None  # (the players start once the referee's camera sees them)
        if self.pace.max_flips and d.sim_flips >= self.pace.max_flips:
            return world, None
        return world, world.next_flip()

    def step(self) -> None:
        d = self.daemon
        world, seat = self._next()
        if world is None or seat is None:
            return
        d.journal({"event": "sim_flip", "player": seat})
        world.flip(seat)
        d.sim_flips += 1
        if self.pace.bots and world.ringable():
            shown = time.monotonic_ns()
            for bot in range(len(world.players)):
                if not world.rules.is_out(bot):
                    d.spawn(self._ring_later(bot, shown, world.rules.state))

    async def _ring_later(self, bot: int, shown_ns: int, state: object) -> None:
        mean = self.pace.reaction_ms / 1000
        await asyncio.sleep(max(0.15, self.rng.gauss(mean, mean / 4)))
        world = self.daemon.world
        if world is None or world.rules.state is not state or self.paused:
            return  # the table changed: too late
        self.daemon.press(bot, time.monotonic_ns())
