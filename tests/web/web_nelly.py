"""A Nelly daemon in this process, served on loopback, with a die that throws the faces a
test asks for: for the Nelly page tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from web_inproc import serving

from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nelly_count import ZoneStore
from tableref.device.daemon.nelly_session import NellyKit
from tableref.games.nelly import FACES, Face


class Faces:
    """The die's random source: these faces in turn, then `rest` (None: no more throws)."""

    def __init__(self, faces: Sequence[Face], rest: Face | None = None) -> None:
        self.faces = list(faces)
        self.rest = rest

    def randrange(self, stop: int, /) -> int:
        if not self.faces and self.rest is not None:
            return FACES.index(self.rest)
        return FACES.index(self.faces.pop(0))


@asynccontextmanager
async def serving_nelly(tmp_path: Path, config: str,
                        faces: Faces) -> AsyncIterator[tuple[Daemon, str]]:
    """The daemon (`config`, the camera's count always empty) and its page's URL."""
    kit = NellyKit(rng=faces, gesture_s=0.3, counter=lambda image, zones: {"zones": []},
                   zones=ZoneStore(tmp_path / "zones.json"))
    async with serving(tmp_path, config, Equipment(kits={"nelly": kit})) as served:
        yield served
