"""Table surfaces drawn from scratch at a given scale (pixels per millimetre).

Plain cloths of any colour (light ones included: white, cream, beige, pink, pale grey),
dark and saturated cloths, gingham, tartan, floral, dots, stripes, fruit prints, wood of
many tones, felt, placemats; held back: marble and batik. Every surface has a weave or
grain and low-frequency unevenness (folds, wear), in physical units so that a six-seat
table from far away and a close-up see the same cloth.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from bench.heldout.fruit_art import FRUITS, STYLES, draw_fruit, random_palette

Image = np.ndarray
Rng = np.random.Generator

LIGHT_CLOTHS = {
    "white": (0.96, 0.96, 0.96), "cream": (0.82, 0.93, 0.97), "beige": (0.7, 0.82, 0.88),
    "pink": (0.82, 0.78, 0.96), "pale-grey": (0.82, 0.82, 0.8), "ivory": (0.9, 0.96, 0.98),
}
DARK_CLOTHS = {
    "black": (0.08, 0.08, 0.08), "navy": (0.3, 0.12, 0.08), "dark-green": (0.15, 0.3, 0.1),
    "charcoal": (0.22, 0.22, 0.24), "brown": (0.12, 0.2, 0.3),
}
SATURATED_CLOTHS = {
    "red": (0.15, 0.12, 0.8), "orange": (0.1, 0.45, 0.95), "yellow": (0.15, 0.85, 0.95),
    "green": (0.2, 0.65, 0.15), "blue": (0.8, 0.4, 0.1), "purple": (0.6, 0.15, 0.45),
    "teal": (0.6, 0.55, 0.05),
}


def _noise(h: int, w: int, cell_px: float, rng: Rng) -> np.ndarray:
    gh, gw = max(2, int(h / max(cell_px, 1)) + 2), max(2, int(w / max(cell_px, 1)) + 2)
    small = rng.random((gh, gw)).astype(np.float32)
    return np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC))


def _weave(h: int, w: int, ppm: float, rng: Rng, amp: float = 0.04) -> np.ndarray:
    """Fine threads plus folds: a multiplier around 1."""
    ys, xs = _grid(h, w)
    pitch = rng.uniform(0.6, 1.4) * ppm
    threads = np.sin(xs * 2 * np.pi / max(pitch, 2.1)) * np.sin(ys * 2 * np.pi / max(pitch, 2.1))
    folds = _noise(h, w, 60 * ppm, rng) - 0.5
    out: np.ndarray = 1 + amp * threads + 0.12 * folds
    return out


def _f32(x: object) -> Image:
    return np.asarray(x, np.float32)


def _grid(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Row and column coordinates that broadcast (h x 1 and 1 x w)."""
    return (np.arange(h, dtype=np.float32)[:, None], np.arange(w, dtype=np.float32)[None, :])


def _fill(h: int, w: int, colour: tuple[float, float, float]) -> Image:
    img = np.empty((h, w, 3), np.float32)
    img[:] = colour
    return img


def _jitter(colour: tuple[float, float, float], rng: Rng, amount: float = 0.05
            ) -> tuple[float, float, float]:
    c = np.clip(np.array(colour) + rng.normal(0, amount, 3), 0, 1)
    return (float(c[0]), float(c[1]), float(c[2]))


def _rand_colour(rng: Rng, lo: float = 0.1, hi: float = 0.95) -> tuple[float, float, float]:
    c = rng.uniform(lo, hi, 3)
    return (float(c[0]), float(c[1]), float(c[2]))


def plain(palette: dict[str, tuple[float, float, float]]) -> Callable[[int, int, float, Rng],
                                                                       Image]:
    def make(h: int, w: int, ppm: float, rng: Rng) -> Image:
        name = list(palette)[int(rng.integers(len(palette)))]
        img = _fill(h, w, _jitter(palette[name], rng, 0.03))
        return _f32(img * _weave(h, w, ppm, rng)[..., None])
    return make


def gingham(h: int, w: int, ppm: float, rng: Rng) -> Image:
    a = _rand_colour(rng, 0.05, 0.8)
    light = np.array((0.95, 0.95, 0.95), np.float32)
    check = rng.uniform(6, 25) * ppm
    ys, xs = _grid(h, w)
    bx = ((xs // check) % 2).astype(np.float32)
    by = ((ys // check) % 2).astype(np.float32)
    dark = (bx + by)[..., None] / 2  # 0 white, 0.5 mid, 1 full colour
    img = light * (1 - dark) + np.asarray(a, np.float32) * dark
    return _f32(img * _weave(h, w, ppm, rng)[..., None])


def tartan(h: int, w: int, ppm: float, rng: Rng) -> Image:
    base = np.asarray(_rand_colour(rng, 0.05, 0.6), np.float32)
    period = rng.uniform(40, 90) * ppm
    bands = [(rng.uniform(0, 1), rng.uniform(0.04, 0.25), np.asarray(_rand_colour(rng), np.float32))
             for _ in range(int(rng.integers(3, 6)))]
    lines = []
    for n in (w, h):
        line = np.tile(base, (n, 1))
        phase = (np.arange(n, dtype=np.float32) % period) / period
        for start, width, colour in bands:
            line[((phase - start) % 1) < width] = colour
        lines.append(line)
    img = (lines[0][None, :, :] + lines[1][:, None, :]) / 2
    return _f32(img * _weave(h, w, ppm, rng, 0.08)[..., None])


def floral(h: int, w: int, ppm: float, rng: Rng) -> Image:
    img = _fill(h, w, _rand_colour(rng, 0.3, 0.98))
    n = int(h * w / (ppm * ppm * rng.uniform(900, 2500)))
    petal = _rand_colour(rng)
    centre = _rand_colour(rng)
    leaf = (0.2, float(rng.uniform(0.4, 0.7)), 0.2)
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(3, 9) * ppm
        for k in range(5):
            a = 2 * np.pi * k / 5 + rng.uniform(0, 1)
            cv2.circle(img, (int(x + r * np.cos(a)), int(y + r * np.sin(a))), int(r * 0.7),
                       petal, -1, cv2.LINE_AA)
        cv2.circle(img, (int(x), int(y)), int(r * 0.45), centre, -1, cv2.LINE_AA)
        lx, ly = x + r * 1.8, y + r * 0.8
        cv2.ellipse(img, (int(lx), int(ly)), (int(r), max(1, int(r * 0.4))),
                    float(rng.uniform(0, 180)), 0, 360, leaf, -1, cv2.LINE_AA)
    return _f32(img * _weave(h, w, ppm, rng)[..., None])


def dots(h: int, w: int, ppm: float, rng: Rng) -> Image:
    img = _fill(h, w, _rand_colour(rng))
    dot = _rand_colour(rng)
    pitch = rng.uniform(8, 30) * ppm
    r = pitch * rng.uniform(0.15, 0.35)
    ys, xs = _grid(h, w)
    row = ys // pitch
    dx = (xs + (row % 2) * pitch / 2) % pitch - pitch / 2
    dy = ys % pitch - pitch / 2
    img[dx * dx + dy * dy < r * r] = dot
    return _f32(img * _weave(h, w, ppm, rng)[..., None])


def stripes(h: int, w: int, ppm: float, rng: Rng) -> Image:
    cols = [np.asarray(_rand_colour(rng), np.float32) for _ in range(int(rng.integers(2, 4)))]
    width = rng.uniform(5, 30) * ppm
    ang = rng.uniform(0, np.pi)
    ys, xs = _grid(h, w)
    band = ((xs * np.cos(ang) + ys * np.sin(ang)) // width).astype(np.int64) % len(cols)
    img = np.stack(cols)[band]
    return _f32(img * _weave(h, w, ppm, rng)[..., None])


def fruit_print(h: int, w: int, ppm: float, rng: Rng) -> Image:
    """A cloth printed with fruit: the nastiest confuser for a fruit counter."""
    img = _fill(h, w, _rand_colour(rng, 0.4, 0.98))
    pal = random_palette(rng)
    style = STYLES[("flat", "outlined", "shaded")[int(rng.integers(3))]]
    size = rng.uniform(12, 30) * ppm
    pitch = size * rng.uniform(1.6, 2.6)
    for i, y in enumerate(np.arange(pitch / 2, h + pitch, pitch)):
        for j, x in enumerate(np.arange((i % 2) * pitch / 2, w + pitch, pitch)):
            draw_fruit(img, FRUITS[(i + j) % 4], float(x), float(y), float(size),
                       float(rng.uniform(0, 360)), style, pal, rng)
    return _f32(img * _weave(h, w, ppm, rng)[..., None])


def wood(h: int, w: int, ppm: float, rng: Rng) -> Image:
    tone = rng.uniform(0.25, 1.0)
    base = np.array([0.35, 0.55, 0.75], np.float32) * tone + (1 - tone) * np.array(
        [0.08, 0.12, 0.18], np.float32)
    if rng.random() < 0.2:
        base = np.array([0.7, 0.78, 0.82], np.float32)  # white-washed or birch
    _, xs = _grid(h, w)
    plank = rng.uniform(80, 200) * ppm
    # grain runs along the planks: lines across x, wandering slowly along y
    along = cv2.resize(rng.random((max(2, int(h / (60 * ppm)) + 2), max(2, int(w / (8 * ppm))
                                                                           + 2))).astype(
        np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    warp = (along - 0.5) * 6 * ppm
    grain = np.sin((xs + warp) / (rng.uniform(1.0, 2.5) * ppm)) * 0.5 + 0.5
    fine = _noise(h, w, 2 * ppm, rng)
    pl = (xs // plank).astype(np.int64)
    offsets = rng.uniform(0.85, 1.12, int(w / plank) + 2).astype(np.float32)
    shade = (0.85 + 0.15 * grain) * (0.92 + 0.08 * fine) * offsets[pl]
    seams = ((xs % plank) < max(1.0, 0.6 * ppm)).astype(np.float32)
    shade *= 1 - 0.5 * seams
    return _f32(base[None, None] * shade[..., None])


def felt(h: int, w: int, ppm: float, rng: Rng) -> Image:
    img = _fill(h, w, _rand_colour(rng, 0.05, 0.8))
    fuzz = rng.normal(0, 0.035, (h, w)).astype(np.float32)
    fuzz = np.asarray(cv2.GaussianBlur(fuzz, (0, 0), max(0.5, 0.3 * ppm)))
    return img * (1 + 3 * fuzz[..., None] + 0.06 * (_noise(h, w, 50 * ppm, rng)[..., None] - 0.5))


def placemat_texture(h: int, w: int, ppm: float, rng: Rng) -> Image:
    """A woven (rattan, bamboo or fabric) mat."""
    colour = np.asarray(_rand_colour(rng, 0.2, 0.9) if rng.random() < 0.5 else
                        (0.45, 0.65, 0.78), np.float32)
    ys, xs = _grid(h, w)
    pitch = rng.uniform(2.5, 7) * ppm
    u = (xs // pitch + ys // pitch) % 2
    sx = np.abs(np.sin(np.pi * xs / pitch))
    sy = np.abs(np.sin(np.pi * ys / pitch))
    weave = np.where(u == 0, sx, sy) * 0.35 + 0.65
    return colour[None, None] * weave[..., None]


def marble(h: int, w: int, ppm: float, rng: Rng) -> Image:
    base = np.asarray(_jitter((0.9, 0.9, 0.88), rng, 0.04), np.float32)
    turb = np.zeros((h, w), np.float32)
    for i, s in enumerate((80, 30, 10, 4)):
        turb += _noise(h, w, s * ppm, rng) / (i + 1)
    ys, xs = _grid(h, w)
    veins = np.abs(np.sin((xs * 0.7 + ys * 0.3) / (25 * ppm) + 6 * turb))
    dark = np.clip(1 - veins * 6, 0, 1) * 0.45
    return _f32(base[None, None] * (1 - dark[..., None]) * (0.95 + 0.05 * turb[..., None] / 2))


def batik(h: int, w: int, ppm: float, rng: Rng) -> Image:
    cols = [np.asarray(_rand_colour(rng, 0.05, 0.95), np.float32) for _ in range(4)]
    field = _noise(h, w, 60 * ppm, rng) + _noise(h, w, 20 * ppm, rng)
    bands = ((field * 6).astype(np.int64)) % 4
    img = np.stack(cols)[bands]
    crackle = (_noise(h, w, 3 * ppm, rng) > 0.8).astype(np.float32) * 0.25
    return _f32(img * (1 - crackle[..., None]))


SURFACES: dict[str, Callable[[int, int, float, Rng], Image]] = {
    "plain-light": plain(LIGHT_CLOTHS),
    "plain-dark": plain(DARK_CLOTHS),
    "plain-saturated": plain(SATURATED_CLOTHS),
    "gingham": gingham,
    "tartan": tartan,
    "floral": floral,
    "dots": dots,
    "stripes": stripes,
    "fruit-print": fruit_print,
    "wood": wood,
    "felt": felt,
    "placemats": wood,  # wood or cloth under woven mats, drawn per seat by the scene
    "marble": marble,
    "batik": batik,
}
HELD_SURFACES = ("marble", "batik")
TUNING_SURFACES = tuple(s for s in SURFACES if s not in HELD_SURFACES)


def make_surface(kind: str, h: int, w: int, ppm: float, rng: Rng) -> Image:
    if kind == "placemats" and rng.random() < 0.5:
        img = plain(LIGHT_CLOTHS | DARK_CLOTHS)(h, w, ppm, rng)
    else:
        img = SURFACES[kind](h, w, ppm, rng)
    return _f32(np.clip(img, 0, 1).astype(np.float32))
