"""A game log given to the wrong game's `replay` (`tableref journal export` does not name
the game) says whose log it is and which command reads it, still as one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableref.device.cli import main
from tableref.device.cli.common import EXIT_BAD_INPUT
from tableref.device.cli.game_log import whose_log

PLAYERS = ["Ann", "Ben", "Cid"]
LOGS = {
    "halli": [{"event": "start", "players": PLAYERS},
              {"event": "flip", "player": 0, "card": "BPL", "t_ns": 1000}],
    "nelly": [{"event": "start", "players": PLAYERS},
              {"event": "roll", "face": "yellow"}],
    "nimalia": [{"event": "start", "players": PLAYERS, "objectives": [4, 5, 16, 19]}],
}


def _log(tmp_path: Path, game: str) -> Path:
    path = tmp_path / f"{game}.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in LOGS[game]), encoding="utf-8")
    return path


@pytest.mark.parametrize(("game", "wrong"), [("halli", "nelly"), ("nelly", "halli")])
def test_the_wrong_replay_names_the_right_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, wrong: str
) -> None:
    path = _log(tmp_path, game)
    assert main([game, "replay", str(path)]) == 0  # the command the hint names reads it
    capsys.readouterr()
    assert main([wrong, "replay", str(path)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0]
    assert f"`tableref {game} replay {path}` reads it" in err[0]


def test_a_nimalia_log_is_named_and_no_command_is_promised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _log(tmp_path, "nimalia")
    for wrong in ("halli", "nelly"):
        assert main([wrong, "replay", str(path)]) == EXIT_BAD_INPUT
        err = capsys.readouterr().err
        assert "a Nimalia game's log" in err and "replay` reads it" not in err


def test_garbage_gets_no_guess(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text('not json\n{"event": "flip"}\n{"event": "roll"}\n[1]\n', encoding="utf-8")
    assert whose_log(path) is None  # events of two games: no guess
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"event": "start", "players": ["A", "B"]}\n' + "[" * 100_000 + "\n",
                    encoding="utf-8")
    assert whose_log(deep) is None  # a line nested too deeply is skipped, not raised
    assert whose_log(tmp_path / "missing.jsonl") is None
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00")
    assert whose_log(tmp_path / "bin.jsonl") is None
    assert main(["halli", "replay", str(path)]) == EXIT_BAD_INPUT
    assert "replay` reads it" not in capsys.readouterr().err
