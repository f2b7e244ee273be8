"""Objectives about animals on one reserve (1, 4, 8, 12, 13, 14, 17, 19, 22)."""

from __future__ import annotations

from collections import Counter

from tableref.games.nimalia.model import Animal, Reserve, Terrain
from tableref.games.nimalia.regions import herds

GIRAFFE_POINTS = (8, 5, 3)  # for 0, 1, 2 giraffes; 3 or more score 0


def otter_company(reserve: Reserve) -> int:
    """1: per otter, its neighbours grouped by animal; groups of 2+ add 1 per animal."""
    points = 0
    for otter in reserve.positions_of(Animal.OTTER):
        kinds = Counter(reserve[p].animal for p in reserve.neighbours(otter))
        points += sum(n for n in kinds.values() if n >= 2)
    return points


def gorillas_by_lakes(reserve: Reserve) -> int:
    """4: 2 per gorilla with a lake neighbour."""
    return 2 * sum(
        1
        for gorilla in reserve.positions_of(Animal.GORILLA)
        if any(reserve[p].terrain is Terrain.LAKE for p in reserve.neighbours(gorilla))
    )


def polar_bear_groups(reserve: Reserve) -> int:
    """8: per group of polar bears, a lone bear -1, a group of n >= 2 bears +2n."""
    return sum(-1 if len(h) == 1 else 2 * len(h) for h in herds(reserve, Animal.POLAR_BEAR))


def horizontal_pairs(reserve: Reserve) -> int:
    """12: 3 per horizontal run of exactly 2 identical animals."""
    pairs = 0
    for r, c in reserve:
        if (r, c - 1) in reserve and reserve[(r, c - 1)].animal is reserve[(r, c)].animal:
            continue  # not the start of a run
        animal = reserve[(r, c)].animal
        length = 1
        while (r, c + length) in reserve and reserve[(r, c + length)].animal is animal:
            length += 1
        if length == 2:
            pairs += 1
    return 3 * pairs


def few_giraffes(reserve: Reserve) -> int:
    """13: giraffes 0 -> 8, 1 -> 5, 2 -> 3, 3 or more -> 0."""
    giraffes = reserve.count(Animal.GIRAFFE)
    return GIRAFFE_POINTS[giraffes] if giraffes < len(GIRAFFE_POINTS) else 0


def inner_flamingos(reserve: Reserve) -> int:
    """14: 3 per flamingo not touching the edge (holes count as edge)."""
    return 3 * sum(1 for p in reserve.positions_of(Animal.FLAMINGO) if not reserve.touches_edge(p))


def edge_pandas(reserve: Reserve) -> int:
    """17: 3 per panda touching the edge (holes count as edge)."""
    return 3 * sum(1 for p in reserve.positions_of(Animal.PANDA) if reserve.touches_edge(p))


def lone_penguin_columns(reserve: Reserve) -> int:
    """19: 3 per column holding exactly one penguin."""
    per_column = Counter(c for _, c in reserve.positions_of(Animal.PENGUIN))
    return 3 * sum(1 for n in per_column.values() if n == 1)


def crocodiles_with_giraffes(reserve: Reserve) -> int:
    """22: 2 per crocodile with at least one giraffe neighbour."""
    return 2 * sum(
        1
        for croc in reserve.positions_of(Animal.CROCODILE)
        if any(reserve[p].animal is Animal.GIRAFFE for p in reserve.neighbours(croc))
    )
