"""`tableref nimalia score`: the spec's JSON form with running totals clamped at 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableref.device.cli import main
from tableref.games.nimalia import reserve_to_json
from tableref.games.nimalia.game import pass_direction

from .draw import draw


def test_json_scores_and_a_clamped_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = tmp_path / "A.json"
    b = tmp_path / "B.json"
    a.write_text(reserve_to_json(draw("pb li pb")), encoding="utf-8")
    b.write_text(reserve_to_json(draw("gi pb pb")), encoding="utf-8")
    code = main(["nimalia", "score", "--objectives", "13,8", "--json", str(a), str(b)])
    out, _ = capsys.readouterr()
    assert code == 0
    # A: 8 green first: two lone bears -2 -> total 0; 13 red: no giraffe +8 -> 8.
    # B: 8: a pair of bears +4; 13: one giraffe +5 -> 9
    assert json.loads(out) == {
        "players": [
            {"file": str(a), "objectives": {"8": -2, "13": 8}, "total": 8},
            {"file": str(b), "objectives": {"8": 4, "13": 5}, "total": 9},
        ]
    }


def test_a_bad_reserve_file_names_the_file_and_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps({"spaces": [{"row": 1, "col": 2, "terrain": "lake", "animal": "lion"}]}),
        encoding="utf-8",
    )
    assert main(["nimalia", "score", str(bad)]) == 2
    _, err = capsys.readouterr()
    assert "bad.json" in err and "(row 1, col 2)" in err


def test_cards_pass_left_in_odd_rounds_right_in_even() -> None:
    assert [pass_direction(n) for n in range(1, 6)] == ["left", "right", "left", "right", "left"]
