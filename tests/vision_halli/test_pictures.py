"""Cards printed edge to edge (an animal with no paper border): found by their outline
when the family enrolled them."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tableref.vision.halli.animals import describe
from tableref.vision.halli.enrol import (
    BACK,
    MIN_SIDE,
    Enrolment,
    EnrolmentError,
    enrol_images,
    too_small,
)
from tableref.vision.halli.recognise import ANIMAL_SCORE, Recogniser
from tableref.vision.halli.rectify import CARD_SIZE, SURROUND_OFFSET
from tableref.vision.synth.halli_decks import random_deck
from tableref.vision.synth.halli_wild import QUIET as NOTHING_ELSE
from tableref.vision.synth.halli_wild import wild_scene

QUIET = replace(NOTHING_ELSE, tilt=10.0)
ANIMALS = ("elephant", "monkey", "pig")


def _inside(pt: tuple[float, float], quad: np.ndarray) -> bool:
    q = np.asarray(quad, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(q, (float(pt[0]), float(pt[1])), False) >= 0


def _enrolment_photo(card: np.ndarray, seed: int) -> np.ndarray:
    """One card on a plain cloth, from above, as a family photographs it."""
    rng = np.random.default_rng(seed)
    cond = replace(QUIET, surfaces=("plain",), card_width=(230.0, 260.0), tilt=0.0)
    return wild_scene([("card", card)], rng, cond).image


def test_an_enrolled_animal_printed_edge_to_edge_is_found() -> None:
    """The deck's animals have no paper border: the paper test cannot see them. Enrolled
    from one photo each, they are found on the table by their outline and named, and
    never named wrong; not enrolled, such an outline is not reported (it could be a box).
    Today only some are found (3 of the 15 here: an outline that merges with the table,
    or a match below the bar under another light); bench/heldout gives the rate."""
    found = shown = 0
    for family in ("flat", "outlined", "shaded"):
        rng = np.random.default_rng(7)
        deck = replace(random_deck(rng, family), full_bleed_animals=True)
        faces = {a: deck.card(a, rng) for a in ANIMALS}
        enrolment = enrol_images([(a, _enrolment_photo(faces[a], 40 + i))
                                  for i, a in enumerate(ANIMALS)])
        for seed in range(6):
            animal = ANIMALS[seed % 3]
            tops = [("BBL", deck.card("BBL", rng)), (animal, faces[animal]),
                    ("PS", deck.card("PS", rng)), ("LLL", deck.card("LLL", rng))]
            cond = replace(QUIET, surfaces=(("wood", "plain", "light")[seed % 3],))
            scene = wild_scene(tops, np.random.default_rng(100 + seed), cond)
            truth = next((t for t in scene.cards
                          if t.code == animal and t.visible >= 0.999), None)
            if truth is None:
                continue  # cut by the frame's edge
            shown += 1
            seen = Recogniser(enrolment)(scene.image)
            at = [c for c in seen if _inside(c.center, truth.corners)]
            # never named wrong ("unknown" is allowed: not sure is not wrong)
            assert all(c.code in (animal, None) and c.kind in ("animal", "unknown")
                       for c in at), (family, seed, at)
            found += [c.code for c in at] == [animal]
            bare = Recogniser()(scene.image)
            assert all(c.kind in ("animal", "unknown") and c.code is None
                       for c in bare if _inside(c.center, truth.corners)), (family, seed)
    assert shown >= 12 and found >= 3, (found, shown)


def test_a_weak_match_to_an_enrolled_back_is_no_answer() -> None:
    """The best match is the enrolled back, clearly, but weakly (a card that only half
    looks like it): no answer from the enrolment, the reader decides. It once raised
    "'back' is not a card" and stopped every reading of a family that enrolled its back."""
    rng = np.random.default_rng(11)
    deck = random_deck(rng, "flat")
    enrolment = Enrolment()
    for a in ANIMALS:
        enrolment.add(a, cv2.resize(deck.card(a, rng), CARD_SIZE))
    back = cv2.resize(deck.back(rng), CARD_SIZE)
    enrolment.add(BACK, back)
    fruit = cv2.resize(deck.card("BBL", rng), CARD_SIZE)
    half = (0.4 * back + 0.6 * fruit).astype(np.uint8)  # the back, but weakly
    m = enrolment.match(describe(half))
    assert m is not None and m.code == BACK and m.score < ANIMAL_SCORE <= m.score + 0.5
    around = cv2.copyMakeBorder(half, SURROUND_OFFSET[1], SURROUND_OFFSET[1],
                                SURROUND_OFFSET[0], SURROUND_OFFSET[0], cv2.BORDER_REPLICATE)
    with_enrolment = Recogniser(enrolment).read(around, (0.0, 0.0), ())
    assert with_enrolment == Recogniser().read(around, (0.0, 0.0), ())  # the reader's answer


def test_an_enrolment_photo_of_two_pictures_is_refused() -> None:
    """Two cards printed edge to edge in one photo: which one is the pig? The photo is
    refused with the reason, never one of them taken silently (it once took the bigger,
    and the box then named the monkey a pig)."""
    rng = np.random.default_rng(5)
    deck = replace(random_deck(rng, "flat"), full_bleed_animals=True)
    cond = replace(QUIET, surfaces=("plain",), card_width=(200.0, 230.0), tilt=0.0)
    photo = wild_scene([("pig", deck.card("pig", rng)), ("monkey", deck.card("monkey", rng))],
                       np.random.default_rng(3), cond).image
    with pytest.raises(EnrolmentError, match="pig: 2 card-shaped things in the photo"):
        enrol_images([("pig", photo)])


def test_scans_of_animals_printed_edge_to_edge_are_enrolled_whole() -> None:
    """A scan (the image is the card, of the card's own shape) has no cloth round the
    card: it is taken whole, not some outline inside its picture."""
    rng = np.random.default_rng(21)
    deck = replace(random_deck(rng, "flat"), full_bleed_animals=True)
    faces = {a: deck.card(a, rng) for a in ANIMALS}
    enrolment = enrol_images(list(faces.items()))
    for animal, face in faces.items():
        card = cv2.resize(face, CARD_SIZE, interpolation=cv2.INTER_AREA)
        around = cv2.copyMakeBorder(card, SURROUND_OFFSET[1], SURROUND_OFFSET[1],
                                    SURROUND_OFFSET[0], SURROUND_OFFSET[0],
                                    cv2.BORDER_CONSTANT, value=(40, 60, 40))
        seen = Recogniser(enrolment).read(around, (0.0, 0.0), ())
        assert (seen.kind, seen.code) == ("animal", animal)


@pytest.mark.parametrize("width, refused", [(30.0, True), (40.0, True), (150.0, False)])
def test_an_enrolment_photo_of_a_card_too_small_is_refused(width: float, refused: bool) -> None:
    """A card a few dozen pixels wide in the photo has lost the detail it is matched by:
    it was enrolled silently and never recognised. Now the photo is refused, with the
    card's width and what to do."""
    rng = np.random.default_rng(8)
    deck = random_deck(rng, "flat")
    cond = replace(QUIET, surfaces=("plain",), card_width=(width, width), tilt=0.0)
    photo = wild_scene([("pig", deck.card("pig", rng))], np.random.default_rng(4), cond).image
    if refused:
        with pytest.raises(EnrolmentError, match=r"pig: the card is only \d+ px wide in the "
                                                 r"photo; take it closer"):
            enrol_images([("pig", photo)])
    else:
        assert "pig" in enrol_images([("pig", photo)]).taught()


def test_a_card_a_fraction_under_the_width_asked_for_is_said_to_be_under_it() -> None:
    """63.6 px was said to be "only 64 px wide" when 64 px were asked for."""
    said = too_small("elephant.jpg", MIN_SIDE - 0.4)
    assert f"only {MIN_SIDE - 1} px wide" in said and f"at least {MIN_SIDE} px" in said


def test_a_tiny_card_lying_on_a_book_is_still_too_small() -> None:
    """A card 50 px wide on a card-shaped book four times its width: the card, not the
    book, and it is too small (the picture round a patch is taken only when the patch is
    a fifth of its width or less)."""
    rng = np.random.default_rng(8)
    deck = random_deck(rng, "flat")
    photo = np.full((720, 1280, 3), (40, 45, 50), np.uint8)
    cv2.rectangle(photo, (540, 210), (740, 510), (150, 60, 30), -1)  # the book, 200 x 300
    card = cv2.resize(deck.card("pig", rng), (50, 75), interpolation=cv2.INTER_AREA)
    photo[320:395, 615:665] = card
    with pytest.raises(EnrolmentError, match=r"pig: the card is only \d+ px wide"):
        enrol_images([("pig", photo)])
