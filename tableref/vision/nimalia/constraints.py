"""What the game guarantees, used to check a reading.

- each animal stands on its terrain, rivers run only through otters (checked per space),
- a reserve fits in 6x6,
- the covered spaces are whole cards: every space lies in a fully covered 2x2 block.
Spaces that break a guarantee or were read with too little confidence are named.
"""

from __future__ import annotations

from dataclasses import dataclass

from tableref.vision.nimalia.cards import space
from tableref.vision.nimalia.classify import Reading

WINDOW = 6


@dataclass(frozen=True)
class Doubt:
    row: int
    col: int
    reason: str


def in_whole_cards(cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells that no fully covered 2x2 block contains."""
    bad = set()
    for r, c in cells:
        if not any(
            {(r + dr, c + dc), (r + dr + 1, c + dc), (r + dr, c + dc + 1), (r + dr + 1, c + dc + 1)}
            <= cells
            for dr in (-1, 0)
            for dc in (-1, 0)
        ):
            bad.add((r, c))
    return bad


def check(read: dict[tuple[int, int], Reading], confident: float) -> list[Doubt]:
    doubts: list[Doubt] = []
    cells = set(read)
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    if max(rows) - min(rows) >= WINDOW or max(cols) - min(cols) >= WINDOW:
        far = max(cells)
        doubts.append(Doubt(far[0], far[1], "the reserve seen is larger than 6x6"))
    for r, c in sorted(in_whole_cards(cells)):
        doubts.append(Doubt(r, c, "not part of any whole card: the grid may be wrong here"))
    named = {(d.row, d.col) for d in doubts}
    for (r, c), x in sorted(read.items()):
        if (r, c) in named:
            continue
        problem = space(x.terrain, x.animal, x.river).problem()
        if problem:
            doubts.append(Doubt(r, c, problem))
        elif x.confidence < confident:
            parts = {"terrain": x.terrain_conf, "river": x.river_conf, "animal": x.animal_conf}
            weakest = min(parts, key=lambda k: parts[k])
            doubts.append(Doubt(r, c, f"unsure of the {weakest} ({parts[weakest]:.2f})"))
    return doubts
