"""Choosing a game's objectives, and the score sheet's explanations of ranked objectives."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tableref.games.nimalia.choice import FIRST, RANDOM, check_choice, random_set, resolve, schedule
from tableref.games.nimalia.errors import ObjectiveError
from tableref.games.nimalia.events import ReserveRead, event_from_json, event_to_json
from tableref.games.nimalia.game import ObjectiveSet
from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain
from tableref.games.nimalia.objectives import objective
from tableref.games.nimalia.sheet import paid, rankings, tie_break


def test_a_random_set_has_one_of_each_colour_and_never_two_faces_of_a_card() -> None:
    rng = random.Random(7)
    seen: Counter[int] = Counter()
    for _ in range(3000):
        ids = random_set(rng)
        assert ObjectiveSet.of(ids).ids == ids  # the rules' own check of a set
        assert [objective(i).colour.value for i in ids] == ["blue", "green", "yellow", "red"]
        assert len({(i + 1) // 2 for i in ids}) == 4
        seen.update(ids)
    assert set(seen) == set(range(1, 23))  # every objective can come up


def test_choices_from_the_config_or_the_page_are_checked() -> None:
    assert check_choice(FIRST) == FIRST and check_choice(RANDOM) == RANDOM
    assert check_choice([20, 8, 3, 15]) == (3, 8, 15, 20)  # any order, kept by colour
    assert resolve(FIRST) == (5, 19, 4, 16)
    assert resolve((3, 8, 15, 20)) == (3, 8, 15, 20)
    for bad, why in (([3, 8, 15], "3 objectives"), ([3, 5, 15, 20], "both blue"),
                     ([3, 8, 15, 16], "two faces"), ("lucky", "first_game"), (7, "first_game"),
                     ([3, 8, 15, "x"], "ids are 1..22")):
        with pytest.raises(ObjectiveError, match=why):
            check_choice(bad)


def test_the_round_card_schedule() -> None:
    assert schedule((5, 19, 4, 16)) == [(1, (5, 19)), (2, (19, 4)), (3, (5, 16)),
                                        (4, (19, 4, 16)), (5, (5, 4, 16))]


def _reserve(*animals: Animal, otters: int = 0) -> Reserve:
    home = {Animal.GORILLA: Terrain.RAIN_FOREST, Animal.PANDA: Terrain.RAIN_FOREST,
            Animal.LION: Terrain.SAVANNA, Animal.CROCODILE: Terrain.LAKE,
            Animal.FLAMINGO: Terrain.LAKE}
    spaces = {(0, i): Space(home[a], a) for i, a in enumerate(animals)}
    for j in range(otters):  # a river of `otters` segments down the diagonal
        spaces[(1 + j, j)] = Space(Terrain.SAVANNA, Animal.OTTER, River.FALLING)
    return Reserve(spaces)


def test_rankings_explain_the_points_the_objective_gives() -> None:
    g, p, lion = Animal.GORILLA, Animal.PANDA, Animal.LION
    tables = [
        [_reserve(g, g, p), _reserve(g, g), _reserve(p, p, lion)],
        [_reserve(g), _reserve(g, p)],
        [_reserve(lion, otters=2), _reserve(otters=2), _reserve(lion, lion, otters=1),
         _reserve(otters=3)],
        [_reserve(Animal.CROCODILE, Animal.FLAMINGO), _reserve(Animal.CROCODILE),
         _reserve(Animal.FLAMINGO, Animal.FLAMINGO)],
    ]
    for reserves in tables:
        for oid in (16, 18, 20, 21):
            parts = rankings(oid, reserves)
            assert parts, oid
            total = tuple(sum(x) for x in zip(*(paid(r) for r in parts), strict=True))
            assert total == objective(oid).score(reserves), (oid, reserves)
    gorillas, pandas = rankings(18, tables[0])
    assert gorillas.values == (2, 2, 0) and gorillas.first == (0, 1)
    assert gorillas.second == () and gorillas.no_second == "tied"
    assert pandas.first == (2,) and pandas.second == (0,) and pandas.no_second is None
    assert rankings(16, tables[1])[0].no_second == "players"  # no 2nd with 2 players
    assert rankings(5, tables[0]) == []


def test_tie_break_names_the_tied_and_what_settled_it() -> None:
    g, p = Animal.GORILLA, Animal.PANDA
    tb = tie_break([30, 30, 12], [_reserve(g, g, p), _reserve(g, p), _reserve(g)])
    assert (tb.best, tb.tied, tb.most_of_one, tb.winners) == (30, (0, 1), (2, 1), (0,))
    tb = tie_break([30, 30], [_reserve(g, p), _reserve(p, g)])
    assert tb.winners == (0, 1)


def test_spaces_told_by_hand_are_journaled_in_the_written_coordinates() -> None:
    reserve = _reserve(Animal.GORILLA, Animal.LION).translated(2, 3)
    event = ReserveRead(0, reserve, photo=True, told=((2, 4),))
    data = event_to_json(event)
    assert data["told"] == [[0, 1]]
    back = event_from_json(data)
    assert back.told == ((0, 1),) and back.reserve == reserve.normalised()
    with pytest.raises(ValueError, match="not a space"):
        event_from_json({**data, "told": [[5, 5]]})
