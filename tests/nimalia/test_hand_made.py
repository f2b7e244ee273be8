"""The hand-made reserves in reserves/ and their scores worked out on paper."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tableref.games.nimalia import reserve_from_json
from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.scoring import score_objectives

from .grid import grid

RESERVES = Path(__file__).parent / "reserves"


def _load(name: str) -> Any:
    with (RESERVES / name).open("rb") as handle:
        return tomllib.load(handle)


DRAWINGS: dict[str, Any] = _load("drawings.toml")["reserve"]
CASES: list[dict[str, Any]] = _load("expected.toml")["case"]


def _read(file: str) -> Reserve:
    return reserve_from_json((RESERVES / file).read_text(encoding="utf-8"))


def _case_id(case: dict[str, Any]) -> str:
    return "+".join(f.removesuffix(".json") for f in case["files"]) + ":" + ",".join(case["scores"])


@pytest.mark.parametrize("name", sorted(DRAWINGS))
def test_every_reserve_file_matches_its_drawing(name: str) -> None:
    assert _read(f"{name}.json") == grid(DRAWINGS[name]["grid"])


def test_every_reserve_file_is_drawn_and_used() -> None:
    files = {p.stem for p in RESERVES.glob("*.json")}
    assert files == set(DRAWINGS)
    used = {f.removesuffix(".json") for case in CASES for f in case["files"]}
    assert used == files


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_hand_made_scores(case: dict[str, Any]) -> None:
    reserves = [_read(file) for file in case["files"]]
    expected = {int(k): v for k, v in case["scores"].items()}
    ids = case.get("objectives", sorted(expected))
    scores = score_objectives(reserves, ids)
    got = {s.objective.id: list(s.points) for s in scores}
    assert {i: got[i] for i in expected} == expected
    if "totals" in case:
        assert list(scores[-1].totals) == case["totals"]
