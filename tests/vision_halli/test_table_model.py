"""The model of the empty table: light drifts, hands come and go, cards are put down.

Frames are drawn here from the project's own table textures and card art, with the
camera's noise added to every frame, and compared at the model's own scale."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tableref.vision.halli.table_model import LEARNING, READY, ModelOptions, TableModel
from tableref.vision.synth.halli_cards import card_image, random_style
from tableref.vision.synth.halli_scene import paste_card
from tableref.vision.synth.halli_table import draw_bell, draw_hand, table_texture

SIZE = (1280, 720)


class Table:
    """One table under one camera: the empty table, cards put on it, the light."""

    def __init__(self, kind: str, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.empty = table_texture(self.rng, SIZE, kind)
        draw_bell(self.empty, (640, 360), 55.0, self.rng)
        self.style = random_style(self.rng)
        self.quads: list[np.ndarray] = []
        self.top = self.empty.copy()

    def put(self, code: str, center: tuple[float, float], angle: float) -> np.ndarray:
        w, h = 107.0, 160.0
        c, s = np.cos(angle), np.sin(angle)
        local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
        quad = local @ np.array([[c, s], [-s, c]]) + center
        paste_card(self.top, card_image(code, self.style), quad)
        self.quads.append(quad)
        return quad

    def frame(self, image: np.ndarray | None = None, gain: tuple[float, float, float] = (1, 1, 1),
              ramp: float = 0.0) -> np.ndarray:
        """The image in this light (per channel gain, a ramp left to right), with noise."""
        img = (self.top if image is None else image).astype(np.float32)
        xs = np.linspace(-0.5, 0.5, SIZE[0], dtype=np.float32)[None, :, None]
        img = img * np.asarray(gain, np.float32) * (1 + ramp * xs)
        img += 3.0 * self.rng.standard_normal(img.shape, dtype=np.float32)
        return np.clip(img, 0, 255).astype(np.uint8)


def learnt(table: Table, t0: float = 0.0) -> TableModel:
    model = TableModel()
    for i in range(6):
        model.observe(table.frame(), t0 + 0.1 * i)
    assert model.status == READY
    return model


def share(mask: np.ndarray) -> float:
    return float(np.count_nonzero(mask)) / mask.size


def in_quads(model_mask: np.ndarray, quads: list[np.ndarray], grow: int) -> np.ndarray:
    """The quads (frame pixels) drawn at the mask's scale, grown (or shrunk) by `grow` px."""
    s = model_mask.shape[1] / SIZE[0]
    out = np.zeros(model_mask.shape, np.uint8)
    for q in quads:
        cv2.fillConvexPoly(out, np.round(q * s).astype(np.int32), 255)
    k = np.ones((abs(grow) * 2 + 1,) * 2, np.uint8)
    return cv2.dilate(out, k) if grow > 0 else cv2.erode(out, k)


LIGHTS = [
    ((1, 1, 1), 0.0),
    ((0.7, 0.7, 0.7), 0.0),  # auto-exposure darker
    ((1.25, 1.25, 1.25), 0.0),  # brighter
    ((0.72, 0.88, 1.0), 0.0),  # warm light: 2700 K against the daylight it was learnt in
    ((0.9, 0.95, 1.0), 0.4),  # a lamp to one side
]


@pytest.mark.parametrize("kind", ["wood", "cloth", "pattern"])
@pytest.mark.parametrize(("gain", "ramp"), LIGHTS)
def test_the_empty_table_in_any_light_is_the_table(kind: str, gain: tuple[float, float, float],
                                                   ramp: float) -> None:
    table = Table(kind, seed=len(kind))
    model = learnt(table)
    for i in range(3):
        view = model.observe(table.frame(gain=gain, ramp=ramp), 1.0 + 0.1 * i)
    assert view.status == READY
    assert share(view.changed) < 0.003
    assert view.faint is not None and share(view.faint) < 0.003  # not even faintly
    assert model.hint().changed is not None


@pytest.mark.parametrize("kind", ["wood", "cloth", "pattern"])
def test_a_card_put_down_differs_and_nothing_else_does(kind: str) -> None:
    table = Table(kind, seed=3)
    model = learnt(table)
    table.put("BBL", (330.0, 420.0), 0.4)
    table.put("pig", (900.0, 250.0), 2.0)
    for i in range(2):
        view = model.observe(table.frame(gain=(0.85, 0.9, 0.95), ramp=0.2), 1.0 + 0.1 * i)
    cards = in_quads(view.changed, table.quads, -1)
    around = in_quads(view.changed, table.quads, 3)
    hit = np.count_nonzero(view.changed & cards) / np.count_nonzero(cards)
    assert hit > 0.97
    assert share(view.changed & ~around) < 0.002
    hint = model.hint()
    assert hint.changed is not None and hint.changed.shape == (720, 1280)
    assert hint.changed[420, 330] == 255 and hint.changed[100, 100] == 0


def test_a_hand_differs_and_moves_and_leaves_no_trace() -> None:
    table = Table("wood", seed=5)
    model = learnt(table)
    quad = table.put("SSL", (640.0, 600.0), 0.1)
    model.observe(table.frame(), 1.0)
    model.observe(table.frame(), 1.1)
    hand = table.top.copy()
    hand_mask = draw_hand(hand, np.random.default_rng(1), [(640.0, 600.0)])
    view = model.observe(table.frame(hand), 1.2)
    assert not view.still and share(view.moving) > 0.01
    small_hand = cv2.resize(hand_mask, view.changed.shape[::-1], interpolation=cv2.INTER_AREA)
    assert np.count_nonzero(view.changed & (small_hand > 200)) > 0.9 * np.count_nonzero(
        small_hand > 200)
    for i in range(3):  # the hand is gone
        view = model.observe(table.frame(), 1.3 + 0.1 * i)
    assert view.still
    outside = ~in_quads(view.changed, [quad], 3)
    assert share(view.changed & outside) < 0.002


def test_the_light_drifting_slowly_for_minutes_is_followed_and_cards_stay_cards() -> None:
    table = Table("cloth", seed=2)
    model = learnt(table)
    table.put("PP", (400.0, 300.0), 0.7)
    model.layout(120.0, [(400.0, 300.0)])
    t = 1.0
    for step in range(60):  # two minutes, a frame every 2 s, the light going down by 40 %
        k = 1.0 - 0.4 * step / 59
        view = model.observe(table.frame(gain=(k, k * 0.97, k * 0.94), ramp=0.3 * step / 59), t)
        model.cards([table.quads[0]])
        t += 2.0
    cards = in_quads(view.changed, table.quads, -1)
    assert np.count_nonzero(view.changed & cards) > 0.97 * np.count_nonzero(cards)
    assert share(view.changed & ~in_quads(view.changed, table.quads, 3)) < 0.003


def test_something_put_down_that_is_no_card_becomes_the_table_after_a_while() -> None:
    table = Table("wood", seed=4)
    opts = ModelOptions(absorb_s=5.0)
    model = TableModel(opts)
    for i in range(6):
        model.observe(table.frame(), 0.1 * i)
    pile = table.put("B", (300.0, 500.0), 0.0)
    model.layout(130.0, [(300.0, 500.0)])
    cv2.rectangle(table.top, (900, 120), (980, 260), (30, 30, 30), -1)  # a phone
    t = 1.0
    for _ in range(12):
        view = model.observe(table.frame(), t)
        t += 1.0
    assert view.changed[190 // 4, 940 // 4] == 0  # the phone: the table now
    # the card on its pile stays a card, though nobody told the model it is one
    cards = in_quads(view.changed, [pile], -1)
    assert np.count_nonzero(view.changed & cards) > 0.97 * np.count_nonzero(cards)


def test_a_hand_moving_while_learning_is_never_the_table_and_a_moved_camera_is_relearnt(
) -> None:
    table = Table("wood", seed=6)
    model = TableModel()
    rng = np.random.default_rng(0)
    union = np.zeros((720, 1280), np.uint8)
    for i in range(8):  # a hand moving about the whole time
        hand = table.top.copy()
        union |= draw_hand(hand, rng, [(rng.uniform(200, 1000), rng.uniform(150, 600))])
        view = model.observe(table.frame(hand), 0.1 * i)
    assert model.status == READY  # learnt round the hand, from where it was not
    view = model.observe(table.frame(), 1.0)
    hands = cv2.resize(cv2.dilate(union, np.ones((15, 15), np.uint8)), (320, 180)) > 0
    assert share(view.changed & ~hands) < 0.003  # nothing but where a hand was
    for i in range(15):  # the table seen still where the hand was: known now
        view = model.observe(table.frame(), 1.1 + 0.1 * i)
    assert share(view.changed) < 0.003
    knocked = np.roll(table.top, (9, 13), axis=(0, 1))  # the camera knocked a little
    for i in range(3):
        view = model.observe(table.frame(knocked), 3 + 0.1 * i)
    assert view.status == READY and share(view.changed) < 0.05  # the bell's edge, mostly
    moved = Table("pattern", seed=9).top  # the camera turned to another table
    statuses = [model.observe(table.frame(moved), 4 + 0.1 * i).status for i in range(14)]
    assert LEARNING in statuses and statuses[-1] == READY and model.relearnt == 1
    assert share(model.observe(table.frame(moved), 6.0).changed) < 0.003


def test_the_hint_is_empty_while_learning() -> None:
    model = TableModel()
    model.observe(Table("cloth", seed=1).frame(), 0.0)
    assert model.status == LEARNING and model.hint().changed is None


def test_a_card_lying_there_while_learning_is_never_the_table() -> None:
    table = Table("cloth", seed=8)
    quad = table.put("elephant", (700.0, 200.0), 0.3)
    model = TableModel()
    model.cards([quad])  # the finder saw a card while the table was being learnt
    for i in range(6):
        view = model.observe(table.frame(), 0.1 * i)
        model.cards([quad])
    view = model.observe(table.frame(), 1.0)
    cards = in_quads(view.changed, [quad], -1)
    assert np.count_nonzero(view.changed & cards) == np.count_nonzero(cards)


def test_frames_must_be_colour_images() -> None:
    with pytest.raises(ValueError, match="colour image"):
        TableModel().observe(np.zeros((720, 1280), np.uint8))


def cream_cloth(table: Table, below: int) -> None:
    """The table laid with a plain cloth `below` grey levels darker than the cards' paper
    (beige, cream, linen): the paper differs from it by less than the model's tolerance."""
    paper = np.asarray(table.style.paper, np.float32) - below
    cloth = np.broadcast_to(paper, (SIZE[1], SIZE[0], 3)).astype(np.float32)
    cloth = cloth * table.rng.uniform(0.97, 1.03, (SIZE[1], SIZE[0], 1)).astype(np.float32)
    table.empty = np.clip(cloth, 0, 255).astype(np.uint8)
    table.top = table.empty.copy()


def test_a_card_the_cloths_colour_is_in_the_hint_and_never_learnt_as_the_table() -> None:
    table = Table("cloth", seed=11)
    cream_cloth(table, below=22)
    model = learnt(table)
    quad = table.put("BS", (500.0, 380.0), 0.3)
    center = (500.0, 380.0)
    t = 1.0
    for _ in range(60):  # six seconds still, the finder missing the card (no `cards`)
        view = model.observe(table.frame(), t)
        t += 0.1
    assert view.still
    inside = in_quads(view.changed, [quad], -2) > 0
    strict = np.count_nonzero(view.changed[inside]) / np.count_nonzero(inside)
    assert strict < 0.5  # the paper is within the tolerance: only the fruit differs
    hint = model.hint()
    assert hint.changed is not None
    full = np.zeros((720, 1280), np.uint8)
    cv2.fillConvexPoly(full, np.round(quad).astype(np.int32), 255)
    full = cv2.erode(full, np.ones((9, 9), np.uint8)) > 0
    assert np.count_nonzero(hint.changed[full]) > 0.9 * np.count_nonzero(full)
    faint = model.share_changed(center, 50.0, faint=True)
    assert faint is not None and faint > 0.9
    # and the empty cloth beside it is still the table, faintly or not
    assert model.share_changed((900.0, 380.0), 50.0, faint=True) == 0.0


def test_a_card_over_a_pattern_whose_tones_bracket_its_paper_is_in_the_hint() -> None:
    table = Table("cloth", seed=12)
    paper = np.asarray(table.style.paper, np.float32)
    ys, xs = np.mgrid[0:SIZE[1], 0:SIZE[0]]
    check = ((xs // 12 + ys // 12) % 2).astype(np.float32)[..., None]
    # a fine gingham, one tone lighter than the paper and one darker: the table's range
    # round every pixel holds the paper's colour, only the pattern's absence tells
    cloth = check * np.minimum(paper + 12, 255) + (1 - check) * (paper - 45)
    table.empty = np.clip(cloth, 0, 255).astype(np.uint8)
    table.top = table.empty.copy()
    model = learnt(table)
    empty = model.observe(table.frame(), 0.9)
    assert empty.faint is not None and share(empty.faint) < 0.003
    quad = table.put("L", (640.0, 360.0), 0.5)
    for i in range(3):
        view = model.observe(table.frame(), 1.0 + 0.1 * i)
    hint = model.hint()
    assert hint.changed is not None
    full = np.zeros((720, 1280), np.uint8)
    cv2.fillConvexPoly(full, np.round(quad).astype(np.int32), 255)
    full = cv2.erode(full, np.ones((9, 9), np.uint8)) > 0
    assert np.count_nonzero(hint.changed[full]) > 0.8 * np.count_nonzero(full)
    assert view.faint is not None
    assert share(view.faint & ~in_quads(view.faint, [quad], 3)) < 0.003
