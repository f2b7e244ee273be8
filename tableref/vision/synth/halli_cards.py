"""The project's own Halli Galli card art: fruit cards and three animal cards.

Drawn with OpenCV primitives, so tests never need third-party art. A fruit card shows
separate fruit shapes of the four colours (banana yellow, plum purple, strawberry red,
lime green) on a light card in dice-pip layouts; `style` varies colours, sizes and
poses so the recogniser is not tuned to one drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from tableref.vision.halli.codes import ANIMALS, FRUITS, parse_code

CARD_W = 200
CARD_H = 300

Image = np.ndarray

# dice-pip layouts on a 2:3 card, as fractions of width and height
_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.22), (0.72, 0.78)],
    3: [(0.26, 0.2), (0.5, 0.5), (0.74, 0.8)],
    4: [(0.27, 0.2), (0.73, 0.2), (0.27, 0.8), (0.73, 0.8)],
    5: [(0.27, 0.18), (0.73, 0.18), (0.5, 0.5), (0.27, 0.82), (0.73, 0.82)],
    6: [(0.27, 0.18), (0.73, 0.18), (0.27, 0.5), (0.73, 0.5), (0.27, 0.82), (0.73, 0.82)],
}


@dataclass(frozen=True)
class CardStyle:
    """How a deck is drawn: fruit size and colour jitter, outline, paper tint."""

    fruit_scale: float = 1.0
    hue_jitter: int = 0  # degrees in OpenCV's 0..180 hue
    outline: bool = True
    paper: tuple[int, int, int] = (250, 250, 250)
    pose_jitter: float = 0.0  # radians


def random_style(rng: np.random.Generator) -> CardStyle:
    """A plausible art style: the same kinds of shapes, different sizes, colours, poses."""
    p = int(rng.integers(232, 256))
    return CardStyle(
        fruit_scale=float(rng.uniform(0.85, 1.1)),
        hue_jitter=int(rng.integers(-4, 5)),
        outline=bool(rng.random() < 0.7),
        paper=(p - int(rng.integers(0, 12)), p - int(rng.integers(0, 6)), p),
        pose_jitter=float(rng.uniform(0, 0.5)),
    )


def _shift_hue(bgr: tuple[int, int, int], dh: int) -> tuple[int, int, int]:
    if dh == 0:
        return bgr
    px = np.array([[list(bgr)]], np.uint8)
    hsv = cv2.cvtColor(px, cv2.COLOR_BGR2HSV).astype(int)
    hsv[0, 0, 0] = (hsv[0, 0, 0] + dh) % 180
    out = cv2.cvtColor(np.clip(hsv, 0, 255).astype(np.uint8), cv2.COLOR_HSV2BGR)[0, 0]
    return (int(out[0]), int(out[1]), int(out[2]))


def _poly(points: list[tuple[float, float]], cx: float, cy: float, s: float,
          a: float) -> np.ndarray:
    ca, sa = math.cos(a), math.sin(a)
    pts = [(cx + s * (x * ca - y * sa), cy + s * (x * sa + y * ca)) for x, y in points]
    return np.round(np.array(pts) * 16).astype(np.int32)


def _fill(img: Image, pts: np.ndarray, colour: tuple[int, int, int], outline: bool) -> None:
    cv2.fillPoly(img, [pts], colour, cv2.LINE_AA, shift=4)
    if outline:
        cv2.polylines(img, [pts], True, (30, 30, 30), 2, cv2.LINE_AA, shift=4)


def _ellipse_pts(rx: float, ry: float, n: int = 40) -> list[tuple[float, float]]:
    return [(rx * math.cos(t), ry * math.sin(t)) for t in np.linspace(0, 2 * math.pi, n, False)]


def draw_fruit(img: Image, fruit: str, cx: float, cy: float, size: float, angle: float,
               style: CardStyle) -> None:
    """Draw one fruit of `size` (about its diameter in pixels) centred at (cx, cy)."""
    s = size / 2
    dh = style.hue_jitter
    if fruit == "banana":
        outer = [(math.cos(t) * 1.0, math.sin(t) * 0.8 - 0.3) for t in np.linspace(0.25, 2.9, 20)]
        inner = [(math.cos(t) * 0.85, math.sin(t) * 0.15 - 0.35)
                 for t in np.linspace(2.75, 0.4, 20)]
        _fill(img, _poly(outer + inner, cx, cy, s, angle), _shift_hue((40, 210, 250), dh),
              style.outline)
        tip = _poly([(0.95, -0.08), (1.08, -0.02), (1.0, 0.1)], cx, cy, s, angle)
        cv2.fillPoly(img, [tip], (30, 60, 90), cv2.LINE_AA, shift=4)
    elif fruit == "plum":
        body = _poly(_ellipse_pts(0.8, 0.9), cx, cy + 0.1 * s, s, angle)
        _fill(img, body, _shift_hue((120, 40, 110), dh), style.outline)
        stem = _poly([(0.0, -0.75), (0.05, -1.05), (0.15, -1.0), (0.1, -0.72)], cx, cy, s, angle)
        cv2.fillPoly(img, [stem], (20, 50, 60), cv2.LINE_AA, shift=4)
        hl = _poly(_ellipse_pts(0.15, 0.25, 16), cx - 0.3 * s, cy - 0.2 * s, s, angle)
        cv2.fillPoly(img, [hl], _shift_hue((200, 140, 190), dh), cv2.LINE_AA, shift=4)
    elif fruit == "strawberry":
        berry = [(0.85 * math.sin(t) * (1 - 0.25 * (1 - math.cos(t))),
                  0.75 * math.cos(t) + 0.1) for t in np.linspace(0, 2 * math.pi, 40, False)]
        berry = [(x, -y) for x, y in berry]  # point down
        _fill(img, _poly(berry, cx, cy, s, angle), _shift_hue((40, 40, 230), dh), style.outline)
        for sx, sy in ((-0.3, 0.0), (0.3, 0.0), (0.0, 0.25), (-0.2, 0.45), (0.2, 0.45),
                       (0.0, -0.2)):
            p = _poly([(sx, sy)], cx, cy, s, angle)[0]
            cv2.circle(img, (int(p[0]), int(p[1])), int(0.05 * s * 16), (120, 230, 250), -1,
                       cv2.LINE_AA, shift=4)
        leaves = [(-0.45, -0.75), (-0.15, -0.6), (0.0, -0.95), (0.15, -0.6), (0.45, -0.75),
                  (0.2, -0.5), (-0.2, -0.5)]
        cv2.fillPoly(img, [_poly(leaves, cx, cy, s, angle)], (40, 150, 40), cv2.LINE_AA, shift=4)
    elif fruit == "lime":
        body = _poly(_ellipse_pts(0.7, 0.92), cx, cy, s, angle + 0.4)
        _fill(img, body, _shift_hue((40, 190, 60), dh), style.outline)
        hl = _poly(_ellipse_pts(0.12, 0.3, 16), cx + 0.25 * s, cy - 0.2 * s, s, angle + 0.4)
        cv2.fillPoly(img, [hl], (150, 240, 170), cv2.LINE_AA, shift=4)
        nub = _poly([(-0.1, 0.88), (0.1, 0.88), (0.0, 1.02)], cx, cy, s, angle + 0.4)
        cv2.fillPoly(img, [nub], (30, 150, 50), cv2.LINE_AA, shift=4)
    else:
        raise ValueError(f"unknown fruit {fruit!r}")


def blank_card(style: CardStyle, w: int = CARD_W, h: int = CARD_H) -> Image:
    img = np.empty((h, w, 3), np.uint8)
    img[:] = style.paper
    return img


def fruit_card(counts: dict[str, int], style: CardStyle | None = None,
               rng: np.random.Generator | None = None) -> Image:
    """A fruit card showing counts[fruit] of each fruit, in dice-pip layout."""
    style = style or CardStyle()
    img = blank_card(style)
    fruits = [f for f in FRUITS for _ in range(counts.get(f, 0))]
    if not 1 <= len(fruits) <= 6:
        raise ValueError(f"a fruit card shows 1 to 6 fruits, not {len(fruits)}")
    size = 0.4 * CARD_W * style.fruit_scale * (0.9 if len(fruits) >= 4 else 1.0)
    for fruit, (fx, fy) in zip(fruits, _PIPS[len(fruits)], strict=True):
        jitter = float(rng.uniform(-style.pose_jitter, style.pose_jitter)) if rng else 0.0
        draw_fruit(img, fruit, fx * CARD_W, fy * CARD_H, size, jitter, style)
    return img


def animal_card(animal: str, style: CardStyle | None = None) -> Image:
    """One of the project's three animal drawings (not the deck's art)."""
    style = style or CardStyle()
    img = blank_card(style)
    w, h = CARD_W, CARD_H
    aa = cv2.LINE_AA
    if animal == "elephant":
        grey = (150, 140, 135)
        cv2.ellipse(img, (w // 2, int(h * 0.62)), (70, 55), 0, 0, 360, grey, -1, aa)
        for x in (60, 85, 115, 140):
            cv2.rectangle(img, (x - 9, int(h * 0.7)), (x + 9, int(h * 0.85)), grey, -1)
        cv2.circle(img, (w // 2, int(h * 0.33)), 42, grey, -1, aa)
        for x in (w // 2 - 48, w // 2 + 48):
            cv2.ellipse(img, (x, int(h * 0.33)), (26, 36), 0, 0, 360, (170, 165, 160), -1, aa)
        cv2.line(img, (w // 2, int(h * 0.38)), (w // 2 + 6, int(h * 0.55)), grey, 16, aa)
        for x in (w // 2 - 15, w // 2 + 15):
            cv2.circle(img, (x, int(h * 0.3)), 5, (20, 20, 20), -1, aa)
    elif animal == "monkey":
        brown = (40, 80, 130)
        cv2.ellipse(img, (w // 2, int(h * 0.7)), (48, 60), 0, 0, 360, brown, -1, aa)
        cv2.line(img, (w // 2 + 40, int(h * 0.8)), (w - 25, int(h * 0.55)), brown, 10, aa)
        for x in (w // 2 - 55, w // 2 + 55):
            cv2.circle(img, (x, int(h * 0.32)), 20, brown, -1, aa)
        cv2.circle(img, (w // 2, int(h * 0.33)), 50, brown, -1, aa)
        cv2.ellipse(img, (w // 2, int(h * 0.37)), (34, 30), 0, 0, 360, (150, 190, 230), -1, aa)
        for x in (w // 2 - 15, w // 2 + 15):
            cv2.circle(img, (x, int(h * 0.3)), 6, (20, 20, 20), -1, aa)
        cv2.ellipse(img, (w // 2, int(h * 0.41)), (14, 7), 0, 0, 180, (20, 20, 20), 2, aa)
    elif animal == "pig":
        pink = (180, 160, 245)
        cv2.ellipse(img, (w // 2, int(h * 0.68)), (62, 50), 0, 0, 360, pink, -1, aa)
        cv2.circle(img, (w // 2, int(h * 0.36)), 52, pink, -1, aa)
        for sgn in (-1, 1):
            tri = np.array([[w // 2 + sgn * 20, int(h * 0.22)], [w // 2 + sgn * 50, int(h * 0.13)],
                            [w // 2 + sgn * 48, int(h * 0.3)]], np.int32)
            cv2.fillPoly(img, [tri], (150, 120, 230), aa)
        cv2.ellipse(img, (w // 2, int(h * 0.42)), (22, 15), 0, 0, 360, (140, 110, 220), -1, aa)
        for x in (w // 2 - 8, w // 2 + 8):
            cv2.circle(img, (x, int(h * 0.42)), 4, (60, 40, 120), -1, aa)
        for x in (w // 2 - 18, w // 2 + 18):
            cv2.circle(img, (x, int(h * 0.3)), 5, (20, 20, 20), -1, aa)
    else:
        raise ValueError(f"unknown animal {animal!r}")
    return img


def card_image(code: str, style: CardStyle | None = None,
               rng: np.random.Generator | None = None) -> Image:
    """The project's drawing of the card with this code ("BBL", "pig", ...)."""
    parsed = parse_code(code)
    if isinstance(parsed, str):
        if parsed not in ANIMALS:
            raise ValueError(f"unknown card {code!r}")
        return animal_card(parsed, style)
    return fruit_card(parsed, style, rng)


def all_fruit_codes(max_fruits: int = 5) -> list[str]:
    """Every fruit card of 1 to 3 kinds and 1 to max_fruits fruits, canonical codes."""
    out = []
    letters = "BPSL"

    def rec(i: int, prefix: str) -> None:
        if i == len(letters):
            kinds = len(set(prefix))
            if 1 <= len(prefix) <= max_fruits and kinds <= 3:
                out.append(prefix)
            return
        for k in range(max_fruits - len(prefix) + 1):
            rec(i + 1, prefix + letters[i] * k)

    rec(0, "")
    return sorted(out, key=lambda c: (len(c), c))


FRUITS_CODES_FOR_TESTS = tuple(all_fruit_codes())
