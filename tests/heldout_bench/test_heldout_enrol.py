"""The enrolment photos the held-out bench takes of a tuning deck's animals, as a family
would: each one is enrolled (`tableref halli enroll`'s own path)."""

from __future__ import annotations

from pathlib import Path

import cv2

from bench.heldout.store import deck_named, enrol_dir
from tableref.vision.halli.enrol import build_enrolment, card_from_photo
from tableref.vision.halli.hint import card_width
from tableref.vision.halli.pictures import card_pictures


def test_an_elephant_whose_grey_head_passes_for_paper_is_enrolled_whole(
        tmp_path: Path) -> None:
    """The elephant of the tuning deck photo-extreme-1, printed edge to edge: the grey of
    its head, balanced, passed for a card's paper, and the photo was refused as "a card
    only 44 px wide". The card is the picture round it."""
    folder = enrol_dir(deck_named("photo-extreme-1"), tmp_path / "enrol")
    photo = cv2.imread(str(folder / "elephant.jpg"))
    picture = card_pictures(photo)
    assert len(picture) == 1 and card_width(picture[0]) > 200  # the card, 265 px wide
    assert card_from_photo(photo, "elephant.jpg").shape[:2] == (96, 64)
    assert sorted(build_enrolment(folder).taught()) == ["elephant", "monkey", "pig"]
