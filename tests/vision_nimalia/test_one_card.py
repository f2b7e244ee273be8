"""One card alone on a photo (teaching the box a card from a phone photo): found, squared
and turned upright by its terrains in any turn; another card is not taken for it; the cards
the page asks for show every kind of space twice and are each known by their terrains."""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np
import pytest

from tableref.device.daemon.nimalia_teach import TIMES, wanted_cards
from tableref.games.nimalia.cards import all_cards, card, turn_face
from tableref.vision.nimalia.cards import OTTER_TERRAINS, RESIDENTS, TERRAINS
from tableref.vision.nimalia.one_card import FACE_PX, CardPhotoError, card_face, upright
from tableref.vision.synth.nimalia_art import draw_card
from tableref.vision.synth.nimalia_photo import PhotoStyle, render_photo
from tableref.vision.synth.nimalia_reserve import Placement


def _photo(card_id: int, turns: int, seed: int) -> np.ndarray:
    face = card(card_id).face
    rng = np.random.default_rng(seed)
    style = PhotoStyle(width=960, height=720, space_px=(60.0, 100.0), clutter=False)
    photo = render_photo({card_id: draw_card(face, seed)}, {card_id: face},
                         [Placement(card_id, 0, 0, turns)], rng, style)
    return photo.image


@cache
def _face_of(card_id: int) -> np.ndarray | None:
    """Card `card_id` found on a photo of it (None when it is not found there)."""
    try:
        return card_face(_photo(card_id, card_id % 4, card_id))
    except CardPhotoError:
        return None


@pytest.mark.parametrize("turns", range(4))
@pytest.mark.parametrize("card_id", wanted_cards())
def test_a_card_in_any_turn_is_turned_upright(card_id: int, turns: int) -> None:
    face = card_face(_photo(card_id, turns, 100 * card_id + turns))
    assert face.shape == (FACE_PX, FACE_PX, 3)
    turned = upright(face, card(card_id).face)
    assert turned is not None
    # upright: like the card as drawn unturned, more than like any turn of it
    drawn = draw_card(card(card_id).face, 100 * card_id + turns, FACE_PX // 2)

    def likeness(a: np.ndarray, b: np.ndarray) -> float:
        x, y = a.astype(float).ravel(), b.astype(float).ravel()
        return float(np.corrcoef(x - x.mean(), y - y.mean())[0, 1])

    alike = [likeness(turned, np.rot90(drawn, k)) for k in range(4)]
    assert alike[0] == max(alike), alike


def test_another_card_is_not_taken_for_the_one_asked() -> None:
    found = 0
    for other in all_cards():
        face = _face_of(other.id)
        if face is None:  # refused as no card: not taken for another card either
            continue
        found += 1
        for card_id in wanted_cards():
            if card_id != other.id:
                assert upright(face, card(card_id).face) is None, (card_id, other.id)
    assert found >= 55  # nearly every card is found on its photo


def test_an_empty_table_is_no_card() -> None:
    with pytest.raises(CardPhotoError):
        card_face(np.full((600, 800, 3), (40, 90, 150), np.uint8))


def test_the_cards_asked_for_show_every_kind_twice_and_are_told_apart() -> None:
    wanted = wanted_cards()
    kinds = Counter((s.terrain.value, s.animal.value)
                    for i in wanted for row in card(i).face for s in row)
    need = [(t.value, a.value) for t in TERRAINS for a in RESIDENTS[t]] + [
        (t.value, "otter") for t in OTTER_TERRAINS]
    assert all(kinds[k] >= TIMES for k in need)
    for i in wanted:  # no other card has its terrains in the same places, in any turn
        layouts = {tuple(s.terrain for row in turn_face(card(i).face, r) for s in row)
                   for r in (0, 90, 180, 270)}
        assert not any(tuple(s.terrain for row in o.face for s in row) in layouts
                       for o in all_cards() if o.id != i)
