"""Each one-player objective on reserves worked out by hand from the spec's wording.

Every expected value below was derived from the text of ../shared/spec/nimalia.md and
the drawing next to it, not from the engine.
"""

from __future__ import annotations

import pytest

from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.objectives import objective

from .draw import draw


def score(objective_id: int, reserve: Reserve) -> int:
    (points,) = objective(objective_id).score([reserve])
    return points


# -- 1: otters and groups of one animal around them -----------------------------------------
def test_1_groups_of_two_or_more_add_one_per_animal() -> None:
    # otter (1,1) sees li above, li below, pe left, pe right: two groups of 2 -> 4
    assert score(1, draw(".  li . \n pe or/ pe\n .  li .")) == 4


def test_1_three_of_a_kind_and_a_single() -> None:
    # otter (1,1) sees pe, pe, pe and li: 3 penguins -> 3; the lion alone adds nothing
    assert score(1, draw(".  pe . \n pe oi/ pe\n .  li .")) == 3


def test_1_an_animal_between_two_otters_counts_for_both() -> None:
    # pe (0,2) is next to otters (0,1) and (0,3); each otter sees 2 penguins: 2 + 2
    assert score(1, draw("pe os/ pe os\\ pe")) == 4


def test_1_otters_side_by_side_are_single_otters_to_each_other() -> None:
    # each otter sees one otter and one penguin: no group of 2
    assert score(1, draw("pe os/ os\\ pe")) == 0


# -- 2: otters whose own river reaches a lake ----------------------------------------------
# A `/` on (1,1) ends at the points (2,1) and (1,2). The spaces sharing point (2,1) are
# (1,0) (1,1) (2,0) (2,1); those sharing (1,2) are (0,1) (0,2) (1,1) (1,2).
@pytest.mark.parametrize(
    ("drawing", "expected"),
    [
        ("cr . .\n . os/ .\n . . .", 0),  # lake up-left: the river runs the other way
        (". . .\n . os/ .\n . . cr", 0),  # lake down-right: not on the river's diagonal
        (". . cr\n . os/ .\n . . .", 2),  # lake up-right: at the end (1,2)
        (". . .\n . os/ .\n cr . .", 2),  # lake down-left: at the end (2,1)
        (". cr .\n . os/ .\n . . .", 2),  # lake above: shares point (1,2)
        (". . .\n . os/ .\n . fl .", 2),  # lake below: shares point (2,1)
        ("cr . .\n . os\\ .\n . . .", 2),  # `\`: lake up-left at the end (1,1)
        (". . cr\n . os\\ .\n . . .", 0),  # `\`: lake up-right is off its diagonal
        (". . .\n . os\\ .\n . . fl", 2),  # `\`: lake down-right at the end (2,2)
    ],
)
def test_2_a_lake_at_either_end_of_the_otters_river(drawing: str, expected: int) -> None:
    assert score(2, draw(drawing)) == expected


def test_2_counts_the_otters_own_river_not_the_river_it_joins() -> None:
    # (1,1)\ and (2,2)\ join at point (2,2); only (2,2)'s far end (3,3) touches the lake
    # at (3,3). The otter at (1,1) sees no lake around (1,1) or (2,2): one otter, 2.
    drawing = """
    .  .   .   .
    .  or\\ .   .
    .  .   or\\ .
    .  .   .   cr
    """
    assert score(2, draw(drawing)) == 2


def test_2_two_otters_by_one_lake_score_twice() -> None:
    # lake (0,1): above (1,1)/ (point (1,2)) and up-left of (1,2)\ (point (1,2)): 2 + 2
    assert score(2, draw(". cr . .\n . os/ oi\\ .")) == 4


# -- 3: rain forest areas ------------------------------------------------------------------
def test_3_areas_are_4_connected_and_otters_on_rain_forest_count() -> None:
    # rain forest: {(0,0),(0,1),(1,1) otter}, {(0,3),(1,3)}, {(2,0)}, {(2,2)}; (2,2) only
    # touches (1,1) and (1,3) at corners: 4 areas
    drawing = """
    go pa  li pa
    li or/ li pa
    go li  pa .
    """
    assert score(3, draw(drawing)) == 8


def test_3_no_rain_forest_no_points() -> None:
    assert score(3, draw("li cr pb")) == 0


# -- 4: gorillas next to a lake -----------------------------------------------------------
def test_4_only_orthogonal_lake_neighbours() -> None:
    # go(0,0) right of... cr(0,1): yes; go(1,2): lake only diagonally at (0,1): no;
    # go(2,1): fl(2,0) on its left: yes -> 2 gorillas
    drawing = """
    go cr .
    pa pa go
    fl go .
    """
    assert score(4, draw(drawing)) == 4


# -- 5: the largest savanna area -----------------------------------------------------------
def test_5_largest_savanna_counts_otters_on_savanna() -> None:
    # {(0,0),(0,1),(1,1) otter,(1,2),(2,2)} = 5 spaces; (2,0) alone
    drawing = """
    li gi  pa
    pa os/ li
    li pa  li
    """
    assert score(5, draw(drawing)) == 10


def test_5_no_savanna() -> None:
    assert score(5, draw("pa cr")) == 0


# -- 6: savanna areas of exactly 4 ----------------------------------------------------------
def test_6_exactly_four_not_three_not_five() -> None:
    # row 0: 4 savanna; row 2: 3 + an otter on savanna = 4; rows 4-5: 4 + 1 = 5
    drawing = """
    li gi li gi
    pa pa pa pa
    li li li os/
    pa pa pa pa
    gi gi gi gi
    gi .  .  .
    """
    assert score(6, draw(drawing)) == 12


def test_6_a_square_of_four() -> None:
    assert score(6, draw("li gi pa\n gi li pa\n pa pa li")) == 6


# -- 7: 2x2 blocks of ice, overlapping -----------------------------------------------------
def test_7_overlapping_blocks_and_an_otter_on_ice() -> None:
    # blocks with top-left (0,0), (0,1), (1,1); (1,0)'s block meets the hole (2,0)
    drawing = """
    pb pe  pe
    pe oi/ pe
    .  pe  pe
    """
    assert score(7, draw(drawing)) == 12


def test_7_ice_with_a_non_ice_corner_is_no_block() -> None:
    assert score(7, draw("pb pe\n pe os/")) == 0


# -- 8: groups of polar bears --------------------------------------------------------------
def test_8_lone_bears_lose_groups_win() -> None:
    # {(0,0),(0,1),(1,0)} +6; (0,3) -1; (1,2) (corner to (0,3) only) -1; row 3 +8
    drawing = """
    pb pb .  pb
    pb .  pb .
    pe pe pe pe
    pb pb pb pb
    """
    assert score(8, draw(drawing)) == 12


def test_8_can_be_negative() -> None:
    assert score(8, draw("pb pe pb")) == -2


# -- 9: the rarest terrain -----------------------------------------------------------------
def test_9_fewest_visible_spaces_of_one_terrain() -> None:
    # lake 2, savanna 3, rain forest 3, ice 4
    drawing = """
    cr fl li li
    li pa pa pa
    pb pb pe oi/
    """
    assert score(9, draw(drawing)) == 4


def test_9_ties_for_the_fewest() -> None:
    # lake 2, savanna 2, ice 3, rain forest 3
    assert score(9, draw("cr fl li gi\n pb pb pe pa\n pa go . .")) == 4


def test_9_an_absent_terrain_counts_zero() -> None:
    assert score(9, draw("cr li pb\n fl gi pe")) == 0  # no rain forest


# -- 10: the largest completely covered square ---------------------------------------------
def _block(rows: int, cols: int, holes: tuple[tuple[int, int], ...] = ()) -> Reserve:
    lines = [" ".join("." if (r, c) in holes else "li" for c in range(cols)) for r in range(rows)]
    return draw("\n".join(lines))


@pytest.mark.parametrize(
    ("rows", "cols", "holes", "expected"),
    [
        (1, 6, (), 0),  # no 2x2
        (2, 6, (), 3),
        (3, 3, (), 5),
        (4, 4, (), 8),
        (4, 4, ((1, 1),), 3),  # every 3x3 of the 4x4 holds the hole
        (5, 5, (), 13),
        (5, 5, ((4, 4),), 8),
        (6, 6, (), 21),
        (6, 6, ((2, 2),), 5),  # every 4x4 in 6x6 holds (2,2); the 3x3 at (3,3) does not
    ],
)
def test_10_largest_square(
    rows: int, cols: int, holes: tuple[tuple[int, int], ...], expected: int
) -> None:
    assert score(10, _block(rows, cols, holes)) == expected


# -- 11: rows holding all 4 terrains -------------------------------------------------------
def test_11_rows_with_all_four_terrains() -> None:
    # row 0 yes; row 1 yes (the otter stands on savanna); row 2 no (no rain forest);
    # row 3 yes across holes
    drawing = """
    li  cr pb pa .
    os/ cr pb pa pa
    li  cr pb li li
    li  .  cr pb pa
    """
    assert score(11, draw(drawing)) == 9


# -- 12: horizontal runs of exactly 2 ------------------------------------------------------
def test_12_runs_of_exactly_two() -> None:
    # r0: li li yes, gi gi gi no -> 1; r1: lone li (hole), li li, pe pe -> 2;
    # r2: a run of 4 -> 0; r3: two otters, lone pb, pb pb -> 2. The lions (0,0)/(1,0)
    # stacked vertically never count. 5 runs -> 15
    drawing = """
    li  li  gi gi gi pa
    li  .   li li pe pe
    cr  cr  cr cr .  .
    os/ os\\ pb .  pb pb
    """
    assert score(12, draw(drawing)) == 3 * 5


def test_12_a_hole_splits_a_run() -> None:
    assert score(12, draw("gi gi . gi")) == 3


def test_12_vertical_pairs_never_count() -> None:
    assert score(12, draw("li gi\n li gi")) == 0


# -- 13: few giraffes ----------------------------------------------------------------------
@pytest.mark.parametrize(("giraffes", "expected"), [(0, 8), (1, 5), (2, 3), (3, 0), (5, 0)])
def test_13_giraffes(giraffes: int, expected: int) -> None:
    assert score(13, draw(" ".join(["gi"] * giraffes + ["li"]))) == expected


# -- 14 and 17: touching the edge (holes count) --------------------------------------------
def test_14_flamingos_away_from_the_edge_and_holes() -> None:
    # fl(1,1): all 4 neighbours covered -> 3; fl(3,1): cr, cr, cr, fl around -> 3;
    # fl(3,2): the hole (2,2) above it -> edge
    drawing = """
    cr cr cr cr
    cr fl cr cr
    cr cr .  cr
    cr fl fl cr
    cr cr cr cr
    """
    assert score(14, draw(drawing)) == 6


def test_17_pandas_on_the_rim_and_by_a_hole() -> None:
    assert score(17, draw("pa go go\n go pa go\n go go go")) == 3  # only (0,0)
    assert score(17, draw("pa go go\n go pa go\n go .  go")) == 6  # (1,1) by the hole


# -- 19: columns holding exactly one penguin -----------------------------------------------
def test_19_columns_with_one_penguin() -> None:
    # col 0: 1 yes; col 1: 2 no; col 2: 0 no; col 3: 1 yes
    drawing = """
    pe pe pb .
    pb .  pb pe
    pb pe pb pb
    """
    assert score(19, draw(drawing)) == 6


# -- 22: crocodiles next to a giraffe ------------------------------------------------------
def test_22_crocodiles_with_a_giraffe_neighbour() -> None:
    # (0,0), (0,2), (1,1) touch gi(0,1); (2,0) touches gi(1,0); (2,2) only lions and a
    # crocodile on its corner -> 4 crocodiles
    drawing = """
    cr gi cr
    gi cr li
    cr li cr
    """
    assert score(22, draw(drawing)) == 8


def test_12_a_horizontal_pair_counts_whatever_lies_above_or_below() -> None:
    # The spec counts horizontal runs; (0,0)-(0,1) is a run of exactly 2 although a third
    # lion sits below (0,0). (The digital edition counts 4-connected groups of 2 in one
    # row instead, and would give 0 here; the spec's wording is followed.)
    assert score(12, draw("li li\n li pa")) == 3


def test_1_holes_are_no_neighbours() -> None:
    # otter (0,1) sees pe (0,0) and pe (1,1); (0,2) is a hole: one group of 2
    assert score(1, draw("pe os/ .\n li pe li")) == 2
