"""Objectives about terrains: areas, blocks, squares, rows (3, 5, 6, 7, 9, 10, 11)."""

from __future__ import annotations

from tableref.games.nimalia.model import Reserve, Terrain
from tableref.games.nimalia.regions import areas

SQUARE_POINTS = {2: 3, 3: 5, 4: 8, 5: 13, 6: 21}


def rain_forest_areas(reserve: Reserve) -> int:
    """3: 2 per rain_forest area (a single space is an area)."""
    return 2 * len(areas(reserve, Terrain.RAIN_FOREST))


def largest_savanna(reserve: Reserve) -> int:
    """5: 2 per space of the largest savanna area."""
    return 2 * max((len(area) for area in areas(reserve, Terrain.SAVANNA)), default=0)


def savanna_fours(reserve: Reserve) -> int:
    """6: 6 per savanna area of exactly 4 spaces."""
    return 6 * sum(1 for area in areas(reserve, Terrain.SAVANNA) if len(area) == 4)


def ice_blocks(reserve: Reserve) -> int:
    """7: 4 per 2x2 block of ice_floe (blocks may overlap)."""
    blocks = 0
    for r, c in reserve:
        block = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
        if all(p in reserve and reserve[p].terrain is Terrain.ICE_FLOE for p in block):
            blocks += 1
    return 4 * blocks


def rarest_terrain(reserve: Reserve) -> int:
    """9: 2 per space of the terrain with the fewest visible spaces (absent counts 0)."""
    counts = dict.fromkeys(Terrain, 0)
    for space in reserve.values():
        counts[space.terrain] += 1
    return 2 * min(counts.values())


def largest_square(reserve: Reserve) -> int:
    """10: 3, 5, 8, 13 or 21 for the largest covered 2x2 .. 6x6 square."""
    for size in sorted(SQUARE_POINTS, reverse=True):
        for r, c in reserve:
            if all((r + dr, c + dc) in reserve for dr in range(size) for dc in range(size)):
                return SQUARE_POINTS[size]
    return 0


def rows_of_four_terrains(reserve: Reserve) -> int:
    """11: 3 per row holding all 4 terrains."""
    terrains_by_row: dict[int, set[Terrain]] = {}
    for (r, _), space in reserve.items():
        terrains_by_row.setdefault(r, set()).add(space.terrain)
    return 3 * sum(1 for found in terrains_by_row.values() if len(found) == len(Terrain))
