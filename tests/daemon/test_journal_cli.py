"""`tableref journal list|export`: a real journal file, read while its writer holds it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableref.device.cli import main
from tableref.device.store import Store

EVENTS = [
    {"event": "start", "players": ["Ann", "Ben"]},
    {"event": "flip", "player": 0, "card": "pig", "t_ns": 5},
    {"event": "ring", "player": 1, "t_ns": 9, "right": True,
     "presses": [{"player": 1, "t_ns": 9}]},
]


def test_a_game_exported_while_the_journal_is_held_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.sqlite3"
    with Store(path) as store:  # held, as by a running daemon
        first = store.start_game("nimalia", ["Ann", "Ben"])
        store.finish_game(first, [3, 5], "Ben")
        game = store.start_game("halli", ["Ann", "Ben"])
        for event in EVENTS:
            store.append(game, event)
        assert main(["journal", "list", "--journal", str(path)]) == 0
        listing = capsys.readouterr().out.splitlines()
        assert listing[0].split()[:2] == [str(game), "halli"] and "3 events" in listing[0]
        assert "Ben won" in listing[1]
        out = tmp_path / "game.jsonl"
        assert main(["journal", "export", "--journal", str(path), "-o", str(out)]) == 0
        assert [json.loads(x) for x in out.read_text().splitlines()] == EVENTS
        assert main(["halli", "replay", "--json", str(out)]) == 0
        state = json.loads(capsys.readouterr().out)
        assert state["players"][1]["stack"] == 37 and state["turn"] == 1
        assert main(["journal", "export", "--journal", str(path), str(first)]) == 0
        assert capsys.readouterr().out == ""  # a game with no events: an empty log


def test_a_missing_journal_or_game_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["journal", "list", "--journal", str(tmp_path / "none.sqlite3")]) == 2
    assert "no journal at" in capsys.readouterr().err
    path = tmp_path / "j.sqlite3"
    Store(path).close()
    assert main(["journal", "export", "--journal", str(path)]) == 2
    assert "no games in the journal" in capsys.readouterr().err
    with Store(path) as store:
        store.start_game("halli", ["A", "B"])
    assert main(["journal", "export", "--journal", str(path), "7"]) == 2
    assert "no game 7" in capsys.readouterr().err


def test_an_event_row_that_is_not_json_is_named_not_dropped_silently(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Damage in a finished game's events (the check at the daemon's start reads only the
    open game's): the export keeps what reads, names the rows left out and exits 1."""
    path = tmp_path / "j.sqlite3"
    with Store(path) as store:
        game = store.start_game("halli", ["Ann", "Ben"])
        for event in EVENTS:
            store.append(game, event)
        store.finish_game(game, [1, 2], "Ben")
        store.db.execute("UPDATE journal SET event='{broken' WHERE seq=2")
    assert main(["journal", "export", "--journal", str(path), str(game)]) == 1
    out, err = capsys.readouterr()
    assert [json.loads(x) for x in out.splitlines()] == [EVENTS[0], EVENTS[2]]
    assert "journal event 2 of game 1 is not a JSON object" in err
    assert "left out" in err
