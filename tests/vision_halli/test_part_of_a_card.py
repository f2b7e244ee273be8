"""Part of a card is never read as a card (a review of 0bd465d, from the product's side: a
card read wrong is worse than none, issue 11's "never confidently wrong"), and a whole card
in plain view is still read. A card is read only where three sides of its outline at least
stand out as edges running along them (recognise.MIN_EDGES).

The finder's quad is given (whatever it may propose on a messy pile) as in
test_across_card.py; the wild scenes are the project's own generator."""

from dataclasses import replace

import numpy as np
import pytest

import tableref.vision.halli.recognise as recognise
from tableref.vision.halli.detect import Found, Quad
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth import halli_wild as W
from tableref.vision.synth.halli_cards import CardStyle, card_image, random_style
from tableref.vision.synth.halli_scene import paste_card

TABLES = {"pink": (200, 210, 238), "wood": (60, 95, 140), "white": (232, 234, 236),
          "dark": (40, 50, 45)}


def _quad(cx: float, cy: float, w: float, h: float, angle: float) -> np.ndarray:
    ca, sa = np.cos(angle), np.sin(angle)
    local = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local],
                    np.float32)


def _table(colour: tuple[int, int, int]) -> np.ndarray:
    rng = np.random.default_rng(7)
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:] = colour
    return np.clip(frame + rng.normal(0, 3, frame.shape), 0, 255).astype(np.uint8)


@pytest.fixture()
def proposed(monkeypatch: pytest.MonkeyPatch) -> list[np.ndarray]:
    """The quads the finder proposes (set by the test)."""
    quads: list[np.ndarray] = []

    def finder(*_: object) -> Found:
        return Found([Quad(q, True) for q in quads], 96.0 * 144.0, 1)

    monkeypatch.setattr(recognise, "detect_cards", finder)
    return quads


@pytest.mark.xfail(strict=True, reason="known, open in #11: 3 of 480 quads still read wrong "
                   "(BSS as BS, BBPS as BB and PS), three sides standing out")
def test_a_quad_across_a_card_turned_10_to_15_degrees_is_never_read_wrong(
        proposed: list[np.ndarray]) -> None:
    """The card turned less than in test_across_card (10 and 15 degrees, not 26 to 43):
    the quad's long sides run within 45 degrees of the card's own edges, so they count as
    edges running along it. A card-sized quad (or 0.8-0.9 of it), upright, shifted a sixth
    to a quarter of a card along the card's long axis, cuts a fruit off and is read as the
    fruits it still holds (SSL as SS or SL, BBPS as PS): 83 wrong of 480 proposals at
    440ad7b, 25 with two sides asked for (0bd465d), 3 with three."""
    wrong = []
    for code in ("SSL", "BSS", "BBPS", "PPL", "LLL"):
        for table, colour in TABLES.items():
            for deg in (10, 15):
                a = np.radians(deg)
                frame = _table(colour)
                paste_card(frame, card_image(code, CardStyle()), _quad(640, 360, 96, 144, a))
                for shift in (-35, -25, 25, 35):
                    for size in (0.8, 0.9, 1.0):
                        cx, cy = 640 - shift * np.sin(a), 360 + shift * np.cos(a)
                        proposed[:] = [_quad(cx, cy, 96 * size, 144 * size, 0.0)]
                        read = [c.code for c in Recogniser()(frame) if c.kind == "fruit"]
                        if read and read[0] != code:
                            wrong.append((code, table, deg, shift, size, read[0]))
    assert not wrong, (len(wrong), wrong[:10])


@pytest.mark.xfail(strict=True, reason="known, open in #11: a strip across the middle of a "
                   "card of five, its long sides cut through the fruits, whose outlines "
                   "pass as edges: read as the one fruit in the middle")
def test_a_strip_across_a_five_fruit_card_is_never_read_wrong(
        proposed: list[np.ndarray]) -> None:
    """A quad the card's width wide and 64-76 px high (aspect 1.26-1.5, passing MIN_ASPECT)
    across the middle of a card of five: its short sides are the card's own edges (so
    MIN_EDGES = 2 holds) and its long sides cut through the fruits, whose dark outlines
    pass as edges running along (and as a 'dark seam'). Read as the one fruit in the
    middle (SSSSS as S, PPPPP as P). The wild scenes do make such quads (see the next
    test). FAILS at 0bd465d and at its parent alike: 41 wrong of 192 proposals (and
    in a wider sweep, 61 of 784 read at all, every one of them wrong)."""
    wrong = []
    for code in ("LLLLL", "PPPPP", "SSSSS", "BBPPL"):
        for table, colour in TABLES.items():
            for deg in (0, 15, 30, 45):
                a = np.radians(deg)
                frame = _table(colour)
                paste_card(frame, card_image(code, CardStyle()), _quad(640, 360, 96, 144, a))
                for h in (64, 70, 76):
                    proposed[:] = [_quad(640, 360, 96, h, a)]
                    read = [c.code for c in Recogniser()(frame) if c.kind == "fruit"]
                    if read and read[0] != code:
                        wrong.append((code, table, deg, h, read[0]))
    assert not wrong, (len(wrong), wrong[:10])


WILD_CODES = ["BBBL", "PPSS", "LLLLL", "BSS", "PPP", "BBLL", "SSL", "PPL", "SL", "SS",
              "BBPS", "LLL", "B", "PPPPP"]
WILD = {
    "messy": replace(W.ORDINARY, messy=1.0, depth=(2, 4)),
    "small": replace(W.ORDINARY, card_width=(50.0, 62.0)),
    "blur": replace(W.ORDINARY, motion=6.0, focus=2.5),
    "whitesmall": replace(W.ORDINARY, surfaces=("light",), card_width=(50.0, 62.0),
                          focus=2.5, motion=6.0, tilt=35.0, lens=0.12),
}


def _wild(family: str, seed: int) -> W.Scene:
    rng = np.random.default_rng(1000 + seed)
    style = random_style(rng) if seed % 2 else CardStyle()
    tops = [(c, card_image(c, style)) for c in rng.permutation(WILD_CODES)[:4]]
    return W.wild_scene(tops, rng, WILD[family])


STRIP = pytest.mark.xfail(strict=True, reason="known, open in #11: the finder's half of a "
                          "card, three of its sides standing out, read as its fruits")


@pytest.mark.parametrize("family,seed", [
    pytest.param("messy", 2, marks=pytest.mark.xfail(
        strict=True, reason="known, open in #11: a quad over a top card and the banana of "
        "the card below, outlined all round")),
    ("messy", 3), ("small", 3),
    pytest.param("small", 5, marks=STRIP), pytest.param("blur", 6, marks=STRIP)])
def test_wild_scenes_part_of_a_card_is_never_read_wrong(family: str, seed: int) -> None:
    """Wild scenes (the project's generator, ordinary bounds but messy piles, 50-62 px
    cards, or blur) where the finder proposes part of a card and it is read with
    confidence: a middle strip of LLLLL read L (small 5, blur 6), a corner of PPPPP read
    P (messy 3, small 3), a quad over a top card LLL and the banana of the card below it
    read BLLL (messy 2): 5 confident wrong reads in 150 scenes of these families at 440ad7b
    and with two sides asked for (0 at 30 scenes each of light, gingham, stripes, hands,
    tilt, heldout). With three, the two corners are unknown; the strips and the quad with
    a lower card's banana are still read (three sides, or four, stand out)."""
    scene = _wild(family, seed)
    for card in Recogniser()(scene.image):
        truth = scene.card_at(card.center)
        if card.kind == "fruit" and truth is not None:
            assert card.code == truth.code, (card.code, truth.code, truth.visible)


def test_small_blurred_cards_on_a_white_cloth_are_still_read() -> None:
    """A guard against loss: whole cards 50-62 px wide on a light cloth, the camera tilted
    up to 35 degrees, blur, where a card's edge is faint: 38 of 72 whole cards in seeds
    0-19 read right at 440ad7b and with two sides asked for; 36 with three (two cards
    whose outline the finder set loose, wider than the card, now unknown)."""
    right = whole = 0
    for seed in range(20):
        scene = _wild("whitesmall", seed)
        whole += sum(t.visible >= 0.999 for t in scene.cards)
        for card in Recogniser()(scene.image):
            truth = scene.card_at(card.center)
            if card.kind == "fruit" and truth is not None:
                assert card.code == truth.code, (seed, card.code, truth.code)
                right += 1
    assert right >= 36, (right, whole)


def test_a_lower_card_beside_the_top_card_is_never_read_wrong(
        proposed: list[np.ndarray]) -> None:
    """A guard for the dark-seam rule: the top card lies over the end of the card below
    (16-32 px of 144), its edge and shadow a dark seam on paper both sides. Whether the
    finder proposes the lower card's visible part or its whole outline, it is read right
    (its fruits all show) or not at all: never as the fruits left uncovered. Passes at
    0bd465d and its parent (121 and 156 of 252 read, none wrong)."""
    wrong = []
    for code in ("LLLLL", "PPPPP", "BBPS", "SSL", "BBLL", "PPP", "BSS"):
        for table, colour in TABLES.items():
            for deg in (0, 20, 40):
                a = np.radians(deg)
                for c in (16, 24, 32):
                    frame = _table(colour)
                    paste_card(frame, card_image(code, CardStyle()),
                               _quad(640, 360, 96, 144, a))
                    d = 144 - c
                    paste_card(frame, card_image("B", CardStyle()),
                               _quad(640 - d * np.sin(a), 360 + d * np.cos(a), 96, 144, a))
                    off = -c / 2
                    for q in (_quad(640 - off * np.sin(a), 360 + off * np.cos(a), 96, 144 - c,
                                    a), _quad(640, 360, 96, 144, a)):
                        proposed[:] = [q]
                        read = [x.code for x in Recogniser()(frame) if x.kind == "fruit"]
                        if read and read[0] != code:
                            wrong.append((code, table, deg, c, read[0]))
    assert not wrong, wrong[:10]
