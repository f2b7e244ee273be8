from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableref.device.cli import main
from tableref.device.cli.nimalia_rules import load_reserve
from tableref.games.nimalia import Reserve

from .grid import grid

RESERVES = Path(__file__).parent / "reserves"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["nimalia", "score", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_output_is_the_spec_form(capsys: pytest.CaptureFixture[str]) -> None:
    a, b, c = (str(RESERVES / f"rank_{x}.json") for x in "abc")
    code, out, _ = _run(capsys, "--objectives", "4,5,16,19,21", "--json", a, b, c)
    assert code == 0
    document = json.loads(out)
    assert list(document) == ["players"]
    first = document["players"][0]
    assert list(first) == ["file", "objectives", "total"]
    assert first["file"] == a
    assert list(first["objectives"]) == ["4", "5", "16", "19", "21"]
    # rank_a: gorilla (0,1) above crocodile (1,1), (0,2) by crocodiles (0,3), (1,2),
    # (0,0) by no lake: 4; one savanna space (lion) 2; no rivers, all tie: 5; no
    # penguin 0; 21: 10 (worked out in reserves/expected.toml)
    assert first["objectives"] == {"4": 4, "5": 2, "16": 5, "19": 0, "21": 10}
    assert first["total"] == 21
    assert [p["objectives"]["21"] for p in document["players"]] == [10, 0, 10]
    assert out.startswith('{"players": [{"file": ')


def test_without_objectives_all_22_are_scored(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--json", str(RESERVES / "full.json"))
    assert code == 0
    player = json.loads(out)["players"][0]
    assert list(player["objectives"]) == [str(i) for i in range(1, 23)]
    assert player["total"] == 133  # worked out in reserves/expected.toml


def test_the_table_shows_objective_colour_and_points_per_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    a, b = str(RESERVES / "rank_a.json"), str(RESERVES / "rank_b.json")
    code, out, _ = _run(capsys, "--objectives", "18,8,5", a, b)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["objective", "colour", "rank_a.json", "rank_b.json"]
    rows = [line for line in lines if line[:2].strip().isdigit()]
    assert [row.split()[0] for row in rows] == ["5", "8", "18"]  # blue, green, red
    assert rows[2].split()[-3:] == ["red", "5", "-5"]
    assert lines[-1].split() == ["total", "7", "0"]  # a: 2+0+5; b: 2+0-5 -> 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.json"], "missing.json: no such file"),
        (["photo.jpg"], "photo.jpg: reading reserves from photos is not available"),
    ],
)
def test_bad_files_are_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    code, _, err = _run(capsys, *(str(tmp_path / a) for a in args))
    assert code == 2
    assert message in err
    assert err.startswith("tableref: error: ")


def test_a_malformed_reserve_names_the_file_and_the_space(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"spaces": [{"row": 1, "col": 2, "terrain": "lake", "animal": "lion"}]}')
    code, _, err = _run(capsys, str(bad))
    assert code == 2
    assert f"{bad}: space (row 1, col 2): lion cannot stand on lake" in err


def test_five_files_are_too_many(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, *[str(RESERVES / "full.json")] * 5)
    assert code == 2 and "at most 4 players" in err


@pytest.mark.parametrize("ids", ["4,x", "0", "23", "4,4", ""])
def test_bad_objective_ids_are_usage_errors(capsys: pytest.CaptureFixture[str], ids: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(["nimalia", "score", "--objectives", ids, str(RESERVES / "full.json")])
    assert info.value.code == 2
    assert "--objectives" in capsys.readouterr().err


def test_load_reserve_takes_a_photo_reader(tmp_path: Path) -> None:
    seen = grid("li cr")

    def reader(path: Path) -> Reserve:
        assert path.name == "table.png"
        return seen

    assert load_reserve(tmp_path / "table.png", reader) is seen
