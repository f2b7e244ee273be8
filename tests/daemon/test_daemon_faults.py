"""The daemon when the journal fails: a full disk is said plainly and survived, a press not
recorded is never "ok", a damaged journal is shown on the screen, odd settings are named.

A full disk is SQLite's own seam: `PRAGMA max_page_count` makes the file full, and SQLite
then fails every write with SQLITE_FULL, the very error of a full SD card.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import tableref.device.daemon.app as daemon_app
from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.store import Store, StoreError
from tableref.device.web.hub import HubError, HubUnavailable

CONFIG = '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[voice]\nengine = "none"\n'


def _daemon(tmp: Path) -> Daemon:
    return Daemon(parse_config(CONFIG), Store(tmp / "j.sqlite3"), Equipment())


def _fill(store: Store) -> int:
    """The disk is full from now on; returns the page count to free it again with."""
    pages = int(store.db.execute("PRAGMA page_count").fetchone()[0])
    store.db.execute(f"PRAGMA max_page_count={pages}")
    return pages


def _free(store: Store, pages: int) -> None:
    store.db.execute(f"PRAGMA max_page_count={pages * 1000}")


def _journal_problem(d: Daemon) -> str:
    return next((x["message"] for x in d.snapshot()["devices"]
                 if x["name"] == "journal" and not x["ok"]), "")


async def _until(check: object, timeout_s: float = 10) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout_s
    while not check():  # type: ignore[operator]
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.05)


async def test_a_press_on_a_full_disk_is_not_ok_and_the_game_goes_on_after(
        tmp_path: Path) -> None:
    d = _daemon(tmp_path)
    await d.start()
    try:
        pages = _fill(d.store)
        with pytest.raises(StoreError):  # the rest of the card fills up
            for _ in range(10_000):
                d.store.append(d.game_id, {"event": "filler"})
        stuck = d.journal_seq
        # not known yet: the ring is judged and cannot be recorded; the page's press is held
        # until then, and is not "ok"
        with pytest.raises(HubUnavailable, match=r"disk is full.*the ring was not recorded"):
            await d.press_bell(0)
        assert _journal_problem(d) != ""
        assert d.journal_seq == stuck
        assert "the disk is full" in _journal_problem(d)
        assert "waits until space is freed" in _journal_problem(d)
        with pytest.raises(HubUnavailable, match=r"disk is full.*the press was not taken"):
            await d.press_bell(1)  # from then on a press is refused, until space is freed
        _free(d.store, pages)
        await _until(lambda: not d.snapshot()["halli"]["locked"])  # the bells unlock
        await d.press_bell(1)  # the journal is tried again, and the game goes on
        assert _journal_problem(d) == ""
        await _until(lambda: d.journal_seq > stuck)
    finally:
        await d.stop()
        d.store.close()


async def test_a_new_game_on_a_full_disk_is_a_503_and_comes_when_space_is_freed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daemon_app, "RETRY_S", 0.1)
    d = _daemon(tmp_path)
    await d.start()
    try:
        first = d.game_id
        pages = _fill(d.store)
        with pytest.raises(HubUnavailable, match="disk is full"):
            for _ in range(400):
                await d.apply_settings({"new_game": True})
        assert d.session is None and "no new game" in _journal_problem(d)
        with pytest.raises(HubUnavailable, match="no new game until it can be recorded"):
            await d.press_bell(0)
        _free(d.store, pages)
        await _until(lambda: d.session is not None and d.journal_seq == 1)
        assert d.game_id > first and _journal_problem(d) == ""
        assert d.snapshot()["halli"] is not None
    finally:
        await d.stop()
        d.store.close()


async def test_a_box_that_boots_on_a_full_disk_says_so_and_starts_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daemon_app, "RETRY_S", 0.1)
    d = _daemon(tmp_path)
    old = d.store.start_game("halli", ["X", "Y"])
    d.store.finish_game(old, [1, 0], "X")
    pages = _fill(d.store)
    with pytest.raises(StoreError):  # the card fills up to the last byte
        for _ in range(10_000):
            d.store.append(old, {"event": "filler"})
    await d.start()  # no exception: the box is up, the screen says why there is no game
    try:
        assert d.session is None and "disk is full" in _journal_problem(d)
        _free(d.store, pages)
        await _until(lambda: d.session is not None)
    finally:
        await d.stop()
        d.store.close()


async def test_a_repaired_journal_is_shown_on_the_screen(tmp_path: Path) -> None:
    (tmp_path / "j.sqlite3").write_bytes(b"not a journal at all" * 100)
    d = _daemon(tmp_path)
    await d.start()
    try:
        shown = [x for x in d.snapshot()["devices"] if x["name"] == "journal repaired"]
        assert shown and not shown[0]["ok"]
        assert "was damaged" in shown[0]["message"] and ".damaged-" in shown[0]["message"]
        assert d.session is not None  # and a new game is played
        await d.press_bell(0)
    finally:
        await d.stop()
        d.store.close()


async def test_settings_are_held_to_their_types_and_the_names_rule(tmp_path: Path) -> None:
    d = _daemon(tmp_path)
    await d.start()
    try:
        first = d.game_id
        for value in ("no", 1, "false", None, [True]):
            with pytest.raises(HubError, match="new_game: must be true or false"):
                await d.apply_settings({"new_game": value})
        assert d.game_id == first
        with pytest.raises(HubError, match=r"players\[1\]\.name: 'ann' is already taken"):
            await d.apply_settings({"players": [{"name": "Ann"}, {"name": " ann "}]})
        with pytest.raises(HubError, match="at most 24"):
            await d.apply_settings({"players": [{"name": "A"}, {"name": "B" * 25}]})
        await d.apply_settings({"players": [{"name": " Ann  Lee "}, {"name": "Ben"}]})
        assert d.snapshot()["players"][0]["name"] == "Ann Lee"
        await d.apply_settings({"new_game": False})
    finally:
        await d.stop()
        d.store.close()


def test_a_photo_too_large_or_cut_short_is_refused_before_recognition() -> None:
    import cv2
    import numpy as np

    from tableref.device.daemon.nimalia_photos import PhotoError, read_reserve
    from tableref.vision.synth.hostile_images import png_claiming

    never = object()  # no enrolment is needed: the photo is refused before it is read
    with pytest.raises(PhotoError, match=r"400 megapixels .* the limit is 50 megapixels"):
        read_reserve(png_claiming(20_000, 20_000), never)  # type: ignore[arg-type]
    jpeg = cv2.imencode(".jpg", np.full((300, 400, 3), 90, np.uint8))[1].tobytes()
    with pytest.raises(PhotoError, match="cut short"):
        read_reserve(jpeg[: len(jpeg) // 2], never)  # type: ignore[arg-type]


@pytest.mark.parametrize("damage", [
    "UPDATE games SET game='chess' WHERE status='open'",  # a game this box does not referee
    "UPDATE journal SET event='{\"event\": \"bogus\"}' WHERE seq=(SELECT max(seq) FROM journal)",
    "UPDATE journal SET event='{\"event\": \"start\", \"players\": [\"Ann\"]}' "
    "WHERE seq=(SELECT min(seq) FROM journal)",  # one player: no game
    # names the naming rule refuses (one name differing only in case and spaces, a name
    # with spaces around it, one of 25 characters, a control character, not a string):
    # the box never wrote them, so the row is damaged
    "UPDATE games SET players='[\"Ann\", \"ann \"]' WHERE status='open'",
    "UPDATE games SET players='[\" Ann\", \"Ben\"]' WHERE status='open'",
    f"UPDATE games SET players='[\"Ann\", \"{'B' * 25}\"]' WHERE status='open'",
    "UPDATE games SET players='[\"Ann\", \"B\\u0007n\"]' WHERE status='open'",
    "UPDATE games SET players='[\"Ann\", 7]' WHERE status='open'",
    "UPDATE games SET players='[\"Ann\"]' WHERE status='open'",
], ids=["unknown-game", "unknown-event", "one-player", "names-alike", "spaces-around",
        "name-too-long", "control-character", "not-a-string", "one-name"])
async def test_an_open_game_that_cannot_be_resumed_leaves_a_new_game_and_a_note(
        tmp_path: Path, damage: str) -> None:
    """A journal that is sound SQLite and JSON, but whose open game this code cannot fold:
    the box starts a new game of its own settings (never of the damaged row's), and the
    screen keeps saying why after the new game's first events are recorded."""
    d = _daemon(tmp_path)
    await d.start()
    await d.press_bell(0)
    old = d.game_id
    await d.stop()
    d.store.db.execute(damage)
    d.store.db.commit()
    d.store.close()
    d = _daemon(tmp_path)
    await d.start()
    try:
        assert d.session is not None and d.game_id > old
        assert d.snapshot()["game"] == "halli"
        assert [p["name"] for p in d.snapshot()["players"]] == ["Ann", "Ben"]
        await d.press_bell(1)  # a new event recorded: the journal works
        note = [x for x in d.snapshot()["devices"] if x["name"] == "journal resumed"]
        assert note and not note[0]["ok"]
        assert f"game {old} could not be resumed" in note[0]["message"]
        assert [g["status"] for g in d.store.games() if g["id"] == old] == ["abandoned"]
    finally:
        await d.stop()
        d.store.close()


async def test_a_press_is_answered_once_its_ring_is_recorded(tmp_path: Path) -> None:
    """The page's bell is answered after the settle window, when its ring is on disk."""
    d = _daemon(tmp_path)
    await d.start()
    try:
        before = d.journal_seq
        await d.press_bell(1)
        assert d.journal_seq == before + 1  # the ring, recorded before the answer
    finally:
        await d.stop()
        d.store.close()
