import json
from pathlib import Path

import pytest

from tableref.device.cli import main

LOGS = Path(__file__).parent / "logs"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_verdict_ring(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "halli", "verdict", "bbl", "LBB", "P") == (
        0,
        "ring\n- two identical fruit cards (BBL)\n",
        "",
    )


def test_verdict_no_ring_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "halli", "verdict", "monkey", "L", "BB", "BB")
    assert code == 0
    assert out.splitlines() == [
        "no ring",
        "- veto: a monkey and a lime (L)",
        "- two identical fruit cards (BB)",
    ]


def test_verdict_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "halli", "verdict", "--json", "pig", "elephant", "S")
    assert code == 0
    assert json.loads(out) == {
        "ring": False,
        "reasons": ["veto: an elephant and a strawberry (S)", "a pig"],
    }
    code, out, _ = run(capsys, "halli", "verdict", "--json", "pig")
    assert json.loads(out) == {"ring": True, "reasons": ["a pig"]}


def test_verdict_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "halli", "verdict", "elephant")[1].startswith("no ring\n")
    assert run(capsys, "halli", "verdict", "--elephant-alone-rings", "elephant")[1].startswith(
        "ring\n"
    )


def test_verdict_bad_card_names_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "halli", "verdict", "BB", "BXL")
    assert code == 2
    assert out == ""
    assert err.startswith("tableref: error: 'BXL' is not a card: 'X' is not a fruit letter")


def test_replay_json_is_exactly_the_spec_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "halli", "replay", "--json", str(LOGS / "spec_example.jsonl"))
    assert code == 0
    assert json.loads(out) == {
        "players": [
            {"name": "Ann", "stack": 23, "pile": 1, "out": False},
            {"name": "Ben", "stack": 24, "pile": 0, "out": False},
            {"name": "Cid", "stack": 24, "pile": 0, "out": False},
        ],
        "bell": 0,
        "turn": 0,
        "over": False,
        "winner": None,
    }
    assert list(json.loads(out)) == ["players", "bell", "turn", "over", "winner"]


def test_replay_human(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "halli", "replay", str(LOGS / "final_round_right_ring.jsonl"))
    assert code == 0
    assert out.splitlines() == [
        "0  Ann  stack  0  pile  0  (out)",
        "1  Ben  stack  4  pile  0",
        "2  Cid  stack  8  pile  0  (winner)",
        "bell: 0",
        "over: Cid wins (seat 2)",
    ]
    code, out, _ = run(capsys, "halli", "replay", str(LOGS / "spec_example.jsonl"))
    assert "0  Ann  stack 23  pile  1  (to turn)" in out
    assert out.splitlines()[-1] == "turn: Ann (seat 0)"


def test_replay_stops_at_a_bad_line(capsys: pytest.CaptureFixture[str]) -> None:
    log = LOGS / "flip_out_of_turn.jsonl"
    code, out, err = run(capsys, "halli", "replay", "--json", str(log))
    assert code == 2
    assert out == ""
    assert err == f"tableref: error: {log}: line 4: Cid cannot flip: it is Ben's turn\n"


def test_replay_missing_file_and_empty_log(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "halli", "replay", str(tmp_path / "nope.jsonl"))
    assert code == 2
    assert "cannot read" in err and "nope.jsonl" in err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n")
    code, _, err = run(capsys, "halli", "replay", str(empty))
    assert code == 2
    assert "holds no events" in err
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = run(capsys, "halli", "replay", str(binary))
    assert code == 2
    assert "not UTF-8" in err
