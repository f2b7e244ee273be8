import sqlite3
from pathlib import Path

from tableref.device.store import Store


def test_events_are_on_disk_and_replayed_in_order(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with Store(path) as store:
        gid = store.start_game("halli", ["Ann", "Ben"])
        store.append(gid, {"event": "start", "players": ["Ann", "Ben"]})
        store.append(gid, {"event": "flip", "player": 0, "card": "BBL"})
    # a second connection (as after a restart) sees everything
    with Store(path) as again:
        game = again.open_game()
        assert game is not None
        assert game.id == gid and game.game == "halli" and game.players == ["Ann", "Ben"]
        assert [e["event"] for e in game.events] == ["start", "flip"]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_synchronous_full(tmp_path: Path) -> None:
    with Store(tmp_path / "j.sqlite3") as store:
        assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_finished_games_are_history_and_a_new_game_abandons_the_open_one(
    tmp_path: Path,
) -> None:
    with Store(tmp_path / "j.sqlite3") as store:
        first = store.start_game("halli", ["Ann", "Ben"])
        store.finish_game(first, [40, 32], "Ann")
        second = store.start_game("nimalia", ["Ann", "Ben", "Cid"])
        third = store.start_game("halli", ["X", "Y"])  # abandons the second
        game = store.open_game()
        assert game is not None and game.id == third
        hist = store.history()
        assert [h["id"] for h in hist] == [first]
        assert hist[0]["scores"] == [40, 32] and hist[0]["winner"] == "Ann"
        assert hist[0]["players"] == ["Ann", "Ben"] and hist[0]["ended"]
        assert second not in [h["id"] for h in hist]
        store.finish_game(third, [1, 1], None)
        assert store.open_game() is None
        assert [h["id"] for h in store.history()] == [third, first]


def test_a_second_store_on_the_same_journal_is_refused_by_name(tmp_path: Path) -> None:
    import pytest

    from tableref.device.store import StoreError

    path = tmp_path / "j.sqlite3"
    with Store(path), pytest.raises(StoreError, match="in use by another tableref process"):
        Store(path)
    with Store(path):  # the lock went with the first store
        pass
