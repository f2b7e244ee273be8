"""The project's own drawings of Nelly's material, seen from above: turtles (painted domes,
upright, tilted, upturned, lying on another), round green water plants, the board's pond
and the hippo. Drawn with numpy and OpenCV, so tests need no third-party art.

A dome is rendered by casting a ray down at every pixel onto a hemisphere (the turtle's
shell) whose axis may lean: the visible point is on the shell where the shell faces the
camera; shading is diffuse plus a specular highlight (the glare of gloss paint) under a
light from a direction of the scene. What the camera then does to colour (the lamp's
colour temperature, its white balance) is the scene's business (nelly_scene.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from tableref.vision.nelly.material import PAINT_BGR, PLANT_BGR

Image = np.ndarray

# the game's nominal paints and green (BGR, under a neutral light), as the counter knows
# them; each set of the game is drawn near these (paint_variant)
PAINTS = PAINT_BGR
PLANT_GREEN = PLANT_BGR
WATER_BLUE = (190, 120, 40)
HIPPO_GREY = (150, 120, 135)


@dataclass(frozen=True)
class Light:
    """Where the lamp is (unit vector towards it, z up) and how glossy the paint looks."""

    direction: tuple[float, float, float] = (0.3, -0.4, 0.87)
    ambient: float = 0.35
    gloss: float = 0.5  # strength of the specular highlight, 0..1


def paint_variant(rng: np.random.Generator, colour: str) -> np.ndarray:
    """One game's paint of `colour`: the nominal paint moved a little (sets differ)."""
    base = np.asarray(PAINTS[colour], np.float32)
    jitter = rng.uniform(-1, 1, 3) * np.array([10, 14, 9], np.float32)
    return np.clip(base + jitter, 0, 255)


def draw_dome(frame: Image, centre: tuple[float, float], radius: float, paint: np.ndarray,
              light: Light, *, tilt: float = 0.0, lean: float = 0.0, upturned: bool = False,
              head: float | None = None, shadow: float = 0.45) -> np.ndarray:
    """A turtle at `centre` (its base's centre), shell `radius` px.

    `tilt` (radians from upright, < 1.45) leans the shell's axis towards direction `lean`;
    `upturned` shows the flat underside; `head` (an angle) adds a small head of the same
    paint at the shell's rim. Returns the frame-sized mask of the turtle's pixels.
    """
    h, w = frame.shape[:2]
    r = float(radius)
    cx, cy = centre
    pad = math.ceil(r * 1.5) + 3
    x0, y0 = max(int(cx) - pad, 0), max(int(cy) - pad, 0)
    x1, y1 = min(int(cx) + pad + 1, w), min(int(cy) + pad + 1, h)
    if x1 <= x0 or y1 <= y0:
        return np.zeros((0, 0), bool)
    ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    px, py = xs + 0.5 - cx, ys + 0.5 - cy
    d2 = px * px + py * py
    pz = np.sqrt(np.maximum(r * r - d2, 0.0))
    ax = math.sin(tilt) * math.cos(lean)
    ay = math.sin(tilt) * math.sin(lean)
    az = math.cos(tilt)
    if upturned:
        inside = d2 <= r * r
        nx, ny, nz = np.zeros_like(px), np.zeros_like(px), np.ones_like(px)
        body = paint * 0.82
    else:
        inside = (d2 <= r * r) & (px * ax + py * ay + pz * az >= 0)
        nx, ny, nz = px / r, py / r, pz / r
        body = paint
    if head is not None:
        hx, hy = cx + 0.95 * r * math.cos(head), cy + 0.95 * r * math.sin(head)
        hd2 = (xs + 0.5 - hx) ** 2 + (ys + 0.5 - hy) ** 2
        hr = 0.32 * r
        nub = (hd2 <= hr * hr) & ~inside
        hz = np.sqrt(np.maximum(hr * hr - hd2, 0.0))
        nx = np.where(nub, (xs + 0.5 - hx) / hr, nx)
        ny = np.where(nub, (ys + 0.5 - hy) / hr, ny)
        nz = np.where(nub, hz / hr, nz)
        inside = inside | nub
    lx, ly, lz = light.direction
    diffuse = np.clip(nx * lx + ny * ly + nz * lz, 0.0, 1.0)
    # Blinn's half vector between the light and the camera (straight up)
    hxv, hyv, hzv = lx, ly, lz + 1.0
    hn = math.sqrt(hxv * hxv + hyv * hyv + hzv * hzv)
    spec = np.clip((nx * hxv + ny * hyv + nz * hzv) / hn, 0.0, 1.0) ** 40 * light.gloss
    shade = light.ambient + (1 - light.ambient) * diffuse
    colour = body[None, None, :] * shade[..., None] + 255.0 * spec[..., None]
    # anti-aliased edge: the mask blurred a little
    alpha = cv2.GaussianBlur(inside.astype(np.float32), (3, 3), 0.6)
    roi = frame[y0:y1, x0:x1].astype(np.float32)
    if shadow > 0:
        off = round(0.25 * r)
        sh = np.zeros(inside.shape, np.float32)
        sh[off:, off:] = inside[:inside.shape[0] - off, :inside.shape[1] - off]
        sh = cv2.GaussianBlur(sh, (0, 0), max(1.0, 0.15 * r))
        roi *= 1 - shadow * sh[..., None] * (1 - alpha[..., None])
    a = alpha[..., None]
    out = roi * (1 - a) + np.clip(colour, 0, 255) * a
    frame[y0:y1, x0:x1] = np.clip(out, 0, 255).astype(np.uint8)
    full = np.zeros((h, w), bool)
    full[y0:y1, x0:x1] = inside
    return full


def plant_disc(frame: Image, centre: tuple[float, float], radius: float,
               green: np.ndarray, rng: np.random.Generator) -> None:
    """A water plant on `frame`: a green disc with veins, a rim and a notch, and its shadow."""
    h, w = frame.shape[:2]
    cx, cy = centre
    r = radius
    x0, y0 = max(int(cx - r - 8), 0), max(int(cy - r - 8), 0)
    x1, y1 = min(int(cx + r + 9), w), min(int(cy + r + 9), h)
    if x1 <= x0 or y1 <= y0:
        return
    lx, ly = cx - x0, cy - y0
    roi = frame[y0:y1, x0:x1]
    sh: np.ndarray = np.zeros(roi.shape[:2], np.float32)
    cv2.circle(sh, (int(lx + 0.12 * r), int(ly + 0.15 * r)), int(r), 1.0, -1, cv2.LINE_AA)
    sh = cv2.GaussianBlur(sh, (0, 0), 2.0)
    roi[:] = (roi * (1 - 0.35 * sh[..., None])).astype(np.uint8)
    disc = np.zeros(roi.shape[:2], np.uint8)
    cv2.circle(disc, (round(lx * 16), round(ly * 16)), round(r * 16), 255, -1,
               cv2.LINE_AA, shift=4)
    notch = rng.uniform(0, 2 * math.pi)
    tri = np.array([[lx, ly], [lx + 1.2 * r * math.cos(notch - 0.2),
                               ly + 1.2 * r * math.sin(notch - 0.2)],
                    [lx + 1.2 * r * math.cos(notch + 0.2), ly + 1.2 * r * math.sin(notch + 0.2)]])
    cv2.fillConvexPoly(disc, np.round(tri * 16).astype(np.int32), 0, cv2.LINE_AA, shift=4)
    art = np.empty(roi.shape, np.float32)
    art[:] = green
    texture = rng.normal(1.0, 0.04, roi.shape[:2]).astype(np.float32)
    art *= cv2.GaussianBlur(texture, (0, 0), 1.5)[..., None]
    dark = (green * 0.7).astype(np.float64).tolist()
    for k in range(9):
        a = notch + 2 * math.pi * (k + 0.5) / 9
        cv2.line(art, (int(lx), int(ly)), (int(lx + 0.85 * r * math.cos(a)),
                                           int(ly + 0.85 * r * math.sin(a))), dark, 1,
                 cv2.LINE_AA)
    cv2.circle(art, (int(lx), int(ly)), int(r * 0.97), dark, max(1, int(r * 0.06)), cv2.LINE_AA)
    cover = disc.astype(np.float32)[..., None] / 255
    roi[:] = np.clip(art * cover + roi * (1 - cover), 0, 255).astype(np.uint8)


def draw_board(frame: Image, centre: tuple[float, float], radii: tuple[float, float],
               rng: np.random.Generator) -> None:
    """The pond in the middle of the table: blue water with lighter ripples."""
    cx, cy = int(centre[0]), int(centre[1])
    rx, ry = int(radii[0]), int(radii[1])
    water = np.asarray(WATER_BLUE, np.float64) * rng.uniform(0.85, 1.1)
    cv2.ellipse(frame, (cx, cy), (rx + 6, ry + 6), 0, 0, 360, (60, 60, 60), -1, cv2.LINE_AA)
    cv2.ellipse(frame, (cx, cy), (rx, ry), 0, 0, 360, water.tolist(), -1, cv2.LINE_AA)
    light = np.clip(water * 1.25, 0, 255).tolist()
    for _ in range(int(rng.integers(6, 14))):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0.2, 0.85)
        px, py = cx + d * rx * math.cos(a), cy + d * ry * math.sin(a)
        cv2.ellipse(frame, (int(px), int(py)), (int(rng.uniform(10, 30)), int(rng.uniform(3, 8))),
                    float(rng.uniform(-20, 20)), 0, 180, light, 2, cv2.LINE_AA)


def draw_hippo(frame: Image, centre: tuple[float, float], length: float, heading: float,
               submerged: bool, rng: np.random.Generator) -> list[tuple[float, float]]:
    """Nelly from above: a grey body and, unless submerged, her head towards `heading`.

    Returns the places on her back and head where turtles can sit (frame pixels).
    """
    cx, cy = centre
    grey = np.asarray(HIPPO_GREY, np.float64) * rng.uniform(0.85, 1.1)
    deg = math.degrees(heading)
    cv2.ellipse(frame, (int(cx + 6), int(cy + 8)), (int(length / 2), int(length / 3.2)), deg,
                0, 360, (40, 40, 40), -1, cv2.LINE_AA)
    cv2.ellipse(frame, (int(cx), int(cy)), (int(length / 2), int(length / 3.2)), deg, 0, 360,
                grey.tolist(), -1, cv2.LINE_AA)
    ca, sa = math.cos(heading), math.sin(heading)
    spots = []
    for k in (-0.25, 0.0, 0.25):
        for s in (-0.12, 0.12):
            spots.append((cx + k * length * ca - s * length * sa,
                          cy + k * length * sa + s * length * ca))
    if not submerged:
        hx, hy = cx + 0.58 * length * ca, cy + 0.58 * length * sa
        cv2.ellipse(frame, (int(hx), int(hy)), (int(length / 4.5), int(length / 5.5)), deg, 0,
                    360, (grey * 1.08).tolist(), -1, cv2.LINE_AA)
        for s in (-1, 1):
            ex, ey = hx + 0.08 * length * ca - s * 0.1 * length * sa, \
                hy + 0.08 * length * sa + s * 0.1 * length * ca
            cv2.circle(frame, (int(ex), int(ey)), max(2, int(length / 40)), (20, 20, 20), -1,
                       cv2.LINE_AA)
        spots += [(hx - 0.05 * length * ca, hy - 0.05 * length * sa)]
    return spots


DIE_IVORY = (215, 235, 240)
HERON_BLUE = (160, 130, 110)


def draw_die(frame: Image, centre: tuple[float, float], side: float, angle: float,
             face: str, paints: dict[str, np.ndarray], green: np.ndarray) -> np.ndarray:
    """Nelly's die lying on the table, `face` up ("all", a colour, "heron" or "plants"): an
    ivory cube seen from above with its symbol. Returns the frame-sized mask it covers."""
    h, w = frame.shape[:2]
    cx, cy = centre
    box = cv2.boxPoints(((cx, cy), (side, side), math.degrees(angle)))
    shadow = np.zeros((h, w), np.float32)
    cv2.fillConvexPoly(shadow, np.round(box + 0.15 * side).astype(np.int32), 1.0, cv2.LINE_AA)
    shadow = np.asarray(cv2.GaussianBlur(shadow, (0, 0), max(1.0, 0.08 * side)), np.float32)
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, np.round(box).astype(np.int32), 1, cv2.LINE_AA)
    region = (shadow > 0.01) | (mask > 0)
    frame[region] = (frame[region] * (1 - 0.45 * shadow[region])[:, None]).astype(np.uint8)
    cv2.fillConvexPoly(frame, np.round(box).astype(np.int32), DIE_IVORY, cv2.LINE_AA)
    cv2.polylines(frame, [np.round(box).astype(np.int32)], True, (150, 165, 170), 1,
                  cv2.LINE_AA)
    r = 0.26 * side
    if face in paints:
        cv2.circle(frame, (round(cx), round(cy)), round(r), paints[face].tolist(), -1,
                   cv2.LINE_AA)
    elif face == "all":
        for k, c in enumerate(("red", "yellow", "orange")):
            a = angle + 2 * math.pi * k / 3
            cv2.circle(frame, (round(cx + 0.22 * side * math.cos(a)),
                               round(cy + 0.22 * side * math.sin(a))), round(0.14 * side),
                       paints[c].tolist(), -1, cv2.LINE_AA)
    elif face == "plants":
        cv2.circle(frame, (round(cx), round(cy)), round(r), green.tolist(), -1, cv2.LINE_AA)
    else:  # the heron: a slim grey-blue bird
        cv2.ellipse(frame, (round(cx), round(cy)), (round(0.3 * side), round(0.1 * side)),
                    math.degrees(angle), 0, 360, HERON_BLUE, -1, cv2.LINE_AA)
    return mask > 0
