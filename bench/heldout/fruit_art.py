"""Fruit drawn from scratch, in several styles, onto a card face (float32 BGR, 0..1).

Every fruit is a polygon in its own unit frame (length 1 along its long axis, centred at
0), turned and scaled onto the card, then filled in the deck's style: flat colour,
outlined (a dark ink line), shaded (a dome of light, a highlight, a shadow on the paper),
photographic (shaded plus texture: pores, seeds, bloom) or watercolour (held back: pale
washes with darker rims and ragged edges). Parts that belong to a fruit (a strawberry's
calyx and seeds, a highlight, the outline and the shadow) are drawn as part of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

Image = np.ndarray
Colour = tuple[float, float, float]  # BGR, 0..1
FRUITS = ("banana", "plum", "strawberry", "lime")


@dataclass(frozen=True)
class Style:
    name: str
    outline: float = 0.0  # ink width as a fraction of the fruit's length
    shaded: bool = False
    highlight: bool = False
    drop_shadow: bool = False
    texture: bool = False
    watercolour: bool = False


STYLES: dict[str, Style] = {
    "flat": Style("flat"),
    "outlined": Style("outlined", outline=0.035, highlight=True),
    "shaded": Style("shaded", outline=0.012, shaded=True, highlight=True, drop_shadow=True),
    "photo": Style("photo", shaded=True, highlight=True, drop_shadow=True, texture=True),
    "watercolour": Style("watercolour", watercolour=True),
}


@dataclass(frozen=True)
class Palette:
    """One deck's fruit colours."""

    banana: Colour
    plum: Colour
    strawberry: Colour
    lime: Colour
    calyx: Colour
    seed: Colour
    stem: Colour
    ink: Colour
    berry_highlight: Colour  # white, or the orange-yellow of some printings

    def of(self, fruit: str) -> Colour:
        colour: Colour = getattr(self, fruit)
        return colour


def _hsv(h: float, s: float, v: float) -> Colour:
    """OpenCV-style hue (0..180), s and v 0..1 -> BGR 0..1."""
    px = np.array([[[h, s * 255, v * 255]]], np.float32)
    bgr = cv2.cvtColor(px.astype(np.uint8), cv2.COLOR_HSV2BGR)[0, 0] / 255.0
    return (float(bgr[0]), float(bgr[1]), float(bgr[2]))


def random_palette(rng: np.random.Generator) -> Palette:
    """Fruit hues as editions print them: limes green to yellow-green, strawberries red to
    orange-red, plums purple to blue, bananas lemon to golden."""
    return Palette(
        banana=_hsv(rng.uniform(22, 30), rng.uniform(0.75, 0.98), rng.uniform(0.88, 1.0)),
        plum=_hsv(rng.uniform(118, 158), rng.uniform(0.55, 0.85), rng.uniform(0.35, 0.7)),
        strawberry=_hsv(rng.uniform(-3, 8) % 180, rng.uniform(0.8, 0.98), rng.uniform(0.75, 0.95)),
        lime=_hsv(rng.uniform(36, 62), rng.uniform(0.6, 0.9), rng.uniform(0.55, 0.85)),
        calyx=_hsv(rng.uniform(48, 70), rng.uniform(0.6, 0.9), rng.uniform(0.4, 0.7)),
        seed=_hsv(rng.uniform(20, 30), rng.uniform(0.2, 0.7), rng.uniform(0.85, 1.0)),
        stem=_hsv(rng.uniform(10, 20), rng.uniform(0.5, 0.8), rng.uniform(0.25, 0.45)),
        ink=(0.08, 0.08, 0.1) if rng.random() < 0.7 else (0.1, 0.15, 0.3),
        berry_highlight=(1.0, 1.0, 1.0) if rng.random() < 0.5 else _hsv(22, 0.6, 1.0),
    )


# -- shapes in the unit frame ----------------------------------------------------------------
def _banana(rng: np.random.Generator) -> tuple[np.ndarray, list[np.ndarray]]:
    sweep = np.radians(rng.uniform(95, 135))
    r = 0.5 / np.sin(sweep / 2)
    t = np.linspace(0, 1, 40)
    a = (t - 0.5) * sweep
    centre = np.stack([r * np.sin(a), r * (1 - np.cos(a))], 1)
    centre[:, 1] -= centre[:, 1].mean()
    normal = np.stack([np.sin(a), -np.cos(a)], 1)
    width = rng.uniform(0.2, 0.27) * np.sin(np.pi * np.clip(t, 0.02, 0.98)) ** 0.6 + 0.02
    outer = centre + normal * (width * 0.62)[:, None]
    inner = centre - normal * (width * 0.38)[:, None]
    body = np.vstack([outer, inner[::-1]])
    stem = np.array([centre[0], centre[0] + (centre[0] - centre[3]) * 1.6])
    return body, [stem]


def _plum(rng: np.random.Generator) -> tuple[np.ndarray, list[np.ndarray]]:
    asp = rng.uniform(0.8, 0.98)
    a = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    wobble = 1 + 0.04 * np.sin(2 * a + rng.uniform(0, 6))
    body = np.stack([0.5 * asp * np.cos(a) * wobble, 0.5 * np.sin(a) * wobble], 1)
    body[:, 1] += 0.04 * (body[:, 1] < 0) * np.cos(a * 2) ** 2  # a dimple at the top
    stem = np.array([[0.0, -0.44], [0.06, -0.6], [0.1, -0.66]])
    return body, [stem]


def _strawberry(rng: np.random.Generator) -> tuple[np.ndarray, list[np.ndarray]]:
    y = np.linspace(0, 1, 30)
    rx = rng.uniform(0.36, 0.44)
    half = rx * (1 - y) ** rng.uniform(0.5, 0.75) * np.minimum(1, 3.5 * y + 0.05) ** 0.35
    left = np.stack([-half, y - 0.48], 1)
    right = np.stack([half, y - 0.48], 1)[::-1]
    return np.vstack([left, right]), []


def _lime(rng: np.random.Generator) -> tuple[np.ndarray, list[np.ndarray]]:
    asp = rng.uniform(0.66, 0.8)
    a = np.linspace(0, 2 * np.pi, 56, endpoint=False)
    x = 0.46 * np.cos(a)
    nub = 0.05 * np.exp(-((np.sin(a)) ** 2) / 0.01)  # little points at both ends
    x = x + np.sign(x) * nub
    return np.stack([x, 0.5 * asp * np.sin(a)], 1), []


SHAPES = {"banana": _banana, "plum": _plum, "strawberry": _strawberry, "lime": _lime}


# -- painting ----------------------------------------------------------------------------------
def _place(pts: np.ndarray, cx: float, cy: float, size: float, angle: float) -> np.ndarray:
    c, s = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    rot = np.array([[c, -s], [s, c]])
    out: np.ndarray = pts @ rot.T * size + np.array([cx, cy])
    return out


def _mask(shape: tuple[int, int], poly: np.ndarray) -> np.ndarray:
    m = np.zeros(shape, np.uint8)
    cv2.fillPoly(m, [np.round(poly * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
    return m.astype(np.float32) / 255.0


def _blend(img: Image, alpha: np.ndarray, colour: np.ndarray | Colour) -> None:
    a = alpha[..., None]
    img *= 1 - a
    img += a * np.asarray(colour, np.float32)


def _noise(shape: tuple[int, int], cells: int, rng: np.random.Generator) -> np.ndarray:
    small = rng.random((max(2, shape[0] // cells), max(2, shape[1] // cells))).astype(np.float32)
    return cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def _fill(img: Image, alpha: np.ndarray, colour: Colour, style: Style, size: float,
          angle: float, rng: np.random.Generator) -> None:
    """Fill a fruit's mask in the style: flat, dome-shaded, textured or washed."""
    col = np.asarray(colour, np.float32)
    if style.watercolour:
        rag = cv2.GaussianBlur(alpha, (0, 0), size * 0.02) + (_noise(alpha.shape, 6, rng) - 0.5)
        wash = np.clip((rag - 0.35) * 3, 0, 1) * alpha.max()
        rim = np.clip(wash - cv2.GaussianBlur(wash, (0, 0), size * 0.04), 0, 1) * 2.5
        pale = col * 0.55 + 0.45
        field = pale[None, None] * (1 - 0.5 * rim[..., None]) + col * 0.5 * rim[..., None]
        _blend_field(img, wash * rng.uniform(0.75, 0.95), field)
        return
    if not style.shaded:
        _blend(img, alpha, col)
        return
    inside = (alpha > 0.5).astype(np.uint8)
    dist = cv2.distanceTransform(inside, cv2.DIST_L2, 3)
    dome = np.sqrt(dist / max(float(dist.max()), 1.0))
    h, w = alpha.shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    light = np.radians(angle * 0 - 135)
    m = cv2.moments(inside)
    cx = m["m10"] / max(m["m00"], 1)
    cy = m["m01"] / max(m["m00"], 1)
    side = ((xs - cx) * np.cos(light) + (ys - cy) * np.sin(light)) / max(size * 0.5, 1)
    shade = 0.55 + 0.45 * dome + 0.18 * np.clip(side, -1, 1)
    if style.texture:
        shade *= 0.92 + 0.16 * _noise(alpha.shape, 3, rng)
    field = np.clip(col[None, None] * shade[..., None], 0, 1)
    _blend_field(img, alpha, field)


def _blend_field(img: Image, alpha: np.ndarray, field: np.ndarray) -> None:
    a = alpha[..., None]
    img *= 1 - a
    img += a * field


def _line(img: Image, pts: np.ndarray, colour: Colour, width: float, closed: bool) -> None:
    w = max(1, round(width))
    cv2.polylines(img, [np.round(pts * 4).astype(np.int32)], closed, colour, w, cv2.LINE_AA,
                  shift=2)


def draw_fruit(img: Image, fruit: str, cx: float, cy: float, size: float, angle: float,
               style: Style, pal: Palette, rng: np.random.Generator) -> None:
    """Paint one fruit of length `size` px centred at (cx, cy), turned by `angle` degrees."""
    reach = size * 0.8
    h, w = img.shape[:2]
    x0, y0 = max(0, int(cx - reach)), max(0, int(cy - reach))
    x1, y1 = min(w, int(cx + reach) + 1), min(h, int(cy + reach) + 1)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return
    _draw_fruit(img[y0:y1, x0:x1], fruit, cx - x0, cy - y0, size, angle, style, pal, rng)


def _draw_fruit(img: Image, fruit: str, cx: float, cy: float, size: float, angle: float,
                style: Style, pal: Palette, rng: np.random.Generator) -> None:
    body_u, stems_u = SHAPES[fruit](rng)
    body = _place(body_u, cx, cy, size, angle)
    hw = img.shape[:2]
    alpha = _mask(hw, body)
    if style.drop_shadow:
        off = size * 0.05
        moved = cv2.warpAffine(alpha, np.array([[1, 0, off], [0, 1, off]]), (hw[1], hw[0]))
        shadow = cv2.GaussianBlur(moved, (0, 0), size * 0.04) * 0.3
        img *= 1 - shadow[..., None]
    colour = pal.of(fruit)
    if fruit == "banana" and not style.watercolour:
        for stem in stems_u:
            _line(img, _place(stem, cx, cy, size, angle), pal.stem, size * 0.06, False)
    _fill(img, alpha, colour, style, size, angle, rng)
    if fruit == "banana":
        tip = _place(body_u[len(body_u) // 2 - 1: len(body_u) // 2 + 1].mean(0, keepdims=True),
                     cx, cy, size, angle)[0]
        cv2.circle(img, (round(tip[0]), round(tip[1])), max(1, round(size * 0.025)), pal.stem,
                   -1, cv2.LINE_AA)
        if style.outline or style.shaded:
            ridge = _place(body_u[3:37] * 0.96, cx, cy, size, angle)
            dark = tuple(c * 0.75 for c in colour)
            _line(img, ridge, dark, size * 0.012, False)  # type: ignore[arg-type]
    if fruit == "plum":
        for stem in stems_u:
            _line(img, _place(stem, cx, cy, size, angle), pal.stem, size * 0.04, False)
        if not style.watercolour:
            a = np.linspace(-1.2, 1.2, 20)
            seam = np.stack([0.12 * np.sin(a) - 0.05, 0.42 * np.sin(a * 1.05)], 1)
            dark = tuple(c * 0.7 for c in colour)
            _line(img, _place(seam, cx, cy, size, angle), dark, size * 0.015, False)  # type: ignore[arg-type]
    if fruit == "strawberry":
        _seeds(img, body, alpha, size, angle, pal, style, rng)
    if fruit == "lime" and style.texture:
        pores = (_noise(hw, 2, rng) > 0.72).astype(np.float32) * alpha * 0.12
        img *= 1 - pores[..., None]
    if style.highlight or style.shaded:
        _highlight(img, fruit, cx, cy, size, angle, pal, style, alpha)
    if fruit == "strawberry":
        _calyx(img, cx, cy, size, angle, pal, style, rng)
    if style.outline:
        _line(img, body, pal.ink, size * style.outline, True)


def _seeds(img: Image, body: np.ndarray, alpha: np.ndarray, size: float, angle: float,
           pal: Palette, style: Style, rng: np.random.Generator) -> None:
    r = max(1.0, size * 0.022)
    for gy in np.arange(-0.3, 0.42, 0.11):
        for gx in np.arange(-0.33, 0.34, 0.11):
            jx = gx + (0.055 if round(gy / 0.11) % 2 else 0) + rng.normal(0, 0.01)
            p = _place(np.array([[jx, gy + rng.normal(0, 0.01)]]), 0, 0, size, angle)[0]
            p += body.mean(0)
            x, y = round(p[0]), round(p[1])
            if 0 <= y < alpha.shape[0] and 0 <= x < alpha.shape[1] and alpha[y, x] > 0.9:
                ax = (max(1, round(r)), max(1, round(r * 1.5)))
                col = pal.seed if not style.watercolour else (0.6, 0.7, 0.9)
                cv2.ellipse(img, (x, y), ax, angle, 0, 360, col, -1, cv2.LINE_AA)


def _calyx(img: Image, cx: float, cy: float, size: float, angle: float, pal: Palette,
           style: Style, rng: np.random.Generator) -> None:
    n = int(rng.integers(5, 8))
    top = np.array([0.0, -0.46])
    leaves = []
    for k in range(n):
        a = np.radians(-160 + 140 * k / (n - 1)) if n > 1 else 0.0
        tip = top + np.array([np.cos(a), -np.sin(a) * 0.3 + 0.25]) * rng.uniform(0.2, 0.3)
        side = np.array([-np.sin(a), np.cos(a)]) * 0.05
        leaves.append(np.array([top + side, tip, top - side]))
    for leaf in leaves:
        poly = _place(leaf, cx, cy, size, angle)
        alpha = _mask(img.shape[:2], poly)
        _fill(img, alpha, pal.calyx, style, size * 0.3, angle, rng)
        if style.outline:
            _line(img, poly, pal.ink, size * style.outline * 0.6, True)
    stem = _place(np.array([[0.0, -0.46], [0.02, -0.6]]), cx, cy, size, angle)
    _line(img, stem, pal.calyx, size * 0.05, False)


def _highlight(img: Image, fruit: str, cx: float, cy: float, size: float, angle: float,
               pal: Palette, style: Style, alpha: np.ndarray) -> None:
    where = {"banana": (-0.1, -0.12, 0.18, 0.03), "plum": (-0.16, -0.18, 0.09, 0.14),
             "strawberry": (-0.16, -0.12, 0.06, 0.12), "lime": (-0.18, -0.12, 0.14, 0.06)}
    hx, hy, ax, ay = where[fruit]
    p = _place(np.array([[hx, hy]]), cx, cy, size, angle)[0]
    spot: np.ndarray = np.zeros(alpha.shape, np.float32)
    cv2.ellipse(spot, (round(p[0]), round(p[1])), (max(1, round(ax * size)),
                max(1, round(ay * size))), angle - 30, 0, 360, 1.0, -1, cv2.LINE_AA)
    if style.shaded:
        spot = cv2.GaussianBlur(spot, (0, 0), size * 0.03)
    spot *= alpha * (0.75 if fruit != "banana" else 0.5)
    colour = pal.berry_highlight if fruit == "strawberry" else (1.0, 1.0, 1.0)
    _blend(img, spot, colour)
