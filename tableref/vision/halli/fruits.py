"""Count the fruits on a white-balanced rectified card: separate blobs of four colours.

Works for any art of that kind: bananas are yellow, plums purple, strawberries red,
limes green, each fruit a separate shape on light paper. Small bits (leaves, seeds,
stems) are ignored; anything that does not look like a clean fruit card (blobs of odd
sizes, large unexplained dark or coloured areas) makes the count unsure.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tableref.vision.halli.codes import FRUITS

Image = np.ndarray

# OpenCV hue (0..180) ranges of each fruit, inclusive
HUES: dict[str, tuple[tuple[int, int], ...]] = {
    "banana": ((13, 34),),
    "plum": ((112, 164),),
    "strawberry": ((0, 10), (167, 180)),
    "lime": ((36, 92),),
}


@dataclass(frozen=True)
class FruitCount:
    counts: dict[str, int]
    sure: bool
    why: str = ""  # the reason when not sure


@dataclass(frozen=True)
class FruitOptions:
    min_sat: int = 85
    min_val: int = 45
    min_blob: float = 0.009  # smallest fruit, fraction of the card's area
    max_blob: float = 0.16  # largest single fruit
    max_other: float = 0.045  # unexplained non-paper area allowed
    max_fruits: int = 6
    paper_sat: int = 40
    vivid_sat: int = 150  # most of a fruit is at least this saturated
    # fruits lie in dice-pip layouts, the same turned half round; a card partly
    # covered by a hand shows a lopsided layout. Off for decks laid out otherwise.
    symmetric: bool = True
    symmetry_tolerance: float = 0.16  # fraction of the card's width and height


def _edge_sliver(stat: np.ndarray, w: int, h: int) -> bool:
    x, y, bw, bh = (int(v) for v in stat[:4])
    at_edge = x <= 0 or y <= 0 or x + bw >= w or y + bh >= h
    return at_edge and (bw < 0.1 * w or bh < 0.07 * h)


def _running_out(hsv: Image, ranges: tuple[tuple[int, int], ...],
                 opts: FruitOptions) -> np.ndarray | None:
    """Pixels of this colour connected to the border of the surround image (None: none)."""
    sel = np.zeros(hsv.shape[:2], bool)
    for lo, hi in ranges:
        sel |= (hsv[..., 0] >= lo) & (hsv[..., 0] <= hi)
    m = (sel & (hsv[..., 1] >= opts.min_sat) & (hsv[..., 2] >= opts.min_val)).astype(np.uint8)
    if not (m[0].any() or m[-1].any() or m[:, 0].any() or m[:, -1].any()):
        return None
    _, labels = cv2.connectedComponents(m, connectivity=8)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    edge = edge[edge > 0]
    return np.isin(labels, edge)


def _leaf(blob: np.ndarray, area: int, berries: np.ndarray) -> bool:
    """A green blob touching a strawberry and much smaller than it: its leaves."""
    near = cv2.dilate(berries, np.ones((5, 5), np.uint8))
    touching = near[blob]
    if not np.any(touching):
        return False
    return area < 0.5 * int(np.count_nonzero(berries)) / max(1, _count_blobs(berries))


def _count_blobs(mask: np.ndarray) -> int:
    n, _ = cv2.connectedComponents(mask)
    return n - 1


def _symmetric(centres: list[tuple[float, float]], w: int, h: int,
               tolerance: float = 0.13) -> bool:
    """The layout is centred on the card, and every fruit has a partner (or is itself
    one) where the layout turned half round about its centre puts it."""
    pts = np.array(centres) / np.array([w, h])
    mid = pts.mean(axis=0)
    if np.abs(mid - 0.5).max() > tolerance:
        return False
    mirrored = 2 * mid - pts
    d = np.abs(mirrored[:, None, :] - pts[None, :, :]).max(axis=2)
    return bool((d.min(axis=1) <= tolerance).all())


def count_fruits(card: Image, opts: FruitOptions | None = None,
                 surround: Image | None = None, offset: tuple[int, int] = (0, 0)) -> FruitCount:
    """Count the fruits of each kind on a balanced card image.

    `surround` (optional) is the card with a ring of what lies round it, the card
    being its window at `offset`: a fruit-coloured blob that runs on out of the
    card is table (or a hand) showing through an outline that does not fit.
    """
    opts = opts or FruitOptions()
    hsv_all = cv2.cvtColor(card if surround is None else surround, cv2.COLOR_BGR2HSV)
    ox, oy = offset
    hsv = hsv_all[oy:oy + card.shape[0], ox:ox + card.shape[1]]
    hue, sat, val = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    area = float(card.shape[0] * card.shape[1])
    coloured = (sat >= opts.min_sat) & (val >= opts.min_val)
    counts = dict.fromkeys(FRUITS, 0)
    explained = np.zeros(hue.shape, np.uint8)
    blob_areas: dict[str, list[int]] = {f: [] for f in FRUITS}
    centres: list[tuple[float, float]] = []
    berries: np.ndarray | None = None  # strawberries counted so far
    for fruit, ranges in HUES.items():
        sel = np.zeros(hue.shape, bool)
        for lo, hi in ranges:
            sel |= (hue >= lo) & (hue <= hi)
        m = (sel & coloured).astype(np.uint8)
        outside: np.ndarray | None = None
        checked = surround is None  # whether `outside` is known for this colour
        n, labels, stats, cents = cv2.connectedComponentsWithStats(m, connectivity=8)
        for i in range(1, n):
            a = int(stats[i, cv2.CC_STAT_AREA])
            if _edge_sliver(stats[i], card.shape[1], card.shape[0]):
                continue  # a bit of table or of the card below, at the card's edge
            if a < opts.min_blob * area:
                if a >= 0.004 * area:
                    explained |= (labels == i).astype(np.uint8)
                continue
            vivid = np.count_nonzero((labels == i) & (sat >= opts.vivid_sat))
            if vivid < 0.3 * a:
                continue  # dull: skin, wood, shadow; printed fruits are vivid
            if a > opts.max_blob * area:
                return FruitCount(counts, False, f"a {fruit}-coloured area too big for a fruit")
            if fruit == "lime" and berries is not None and _leaf(labels == i, a, berries):
                explained |= (labels == i).astype(np.uint8)
                continue  # a strawberry's leaves
            if not checked:
                outside, checked = _running_out(hsv_all, ranges, opts), True
            if outside is not None and np.any(
                    outside[oy:oy + card.shape[0], ox:ox + card.shape[1]][labels == i]):
                return FruitCount(counts, False, f"{fruit} colour running on off the card")
            counts[fruit] += 1
            blob_areas[fruit].append(a)
            if fruit == "strawberry":
                berry = (labels == i).astype(np.uint8)
                berries = berry if berries is None else berries | berry
            centres.append((float(cents[i][0]), float(cents[i][1])))
            explained |= (labels == i).astype(np.uint8)
    total = sum(counts.values())
    if opts.symmetric and total and not _symmetric(centres, card.shape[1], card.shape[0],
                                                   opts.symmetry_tolerance):
        return FruitCount(counts, False, "fruits not laid out round the centre (covered?)")
    if total == 0:
        return FruitCount(counts, False, "no fruit")
    if total > opts.max_fruits:
        return FruitCount(counts, False, "too many fruits")
    for fruit, areas in blob_areas.items():
        if len(areas) >= 2 and max(areas) > 1.7 * min(areas):
            return FruitCount(counts, False, f"{fruit}s of different sizes (touching?)")
    # everything dark or coloured must sit on or next to a fruit (outlines, tips, leaves)
    near = cv2.dilate(explained, np.ones((5, 5), np.uint8))
    paper = (val >= 0.7 * 235) & (sat < opts.paper_sat)
    ink = ~paper
    # the outer band may show table or the card below when the outline is a bit off
    bh, bw = int(0.07 * ink.shape[0]), int(0.07 * ink.shape[1])
    ink[:bh], ink[-bh:], ink[:, :bw], ink[:, -bw:] = False, False, False, False
    other = float(np.count_nonzero(ink & (near == 0))) / area
    if other > opts.max_other:
        return FruitCount(counts, False, "marks that are not fruits")
    return FruitCount(counts, True)
