"""Builds the snapshot served at GET /api/state and pushed to the page (schema in
device/web/hub.py), and counts the changes subscribers wait on."""

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
    game_id: int,
    language: str,
    players: list[PlayerInfo],
    outs: list[bool],
    devices: list[dict[str, Any]],
    part: dict[str, Any] | None,
    journal_seq: int,
    games: list[dict[str, Any]],
    extra: dict[str, dict[str, Any] | None] | None = None,
) -> dict[str, Any]:
    """`games` are the games offered (the table of games); each game's part is under its
    name, null but for the one played; `extra` adds what followers show (the simulated
    table as it really is, under "sim")."""
    snap: dict[str, Any] = {
        "seq": seq,
        "journal": journal_seq,
        "game": game,
        "game_id": game_id,
        "games": games,
        "language": language,
        "players": [
            {"seat": i, "name": p.name, "colour": p.colour,
             "out": outs[i] if i < len(outs) else False}
            for i, p in enumerate(players)
        ],
        "devices": devices,
    }
    for offered in games:
        snap[offered["name"]] = None
    snap[game] = part
    snap.update(extra or {})
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
