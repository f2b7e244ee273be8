"""Table tops kept for the second held-out family (`HELDOUT2_SURFACES`), never tuned on.

Pale cork (granules), denim (an indigo twill, worn pale in places), a glossy oilcloth in
large checks about a card's size, terrazzo (stone chips in a pale ground), dark walnut
with strong figured grain and knots, and a cream or pale pink damask (a tone-on-tone
woven motif, nearly as white as the cards' paper). Drawn flat at half size, as
`halli_surfaces` draws its own; `halli_surfaces.surface(rng, size, kind)` draws these too.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

Image = np.ndarray
Draw = Callable[[np.random.Generator, int, int], Image]


def _smooth(rng: np.random.Generator, sh: int, sw: int, cell: float) -> np.ndarray:
    """A smooth random field round 0 (sd about 1) varying over `cell` pixels."""
    small = rng.normal(0, 1, (max(int(sh / cell), 2), max(int(sw / cell), 2)))
    return np.asarray(cv2.resize(small.astype(np.float32), (sw, sh),
                                 interpolation=cv2.INTER_CUBIC), np.float32)


def _grain(rng: np.random.Generator, sh: int, sw: int, amount: float) -> np.ndarray:
    """Fine per-pixel texture, a multiplier round 1 (sh x sw x 1)."""
    return (1 + rng.normal(0, amount, (sh, sw)).astype(np.float32))[..., None]


def _cork(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """Pale cork: tan granules of a few pixels, some darker, some lighter."""
    base = np.array([140, 182, 216], np.float32) * rng.uniform(0.93, 1.05, 3).astype(np.float32)
    granules = 0.6 * _smooth(rng, sh, sw, 1.5) + 0.4 * _smooth(rng, sh, sw, 3.5)
    shade = 1 + 0.1 * granules
    dark = rng.random((sh, sw)) < 0.03  # darker bits of bark
    shade = np.where(dark, shade * rng.uniform(0.55, 0.75), shade)
    img = base * shade[..., None] * (1 + 0.04 * _smooth(rng, sh, sw, 60))[..., None]
    return np.asarray(img * _grain(rng, sh, sw, 0.03), np.float32)


def _denim(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """Indigo twill: diagonal ribs of blue warp over white weft, faded in soft patches."""
    indigo = np.array([115, 62, 28], np.float32) * rng.uniform(0.75, 1.25)
    weft = np.array([205, 200, 195], np.float32)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    rib = 0.5 + 0.5 * np.sin(2 * math.pi * (xs + ys) / 3.0)  # a 3-thread twill
    white = 0.12 + 0.18 * (rib < 0.3) + 0.05 * rng.random((sh, sw))
    fade = np.clip(_smooth(rng, sh, sw, 45) * rng.uniform(0.1, 0.25), 0, 0.4)
    white = np.clip(white + fade, 0, 1)[..., None]
    slub = (1 + rng.normal(0, 0.03, (sh, 1))).astype(np.float32)[..., None]  # thick threads
    return np.asarray((indigo * (1 - white) + weft * white) * slub, np.float32)


def _oilcloth(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """A glossy oilcloth in large checks (about a card's size) of white and one colour,
    a small printed ring in every white check, and a broad sheen of the room's lamp."""
    palette = [(40, 40, 190), (150, 70, 20), (50, 140, 40), (30, 150, 220), (20, 20, 20)]
    colour = np.array(palette[int(rng.integers(len(palette)))], np.float32)
    white = np.array([238, 242, 242], np.float32) * rng.uniform(0.92, 1.0)
    cell = int(rng.integers(25, 46))  # half-size pixels: 50-90 in the frame
    ys, xs = np.mgrid[0:sh, 0:sw]
    dark = (((xs // cell) + (ys // cell)) % 2).astype(np.float32)[..., None]
    img = (white * (1 - dark) + colour * dark).astype(np.float32)
    ring = colour.tolist()
    for y in range(cell // 2, sh + cell, cell):
        for x in range(cell // 2, sw + cell, cell):
            if ((x // cell) + (y // cell)) % 2 == 0:
                cv2.circle(img, (x, y), max(2, cell // 6), ring, 1, cv2.LINE_AA)
    cx, cy = rng.uniform(0.2, 0.8) * sw, rng.uniform(0.2, 0.8) * sh
    d2 = ((xs - cx) ** 2 + (ys - cy) ** 2) / (rng.uniform(0.15, 0.3) * sw) ** 2
    sheen = (rng.uniform(20, 45) * np.exp(-d2)).astype(np.float32)[..., None]
    return np.asarray(img * _grain(rng, sh, sw, 0.01) + sheen, np.float32)


def _terrazzo(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """Terrazzo: chips of stone in many colours and sizes set in a pale speckled ground."""
    ground = np.array([200, 205, 210], np.float32) * rng.uniform(0.8, 1.0, 3).astype(np.float32)
    img = np.broadcast_to(ground, (sh, sw, 3)).astype(np.float32).copy()
    stones = [np.array(s, np.float32) for s in
              ((60, 60, 60), (90, 110, 170), (170, 170, 175), (60, 90, 140), (120, 140, 90),
               (235, 235, 235), (40, 50, 90))]
    for _ in range(int(sh * sw / rng.uniform(60, 140))):
        x, y = float(rng.uniform(0, sw)), float(rng.uniform(0, sh))
        r = float(rng.choice([1.0, 1.5, 2.5, 4.0, 6.0], p=[0.35, 0.3, 0.2, 0.1, 0.05]))
        n = int(rng.integers(4, 8))
        angles = np.sort(rng.uniform(0, 2 * math.pi, n))
        radii = r * rng.uniform(0.6, 1.3, n)
        pts = np.stack([x + radii * np.cos(angles), y + radii * np.sin(angles)], axis=1)
        col = stones[int(rng.integers(len(stones)))] * rng.uniform(0.85, 1.1)
        cv2.fillPoly(img, [np.round(pts).astype(np.int32)], col.tolist(), cv2.LINE_AA)
    return np.asarray(img * _grain(rng, sh, sw, 0.04), np.float32)


def _walnut(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """Dark walnut with strong figure: arched grain lines of high contrast, a few knots."""
    base = np.array([28, 48, 78], np.float32) * rng.uniform(0.85, 1.2)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    along, across = (ys, xs) if rng.random() < 0.5 else (xs, ys)
    arch = rng.uniform(10, 30) * np.cos(along / rng.uniform(60, 140) + rng.uniform(0, 6))
    flow = across + arch + 4 * _smooth(rng, sh, sw, 40)
    for _ in range(int(rng.integers(2, 5))):  # grain swirling round knots
        kx, ky = rng.uniform(0, sw), rng.uniform(0, sh)
        d = np.hypot(xs - kx, ys - ky)
        flow += rng.uniform(8, 20) * np.exp(-d / rng.uniform(8, 20))
    rings = 0.5 + 0.5 * np.sin(flow / rng.uniform(0.8, 1.5))
    shade = 0.6 + 0.9 * rings ** 3  # dark late wood, bright early wood: strong contrast
    return np.asarray(base * shade[..., None] * _grain(rng, sh, sw, 0.03), np.float32)


def _damask(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """A cream or pale pink damask: a motif woven in the cloth's own colour, a little
    brighter than the ground (the satin weave), so brightness alone never tells paper."""
    grounds = [(205, 238, 248), (218, 232, 246), (205, 198, 246), (214, 210, 242)]
    ground = np.array(grounds[int(rng.integers(len(grounds)))], np.float32)
    ground *= rng.uniform(0.95, 1.02, 3).astype(np.float32)
    motif = np.zeros((sh, sw), np.float32)
    cell = int(rng.integers(30, 60))
    for y in range(0, sh + cell, cell):
        for x in range(-cell, sw + cell, cell):
            cx = x + (cell // 2 if (y // cell) % 2 else 0)
            cv2.ellipse(motif, (cx, y), (cell // 3, cell // 6), 0, 0, 360, 1.0, -1,
                        cv2.LINE_AA)
            cv2.ellipse(motif, (cx, y), (cell // 6, cell // 3), 0, 0, 360, 1.0, 2,
                        cv2.LINE_AA)
    satin = 1 + rng.uniform(0.04, 0.08) * motif[..., None]
    folds = (1 + 0.03 * _smooth(rng, sh, sw, 50))[..., None]
    return np.asarray(ground * satin * folds * _grain(rng, sh, sw, 0.015), np.float32)


DRAW: dict[str, Draw] = {"cork": _cork, "denim": _denim, "oilcloth": _oilcloth,
                         "terrazzo": _terrazzo, "walnut": _walnut, "damask": _damask}
HELDOUT2_SURFACES = tuple(DRAW)
