"""The fixed camera's hint to the card finder: a value that refuses nonsense."""

from __future__ import annotations

import numpy as np
import pytest

from tableref.vision.halli.hint import TableHint, card_side


def test_an_empty_hint_knows_nothing_and_fits_any_frame() -> None:
    hint = TableHint()
    assert hint.changed is None and hint.card_px is None and hint.piles == ()
    assert hint.fits((720, 1280, 3))


def test_the_mask_must_be_a_uint8_image_of_the_frames_size() -> None:
    hint = TableHint(np.zeros((720, 1280), np.uint8), 120.0, ((10.0, 20.0),))
    assert hint.fits((720, 1280, 3)) and not hint.fits((480, 640, 3))
    with pytest.raises(ValueError, match="2-D uint8"):
        TableHint(np.zeros((720, 1280), bool))
    with pytest.raises(ValueError, match="2-D uint8"):
        TableHint(np.zeros((720, 1280, 3), np.uint8))
    with pytest.raises(ValueError, match="positive"):
        TableHint(card_px=0.0)


def test_a_cards_side_is_the_root_of_its_area_whatever_its_turn() -> None:
    square = np.array([[0, 0], [60, 0], [60, 90], [0, 90]], float)
    assert card_side(square) == pytest.approx(np.sqrt(60 * 90))
    turn = np.array([[np.cos(0.5), -np.sin(0.5)], [np.sin(0.5), np.cos(0.5)]])
    assert card_side(square @ turn.T + 300) == pytest.approx(np.sqrt(60 * 90))
