"""What lies at a found card's edge, in its rectified surround (`rectify_surround`):
whether ink inside the card runs on across the edge (a hand, a card over it, a fruit the
outline cuts) or stops at it (the card's own print against a holder's lip or a dark
table). The reader's tests for a card that is covered, or whose outline is not its own.
"""

from __future__ import annotations

import cv2
import numpy as np

from tableref.vision.halli.backs import interior
from tableref.vision.halli.fruit_parts import CHROMA_SAT, CHROMA_VAL, paper_mask
from tableref.vision.halli.rectify import outline_at

Image = np.ndarray

STOPS_AT_EDGE = 30.0  # Lab distance between ink just inside a card's edge and what
# lies just outside it there: more, and the ink stops at the edge (a fruit printed up to
# it, against a holder's wooden lip or a dark table); less, it runs on across (a hand)
CROSS = (0, 3, 5, 8)  # px of the surround: the strip just inside the card window, and
# the one just outside the card's own edge (the window is trimmed by a margin of ~3 px)


def _side_strips(offset: tuple[int, int], size: tuple[int, int]) -> list[tuple[
        tuple[slice, slice], tuple[slice, slice], int]]:
    """Per side of the card window in a surround image: (the strip just inside it, the
    strip just outside the card's own edge there, the axis the place along the side is
    on)."""
    ox, oy = offset
    w, h = size
    i0, i1, o0, o1 = CROSS
    return [
        (np.s_[oy + i0:oy + i1, ox:ox + w], np.s_[oy - o1:oy - o0, ox:ox + w], 1),
        (np.s_[oy + h - i1:oy + h - i0, ox:ox + w], np.s_[oy + h + o0:oy + h + o1, ox:ox + w], 1),
        (np.s_[oy:oy + h, ox + i0:ox + i1], np.s_[oy:oy + h, ox - o1:ox - o0], 0),
        (np.s_[oy:oy + h, ox + w - i1:ox + w - i0], np.s_[oy:oy + h, ox + w + o0:ox + w + o1], 0),
    ]


def _runs_across(lab: Image, ink: Image, offset: tuple[int, int],
                 size: tuple[int, int]) -> bool:
    """Whether the ink `ink` (a mask of the surround) runs on across the card's edge: on
    some side, where it lies just inside the card, what lies just outside the card's edge
    there has its colour."""
    for inside, outside, along in _side_strips(offset, size):
        here = ink[inside]
        at = here.any(axis=0) if along == 1 else here.any(axis=1)
        if not at.any():
            continue
        out = lab[outside][:, at] if along == 1 else lab[outside][at, :]
        if float(np.linalg.norm(lab[inside][here].mean(axis=0)
                                - out.reshape(-1, 3).mean(axis=0))) < STOPS_AT_EDGE:
            return True
    return False


SAME_HUE = 10  # OpenCV hue units (of 180): one fruit's colour


def cut_fruit(around: Image, offset: tuple[int, int], patch: np.ndarray,
               fruit: float) -> bool:
    """Whether a sliver of colour at the card window's edge is part of a fruit that lies
    mostly outside the window (more than `fruit` pixels of its colour, joined to it):
    the outline cuts that fruit, and the card, or a card below it, runs on beyond. The
    reader cannot tell which: neither may be counted."""
    h, w = patch.shape
    ox, oy = offset
    hsv = cv2.cvtColor(around, cv2.COLOR_BGR2HSV)
    window = hsv[oy:oy + h, ox:ox + w]
    coloured = patch & (window[..., 1] >= CHROMA_SAT)
    if int(coloured.sum()) < 3:
        return False
    hue = int(np.median(window[..., 0][coloured]))
    d = np.abs(hsv[..., 0].astype(np.int16) - hue)
    same = (np.minimum(d, 180 - d) <= SAME_HUE) & (hsv[..., 1] >= CHROMA_SAT) & \
        (hsv[..., 2] >= CHROMA_VAL)
    same[oy:oy + h, ox:ox + w] |= patch
    _, labels = cv2.connectedComponents(same.astype(np.uint8), connectivity=8)
    own = np.unique(labels[oy:oy + h, ox:ox + w][patch])
    joined = np.isin(labels, own[own > 0])
    ex, ey = card_edge(offset, (w, h))
    joined[ey:joined.shape[0] - ey, ex:joined.shape[1] - ex] = False  # the card itself
    # more of a fruit than the sliver, and no more than a fruit: a table of that colour
    # seen at the edge (the outline a pixel off) runs on much further
    return max(2 * int(patch.sum()), fruit) <= int(joined.sum()) <= FRUITS_BEYOND * fruit


FRUITS_BEYOND = 6  # fruit-sized halves (of the smallest fruit) a cut fruit leaves beyond


def card_edge(offset: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """Where the card's outline lies in its surround image, to the pixel."""
    ex, ey = outline_at(offset, size)
    return round(ex), round(ey)


def intrusion(around: Image, offset: tuple[int, int],
               size: tuple[int, int]) -> tuple[float, float]:
    """(share of the card's interior covered by ink that runs in from outside it: a
    hand, a sleeve, another card, or table seen through an outline that does not fit;
    share covered by ink that touches what lies outside but stops at the card's edge:
    a fruit printed up to the edge, against a holder's lip or a dark table, or what a
    hand in a sleeve of another colour brings in)."""
    hsv = cv2.cvtColor(around, cv2.COLOR_BGR2HSV)
    ink = (~paper_mask(hsv)).astype(np.uint8)
    # what comes in from outside is wide (a hand, a sleeve, a card, the table); a bridge
    # a pixel or two wide (the card's own edge line, a table's print touching the card
    # where a fruit comes close to its edge) only joins the card's print to the outside
    ink = np.asarray(cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)), np.uint8)
    _, labels = cv2.connectedComponents(ink, connectivity=8)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    edge = edge[edge > 0]
    if edge.size == 0:
        return 0.0, 0.0
    lab = cv2.cvtColor(around, cv2.COLOR_BGR2LAB).astype(np.float32)
    across = [c for c in edge if _runs_across(lab, labels == c, offset, size)]
    stops = [c for c in edge if c not in across]
    ox, oy = offset
    w, h = size
    window = labels[oy:oy + h, ox:ox + w]

    def share(which: list[int]) -> float:
        if not which:
            return 0.0
        card = np.isin(window, which)
        inner = interior(card[..., None].astype(np.uint8) * np.ones(3, np.uint8), 0.1)[..., 0]
        return float(np.count_nonzero(inner)) / max(inner.size, 1)

    return share(across), share(stops)


def reach_edge(around: Image, offset: tuple[int, int], fruits: list[np.ndarray]) -> bool:
    """Whether any of the fruits (masks of the card window at `offset` in the surround)
    runs on to the card's outline, through the paper margin the window leaves out: a
    fruit that an outline cuts reaches it; one printed inside the card stops short."""
    if not fruits:
        return False
    hsv = cv2.cvtColor(around, cv2.COLOR_BGR2HSV)
    ink = (~paper_mask(hsv)).astype(np.uint8)
    _, labels = cv2.connectedComponents(ink, connectivity=8)
    ox, oy = offset
    h, w = fruits[0].shape
    window = labels[oy:oy + h, ox:ox + w]
    own = np.unique(window[np.logical_or.reduce(fruits) & (window > 0)])
    ex, ey = card_edge(offset, (w, h))
    rim = np.zeros(labels.shape, bool)
    rim[ey - 1:ey + 2, ex - 1:labels.shape[1] - ex + 1] = True
    rim[labels.shape[0] - ey - 2:labels.shape[0] - ey + 1, ex - 1:labels.shape[1] - ex + 1] = True
    rim[ey - 1:labels.shape[0] - ey + 1, ex - 1:ex + 2] = True
    rim[ey - 1:labels.shape[0] - ey + 1, labels.shape[1] - ex - 2:labels.shape[1] - ex + 1] = True
    return bool(np.isin(labels[rim], own).any())
