"""The 22 objectives, by the digital edition's ids."""

from __future__ import annotations

from functools import cache

from tableref.games.nimalia.errors import ObjectiveError
from tableref.games.nimalia.objectives import animals, comparisons, terrains, waters
from tableref.games.nimalia.objectives.base import (
    SCORING_ORDER,
    Colour,
    Objective,
    each_alone,
    scoring_key,
)

OBJECTIVE_COUNT = 22

__all__ = [
    "OBJECTIVE_COUNT",
    "SCORING_ORDER",
    "Colour",
    "Objective",
    "all_objectives",
    "objective",
    "scoring_key",
]


@cache
def all_objectives() -> tuple[Objective, ...]:
    """The 22 objectives in id order."""
    blue, green, yellow, red = Colour.BLUE, Colour.GREEN, Colour.YELLOW, Colour.RED
    solo = [
        (1, yellow, 2, animals.otter_company, "otters with 2+ of one animal around"),
        (2, blue, 3, waters.rivers_to_lakes, "2 per otter whose river reaches a lake"),
        (3, blue, 1, terrains.rain_forest_areas, "2 per rain forest area"),
        (4, yellow, 1, animals.gorillas_by_lakes, "2 per gorilla next to a lake"),
        (5, blue, 1, terrains.largest_savanna, "2 per space of the largest savanna"),
        (6, yellow, 2, terrains.savanna_fours, "6 per savanna area of exactly 4"),
        (7, yellow, 2, terrains.ice_blocks, "4 per 2x2 block of ice floe"),
        (8, green, 1, animals.polar_bear_groups, "polar bear groups: lone -1, n bears +2n"),
        (9, blue, 3, terrains.rarest_terrain, "2 per space of the rarest terrain"),
        (10, yellow, 3, terrains.largest_square, "the largest fully covered square"),
        (11, blue, 2, terrains.rows_of_four_terrains, "3 per row with all 4 terrains"),
        (12, green, 2, animals.horizontal_pairs, "3 per horizontal pair of one animal"),
        (13, red, 1, animals.few_giraffes, "few giraffes: 0 -> 8, 1 -> 5, 2 -> 3"),
        (14, green, 2, animals.inner_flamingos, "3 per flamingo off the edge"),
        (15, yellow, 3, waters.long_river, "the longest river: 0, 1, 3, 6, 10, 15"),
        (17, green, 2, animals.edge_pandas, "3 per panda on the edge"),
        (19, green, 1, animals.lone_penguin_columns, "3 per column with one penguin"),
        (22, green, 2, animals.crocodiles_with_giraffes, "2 per crocodile by a giraffe"),
    ]
    table = [
        (16, red, 2, comparisons.longest_rivers, "longest river: 1st 5, 2nd 2"),
        (18, red, 2, comparisons.gorillas_not_pandas, "most gorillas +5/+2, pandas -5/-2"),
        (20, red, 1, comparisons.fewest_lions, "fewest lions 3, others -2"),
        (21, red, 2, comparisons.crocodiles_not_flamingos, "most crocs, fewest flamingos"),
    ]
    found = [
        Objective(i, colour, leaves, text, each_alone(f)) for i, colour, leaves, f, text in solo
    ]
    found += [
        Objective(i, colour, leaves, text, f, ranked=True) for i, colour, leaves, f, text in table
    ]
    return tuple(sorted(found, key=lambda o: o.id))


def objective(objective_id: int) -> Objective:
    """The objective with this id; ObjectiveError outside 1..22."""
    if isinstance(objective_id, bool) or not isinstance(objective_id, int):
        raise ObjectiveError(f"objective {objective_id!r}: ids are 1..{OBJECTIVE_COUNT}")
    if not 1 <= objective_id <= OBJECTIVE_COUNT:
        raise ObjectiveError(f"objective {objective_id}: ids are 1..{OBJECTIVE_COUNT}")
    return all_objectives()[objective_id - 1]
