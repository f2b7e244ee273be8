"""A pile whose lower cards lie askew and peek out round the top card: the pile is one
blob of paper, but the top card's outline (its edge, its shadow on the cards below) is
whole. With the frame's other cards giving the cards' size, it is found, and read."""

import math
from dataclasses import replace

import numpy as np

from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_cards import FRUITS_CODES_FOR_TESTS, card_image, random_style
from tableref.vision.synth.halli_scene import paste_card
from tableref.vision.synth.halli_surfaces import surface
from tableref.vision.synth.halli_wild import QUIET, wild_scene

MESSY = replace(QUIET, surfaces=("plain", "wood", "felt", "dots"), messy=0.5, depth=(2, 3))


def _messy_tops(scenes: int) -> tuple[int, int, int, list[tuple[int, str, str | None]]]:
    """(top cards, found, right, wrong reads) over `scenes` tables of four piles."""
    cards = found = right = 0
    wrong = []
    for seed in range(scenes):
        rng = np.random.default_rng([77, seed])
        style = random_style(rng)
        codes = [str(c) for c in rng.choice(FRUITS_CODES_FOR_TESTS, 4, replace=False)]
        under = [card_image(c, style, rng) for c in ("BB", "PL", "SSS", "L", "BPS")]
        scene = wild_scene([(c, card_image(c, style, rng)) for c in codes], rng, MESSY, under)
        seen = Recogniser()(scene.image)
        for truth in scene.cards:
            if truth.visible < 0.999:
                continue
            cards += 1
            mine = [c for c in seen if scene.card_at(c.center) is truth]
            found += bool(mine)
            right += any(c.code == truth.code for c in mine)
            wrong += [(seed, truth.code, c.code) for c in mine
                      if c.kind == "fruit" and c.code != truth.code]
    return cards, found, right, wrong


def test_the_top_card_of_a_messy_pile_is_found() -> None:
    """30 tables of four piles, half of them messy (two or three cards askew under the
    top one): 108 top cards. Before the top card was fitted by its edges: 77 found, 55
    read right; today 81 and 62 (the fitted outline is the card's own, not the pile's).
    One read is wrong before and after (BPPLL read BPPSLL, a strawberry of a lower card
    inside the outline: the known failure of #11's closing notes); no other may be."""
    cards, found, right, wrong = _messy_tops(30)
    assert cards == 108
    assert len(wrong) <= 1, wrong
    assert found >= 80, found
    assert right >= 61, right


def _card_quad(cx: float, cy: float, h: float, angle: float) -> np.ndarray:
    w = h / 1.5
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    c, s = math.cos(angle), math.sin(angle)
    return np.asarray(pts @ np.array([[c, s], [-s, c]]) + [cx, cy], np.float32)


def _askew_piles(seed: int) -> tuple[np.ndarray, list[tuple[str, np.ndarray]], float]:
    """Three piles, each of two cards lying 10-16 % of a card's length off under the top
    one and turned up to 4 degrees: every pile's outline is some 1.3 to 1.5 cards, so the
    piles agree on a size of their own."""
    rng = np.random.default_rng([79, seed])
    style = random_style(rng)
    img = surface(rng, (1280, 720), str(rng.choice(["plain", "wood", "felt"])))
    h = float(rng.uniform(110, 160))
    truths = []
    for k, code in enumerate(rng.choice(FRUITS_CODES_FOR_TESTS, 3, replace=False)):
        cx, cy = 300 + 340 * k + rng.uniform(-30, 30), 360 + rng.uniform(-60, 60)
        base = rng.uniform(0, math.pi)
        for _ in range(2):
            way = rng.uniform(0, 2 * math.pi)
            off = rng.uniform(0.10, 0.16) * h * np.array([math.cos(way), math.sin(way)])
            low = card_image(str(rng.choice(FRUITS_CODES_FOR_TESTS)), style, rng)
            paste_card(img, low, _card_quad(cx + off[0], cy + off[1], h,
                                            base + rng.uniform(-0.07, 0.07)))
        quad = _card_quad(cx, cy, h, base)
        paste_card(img, card_image(str(code), style, rng), quad)
        truths.append((str(code), quad))
    return img, truths, h


def test_askew_piles_agreeing_on_their_own_size_show_their_top_cards() -> None:
    """The daemon knows the cards' size from earlier frames; three piles askew alike
    outvote it with a size of their own (some 1.4 cards), so their top cards were fitted
    at the piles' size and none was found, and each pile's outline was read with the
    lower cards' fruits peeking out in it. The top cards are now fitted at the size
    known too, on the frame twice as fine, and taken before the pile's outline.
    20 tables, 60 top cards: before 35 read right; today 48. No read may be wrong."""
    cards = right = 0
    wrong = []
    for seed in range(20):
        img, truths, h = _askew_piles(seed)
        reader = Recogniser()
        reader.card_area = h * h / 1.5  # learnt from earlier frames
        seen = list(reader(img))
        for code, quad in truths:
            cards += 1
            cx, cy = quad.mean(axis=0)
            mine = [s for s in seen if math.hypot(s.center[0] - cx, s.center[1] - cy) < 0.3 * h]
            right += any(s.code == code for s in mine)
            wrong += [(seed, code, s.code) for s in mine if s.kind == "fruit" and s.code != code]
    assert cards == 60
    assert not wrong, wrong
    assert right >= 46, right
