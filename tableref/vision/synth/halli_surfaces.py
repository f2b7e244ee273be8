"""Table tops of every kind a family plays on, drawn flat (the table's own plane).

Plain cloths of any colour (white, cream, beige, pink and pale grey included), felt,
gingham, tartan, stripes, dots, floral, a print of fruit, wood of any tone from birch to
walnut, light marble and linen, a light cloth in soft blotches as white as paper in places
(`mottled`, drawn only where asked). `surface(rng, size, kind)` draws one; `SURFACES` are the
kinds drawn for tuning, `HELDOUT_SURFACES` a family kept apart for the held-out figures, and
`HELDOUT2_SURFACES` (`halli_unseen_surfaces`: cork, denim, oilcloth, terrazzo, walnut,
damask) a second one, drawn only for the second held-out family.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from tableref.vision.halli.codes import FRUITS
from tableref.vision.synth.halli_cards import CardStyle, draw_fruit
from tableref.vision.synth.halli_unseen_surfaces import DRAW as HELDOUT2_DRAW
from tableref.vision.synth.halli_unseen_surfaces import HELDOUT2_SURFACES

Image = np.ndarray

SURFACES = ("plain", "light", "felt", "gingham", "stripes", "dots", "floral", "fruit_print",
            "wood")
HELDOUT_SURFACES = ("tartan", "marble", "linen")
LIGHT_CLOTHS = {  # BGR
    "white": (246, 248, 248), "cream": (205, 238, 248), "beige": (175, 210, 228),
    "pink": (200, 190, 248), "pale grey": (212, 212, 208), "ivory": (228, 245, 250),
}


def _colour(rng: np.random.Generator, light: bool = False) -> np.ndarray:
    """Any colour (BGR float): a hue, a saturation and a value, light ones when asked."""
    hue = rng.uniform(0, 180)
    sat = rng.uniform(0, 0.35) if light else rng.uniform(0, 1)
    val = rng.uniform(0.8, 1.0) if light else rng.uniform(0.12, 1.0)
    px = np.array([[[hue, sat * 255, val * 255]]], np.uint8)
    return np.asarray(cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32), np.float32)


def _weave(rng: np.random.Generator, sh: int, sw: int, amount: float) -> Image:
    """Fabric: fine noise and slow mottling, a multiplier round 1 (sh x sw x 1)."""
    fine = rng.normal(0, amount, (sh, sw)).astype(np.float32)
    slow = cv2.resize(rng.normal(0, amount, (max(sh // 40, 2), max(sw // 40, 2))).astype(
        np.float32), (sw, sh), interpolation=cv2.INTER_CUBIC)
    return (1 + fine + slow)[..., None]


def _stripes(rng: np.random.Generator, n: int, colours: list[np.ndarray],
             widths: tuple[int, int]) -> np.ndarray:
    """A 1-D band of n pixels: runs of the given colours, widths at random."""
    out = np.empty((n, 3), np.float32)
    i, k = 0, 0
    while i < n:
        run = int(rng.integers(widths[0], widths[1] + 1))
        out[i:i + run] = colours[k % len(colours)]
        i, k = i + run, k + 1
    return out


def _plain(rng: np.random.Generator, sh: int, sw: int, base: np.ndarray,
           texture: float) -> Image:
    img = np.broadcast_to(base, (sh, sw, 3)).astype(np.float32)
    return np.asarray(img * _weave(rng, sh, sw, texture), np.float32)


def _mottled(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """A light cloth in soft blotches (a thin cloth's folds, uneven dye): its brightest
    patches are as white as a card's paper, so no brightness tells paper from cloth."""
    names = sorted(LIGHT_CLOTHS)
    base = np.asarray(LIGHT_CLOTHS[names[int(rng.integers(len(names)))]], np.float32)
    base = base * rng.uniform(0.9, 1.0, 3).astype(np.float32)
    cells = float(rng.uniform(25, 60))  # blotches of about this many pixels (half size)
    field = cv2.resize(rng.normal(0, 1, (max(int(sh / cells), 2), max(int(sw / cells), 2)))
                       .astype(np.float32), (sw, sh), interpolation=cv2.INTER_CUBIC)
    toward_white = np.clip(field * rng.uniform(0.5, 0.9), 0, 1)[..., None]
    darker = 1 - np.clip(-field * 0.06, 0, 0.15)[..., None]
    img = (base + (250 - base) * toward_white) * darker
    return np.asarray(img * _weave(rng, sh, sw, 0.015), np.float32)


def _gingham(rng: np.random.Generator, sh: int, sw: int) -> Image:
    light = np.asarray(LIGHT_CLOTHS["white"], np.float32) * rng.uniform(0.9, 1.0)
    colour = _colour(rng)
    cell = int(rng.integers(5, 16))
    ys, xs = np.mgrid[0:sh, 0:sw]
    a = ((xs // cell) % 2).astype(np.float32)
    b = ((ys // cell) % 2).astype(np.float32)
    t = (0.5 * (a + b))[..., None]  # 0 white, 0.5 mixed, 1 full colour
    return np.asarray((light * (1 - t) + colour * t) * _weave(rng, sh, sw, 0.03), np.float32)


def _tartan(rng: np.random.Generator, sh: int, sw: int) -> Image:
    colours = [_colour(rng) for _ in range(int(rng.integers(3, 5)))]
    band = _stripes(rng, max(sh, sw), colours, (2, 14))
    rows = band[:sh][:, None, :]
    cols = band[:sw][None, :, :]
    ys, xs = np.mgrid[0:sh, 0:sw]
    twill = (((xs + ys) // 2) % 2).astype(np.float32)[..., None]  # the weave's diagonal
    return np.asarray((rows * twill + cols * (1 - twill)) * _weave(rng, sh, sw, 0.03), np.float32)


def _stripe_cloth(rng: np.random.Generator, sh: int, sw: int) -> Image:
    colours = [_colour(rng, light=rng.random() < 0.5) for _ in range(int(rng.integers(2, 4)))]
    diag = int(math.hypot(sh, sw)) + 2
    band = _stripes(rng, diag, colours, (3, 20))
    ang = rng.uniform(0, math.pi)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    pos = (xs * math.cos(ang) + ys * math.sin(ang))
    pos = (pos - pos.min()).astype(np.int32).clip(0, diag - 1)
    return np.asarray(band[pos] * _weave(rng, sh, sw, 0.03), np.float32)


def _dots(rng: np.random.Generator, sh: int, sw: int) -> Image:
    base = _colour(rng, light=rng.random() < 0.4)
    dot = _colour(rng, light=rng.random() < 0.5)
    img = np.broadcast_to(base, (sh, sw, 3)).astype(np.float32).copy()
    cell = int(rng.integers(8, 22))
    r = max(1, int(cell * rng.uniform(0.15, 0.35)))
    for y in range(0, sh + cell, cell):
        off = cell // 2 if (y // cell) % 2 else 0
        for x in range(-cell, sw + cell, cell):
            cv2.circle(img, (x + off, y), r, dot.tolist(), -1, cv2.LINE_AA)
    return np.asarray(img * _weave(rng, sh, sw, 0.02), np.float32)


def _floral(rng: np.random.Generator, sh: int, sw: int) -> Image:
    base = _colour(rng, light=rng.random() < 0.6)
    img = np.broadcast_to(base, (sh, sw, 3)).astype(np.float32).copy()
    petals = [_colour(rng) for _ in range(3)]
    leaf = np.asarray((40, 130, 50), np.float32) * rng.uniform(0.6, 1.2)
    for _ in range(int(sh * sw / rng.uniform(250, 700))):
        x, y = int(rng.integers(0, sw)), int(rng.integers(0, sh))
        s = rng.uniform(3, 9)
        a0 = rng.uniform(0, 2 * math.pi)
        cv2.ellipse(img, (int(x + 1.5 * s), int(y + s)), (int(s), max(1, int(s / 2.5))),
                    math.degrees(a0), 0, 360, leaf.tolist(), -1, cv2.LINE_AA)
        col = petals[int(rng.integers(3))].tolist()
        for k in range(5):
            a = a0 + k * 2 * math.pi / 5
            cv2.circle(img, (int(x + s * 0.7 * math.cos(a)), int(y + s * 0.7 * math.sin(a))),
                       max(1, int(s * 0.55)), col, -1, cv2.LINE_AA)
        cv2.circle(img, (x, y), max(1, int(s * 0.3)), (40, 200, 240), -1, cv2.LINE_AA)
    return np.asarray(img * _weave(rng, sh, sw, 0.02), np.float32)


def _fruit_print(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """A print of fruit on a light or coloured ground: the nastiest table for a card finder."""
    base = _colour(rng, light=rng.random() < 0.7)
    img = np.broadcast_to(base, (sh, sw, 3)).astype(np.uint8).copy()
    style = CardStyle(outline=bool(rng.random() < 0.5))
    for _ in range(int(sh * sw / rng.uniform(400, 1200))):
        fruit = FRUITS[int(rng.integers(len(FRUITS)))]
        draw_fruit(img, fruit, float(rng.uniform(0, sw)), float(rng.uniform(0, sh)),
                   float(rng.uniform(6, 16)), float(rng.uniform(0, 2 * math.pi)), style)
    return np.asarray(img.astype(np.float32) * _weave(rng, sh, sw, 0.02), np.float32)


def _wood(rng: np.random.Generator, sh: int, sw: int) -> Image:
    """Wood of any tone, pale birch to dark walnut, grain and planks."""
    tone = rng.uniform(0, 1)
    pale, dark = np.array([175, 215, 235], np.float32), np.array([25, 45, 75], np.float32)
    base = pale * (1 - tone) + dark * tone
    base = base * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    along, across = (ys, xs) if rng.random() < 0.5 else (xs, ys)
    wobble = rng.uniform(3, 9) * np.sin(along / rng.uniform(15, 50) + rng.uniform(0, 6))
    grain = 0.5 + 0.5 * np.sin((across + wobble) / rng.uniform(1.2, 4))
    plank_w = rng.uniform(30, 90)
    plank = np.floor(across / plank_w)
    shade_per = rng.uniform(-0.08, 0.08, 64).astype(np.float32)
    seam = (np.abs(across / plank_w - np.round(across / plank_w)) * plank_w < 0.8)
    shade = 0.82 + rng.uniform(0.08, 0.25) * grain + shade_per[plank.astype(int) % 64]
    shade = shade * np.where(seam, 0.55, 1.0)
    return np.asarray(base[None, None, :] * shade[..., None], np.float32)


def _marble(rng: np.random.Generator, sh: int, sw: int) -> Image:
    base = np.asarray(LIGHT_CLOTHS["white"], np.float32) * rng.uniform(0.85, 1.0)
    noise = cv2.resize(rng.normal(0, 1, (sh // 16 + 2, sw // 16 + 2)).astype(np.float32),
                       (sw, sh), interpolation=cv2.INTER_CUBIC)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    vein = np.abs(np.sin((xs * 0.7 + ys * 0.3) / rng.uniform(20, 60) + 3 * noise))
    dark = (1 - vein) ** 8 * rng.uniform(0.2, 0.45)
    return np.asarray(base * (1 - dark)[..., None] * _weave(rng, sh, sw, 0.01), np.float32)


def _linen(rng: np.random.Generator, sh: int, sw: int) -> Image:
    base = _colour(rng, light=True)
    slub_x = rng.normal(0, 0.05, (1, sw)).astype(np.float32)
    slub_y = rng.normal(0, 0.05, (sh, 1)).astype(np.float32)
    img = base * (1 + slub_x + slub_y)[..., None] * _weave(rng, sh, sw, 0.02)
    return np.asarray(img, np.float32)


def surface(rng: np.random.Generator, size: tuple[int, int], kind: str) -> Image:
    """A table top of this kind, size (w, h), uint8 BGR."""
    w, h = size
    sw, sh = max(w // 2, 8), max(h // 2, 8)
    if kind == "plain":
        img = _plain(rng, sh, sw, _colour(rng), 0.04)
    elif kind == "light":
        names = sorted(LIGHT_CLOTHS)
        base = np.asarray(LIGHT_CLOTHS[names[int(rng.integers(len(names)))]], np.float32)
        img = _plain(rng, sh, sw, base * rng.uniform(0.93, 1.02, 3).astype(np.float32), 0.03)
    elif kind == "mottled":
        img = _mottled(rng, sh, sw)
    elif kind == "felt":
        fuzz = cv2.GaussianBlur(rng.normal(0, 0.08, (sh, sw)).astype(np.float32), (0, 0), 1.0)
        img = np.broadcast_to(_colour(rng), (sh, sw, 3)) * (1 + fuzz)[..., None]
    elif kind == "gingham":
        img = _gingham(rng, sh, sw)
    elif kind == "tartan":
        img = _tartan(rng, sh, sw)
    elif kind == "stripes":
        img = _stripe_cloth(rng, sh, sw)
    elif kind == "dots":
        img = _dots(rng, sh, sw)
    elif kind == "floral":
        img = _floral(rng, sh, sw)
    elif kind == "fruit_print":
        img = _fruit_print(rng, sh, sw)
    elif kind == "wood":
        img = _wood(rng, sh, sw)
    elif kind == "marble":
        img = _marble(rng, sh, sw)
    elif kind == "linen":
        img = _linen(rng, sh, sw)
    elif kind in HELDOUT2_DRAW:
        img = HELDOUT2_DRAW[kind](rng, sh, sw)
    else:
        kinds = ", ".join(SURFACES + HELDOUT_SURFACES + ("mottled",) + HELDOUT2_SURFACES)
        raise ValueError(f"unknown surface {kind!r}; one of {kinds}")
    small = np.clip(img, 0, 255).astype(np.uint8)
    return np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))
