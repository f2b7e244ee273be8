"""Fruits drawn in several art styles, for the project's own decks (halli_decks.py).

Each fruit is painted from masks at 4x resolution: a body, and the parts that belong
to it (a strawberry's green calyx and seeds, a plum's stem and leaf, highlights, a
dark outline, a shadow on the paper). Styles: "flat" (one colour, no outline),
"outlined" (cartoon, dark outline, glossy highlight), "shaded" (lit from the top left,
darker towards the rim, a drop shadow) and "watercolour" (soft edges, uneven pigment).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

Image = np.ndarray
SS = 4  # supersampling of the masks
FAMILIES = ("flat", "outlined", "shaded", "watercolour")


@dataclass(frozen=True)
class FruitLook:
    """How one deck draws its fruits."""

    family: str = "outlined"
    banana_hue: float = 24.0  # OpenCV hue, 0..180
    plum_hue: float = 140.0  # 150 purple .. 112 blue
    strawberry_hue: float = 2.0  # 176 crimson .. 9 orange-red
    lime_hue: float = 55.0  # 65 green .. 36 yellow-green
    banana_curve: float = 1.0  # 0.6 nearly straight .. 1.3 strongly bent
    banana_thick: float = 0.28  # of its length
    outline: int = 2  # pixels at card scale (0: none)
    outline_bgr: tuple[int, int, int] = (25, 25, 30)
    highlights: bool = True
    seeds: str = "yellow"  # "yellow" | "dark" | "none"
    calyx: float = 1.0  # size of the strawberry's leaves
    plum_leaf: bool = False
    shadow: bool = False


def hsv_bgr(h: float, s: float, v: float) -> tuple[int, int, int]:
    """OpenCV HSV (h 0..180, s and v 0..255) as a BGR tuple."""
    px = np.array([[[h % 180, min(max(s, 0), 255), min(max(v, 0), 255)]]], np.uint8)
    b, g, r = cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0]
    return (int(b), int(g), int(r))


def _pts(local: list[tuple[float, float]], cx: float, cy: float, s: float,
         angle: float) -> np.ndarray:
    ca, sa = math.cos(angle), math.sin(angle)
    out = [(SS * (cx + s * (x * ca - y * sa)), SS * (cy + s * (x * sa + y * ca)))
           for x, y in local]
    return np.round(np.array(out)).astype(np.int32)


def _mask(shape: tuple[int, int], polys: list[np.ndarray]) -> np.ndarray:
    m = np.zeros((shape[0] * SS, shape[1] * SS), np.uint8)
    cv2.fillPoly(m, polys, 255, cv2.LINE_8)
    return m


def _down(m: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    small = cv2.resize(m, (shape[1], shape[0]), interpolation=cv2.INTER_AREA)
    return np.asarray(small, np.float32) / 255.0


def _ellipse(rx: float, ry: float, n: int = 48, bulge: float = 0.0) -> list[tuple[float, float]]:
    out = []
    for t in np.linspace(0, 2 * math.pi, n, False):
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((x * (1 + bulge * math.sin(t)), y))
    return out


class Painter:
    """Paints fruits onto one card image (float BGR, 0..255)."""

    def __init__(self, card: Image, look: FruitLook, rng: np.random.Generator):
        self.img = card.astype(np.float32)
        self.look = look
        self.rng = rng
        self.shape = (card.shape[0], card.shape[1])

    def result(self) -> Image:
        return np.clip(self.img, 0, 255).astype(np.uint8)

    def _lay(self, alpha: np.ndarray, colour: np.ndarray | tuple[int, int, int]) -> None:
        a = alpha[..., None]
        col = np.asarray(colour, np.float32)
        self.img = self.img * (1 - a) + col * a

    def _body(self, polys: list[np.ndarray], hue: float, sat: float, val: float,
              cx: float, cy: float, s: float) -> np.ndarray:
        """Paint a fruit's body in its style; returns its alpha (card scale)."""
        look = self.look
        big = _mask(self.shape, polys)
        if look.family == "watercolour":
            big = cv2.GaussianBlur(big, (0, 0), SS * 1.2)
        alpha = _down(big, self.shape)
        h, w = self.shape
        if look.shadow:
            sh = np.roll(np.roll(alpha, 3, axis=0), 3, axis=1)
            sh = cv2.GaussianBlur(sh, (0, 0), 1.5) * 0.35
            self.img *= 1 - sh[..., None]
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        if look.family in ("shaded", "outlined"):
            # lit from the top left: brighter there, darker towards the lower right rim
            d = ((xs - cx) + (ys - cy)) / max(2 * s, 1.0)
            shade = np.clip(1.0 - 0.28 * d, 0.6, 1.15) if look.family == "shaded" else \
                np.clip(1.0 - 0.12 * d, 0.8, 1.08)
        else:
            shade = np.ones((h, w), np.float32)
        if look.family == "watercolour":
            grain = cv2.GaussianBlur(self.rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 2)
            shade = shade * (1 + 0.12 * grain)
            hue_map = hue + 4 * grain
        else:
            hue_map = np.full((h, w), hue, np.float32)
        hsv = np.stack([np.mod(hue_map, 180), np.full((h, w), sat, np.float32),
                        np.clip(val * shade, 0, 255)], axis=-1)
        colour = cv2.cvtColor(np.clip(hsv, 0, 255).astype(np.uint8), cv2.COLOR_HSV2BGR)
        a = alpha[..., None]
        self.img = self.img * (1 - a) + colour.astype(np.float32) * a
        if look.outline > 0:
            edge = np.zeros_like(big)
            cv2.polylines(edge, polys, True, 255, SS * look.outline, cv2.LINE_8)
            self._lay(_down(edge, self.shape), look.outline_bgr)
        return alpha

    def _spot(self, polys: list[np.ndarray], colour: tuple[int, int, int],
              soft: float = 0.0) -> None:
        big = _mask(self.shape, polys)
        if soft > 0:
            big = cv2.GaussianBlur(big, (0, 0), SS * soft)
        self._lay(_down(big, self.shape), colour)

    def fruit(self, fruit: str, cx: float, cy: float, size: float, angle: float) -> None:
        """One fruit about `size` pixels across, centred at (cx, cy)."""
        s = size / 2
        # paint within a window round the fruit only (the masks are 4x the card)
        h, w = self.shape
        x0, y0 = max(int(cx - 1.6 * s), 0), max(int(cy - 1.6 * s), 0)
        x1, y1 = min(int(cx + 1.6 * s) + 2, w), min(int(cy + 1.6 * s) + 2, h)
        if x1 <= x0 or y1 <= y0:
            return
        whole, self.img = self.img, self.img[y0:y1, x0:x1].copy()
        self.shape = (y1 - y0, x1 - x0)
        try:
            self._fruit(fruit, cx - x0, cy - y0, s, angle)
            whole[y0:y1, x0:x1] = self.img
        finally:
            self.img, self.shape = whole, (h, w)

    def _fruit(self, fruit: str, cx: float, cy: float, s: float, angle: float) -> None:
        if fruit == "banana":
            self._banana(cx, cy, s, angle)
        elif fruit == "plum":
            self._plum(cx, cy, s, angle)
        elif fruit == "strawberry":
            self._strawberry(cx, cy, s, angle)
        elif fruit == "lime":
            self._lime(cx, cy, s, angle)
        else:
            raise ValueError(f"unknown fruit {fruit!r}")

    def _banana(self, cx: float, cy: float, s: float, angle: float) -> None:
        look = self.look
        c, t = look.banana_curve, look.banana_thick
        span = 0.35 + 0.5 * c  # half the arc, radians
        r_out = 1.0 / math.sin(span)  # the chord is the fruit's size
        thick = 2.2 * t
        outer = [(r_out * math.sin(a), r_out * (1 - math.cos(a)))
                 for a in np.linspace(-span, span, 24)]
        inner = []
        for a in np.linspace(span * 0.94, -span * 0.94, 24):
            rr = r_out - thick * (1 - (abs(a) / span) ** 2)
            inner.append((rr * math.sin(a), r_out - rr * math.cos(a)))
        shape = outer + inner
        ys = [p[1] for p in shape]
        mid = (max(ys) + min(ys)) / 2
        shape = [(x, y - mid) for x, y in shape]
        poly = _pts(shape, cx, cy, s, angle)
        self._body([poly], look.banana_hue, 200, 245, cx, cy, s)
        tip = shape[0]
        self._spot([_pts([(tip[0] - 0.05, tip[1] - 0.05), (tip[0] - 0.17, tip[1] + 0.1),
                          (tip[0] + 0.02, tip[1] + 0.12)], cx, cy, s, angle)], (30, 55, 85))
        if look.highlights and look.family != "flat":
            band = [(x * 0.75, y * 0.8 - 0.08) for x, y in shape[:24:3]]
            band += [(x * 0.7, y * 0.8 - 0.12) for x, y in reversed(shape[:24:3])]
            self._spot([_pts(band, cx, cy, s, angle)], hsv_bgr(look.banana_hue, 90, 255), 0.6)

    def _plum(self, cx: float, cy: float, s: float, angle: float) -> None:
        look = self.look
        poly = _pts(_ellipse(0.82, 0.88, bulge=0.06), cx, cy + 0.08 * s, s, angle)
        self._body([poly], look.plum_hue, 170, 140, cx, cy, s)
        stem = _pts([(-0.03, -0.7), (0.05, -1.08), (0.14, -1.03), (0.07, -0.68)], cx, cy, s, angle)
        self._spot([stem], (25, 50, 70))
        if look.plum_leaf:
            leaf = _pts([(0.08, -0.95), (0.45, -1.12), (0.7, -0.95), (0.35, -0.85)],
                        cx, cy, s, angle)
            self._spot([leaf], hsv_bgr(55, 190, 150))
        if look.highlights and look.family != "flat":
            hl = _pts(_ellipse(0.14, 0.26, 16), cx - 0.35 * s, cy - 0.2 * s, s, angle + 0.4)
            self._spot([hl], hsv_bgr(look.plum_hue, 60, 235), 0.5)

    def _strawberry(self, cx: float, cy: float, s: float, angle: float) -> None:
        look = self.look
        pts = []
        for t in np.linspace(0, 2 * math.pi, 48, False):
            x = 0.86 * math.sin(t) * (1 - 0.28 * (1 - math.cos(t)))
            y = 0.78 * math.cos(t) + 0.05
            pts.append((x, -y))
        poly = _pts(pts, cx, cy, s, angle)
        self._body([poly], look.strawberry_hue, 215, 225, cx, cy, s)
        if look.seeds != "none":
            colour = (90, 215, 245) if look.seeds == "yellow" else (40, 30, 90)
            for sx, sy in ((-0.35, -0.05), (0.0, -0.2), (0.35, -0.05), (-0.18, 0.2),
                           (0.18, 0.2), (0.0, 0.45), (-0.45, -0.35), (0.45, -0.35)):
                p = _pts([(sx - 0.04, sy - 0.06), (sx + 0.04, sy - 0.06), (sx, sy + 0.07)],
                         cx, cy, s, angle)
                self._spot([p], colour)
        if look.highlights and look.family != "flat":
            hl = _pts(_ellipse(0.12, 0.2, 16), cx - 0.4 * s, cy - 0.15 * s, s, angle + 0.5)
            self._spot([hl], hsv_bgr(look.strawberry_hue + 12, 120, 255), 0.5)
        k = look.calyx
        leaves = []
        for i in range(5):
            a = -math.pi / 2 + (i - 2) * 0.55
            tip = (0.55 * k * math.cos(a) * 1.2, -0.62 + 0.5 * k * math.sin(a) * 0.7)
            leaves += [(0.1 * math.cos(a + 1.2), -0.66), tip]
        leaves.append((0.0, -0.55))
        green = hsv_bgr(58, 200, 150)
        self._spot([_pts(leaves, cx, cy, s, angle)], green)
        stem = _pts([(-0.04, -0.7), (0.04, -0.7), (0.06, -0.98), (-0.02, -0.98)], cx, cy, s, angle)
        self._spot([stem], green)

    def _lime(self, cx: float, cy: float, s: float, angle: float) -> None:
        look = self.look
        pts = []
        for t in np.linspace(0, 2 * math.pi, 48, False):
            r = 1 + 0.12 * math.cos(2 * t) ** 8  # pointed ends
            pts.append((0.7 * math.sin(t), 0.88 * r * math.cos(t)))
        poly = _pts(pts, cx, cy, s, angle + 0.45)
        val = 200 if look.lime_hue < 45 else 185
        self._body([poly], look.lime_hue, 200, val, cx, cy, s)
        if look.highlights and look.family != "flat":
            hl = _pts(_ellipse(0.1, 0.36, 16), cx + 0.22 * s, cy - 0.18 * s, s, angle + 0.45)
            self._spot([hl], hsv_bgr(look.lime_hue - 4, 80, 250), 0.5)
        nub = _pts([(-0.08, 0.9), (0.08, 0.9), (0.0, 1.04)], cx, cy, s, angle + 0.45)
        self._spot([nub], hsv_bgr(look.lime_hue + 5, 220, 120))


def random_look(rng: np.random.Generator, family: str) -> FruitLook:
    """A deck's fruits: hues over each fruit's whole range, shapes, extras."""
    if family not in FAMILIES:
        raise ValueError(f"unknown art family {family!r}")
    straw = float(rng.uniform(-4, 9)) % 180
    return FruitLook(
        family=family,
        banana_hue=float(rng.uniform(20, 28)),
        plum_hue=float(rng.uniform(112, 152)),
        strawberry_hue=straw,
        lime_hue=float(rng.uniform(36, 65)),
        banana_curve=float(rng.uniform(0.6, 1.3)),
        banana_thick=float(rng.uniform(0.26, 0.4)),
        outline={"flat": 0, "outlined": int(rng.integers(2, 4)), "shaded": int(rng.integers(0, 2)),
                 "watercolour": 0}[family],
        highlights=family != "flat",
        seeds=str(rng.choice(["yellow", "dark", "none"])),
        calyx=float(rng.uniform(0.7, 1.3)),
        plum_leaf=bool(rng.random() < 0.4),
        shadow=family == "shaded" or (family == "outlined" and bool(rng.random() < 0.3)),
    )
