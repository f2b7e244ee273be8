"""Find the reserve in a photo: the largest patch of card pixels that stands out from the table.

The table is learnt from the photo's border (Lab colour, robust spread, brightness given
extra slack for shadows and uneven light); card pixels are those far from it. Loose
cards and a hand near the reserve are separate patches: left out of the reserve, and
handed on (`others`) to be told apart (apart.py: a card laid apart is said, not ignored).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

WORK_WIDTH = 800  # the mask is found at this width


class NoReserveError(ValueError):
    """No reserve could be found in the photo; the message says why."""


@dataclass(frozen=True)
class Located:
    contour: np.ndarray  # (N, 2) float32 outline in photo pixels
    mask: np.ndarray  # uint8 mask at photo size (255 = reserve)
    scale: float  # work pixels per photo pixel
    # uint8 mask at photo size (255 = table seen through a hole in the reserve), or None
    holes: np.ndarray | None = None
    # the other patches wholly in view, at least OTHER_SHARE of the reserve's size:
    # (N, 2) float32 outlines in photo pixels
    others: tuple[np.ndarray, ...] = ()
    larger_cut: bool = False  # a patch larger than the reserve runs off the photo


OTHER_SHARE = 0.02


def _table_distance(lab: np.ndarray) -> np.ndarray:
    """How far each pixel is from the table, in robust spreads of the table's own colour."""
    h, w = lab.shape[:2]
    b = max(4, int(0.04 * min(h, w)))
    border = np.concatenate(
        [
            lab[:b].reshape(-1, 3),
            lab[-b:].reshape(-1, 3),
            lab[:, :b].reshape(-1, 3),
            lab[:, -b:].reshape(-1, 3),
        ]
    )
    med = np.median(border, axis=0)
    mad = np.median(np.abs(border - med), axis=0) * 1.4826
    spread = np.maximum(mad, [3.0, 2.0, 2.0])
    spread[0] = max(spread[0] * 3.0, 18.0)  # light varies much more than colour
    z = (lab - med) / spread
    first = np.sqrt((z * z).sum(axis=2))
    # second look: brightness against the table's own light nearby (shadows, gradients)
    table = cv2.dilate((first > 4.0).astype(np.uint8), np.ones((9, 9), np.uint8)) == 0
    # normalised convolution at a quarter size: the table's light, filled in under the cards
    q = (max(1, w // 4), max(1, h // 4))
    tw = cv2.resize(table.astype(np.float32), q, interpolation=cv2.INTER_AREA)
    light = cv2.resize(lab[..., 0], q, interpolation=cv2.INTER_AREA) * tw
    local = np.full((q[1], q[0]), med[0], np.float32)
    for sigma in (15.0, 5.0):  # fine where the table shows, coarse under the cards
        num = cv2.GaussianBlur(light, (0, 0), sigma)
        den = cv2.GaussianBlur(tw, (0, 0), sigma)
        ok = den > 0.15
        local[ok] = num[ok] / den[ok]
    local = cv2.resize(local, (w, h), interpolation=cv2.INTER_LINEAR)
    resid = lab[..., 0] - local
    noise = float(np.median(np.abs(resid[table])) * 1.4826) if table.any() else 6.0
    zl = resid / max(noise * 2.0, 6.0)
    zc = z[..., 1:]
    dist: np.ndarray = np.sqrt(zl * zl + (zc * zc).sum(axis=2))
    return dist


def locate(photo: np.ndarray, work_width: int = WORK_WIDTH, pick: int | None = None
           ) -> Located:
    """The reserve, its mask found at `work_width` pixels across: the largest patch wholly
    in view. With `pick`, the patch `others[pick]` of the reserve found without it instead
    (the reader's second look when that patch holds more of the deck's spaces)."""
    if photo.ndim != 3 or photo.shape[2] != 3 or min(photo.shape[:2]) < 64:
        raise NoReserveError("the photo must be a colour image of at least 64x64 pixels")
    scale = work_width / photo.shape[1]
    small = cv2.resize(
        photo, (work_width, max(1, round(photo.shape[0] * scale))), interpolation=cv2.INTER_AREA
    )
    small = cv2.GaussianBlur(small, (3, 3), 0)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32)
    fg: np.ndarray = (_table_distance(lab) > 4.5).astype(np.uint8)
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    fg = cv2.morphologyEx(fg, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    # a loose card or a hand that nearly touches the reserve hangs on by a thin bridge
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((9, 9), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(fg, connectivity=8)
    if n < 2:
        raise NoReserveError("no cards stand out from the table")
    areas = stats[1:, cv2.CC_STAT_AREA].astype(np.int64)
    inside = _inside(stats[1:], fg.shape)
    # the reserve is wholly in view: a patch running off the photo is table, light or
    # a card lying at the edge, unless nothing else is there
    ranked = np.where(inside, areas, -1) if inside.any() else areas
    best = 1 + int(np.argmax(ranked))
    others = _others(labels, areas, inside, best)
    if pick is None:
        blob = (labels == best).astype(np.uint8) * 255
        if areas[best - 1] < 400 * scale * scale * 4:
            raise NoReserveError("the largest patch of cards is too small to be a reserve")
    else:
        blob = others[pick] * 255
        others = [*([(labels == best).astype(np.uint8)] if inside[best - 1] else []),
                  *others[:pick], *others[pick + 1:]]
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(contours, key=cv2.contourArea)
    filled = np.zeros_like(blob)
    cv2.drawContours(filled, [outline], -1, 255, -1)
    size = (photo.shape[1], photo.shape[0])
    mask = cv2.resize(filled, size, interpolation=cv2.INTER_LINEAR)
    # the outline is filled (a white floe or a savanna may blend with the table inside it);
    # where the table shows through, a cell may be a hole among the cards
    holes = cv2.resize(filled & ~blob, size, interpolation=cv2.INTER_LINEAR)
    x, y, w, h = cv2.boundingRect(outline)
    if x <= 1 or y <= 1 or x + w >= small.shape[1] - 1 or y + h >= small.shape[0] - 1:
        raise NoReserveError(
            "the reserve touches the edge of the photo: step back so it is all in view"
        )
    larger_cut = bool((~inside & (areas > int(np.count_nonzero(blob)))).any())
    return Located(outline.reshape(-1, 2).astype(np.float32) / scale, mask, scale, holes,
                   tuple(_outline(b) / scale for b in others), larger_cut)


CLEAN = 15  # work pixels: a patch running off the photo, opened this much, parts from noise


def _inside(stats: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Which patches (their stats rows) lie wholly in view."""
    sh, sw = shape[:2]
    x0, y0 = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    x1 = x0 + stats[:, cv2.CC_STAT_WIDTH]
    y1 = y0 + stats[:, cv2.CC_STAT_HEIGHT]
    inside: np.ndarray = (x0 > 1) & (y0 > 1) & (x1 < sw - 1) & (y1 < sh - 1)
    return inside


def _others(labels: np.ndarray, areas: np.ndarray, inside: np.ndarray, best: int
            ) -> list[np.ndarray]:
    """The patches besides the reserve, wholly in view and at least OTHER_SHARE of its
    size (0/1 masks): cards maybe. A patch that runs off the photo may be cards joined to
    the table's noise (the speckles of a shadow's edge on wood, which reach the photo's
    border): opened by CLEAN pixels, the parts of it wholly in view count too."""
    least = OTHER_SHARE * areas[best - 1]
    out = []
    for i in np.flatnonzero(areas >= least):
        if i + 1 == best:
            continue
        patch = (labels == i + 1).astype(np.uint8)
        if inside[i]:
            out.append(patch)
            continue
        core = cv2.morphologyEx(patch, cv2.MORPH_OPEN, np.ones((CLEAN, CLEAN), np.uint8))
        k, parts, stats, _ = cv2.connectedComponentsWithStats(core, connectivity=8)
        if k < 2:
            continue
        whole = _inside(stats[1:], core.shape)
        out += [(parts == j + 1).astype(np.uint8) for j in range(k - 1)
                if whole[j] and stats[j + 1, cv2.CC_STAT_AREA] >= least]
    return out


def _outline(blob: np.ndarray) -> np.ndarray:
    found, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return np.asarray(max(found, key=cv2.contourArea).reshape(-1, 2), np.float32)
