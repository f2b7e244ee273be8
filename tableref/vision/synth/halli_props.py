"""What else lies on a family's table: placemats, a phone, dice, a bottle cap, toys,
coloured boxes, the cards' backs; and arms in sleeves reaching over the piles.

Every drawing function paints onto the image in place and returns the mask (uint8) of
what it covered, so a scene knows which cards are hidden and where a false card would be.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from tableref.vision.halli.codes import FRUITS
from tableref.vision.synth.halli_cards import CARD_H, CARD_W, CardStyle, draw_fruit

Image = np.ndarray
CLUTTER = ("phone", "die", "cap", "toy", "box")


def _poly_mask(shape: tuple[int, ...], pts: np.ndarray) -> Image:
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 255, cv2.LINE_AA)
    return mask


def _rect(cx: float, cy: float, w: float, h: float, ang: float) -> np.ndarray:
    return cv2.boxPoints(((cx, cy), (w, h), math.degrees(ang))).astype(np.float32)


def _shadow(img: Image, mask: Image, offset: tuple[float, float], strength: float) -> None:
    m = np.array([[1, 0, offset[0]], [0, 1, offset[1]]], np.float32)
    moved = cv2.warpAffine(mask, m, (mask.shape[1], mask.shape[0]))
    soft = cv2.GaussianBlur(moved, (0, 0), 3).astype(np.float32)[..., None] / 255
    img[:] = (img * (1 - strength * soft)).astype(np.uint8)


def card_back(rng: np.random.Generator) -> Image:
    """A card's back: a coloured ground with a fruit pattern, sometimes a white frame."""
    px = np.array([[[rng.uniform(0, 180), rng.uniform(120, 255), rng.uniform(90, 230)]]],
                  np.uint8)
    ground = cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0].tolist()
    img = np.empty((CARD_H, CARD_W, 3), np.uint8)
    img[:] = ground
    style = CardStyle(outline=bool(rng.random() < 0.5))
    step = int(rng.integers(34, 60))
    for y in range(step // 2, CARD_H, step):
        for x in range(step // 2 - (y // step % 2) * step // 2, CARD_W + step, step):
            draw_fruit(img, FRUITS[(x // step + y // step) % 4], float(x), float(y),
                       0.6 * step, float(rng.uniform(0, 6)), style)
    if rng.random() < 0.4:
        border = int(rng.integers(6, 14))
        cv2.rectangle(img, (0, 0), (CARD_W - 1, CARD_H - 1), (245, 245, 245), border)
    return img


def placemat(img: Image, rng: np.random.Generator, center: tuple[float, float],
             size: tuple[float, float], ang: float) -> Image:
    """A woven placemat (rattan, bamboo or cloth), square or oblong, under a pile."""
    quad = _rect(center[0], center[1], size[0], size[1], ang)
    mask = _poly_mask(img.shape, quad)
    light = rng.random() < 0.5
    base = np.asarray(rng.uniform([150, 190, 205], [215, 235, 250]) if light else
                      rng.uniform([20, 40, 60], [120, 150, 190]), np.float32)
    x, y, bw, bh = cv2.boundingRect(np.round(quad).astype(np.int32))
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + bw, img.shape[1]), min(y + bh, img.shape[0])
    if x1 <= x0 or y1 <= y0:
        return mask
    ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    ca, sa = math.cos(ang), math.sin(ang)
    u, v = xs * ca + ys * sa, -xs * sa + ys * ca
    pitch = rng.uniform(3, 7)
    over = ((np.floor(u / pitch) + np.floor(v / pitch)) % 2).astype(np.float32)
    strand = 0.5 + 0.5 * np.cos(np.where(over > 0, u, v) / pitch * math.pi)
    tex = base * (0.75 + 0.3 * strand)[..., None]
    m = mask[y0:y1, x0:x1].astype(np.float32)[..., None] / 255
    roi = img[y0:y1, x0:x1]
    roi[:] = np.clip(tex * m + roi * (1 - m), 0, 255).astype(np.uint8)
    cv2.polylines(img, [np.round(quad).astype(np.int32)], True, (base * 0.6).tolist(), 2,
                  cv2.LINE_AA)
    return mask


def clutter(img: Image, rng: np.random.Generator, center: tuple[float, float], scale: float,
            kind: str) -> Image:
    """One thing put down on the table, about `scale` pixels across (a card's width)."""
    cx, cy = center
    ang = rng.uniform(0, math.pi)
    aa = cv2.LINE_AA
    if kind == "phone":
        quad = _rect(cx, cy, 0.75 * scale, 1.55 * scale, ang)
        mask = _poly_mask(img.shape, quad)
        _shadow(img, mask, (3, 4), 0.4)
        cv2.fillPoly(img, [np.round(quad).astype(np.int32)], (25, 25, 28), aa)
        if rng.random() < 0.5:  # the screen is on
            screen = _rect(cx, cy, 0.65 * scale, 1.35 * scale, ang)
            col = rng.uniform(120, 250, 3).tolist()
            cv2.fillPoly(img, [np.round(screen).astype(np.int32)], col, aa)
    elif kind == "die":
        side = 0.28 * scale
        quad = _rect(cx, cy, side, side, ang)
        mask = _poly_mask(img.shape, quad)
        _shadow(img, mask, (2, 3), 0.5)
        white = rng.random() < 0.6
        face = (240, 240, 238) if white else tuple(rng.uniform(30, 220, 3).tolist())
        cv2.fillPoly(img, [np.round(quad).astype(np.int32)], face, aa)
        pip = (20, 20, 20) if white else (245, 245, 245)
        for _ in range(int(rng.integers(1, 7))):
            p = quad.mean(axis=0) + rng.uniform(-0.3, 0.3, 2) * side
            cv2.circle(img, (int(p[0]), int(p[1])), max(1, int(side / 9)), pip, -1, aa)
    elif kind == "cap":
        r = int(0.22 * scale)
        mask = np.zeros(img.shape[:2], np.uint8)
        cv2.circle(mask, (int(cx), int(cy)), r, 255, -1, aa)
        _shadow(img, mask, (2, 3), 0.4)
        col = tuple(rng.uniform(20, 240, 3).tolist())
        cv2.circle(img, (int(cx), int(cy)), r, col, -1, aa)
        cv2.circle(img, (int(cx), int(cy)), max(1, int(0.8 * r)), (200, 200, 205), 1, aa)
    elif kind == "toy":
        mask = np.zeros(img.shape[:2], np.uint8)
        col = cv2.cvtColor(np.array([[[rng.uniform(0, 180), 220, 220]]], np.uint8),
                           cv2.COLOR_HSV2BGR)[0, 0].tolist()
        for _ in range(int(rng.integers(2, 5))):  # a meeple, a little car: a few blobs
            p = (int(cx + rng.uniform(-0.25, 0.25) * scale),
                 int(cy + rng.uniform(-0.25, 0.25) * scale))
            axes = (max(2, int(rng.uniform(0.1, 0.3) * scale)),
                    max(2, int(rng.uniform(0.1, 0.3) * scale)))
            cv2.ellipse(mask, p, axes, math.degrees(ang), 0, 360, 255, -1, aa)
        _shadow(img, mask, (3, 4), 0.4)
        m = mask.astype(np.float32)[..., None] / 255
        img[:] = (np.asarray(col, np.float32) * m + img * (1 - m)).astype(np.uint8)
    elif kind == "box":
        # a game's box: bigger than its cards
        bw, bh = rng.uniform(2.2, 3.5) * scale, rng.uniform(1.6, 2.6) * scale
        top = _rect(cx, cy, bw, bh, ang)
        depth = rng.uniform(0.1, 0.3) * scale
        lift = np.array([depth * 0.4, depth], np.float32)
        bottom = top + lift
        mask = _poly_mask(img.shape, cv2.convexHull(np.vstack([top, bottom])).reshape(-1, 2))
        _shadow(img, mask, (4, 6), 0.45)
        light_box = rng.random() < 0.3
        col = np.asarray((235, 238, 240) if light_box else rng.uniform(20, 230, 3), np.float32)
        cv2.fillPoly(img, [np.round(cv2.convexHull(np.vstack([top, bottom]))).astype(np.int32)],
                     (col * 0.6).tolist(), aa)
        cv2.fillPoly(img, [np.round(top).astype(np.int32)], col.tolist(), aa)
        c = top.mean(axis=0)
        logo = tuple(rng.uniform(0, 255, 3).tolist())
        cv2.putText(img, "GAME", (int(c[0] - 0.4 * scale), int(c[1])), cv2.FONT_HERSHEY_SIMPLEX,
                    max(0.3, scale / 120), logo, max(1, int(scale / 40)), aa)
    else:
        raise ValueError(f"unknown clutter {kind!r}; one of {', '.join(CLUTTER)}")
    return mask


def arm(img: Image, rng: np.random.Generator, target: tuple[float, float],
        scale: float) -> Image:
    """An arm in a sleeve from the nearest frame edge, its hand over `target` (frame px).

    `scale` is a card's width in pixels there: hands are about as wide as a card.
    """
    h, w = img.shape[:2]
    tx, ty = target
    edges = [(tx + rng.uniform(-0.3, 0.3) * w, -60.0), (tx + rng.uniform(-0.3, 0.3) * w, h + 60.0),
             (-60.0, ty + rng.uniform(-0.3, 0.3) * h), (w + 60.0, ty + rng.uniform(-0.3, 0.3) * h)]
    dist = [ty, h - ty, tx, w - tx]
    ex, ey = edges[int(np.argmin(dist))]
    ang = math.atan2(ty - ey, tx - ex)
    width = scale * rng.uniform(0.8, 1.1)
    nx, ny = -math.sin(ang), math.cos(ang)
    wrist = (tx - math.cos(ang) * width * 0.9, ty - math.sin(ang) * width * 0.9)

    def band(a: tuple[float, float], b: tuple[float, float], wd: float) -> np.ndarray:
        return np.array([[a[0] + nx * wd / 2, a[1] + ny * wd / 2],
                         [b[0] + nx * wd / 2, b[1] + ny * wd / 2],
                         [b[0] - nx * wd / 2, b[1] - ny * wd / 2],
                         [a[0] - nx * wd / 2, a[1] - ny * wd / 2]], np.float32)

    skin_mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(skin_mask, np.round(band(wrist, (tx, ty), width * 0.8)).astype(np.int32),
                       255)
    cv2.ellipse(skin_mask, (int(tx), int(ty)), (int(width * 0.6), int(width * 0.5)),
                math.degrees(ang), 0, 360, 255, -1)
    for k in range(4):
        fa = ang + (k - 1.5) * 0.3
        fx, fy = tx + math.cos(fa) * width * 1.1, ty + math.sin(fa) * width * 1.1
        cv2.line(skin_mask, (int(tx), int(ty)), (int(fx), int(fy)), 255, max(2, int(width * 0.2)))
    sleeve_mask = np.zeros((h, w), np.uint8)
    sleeve_end = (wrist[0] - math.cos(ang) * width * 0.2, wrist[1] - math.sin(ang) * width * 0.2)
    cv2.fillConvexPoly(sleeve_mask, np.round(band((ex, ey), sleeve_end, width * 1.25)).astype(
        np.int32), 255)
    mask = skin_mask | sleeve_mask
    _shadow(img, mask, (rng.uniform(-12, 12), rng.uniform(6, 18)), 0.35)
    skin = np.asarray(rng.uniform([60, 90, 120], [170, 190, 240]), np.float32)
    sleeve = np.asarray(rng.uniform(10, 245, 3) if rng.random() < 0.8 else (240, 240, 240),
                        np.float32)
    for m_, col in ((skin_mask, skin), (sleeve_mask, sleeve)):
        m = cv2.GaussianBlur(m_, (5, 5), 1.5).astype(np.float32)[..., None] / 255
        shade = cv2.GaussianBlur(rng.uniform(0.8, 1.05, (h // 16 + 1, w // 16 + 1)).astype(
            np.float32), (3, 3), 0)
        shade = cv2.resize(shade, (w, h))[..., None]
        img[:] = np.clip(img * (1 - m) + col * shade * m, 0, 255).astype(np.uint8)
    return mask


def spots_near(rng: np.random.Generator, centres: Sequence[tuple[float, float]],
               n: int, spread: float, size: tuple[int, int]) -> list[tuple[float, float]]:
    """n places near the given centres (or anywhere when none), inside the image."""
    w, h = size
    out = []
    for _ in range(n):
        if centres and rng.random() < 0.7:
            c = centres[int(rng.integers(len(centres)))]
            p = (c[0] + rng.uniform(-spread, spread), c[1] + rng.uniform(-spread, spread))
        else:
            p = (rng.uniform(0.05, 0.95) * w, rng.uniform(0.05, 0.95) * h)
        out.append((float(np.clip(p[0], 0, w - 1)), float(np.clip(p[1], 0, h - 1))))
    return out
