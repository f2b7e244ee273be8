"""A fixed camera finds a card by what differs from the empty table, even where the
card's paper is the cloth's own colour (a gingham whose light squares are the paper's
cream): the change there is a checkerboard with holes, and only its hull is the card.

Frames are drawn here from the project's own card art, with the camera's noise, and the
table model is learnt from the empty table as the daemon learns it."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from tableref.vision.halli.codes import canonical
from tableref.vision.halli.detect import detect_cards
from tableref.vision.halli.hint import TableHint, card_side
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.halli.table_model import READY, TableModel
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_props import card_back, clutter
from tableref.vision.synth.halli_scene import paste_card
from tableref.vision.synth.halli_table import table_texture

SIZE = (1280, 720)
SQUARE = 26  # px: the gingham's squares, a quarter of a card's width


def _gingham(paper: np.ndarray | tuple[int, int, int]) -> np.ndarray:
    """Squares of the card's own paper colour (or of `paper`) and of a teal."""
    yy, xx = np.mgrid[0:SIZE[1], 0:SIZE[0]]
    light = (xx // SQUARE + yy // SQUARE) % 2 == 0
    out = np.empty((SIZE[1], SIZE[0], 3), np.uint8)
    out[light] = paper
    out[~light] = (160, 150, 40)
    return out


def _quad(center: tuple[float, float], angle: float, w: float = 100.0) -> np.ndarray:
    h = 1.5 * w
    c, s = np.cos(angle), np.sin(angle)
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return local @ np.array([[c, s], [-s, c]]) + center


def _noisy(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out = image.astype(np.float32) + 3.0 * rng.standard_normal(image.shape, dtype=np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


def _inside(pt: tuple[float, float], quad: np.ndarray) -> bool:
    q = quad.astype(np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(q, (float(pt[0]), float(pt[1])), False) >= 0


def _learnt(empty: np.ndarray, rng: np.random.Generator) -> TableModel:
    """A table model that learnt the `empty` table from six noisy frames."""
    model = TableModel()
    for i in range(6):
        model.observe(_noisy(empty, rng), 0.1 * i)
    assert model.status == READY
    return model


Extra = Callable[[np.ndarray, np.random.Generator], object]


def _table_with(cards: list[tuple[str, np.ndarray]], seed: int, kind: str = "gingham",
                extra: Extra | None = None, side: float | None = None,
                style: CardStyle | None = None, light: tuple[int, int, int] | None = None
                ) -> tuple[np.ndarray, TableHint]:
    """The frame with `cards` (and `extra` drawn) laid on the cloth `kind` (the gingham of
    the cards' paper colour, or of `light`, or one of the project's table textures), and
    the hint of a model that learnt the empty cloth first; the cards' side learnt is
    `side`, else theirs. `style`: the deck's (the project's default)."""
    rng = np.random.default_rng(seed)
    paper = card_image("B", style)[8, 8]  # the card's own paper, by its corner
    empty = _gingham(light or paper) if kind == "gingham" else table_texture(rng, SIZE, kind)
    model = _learnt(empty, rng)
    top = empty.copy()
    for code, quad in cards:
        paste_card(top, card_back(rng) if code == "back" else card_image(code, style), quad)
    if extra is not None:
        extra(top, np.random.default_rng(seed))
    frame = _noisy(top, rng)
    model.observe(frame, 1.0)
    side = side or float(np.median([card_side(q) for _, q in cards]))
    return frame, TableHint(model.hint().changed, side)


def _reads(cards: list[tuple[str, np.ndarray]], seed: int, kind: str = "gingham",
           extra: Extra | None = None, side: float | None = None,
           style: CardStyle | None = None, light: tuple[int, int, int] | None = None
           ) -> list[str | None]:
    frame, hint = _table_with(cards, seed, kind, extra, side, style, light)
    return [c.code for c in Recogniser()(frame, hint=hint)]


def test_cards_the_colour_of_the_cloth_are_found_where_the_table_changed() -> None:
    cards = [("LLL", _quad((420, 300), 0.3)), ("BBPS", _quad((760, 330), -0.5)),
             ("PS", _quad((600, 520), 1.2))]
    frame, hint = _table_with(cards, 1)
    assert hint.changed is not None
    holes = [1 - float(np.mean(hint.changed[_mask(q)] > 0)) for _, q in cards]
    assert min(holes) > 0.15  # the change leaves out much of every card: the cloth's colour
    quads = detect_cards(frame, hint=hint).quads
    for code, quad in cards:
        near = [q for q in quads if _inside(q.center, quad)]
        assert len(near) == 1, code
        err = min(np.abs(np.roll(near[0].corners, k, axis=0) - quad).max() for k in range(4))
        assert err < 0.2 * 100, (code, err)
    read = {c.code for c in Recogniser()(frame, hint=hint)}
    # the PS's outline found on its paper takes in a square of the cloth: unknown
    assert {"LLL", "BBPS"} <= read <= {"LLL", "BBPS", "PS", None}


CREAM = CardStyle(paper=(178, 232, 250))  # a deck printed on cream paper
WHITE = (246, 248, 248)  # a cloth's light squares, whiter than that paper


@pytest.mark.xfail(strict=True, reason=(
    "known, open in #11: a cream deck on a whiter cloth is not found. A fix (a card of the "
    "known size fitted in the change and weighed at its own white) read these and a tuning "
    "game's missed cards, but the held-back games gave a wrong verdict with it: left out"))
def test_a_cream_deck_on_a_whiter_cloth_is_found_where_the_table_changed() -> None:
    """The cloth's light squares are whiter than the deck's cream paper: balanced to the
    frame's white (the cloth's), the paper is tinted, no paper mask takes it, and the
    change's hull (holes where the cream meets the white) stands on no card's edges: the
    LLL is not read (seed 1)."""
    for seed, angle in enumerate((0.3, -0.5, 1.2)):
        cards = [("LLL", _quad((420, 300), angle)), ("BBPS", _quad((760, 330), -angle))]
        read = _reads(cards, 40 + seed, style=CREAM, light=WHITE)
        assert sorted(c for c in read if c is not None) == ["BBPS", "LLL"], (seed, read)


def test_a_coloured_back_on_a_whiter_cloth_is_no_face_up_card() -> None:
    """A face-down card's back is a change of a card's size too; balanced to its own
    brightest, a coloured ground is no paper a lamp makes: never a card read."""
    for seed in range(3):
        cards = [("back", _quad((500, 320), 0.4 + seed)), ("PP", _quad((780, 360), 0.2))]
        read = _reads(cards, 60 + seed, style=CREAM, light=WHITE)
        assert set(read) <= {"PP", None}, (seed, read)


def test_a_messy_pile_the_colour_of_the_cloth_is_never_read_wrong() -> None:
    """The change of a pile askew is bigger than a card: what is read there is the top
    card or nothing, never the lower card's fruits counted with it."""
    for seed, offset in enumerate((25.0, 40.0, 55.0)):
        lower = _quad((600 + offset, 340 + 0.5 * offset), 0.25)
        top = _quad((600, 340), 0.1)
        read = [c for c in _reads([("SS", lower), ("BLL", top)], 10 + seed) if c is not None]
        assert set(read) <= {"BLL"}, (offset, read)


def _touching(center: tuple[float, float], angle: float, angle2: float,
              codes: tuple[str, str]) -> list[tuple[str, np.ndarray]]:
    """Two cards side by side, long edge to long edge, no gap (two neighbours' piles)."""
    c = np.asarray(center)
    c2 = c + 100.0 * np.array([np.cos(angle), np.sin(angle)])
    return [(codes[0], _quad((c[0], c[1]), angle)), (codes[1], _quad((c2[0], c2[1]), angle2))]


def test_two_cards_touching_side_by_side_are_never_read_as_one() -> None:
    """Two neighbours' piles touching long edge to long edge, a PP and an SL: one outline
    of two cards' area, shaped 4:3 where a card is 3:2, is no card (it was read "PPSL",
    a card not on the table: square to each other by the changed region's hull, a little
    askew by the paper's outline even before the hull)."""
    for kind, seed, angle2 in (("gingham", 200, 0.0), ("wood", 212, 0.0), ("wood", 303, 0.03)):
        read = _reads(_touching((600.0, 340.0), 0.0, angle2, ("PP", "SL")), seed, kind)
        assert set(read) <= {"PP", "SL", None}, (kind, seed, read)


def test_a_near_card_bigger_than_the_learnt_size_is_read_whole() -> None:
    """A tilted camera sees near cards up to a quarter bigger than the size learnt: the
    change's hull shrunk to the learnt size does not stand on the card's edges, and is
    never taken for a card cropped to fewer fruits."""
    for k, (scale, code, angle) in enumerate([(1.12, "SSS", -0.6), (1.2, "BBPL", 0.2),
                                              (1.26, "PL", 1.3)]):
        cards = [(code, _quad((640.0 + 40 * k, 400.0), angle, 100 * scale))]
        read = _reads(cards, 500 + k, side=float(np.sqrt(100 * 150)))
        assert set(read) <= {canonical(code), None}, (scale, code, read)


def test_a_thing_beside_a_card_is_no_part_of_it() -> None:
    """A die, a bottle cap, a box or a phone beside a card: their change is one region
    with the card's. The card is read whole or not at all."""
    for k, (what, offset, scale) in enumerate([("die", (75.0, 20.0), 60.0),
                                               ("cap", (-20.0, 95.0), 80.0),
                                               ("box", (105.0, 0.0), 90.0),
                                               ("phone", (-110.0, 10.0), 70.0)]):
        center = (600.0, 360.0)
        where = (center[0] + offset[0], center[1] + offset[1])

        def put(img: np.ndarray, rng: np.random.Generator, w: tuple[float, float] = where,
                s: float = scale, t: str = what) -> object:
            return clutter(img, rng, w, s, t)

        read = _reads([("BBL", _quad(center, 0.2))], 900 + k, extra=put)
        assert set(read) <= {"BBL", None}, (what, read)


def _mask(quad: np.ndarray) -> np.ndarray:
    m = np.zeros((SIZE[1], SIZE[0]), np.uint8)
    cv2.fillConvexPoly(m, np.round(quad).astype(np.int32), 1)
    return m > 0
