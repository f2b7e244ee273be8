"""A second, plain reading of the 22 objectives, written from the spec text alone.

It works on a dense 6x6 grid (None = no covered space) with loops, so that it shares
no code and no algorithm with the engine: rivers are joined by comparing segment end
points pairwise and walking, areas by repeated flooding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain

Grid = list[list[Space | None]]
N = 6


def to_grid(reserve: Reserve) -> Grid:
    grid: Grid = [[None] * N for _ in range(N)]
    for (r, c), space in reserve.normalised().items():
        grid[r][c] = space
    return grid


def at(grid: Grid, r: int, c: int) -> Space | None:
    return grid[r][c] if 0 <= r < N and 0 <= c < N else None


def around(r: int, c: int) -> list[tuple[int, int]]:
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def cells(grid: Grid) -> list[tuple[int, int, Space]]:
    return [(r, c, s) for r in range(N) for c in range(N) if (s := grid[r][c]) is not None]


def on_edge(grid: Grid, r: int, c: int) -> bool:
    return any(at(grid, rr, cc) is None for rr, cc in around(r, c))


def flood(grid: Grid, keep: Callable[[Space], bool]) -> list[int]:
    """Sizes of the 4-connected groups of spaces for which keep(space) is true."""
    label = [[0] * N for _ in range(N)]
    sizes: list[int] = []
    for r, c, s in cells(grid):
        if label[r][c] or not keep(s):
            continue
        sizes.append(0)
        todo = [(r, c)]
        label[r][c] = len(sizes)
        while todo:
            y, x = todo.pop()
            sizes[-1] += 1
            for yy, xx in around(y, x):
                t = at(grid, yy, xx)
                if t is not None and not label[yy][xx] and keep(t):
                    label[yy][xx] = len(sizes)
                    todo.append((yy, xx))
    return sizes


def segment(r: int, c: int, river: River) -> set[tuple[int, int]]:
    # corner point (i, j) is the top-left corner of space (i, j)
    if river.value == "/":
        return {(r + 1, c), (r, c + 1)}
    return {(r, c), (r + 1, c + 1)}


def river_lengths(grid: Grid) -> list[int]:
    segs = [segment(r, c, s.river) for r, c, s in cells(grid) if s.river is not None]
    seen = [False] * len(segs)
    lengths = []
    for i in range(len(segs)):
        if seen[i]:
            continue
        seen[i] = True
        stack, n = [i], 0
        while stack:
            j = stack.pop()
            n += 1
            for k in range(len(segs)):
                if not seen[k] and segs[j] & segs[k]:
                    seen[k] = True
                    stack.append(k)
        lengths.append(n)
    return lengths


def longest(grid: Grid) -> int:
    return max(river_lengths(grid), default=0)


def count(grid: Grid, animal: Animal) -> int:
    return sum(1 for _, _, s in cells(grid) if s.animal is animal)


def solo(objective_id: int, grid: Grid) -> int:
    o = objective_id
    if o == 1:
        total = 0
        for r, c, s in cells(grid):
            if s.animal is Animal.OTTER:
                kinds: dict[Animal, int] = {}
                for rr, cc in around(r, c):
                    t = at(grid, rr, cc)
                    if t is not None:
                        kinds[t.animal] = kinds.get(t.animal, 0) + 1
                total += sum(n for n in kinds.values() if n >= 2)
        return total
    if o == 2:
        total = 0
        for r, c, s in cells(grid):
            if s.animal is Animal.OTTER and s.river is not None:
                near = {
                    (i + di, j + dj)
                    for i, j in segment(r, c, s.river)
                    for di in (-1, 0)
                    for dj in (-1, 0)
                }
                if any((t := at(grid, y, x)) and t.terrain is Terrain.LAKE for y, x in near):
                    total += 2
        return total
    if o == 3:
        return 2 * len(flood(grid, lambda s: s.terrain is Terrain.RAIN_FOREST))
    if o == 4:
        return 2 * sum(
            1
            for r, c, s in cells(grid)
            if s.animal is Animal.GORILLA
            and any((t := at(grid, y, x)) and t.terrain is Terrain.LAKE for y, x in around(r, c))
        )
    if o == 5:
        return 2 * max(flood(grid, lambda s: s.terrain is Terrain.SAVANNA), default=0)
    if o == 6:
        return 6 * flood(grid, lambda s: s.terrain is Terrain.SAVANNA).count(4)
    if o == 7:
        blocks = 0
        for r in range(N - 1):
            for c in range(N - 1):
                quad = [grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1]]
                if all(q is not None and q.terrain is Terrain.ICE_FLOE for q in quad):
                    blocks += 1
        return 4 * blocks
    if o == 8:
        return sum(
            -1 if n == 1 else 2 * n for n in flood(grid, lambda s: s.animal is Animal.POLAR_BEAR)
        )
    if o == 9:
        return 2 * min(sum(1 for _, _, s in cells(grid) if s.terrain is t) for t in Terrain)
    if o == 10:
        best = 0
        for size in range(2, N + 1):
            for r in range(N - size + 1):
                for c in range(N - size + 1):
                    if all(
                        grid[r + i][c + j] is not None for i in range(size) for j in range(size)
                    ):
                        best = size
        return {0: 0, 2: 3, 3: 5, 4: 8, 5: 13, 6: 21}[best]
    if o == 11:
        return 3 * sum(
            1 for r in range(N) if {s.terrain for s in grid[r] if s is not None} == set(Terrain)
        )
    if o == 12:
        pairs = 0
        for r in range(N):
            c = 0
            while c < N:
                here = grid[r][c]
                if here is None:
                    c += 1
                    continue
                end = c
                while (
                    end + 1 < N and (t := grid[r][end + 1]) is not None and t.animal is here.animal
                ):
                    end += 1
                pairs += end - c + 1 == 2
                c = end + 1
        return 3 * pairs
    if o == 13:
        return {0: 8, 1: 5, 2: 3}.get(count(grid, Animal.GIRAFFE), 0)
    if o == 14:
        return 3 * sum(
            1 for r, c, s in cells(grid) if s.animal is Animal.FLAMINGO and not on_edge(grid, r, c)
        )
    if o == 15:
        n = longest(grid)
        return min(15, sum(range(n)))
    if o == 17:
        return 3 * sum(
            1 for r, c, s in cells(grid) if s.animal is Animal.PANDA and on_edge(grid, r, c)
        )
    if o == 19:
        return 3 * sum(
            1
            for c in range(N)
            if [q.animal for r in range(N) if (q := grid[r][c]) is not None].count(Animal.PENGUIN)
            == 1
        )
    if o == 22:
        return 2 * sum(
            1
            for r, c, s in cells(grid)
            if s.animal is Animal.CROCODILE
            and any((t := at(grid, y, x)) and t.animal is Animal.GIRAFFE for y, x in around(r, c))
        )
    raise ValueError(o)


def ranked(values: Sequence[int], first: int, second: int, most: bool = True) -> list[int]:
    ordered = sorted(set(values), reverse=most)
    top = [v == ordered[0] for v in values]
    out = [first if t else 0 for t in top]
    if len(values) in (3, 4) and sum(top) == 1 and len(ordered) > 1:
        out = [second if v == ordered[1] else p for v, p in zip(values, out, strict=True)]
    return out


def table(objective_id: int, grids: Sequence[Grid]) -> list[int]:
    o = objective_id
    if o == 16:
        return ranked([longest(g) for g in grids], 5, 2)
    if o == 18:
        gorillas = ranked([count(g, Animal.GORILLA) for g in grids], 5, 2)
        pandas = ranked([count(g, Animal.PANDA) for g in grids], -5, -2)
        return [a + b for a, b in zip(gorillas, pandas, strict=True)]
    if o == 20:
        lions = [count(g, Animal.LION) for g in grids]
        return [3 if n == min(lions) else -2 for n in lions]
    if o == 21:
        crocs = ranked([count(g, Animal.CROCODILE) for g in grids], 5, 2)
        flamingos = ranked([count(g, Animal.FLAMINGO) for g in grids], 5, 2, most=False)
        return [a + b for a, b in zip(crocs, flamingos, strict=True)]
    return [solo(o, g) for g in grids]
