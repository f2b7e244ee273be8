"""More table tops for the Nelly scenes than the Halli ones: where real tables differ.

Cloths of any colour, with the hard ones drawn on purpose: a green felt (the water plants'
own colour), red, orange and yellow cloths (the paints' own), pale wood, warm prints (dots
and flowers of the paints' colours on any ground). Three more kinds are kept apart for a
held-out part that nothing is tuned on: slate, tiles with grout, striped cloth.
"""

from __future__ import annotations

import colorsys

import cv2
import numpy as np

Image = np.ndarray
BROAD_TABLES = ("plain", "warm", "green", "pale_wood", "print")
HELDOUT_TABLES = ("slate", "tiles", "stripes")


def _bgr_of_hsv(hue: float, sat: float, val: float) -> np.ndarray:
    r, g, b = colorsys.hsv_to_rgb(hue % 1.0, sat, val)
    return np.asarray([b * 255, g * 255, r * 255], np.float32)


def _weave(rng: np.random.Generator, base: np.ndarray, size: tuple[int, int],
           grain: float = 0.06) -> Image:
    """A cloth of one colour: a weave's fine texture, a few soft folds."""
    w, h = size
    sw, sh = w // 2, h // 2
    img = np.broadcast_to(base, (sh, sw, 3)).astype(np.float32)
    tex = rng.normal(1.0, grain, (sh, sw)).astype(np.float32)
    folds = cv2.GaussianBlur(rng.normal(0, 1, (sh // 16, sw // 16)).astype(np.float32),
                             (0, 0), 1.5)
    folds = cv2.resize(folds, (sw, sh)) * float(rng.uniform(0.02, 0.08))
    img = img * (tex + folds)[..., None]
    return np.asarray(cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (w, h)))


def plain_cloth(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """A cloth of any hue, pale to deep, light to dark."""
    base = _bgr_of_hsv(float(rng.uniform()), float(rng.uniform(0.1, 0.9)),
                       float(rng.uniform(0.25, 0.95)))
    return _weave(rng, base, size)


def warm_cloth(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """A red, orange or yellow cloth: the paints' own colours, a little paler or deeper."""
    hue = float(rng.choice([0.0, 0.02, 0.06, 0.09, 0.13, 0.96]))
    base = _bgr_of_hsv(hue + float(rng.uniform(-0.015, 0.015)), float(rng.uniform(0.55, 0.95)),
                       float(rng.uniform(0.45, 0.95)))
    return _weave(rng, base, size)


def green_felt(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """A green felt or cloth, near the water plants' green or far from it."""
    base = _bgr_of_hsv(float(rng.uniform(0.22, 0.45)), float(rng.uniform(0.35, 0.85)),
                       float(rng.uniform(0.3, 0.75)))
    return _weave(rng, base, size, grain=0.04)


def pale_wood(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """Beech, birch or pine: pale yellow to honey, with its grain."""
    w, h = size
    sw, sh = w // 4, h // 4
    base = np.asarray(rng.uniform([110, 170, 200], [165, 215, 245]), np.float32)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    along, across = (ys, xs) if rng.random() < 0.5 else (xs, ys)
    wobble = 5 * np.sin(along / rng.uniform(15, 40) + rng.uniform(0, 6))
    grain = 0.5 + 0.5 * np.sin((across + wobble) / rng.uniform(1.2, 3.5))
    knots = np.floor(across / rng.uniform(35, 80)) % 2 * 0.04
    shade = 0.85 + 0.12 * grain - knots
    img = base[None, None, :] * shade[..., None]
    return np.asarray(cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (w, h)))


def warm_print(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """A printed cloth: dots or small flowers of warm colours on a ground of any colour."""
    w, h = size
    ground = _bgr_of_hsv(float(rng.uniform()), float(rng.uniform(0.0, 0.6)),
                         float(rng.uniform(0.5, 0.95)))
    img = _weave(rng, ground, size, grain=0.03).astype(np.float32)
    cell = float(rng.uniform(18, 60))
    dot = float(rng.uniform(0.12, 0.3)) * cell
    inks = [_bgr_of_hsv(float(rng.choice([0.0, 0.05, 0.1, 0.14])), float(rng.uniform(0.6, 1)),
                        float(rng.uniform(0.6, 1))) for _ in range(int(rng.integers(1, 4)))]
    jitter = float(rng.uniform(0, 0.4)) * cell
    flowers = rng.random() < 0.4
    for y in np.arange(cell / 2, h, cell):
        for x in np.arange(cell / 2, w, cell):
            cx, cy = x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter)
            ink = inks[int(rng.integers(len(inks)))].tolist()
            if flowers:
                for k in range(5):
                    a = 2 * np.pi * k / 5
                    cv2.circle(img, (int(cx + 0.6 * dot * np.cos(a)),
                                     int(cy + 0.6 * dot * np.sin(a))),
                               max(1, int(0.45 * dot)), ink, -1, cv2.LINE_AA)
            else:
                cv2.circle(img, (int(cx), int(cy)), max(1, int(dot)), ink, -1, cv2.LINE_AA)
    return np.clip(img, 0, 255).astype(np.uint8)


def slate(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """A dark stone or laminate top, grey with a tint, speckled."""
    w, h = size
    base = np.asarray(rng.uniform(45, 95) * rng.uniform(0.9, 1.1, 3), np.float32)
    sw, sh = w // 2, h // 2
    img: np.ndarray = base * rng.normal(1.0, 0.08, (sh, sw, 1)).astype(np.float32)
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    return np.asarray(cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (w, h)))


def tiles(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """Glazed tiles of one colour (any hue, the warm ones too) with grout lines."""
    w, h = size
    glaze = _bgr_of_hsv(float(rng.uniform()), float(rng.uniform(0.05, 0.8)),
                        float(rng.uniform(0.4, 0.95)))
    img = _weave(rng, glaze, size, grain=0.02)
    grout = np.asarray(rng.uniform(90, 200) * np.ones(3), np.float64).tolist()
    step = int(rng.integers(70, 160))
    for x in range(int(rng.integers(0, step)), w, step):
        cv2.line(img, (x, 0), (x, h), grout, 3)
    for y in range(int(rng.integers(0, step)), h, step):
        cv2.line(img, (0, y), (w, y), grout, 3)
    return img


def stripes(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """A striped cloth of two colours, one of them often warm."""
    w, h = size
    a = _bgr_of_hsv(float(rng.uniform()), float(rng.uniform(0.2, 0.9)),
                    float(rng.uniform(0.4, 0.95)))
    b = _bgr_of_hsv(float(rng.choice([0.0, 0.06, 0.12, rng.uniform()])),
                    float(rng.uniform(0.3, 0.9)), float(rng.uniform(0.5, 0.95)))
    width = float(rng.uniform(10, 70))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = float(rng.uniform(0, np.pi))
    t = xs * np.cos(ang) + ys * np.sin(ang)
    sel = ((t // width) % 2).astype(np.float32)[..., None]
    img = a * sel + b * (1 - sel)
    img *= rng.normal(1.0, 0.03, (h, w, 1)).astype(np.float32)
    return np.asarray(np.clip(img, 0, 255).astype(np.uint8))


KINDS = {"plain": plain_cloth, "warm": warm_cloth, "green": green_felt,
         "pale_wood": pale_wood, "print": warm_print, "slate": slate, "tiles": tiles,
         "stripes": stripes}
