"""What kind of card face this is before any fruit is counted: a back, or a picture.

- A card back (face down) is printed all over with a small repeated pattern (the
  fruit-patterned backs of Halli Galli decks): many small details spread over the whole
  card, in two or more fruit colours, whatever its ground.
- An animal card is a coloured picture: most of the card is ink, not paper.
- Otherwise it is a face of fruits on paper, to be read by counting.

Both tests look at structure, not at one deck's colours, so they hold for decks the
project has never seen; an enrolled back or animal is recognised by its picture.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from tableref.vision.halli.fruit_parts import Patch, paper_mask
from tableref.vision.halli.inks import DEFAULT, classify, histogram

Image = np.ndarray

GRID = (3, 4)  # cells across, down
BACK_DETAILS = 6  # a back shows at least this many separate small details
BACK_CELLS = 5  # spread over at least this many of the 12 cells


def interior(card: Image, band: float = 0.07) -> Image:
    h, w = card.shape[:2]
    bh, bw = max(1, int(band * h)), max(1, int(band * w))
    return card[bh:h - bh, bw:w - bw]


def ink_share(card: Image) -> float:
    """The share of the card's interior that is not paper (balanced card)."""
    hsv = cv2.cvtColor(interior(card), cv2.COLOR_BGR2HSV)
    paper = float(np.count_nonzero(paper_mask(hsv)))
    return 1.0 - paper / max(int(hsv.shape[0] * hsv.shape[1]), 1)


def details(card: Image) -> tuple[int, int, int]:
    """(how many small details, in how many grid cells, of how many fruit colours) on
    the card's interior.

    A detail is a compact spot that differs from its neighbourhood: a small fruit of
    a back's pattern, an eye, a seed. Long outlines count once, however long. A fruit
    colour counts when at least a tenth of the details' coloured pixels have it.
    """
    inner = interior(card)
    h, w = inner.shape[:2]
    lab = cv2.cvtColor(inner, cv2.COLOR_BGR2LAB).astype(np.float32)
    local = cv2.blur(lab, (11, 11))
    dev = np.sqrt(((lab - local) ** 2).sum(axis=2))
    spots = (dev > 22).astype(np.uint8)
    n, labels, stats, cents = cv2.connectedComponentsWithStats(spots, connectivity=8)
    cells: set[tuple[int, int]] = set()
    kept = np.zeros(n, bool)
    for i in range(1, n):
        a = int(stats[i, cv2.CC_STAT_AREA])
        bw, bh = int(stats[i, cv2.CC_STAT_WIDTH]), int(stats[i, cv2.CC_STAT_HEIGHT])
        if a < 4 or max(bw, bh) > 0.3 * w:
            continue  # noise, or a long outline
        kept[i] = True
        cx, cy = cents[i]
        cells.add((min(int(cx * GRID[0] / w), GRID[0] - 1), min(int(cy * GRID[1] / h),
                                                                GRID[1] - 1)))
    hsv = cv2.cvtColor(inner, cv2.COLOR_BGR2HSV)
    coloured = kept[labels] & (hsv[..., 1] >= 90) & (hsv[..., 2] >= 60)
    hist = histogram(hsv[..., 0][coloured], np.ones(int(np.count_nonzero(coloured))))
    colours = sum(float(hist @ np.minimum(c.body, 1)) >= 0.1 for c in DEFAULT.values())
    return int(kept.sum()), len(cells), int(colours)


def back_evidence(card: Image, ink: float, found: Sequence[Patch]) -> str:
    """"back" (a small pattern repeated over the whole card), "none" (no such pattern)
    or "some" (between the two: neither a back nor a picture can be claimed).

    On a coloured ground (most of the card ink): details everywhere, in two or more
    fruit colours (an animal picture mostly none or one). On a light one: more small
    patches than any fruit card prints, everywhere, of three or more fruit colours."""
    if ink >= 0.6:
        count, cells, colours = details(card)
        if count >= BACK_DETAILS and cells >= BACK_CELLS and colours >= 2:
            return "back"
        if count <= 4 or cells <= 3 or colours == 0:
            return "none"
        return "some"
    h, w = card.shape[:2]
    small = [p for p in found if p.area < 0.04 * h * w]
    spread = {(min(int(p.centre[0] * GRID[0] / w), GRID[0] - 1),
               min(int(p.centre[1] * GRID[1] / h), GRID[1] - 1)) for p in small}
    kinds = {classify(p.hist).fruit for p in small} - {None}
    if len(small) >= 10 and len(spread) >= BACK_CELLS and len(kinds) >= 3:
        return "back"
    return "none" if len(small) <= 6 else "some"
