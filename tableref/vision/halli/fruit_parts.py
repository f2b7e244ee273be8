"""A balanced card cut into its printed parts, grouped into fruit candidates.

Everything that is not paper is ink. One fruit is one connected patch of ink: its
body with whatever is printed on it or against it (a dark outline, a highlight, a
strawberry's calyx and seeds, a plum's stem, a drop shadow), holes filled. A small
patch right beside a bigger one (a calyx or stem printed apart) joins it. What is left
over is a mark no fruit explains.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tableref.vision.halli.inks import BINS, histogram

Image = np.ndarray

PAPER_SAT = 48  # paper is at most this saturated (balanced, blurred, JPEG'd)
PAPER_VAL = 0.78 * 235  # and at least this bright
CHROMA_SAT = 75  # printed colour, not paper, shadow or outline
CHROMA_VAL = 45


@dataclass(frozen=True)
class Patch:
    """One connected patch of ink (with the small bits that join it)."""

    mask: np.ndarray  # bool, card size
    area: int
    centre: tuple[float, float]
    hist: np.ndarray  # hue histogram of its coloured pixels, saturation-weighted
    colour: float  # share of its pixels that are printed colour
    elongation: float  # long over short side of its min-area rectangle
    solidity: float  # area over convex hull area
    at_edge: bool  # touches the card's edge band
    in_band: float  # share of it within the outer eighth of the card (frames, edges)
    span: float  # its longest extent, share of the card's side along it


def paper_mask(hsv: Image) -> np.ndarray:
    return np.asarray((hsv[..., 1] < PAPER_SAT) & (hsv[..., 2] >= PAPER_VAL), bool)


def _fill_holes(mask: np.ndarray) -> np.ndarray:
    h, w = mask.shape
    pad = np.zeros((h + 2, w + 2), np.uint8)
    pad[1:-1, 1:-1] = mask
    flood = pad.copy()
    cv2.floodFill(flood, None, (0, 0), 1)
    return np.asarray(mask.astype(bool) | (flood[1:-1, 1:-1] == 0), bool)


def _shape(mask: np.ndarray) -> tuple[float, float]:
    pts = cv2.findNonZero(mask.astype(np.uint8))
    if pts is None or len(pts) < 5:
        return 1.0, 1.0
    (_, _), (rw, rh), _ = cv2.minAreaRect(pts)
    hull = cv2.convexHull(pts)
    hull_area = max(float(cv2.contourArea(hull)), 1.0)
    elong = max(rw, rh) / max(min(rw, rh), 1.0)
    return float(elong), min(1.0, float(np.count_nonzero(mask)) / hull_area)


def _without_frame(ink: np.ndarray, band: float = 0.1, run: float = 0.85) -> np.ndarray:
    """Ink with a printed frame taken out: rows and columns near the edges that are
    ink along most of their length (a frame line, or the table along a cut edge)."""
    h, w = ink.shape
    out = ink.copy()
    bh, bw = max(1, int(band * h)), max(1, int(band * w))
    rows = ink.mean(axis=1)
    cols = ink.mean(axis=0)
    for i in [*range(bh), *range(h - bh, h)]:
        inward = min(i + 4, h - 1) if i < h / 2 else max(i - 4, 0)
        if rows[i] >= run and rows[inward] < 0.5:  # a line, not a picture's edge
            out[i] = 0
    for j in [*range(bw), *range(w - bw, w)]:
        inward = min(j + 4, w - 1) if j < w / 2 else max(j - 4, 0)
        if cols[j] >= run and cols[inward] < 0.5:
            out[:, j] = 0
    return out


def _cores(ink: np.ndarray) -> tuple[np.ndarray, int]:
    """Label the ink by the cores left after a one-pixel erosion: two fruits joined
    only by the blurred halo between them become two patches; every ink pixel goes to
    its nearest core (0: paper). Returns (labels, number of labels including 0)."""
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    core = cv2.erode(ink, cross)
    # a core too big for one fruit may be two fruits printed close: erode it further
    # while that splits it into pieces of fruit size
    n, core_labels, stats, _ = cv2.connectedComponentsWithStats(core, connectivity=8)
    big = 0.08 * ink.size
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < big:
            continue
        part = (core_labels == i).astype(np.uint8)
        for _ in range(3):
            part = cv2.erode(part, cross)
            m, _, st, _ = cv2.connectedComponentsWithStats(part, connectivity=8)
            pieces = [j for j in range(1, m) if st[j, cv2.CC_STAT_AREA] >= 0.004 * ink.size]
            if len(pieces) >= 2:
                core[core_labels == i] = 0
                core[part > 0] = 1
                break
    n, core_labels = cv2.connectedComponents(core, connectivity=8)
    if n <= 1:
        m, labels = cv2.connectedComponents(ink, connectivity=8)
        return labels, m
    # nearest core pixel of every pixel: the distance transform of the non-core pixels
    _, nearest = cv2.distanceTransformWithLabels((core == 0).astype(np.uint8), cv2.DIST_L2, 3,
                                                 labelType=cv2.DIST_LABEL_PIXEL)
    _, whole = cv2.connectedComponents(ink, connectivity=8)
    ys, xs = np.nonzero(core)
    which = np.zeros(int(nearest.max()) + 1, np.int32)
    which[nearest[ys, xs]] = core_labels[ys, xs]
    home = np.zeros(int(nearest.max()) + 1, np.int32)
    home[nearest[ys, xs]] = whole[ys, xs]
    # a pixel joins its nearest core only if ink connects them
    joined = (ink > 0) & (home[nearest] == whole)
    labels = np.where(joined, which[nearest], 0).astype(np.int32)
    # ink with no core (thin lines, specks) keeps its own components, after the cores
    loose = ((ink > 0) & (labels == 0)).astype(np.uint8)
    if np.any(loose):
        m, loose_labels = cv2.connectedComponents(loose, connectivity=8)
        labels = np.where(loose_labels > 0, loose_labels + n - 1, labels)
        n += m - 1
    return labels, n


def patches(card: Image, band: float = 0.07, min_area: float = 0.003) -> list[Patch]:
    """The card's ink patches larger than min_area of the card, small neighbours joined."""
    h, w = card.shape[:2]
    hsv = cv2.cvtColor(card, cv2.COLOR_BGR2HSV)
    ink = _without_frame((~paper_mask(hsv)).astype(np.uint8))
    labels, n = _cores(ink)
    stats = np.zeros((n, 5), np.int64)
    stats[:, cv2.CC_STAT_AREA] = np.bincount(labels.reshape(-1), minlength=n)[:n]
    tiny = min_area * h * w
    big = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 4 * tiny]
    small = [i for i in range(1, n) if tiny <= stats[i, cv2.CC_STAT_AREA] < 4 * tiny]
    groups: dict[int, np.ndarray] = {i: labels == i for i in big}
    near = {i: cv2.dilate(g.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
            for i, g in groups.items()}
    for j in small:
        m = labels == j
        owner = next((i for i in big if np.any(near[i] & m)), None)
        if owner is None:
            groups[j] = m
        else:
            groups[owner] = groups[owner] | m
    bh, bw = max(1, int(band * h)), max(1, int(band * w))
    sat, val, hue = hsv[..., 1], hsv[..., 2], hsv[..., 0]
    chroma = (sat >= CHROMA_SAT) & (val >= CHROMA_VAL)
    out = []
    for g in groups.values():
        filled = _fill_holes(g)
        area = int(np.count_nonzero(filled))
        ys, xs = np.nonzero(filled)
        col = filled & chroma
        hist = histogram(hue[col], sat[col])
        elong, solid = _shape(filled)
        edge = bool(ys.min() < bh or xs.min() < bw or ys.max() >= h - bh or xs.max() >= w - bw)
        bx, by = 0.125 * w, 0.125 * h
        outer = (xs < bx) | (xs >= w - bx) | (ys < by) | (ys >= h - by)
        out.append(Patch(filled, area, (float(xs.mean()), float(ys.mean())), hist,
                         float(np.count_nonzero(col)) / max(area, 1), elong, solid, edge,
                         float(np.count_nonzero(outer)) / max(area, 1),
                         max((xs.max() - xs.min() + 1) / w, (ys.max() - ys.min() + 1) / h)))
    return out


def colour_parts(card: Image, mask: np.ndarray, min_area: float,
                 bodies: list[np.ndarray]) -> list[Patch]:
    """The patch `mask`'s printed colour cut into its connected parts of one fruit's
    body hues (`bodies`: a weight per hue bin for each fruit; its dark outlines and
    shadows left out) of at least `min_area` pixels, each as a Patch of its own: two
    fruits printed touching are one ink patch but two patches of colour."""
    hsv = cv2.cvtColor(card, cv2.COLOR_BGR2HSV)
    colour = mask & (hsv[..., 1] >= CHROMA_SAT) & (hsv[..., 2] >= CHROMA_VAL)
    bins = np.minimum((hsv[..., 0].astype(np.int32) * BINS) // 180, BINS - 1)
    # each bin to the first fruit whose body it is (0: none): a lime's green apart from
    # a banana's yellow, a strawberry's red from its green calyx
    owner = np.zeros(BINS, np.int32)
    for k, body in reversed(list(enumerate(bodies, 1))):
        owner[np.asarray(body) > 0] = k
    kind = np.where(colour, owner[bins] + 1, 0)
    h, w = mask.shape
    out = []
    for k in np.unique(kind[kind > 0]):
        n, labels, stats, _ = cv2.connectedComponentsWithStats(
            (kind == k).astype(np.uint8), connectivity=4)
        for i in range(1, n):
            if stats[i, cv2.CC_STAT_AREA] < min_area:
                continue
            part = labels == i
            ys, xs = np.nonzero(part)
            elong, solid = _shape(part)
            out.append(Patch(part, int(stats[i, cv2.CC_STAT_AREA]),
                             (float(xs.mean()), float(ys.mean())),
                             histogram(hsv[..., 0][part], hsv[..., 1][part]), 1.0, elong, solid,
                             False, 0.0, max((xs.max() - xs.min() + 1) / w,
                                             (ys.max() - ys.min() + 1) / h)))
    return out
