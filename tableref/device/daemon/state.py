"""The snapshot served at GET /api/state and pushed to the page (schema: device/web/hub.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any


@dataclass
class PlayerInfo:
    name: str
    colour: str


DEFAULT_COLOURS = ("#e53935", "#1e88e5", "#43a047", "#fdd835", "#8e24aa", "#fb8c00")


def build_snapshot(
    *,
    seq: int,
    game: str,
    language: str,
    players: list[PlayerInfo],
    outs: list[bool],
    devices: list[dict[str, Any]],
    part: dict[str, Any] | None,
    journal_seq: int,
    sim: dict[str, Any] | None = None,
) -> dict[str, Any]:
    snap: dict[str, Any] = {
        "seq": seq,
        "journal": journal_seq,
        "game": game,
        "language": language,
        "players": [
            {"seat": i, "name": p.name, "colour": p.colour,
             "out": outs[i] if i < len(outs) else False}
            for i, p in enumerate(players)
        ],
        "devices": devices,
        "halli": None,
        "nimalia": None,
        "nelly": None,
    }
    if game in ("halli", "nimalia", "nelly"):
        snap[game] = part
    if sim is not None:  # the simulated table as it really is (the referee sees it by camera)
        snap["sim"] = sim
    return snap


class Changes:
    """A change counter subscribers wait on; slow subscribers skip to the latest."""

    def __init__(self) -> None:
        self.seq = 0
        self._event = asyncio.Event()

    def bump(self) -> None:
        self.seq += 1
        self._event.set()
        self._event = asyncio.Event()

    async def follow(
        self, snapshot: Callable[[], dict[str, Any]]
    ) -> AsyncIterator[dict[str, Any]]:
        last = -1
        while True:
            if self.seq == last:
                await self._event.wait()
            last = self.seq
            yield snapshot()
