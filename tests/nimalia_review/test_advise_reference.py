"""The adviser and `tableref nimalia advise` against rounds_reference.py: on hands small
enough to search whole, its best equals the most that any order and legal placements of
the hand reach by the plain scoring (reference.py), and each plan it gives, laid card by
card, is legal and scores the points it says. Colours and the round card's schedule are
taken from the spec's text, not from the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tableref.device.cli import main
from tableref.games.nimalia.advise import advise

from .rounds_reference import (
    Spaces,
    best_hand,
    engine_reserve,
    faces,
    lay,
    legal_step,
    round_points,
)

COLOURS = {"blue": (2, 3, 5, 9, 11), "green": (8, 12, 14, 17, 19, 22),
           "yellow": (1, 4, 6, 7, 10, 15), "red": (13, 16, 18, 20, 21)}
SCHEDULE = {1: ("blue", "green"), 2: ("green", "yellow"), 3: ("blue", "red"),
            4: ("green", "yellow", "red"), 5: ("blue", "yellow", "red")}


def situation(seed: int) -> tuple[Spaces, list[int], dict[str, int], int]:
    rng = random.Random(seed)
    while True:
        chosen = {colour: rng.choice(ids) for colour, ids in COLOURS.items()}
        if len({(i + 1) // 2 for i in chosen.values()}) == 4:  # never both faces of a card
            break
    deck = rng.sample(sorted(faces()), 5)
    spaces: Spaces = {}
    for cid in deck[: rng.choice((0, 1, 2))]:
        rows = [r for r, _ in spaces] or [0]
        cols = [c for _, c in spaces] or [0]
        spots = [(r, c) for r in range(min(rows) - 1, max(rows) + 1)
                 for c in range(min(cols) - 1, max(cols) + 1)
                 if legal_step(set(spaces), r, c)] if spaces else [(0, 0)]
        r, c = rng.choice(spots)
        spaces = lay(spaces, cid, r, c, rng.choice((0, 90, 180, 270)))
    hand = deck[3:5] if rng.random() < 0.7 else deck[4:5]
    return spaces, hand, chosen, rng.randint(1, 5)


@pytest.mark.parametrize("seed", range(12))
def test_the_best_advice_is_the_best_of_every_placement(seed: int) -> None:
    spaces, hand, chosen, round_ = situation(seed)
    ids = [chosen[colour] for colour in SCHEDULE[round_]]
    found = advise(engine_reserve(spaces), hand, ids, top=4)
    assert found[0].value.points == best_hand(engine_reserve(spaces), hand, ids)
    points = [a.value.points for a in found]
    assert points == sorted(points, reverse=True)
    for a in found:
        laid = dict(spaces)
        assert a.plan[0] == a.placement
        assert sorted(p.card_id for p in a.plan) == sorted(hand)
        for p in a.plan:
            assert legal_step(set(laid), p.row, p.col)
            laid = lay(laid, p.card_id, p.row, p.col, p.rotation)
        assert round_points(laid, ids) == a.value.points


def test_the_command_advises_in_the_reserve_files_coordinates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a reserve written two rows down and three cols right (readers take any translation)
    spaces = lay(lay({}, 21, 2, 3, 0), 40, 3, 4, 90)
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"spaces": [
        {"row": r, "col": c, "terrain": t, "animal": a, **({"river": v} if v else {})}
        for (r, c), (t, a, v) in sorted(spaces.items())]}))
    code = main(["nimalia", "advise", "--json", "--objectives", "5,19,4,16", "--round", "2",
                 "--top", "40", str(path), "8", "50"])
    assert code == 0
    advice = json.loads(capsys.readouterr().out)["advice"]
    assert advice and all(list(a) == ["card", "row", "col", "turn", "points", "why"]
                          for a in advice)
    ids = [19, 4]  # round 2: green and yellow
    assert advice[0]["points"] == best_hand(engine_reserve(spaces), [8, 50], ids)
    for a in advice:
        assert a["card"] in (8, 50)
        assert legal_step(set(spaces), a["row"], a["col"]), a  # in the file's coordinates
        assert isinstance(a["why"], str) and str(a["points"]) in a["why"]
