"""The daemon object: replay of an open game, history, settings, live snapshots."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.store import Store
from tableref.device.web.hub import Hub, HubError, snapshot_problems

CONFIG = '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[voice]\nengine = "none"\n'


def _daemon(tmp: Path) -> Daemon:
    return Daemon(parse_config(CONFIG), Store(tmp / "j.sqlite3"), Equipment())


def _journal(tmp: Path, *events: dict[str, Any]) -> int:
    """A Halli game of Ann and Ben left in the journal with these events; its id."""
    with Store(tmp / "j.sqlite3") as store:
        gid = store.start_game("halli", ["Ann", "Ben"])
        for event in events:
            store.append(gid, event)
    return gid


async def test_a_game_that_ended_just_before_a_kill_goes_to_the_history(tmp_path: Path) -> None:
    _journal(
        tmp_path,
        {"event": "start", "players": ["Ann", "Ben"], "cards": [2, 1]},
        {"event": "flip", "player": 0, "card": "BB", "t_ns": 1},
        {"event": "flip", "player": 1, "card": "pig", "t_ns": 2},
        {"event": "ring", "player": 0, "t_ns": 3, "right": True,
         "presses": [{"player": 0, "t_ns": 3}]},
        {"event": "flip", "player": 0, "card": "pig", "t_ns": 4},
    )
    d = _daemon(tmp_path)
    await d.start()
    try:
        snap = d.snapshot()
        assert snapshot_problems(snap) == []
        assert snap["halli"]["over"] is True and snap["halli"]["winner"] == 0
        assert snap["players"][1]["out"] is True
        history = d.history()
        assert len(history) == 1
        assert history[0]["winner"] == "Ann" and history[0]["scores"] == [3, 0]
        assert history[0]["players"] == ["Ann", "Ben"] and history[0]["game"] == "halli"
    finally:
        await d.stop()
        d.store.close()


async def test_settings_start_a_new_game_and_bad_keys_are_named(tmp_path: Path) -> None:
    d = _daemon(tmp_path)
    assert isinstance(d, Hub)
    await d.start()
    try:
        first = d.game_id
        with pytest.raises(HubError, match="colour: 'red' is not a colour"):
            await d.apply_settings({"players": [{"name": "A"}, {"name": "B", "colour": "red"}]})
        with pytest.raises(HubError, match="speed: unknown setting"):
            await d.apply_settings({"speed": 3})
        with pytest.raises(HubError, match="game: 'chess'"):
            await d.apply_settings({"game": "chess"})
        assert [g["name"] for g in d.snapshot()["games"]] == ["halli", "nimalia", "nelly"]
        await d.apply_settings({"language": "de"})
        assert d.game_id == first and d.snapshot()["language"] == "de"
        await d.apply_settings({"game": "nimalia", "players": [
            {"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "colour": "#00ff00"}]})
        snap = d.snapshot()
        assert d.game_id != first and snap["game"] == "nimalia"
        assert [p["name"] for p in snap["players"]] == ["Ann", "Ben", "Cid"]
        assert snap["players"][2]["colour"] == "#00ff00" and snap["halli"] is None
        assert snapshot_problems(snap) == []
    finally:
        await d.stop()
        d.store.close()


async def test_subscribers_get_the_current_snapshot_then_each_change(tmp_path: Path) -> None:
    d = _daemon(tmp_path)
    await d.start()
    try:
        updates = d.subscribe()
        now = await anext(updates)
        assert now["seq"] == d.changes.seq
        pending = asyncio.ensure_future(anext(updates))
        await asyncio.sleep(0.01)
        assert not pending.done()
        await d.press_bell(1)  # no camera: who was first
        got = await asyncio.wait_for(pending, 2)
        assert got["seq"] > now["seq"] and got["halli"]["locked"] is True
        with pytest.raises(HubError, match="no such seat"):
            await d.press_bell(7)
        await updates.aclose()  # type: ignore[attr-defined]
    finally:
        await d.stop()
        d.store.close()


async def test_a_journal_the_daemon_cannot_fold_is_kept_and_a_new_game_starts(
    tmp_path: Path,
) -> None:
    # Two flips by the same seat in a row: the engine refuses the second one (it is not
    # that seat's turn), as after two daemons wrote one journal.
    broken = _journal(
        tmp_path,
        {"event": "start", "players": ["Ann", "Ben"]},
        {"event": "flip", "player": 0, "card": "B", "t_ns": 1},
        {"event": "flip", "player": 0, "card": "P", "t_ns": 2},
    )
    d = _daemon(tmp_path)
    await d.start()
    try:
        assert d.game_id != broken
        assert d.snapshot()["halli"]["over"] is False
        assert len(d.store.events(broken)) == 3  # nothing of the broken game was lost
    finally:
        await d.stop()
        d.store.close()


async def test_a_game_left_unfinished_keeps_its_card_counts_in_the_history(
        tmp_path: Path) -> None:
    gid = _journal(
        tmp_path,
        {"event": "start", "players": ["Ann", "Ben"], "cards": [5, 4]},
        {"event": "flip", "player": 0, "card": "BB", "t_ns": 1},
        {"event": "flip", "player": 1, "card": "pig", "t_ns": 2},
        {"event": "ring", "player": 0, "t_ns": 3, "right": True,
         "presses": [{"player": 0, "t_ns": 3}]},
    )
    d = _daemon(tmp_path)
    await d.start()
    try:
        holding = [p["holding"] for p in d.snapshot()["halli"]["piles"]]
        assert holding == [6, 3]  # Ann took the two piles
        await d.apply_settings({"new_game": True})
        left = [g for g in d.store.history(abandoned=True) if g["id"] == gid]
        assert left and left[0]["status"] == "abandoned" and left[0]["winner"] is None
        assert left[0]["scores"] == holding
        assert [g["status"] for g in d.history()] == ["abandoned"]  # what the page gets
    finally:
        await d.stop()
        d.store.close()


async def test_a_ring_the_players_settled_counts_as_their_verdict_in_the_history(
        tmp_path: Path) -> None:
    gid = _journal(
        tmp_path,
        {"event": "start", "players": ["Ann", "Ben"], "cards": [5, 4]},
        {"event": "flip", "player": 0, "card": "BB", "t_ns": 1},
        {"event": "ring", "player": 1, "t_ns": 3, "judged": False},
        {"event": "settle", "player": 1, "right": False, "t_ns": 4},
        {"event": "flip", "player": 0, "card": "S", "t_ns": 5},
        {"event": "ring", "player": 0, "t_ns": 6, "judged": False},
    )
    d = _daemon(tmp_path)
    await d.start()
    try:
        assert d.snapshot()["halli"]["settle"] == 0  # Ann's ring waits for the players
        await d.apply_settings({"new_game": True})
        [left] = [g for g in d.store.history(abandoned=True) if g["id"] == gid]
        assert left["rings"] == {"1": {"wrong": 1}, "0": {"unjudged": 1}}
    finally:
        await d.stop()
        d.store.close()
