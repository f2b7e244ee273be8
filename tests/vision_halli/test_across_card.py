"""A card's size laid across a bigger card (a pile askew, a blob a hand made odd): the
finder may fit such a quad inside a card, its sides on the card's paper and crossing the
card's edges, printed frame and fruits at a slant. Whatever the finder proposes, the
reader takes a card only where most of its outline is a card's edge running along it:
a quad across a card shows part of the card and is never read."""

import numpy as np
import pytest

import tableref.vision.halli.recognise as recognise
from tableref.vision.halli.detect import Found, Quad
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.halli.verify import SIDE_STANDS_OUT, outline_sides
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_scene import paste_card

CODES = ["SSL", "BSS", "PPL", "BBPS", "LLL"]
TABLES = {"pink": (200, 210, 238), "wood": (60, 95, 140), "white": (232, 234, 236)}


def _quad(cx: float, cy: float, w: float, h: float, angle: float) -> np.ndarray:
    ca, sa = np.cos(angle), np.sin(angle)
    local = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local],
                    np.float32)


def _table(code: str, colour: tuple[int, int, int], angle: float) -> tuple[np.ndarray,
                                                                          np.ndarray]:
    """A 1280x720 table of one colour with a card (96 x 144 px) at its middle, turned."""
    rng = np.random.default_rng(7)
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:] = colour
    frame = np.clip(frame + rng.normal(0, 3, frame.shape), 0, 255).astype(np.uint8)
    card = _quad(640, 360, 96, 144, angle)
    paste_card(frame, card_image(code, CardStyle()), card)
    return frame, card


def _sides(frame: np.ndarray, quad: np.ndarray) -> int:
    return sum(s >= SIDE_STANDS_OUT for s in outline_sides(frame, quad))


@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_card_shows_its_edges_and_a_quad_across_it_does_not(table: str) -> None:
    for angle in (0.45, 0.6, 0.75):  # 26 to 43 degrees
        frame, card = _table("SSL", TABLES[table], angle)
        assert _sides(frame, card) >= 3, (table, angle)
        for dx, dy in ((0, 0), (8, -6), (-10, 4)):
            across = _quad(640 + dx, 360 + dy, 96, 144, 0.0)  # the card's size, upright
            assert _sides(frame, across) < 2, (table, angle, dx, dy)


def test_a_quad_across_a_card_is_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The finder's quad is given (whatever it may propose on a messy pile); the card
    under it is read right when the quad is the card's outline, and never read at all
    when the quad lies across it."""
    proposed: list[np.ndarray] = []

    def finder(*_: object) -> Found:
        return Found([Quad(q, True) for q in proposed], 96.0 * 144.0, 1)

    monkeypatch.setattr(recognise, "detect_cards", finder)
    right = 0
    for code in CODES:
        for table, colour in TABLES.items():
            for angle in (0.5, 0.7):
                frame, card = _table(code, colour, angle)
                proposed[:] = [card]
                seen = Recogniser()(frame)
                assert [c.code for c in seen if c.kind == "fruit"] in ([], [code])
                right += [c.code for c in seen] == [code]
                for dx, dy in ((0, 0), (10, -8)):
                    proposed[:] = [_quad(640 + dx, 360 + dy, 96, 144, 0.0)]
                    seen = Recogniser()(frame)
                    assert [c.kind for c in seen] == ["unknown"], (code, table, angle,
                                                                  [c.code for c in seen])
    assert right >= 25, right  # of 30
