"""Cards seen apart from the reserve: patches of the photo, not joined to the reserve, that
are a card's size or more on the table's plane and show the deck's spaces.

The reader reads one patch, the reserve; a card laid apart from it (touching none of its
cards) is not part of the reading. Every card placed covers a space of the reserve, so
such a card is either no part of the reserve (a loose card) or placed against the rules:
the players are asked, never the reserve scored as if the card were not there.

Each other patch the locator found (`Located.others`) is taken onto the reserve's grid
(the table's plane, in spaces): its smallest enclosing rectangle there must measure at
least CARD_SIDE spaces each way (a card is 2 by 2), and the cells it is cut into (those
the patch covers) must mostly look like enrolled spaces (a hand, a coin, glare do not).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tableref.vision.nimalia.classify import correlations
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.features import C
from tableref.vision.nimalia.grid import Grid, square_on

CARD_SIDE = 1.4  # spaces: a card seen whole or nearly (2 by 2) measures this each way
CARD_MATCH = 0.6  # a cell this like an enrolled space is one of the deck's (recognise.py)
ALIKE = 0.5  # of the patch's cells at least, for it to be cards
COVERED = 0.5  # of a cell inside the patch, for the cell to count
MAX_CELLS = 64  # a patch larger than this many spaces is no card of this table


@dataclass(frozen=True)
class Apart:
    """A patch that is cards: which of the locator's `others`, its rectangle on the table
    (4x2 corners, photo pixels), and how many cells of about a space it covers."""

    index: int
    quad: np.ndarray
    cells: int


def cards_apart(photo: np.ndarray, others: tuple[np.ndarray, ...], grid: Grid,
                enrolment: Enrolment) -> list[Apart]:
    """The patches of `others` (outlines in photo pixels) that are cards."""
    if not others:
        return []
    to_grid = np.linalg.inv(grid.to_photo)
    found = []
    for index, outline in enumerate(others):
        pts = cv2.perspectiveTransform(outline.reshape(1, -1, 2).astype(np.float64), to_grid)[0]
        if not np.isfinite(pts).all():
            continue
        rect = cv2.minAreaRect(pts.astype(np.float32))
        w, h = rect[1]
        if min(w, h) < CARD_SIDE or w * h > MAX_CELLS:
            continue
        corners = cv2.boxPoints(rect).astype(np.float64)  # consecutive corners, grid coords
        cells = _card_cells(photo, grid, corners, pts, enrolment)
        if cells:
            found.append(Apart(index, cv2.perspectiveTransform(corners[None], grid.to_photo)[0]
                               .astype(np.float32), cells))
    return found


def _card_cells(photo: np.ndarray, grid: Grid, corners: np.ndarray, outline: np.ndarray,
                enrolment: Enrolment) -> int:
    """How many cells the patch (`outline`, grid coords) covers when its rectangle
    `corners` (grid coords) is cut into cells of about a space, if they mostly show the
    deck's spaces (else 0)."""
    p0, p1, _, p3 = corners
    across, down = p1 - p0, p3 - p0
    nx = max(1, round(float(np.linalg.norm(across))))
    ny = max(1, round(float(np.linalg.norm(down))))
    # the rectangle's cells (col, row) to grid coordinates
    cells_to_grid = np.array([[across[0] / nx, down[0] / ny, p0[0]],
                              [across[1] / nx, down[1] / ny, p0[1]],
                              [0.0, 0.0, 1.0]])
    # sampled at twice the size, then averaged down (as recognise.py)
    sharp = square_on(photo, grid.to_photo @ cells_to_grid, ny, nx, 2 * C)
    canon = cv2.resize(sharp, (nx * C, ny * C), interpolation=cv2.INTER_AREA)
    inside = np.zeros((ny * C, nx * C), np.uint8)
    local = cv2.perspectiveTransform(outline[None], np.linalg.inv(cells_to_grid))[0] * C
    cv2.fillPoly(inside, [np.round(local).astype(np.int32)], 1)
    share = inside.reshape(ny, C, nx, C).mean(axis=(1, 3))
    cells = [(r, c) for r in range(ny) for c in range(nx) if share[r, c] >= COVERED]
    if not cells:
        return 0
    patches = [canon[r * C:(r + 1) * C, c * C:(c + 1) * C] for r, c in cells]
    best = correlations(patches, enrolment).reshape(len(patches), -1).max(axis=1)
    alike = int((best >= CARD_MATCH).sum())
    return len(cells) if alike >= 2 and alike >= ALIKE * len(cells) else 0
