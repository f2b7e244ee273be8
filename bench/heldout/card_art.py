"""Card faces, animals and backs drawn from scratch, decks of them, and the real scans.

A `Deck` is one printing: an art style, a palette, a paper colour, a layout (classic pips of
one fruit, or Extreme-style mixed cards of 1 to 3 kinds), an optional frame line, a back
design and its own elephant, monkey and pig. Faces are FACE_W x FACE_H float32 BGR images,
cached per deck. The real scans (`../shared/data/halli-cards/`) are read at run time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

import cv2
import numpy as np

from bench.heldout.fruit_art import FRUITS, STYLES, Palette, Style, draw_fruit, random_palette

Image = np.ndarray
FACE_W, FACE_H = 300, 450
_NEXT_TO_REPO = Path(__file__).resolve().parents[3] / "shared" / "data" / "halli-cards"
SCANS = _NEXT_TO_REPO if _NEXT_TO_REPO.is_dir() else Path("/work/shared/data/halli-cards")
ANIMALS = ("elephant", "monkey", "pig")
LETTER = {"banana": "B", "plum": "P", "strawberry": "S", "lime": "L"}

# dice pips in card coordinates (0..1), for n fruits
PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.3, 0.27), (0.7, 0.73)],
    3: [(0.27, 0.22), (0.5, 0.5), (0.73, 0.78)],
    4: [(0.28, 0.24), (0.72, 0.24), (0.28, 0.76), (0.72, 0.76)],
    5: [(0.27, 0.2), (0.73, 0.2), (0.5, 0.5), (0.27, 0.8), (0.73, 0.8)],
}
PIPS_ALT: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.27), (0.5, 0.73)],
    3: [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
    4: [(0.3, 0.3), (0.7, 0.3), (0.5, 0.55), (0.5, 0.82)],
}


def c3(values: object) -> tuple[float, float, float]:
    """Three numbers as a BGR colour tuple."""
    a = np.asarray(values, np.float64).reshape(3)
    return (float(a[0]), float(a[1]), float(a[2]))


def code_of(counts: dict[str, int]) -> str:
    return "".join(LETTER[f] * counts.get(f, 0) for f in FRUITS)


def counts_of(code: str) -> dict[str, int]:
    return {f: code.count(LETTER[f]) for f in FRUITS}


@dataclass
class Deck:
    """One printing of the game."""

    name: str
    style: Style
    palette: Palette
    paper: tuple[float, float, float]
    layout: str  # "classic", "extreme" or "scan"
    seed: int
    frame: tuple[float, float, float] | None = None
    back: str = "stripes"
    back_colours: tuple[tuple[float, float, float], ...] = ((0.2, 0.2, 0.7), (0.9, 0.9, 0.9))
    aspect: float = 1.5
    scatter: bool = False
    codes: list[str] = field(default_factory=list)  # the fruit cards of the deck

    @property
    def has_animals(self) -> bool:
        return self.layout != "scan"


def _classic_codes() -> list[str]:
    # classic Halli Galli: for every fruit 5x one, 3x two, 3x three, 2x four, 1x five
    per = {1: 5, 2: 3, 3: 3, 4: 2, 5: 1}
    return [LETTER[f] * n for f in FRUITS for n, k in per.items() for _ in range(k)]


def _extreme_codes(rng: np.random.Generator) -> list[str]:
    codes: list[str] = []
    while len(codes) < 64:
        kinds = rng.choice(4, size=int(rng.integers(1, 4)), replace=False)
        counts = {FRUITS[k]: int(rng.integers(1, 4)) for k in kinds}
        if sum(counts.values()) <= 5:
            codes.append(code_of(counts))
    return codes


def make_deck(name: str, style: str, layout: str, seed: int) -> Deck:
    rng = np.random.default_rng(seed)
    paper_kind = rng.random()
    paper = ((0.97, 0.97, 0.97) if paper_kind < 0.5 else (0.86, 0.93, 0.97)
             if paper_kind < 0.8 else (0.92, 0.95, 0.95))
    frame = None
    if rng.random() < 0.35:
        frame = c3(rng.uniform(0.1, 0.8, 3))
    backs = ("stripes", "checker", "fruit", "dots", "logo")
    deck = Deck(name, STYLES[style], random_palette(rng), paper, layout, seed, frame,
                backs[int(rng.integers(len(backs)))],
                (c3(rng.uniform(0.05, 0.9, 3)), c3(rng.uniform(0.05, 0.9, 3))),
                float(rng.uniform(1.4, 1.56)), bool(rng.random() < 0.3))
    deck.codes = _classic_codes() if layout == "classic" else _extreme_codes(rng)
    return deck


def scan_deck() -> Deck:
    d = make_deck("scans", "outlined", "scan", 7)
    d.codes = [code_of(c) for c in scan_labels().values()]
    d.aspect = 1.5
    return d


@cache
def scan_labels() -> dict[str, dict[str, int]]:
    path = SCANS / "labels.json"
    if not path.exists():
        raise SystemExit(f"{path}: the real scans are missing (../shared/data/halli-cards)")
    data: dict[str, dict[str, int]] = json.loads(path.read_text())
    return data


@cache
def _scan_image(number: str) -> Image:
    img = cv2.imread(str(SCANS / f"{number}.jpg"), cv2.IMREAD_COLOR)
    if img is None:
        raise SystemExit(f"{SCANS / number}.jpg: not readable")
    out: Image = cv2.resize(img, (FACE_W, FACE_H), interpolation=cv2.INTER_CUBIC)
    return out.astype(np.float32) / 255.0


def scan_for(code: str, variant: int) -> Image:
    """A real scan showing `code` (there may be two: 13 and 26)."""
    numbers = [n for n, c in scan_labels().items() if code_of(c) == code]
    return _scan_image(numbers[variant % len(numbers)])


# -- faces --------------------------------------------------------------------------------
def _paper(deck: Deck, rng: np.random.Generator) -> Image:
    img = np.empty((FACE_H, FACE_W, 3), np.float32)
    img[:] = deck.paper
    if deck.style.texture or deck.style.watercolour:
        grain = rng.normal(0, 0.015, (FACE_H // 3, FACE_W // 3)).astype(np.float32)
        img += cv2.resize(grain, (FACE_W, FACE_H))[..., None]
    if deck.frame is not None:
        cv2.rectangle(img, (14, 14), (FACE_W - 15, FACE_H - 15), deck.frame, 4, cv2.LINE_AA)
    return img


def fruit_face(deck: Deck, code: str, variant: int = 0) -> Image:
    return _fruit_face(deck.name, code, variant).astype(np.float32) / 255


_DECKS: dict[str, Deck] = {}


def register(deck: Deck) -> Deck:
    _DECKS[deck.name] = deck
    return deck


def _u8(img: Image) -> Image:
    out: Image = (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
    return out


@lru_cache(maxsize=1500)
def _fruit_face(name: str, code: str, variant: int) -> Image:
    deck = _DECKS[name]
    if deck.layout == "scan":
        return _u8(scan_for(code, variant))
    rng = np.random.default_rng([deck.seed, variant, *map(ord, code)])
    img = _paper(deck, rng)
    fruits = [f for f in FRUITS for _ in range(counts_of(code)[f])]
    if deck.layout == "extreme" or rng.random() < 0.5:
        rng.shuffle(fruits)
    n = len(fruits)
    size = FACE_W * (0.5 if n == 1 else 0.42 if n <= 3 else 0.36)
    if deck.scatter and n > 1:
        spots = _scatter(n, size / FACE_W, rng)
    else:
        table = PIPS_ALT if (n in PIPS_ALT and deck.seed % 3 == 0) else PIPS
        spots = table[min(n, 5)] if n <= 5 else _scatter(n, size / FACE_W, rng)
    base_angle = rng.uniform(-40, 40)
    for fruit, (x, y) in zip(fruits, spots, strict=True):
        angle = base_angle + rng.normal(0, 15) + (90 if fruit == "banana" else 0) * 0
        draw_fruit(img, fruit, x * FACE_W, y * FACE_H, size, angle, deck.style, deck.palette,
                   rng)
    return _u8(img)


def _scatter(n: int, size: float, rng: np.random.Generator) -> list[tuple[float, float]]:
    for _ in range(200):
        pts = [(float(rng.uniform(0.25, 0.75)), float(rng.uniform(0.18, 0.82))) for _ in range(n)]
        if all((a[0] - b[0]) ** 2 + ((a[1] - b[1]) * 1.5) ** 2 > (size * 0.95) ** 2
               for i, a in enumerate(pts) for b in pts[i + 1:]):
            return pts
    return PIPS[min(n, 5)]


# -- animals ------------------------------------------------------------------------------
def animal_face(deck: Deck, animal: str, variant: int = 0) -> Image:
    return _animal_face(deck.name, animal, variant).astype(np.float32) / 255


@cache
def _animal_face(name: str, animal: str, variant: int) -> Image:
    deck = _DECKS[name]
    rng = np.random.default_rng([deck.seed, 99, variant, *map(ord, animal)])
    img = _paper(deck, rng)
    bg_top = np.array(rng.uniform(0.3, 1.0, 3), np.float32)
    bg_bottom = np.array(rng.uniform(0.2, 0.9, 3), np.float32)
    border = 18 if rng.random() < 0.5 else 0
    t = np.linspace(0, 1, FACE_H - 2 * border, dtype=np.float32)[:, None, None]
    img[border:FACE_H - border, border:FACE_W - border] = bg_top * (1 - t) + bg_bottom * t
    {"elephant": _elephant, "monkey": _monkey, "pig": _pig}[animal](img, deck.style, rng)
    if deck.style.outline:
        cv2.rectangle(img, (border, border), (FACE_W - 1 - border, FACE_H - 1 - border),
                      deck.palette.ink, 3)
    return _u8(img)


def _ell(img: Image, c: tuple[float, float], ax: tuple[float, float], ang: float,
         col: tuple[float, float, float], style: Style, ink: bool = True) -> None:
    cc = (round(c[0]), round(c[1]))
    axes = (max(1, round(ax[0])), max(1, round(ax[1])))
    cv2.ellipse(img, cc, axes, ang, 0, 360, col, -1, cv2.LINE_AA)
    if style.shaded:
        hl = tuple(min(1.0, x * 1.25 + 0.05) for x in col)
        inner = (round(c[0] - ax[0] * 0.25), round(c[1] - ax[1] * 0.25))
        cv2.ellipse(img, inner, (max(1, axes[0] // 2), max(1, axes[1] // 2)), ang, 0, 360,
                    hl, -1, cv2.LINE_AA)
    if ink and (style.outline or style.shaded):
        cv2.ellipse(img, cc, axes, ang, 0, 360, (0.08, 0.08, 0.1), 2 + int(style.outline > 0),
                    cv2.LINE_AA)


def _legs(img: Image, cx: float, cy: float, top: int, offsets: tuple[int, ...], width: int,
          colour: tuple[float, float, float]) -> None:
    """Four legs standing on the line cy + 150."""
    for dx in offsets:
        cv2.rectangle(img, (round(cx + dx), round(cy + top)), (round(cx + dx + width),
                      round(cy + 150)), colour, -1)


def _elephant(img: Image, style: Style, rng: np.random.Generator) -> None:
    grey = c3(rng.uniform(0.45, 0.7) * np.array([1.05, 1.0, 0.95]))
    cx, cy = 150 + rng.uniform(-15, 15), 240 + rng.uniform(-20, 20)
    _ell(img, (cx + 20, cy + 50), (105, 70), 0, grey, style)  # body
    _legs(img, cx, cy, 90, (-50, -10, 40, 80), 26, grey)
    _ell(img, (cx - 60, cy - 20), (62, 58), 0, grey, style)  # head
    _ell(img, (cx - 20, cy - 25), (42, 55), 10, c3(np.array(grey) * 0.85), style)
    trunk = np.array([[cx - 95, cy - 5], [cx - 110, cy + 50], [cx - 100, cy + 95],
                      [cx - 120, cy + 110]], np.int32)
    cv2.polylines(img, [trunk], False, grey, 22, cv2.LINE_AA)
    cv2.line(img, (round(cx - 85), round(cy + 15)), (round(cx - 60), round(cy + 45)),
             (0.95, 0.97, 0.97), 8, cv2.LINE_AA)  # tusk
    cv2.circle(img, (round(cx - 75), round(cy - 40)), 6, (0.05, 0.05, 0.05), -1, cv2.LINE_AA)


def _monkey(img: Image, style: Style, rng: np.random.Generator) -> None:
    brown = c3(np.array([0.12, 0.3, 0.5]) * rng.uniform(0.7, 1.2))
    face = (0.6, 0.78, 0.92)
    cx, cy = 150 + rng.uniform(-15, 15), 230 + rng.uniform(-20, 20)
    cv2.ellipse(img, (round(cx + 60), round(cy + 110)), (70, 90), 0, 180, 330, brown, 10,
                cv2.LINE_AA)  # tail
    _ell(img, (cx, cy + 95), (60, 80), 0, brown, style)  # body
    _ell(img, (cx - 75, cy - 40), (26, 26), 0, brown, style)  # ears
    _ell(img, (cx + 75, cy - 40), (26, 26), 0, brown, style)
    _ell(img, (cx, cy - 40), (70, 66), 0, brown, style)  # head
    _ell(img, (cx, cy - 25), (48, 44), 0, face, style, ink=False)
    for dx in (-20, 20):
        cv2.circle(img, (round(cx + dx), round(cy - 45)), 8, (0.05, 0.05, 0.05), -1, cv2.LINE_AA)
    cv2.ellipse(img, (round(cx), round(cy - 10)), (22, 10), 0, 0, 180, (0.1, 0.1, 0.3), 3,
                cv2.LINE_AA)


def _pig(img: Image, style: Style, rng: np.random.Generator) -> None:
    pink = c3(np.array([0.72, 0.6, 0.96]) * rng.uniform(0.85, 1.02))
    dark = c3(np.array(pink) * 0.8)
    cx, cy = 150 + rng.uniform(-15, 15), 240 + rng.uniform(-20, 20)
    _ell(img, (cx + 15, cy + 60), (105, 75), 0, pink, style)  # body
    _legs(img, cx, cy, 110, (-55, -20, 35, 70), 20, pink)
    _ell(img, (cx - 55, cy - 10), (58, 52), 0, pink, style)  # head
    for dx in (-90, -30):
        tri = np.array([[cx + dx, cy - 45], [cx + dx + 30, cy - 50], [cx + dx + 10, cy - 85]],
                       np.int32)
        cv2.fillPoly(img, [tri], dark, cv2.LINE_AA)
    _ell(img, (cx - 75, cy + 10), (24, 17), 0, dark, style)
    for dx in (-83, -67):
        cv2.circle(img, (round(cx + dx), round(cy + 10)), 4, (0.2, 0.2, 0.4), -1, cv2.LINE_AA)
    cv2.circle(img, (round(cx - 60), round(cy - 25)), 5, (0.05, 0.05, 0.05), -1, cv2.LINE_AA)
    cv2.ellipse(img, (round(cx + 125), round(cy + 40)), (12, 12), 0, 0, 300, dark, 4,
                cv2.LINE_AA)


# -- backs --------------------------------------------------------------------------------
def back_face(deck: Deck) -> Image:
    return _back_face(deck.name).astype(np.float32) / 255


@cache
def _back_face(name: str) -> Image:
    deck = _DECKS[name]
    rng = np.random.default_rng([deck.seed, 7])
    a, b = (np.array(c, np.float32) for c in deck.back_colours)
    img = np.empty((FACE_H, FACE_W, 3), np.float32)
    img[:] = a
    ys, xs = np.mgrid[0:FACE_H, 0:FACE_W]
    if deck.back == "stripes":
        img[((xs + ys) // 18) % 2 == 0] = b
    elif deck.back == "checker":
        img[((xs // 30) + (ys // 30)) % 2 == 0] = b
    elif deck.back == "dots":
        img[((xs % 40 - 20) ** 2 + (ys % 40 - 20) ** 2) < 100] = b
    elif deck.back == "logo":
        cv2.ellipse(img, (150, 225), (110, 70), -20, 0, 360, tuple(float(x) for x in b), -1,
                    cv2.LINE_AA)
        text = np.zeros((FACE_H, FACE_W), np.uint8)
        cv2.putText(text, "HG", (95, 250), cv2.FONT_HERSHEY_DUPLEX, 2.2, 255, 5, cv2.LINE_AA)
        ink = (text.astype(np.float32) / 255)[..., None]
        img[:] = img * (1 - ink) + a * ink
    else:  # small fruits all over
        for i, (y, x) in enumerate([(y, x) for y in range(30, FACE_H, 62)
                                    for x in range(30, FACE_W, 62)]):
            draw_fruit(img, FRUITS[(i + y // 62) % 4], x + (y // 62 % 2) * 20, y, 44,
                       float(rng.uniform(0, 360)), deck.style, deck.palette, rng)
    if rng.random() < 0.6:
        cv2.rectangle(img, (0, 0), (FACE_W - 1, FACE_H - 1), (0.95, 0.95, 0.95), 12)
    return _u8(img)


def face_of(deck: Deck, code: str, variant: int = 0) -> Image:
    """The face of card `code` (a fruit code or an animal) in this deck."""
    if code in ANIMALS:
        return animal_face(deck, code, variant)
    return fruit_face(deck, code, variant)


# -- the decks of the family ----------------------------------------------------------------
TUNING_STYLES = ("flat", "outlined", "shaded", "photo")
HELD_STYLES = ("watercolour",)


@cache
def decks(style: str) -> tuple[Deck, ...]:
    """The decks of one art style ("scan" is the real scans): a classic and two Extreme."""
    if style == "scan":
        return (register(scan_deck()),)
    base = 100 * (TUNING_STYLES + HELD_STYLES).index(style)
    return tuple(register(make_deck(f"{style}-{layout}-{i}", style, layout, base + i))
                 for i, layout in enumerate(("classic", "extreme", "extreme")))
