"""What is measured on one space, seen square-on as a CxC patch (BGR, row 0 on top).

- rim: the median colour of the space's outer band (its terrain),
- chroma: log colour minus its mean (blind to shading), used for terrain and water,
- corners: how much of each corner window is water (the river's ends),
- animal: a hue/saturation/value histogram of the middle's non-terrain pixels, taken after
  the patch is white-balanced against its own terrain, so it ignores the turn of the card.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

C = 32  # canonical pixels per space
BAND = 4


def _masks() -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    yy, xx = np.mgrid[0:C, 0:C].astype(np.float32) + 0.5
    ring = (xx < BAND) | (yy < BAND) | (xx > C - BAND) | (yy > C - BAND)
    r = np.hypot(xx - C / 2, yy - C / 2)
    middle = r < 0.38 * C
    lo, hi = 0.07 * C, 0.27 * C
    corners = []
    for cx, cy in ((0, 0), (1, 0), (1, 1), (0, 1)):  # TL, TR, BR, BL
        x = xx if cx == 0 else C - xx
        y = yy if cy == 0 else C - yy
        corners.append((x > lo) & (x < hi) & (y > lo) & (y < hi))
    return ring, middle, corners


def chroma(bgr: np.ndarray) -> np.ndarray:
    """Log colour minus its mean: (..., 3) -> (..., 3), unchanged by shading."""
    lg = np.log(bgr.astype(np.float32) + 8.0)
    out: np.ndarray = lg - lg.mean(axis=-1, keepdims=True)
    return out


def rim(patch: np.ndarray) -> np.ndarray:
    ring, _, _ = _masks()
    out: np.ndarray = np.median(patch[ring].astype(np.float32), axis=0)
    return out


def water_fractions(
    patch: np.ndarray, terrain_chroma: np.ndarray, water_chroma: np.ndarray, cast: np.ndarray
) -> np.ndarray:
    """Share of water pixels in the TL, TR, BR, BL corner windows."""
    _, _, corners = _masks()
    ch = chroma(patch) - cast
    dw = np.linalg.norm(ch - water_chroma, axis=-1)
    dt = np.linalg.norm(ch - terrain_chroma, axis=-1)
    water = (dw < dt) & (dw < 0.45)
    return np.array([water[m].mean() for m in corners], np.float32)


HIST_BINS = (12, 3, 3)


def animal_descriptor(patch: np.ndarray, terrain_bgr: np.ndarray) -> np.ndarray:
    """Histogram of the middle's pixels that are not terrain, after balancing on the rim."""
    _, middle, _ = _masks()
    seen = rim(patch)
    gain = np.clip(terrain_bgr / np.maximum(seen, 1.0), 0.4, 2.5)
    bal = np.clip(patch.astype(np.float32) * gain, 0, 255)
    px = bal[middle]
    away = np.linalg.norm(px - terrain_bgr, axis=1) > 45
    sel = px[away]
    hist = np.zeros(int(np.prod(HIST_BINS)) + 1, np.float32)
    hist[-1] = away.mean() * 2  # how much of the middle the animal fills
    if len(sel):
        h = cv2.cvtColor(sel.astype(np.uint8)[None], cv2.COLOR_BGR2HSV_FULL)[0].astype(np.int32)
        hb = (h[:, 0] * HIST_BINS[0]) // 256
        sb = np.minimum(h[:, 1] * HIST_BINS[1] // 256, HIST_BINS[1] - 1)
        vb = np.minimum(h[:, 2] * HIST_BINS[2] // 256, HIST_BINS[2] - 1)
        idx = (hb * HIST_BINS[1] + sb) * HIST_BINS[2] + vb
        counts = np.bincount(idx, minlength=int(np.prod(HIST_BINS))).astype(np.float32)
        hist[:-1] = counts / len(sel) * away.mean() * 2
    return hist


T = 16  # template side
FINE_T = 24  # template side for a second look between close candidates


TAPER = 0.15  # the template's weight falls from 1 to EDGE_WEIGHT over this outer share
EDGE_WEIGHT = 0.15


@lru_cache(maxsize=8)
def _window(side: int) -> np.ndarray:
    """Weights that keep a space's middle and fade its outer band: a card a few
    millimetres off its cell brings a strip of its neighbour into the cell's edge, and
    that strip must not outweigh the animal."""
    yy, xx = (np.mgrid[0:side, 0:side].astype(np.float32) + 0.5) / side - 0.5
    away = np.maximum(np.abs(yy), np.abs(xx))
    w: np.ndarray = np.clip((0.5 - away) / TAPER, EDGE_WEIGHT, 1.0)[..., None]
    w.setflags(write=False)
    return w


@lru_cache(maxsize=8)
def _window_sum(side: int) -> float:
    return float(_window(side).sum())


def template(patch: np.ndarray, side: int = T) -> np.ndarray:
    """The patch shrunk to side x side, weighted to its middle, zero mean per channel and
    unit length: for matching by correlation, which shrugs off brightness and contrast."""
    out: np.ndarray = templates(patch[None], side)[0]
    return out


def templates(patches: np.ndarray, side: int = T) -> np.ndarray:
    """`template` of each of a stack of equal patches, (n, h, w, 3) -> (n, side*side*3)."""
    n, h, w = patches.shape[:3]
    if h % side == 0 and w % side == 0:
        # stacked one above the other, shrunk by a whole factor in one call: each output
        # pixel averages a block of one patch only
        tall = patches.astype(np.float32).reshape(n * h, w, 3)
        small = cv2.resize(tall, (side, n * side), interpolation=cv2.INTER_AREA)
        small = small.reshape(n, side, side, 3)
    else:
        small = np.stack(
            [
                cv2.resize(p.astype(np.float32), (side, side), interpolation=cv2.INTER_AREA)
                for p in patches
            ]
        )
    wts = _window(side)
    weighted = small * wts
    mean = weighted.reshape(n, -1, 3).sum(axis=1) / _window_sum(side)
    v = (weighted - mean[:, None, None, :] * wts).reshape(n, -1)
    out: np.ndarray = (v / (np.linalg.norm(v, axis=1, keepdims=True) + 1e-6)).astype(np.float32)
    return out


def turned_templates(patch: np.ndarray, side: int = T) -> np.ndarray:
    """Templates of the patch as it lies on a card turned 0, 1, 2, 3 quarter turns clockwise."""
    return np.stack([template(np.ascontiguousarray(np.rot90(patch, k=-k)), side) for k in range(4)])
