"""The table plane as a picture: millimetres to pixels, cards laid on it, things above it.

`Canvas.occ` collects everything drawn above the cards (hands, sleeves, clutter, holder
rims); a card's cover is the part of its outline under `occ`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from bench.heldout.card_art import FACE_H, FACE_W

Image = np.ndarray
Colour = tuple[float, float, float]


def card_corners(centre: tuple[float, float], angle_deg: float, w: float, h: float
                 ) -> np.ndarray:
    """Corners (mm) of a card: top-left, top-right, bottom-right, bottom-left of its face."""
    c, s = np.cos(np.radians(angle_deg)), np.sin(np.radians(angle_deg))
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    out: np.ndarray = local @ np.array([[c, s], [-s, c]]) + np.asarray(centre)
    return out


def _rounded_alpha() -> np.ndarray:
    a = np.zeros((FACE_H, FACE_W), np.uint8)
    r = int(FACE_W * 0.06)
    cv2.rectangle(a, (r, 0), (FACE_W - 1 - r, FACE_H - 1), 255, -1)
    cv2.rectangle(a, (0, r), (FACE_W - 1, FACE_H - 1 - r), 255, -1)
    right, bottom = FACE_W - 1 - r, FACE_H - 1 - r
    for x, y in ((r, r), (right, r), (r, bottom), (right, bottom)):
        cv2.circle(a, (x, y), r, 255, -1, cv2.LINE_AA)
    return a.astype(np.float32) / 255


ROUNDED = _rounded_alpha()


@dataclass
class Canvas:
    img: Image
    origin: tuple[float, float]  # mm at pixel (0, 0)
    ppm: float  # pixels per mm
    occ: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.occ = np.zeros(self.img.shape[:2], np.float32)

    @property
    def shape(self) -> tuple[int, int]:
        return self.img.shape[0], self.img.shape[1]

    def px(self, pts_mm: np.ndarray) -> np.ndarray:
        out: np.ndarray = (np.asarray(pts_mm, np.float64) - self.origin) * self.ppm
        return out

    def roi(self, pts_px: np.ndarray, pad: float = 2) -> tuple[int, int, int, int] | None:
        h, w = self.shape
        x0 = max(0, int(np.floor(pts_px[:, 0].min() - pad)))
        y0 = max(0, int(np.floor(pts_px[:, 1].min() - pad)))
        x1 = min(w, int(np.ceil(pts_px[:, 0].max() + pad)) + 1)
        y1 = min(h, int(np.ceil(pts_px[:, 1].max() + pad)) + 1)
        if x1 <= x0 or y1 <= y0:
            return None
        return x0, y0, x1, y1

    def poly_mask(self, pts_mm: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
        x0, y0, x1, y1 = box
        m = np.zeros((y1 - y0, x1 - x0), np.uint8)
        p = self.px(pts_mm) - (x0, y0)
        cv2.fillPoly(m, [np.round(p * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
        return m.astype(np.float32) / 255

    def paint(self, alpha: np.ndarray, box: tuple[int, int, int, int],
              colour: Colour | np.ndarray, above: bool) -> None:
        """Blend a colour (or a colour field of the box's size) through alpha."""
        x0, y0, x1, y1 = box
        a = alpha[..., None]
        roi = self.img[y0:y1, x0:x1]
        roi *= 1 - a
        roi += a * np.asarray(colour, np.float32)
        if above:
            np.maximum(self.occ[y0:y1, x0:x1], alpha, out=self.occ[y0:y1, x0:x1])

    def shadow(self, alpha: np.ndarray, box: tuple[int, int, int, int], offset_mm: tuple[float,
               float], blur_mm: float, strength: float) -> None:
        """Darken the table under an object lifted above it (soft, offset by the light)."""
        x0, y0, x1, y1 = box
        pad = int(abs(offset_mm[0]) * self.ppm + abs(offset_mm[1]) * self.ppm
                  + 3 * blur_mm * self.ppm) + 2
        h, w = self.shape
        bx0, by0 = max(0, x0 - pad), max(0, y0 - pad)
        bx1, by1 = min(w, x1 + pad), min(h, y1 + pad)
        big = np.zeros((by1 - by0, bx1 - bx0), np.float32)
        big[y0 - by0:y1 - by0, x0 - bx0:x1 - bx0] = alpha
        sigma = blur_mm * self.ppm
        k = max(1, int(sigma / 3))  # a wide blur is made small and scaled back up
        size = (big.shape[1], big.shape[0])
        work = big if k == 1 else cv2.resize(big, (max(1, size[0] // k), max(1, size[1] // k)),
                                             interpolation=cv2.INTER_AREA)
        sx, sy = work.shape[1] / size[0], work.shape[0] / size[1]
        m = np.array([[1, 0, offset_mm[0] * self.ppm * sx], [0, 1, offset_mm[1] * self.ppm * sy]],
                     np.float32)
        work = cv2.warpAffine(work, m, (work.shape[1], work.shape[0]))
        if sigma / k > 0.3:
            work = cv2.GaussianBlur(work, (0, 0), sigma / k)
        spread = work if k == 1 else cv2.resize(work, size, interpolation=cv2.INTER_LINEAR)
        self.img[by0:by1, bx0:bx1] *= (1 - strength * np.asarray(spread))[..., None]

    def lay_card(self, face: Image, corners_mm: np.ndarray, edge: float = 0.25) -> None:
        """Lay a card face (FACE_W x FACE_H) with its corners at `corners_mm`."""
        pts = self.px(corners_mm)
        box = self.roi(pts)
        if box is None:
            return
        x0, y0, x1, y1 = box
        src = np.array([[0, 0], [FACE_W, 0], [0, FACE_H]], np.float32)
        dst = np.array([pts[0] - (x0, y0), pts[1] - (x0, y0), pts[3] - (x0, y0)], np.float32)
        m = cv2.getAffineTransform(src, dst)
        size = (x1 - x0, y1 - y0)
        scale = np.hypot(*(pts[1] - pts[0])) / FACE_W
        src_face = face
        if scale < 0.5:  # shrink first so that fine art does not alias
            k = max(1, int(0.5 / scale))
            src_face = cv2.resize(face, (FACE_W // k, FACE_H // k), interpolation=cv2.INTER_AREA)
            m = cv2.getAffineTransform(src / k, dst)
        warped = cv2.warpAffine(src_face, m, size, flags=cv2.INTER_LINEAR)
        alpha_src = ROUNDED if src_face is face else cv2.resize(
            ROUNDED, (src_face.shape[1], src_face.shape[0]), interpolation=cv2.INTER_AREA)
        alpha = cv2.warpAffine(alpha_src, m, size, flags=cv2.INTER_LINEAR)
        # the card's cut edge: a thin darker rim (what shows of white on white)
        rim = np.clip(alpha - cv2.erode(alpha, np.ones((3, 3), np.uint8)), 0, 1)
        warped = warped * (1 - edge * rim[..., None])
        self.paint(alpha, box, warped, above=False)

    def cover(self, corners_mm: np.ndarray) -> tuple[float, float]:
        """(area in canvas px, fraction of it under things above the cards)."""
        box = self.roi(self.px(corners_mm))
        if box is None:
            return 0.0, 1.0
        m = self.poly_mask(corners_mm, box)
        x0, y0, x1, y1 = box
        area = float(m.sum())
        if area <= 0:
            return 0.0, 1.0
        return area, float((m * self.occ[y0:y1, x0:x1]).sum() / area)

    def visible_part(self, corners_mm: np.ndarray, above: list[np.ndarray]) -> float:
        """Fraction of a card's outline not under the cards above it nor under `occ`."""
        box = self.roi(self.px(corners_mm))
        if box is None:
            return 0.0
        m = self.poly_mask(corners_mm, box)
        area = float(m.sum())
        if area <= 0:
            return 0.0
        seen = m.copy()
        for other in above:
            seen *= 1 - self.poly_mask(other, box)
        x0, y0, x1, y1 = box
        seen *= 1 - self.occ[y0:y1, x0:x1]
        return float(seen.sum() / area)
