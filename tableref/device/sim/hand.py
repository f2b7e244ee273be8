"""The simulated table's hand: it holds up under the camera the Halli card the page's
teaching dialog asks for ("hold the monkey card under the camera"), as a person at the
table would, and puts it down when the dialog asks for nothing.

It sees what people see (`Hub.subscribe`: the snapshot's `teaching`) and acts on the table
only (`SimTable.held`, which the simulated camera draws over the bell); the box learns the
card from its camera, as it would at a real table. So the guided enrolment can be tried on
a laptop (`tableref run --sim`). For "fruit" it holds a fruit card of the deck, the same one
while the dialog asks for fruit. The simulated players stop turning cards while a card is
held up (players.py).
"""

from __future__ import annotations

import logging
import random
from typing import Any

from tableref.device.sim.table import SimTable
from tableref.device.sim.world import fruit_deck
from tableref.device.web.hub import Hub

log = logging.getLogger("tableref.sim")
ANIMALS = ("elephant", "monkey", "pig")  # the animal cards of the simulated deck


class SimHand:
    name = "sim_hand"  # shown in the snapshot: what the hand holds up (Halli only)

    def __init__(self, table: SimTable, seed: int = 5) -> None:
        self.table = table
        self.rng = random.Random(seed)
        self._asked: str | None = None
        self._halli = False

    async def follow(self, hub: Hub) -> None:
        async for snap in hub.subscribe():
            try:
                self.saw(snap)
            except Exception:  # the hand's mistake must not end the simulation
                log.exception("simulated hand: cannot follow the snapshot")

    def saw(self, snap: dict[str, Any]) -> None:
        self._halli = snap.get("game") == "halli"
        teaching = snap.get("teaching") if self._halli else None
        asking = teaching.get("asking") if isinstance(teaching, dict) else None
        if asking == self._asked:
            return
        self._asked = asking
        self.table.held = self._card(asking)
        log.info("simulated hand: %s", f"holds up {self.table.held}" if self.table.held
                 else "holds nothing up")

    def _card(self, asking: object) -> str | None:
        if asking == "fruit":
            return self.rng.choice(fruit_deck(self.rng))
        if isinstance(asking, str) and asking.lower() in ANIMALS:
            return asking.lower()
        if asking is not None:
            log.info("simulated hand: the deck has no card %r to hold up", asking)
        return None

    def status(self) -> dict[str, Any] | None:
        return {"held": self.table.held} if self._halli else None
