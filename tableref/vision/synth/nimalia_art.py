"""The project's own Nimalia card art: drawn terrains, a simple symbol per animal, rivers.

`game_cards()` are the game's 60 cards; `synthetic_cards(seed)` makes a 60-card set of
random legal spaces (every kind of space appears); `draw_card(card, seed)` draws one card
face, 2x2 spaces of `space_px`.
The art is deliberately simple but shares what the vision relies on: a terrain colour
at the border of each space, an animal in its centre at any angle, a river from corner
to corner on otter spaces.
"""

from __future__ import annotations

import cv2
import numpy as np

from tableref.games.nimalia.model import Space
from tableref.vision.nimalia.cards import OTTER_TERRAINS, RESIDENTS, TERRAINS, Card, space

# BGR colours
TERRAIN_BGR = {
    "savanna": (60, 165, 240),
    "rain_forest": (60, 115, 30),
    "ice_floe": (250, 250, 248),
    "lake": (235, 190, 70),
}
RIVER_BGR = (240, 200, 75)


def game_cards() -> dict[int, Card]:
    """The game's 60 cards (their spaces, tableref.games.nimalia.cards), to be drawn in the
    project's art: reserves of them follow the placement rules card for card, so a round
    photographed after another can be checked (tableref.games.nimalia.check)."""
    from tableref.games.nimalia.cards import all_cards

    return {c.id: c.face for c in all_cards()}


def synthetic_cards(seed: int = 0, count: int = 60) -> dict[int, Card]:
    """A card set with random legal spaces; every kind of space appears."""
    rng = np.random.default_rng(seed)
    kinds: list[Space] = []
    for terrain in TERRAINS:
        kinds += [space(terrain, a) for a in RESIDENTS[terrain]]
    for terrain in OTTER_TERRAINS:
        kinds += [space(terrain, "otter", r) for r in ("/", "\\")]
    pool = list(kinds)
    weights = np.array([1.0 if k.animal != "otter" else 0.25 for k in kinds])
    extra = rng.choice(len(kinds), size=max(0, count * 4 - len(pool)), p=weights / weights.sum())
    pool += [kinds[int(i)] for i in extra]
    order = rng.permutation(len(pool))
    spaces = [pool[i] for i in order]
    cards: dict[int, Card] = {}
    for i in range(count):
        s = spaces[4 * i : 4 * i + 4]
        cards[i + 1] = ((s[0], s[1]), (s[2], s[3]))
    return cards


def _terrain(kind: str, size: int, rng: np.random.Generator) -> np.ndarray:
    img = np.empty((size, size, 3), np.float32)
    img[:] = TERRAIN_BGR[kind]
    if kind == "rain_forest":
        small = rng.normal(0, 14, (size // 6 + 1, size // 6 + 1, 1)).astype(np.float32)
        img += cv2.resize(small, (size, size), interpolation=cv2.INTER_LINEAR)[..., None]
    elif kind == "lake":
        for _ in range(3):
            c = (int(rng.integers(size)), int(rng.integers(size)))
            cv2.circle(img, c, int(rng.integers(size // 10, size // 5)), (225, 175, 60), 2)
    elif kind == "savanna":
        for _ in range(4):
            y = int(rng.integers(size))
            cv2.line(img, (0, y), (size, y + int(rng.integers(-9, 9))), (50, 150, 228), 2)
    else:
        for _ in range(3):
            y = int(rng.integers(size))
            cv2.line(img, (0, y), (size, y - size // 3), (238, 232, 225), 2)
    return img


def _river(img: np.ndarray, river: str) -> None:
    size = img.shape[0]
    width = max(3, size * 18 // 100)
    if river == "/":
        cv2.line(img, (0, size - 1), (size - 1, 0), RIVER_BGR, width, cv2.LINE_AA)
    else:
        cv2.line(img, (0, 0), (size - 1, size - 1), RIVER_BGR, width, cv2.LINE_AA)


def _ellipse(
    img: np.ndarray, c: tuple[int, int], ax: tuple[int, int], ang: float, col: tuple[int, int, int]
) -> None:
    cv2.ellipse(img, c, ax, ang, 0, 360, col, -1, cv2.LINE_AA)


def _animal(img: np.ndarray, animal: str, rng: np.random.Generator) -> None:
    """Draw the animal's symbol at the centre of a space, turned by a random angle."""
    size = img.shape[0]
    u = size / 100.0
    m = size // 2
    a = float(rng.uniform(0, 360))
    t = np.deg2rad(a)
    d = (np.cos(t), np.sin(t))

    def at(k: float) -> tuple[int, int]:
        return (int(m + k * u * d[0]), int(m + k * u * d[1]))

    def ax(x: float, y: float) -> tuple[int, int]:
        return (int(x * u), int(y * u))

    if animal == "lion":
        _ellipse(img, at(0), ax(27, 27), a, (25, 70, 140))
        _ellipse(img, at(0), ax(16, 16), a, (70, 170, 225))
        _ellipse(img, at(6), ax(4, 4), a, (20, 20, 20))
    elif animal == "giraffe":
        _ellipse(img, at(0), ax(32, 12), a, (90, 205, 245))
        for k in (-18, -6, 6, 18):
            _ellipse(img, at(k), ax(4, 4), a, (30, 80, 150))
    elif animal == "crocodile":
        _ellipse(img, at(0), ax(34, 9), a, (40, 120, 50))
        _ellipse(img, at(28), ax(10, 5), a, (30, 90, 40))
    elif animal == "flamingo":
        _ellipse(img, at(-6), ax(18, 14), a, (130, 100, 245))
        cv2.line(img, at(8), at(30), (130, 100, 245), max(2, int(5 * u)), cv2.LINE_AA)
        _ellipse(img, at(30), ax(6, 6), a, (40, 40, 40))
    elif animal == "polar_bear":
        _ellipse(img, at(0), ax(30, 22), a, (185, 220, 235))
        _ellipse(img, at(24), ax(10, 10), a, (170, 205, 225))
        _ellipse(img, at(31), ax(3, 3), a, (20, 20, 20))
    elif animal == "penguin":
        _ellipse(img, at(0), ax(24, 15), a, (35, 30, 30))
        _ellipse(img, at(2), ax(14, 8), a, (245, 245, 245))
        _ellipse(img, at(22), ax(5, 4), a, (40, 170, 250))
    elif animal == "panda":
        _ellipse(img, at(0), ax(22, 22), a, (245, 245, 245))
        _ellipse(img, at(0), ax(8, 14), a + 90, (25, 25, 25))
        _ellipse(img, at(20), ax(7, 7), a, (25, 25, 25))
    elif animal == "gorilla":
        _ellipse(img, at(0), ax(26, 22), a, (120, 80, 70))
        _ellipse(img, at(16), ax(10, 10), a, (90, 60, 50))
        _ellipse(img, at(-10), ax(8, 28), a, (150, 100, 90))
    else:  # otter
        _ellipse(img, at(0), ax(26, 10), a, (30, 55, 95))
        _ellipse(img, at(24), ax(8, 7), a, (60, 110, 160))
        cv2.line(img, at(-20), at(-36), (30, 55, 95), max(2, int(4 * u)), cv2.LINE_AA)


def draw_space(kind: Space, size: int, rng: np.random.Generator) -> np.ndarray:
    img = _terrain(kind.terrain, size, rng)
    if kind.river:
        _river(img, kind.river)
    _animal(img, kind.animal, rng)
    out: np.ndarray = np.clip(img, 0, 255).astype(np.uint8)
    return out


def draw_card(card: Card, seed: int = 0, space_px: int = 100) -> np.ndarray:
    """One card face (BGR), 2x2 spaces of `space_px`, unturned, row 0 on top."""
    rng = np.random.default_rng(seed)
    out = np.empty((2 * space_px, 2 * space_px, 3), np.uint8)
    for r in range(2):
        for c in range(2):
            out[r * space_px : (r + 1) * space_px, c * space_px : (c + 1) * space_px] = draw_space(
                card[r][c], space_px, rng
            )
    return out


def draw_cards(cards: dict[int, Card], seed: int = 0, space_px: int = 100) -> dict[int, np.ndarray]:
    return {i: draw_card(card, seed * 1000 + i, space_px) for i, card in cards.items()}
