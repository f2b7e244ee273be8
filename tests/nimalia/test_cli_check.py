"""`tableref nimalia check BEFORE AFTER`: the spec's JSON form, the exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.cli import main
from tableref.games.nimalia import Reserve, reserve_to_json
from tableref.games.nimalia.cards import card
from tableref.games.nimalia.placement import Placement, place


def _file(tmp_path: Path, name: str, spaces: dict) -> Path:  # type: ignore[type-arg]
    path = tmp_path / name
    items = [
        {"row": r, "col": c, "terrain": s.terrain.value, "animal": s.animal.value}
        | ({"river": s.river.value} if s.river else {})
        for (r, c), s in sorted(spaces.items())
    ]
    path.write_text(json.dumps({"spaces": items}))
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["nimalia", "check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_legal_first_round_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reserve = Reserve()
    for p in (Placement(17, 0, 0, 90), Placement(2, 1, 1, 0), Placement(3, 0, 2, 270)):
        reserve = place(reserve, p)
    after = tmp_path / "after.json"
    after.write_text(reserve_to_json(reserve))
    code, out, _ = _run(capsys, "--json", "-", str(after))
    assert code == 0
    assert json.loads(out) == {
        "legal": True,
        "placed": [
            {"card": 17, "row": 0, "col": 0, "turn": 90},
            {"card": 2, "row": 1, "col": 1, "turn": 0},
            {"card": 3, "row": 0, "col": 2, "turn": 270},
        ],
        "problems": [],
    }
    code, out, _ = _run(capsys, "-", str(after))
    assert code == 0
    assert out.splitlines()[0] == "legal"
    assert "card 17: row 0, col 0, turned 90" in out


def test_a_card_past_6x6_is_named_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before: dict = {}  # type: ignore[type-arg]
    for card_id, col in ((1, 0), (2, 2), (3, 3)):
        before.update(card(card_id).spaces_at(0, col, 0))
    after = dict(before)
    for card_id, row, col in ((4, 0, 4), (5, 1, 5), (6, 1, 1)):
        after.update(card(card_id).spaces_at(row, col, 0))
    code, out, _ = _run(capsys, "--json", str(_file(tmp_path, "b.json", before)),
                        str(_file(tmp_path, "a.json", after)))
    assert code == 1
    document = json.loads(out)
    assert document["legal"] is False
    assert [(p["card"], p["rule"]) for p in document["problems"]] == [(5, "window")]
    assert "7 cols" in document["problems"][0]["message"]


def test_bad_input_is_exit_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"spaces": [{"row": 0, "col": 0, "terrain": "lava", "animal": "lion"}]}')
    code, _, err = _run(capsys, "-", str(bad))
    assert code == 2
    assert "lava" in err
    code, _, err = _run(capsys, str(tmp_path / "missing.json"), str(bad))
    assert code == 2
    assert "missing.json: no such file" in err
    # a photo goes to the photo reader: with no enrolment stored it says so
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "empty"))
    cv2.imwrite(str(tmp_path / "p.png"), np.full((60, 80, 3), 200, np.uint8))
    code, _, err = _run(capsys, "-", str(tmp_path / "p.png"))
    assert code == 2
    assert "p.png" in err
