"""A damaged journal is set aside, what can be read is kept, and a fresh game starts.

Every test damages a real SQLite file the way a power cut, a failing SD card or a hand edit
would, then opens it the way the daemon does at boot.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tableref.device.store import Store, StoreError

PAGE = 4096


def _journal(path: Path, finished: int = 3, events: int = 40) -> None:
    """A journal with `finished` finished games and one open game of `events` events."""
    with Store(path) as store:
        for i in range(finished):
            gid = store.start_game("halli", ["Ann", "Ben"])
            store.append(gid, {"event": "start", "players": ["Ann", "Ben"]})
            store.finish_game(gid, [40 + i, 32], "Ann")
        gid = store.start_game("halli", ["Ann", "Ben"])
        for n in range(events):
            store.append(gid, {"event": "flip", "player": n % 2, "card": "BBL" + "x" * 200})
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _aside(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if ".damaged-" in p.name
                  and not p.name.endswith(("-wal", "-shm")))


def _reopened(path: Path) -> Store:
    store = Store(path)
    assert store.recovered is not None
    assert "was damaged" in store.recovered and "a new game starts" in store.recovered
    assert _aside(path), "the damaged file is kept"
    assert store.open_game() is None  # the open game of the damaged file is not resumed
    gid = store.start_game("halli", ["Cid", "Dan"])  # and the fresh journal works
    store.append(gid, {"event": "start", "players": ["Cid", "Dan"]})
    return store


def test_a_sound_journal_is_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal(path)
    with Store(path) as store:
        assert store.recovered is None
        game = store.open_game()
        assert game is not None and len(game.events) == 40
    assert _aside(path) == []


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is a shopping list, not a journal\n" * 300)
    with _reopened(path) as store:
        assert store.history() == []
        assert "nothing could be read" in (store.recovered or "")
    assert _aside(path)[0].read_bytes().startswith(b"this is a shopping list")


def test_a_damaged_header_keeps_the_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal(path)
    data = bytearray(path.read_bytes())
    data[:100] = b"\xde\xad" * 50
    path.write_bytes(bytes(data))
    with _reopened(path):
        pass
    assert _aside(path)[0].read_bytes()[:4] == b"\xde\xad\xde\xad"


def test_damage_further_in_keeps_the_history_that_can_be_read(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal(path, finished=3, events=400)
    data = bytearray(path.read_bytes())
    assert len(data) > 12 * PAGE
    last = len(data) // PAGE - 1  # a page of the journal table, far from the games
    data[last * PAGE:(last + 1) * PAGE] = b"\x55" * PAGE
    path.write_bytes(bytes(data))
    with _reopened(path) as store:
        history = store.history()
        assert [h["scores"][0] for h in history] == [42, 41, 40]  # all three finished games
        assert "3 finished game(s)" in (store.recovered or "")


def test_a_row_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal(path, finished=2, events=5)
    db = sqlite3.connect(path)
    db.execute("UPDATE journal SET event='{\"event\": \"flip\", ' WHERE seq = "
               "(SELECT max(seq) FROM journal)")
    db.commit()
    db.close()
    with _reopened(path) as store:
        assert "not a JSON object" in (store.recovered or "")
        assert len(store.history()) == 2


def test_players_that_are_not_json_leave_only_that_game_out(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal(path, finished=3, events=2)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET players='[\"Ann\", ' WHERE id = 2")
    db.commit()
    db.close()
    with _reopened(path) as store:
        assert [h["id"] for h in store.history()] == [3, 1]
        assert "1 unreadable game(s) left out" in (store.recovered or "")


def test_deeply_nested_json_in_a_row_is_damage_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal(path, finished=1, events=1)
    db = sqlite3.connect(path)
    db.execute("UPDATE journal SET event=? WHERE seq = (SELECT max(seq) FROM journal)",
               ("[" * 200_000 + "]" * 200_000,))
    db.commit()
    db.close()
    with _reopened(path) as store:
        assert len(store.history()) == 1


def test_the_wal_goes_aside_with_its_file(tmp_path: Path) -> None:
    """A crash leaves the last commits in the WAL; a damaged file's WAL goes aside with it
    and is never replayed into the fresh journal."""
    path = tmp_path / "journal.sqlite3"
    wal = Path(f"{path}-wal")
    with Store(path) as store:
        gid = store.start_game("halli", ["Ann", "Ben"])
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store.append(gid, {"event": "start", "players": ["Ann", "Ben"]})
        crashed = path.read_bytes(), wal.read_bytes()  # the files as a power cut leaves them
    assert len(crashed[1]) > 0
    path.write_bytes(b"\xff" * 100 + crashed[0][100:])  # its header is lost
    wal.write_bytes(crashed[1])
    with _reopened(path) as store:
        assert store.history() == []
    aside = _aside(path)[0]
    assert Path(f"{aside}-wal").read_bytes() == crashed[1]


def test_two_damaged_journals_in_a_row_are_both_kept(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    for _ in range(2):
        path.write_bytes(b"garbage" * 1000)
        with _reopened(path):
            pass
    assert len(_aside(path)) == 2


def test_a_journal_that_cannot_be_opened_is_an_error_not_a_repair(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.mkdir()  # a folder where the file should be: nothing to set aside
    with pytest.raises(StoreError, match="cannot open the journal"):
        Store(path)


def test_a_full_disk_is_a_store_error_of_kind_full(tmp_path: Path) -> None:
    """SQLite's own max_page_count makes the file full: the same SQLITE_FULL as a full disk."""
    with Store(tmp_path / "journal.sqlite3") as store:
        gid = store.start_game("halli", ["Ann", "Ben"])
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count={pages}")
        with pytest.raises(StoreError, match="the disk is full") as caught:
            for n in range(10_000):
                store.append(gid, {"event": "flip", "player": 0, "card": "BBL", "n": n})
        assert caught.value.kind == "full"
        with pytest.raises(StoreError, match="disk is full: cannot start a new game"):
            for _ in range(10_000):
                store.start_game("halli", ["Ann", "Ben"])
        with pytest.raises(StoreError, match="disk is full: cannot record the end"):
            store.finish_game(gid, [1] * 2000, "Ann")
        assert store.history() == [] and store.open_game() is not None  # reads still work
        store.db.execute(f"PRAGMA max_page_count={pages * 100}")  # space freed
        store.append(gid, {"event": "flip", "player": 0, "card": "BBL"})
        assert store.start_game("halli", ["Ann", "Ben"]) > gid
