"""A Nelly daemon in this process, served on loopback, with a die that throws the faces a
test asks for: for the Nelly page tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from web_daemon import free_port

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nelly_count import ZoneStore
from tableref.device.daemon.nelly_session import NellyKit
from tableref.device.store import Store
from tableref.device.web.app import create_app
from tableref.device.web.limits import start_web
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
    d = Daemon(parse_config(config), Store(tmp_path / "j.sqlite3"),
               Equipment(kits={"nelly": kit}))
    await d.start()
    port = free_port()
    runner = await start_web(create_app(d, pin=None, lan=False), "127.0.0.1", port)
    try:
        yield d, f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()
        await d.stop()
        d.store.close()
