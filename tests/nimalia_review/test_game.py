"""The game: 5 rounds, the schedule, scoring order, totals never below 0, tie-break,
the faces of one objective card, the first-game set; and the spec's objective table."""

from __future__ import annotations

import re

import pytest

from tableref.games.nimalia import GameError, ObjectiveError
from tableref.games.nimalia.game import FIRST_GAME, Game, ObjectiveSet, winners
from tableref.games.nimalia.objectives import all_objectives
from tableref.games.nimalia.scoring import score_objectives

from .draw import draw, with_counts
from .shared import SHARED_SPEC


def test_the_first_game_set_and_its_rounds() -> None:
    assert sorted(FIRST_GAME) == [4, 5, 16, 19]
    chosen = ObjectiveSet.of([4, 5, 16, 19])
    assert chosen.ids == (5, 19, 4, 16)  # blue, green, yellow, red
    # 1 blue+green; 2 green+yellow; 3 blue+red; 4 green+yellow+red; 5 blue+yellow+red,
    # each in the order blue, green, yellow, red
    assert [chosen.for_round(n) for n in range(1, 6)] == [
        (5, 19),
        (19, 4),
        (5, 16),
        (19, 4, 16),
        (5, 4, 16),
    ]
    assert Game(2).objectives == chosen


@pytest.mark.parametrize(
    "ids",
    [
        (2, 12, 1, 13),  # 1 (yellow) and 2 (blue) are one card
        (3, 8, 4, 13),  # 3 and 4
        (9, 12, 10, 13),  # 9 and 10
        (3, 22, 7, 21),  # 21 and 22
        (5, 17, 15, 16),  # 15 and 16
        (11, 19, 6, 20),  # 19 and 20
        (5, 17, 6, 18),  # 17 and 18
        (5, 14, 6, 13),  # 13 and 14
    ],
)
def test_the_two_faces_of_one_card_are_never_both_in_play(ids: tuple[int, ...]) -> None:
    with pytest.raises(ObjectiveError, match="faces"):
        ObjectiveSet.of(ids)


def test_one_objective_of_each_colour() -> None:
    assert ObjectiveSet.of([2, 12, 15, 21]).ids == (2, 12, 15, 21)
    with pytest.raises(ObjectiveError):
        ObjectiveSet.of([2, 3, 4, 16])  # two blue, no green
    with pytest.raises(ObjectiveError):
        ObjectiveSet.of([2, 12, 15])


# -- the order blue, green, yellow, red, and totals clamped after each objective ------------
def test_green_before_yellow() -> None:
    # a lone polar bear (8, green: -1) and a 2x2 of ice with it (7, yellow: +4 for one
    # block): 0 - 1 -> 0, then + 4 = 4. Yellow first would give 4 - 1 = 3.
    reserve = draw("pb pe\n pe pe")
    scores = score_objectives([reserve], [7, 8])
    assert [s.objective.id for s in scores] == [8, 7]
    assert [s.points for s in scores] == [(-1,), (4,)]
    assert scores[-1].totals == (4,)


def test_yellow_before_red() -> None:
    # 2 players: player 0 has a block of ice (7: +4) and the only panda (18: -5);
    # player 1 has the only gorilla (18: +5)
    p0 = draw("pb pe pa\n pe pe .")
    p1 = draw("go li")
    scores = score_objectives([p0, p1], [18, 7])
    assert [s.objective.id for s in scores] == [7, 18]
    # 7: p0 +4, p1 0. 18: gorillas 0 vs 1 -> p1 +5; pandas 1 vs 0 -> p0 -5.
    assert [s.points for s in scores] == [(4, 0), (-5, 5)]
    assert scores[-1].totals == (0, 5)  # 4 - 5 -> 0; red first would give 0 + 4 = 4


def test_blue_before_green() -> None:
    # one savanna space (5, blue: +2) and a lone bear (8, green: -1): 2 - 1 = 1
    scores = score_objectives([draw("li pb")], [8, 5])
    assert [s.objective.id for s in scores] == [5, 8]
    assert scores[-1].totals == (1,)


def test_a_total_is_clamped_after_each_objective_not_at_the_end() -> None:
    # 8: -2 (two lone bears) -> 0; then 13: no giraffe +8 -> 8 (not 6)
    scores = score_objectives([draw("pb li pb")], [8, 13])
    assert [s.totals for s in scores] == [(0,), (8,)]


# -- the game ----------------------------------------------------------------------------
def test_five_rounds_then_over_and_totals_never_negative() -> None:
    # objectives 5 blue, 8 green, 10 yellow, 18 red (7 would be 8's other face)
    game = Game(2, [5, 8, 10, 18])
    p0 = draw("pb li pb\n pa pa .")  # 5: 2; 8: -2; 10: a 2x2 -> 3; 18: pandas 2 -> -5
    p1 = draw("go li li")  # 5: 4; 8: 0; 10: 0; 18: gorillas 1 -> +5 (pandas 0)
    expected = [
        # round 1 blue 5, green 8: p0 2, 2 - 2 = 0; p1 4, 4
        (0, 4),
        # round 2 green 8, yellow 10: p0 0 - 2 -> 0, + 3 = 3; p1 4, 4
        (3, 4),
        # round 3 blue 5, red 18: p0 3 + 2 = 5, 5 - 5 = 0; p1 4 + 4 = 8, 8 + 5 = 13
        (0, 13),
        # round 4 green, yellow, red: p0 0 - 2 -> 0, 3, 3 - 5 -> 0; p1 13, 13, 18
        (0, 18),
        # round 5 blue, yellow, red: p0 2, 5, 5 - 5 = 0; p1 22, 22, 27
        (0, 27),
    ]
    for round_number, totals in enumerate(expected, start=1):
        assert game.round == round_number
        result = game.score_round([p0, p1])
        assert result.totals == totals, round_number
    assert game.over
    assert game.winners() == [1]
    with pytest.raises(GameError):
        game.score_round([p0, p1])


def test_a_tie_goes_to_the_most_animals_of_one_type() -> None:
    a = with_counts({"li": 3, "pb": 3, "cr": 3})  # most of one type: 3
    b = with_counts({"pe": 4, "go": 1})  # 4
    c = with_counts({"fl": 5})  # 5, but a lower total
    assert winners([10, 10, 9], [a, b, c]) == [1]
    assert winners([10, 10, 9], [a, a, c]) == [0, 1]  # still tied: both
    assert winners([10, 11, 9], [c, a, c]) == [1]  # no tie: highest total


# -- the spec's table of objectives --------------------------------------------------------
@pytest.mark.skipif(not SHARED_SPEC.is_file(), reason=f"the spec {SHARED_SPEC} is absent")
def test_every_objective_has_the_spec_colour_and_leaves() -> None:
    rows = re.findall(
        r"^\| (\d+) \| (blue|green|yellow|red) \| (\d) \|", SHARED_SPEC.read_text(), re.M
    )
    assert len(rows) == 22
    table = {int(i): (colour, int(leaves)) for i, colour, leaves in rows}
    assert {o.id: (o.colour.value, o.leaves) for o in all_objectives()} == table
