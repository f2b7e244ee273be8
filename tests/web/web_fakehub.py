"""A small in-test Hub for the HTTP-contract tests only (the end-to-end test uses the daemon)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from tableref.device.web.hub import HubError, HubUnavailable


class FakeHub:
    """Records what the page asked for and serves a fixed Halli Galli or Nimalia state."""

    def __init__(self, game: str = "halli") -> None:
        self.game = game
        self.presses: list[int] = []
        self.reports: list[dict[str, Any]] = []
        self.uploads: list[tuple[int, bytes, str]] = []
        self.settings: list[dict[str, Any]] = []
        self.camera: bytes | None = None
        self.replay: bytes | None = None
        self.taught: list[str | None] = []
        self.teach_photos: list[tuple[int | None, bytes]] = []  # Nimalia's cards, taught
        self.reads: list[str | None] = []  # what teach reads back, in turn
        self.asking: list[str | None] = []  # what the teaching dialog asked to be held up
        self.language = "en"
        self.journal = 1  # events of the game so far (1: its start)
        self.devices = [{"name": "camera", "ok": True, "message": ""}]
        self.halli: dict[str, Any] = {}  # replaces keys of the Halli view
        self.players: list[dict[str, Any]] | None = None  # replaces the two players
        self.reserves: dict[int, bytes] = {}
        self.seq = 0
        self.verdict: dict[str, Any] | None = None
        self._changed = asyncio.Event()
        self.hold_uploads: asyncio.Event | None = None  # set: uploads wait for it (busy hub)
        self.cannot_record: str | None = None  # set: presses fail as with a full disk

    def _bump(self) -> None:
        self.seq += 1
        self._changed.set()

    def snapshot(self) -> dict[str, Any]:
        players = [
            {"seat": 0, "name": "Ann", "colour": "#e53935", "out": False},
            {"seat": 1, "name": "Ben", "colour": "#1e88e5", "out": False},
        ]
        halli = None
        nimalia = None
        if self.game == "halli":
            halli = {
                "piles": [
                    {"seat": 0, "top": "BBL", "pile": 2, "stack": 34},
                    {"seat": 1, "top": "BBL", "pile": 1, "stack": 35},
                ],
                "bell": 0,
                "turn": 0,
                "locked": False,
                "over": False,
                "winner": None,
                "last_verdict": self.verdict,
                **self.halli,
            }
        else:
            nimalia = {
                "round": 1,
                "objectives": [4, 5],
                "to_photograph": 0,
                "scores": [
                    {"seat": s, "objectives": {"4": 0, "5": 0}, "round_total": 0, "total": 0,
                     "photo": s in self.reserves}
                    for s in (0, 1)
                ],
                "message": "",
            }
        return {
            "seq": self.seq,
            "game": self.game,
            "language": self.language,
            "journal": self.journal,
            "games": [{"name": "halli", "title": "Halli Galli Extreme", "players": [2, 6]},
                      {"name": "nimalia", "title": "Nimalia", "players": [2, 5]}],
            "players": self.players or players,
            "devices": self.devices,
            "halli": halli,
            "nimalia": nimalia,
            "nelly": None,
        }

    async def subscribe(self) -> AsyncIterator[dict[str, Any]]:
        last = -1
        while True:
            if self.seq != last:
                last = self.seq
                yield self.snapshot()
            self._changed.clear()
            await self._changed.wait()

    async def press_bell(self, player: int) -> None:
        if self.cannot_record is not None:
            raise HubUnavailable(self.cannot_record)
        if not 0 <= player < 2:
            raise HubError(f"there is no player {player} (seats 0..1)")
        self.presses.append(player)
        self.verdict = {"seq": len(self.presses), "player": player, "right": True,
                        "text": "right", "reasons": ["two identical cards"],
                        "margin_ms": None, "second": None, "reaction_ms": {}}
        self._bump()

    async def upload_reserve(self, player: int, data: bytes, content_type: str) -> None:
        if self.game != "nimalia":
            raise HubError("the game is not Nimalia: no reserve to score")
        if self.hold_uploads is not None:
            await self.hold_uploads.wait()
        self.uploads.append((player, data, content_type))
        self.reserves[player] = data
        self._bump()

    async def photograph_reserve(self, player: int) -> None:
        if self.camera is None:
            raise HubError("no camera frame to read the reserve from: upload a photo instead")
        await self.upload_reserve(player, self.camera, "image/jpeg")

    async def apply_settings(self, settings: dict[str, Any]) -> None:
        for key in settings:
            if key not in ("game", "language", "players", "new_game"):
                raise HubError(f"unknown setting {key!r}")
        self.settings.append(settings)
        self.game = settings.get("game", self.game)
        self._bump()

    async def teach(self, card: str | None) -> dict[str, Any]:
        self.taught.append(card)
        if self.camera is None:
            raise HubError.said("devices.teach_no_camera")
        return {"taught": card, "read_back": self.reads.pop(0) if self.reads else None,
                "read": []}

    async def teaching(self, asking: str | None) -> None:
        self.asking.append(asking)

    def teach_cards(self) -> dict[str, Any]:
        if self.game != "nimalia":
            raise HubError("the game has no cards to teach from photos")
        return {"wanted": [], "taught": [], "next": None, "cards": {}, "enrolled": False}

    async def teach_photo(self, card: int | None, data: bytes) -> dict[str, Any]:
        self.teach_photos.append((card, data))
        return {**self.teach_cards(), "learnt": card}

    async def report(self, data: dict[str, Any]) -> None:
        if self.game != "nelly":
            raise HubError(f"the game {self.game!r} takes no reports from the page")
        self.reports.append(data)
        self._bump()

    def history(self) -> list[dict[str, Any]]:
        return [{"id": 1, "game": "halli", "started": "2026-11-30T10:00:00+00:00",
                 "ended": "2026-11-30T10:20:00+00:00", "players": ["Ann", "Ben"],
                 "scores": [40, 32], "winner": "Ann"}]

    def camera_jpeg(self) -> bytes | None:
        return self.camera

    def replay_jpeg(self) -> bytes | None:
        return self.replay

    def reserve_jpeg(self, player: int) -> bytes | None:
        return self.reserves.get(player)
