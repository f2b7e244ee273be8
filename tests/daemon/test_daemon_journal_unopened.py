"""A journal that cannot be opened at all: the daemon comes up anyway, serves the page with
the problem and what to do, plays no game, and opens the journal once it can.

Here in one process with a real Store on real files (a folder where the file should be);
tests/web/test_web_journal_unopened.py does it with `tableref run` itself, a read-only
file system of its own and the page in a real browser.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import tableref.device.daemon.app as daemon_app
from tableref.device.config import parse_config
from tableref.device.daemon.app import JOURNAL_UNOPENED, Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.store import Store, StoreError, unopenable
from tableref.device.web.hub import HubUnavailable

CONFIG = '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[voice]\nengine = "none"\n'


def _unopened(d: Daemon) -> dict[str, Any] | None:
    return next((x for x in d.snapshot()["devices"] if x["name"] == JOURNAL_UNOPENED), None)


async def _until(check: Any, timeout_s: float = 10) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout_s
    while not check():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.02)


async def test_a_folder_where_the_journal_should_be_is_said_and_the_game_starts_once_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daemon_app, "RETRY_S", 0.1)
    path = tmp_path / "journal.sqlite3"
    path.mkdir()
    (path / "something").write_text("kept")
    d = Daemon(parse_config(CONFIG), Store(path, opened=False), Equipment())
    await d.start()  # no exception: the box is up
    try:
        shown = _unopened(d)
        assert shown is not None and not shown["ok"]
        assert shown["hint"] == "not_a_file"
        assert str(path) in shown["message"]
        assert d.session is None and d.snapshot()["halli"] is None
        with pytest.raises(HubUnavailable, match="cannot open its game record"):
            await d.press_bell(0)
        with pytest.raises(HubUnavailable):
            d.history()
        # the players set up meanwhile are the game's once it starts
        await d.apply_settings({"players": [{"name": "Cid"}, {"name": "Dora"}],
                                "new_game": True})
        await asyncio.sleep(0.3)  # tried again and again: still the folder
        assert d.session is None and (path / "something").read_text() == "kept"
        (path / "something").unlink()
        path.rmdir()
        await _until(lambda: d.session is not None)
        shown = _unopened(d)
        assert shown is not None and shown["ok"]
        assert [p["name"] for p in d.snapshot()["players"]] == ["Cid", "Dora"]
        await d.press_bell(1)
        assert [g["players"] for g in d.store.games()] == [["Cid", "Dora"]]
        assert d.store.events(d.game_id)[-1]["event"] == "ring"
    finally:
        await d.stop()
        d.store.close()


async def test_another_tableref_holding_the_journal_is_still_an_exit(tmp_path: Path) -> None:
    """That one is the box (restarted by systemd until it lets go): this one stops."""
    path = tmp_path / "journal.sqlite3"
    with Store(path):
        d = Daemon(parse_config(CONFIG), Store(path, opened=False), Equipment())
        with pytest.raises(StoreError, match="in use by another tableref") as err:
            await d.start()
        assert err.value.kind == "busy"
        await d.stop()


def test_what_the_file_system_says_is_wrong(tmp_path: Path) -> None:
    folder = tmp_path / "journal.sqlite3"
    folder.mkdir()
    assert unopenable(folder) == "not_a_file"
    assert unopenable(tmp_path / "fine.sqlite3") == ""
    assert unopenable(tmp_path / "not" / "yet" / "made.sqlite3") == ""
