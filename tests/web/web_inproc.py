"""A daemon in this process, served on loopback, for the page tests that set up its
equipment themselves (a scripted die, no camera)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from web_daemon import free_port

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.store import Store
from tableref.device.web.app import create_app
from tableref.device.web.limits import start_web


@asynccontextmanager
async def serving(tmp_path: Path, config: str,
                  equipment: Equipment) -> AsyncIterator[tuple[Daemon, str]]:
    """The daemon (`config`, its journal in `tmp_path`) and its page's URL."""
    d = Daemon(parse_config(config), Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    port = free_port()
    runner = await start_web(create_app(d, pin=None, lan=False), "127.0.0.1", port)
    try:
        yield d, f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()
        await d.stop()
        d.store.close()
