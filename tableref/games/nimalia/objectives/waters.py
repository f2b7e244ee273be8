"""Objectives about rivers on one reserve (2, 15)."""

from __future__ import annotations

from tableref.games.nimalia.model import Animal, Reserve, Terrain
from tableref.games.nimalia.rivers import longest_river, river_ends, spaces_at_point

RIVER_CAP = 15


def rivers_to_lakes(reserve: Reserve) -> int:
    """2: 2 per otter whose own river reaches a lake.

    A river end is a corner point; the river reaches a lake when one of the spaces
    around either end point (orthogonal and diagonal ones) is lake.
    """
    otters = 0
    for pos in reserve.positions_of(Animal.OTTER):
        river = reserve[pos].river
        assert river is not None  # a Reserve guarantees every otter its river
        around = {p for end in river_ends(pos, river) for p in spaces_at_point(end)}
        if any(p in reserve and reserve[p].terrain is Terrain.LAKE for p in around):
            otters += 1
    return 2 * otters


def river_length_points(length: int) -> int:
    """15's table: n -> min(15, n(n-1)/2)."""
    return min(RIVER_CAP, length * (length - 1) // 2)


def long_river(reserve: Reserve) -> int:
    """15: points for the longest river (branches count)."""
    return river_length_points(longest_river(reserve))
