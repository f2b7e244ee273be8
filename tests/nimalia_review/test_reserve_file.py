"""The reserve file: every malformed space rejected naming it; translations; the writer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tableref.games.nimalia import ReserveFileError, reserve_from_json, reserve_to_json
from tableref.games.nimalia.model import Animal, Terrain
from tableref.games.nimalia.scoring import score_objectives

from .draw import draw


def file_of(*spaces: dict[str, Any]) -> str:
    return json.dumps({"spaces": list(spaces)})


def lion(row: int, col: int, **extra: Any) -> dict[str, Any]:
    return {"row": row, "col": col, "terrain": "savanna", "animal": "lion", **extra}


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ({"row": 4, "col": 2, "terrain": "desert", "animal": "lion"}, "desert"),
        ({"row": 4, "col": 2, "terrain": "savanna", "animal": "zebra"}, "zebra"),
        ({"row": 4, "col": 2, "terrain": "savanna", "animal": "otter", "river": "-"}, "'-'"),
        (lion(4, 2, river="/"), "river"),  # a river off an otter
        ({"row": 4, "col": 2, "terrain": "ice_floe", "animal": "otter"}, "river"),
        ({"row": 4, "col": 2, "terrain": "lake", "animal": "penguin"}, "lake"),
    ],
)
def test_a_bad_space_is_rejected_naming_it(bad: dict[str, Any], problem: str) -> None:
    with pytest.raises(ReserveFileError) as info:
        reserve_from_json(file_of(lion(0, 0), bad))
    assert "(row 4, col 2)" in str(info.value)
    assert problem in str(info.value)


@pytest.mark.parametrize(("row", "col"), [(6, 0), (0, 6), (-1, 3), (2, -1), (9, 9)])
def test_a_space_outside_the_6x6_is_rejected_naming_it(row: int, col: int) -> None:
    with pytest.raises(ReserveFileError, match=rf"\(row {row}, col {col}\)"):
        reserve_from_json(file_of(lion(0, 0), lion(row, col)))


def test_a_space_listed_twice_is_rejected_naming_it() -> None:
    with pytest.raises(ReserveFileError, match=r"\(row 1, col 3\)"):
        reserve_from_json(file_of(lion(1, 3), lion(0, 0), lion(1, 3)))


def test_a_null_river_is_no_river() -> None:
    reserve = reserve_from_json(file_of(lion(0, 0, river=None)))
    assert reserve[(0, 0)].river is None
    with pytest.raises(ReserveFileError, match=r"\(row 0, col 1\).*river"):
        reserve_from_json(
            file_of({"row": 0, "col": 1, "terrain": "savanna", "animal": "otter", "river": None})
        )


DRAWING = """
li  gi  cr  .
os/ pa  fl  pb
go  or\\ pe  pe
"""


def _shifted_file(d_row: int, d_col: int) -> str:
    reserve = draw(DRAWING)
    spaces = []
    for (r, c), space in reserve.items():
        entry: dict[str, Any] = {
            "row": r + d_row,
            "col": c + d_col,
            "terrain": space.terrain.value,
            "animal": space.animal.value,
        }
        if space.river is not None:
            entry["river"] = space.river.value
        spaces.append(entry)
    return json.dumps({"spaces": spaces})


@pytest.mark.parametrize(("d_row", "d_col"), [(0, 0), (3, 2), (0, 2), (3, 0), (1, 1)])
def test_any_translation_reads_scores_the_same_and_writes_at_zero(d_row: int, d_col: int) -> None:
    reserve = reserve_from_json(_shifted_file(d_row, d_col))
    assert reserve.origin() == (d_row, d_col)
    assert reserve[(d_row + 1, d_col)].animal is Animal.OTTER
    base = score_objectives([draw(DRAWING)], range(1, 23))
    moved = score_objectives([reserve], range(1, 23))
    assert [s.points for s in moved] == [s.points for s in base]
    written = json.loads(reserve_to_json(reserve))["spaces"]
    assert min(s["row"] for s in written) == 0
    assert min(s["col"] for s in written) == 0
    assert written[0] == {"row": 0, "col": 0, "terrain": "savanna", "animal": "lion"}
    assert {"row": 2, "col": 1, "terrain": "rain_forest", "animal": "otter", "river": "\\"} in (
        written
    )
    assert reserve_from_json(reserve_to_json(reserve)) == draw(DRAWING)


def test_the_spec_example() -> None:
    text = """{"spaces": [
      {"row": 0, "col": 2, "terrain": "lake", "animal": "crocodile"},
      {"row": 1, "col": 3, "terrain": "savanna", "animal": "otter", "river": "/"}
    ]}"""
    reserve = reserve_from_json(text)
    assert reserve[(0, 2)].terrain is Terrain.LAKE
    assert reserve[(1, 3)].river is not None and reserve[(1, 3)].river.value == "/"
    out = json.loads(reserve_to_json(reserve))["spaces"]
    assert out == [
        {"row": 0, "col": 0, "terrain": "lake", "animal": "crocodile"},
        {"row": 1, "col": 1, "terrain": "savanna", "animal": "otter", "river": "/"},
    ]
