"""Whole frames of the project's own cards: found, read, and never guessed."""

from dataclasses import replace

import numpy as np
import pytest

from tableref.vision.halli.enrol import Enrolment
from tableref.vision.halli.hint import TableHint, card_side
from tableref.vision.halli.recognise import Recogniser, SeenCard
from tableref.vision.synth.halli_decks import random_deck
from tableref.vision.synth.halli_scene import (
    Scene,
    SceneOptions,
    paste_card,
    random_scene,
    render_table,
)
from tableref.vision.synth.halli_table import table_texture

from .conftest import EASY


def _pair(scene: Scene, seen: list[SeenCard]) -> dict[str, SeenCard]:
    """Each true card's code -> the seen card nearest its centre (within a third of a card)."""
    out = {}
    for truth in scene.cards:
        near = [s for s in seen
                if np.hypot(s.center[0] - truth.center[0], s.center[1] - truth.center[1]) < 40]
        assert len(near) == 1, f"{truth.code} at {truth.center}: {len(near)} cards seen there"
        out[truth.code] = near[0]
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fruit_cards_on_a_table_are_read(seed: int) -> None:
    rng = np.random.default_rng(seed)
    scene = random_scene(rng, ["BBL", "PPPPP", "SS", "L", "BPS"], EASY)
    seen = Recogniser()(scene.image)
    assert len(seen) == 5
    for code, card in _pair(scene, seen).items():
        assert (card.kind, card.code) == ("fruit", code)


def test_corners_and_centre_are_where_the_card_lies() -> None:
    scene = random_scene(np.random.default_rng(4), ["SSL", "P"], EASY)
    seen = Recogniser()(scene.image)
    for truth in scene.cards:
        card = _pair(scene, seen)[truth.code]
        got = np.array(card.corners)
        # same corners, in some cyclic order (a card may lie either way up)
        err = min(np.abs(np.roll(got, k, axis=0) - truth.corners).max() for k in range(4))
        assert err < 16


def test_animals_are_animals_but_which_only_once_enrolled(enrolment: Enrolment) -> None:
    rng = np.random.default_rng(5)
    scene = random_scene(rng, ["pig", "elephant", "monkey", "BB"], EASY)
    before = _pair(scene, Recogniser()(scene.image))
    assert [(before[a].kind, before[a].code) for a in ("pig", "elephant", "monkey")] == [
        ("animal", None)] * 3
    assert before["BB"].code == "BB"
    after = _pair(scene, Recogniser(enrolment)(scene.image))
    for animal in ("pig", "elephant", "monkey"):
        assert (after[animal].kind, after[animal].code) == ("animal", animal)
    assert after["BB"].code == "BB"


def test_a_card_under_a_hand_is_never_guessed() -> None:
    checked = 0
    for seed in range(12):
        rng = np.random.default_rng(100 + seed)
        scene = random_scene(rng, ["BBL", "SS", "PLL", "BBBB"], SceneOptions(hand=1.0))
        seen = Recogniser()(scene.image)
        for truth in scene.cards:
            if truth.visible > 0.97:
                continue
            for s in seen:
                if np.hypot(s.center[0] - truth.center[0], s.center[1] - truth.center[1]) < 60:
                    checked += 1
                    assert s.kind == "unknown" or s.code == truth.code
    assert checked >= 1


def test_no_cards_on_an_empty_table() -> None:
    frame = render_table([None, None, None], seed=3)
    assert Recogniser()(frame) == []


def test_json_form_follows_the_spec() -> None:
    card = SeenCard("fruit", "BBL", (10.0, 20.0), ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)),
                    {"banana": 2, "plum": 0, "strawberry": 0, "lime": 1})
    assert card.to_json() == {
        "kind": "fruit", "code": "BBL",
        "fruits": {"banana": 2, "plum": 0, "strawberry": 0, "lime": 1},
        "center": [10.0, 20.0], "corners": [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]}
    pig = SeenCard("animal", "pig", (1.0, 2.0), ())
    assert pig.to_json()["animal"] == "pig"
    assert SeenCard("unknown", None, (1.0, 2.0), ()).to_json()["kind"] == "unknown"


def test_bad_frames_are_refused() -> None:
    with pytest.raises(ValueError, match="colour image"):
        Recogniser()(np.zeros((10, 10), np.uint8))


def test_an_enrolled_fruit_card_overrides_the_count() -> None:
    """A fruit card the box gets wrong can be taught: its photo, named by its code."""
    from tableref.vision.halli.enrol import card_from_photo
    from tableref.vision.synth.halli_cards import CardStyle, card_image
    from tableref.vision.synth.halli_scene import compose_scene

    rng = np.random.default_rng(21)
    art = card_image("BBL", CardStyle())
    photo = compose_scene([("BBL", art)], rng, SceneOptions(bell=False, hand=0.0,
                                                            pile_depth=(0, 0)))
    taught = Enrolment()
    taught.add("BPL", card_from_photo(photo.image, "BPL.jpg"))  # the user says: this is BPL
    tops = [("BBL", art), ("SS", card_image("SS", CardStyle())), ("P", card_image("P"))]
    scene = compose_scene(tops, rng, EASY)
    assert {s.code for s in Recogniser()(scene.image)} == {"BBL", "SS", "P"}
    assert {s.code for s in Recogniser(taught)(scene.image)} == {"BPL", "SS", "P"}


def test_a_recogniser_learns_the_card_size_of_its_camera() -> None:
    rec = Recogniser()
    rec(render_table(["BBL", "SS", "PLL", "BBBB"], seed=4))
    assert rec.card_area is not None
    # render_table draws cards 160 x 107 pixels; outlines come within a few pixels
    assert 0.85 * 160 * 107 < rec.card_area < 1.25 * 160 * 107
    seen = rec(render_table(["BBL", None, None, "BBBB"], seed=4, hand_at=0))
    assert [c.code for c in seen if c.kind != "unknown"] == ["BBBB"]


@pytest.mark.xfail(strict=True, reason=(
    "known, open in #11: the card size the recogniser learns from frames where three "
    "outlines agree can be parts of cards and stay wrong for minutes; measuring a card by "
    "the fixed camera's size instead was tried with another change the held-back games "
    "found a wrong verdict with, and left out with it"))
@pytest.mark.parametrize("layout", ["triangle", "zigzag"])
def test_a_fixed_camera_s_card_size_outweighs_one_learnt_from_parts(layout: str) -> None:
    """A card of a deck whose fruits lie lopsided is read only when it is whole: the
    right size, outlined all round. The size learnt from frames where three outlines
    agree may be parts of cards agreeing (a tuning game's stayed 18 % small for
    minutes); the fixed camera's (the hint's: the median of the cards read at its table,
    on outlines set on their edges) would be the one to measure a card by. Today these
    cards are taken for more than a card, and their lopsided layout for a covered
    card's: unknown."""
    deck = replace(random_deck(np.random.default_rng(3), "outlined"), layout=layout)
    rng = np.random.default_rng(5)
    c, s = np.cos(0.3), np.sin(0.3)
    local = np.array([[-50.0, -75.0], [50.0, -75.0], [50.0, 75.0], [-50.0, 75.0]])
    quad = local @ np.array([[c, s], [-s, c]]) + (640.0, 360.0)
    for code in ("PSL", "BBL", "PSSLL"):
        img = table_texture(np.random.default_rng(1), (1280, 720), "wood")
        paste_card(img, deck.card(code, rng), quad)
        rec = Recogniser()
        rec.card_area = 0.8 * card_side(quad) ** 2  # learnt from parts of cards
        seen = [c.code for c in rec(img, hint=TableHint(None, card_side(quad)))]
        assert seen == [code], (layout, code, seen)


@pytest.mark.parametrize("table", ["wood", "cloth", "pattern"])
def test_one_card_alone_on_a_table_is_one_card(table: str) -> None:
    """With one card, the frame's white comes from few pixels: the table stays table."""
    for seed in range(4):
        rng = np.random.default_rng(seed)
        scene = random_scene(rng, ["BBL"], SceneOptions(table=table, bell=False, hand=0.0))
        assert [c.code for c in Recogniser()(scene.image)] == ["BBL"], seed
