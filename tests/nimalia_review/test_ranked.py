"""Objectives 16, 18, 20, 21 between players: ties, 2nd place, the 2-player rule.

Spec: 1st place goes to every player tied for it; 2nd place is paid only in 3- and
4-player games and only when nobody tied for 1st, then to every player tied for 2nd;
a player with none still takes part, so when nobody has any, everyone ties for 1st.
"""

from __future__ import annotations

import pytest

from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.objectives import objective
from tableref.games.nimalia.ranked import ranked_points
from tableref.games.nimalia.scoring import score_objectives

from .draw import with_counts, zigzag


def points(objective_id: int, reserves: list[Reserve]) -> list[int]:
    return list(objective(objective_id).score(reserves))


def rivers(*lengths: int) -> list[Reserve]:
    return [Reserve(zigzag(n)) if n else with_counts({"li": 1}) for n in lengths]


# -- 16: longest river ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lengths", "expected"),
    [
        ((4, 2), [5, 0]),  # 2 players: no 2nd place
        ((2, 2), [5, 5]),
        ((4, 2, 1), [5, 2, 0]),
        ((4, 4, 1), [5, 5, 0]),  # tie for 1st: nobody is paid 2nd
        ((4, 2, 2, 0), [5, 2, 2, 0]),  # tie for 2nd: both paid
        ((3, 0, 0, 0), [5, 2, 2, 2]),  # no river is length 0 and ties for 2nd
        ((0, 0, 0), [5, 5, 5]),  # nobody has a river: everyone ties for the longest
        ((0, 0), [5, 5]),
        ((1, 3, 6), [0, 2, 5]),
    ],
)
def test_16_longest_river(lengths: tuple[int, ...], expected: list[int]) -> None:
    assert points(16, rivers(*lengths)) == expected


# -- 18: most gorillas +5/+2, most pandas -5/-2, added -------------------------------------
@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        # (gorillas, pandas) per player
        (((3, 0), (1, 1), (0, 3)), [5 + 0, 2 - 2, 0 - 5]),
        (((2, 1), (2, 0)), [5 - 5, 5 + 0]),  # 2 players: tie on gorillas, no 2nd
        (((1, 0), (0, 0), (0, 0)), [5 - 5, 2 - 5, 2 - 5]),  # nobody has a panda: all -5
        (((1, 2), (1, 2), (0, 1), (3, 0)), [2 - 5, 2 - 5, 0 + 0, 5 + 0]),
        (((0, 0), (0, 0)), [5 - 5, 5 - 5]),
    ],
)
def test_18_both_parts_add_up(counts: tuple[tuple[int, int], ...], expected: list[int]) -> None:
    reserves = [with_counts({"go": g, "pa": p, "li": 1}) for g, p in counts]
    assert points(18, reserves) == expected


# -- 20: fewest lions 3, everyone else -2 (2-player games included) ------------------------
@pytest.mark.parametrize(
    ("lions", "expected"),
    [
        ((1, 3), [3, -2]),
        ((2, 2), [3, 3]),
        ((0, 0, 4), [3, 3, -2]),
        ((1, 2, 3, 4), [3, -2, -2, -2]),
        ((5, 0), [-2, 3]),
    ],
)
def test_20_fewest_lions(lions: tuple[int, ...], expected: list[int]) -> None:
    reserves = [with_counts({"li": n, "pb": 1}) for n in lions]
    assert points(20, reserves) == expected


# -- 21: most crocodiles +5/+2, fewest flamingos +5/+2, added ------------------------------
@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        # (crocodiles, flamingos) per player
        (((3, 0), (2, 1), (1, 2)), [5 + 5, 2 + 2, 0 + 0]),
        (((3, 2), (2, 0)), [5 + 0, 0 + 5]),  # 2 players: no 2nd
        (((2, 1), (2, 1), (1, 0)), [5 + 2, 5 + 2, 0 + 5]),  # croc tie; flamingo 2nd tied
        (((0, 0), (0, 0), (0, 0), (0, 0)), [10, 10, 10, 10]),
        (((1, 3), (2, 3), (3, 3), (4, 1)), [0 + 2, 0 + 2, 2 + 2, 5 + 5]),
    ],
)
def test_21_both_parts_add_up(counts: tuple[tuple[int, int], ...], expected: list[int]) -> None:
    reserves = [with_counts({"cr": c, "fl": f, "li": 1}) for c, f in counts]
    assert points(21, reserves) == expected


def test_a_negative_result_leaves_the_total_at_zero() -> None:
    reserves = [with_counts({"go": 0, "pa": 3}), with_counts({"go": 2, "pa": 0})]
    (only,) = score_objectives(reserves, [18])
    assert only.points == (-5, 5)
    assert only.totals == (0, 5)


def test_second_place_is_paid_only_with_three_or_four_players() -> None:
    # five players cannot sit at a Nimalia table through the engine, but the ranking
    # itself must follow the spec too: 2nd place only for 3 and 4 players
    assert ranked_points([5, 3, 1], 5, 2) == (5, 2, 0)
    assert ranked_points([5, 3, 1, 0], 5, 2) == (5, 2, 0, 0)
    assert ranked_points([5, 3], 5, 2) == (5, 0)
    assert ranked_points([5, 3, 1, 0, 0], 5, 2) == (5, 0, 0, 0, 0)
