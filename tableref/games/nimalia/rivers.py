"""Rivers: each otter space carries one segment corner to corner; segments that share a
corner point join. A river's length is its number of segments, branches included.

Corner points are `(i, j)`: the top-left corner of space `(i, j)`.
"""

from __future__ import annotations

from tableref.games.nimalia.model import Pos, Reserve, River

Point = tuple[int, int]


def river_ends(pos: Pos, river: River) -> tuple[Point, Point]:
    """The two corner points a river segment joins."""
    r, c = pos
    if river is River.RISING:  # bottom-left to top-right
        return (r + 1, c), (r, c + 1)
    return (r, c), (r + 1, c + 1)  # top-left to bottom-right


def spaces_at_point(point: Point) -> tuple[Pos, Pos, Pos, Pos]:
    """The four spaces that share a corner point."""
    i, j = point
    return (i - 1, j - 1), (i - 1, j), (i, j - 1), (i, j)


def rivers(reserve: Reserve) -> list[frozenset[Pos]]:
    """Every river as the set of its otter spaces, largest first."""
    parent: dict[Point, Point] = {}

    def find(p: Point) -> Point:
        root = p
        while parent[root] != root:
            root = parent[root]
        while parent[p] != root:
            parent[p], p = root, parent[p]
        return root

    ends: dict[Pos, Point] = {}
    for pos, space in reserve.items():
        if space.river is None:
            continue
        a, b = river_ends(pos, space.river)
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        parent[find(a)] = find(b)
        ends[pos] = a
    groups: dict[Point, set[Pos]] = {}
    for pos, a in ends.items():
        groups.setdefault(find(a), set()).add(pos)
    return sorted((frozenset(g) for g in groups.values()), key=lambda g: (-len(g), min(g)))


def longest_river(reserve: Reserve) -> int:
    """The length of the longest river; 0 when there is none."""
    found = rivers(reserve)
    return len(found[0]) if found else 0
