"""Frames of the table camera over a Nimalia player's zone: the table, the reserve in the
zone (or none), an arm reaching in from the player's side, the light, fresh sensor noise
each frame. For the still-detector's tests (vision/nimalia/still.py): sequences of frames
as the camera would film a round's placements.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from tableref.vision.synth.nimalia_photo import Photo, S

Box = tuple[int, int, int, int]  # left, top, right, bottom


@dataclass(frozen=True)
class TableScene:
    width: int = 1280
    height: int = 720
    zone: Box = (240, 100, 1040, 660)
    table: tuple[int, int, int] = (95, 95, 95)  # BGR of the cloth


@dataclass(frozen=True)
class Patch:
    """A reserve cut out of a rendered photo: its pixels and how much the cards cover each
    (0..1): laid on the scene's cloth, the photo's own table does not come along."""

    image: np.ndarray
    alpha: np.ndarray


def reserve_patch(photo: Photo, margin: float = 0.3) -> Patch:
    """The reserve of a rendered photo (`photo.cover` needed), cut out with `margin`
    spaces around it."""
    if photo.cover is None:
        raise ValueError("the photo has no cover of its reserve")
    rows = max(r for r, _ in photo.spaces) + 1
    cols = max(c for _, c in photo.spaces) + 1
    m = margin * S
    corners = np.array([[[-m, -m], [cols * S + m, -m], [cols * S + m, rows * S + m],
                         [-m, rows * S + m]]], np.float32)
    quad = cv2.perspectiveTransform(corners, photo.plane_to_photo)[0]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int)
    h, w = photo.image.shape[:2]
    cut = (slice(max(0, y0), min(h, y1)), slice(max(0, x0), min(w, x1)))
    return Patch(photo.image[cut].copy(), photo.cover[cut].copy())


def table_frame(
    scene: TableScene,
    rng: np.random.Generator,
    reserve: Patch | None = None,
    arm: tuple[int, int] | None = None,
    gain: float = 1.0,
) -> np.ndarray:
    """One frame: the cloth, `reserve` (a patch) in the middle of the zone, an arm from the
    bottom of the picture whose hand ends at `arm` (x, y), the light times `gain`, noise."""
    img: np.ndarray = np.empty((scene.height, scene.width, 3), np.uint8)
    img[:] = scene.table
    if reserve is not None:
        left, top, right, bottom = scene.zone
        ph, pw = reserve.alpha.shape
        y = (top + bottom - ph) // 2
        x = (left + right - pw) // 2
        a = reserve.alpha[..., None]
        under = img[y:y + ph, x:x + pw].astype(np.float32)
        img[y:y + ph, x:x + pw] = (a * reserve.image + (1 - a) * under).astype(np.uint8)
    if arm is not None:
        skin = (120, 150, 205)
        x, y = arm
        start = (x + 60, scene.height + 80)
        cv2.line(img, start, (x, y), skin, 80)
        cv2.ellipse(img, (x, y), (60, 45), 20.0, 0, 360, skin, -1)
    if gain != 1.0:
        img = np.asarray(cv2.convertScaleAbs(img, alpha=gain), np.uint8)
    noise = _noise(img.shape)
    pick = noise[int(rng.integers(len(noise)))]
    shift = (int(rng.integers(img.shape[0])), int(rng.integers(img.shape[1])))
    out = cv2.add(img.astype(np.int16), np.roll(pick, shift, (0, 1)), dtype=cv2.CV_8U)
    _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 88])
    return np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR))


@cache
def _noise(shape: tuple[int, ...]) -> list[np.ndarray]:
    """A few frames of sensor noise (sigma 3 grey levels), each rolled anew per frame."""
    rng = np.random.default_rng(0)
    return [np.round(3.0 * rng.standard_normal(shape, dtype=np.float32)).astype(np.int16)
            for _ in range(4)]
