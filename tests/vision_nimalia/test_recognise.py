"""End to end on small photos of reserves drawn with the project's own card art."""

import numpy as np
import pytest

from tableref.games.nimalia.model import Reserve
from tableref.vision.nimalia.cards import Card
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.locate import NoReserveError, locate
from tableref.vision.nimalia.recognise import recognise
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, PhotoStyle, render_photo
from tableref.vision.synth.nimalia_reserve import Placement, random_reserve

SMALL = PhotoStyle(width=800, height=600, space_px=(45.0, 60.0), max_tilt_deg=20.0)


def _photos(cards, images, count):  # type: ignore[no-untyped-def]
    for seed in range(count):
        rng = np.random.default_rng(100 + seed)
        yield render_photo(images, cards, random_reserve(list(cards), rng, n_cards=6), rng, SMALL)


def test_reads_most_spaces_and_names_the_doubtful_ones(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    total = right = silently_wrong = 0
    for photo in _photos(cards, card_images, 4):
        rec = recognise(photo.image, enrolment)
        total += len(photo.spaces)
        right += sum(rec.spaces.get(p) == k for p, k in photo.spaces.items())
        silently_wrong += sum(photo.spaces.get(p) != k for p, k in rec.spaces.items())
        # every space is either read or named
        named = {(d.row, d.col) for d in rec.unreadable}
        assert set(rec.spaces) | named == set(rec.guesses)
        assert (rec.reserve is None) is bool(named)  # the game's reserve only when all read
        assert min(r for r, _ in rec.guesses) == 0 and min(c for _, c in rec.guesses) == 0
    assert right / total >= 0.8, f"{right}/{total} spaces read right"
    assert silently_wrong <= 2, f"{silently_wrong} spaces read wrong without a warning"


def test_a_clean_photo_is_read_exactly(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    rng = np.random.default_rng(7)
    style = CLEAN_SMALL
    photo = render_photo(
        card_images, cards, random_reserve(list(cards), rng, n_cards=3), rng, style
    )
    rec = recognise(photo.image, enrolment)
    assert rec.unreadable == []
    assert rec.spaces == photo.spaces
    assert isinstance(rec.reserve, Reserve) and rec.reserve == Reserve(photo.spaces)
    assert rec.as_json()["spaces"][0].keys() >= {"row", "col", "terrain", "animal", "confidence"}  # type: ignore[index]


def test_an_empty_table_is_refused() -> None:
    table = np.full((600, 800, 3), 90, np.uint8)
    with pytest.raises(NoReserveError, match="no cards"):
        locate(table)


def test_large_spaces_are_not_cut_in_four(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    """Two cards close up: a grid at half the pitch has plain rims too (each cell a corner
    of a space), but its cells do not look like any card's space."""
    style = PhotoStyle(width=800, height=600, space_px=(50.0, 55.0))
    rng = np.random.default_rng(33)
    placements = random_reserve(list(cards), rng, n_cards=2)
    photo = render_photo(card_images, cards, placements, rng, style)
    rec = recognise(photo.image, enrolment)
    assert set(rec.guesses) == set(photo.spaces)
    assert rec.spaces == photo.spaces


def test_a_hole_among_the_cards_is_no_space(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    """Four cards in a pinwheel leave the table showing at (2, 2): the outline surrounds
    it, but it is no space of the reserve."""
    ids = sorted(cards)
    placements = [
        Placement(ids[0], 0, 1, 0),
        Placement(ids[1], 1, 3, 1),
        Placement(ids[2], 3, 2, 2),
        Placement(ids[3], 2, 0, 3),
    ]
    photo = render_photo(card_images, cards, placements, np.random.default_rng(5), CLEAN_SMALL)
    assert (2, 2) not in photo.spaces and len(photo.spaces) == 16
    rec = recognise(photo.image, enrolment)
    assert set(rec.guesses) == set(photo.spaces)
    assert rec.spaces == photo.spaces
