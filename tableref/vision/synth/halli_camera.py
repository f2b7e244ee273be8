"""A camera over the table: tilt, lens distortion, the room's light, blur, noise, JPEG.

The table is drawn flat on a canvas (its own plane); `Camera` maps it into the frame
through a tilted pinhole camera and a barrel-distorted lens, and maps points the same way
for the ground truth. `Light` puts the room's light on the frame: colour temperature
(2700-6500 K against a camera balanced for daylight), dim rooms, uneven light,
vignetting, glare spots. `finish` adds motion and focus blur, sensor noise and JPEG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

Image = np.ndarray


def _rot(tilt: float, turn: float) -> np.ndarray:
    """Camera-to-table rotation: a turn about the view axis, then a tilt about x."""
    ct, st = math.cos(tilt), math.sin(tilt)
    cz, sz = math.cos(turn), math.sin(turn)
    rx = np.array([[1, 0, 0], [0, ct, -st], [0, st, ct]])
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return np.asarray(rx @ rz, np.float64)


@dataclass(frozen=True)
class Camera:
    """Frame size, focal length (px), tilt and turn (radians) and lens distortion k."""

    size: tuple[int, int]
    focal: float
    tilt: float
    turn: float
    k: float  # barrel distortion: ideal = distorted * (1 + k r^2), r in half-diagonals

    def table_plane(self, scale: float) -> tuple[np.ndarray, tuple[int, int]]:
        """(H, canvas size): H maps canvas pixels to ideal (undistorted) frame pixels.

        The canvas is the part of the table in view, `scale` canvas pixels per table
        pixel at the frame's centre (1: a card drawn N px on the canvas is N px in the
        middle of the frame).
        """
        w, h = self.size
        r = _rot(self.tilt, self.turn)
        corners = np.array([[-40, -40], [w + 40, -40], [w + 40, h + 40], [-40, h + 40]],
                           np.float64)
        rays = np.column_stack([(corners[:, 0] - w / 2) / self.focal,
                                (corners[:, 1] - h / 2) / self.focal, np.ones(4)])
        world = rays @ r.T
        # the table is the plane z = 1 below the camera: a ray t*d meets it at t = 1/d_z
        pts = world / world[:, 2:3]
        uv = pts[:, :2] * self.focal
        hmat = cv2.getPerspectiveTransform(uv.astype(np.float32), corners.astype(np.float32))
        # the table's size at the frame's centre: scale so that it is `scale` there
        inv = np.linalg.inv(hmat)
        c = cv2.perspectiveTransform(np.array([[[w / 2, h / 2], [w / 2 + 1, h / 2],
                                                 [w / 2, h / 2 + 1]]], np.float64), inv)[0]
        e1, e2 = c[1] - c[0], c[2] - c[0]
        local = abs(e1[0] * e2[1] - e1[1] * e2[0]) ** 0.5  # table units per frame px
        canvas = (uv - uv.min(axis=0)) / local * scale
        cw, ch = math.ceil(canvas[:, 0].max()), math.ceil(canvas[:, 1].max())
        hmat = cv2.getPerspectiveTransform(canvas.astype(np.float32), corners.astype(np.float32))
        return hmat, (cw, ch)

    def _radius_unit(self) -> float:
        w, h = self.size
        return math.hypot(w / 2, h / 2)

    def distort(self, ideal: Image, nearest: bool = False) -> Image:
        """The frame the lens makes of the ideal (pinhole) frame (`nearest`: a label map,
        never blended)."""
        if self.k == 0:
            return ideal
        w, h = self.size
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        dx, dy = xs - w / 2, ys - h / 2
        r2 = (dx * dx + dy * dy) / self._radius_unit() ** 2
        f = 1 + self.k * r2
        how = cv2.INTER_NEAREST if nearest else cv2.INTER_LINEAR
        return np.asarray(cv2.remap(ideal, dx * f + w / 2, dy * f + h / 2, how,
                                    borderMode=cv2.BORDER_REFLECT))

    def project(self, hmat: np.ndarray, pts: np.ndarray) -> np.ndarray:
        """Canvas points to frame points (perspective, then the lens)."""
        ideal = cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64),
                                         hmat).reshape(-1, 2)
        return self.lens(ideal)

    def lens(self, ideal: np.ndarray) -> np.ndarray:
        """Ideal frame points to distorted ones: solve r_u = r_d (1 + k r_d^2)."""
        if self.k == 0:
            return ideal
        w, h = self.size
        c = np.array([w / 2, h / 2])
        d = ideal - c
        unit = self._radius_unit()
        ru = np.hypot(d[:, 0], d[:, 1]) / unit
        rd = ru.copy()
        for _ in range(8):  # Newton on g(r) = r + k r^3 - ru
            rd -= (rd + self.k * rd ** 3 - ru) / (1 + 3 * self.k * rd ** 2)
        factor = np.where(ru > 1e-9, rd / np.maximum(ru, 1e-9), 1.0)
        return np.asarray(c + d * factor[:, None], np.float64)


def random_camera(rng: np.random.Generator, size: tuple[int, int], max_tilt_deg: float,
                  max_k: float) -> Camera:
    w, _ = size
    return Camera(size, focal=w * rng.uniform(0.7, 1.2),
                  tilt=math.radians(rng.uniform(0, max_tilt_deg)),
                  turn=rng.uniform(-math.pi, math.pi), k=rng.uniform(0, max_k))


def kelvin_gains(kelvin: float) -> np.ndarray:
    """BGR gains of light at this colour temperature for a camera balanced at 5500 K.

    Black-body colour by Tanner Helland's fit, normalised to its value at 5500 K.
    """
    def rgb(t: float) -> np.ndarray:
        t = t / 100
        r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
        g = 99.47 * math.log(t) - 161.1 if t <= 66 else 288.1 * (t - 60) ** -0.0755
        b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5 * math.log(t - 10) - 305.0)
        return np.asarray(np.clip(np.array([b, g, r]), 1, 255), np.float64)

    gains = rgb(kelvin) / rgb(5500.0)
    return np.asarray((gains / gains.max()).astype(np.float32))


@dataclass(frozen=True)
class Light:
    kelvin: float = 5500.0
    level: float = 1.0  # 1 a bright room; 0.3 a dim one
    uneven: float = 0.0  # darkest side this much darker
    vignette: float = 0.0  # corners this much darker
    glare: int = 0  # bright spots
    auto_white: float = 0.0  # how much of the cast the camera's own balance takes out


def random_light(rng: np.random.Generator, dim: float, glare: int, uneven: float,
                 vignette: float) -> Light:
    return Light(kelvin=float(rng.uniform(2700, 6500)), level=float(rng.uniform(dim, 1.0)),
                 uneven=float(rng.uniform(0, uneven)), vignette=float(rng.uniform(0, vignette)),
                 glare=int(rng.integers(0, glare + 1)), auto_white=float(rng.uniform(0, 0.7)))


def apply_light(frame: Image, light: Light, rng: np.random.Generator) -> Image:
    h, w = frame.shape[:2]
    gains = kelvin_gains(light.kelvin)
    gains = gains ** (1 - light.auto_white)
    sw, sh = w // 8 + 1, h // 8 + 1
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xs, ys = xs / sw - 0.5, ys / sh - 0.5
    gx, gy = rng.uniform(-1, 1, 2)
    ramp = (gx * xs + gy * ys) / max(abs(gx) + abs(gy), 1e-6)
    field = 1 - light.uneven * (ramp + 0.5)
    field *= 1 - light.vignette * np.clip((xs ** 2 + ys ** 2) / 0.5, 0, 1) ** 1.5
    full = np.asarray(cv2.resize(field.astype(np.float32), (w, h)), np.float32)
    out = frame.astype(np.float32) * (full * light.level)[..., None] * gains
    for _ in range(light.glare):  # a lamp's reflection: a bright soft spot, whiter at its heart
        cx, cy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
        r = rng.uniform(0.02, 0.08) * w
        spot = np.zeros((h, w), np.float32)
        cv2.circle(spot, (int(cx), int(cy)), int(r), 1.0, -1, cv2.LINE_AA)
        spot = np.asarray(cv2.GaussianBlur(spot, (0, 0), r / 2), np.float32)
        out += spot[..., None] * rng.uniform(80, 200)
    return np.clip(out, 0, 255).astype(np.uint8)


def finish(frame: Image, rng: np.random.Generator, motion: float, focus: float,
           noise: float, jpeg: tuple[int, int]) -> Image:
    """Motion blur up to `motion` px, focus blur up to sigma `focus`, noise, JPEG."""
    img = frame
    length = rng.uniform(0, motion)
    if length >= 2:
        n = round(length) | 1
        k = np.zeros((n, n), np.float32)
        ang = rng.uniform(0, math.pi)
        c = n // 2
        dx, dy = math.cos(ang) * c, math.sin(ang) * c
        cv2.line(k, (round(c - dx), round(c - dy)),
                 (round(c + dx), round(c + dy)), 1.0, 1, cv2.LINE_AA)
        img = cv2.filter2D(img, -1, k / max(float(k.sum()), 1e-6))
    sigma = rng.uniform(0, focus)
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    if noise > 0:
        s = float(rng.uniform(0.3, 1.0)) * noise
        img = np.clip(img.astype(np.float32) + rng.normal(0, s, img.shape).astype(np.float32),
                      0, 255).astype(np.uint8)
    q = int(rng.integers(jpeg[0], jpeg[1] + 1))
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
    return np.asarray(decoded if decoded is not None else img)
