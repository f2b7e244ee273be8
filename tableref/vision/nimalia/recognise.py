"""Photo -> reserve: locate, grid, classify, check against the game's guarantees.

`recognise(photo, enrolment)` returns a `Recognition`: the spaces read with confidence
(rows/cols from 0, row 0 at the top of the photo) and the spaces that could not be read
with confidence, named instead of guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.vision.nimalia.cards import SpaceKind
from tableref.vision.nimalia.classify import Reading, cell_patches, classify
from tableref.vision.nimalia.constraints import Doubt, check
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.features import C
from tableref.vision.nimalia.grid import Grid, find_grid
from tableref.vision.nimalia.locate import locate

CONFIDENT = 0.35


@dataclass
class Recognition:
    spaces: dict[tuple[int, int], SpaceKind]  # read with confidence
    confidence: dict[tuple[int, int], float]
    unreadable: list[Doubt] = field(default_factory=list)
    guesses: dict[tuple[int, int], SpaceKind] = field(default_factory=dict)  # every space
    grid: Grid | None = None
    offset: tuple[int, int] = (0, 0)  # grid (row, col) of reserve (0, 0)

    @property
    def complete(self) -> bool:
        return not self.unreadable

    def as_json(self) -> dict[str, object]:
        spaces = []
        for (r, c), k in sorted(self.spaces.items()):
            spaces.append(
                {"row": r, "col": c, **k.as_json(), "confidence": round(self.confidence[(r, c)], 3)}
            )
        return {
            "spaces": spaces,
            "unreadable": [
                {
                    "row": d.row,
                    "col": d.col,
                    "reason": d.reason,
                    "guess": self.guesses[(d.row, d.col)].as_json(),
                }
                if (d.row, d.col) in self.guesses
                else {"row": d.row, "col": d.col, "reason": d.reason}
                for d in self.unreadable
            ],
        }


def canonical(photo: np.ndarray, grid: Grid) -> np.ndarray:
    """The reserve seen square-on, C pixels per space."""
    src = photo
    factor = grid.space_px / C
    if factor > 1.6:
        src = cv2.GaussianBlur(photo, (0, 0), 0.45 * factor)
    m = (
        grid.to_photo
        @ np.diag([1.0 / C, 1.0 / C, 1.0])
        @ np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]])
    )
    return cv2.warpPerspective(
        src, m, (grid.cols * C, grid.rows * C), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    )


def recognise(photo: np.ndarray, enrolment: Enrolment) -> Recognition:
    loc = locate(photo)
    grid = find_grid(photo, loc)
    cells = sorted(grid.covered)
    canon = canonical(photo, grid)
    readings = classify(cell_patches(canon, cells, enrolment), enrolment)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    read: dict[tuple[int, int], Reading] = {
        (r - r0, c - c0): x for (r, c), x in zip(cells, readings, strict=True)
    }
    doubts = check(read, CONFIDENT)
    doubtful = {(d.row, d.col) for d in doubts}
    guesses = {p: SpaceKind(x.terrain, x.animal, x.river) for p, x in read.items()}
    return Recognition(
        spaces={p: k for p, k in guesses.items() if p not in doubtful},
        confidence={p: x.confidence for p, x in read.items()},
        unreadable=doubts,
        guesses=guesses,
        grid=grid,
        offset=(r0, c0),
    )
