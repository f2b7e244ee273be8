"""`tableref nelly roll` and `tableref nelly replay` as the spec gives them."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tableref.device.cli import main

LOGS = Path(__file__).parent / "logs"
FACES = {"all", "yellow", "orange", "red", "heron", "plants"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_json_is_exactly_the_spec_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "nelly", "replay", "--json", str(LOGS / "spec_example.jsonl"))
    assert (code, err) == (0, "")
    state = json.loads(out)
    ann = {"name": "Ann", "turtles": {"red": 3, "yellow": 3, "orange": 3}, "plants": 9,
           "free_plants": 0}
    assert state == {
        "players": [ann, {**ann, "name": "Ben"}],
        "nelly": {"head": "surfaced", "on_head": 0, "on_back": 0},
        "box": {"turtles": 0, "plants": 0},
        "round": 1, "turn": 0, "face": None,
        "expect": {"event": "roll", "player": 0},
        "favoured_hand": None, "over": False, "winner": None,
    }
    assert list(state) == ["players", "nelly", "box", "round", "turn", "face", "expect",
                           "favoured_hand", "over", "winner"]
    assert list(state["players"][0]) == ["name", "turtles", "plants", "free_plants"]
    assert list(state["players"][0]["turtles"]) == ["red", "yellow", "orange"]
    assert list(state["nelly"]) == ["head", "on_head", "on_back"]


def test_replay_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "nelly", "replay", str(LOGS / "four_players_to_the_end.jsonl"))
    assert code == 0
    assert out.splitlines() == [
        "0  Ann  red 1  yellow 0  orange 0  plants 4 (3 free)  (favoured hand)",
        "1  Ben  red 1  yellow 0  orange 0  plants 4 (3 free)",
        "2  Cid  red 1  yellow 0  orange 0  plants 4 (3 free)",
        "3  Dee  red 0  yellow 0  orange 0  plants 4 (4 free)  (winner)",
        "Nelly: head submerged, 2 on the head, 15 on the back",
        "box: 0 turtles, 4 plants",
        "round 5, Ann's: the die shows all",
        "over: Dee wins (seat 3)",
    ]
    code, out, _ = run(capsys, "nelly", "replay", str(LOGS / "feed_crab_turns_the_head.jsonl"))
    assert out.splitlines()[-3:] == [
        "box: 1 turtle, 1 plant",
        "round 2, Ben's: the die shows yellow",
        "next: Ben must pass Nelly on",
    ]


def test_a_refused_line_is_named_with_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    log = LOGS / "head_full.jsonl"
    code, out, err = run(capsys, "nelly", "replay", "--json", str(log))
    assert (code, out) == (2, "")
    assert err == (f"tableref: error: {log}: line 13: Ann cannot place on the head: it holds "
                   "2 turtles already\n")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "line 1: the log holds no events"),
        (b'{"event": "start", "players": ["Ann", "Ben"]}\n\xff\xfe\n', "not UTF-8 text"),
        (b'{"event": "start", "players": ["Ann", "Ben"]}\n\n{"event": "roll", "face": 3}\n',
         "line 3: 'face' of a roll event must be one of"),
    ],
)
def test_bad_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes,
                  message: str) -> None:
    log = tmp_path / "game.jsonl"
    log.write_bytes(content)
    code, out, err = run(capsys, "nelly", "replay", str(log))
    assert (code, out) == (2, "")
    assert message in err and str(log) in err


def test_a_missing_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "nelly", "replay", str(tmp_path / "none.jsonl"))
    assert code == 2 and "No such file" in err
    code, _, err = run(capsys, "nelly", "replay", str(tmp_path))
    assert code == 2 and "cannot read" in err


def test_roll_with_a_seed_is_repeatable_and_every_face_comes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    faces: Counter[str] = Counter()
    for seed in range(300):
        code, out, _ = run(capsys, "nelly", "roll", "--seed", str(seed))
        assert code == 0
        faces[out.strip()] += 1
        assert run(capsys, "nelly", "roll", "--seed", str(seed))[1] == out
    assert set(faces) == FACES
    code, out, _ = run(capsys, "nelly", "roll")
    assert code == 0 and out.strip() in FACES


def test_roll_refuses_a_seed_that_is_no_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["nelly", "roll", "--seed", "x"])
    assert info.value.code == 2
    assert "invalid int value: 'x'" in capsys.readouterr().err


def test_the_help_names_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["nelly", "replay", "--help"])
    assert "exit codes: 0 done, 2 bad input" in capsys.readouterr().out
