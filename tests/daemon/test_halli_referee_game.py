"""A whole short game filmed by a fixed camera (vision/synth/halli_game: hands turning
cards, rings right and wrong, second presses, the piles gathered, the light drifting),
refereed by `tableref halli referee` from its folder of JPEG frames and its presses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tableref.device.cli import main
from tableref.games.halli import Flip, Ring
from tableref.vision.halli.codes import ANIMALS
from tableref.vision.halli.enrol import Enrolment, card_from_photo
from tableref.vision.synth.halli_game import GameConditions, record_game

# a table top the finder on main reads, and rings enough to judge right and wrong ones
CONDITIONS = GameConditions(surfaces=("felt",), max_flips=14, ring_right=1.0, ring_wrong=0.3)


@pytest.fixture(scope="module")
def game() -> Any:
    for seed in range(40):
        g = record_game(seed, CONDITIONS)
        if {r.right for r in g.rings} == {True, False}:
            return g
    raise AssertionError("no seed gives a game with a right and a wrong ring")


def test_a_filmed_game_is_refereed_to_its_truth_from_the_command_line(
    game: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from tableref.device.paths import data_dir

    enrolment = Enrolment()  # the user enrolled the deck's animals
    for animal in sorted(ANIMALS):
        enrolment.add(animal, card_from_photo(game.card_art(animal), animal))
    enrolment.save(data_dir())
    game.write(tmp_path / "frames", tmp_path / "presses.jsonl")
    assert main(["halli", "referee", "--json", str(tmp_path / "frames"),
                 str(tmp_path / "presses.jsonl")]) == 0
    out = json.loads(capsys.readouterr().out)
    flips = [e for e in out["events"] if e["event"] == "flip"]
    rings = [e for e in out["events"] if e["event"] == "ring"]
    truth_flips = [f for f in game.truth if isinstance(f, Flip)]
    truth_rings = [r for r in game.truth if isinstance(r, Ring)]
    assert [(f["player"], f["card"]) for f in flips] == [
        (f.player, f.card.code) for f in truth_flips]
    assert [r["t_ns"] for r in rings] == [r.t_ns for r in truth_rings]
    # every ring judged as the table truly was, or said to be unsure: never wrong
    for got, truth in zip(rings, truth_rings, strict=True):
        assert got["right"] in (truth.right, None), (got, truth)
    assert any(r["right"] is True for r in rings) and any(r["right"] is False for r in rings)
    if all(r["right"] is not None for r in rings):
        assert game.state is not None and out["state"] == game.state.to_json()

