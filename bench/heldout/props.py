"""Things on and over the table that are not cards: the bell, arms and hands with sleeves,
clutter (phone, dice, bottle caps, toys, boxes, cups, pens, a paper note), wooden card
holders. Everything is drawn on the canvas in millimetres; things above the cards go into
the canvas's `occ` and throw a soft shadow the way the light falls.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bench.heldout.canvas import Canvas, card_corners
from bench.heldout.card_art import c3

Colour = tuple[float, float, float]
Rng = np.random.Generator

SKINS: tuple[Colour, ...] = ((0.62, 0.72, 0.9), (0.5, 0.62, 0.82), (0.38, 0.5, 0.72),
                             (0.25, 0.36, 0.55), (0.15, 0.22, 0.36), (0.55, 0.66, 0.86))


@dataclass(frozen=True)
class Shade:
    """Where shadows fall: direction (deg) and length per mm of height."""

    direction_deg: float = 45
    length: float = 0.3

    def offset(self, height_mm: float) -> tuple[float, float]:
        a = np.radians(self.direction_deg)
        return (float(np.cos(a) * height_mm * self.length),
                float(np.sin(a) * height_mm * self.length))


def _shape(cv: Canvas, poly_mm: np.ndarray, colour: Colour | np.ndarray, shade: Shade,
           height: float, above: bool = True) -> None:
    box = cv.roi(cv.px(poly_mm))
    if box is None:
        return
    m = cv.poly_mask(poly_mm, box)
    if height > 0:
        cv.shadow(m, box, shade.offset(height), max(1.0, height * 0.08), 0.35)
    cv.paint(m, box, colour, above)


def _ellipse(c: tuple[float, float], ax: tuple[float, float], ang: float, n: int = 40
             ) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    pts = np.stack([ax[0] * np.cos(t), ax[1] * np.sin(t)], 1)
    ca, sa = np.cos(np.radians(ang)), np.sin(np.radians(ang))
    out: np.ndarray = pts @ np.array([[ca, sa], [-sa, ca]]) + np.asarray(c)
    return out


def _capsule(a: np.ndarray, b: np.ndarray, r: float, rb: float | None = None) -> np.ndarray:
    rb = r if rb is None else rb
    d = b - a
    ang = np.arctan2(d[1], d[0])
    t1 = np.linspace(ang + np.pi / 2, ang + 3 * np.pi / 2, 12)
    t2 = np.linspace(ang - np.pi / 2, ang + np.pi / 2, 12)
    return np.vstack([a + r * np.stack([np.cos(t1), np.sin(t1)], 1),
                      b + rb * np.stack([np.cos(t2), np.sin(t2)], 1)])


def bell(cv: Canvas, centre: tuple[float, float], shade: Shade, rng: Rng) -> None:
    r = rng.uniform(34, 44)
    gold = rng.random() < 0.5
    base: Colour = (0.2, 0.55, 0.75) if gold else (0.6, 0.6, 0.62)
    _shape(cv, _ellipse(centre, (r * 1.1, r * 1.1), 0), (0.1, 0.1, 0.12), shade, 40)
    box = cv.roi(cv.px(_ellipse(centre, (r, r), 0)))
    if box is None:
        return
    x0, y0, x1, y1 = box
    ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    cx, cy = cv.px(np.array([centre]))[0]
    d = np.hypot(xs - cx + r * 0.3 * cv.ppm, ys - cy + r * 0.3 * cv.ppm) / (r * cv.ppm)
    field = np.asarray(base, np.float32)[None, None] * (1.3 - 0.6 * np.clip(d, 0, 1))[..., None]
    m = cv.poly_mask(_ellipse(centre, (r, r), 0), box)
    cv.paint(m, box, np.clip(field, 0, 1), above=True)
    _shape(cv, _ellipse(centre, (r * 0.25, r * 0.25), 0), (0.15, 0.15, 0.15), shade, 0)


def arm(cv: Canvas, start: tuple[float, float], reach: tuple[float, float], shade: Shade,
        rng: Rng) -> None:
    """An arm from `start` (off the table) to a hand whose fingertips reach `reach`."""
    a, b = np.asarray(start, float), np.asarray(reach, float)
    d = (b - a) / max(np.hypot(*(b - a)), 1e-6)
    side = np.array([-d[1], d[0]])
    skin = SKINS[int(rng.integers(len(SKINS)))]
    sleeve = c3(rng.uniform(0.05, 0.95, 3))
    height = rng.uniform(30, 90)
    scale = rng.uniform(0.85, 1.15)
    wrist = b - d * 150 * scale
    palm_c = b - d * 95 * scale
    parts: list[tuple[np.ndarray, Colour]] = []
    bare = rng.uniform(0, 120) * scale
    parts.append((_capsule(a, wrist, 42 * scale, 30 * scale), skin))
    if rng.random() < 0.85:  # a sleeve down to near the wrist
        parts.append((_capsule(a, wrist - d * bare, 48 * scale, 38 * scale), sleeve))
    parts.append((_ellipse(tuple(palm_c), (55 * scale, 45 * scale),
                           float(np.degrees(np.arctan2(d[1], d[0])))), skin))
    spread = rng.uniform(0.0, 0.35)
    for k, off in enumerate((-27, -9, 9, 27)):
        base = palm_c + d * 35 * scale + side * off * scale
        length = (55, 68, 65, 52)[k] * scale * rng.uniform(0.8, 1.05)
        ang = (k - 1.5) * spread * 0.35
        dd = d * np.cos(ang) + side * np.sin(ang)
        parts.append((_capsule(base, base + dd * length, 9 * scale, 8 * scale), skin))
    thumb_side = 1 if rng.random() < 0.5 else -1
    tb = palm_c + side * thumb_side * 40 * scale
    parts.append((_capsule(tb, tb + (d + side * thumb_side * 0.8) * 45 * scale, 11 * scale),
                  skin))
    for poly, _ in parts:  # one shadow for the whole arm
        box = cv.roi(cv.px(poly))
        if box is not None:
            cv.shadow(cv.poly_mask(poly, box), box, shade.offset(height), height * 0.12, 0.3)
    for poly, colour in parts:
        tone = np.asarray(colour, np.float32) * rng.uniform(0.9, 1.05)
        _shape(cv, poly, c3(np.clip(tone, 0, 1)), shade, 0)


def _rect(c: tuple[float, float], w: float, h: float, ang: float) -> np.ndarray:
    return card_corners(c, ang, w, h)


def clutter(cv: Canvas, kind: str, c: tuple[float, float], shade: Shade, rng: Rng) -> None:
    ang = float(rng.uniform(0, 180))
    rc = c3(rng.uniform(0.05, 0.95, 3))
    if kind == "phone":
        _shape(cv, _rect(c, 72, 148, ang), (0.08, 0.08, 0.09), shade, 8)
        screen = (0.12, 0.1, 0.1) if rng.random() < 0.6 else (0.85, 0.8, 0.75)
        _shape(cv, _rect(c, 64, 132, ang), screen, shade, 0)
    elif kind == "die":
        white = rng.random() < 0.5
        body: Colour = (0.93, 0.93, 0.93) if white else rc
        _shape(cv, _rect(c, 16, 16, ang), body, shade, 16)
        pip: Colour = (0.1, 0.1, 0.1) if white else (0.95, 0.95, 0.95)
        for k in range(int(rng.integers(1, 7))):
            p = np.asarray(c) + np.array([((k % 3) - 1) * 4.5, ((k // 3) * 2 - 1) * 3.5])
            _shape(cv, _ellipse(tuple(p), (1.6, 1.6), 0, 12), pip, shade, 0)
    elif kind == "cap":
        _shape(cv, _ellipse(c, (15, 15), 0, 30), rc, shade, 7)
        _shape(cv, _ellipse(c, (11, 11), 0, 30), c3(np.array(rc) * 0.75),
               shade, 0)
    elif kind == "toy":
        _shape(cv, _rect(c, 45, 90, ang), rc, shade, 30)
        for sx in (-1, 1):
            for sy in (-1, 1):
                w = np.array(c) + card_corners((0, 0), ang, 50 * sx, 60 * sy)[2]
                _shape(cv, _ellipse(tuple(w), (8, 8), 0, 16), (0.05, 0.05, 0.05),
                       shade, 10)
    elif kind == "box":
        w, h = rng.uniform(60, 160), rng.uniform(60, 160)
        _shape(cv, _rect(c, w, h, ang), rc, shade, rng.uniform(20, 60))
        band = c3(rng.uniform(0.05, 0.95, 3))
        _shape(cv, _rect(c, w * 0.9, h * 0.25, ang), band, shade, 0)
    elif kind == "cup":
        _shape(cv, _ellipse(c, (42, 42), 0), rc, shade, 90)
        _shape(cv, _ellipse(c, (36, 36), 0), (0.08, 0.15, 0.25), shade, 0)
    elif kind == "pen":
        _shape(cv, _rect(c, 9, 140, ang), rc, shade, 9)
    elif kind == "note":  # a white paper note: paper that is not a card
        w = rng.uniform(70, 80)
        _shape(cv, _rect(c, w, w if rng.random() < 0.6 else w * 2.2, ang),
               (0.85, 0.95, 0.97) if rng.random() < 0.5 else (0.55, 0.9, 0.95), shade, 0.5)


CLUTTER = ("phone", "die", "cap", "toy", "box", "cup", "pen", "note")


def holder_under(cv: Canvas, centre: tuple[float, float], ang: float, w: float, h: float,
                 shade: Shade, rng: Rng) -> Colour:
    """A wooden card tray under a pile; returns its wood colour (for the rim)."""
    tone = rng.uniform(0.5, 1.0)
    wood: Colour = (0.3 * tone, 0.5 * tone, 0.72 * tone)
    _shape(cv, card_corners(centre, ang, w + 16, h + 16), wood, shade, 12, above=False)
    _shape(cv, card_corners(centre, ang, w + 3, h + 3), c3(np.array(wood) * 0.8),
           shade, 0, above=False)
    return wood


def holder_rim(cv: Canvas, centre: tuple[float, float], ang: float, w: float, h: float,
               wood: Colour, shade: Shade) -> None:
    """The tray's lips over the long edges of the cards in it."""
    lip = 4.0
    for sx in (-1, 1):
        c = np.asarray(centre) + card_corners((0, 0), ang, sx * (w + 10 - lip) / 1, 0)[1] * 1
        _shape(cv, card_corners(tuple(c), ang, 8 + lip, h + 16), wood, shade, 0)
