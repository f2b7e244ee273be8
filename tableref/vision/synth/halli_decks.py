"""Whole decks of the project's own Halli Galli art, in several styles.

A `Deck` fixes what one printed deck shares: its fruits' look (halli_fruit_art), its
layouts ("dice" pips, "diagonal" rows as in the classic deck, "rows" down the middle,
and a "zigzag" and a "triangle" that turned half round are not the same),
its paper and border, its animal pictures and its fruit-patterned back. `random_deck`
draws one from a named family; the families in HELD_OUT are kept for the benchmark's
unseen part and never used to tune the reader.

    deck = random_deck(rng, "shaded")
    img = deck.card("BBL", rng)      # 200 x 300 BGR
    back = deck.back(rng)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.vision.halli.codes import ANIMALS, FRUITS, parse_code
from tableref.vision.synth.halli_fruit_art import FruitLook, Painter, hsv_bgr, random_look

Image = np.ndarray
CARD_W, CARD_H = 200, 300

TUNED = ("flat", "outlined", "shaded")
HELD_OUT = ("watercolour",)

# fruit positions as fractions of the card's width and height. The classic layouts are
# the same turned half round (a card lies either way up); some editions print threes and
# fives that are not (a zigzag, a triangle): the reader must not count on it
LAYOUTS: dict[str, dict[int, list[tuple[float, float]]]] = {
    "dice": {
        1: [(0.5, 0.5)],
        2: [(0.3, 0.25), (0.7, 0.75)],
        3: [(0.27, 0.2), (0.5, 0.5), (0.73, 0.8)],
        4: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.78), (0.72, 0.78)],
        5: [(0.27, 0.18), (0.73, 0.18), (0.5, 0.5), (0.27, 0.82), (0.73, 0.82)],
    },
    "diagonal": {
        1: [(0.5, 0.5)],
        2: [(0.72, 0.25), (0.28, 0.75)],
        3: [(0.73, 0.2), (0.5, 0.5), (0.27, 0.8)],
        4: [(0.27, 0.2), (0.73, 0.2), (0.27, 0.8), (0.73, 0.8)],
        5: [(0.25, 0.18), (0.75, 0.18), (0.5, 0.5), (0.25, 0.82), (0.75, 0.82)],
    },
    "rows": {
        1: [(0.5, 0.5)],
        2: [(0.5, 0.3), (0.5, 0.7)],
        3: [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
        4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
        5: [(0.3, 0.2), (0.7, 0.2), (0.5, 0.5), (0.3, 0.8), (0.7, 0.8)],
    },
    "zigzag": {
        1: [(0.5, 0.5)],
        2: [(0.3, 0.3), (0.7, 0.7)],
        3: [(0.7, 0.2), (0.3, 0.5), (0.7, 0.8)],
        4: [(0.3, 0.2), (0.7, 0.4), (0.3, 0.6), (0.7, 0.8)],
        5: [(0.3, 0.18), (0.7, 0.34), (0.3, 0.5), (0.7, 0.66), (0.3, 0.82)],
    },
    "triangle": {
        1: [(0.5, 0.5)],
        2: [(0.5, 0.3), (0.5, 0.7)],
        3: [(0.3, 0.27), (0.7, 0.27), (0.5, 0.73)],
        4: [(0.5, 0.17), (0.28, 0.5), (0.72, 0.5), (0.5, 0.83)],
        5: [(0.3, 0.2), (0.7, 0.2), (0.5, 0.45), (0.3, 0.78), (0.7, 0.78)],
    },
    # fruits printed up to the long edges (as some photographed decks do): a holder's
    # lips over those edges touch them
    "wide": {
        1: [(0.5, 0.5)],
        2: [(0.22, 0.25), (0.78, 0.75)],
        3: [(0.21, 0.2), (0.5, 0.5), (0.79, 0.8)],
        4: [(0.21, 0.22), (0.79, 0.22), (0.21, 0.78), (0.79, 0.78)],
        5: [(0.21, 0.17), (0.79, 0.17), (0.5, 0.5), (0.21, 0.83), (0.79, 0.83)],
    },
}
# the layouts `random_deck` draws from (the scenes of the tests written before "wide"
# stay as they were)
DRAWN = ("dice", "diagonal", "rows", "zigzag", "triangle")


@dataclass(frozen=True)
class Deck:
    """One printed deck: fruits, layout, paper, border, animal pictures, back."""

    family: str
    look: FruitLook
    layout: str = "dice"
    paper: tuple[int, int, int] = (248, 248, 248)
    border: tuple[int, int, int] | None = None  # a printed frame near the edge
    fruit_scale: float = 1.0
    pose_jitter: float = 0.3  # radians
    back_bgr: tuple[int, int, int] = (40, 90, 200)
    picture_bgr: tuple[int, int, int] = (230, 200, 120)  # the animal cards' background
    full_bleed_animals: bool = False
    extras: dict[str, float] = field(default_factory=dict)

    def blank(self) -> Image:
        img = np.empty((CARD_H, CARD_W, 3), np.uint8)
        img[:] = self.paper
        if self.border is not None:
            cv2.rectangle(img, (9, 9), (CARD_W - 10, CARD_H - 10), self.border, 3, cv2.LINE_AA)
        return img

    def card(self, code: str, rng: np.random.Generator) -> Image:
        """The card with this code ("BBL", "pig", ...)."""
        parsed = parse_code(code)
        if isinstance(parsed, str):
            return self.animal(parsed, rng)
        return self.fruit_card(parsed, rng)

    def fruit_card(self, counts: dict[str, int], rng: np.random.Generator) -> Image:
        fruits = [f for f in FRUITS for _ in range(counts.get(f, 0))]
        n = len(fruits)
        if not 1 <= n <= 5:
            raise ValueError(f"a fruit card of this deck shows 1 to 5 fruits, not {n}")
        places = LAYOUTS[self.layout][n]
        if n == 3 and len(set(fruits)) == 2:
            # the odd one out in the middle, as printed decks do
            odd = next(f for f in fruits if fruits.count(f) == 1)
            pair = [f for f in fruits if f != odd]
            fruits = [pair[0], odd, pair[1]]
        else:
            order = rng.permutation(n)
            fruits = [fruits[int(i)] for i in order]
        size = 0.38 * CARD_W * self.fruit_scale * (0.88 if n >= 4 else 1.0)
        painter = Painter(self.blank(), self.look, rng)
        turn = float(rng.uniform(-0.25, 0.25))
        for fruit, (fx, fy) in zip(fruits, places, strict=True):
            jitter = float(rng.uniform(-self.pose_jitter, self.pose_jitter))
            painter.fruit(fruit, fx * CARD_W, fy * CARD_H, size, turn + jitter)
        return painter.result()

    def animal(self, animal: str, rng: np.random.Generator) -> Image:
        """An animal card: a coloured picture (the animal on a coloured ground)."""
        if animal not in ANIMALS:
            raise ValueError(f"unknown animal {animal!r}")
        img = self.blank()
        m = 0 if self.full_bleed_animals else 14
        cv2.rectangle(img, (m, m), (CARD_W - 1 - m, CARD_H - 1 - m), self.picture_bgr, -1)
        ground = tuple(int(0.7 * c) for c in self.picture_bgr)
        cv2.rectangle(img, (m, int(CARD_H * 0.78)), (CARD_W - 1 - m, CARD_H - 1 - m), ground, -1)
        _draw_animal(img, animal, rng)
        return img

    def back(self, rng: np.random.Generator) -> Image:
        """The fruit-patterned back every card of the deck shares."""
        img = np.empty((CARD_H, CARD_W, 3), np.uint8)
        img[:] = self.back_bgr
        look = FruitLook(family="flat", banana_hue=self.look.banana_hue,
                         plum_hue=self.look.plum_hue,
                         strawberry_hue=self.look.strawberry_hue, lime_hue=self.look.lime_hue,
                         outline=1, highlights=False, seeds="none")
        painter = Painter(img, look, rng)
        k = 0
        for row in range(7):
            for col in range(4):
                x = (col + 0.5 + 0.5 * (row % 2)) * CARD_W / 4
                y = (row + 0.5) * CARD_H / 7
                painter.fruit(FRUITS[k % 4], x % CARD_W, y, 26.0, 0.6 * k)
                k += 1
        out = painter.result()
        cv2.ellipse(out, (CARD_W // 2, CARD_H // 2), (62, 40), 0, 0, 360, (30, 200, 250), -1,
                    cv2.LINE_AA)
        cv2.ellipse(out, (CARD_W // 2, CARD_H // 2), (62, 40), 0, 0, 360, (20, 20, 140), 4,
                    cv2.LINE_AA)
        for i in range(5):  # the name, as strokes
            x = CARD_W // 2 - 40 + 20 * i
            cv2.line(out, (x, CARD_H // 2 - 14), (x + 8, CARD_H // 2 + 14), (20, 20, 140), 5)
        return out


def _draw_animal(img: Image, animal: str, rng: np.random.Generator) -> None:
    w, h, aa = CARD_W, CARD_H, cv2.LINE_AA
    ink = (20, 20, 20)

    def blob(c: tuple[int, int], axes: tuple[int, int], col: tuple[int, int, int]) -> None:
        cv2.ellipse(img, c, axes, 0, 0, 360, col, -1, aa)
        cv2.ellipse(img, c, axes, 0, 0, 360, ink, 2, aa)

    if animal == "elephant":
        grey = hsv_bgr(110, float(rng.uniform(10, 40)), float(rng.uniform(125, 165)))
        blob((w // 2, int(h * 0.6)), (78, 58), grey)
        for x in (52, 82, 118, 148):
            cv2.rectangle(img, (x - 11, int(h * 0.66)), (x + 11, int(h * 0.84)), grey, -1)
        for x in (w // 2 - 52, w // 2 + 52):
            blob((x, int(h * 0.3)), (32, 42), hsv_bgr(120, 30, 185))
        blob((w // 2, int(h * 0.31)), (46, 46), grey)
        cv2.line(img, (w // 2, int(h * 0.36)), (w // 2 + 8, int(h * 0.56)), grey, 20, aa)
        for x in (w // 2 - 16, w // 2 + 16):
            cv2.circle(img, (x, int(h * 0.28)), 5, ink, -1, aa)
    elif animal == "monkey":
        brown = hsv_bgr(float(rng.uniform(10, 17)), 170, float(rng.uniform(100, 140)))
        blob((w // 2, int(h * 0.68)), (52, 66), brown)
        cv2.line(img, (w // 2 + 44, int(h * 0.8)), (w - 22, int(h * 0.52)), brown, 12, aa)
        for x in (w // 2 - 58, w // 2 + 58):
            blob((x, int(h * 0.31)), (22, 22), brown)
        blob((w // 2, int(h * 0.32)), (54, 54), brown)
        blob((w // 2, int(h * 0.37)), (36, 31), hsv_bgr(15, 90, 230))
        for x in (w // 2 - 16, w // 2 + 16):
            cv2.circle(img, (x, int(h * 0.29)), 6, ink, -1, aa)
        cv2.ellipse(img, (w // 2, int(h * 0.41)), (15, 7), 0, 0, 180, ink, 2, aa)
    else:  # pig
        pink = hsv_bgr(float(rng.uniform(170, 178)), float(rng.uniform(60, 110)), 245)
        blob((w // 2, int(h * 0.66)), (68, 54), pink)
        blob((w // 2, int(h * 0.35)), (56, 54), pink)
        for sgn in (-1, 1):
            tri = np.array([[w // 2 + sgn * 22, int(h * 0.2)], [w // 2 + sgn * 54, int(h * 0.1)],
                            [w // 2 + sgn * 50, int(h * 0.28)]], np.int32)
            cv2.fillPoly(img, [tri], hsv_bgr(172, 130, 220), aa)
        blob((w // 2, int(h * 0.41)), (24, 16), hsv_bgr(172, 140, 225))
        for x in (w // 2 - 9, w // 2 + 9):
            cv2.circle(img, (x, int(h * 0.41)), 4, (60, 40, 120), -1, aa)
        for x in (w // 2 - 19, w // 2 + 19):
            cv2.circle(img, (x, int(h * 0.29)), 5, ink, -1, aa)


def random_deck(rng: np.random.Generator, family: str | None = None,
                held_out: bool = False) -> Deck:
    """A deck of one family (random among the tuned ones, or the held-out ones)."""
    pool = HELD_OUT if held_out else TUNED
    family = family or str(pool[int(rng.integers(len(pool)))])
    look = random_look(rng, family)
    p = int(rng.integers(228, 256))
    tone = int(rng.integers(0, 4))
    paper = [(p, p, p), (p - 22, p - 8, p), (p, p - 3, p - 10), (p - 6, p - 12, p)][tone]
    border = None
    if rng.random() < 0.35:
        border = hsv_bgr(float(rng.uniform(0, 180)), float(rng.uniform(80, 220)),
                         float(rng.uniform(90, 220)))
    return Deck(
        family=family,
        look=look,
        layout=str(rng.choice(list(DRAWN))),
        paper=(max(paper[0], 0), max(paper[1], 0), max(paper[2], 0)),
        border=border,
        fruit_scale=float(rng.uniform(0.85, 1.1)),
        pose_jitter=float(rng.uniform(0.0, 0.5)),
        back_bgr=hsv_bgr(float(rng.uniform(0, 180)), float(rng.uniform(120, 230)),
                         float(rng.uniform(90, 200))),
        picture_bgr=hsv_bgr(float(rng.uniform(0, 180)), float(rng.uniform(60, 160)),
                            float(rng.uniform(170, 240))),
        full_bleed_animals=bool(rng.random() < 0.4),
    )
