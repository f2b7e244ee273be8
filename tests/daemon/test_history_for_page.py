"""History as the page shows it: finished and abandoned games (marked so), with each seat's
rings counted from the journal."""

from __future__ import annotations

from pathlib import Path

from tableref.device.store import Store


def test_abandoned_games_are_in_the_history_with_their_rings(tmp_path: Path) -> None:
    with Store(tmp_path / "j.sqlite3") as store:
        first = store.start_game("halli", ["Ann", "Ben"])
        store.append(first, {"event": "start", "players": ["Ann", "Ben"]})
        store.append(first, {"event": "flip", "player": 0, "card": "BBL"})
        store.append(first, {"event": "ring", "player": 1, "t_ns": 5, "right": False})
        store.append(first, {"event": "ring", "player": 0, "t_ns": 9, "right": True})
        store.append(first, {"event": "ring", "player": 0, "t_ns": 12, "right": True})
        untouched = store.start_game("halli", ["Ann", "Ben"])  # abandons the first
        store.append(untouched, {"event": "start", "players": ["Ann", "Ben"]})
        third = store.start_game("nimalia", ["Ann", "Ben"])  # abandons one never played
        store.finish_game(third, [30, 20], "Ann")
        assert [h["id"] for h in store.history()] == [third]  # finished only, as before
        hist = store.history(abandoned=True)
        assert [(h["id"], h["status"]) for h in hist] == [(third, "finished"),
                                                          (first, "abandoned")]
        assert hist[1]["rings"] == {"0": {"right": 2}, "1": {"wrong": 1}}
        assert hist[0]["rings"] == {}
