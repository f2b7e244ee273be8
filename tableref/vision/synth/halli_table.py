"""Table surfaces, the bell and hands for synthetic Halli Galli scenes."""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

Image = np.ndarray
TABLES = ("wood", "cloth", "pattern")


def table_texture(rng: np.random.Generator, size: tuple[int, int],
                  kind: str | None = None) -> Image:
    """A wooden, cloth or patterned table top, size (w, h)."""
    w, h = size
    kind = kind or TABLES[int(rng.integers(len(TABLES)))]
    sw, sh = w // 4, h // 4
    if kind == "wood":
        base = np.asarray(rng.uniform([30, 70, 120], [70, 110, 170]), np.float32)
        ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
        vertical = rng.random() < 0.5
        along, across = (ys, xs) if vertical else (xs, ys)
        wobble = 6 * np.sin(along / rng.uniform(15, 40) + rng.uniform(0, 6))
        grain = 0.5 + 0.5 * np.sin((across + wobble) / rng.uniform(1.5, 4))
        planks = (np.floor(across / rng.uniform(40, 70)) % 3) * 0.06
        shade = 0.75 + 0.2 * grain - planks
        img = base[None, None, :] * shade[..., None]
    elif kind == "cloth":
        palette = [(40, 110, 30), (120, 60, 20), (30, 30, 140), (60, 60, 60), (90, 40, 90)]
        base = np.asarray(palette[int(rng.integers(len(palette)))], np.float32)
        img = np.broadcast_to(base, (sh, sw, 3)).astype(np.float32)
        img = img * rng.uniform(0.85, 1.15, (sh, sw, 1)).astype(np.float32)
    elif kind == "pattern":
        c1 = np.asarray(rng.uniform([20, 20, 100], [90, 90, 200]), np.float32)
        c2 = np.asarray(rng.uniform([80, 20, 20], [180, 90, 60]), np.float32)
        ys, xs = np.mgrid[0:sh, 0:sw]
        cell = int(rng.integers(6, 16))
        if rng.random() < 0.5:
            sel = ((xs // cell + ys // cell) % 2).astype(np.float32)
        else:
            sel = (((xs % cell) - cell / 2) ** 2 + ((ys % cell) - cell / 2) ** 2
                   < (cell / 3) ** 2).astype(np.float32)
        img = c1 * sel[..., None] + c2 * (1 - sel[..., None])
    else:
        raise ValueError(f"unknown table {kind!r}; one of {', '.join(TABLES)}")
    return np.asarray(cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (w, h),
                                 interpolation=cv2.INTER_LINEAR))


def draw_bell(frame: Image, center: tuple[float, float], radius: float,
              rng: np.random.Generator) -> None:
    """A shiny bell from above: dark base, metal dome, bright highlights."""
    cx, cy = int(center[0]), int(center[1])
    r = int(radius)
    aa = cv2.LINE_AA
    cv2.circle(frame, (cx + 3, cy + 4), r + 6, (25, 25, 25), -1, aa)
    gold = rng.random() < 0.5
    metal = (60, 170, 210) if gold else (185, 185, 190)
    for k in range(8, 0, -1):
        f = 0.55 + 0.06 * (8 - k)
        col = tuple(min(255, int(c * f)) for c in metal)
        cv2.circle(frame, (cx, cy), int(r * k / 8), col, -1, aa)
    hx, hy = cx - r // 3, cy - r // 3
    cv2.ellipse(frame, (hx, hy), (r // 4, r // 7), -35, 0, 360, (250, 250, 250), -1, aa)
    cv2.circle(frame, (cx, cy), r // 6, (245, 245, 245), -1, aa)


def draw_hand(frame: Image, rng: np.random.Generator,
              targets: Sequence[tuple[float, float]]) -> Image:
    """An arm from the frame edge reaching towards one target; returns the hand's mask."""
    h, w = frame.shape[:2]
    if targets:
        tx, ty = targets[int(rng.integers(len(targets)))]
        tx, ty = tx + rng.uniform(-60, 60), ty + rng.uniform(-60, 60)
    else:
        tx, ty = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
    # the arm comes from the nearest frame edge
    edges = [(tx, -40.0), (tx, h + 40.0), (-40.0, ty), (w + 40.0, ty)]
    dist = [ty, h - ty, tx, w - tx]
    ex, ey = edges[int(np.argmin(dist))]
    ang = math.atan2(ty - ey, tx - ex)
    mask = np.zeros((h, w), np.uint8)
    width = rng.uniform(60, 80)
    nx, ny = -math.sin(ang), math.cos(ang)
    arm = np.array([[ex + nx * width / 2, ey + ny * width / 2],
                    [tx + nx * width / 2, ty + ny * width / 2],
                    [tx - nx * width / 2, ty - ny * width / 2],
                    [ex - nx * width / 2, ey - ny * width / 2]], np.int32)
    cv2.fillConvexPoly(mask, arm, 255)
    px, py = tx + math.cos(ang) * 30, ty + math.sin(ang) * 30
    cv2.ellipse(mask, (int(px), int(py)), (int(width * 0.75), int(width * 0.6)),
                math.degrees(ang), 0, 360, 255, -1)
    for k in range(4):
        fa = ang + (k - 1.5) * 0.28
        fx, fy = px + math.cos(fa) * width * 1.3, py + math.sin(fa) * width * 1.3
        cv2.line(mask, (int(px), int(py)), (int(fx), int(fy)), 255, int(width * 0.22))
    skin = np.asarray(rng.uniform([90, 120, 170], [150, 175, 235]), np.float32)
    m = cv2.GaussianBlur(mask, (7, 7), 2).astype(np.float32)[..., None] / 255
    shade = 0.85 + 0.15 * rng.random()
    frame[:] = (frame * (1 - m) + skin * shade * m).astype(np.uint8)
    return mask
