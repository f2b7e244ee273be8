from __future__ import annotations

import random

import pytest

from tableref.games.nimalia import GameError, IllegalPlacementError, ObjectiveError, Reserve
from tableref.games.nimalia.game import (
    FIRST_GAME,
    Game,
    ObjectiveSet,
    pass_direction,
    round_colours,
    winners,
)
from tableref.games.nimalia.objectives import Colour, all_objectives
from tableref.games.nimalia.placement import Placement, legal_placements

from .grid import grid


def test_the_round_schedule() -> None:
    b, g, y, r = Colour.BLUE, Colour.GREEN, Colour.YELLOW, Colour.RED
    assert [round_colours(n) for n in range(1, 6)] == [
        (b, g),
        (g, y),
        (b, r),
        (g, y, r),
        (b, y, r),
    ]
    assert [pass_direction(n) for n in range(1, 6)] == ["left", "right", "left", "right", "left"]
    with pytest.raises(GameError, match=r"rounds 1\.\.5"):
        round_colours(6)


def test_the_first_game_set_is_one_of_each_colour() -> None:
    chosen = ObjectiveSet.of(FIRST_GAME)
    assert chosen.ids == (5, 19, 4, 16)  # blue, green, yellow, red
    assert chosen.for_round(4) == (19, 4, 16)


def test_the_objectives_have_the_colours_and_leaves_of_the_spec() -> None:
    colours = {o.id: o.colour.value[0] for o in all_objectives()}
    assert "".join(colours[i] for i in range(1, 23)) == "ybbybyygbybgrgyrgrgrrg"
    assert [o.leaves for o in all_objectives()] == [
        2, 3, 1, 1, 1, 2, 2, 1, 3, 3, 2, 2, 1, 2, 3, 2, 2, 2, 1, 1, 2, 2,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ((5, 3, 19, 4), "both blue"),
        ((5, 19, 4), "no red objective"),
        ((5, 19, 15, 16), "15 and 16 are the two faces of one card"),
        ((9, 19, 10, 16), "9 and 10 are the two faces"),
        ((5, 19, 4, 23), r"ids are 1\.\.22"),
    ],
)
def test_a_bad_objective_set_is_refused(ids: tuple[int, ...], message: str) -> None:
    with pytest.raises(ObjectiveError, match=message):
        ObjectiveSet.of(ids)


def _play(game: Game, rng: random.Random, deck: list[int]) -> None:
    for player in range(game.players):
        for _ in range(3):
            card_id = deck.pop()
            options = legal_placements(game.reserves[player], card_id)
            game.place(player, rng.choice(options))


def test_a_whole_game_scores_its_rounds_in_order() -> None:
    rng = random.Random(3)
    deck = list(range(1, 61))
    rng.shuffle(deck)
    game = Game(4, (2, 17, 6, 20))
    for number in range(1, 6):
        _play(game, rng, deck)
        result = game.score_round()
        assert result.round == number
        colours = tuple(s.objective.colour for s in result.scores)
        assert colours == round_colours(number)
        assert all(t >= 0 for s in result.scores for t in s.totals)
    assert game.over and not deck
    assert all(len(reserve) >= 4 for reserve in game.reserves)
    best = max(game.totals)
    assert set(game.winners()) <= {p for p, t in enumerate(game.totals) if t == best}
    with pytest.raises(GameError, match="over"):
        game.score_round()


def test_a_round_needs_three_cards_from_every_player() -> None:
    game = Game(2)
    game.place(0, Placement(1, 0, 0))
    with pytest.raises(GameError, match="player 0 has placed 1 of 3"):
        game.score_round()
    game.place(0, Placement(2, 0, 1))
    game.place(0, Placement(3, 1, 1))
    with pytest.raises(GameError, match="placed 3 cards in round 1"):
        game.place(0, Placement(4, 1, 0))


def test_a_card_goes_into_one_reserve_only() -> None:
    game = Game(2)
    game.place(0, Placement(1, 0, 0))
    with pytest.raises(IllegalPlacementError, match="card 1 is already in a reserve"):
        game.place(1, Placement(1, 0, 0))


def test_totals_never_go_below_zero_in_a_game() -> None:
    lone = grid("pb gi pb\ngi pb gi")  # three lone bears: objective 8 gives -3
    game = Game(2, (5, 8, 4, 16))
    first = game.score_round([lone, lone])  # blue 5: +2, green 8: -3 -> 0
    assert [s.objective.id for s in first.scores] == [5, 8]
    assert first.scores[0].totals == (2, 2)
    assert first.totals == (0, 0)


def test_players_are_two_to_four() -> None:
    with pytest.raises(GameError, match="2 to 4 players"):
        Game(1)
    with pytest.raises(GameError, match="2 to 4 players"):
        Game(5)


def test_a_tie_goes_to_the_most_animals_of_one_type() -> None:
    three_lions = grid("li li li\npe pe .")
    two_of_each = grid("li li pe\npe cr cr")
    assert winners([10, 10], [two_of_each, three_lions]) == [1]
    assert winners([10, 12], [two_of_each, three_lions]) == [1]
    assert winners([12, 10], [two_of_each, three_lions]) == [0]
    assert winners([7, 7], [three_lions, three_lions]) == [0, 1]
    assert winners([0, 0], [Reserve(), two_of_each]) == [1]
