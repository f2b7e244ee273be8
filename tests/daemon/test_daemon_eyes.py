"""The Halli recogniser as the daemon uses it: seats, unreadable cards, a still table."""

from __future__ import annotations

import numpy as np
import pytest

from tableref.device.camera.base import Frame
from tableref.device.daemon.halli_eyes import HalliEyes, StillTable
from tableref.device.sim.decks import halli_enrolment
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_scene import render_table

SEED = 7


@pytest.fixture(scope="module")
def recogniser() -> Recogniser:
    return Recogniser(halli_enrolment(SEED))


def test_cards_are_given_to_the_seat_whose_pile_they_lie_on(recogniser: Recogniser) -> None:
    eyes = HalliEyes(recogniser, 4, recheck_s=60)
    tops = ("BBL", None, "pig", "PS")
    seen, jpeg = eyes.look(Frame(render_table(tops, seed=SEED), 5, 1))
    assert seen.tops == tops and seen.t_ns == 5
    assert jpeg is not None and jpeg[:2] == b"\xff\xd8"
    covered = render_table(tops, seed=SEED, hand_at=2)
    seen, _ = eyes.look(Frame(covered, 6, 2))
    assert seen.tops == ("BBL", None, "~", "PS")  # a hand hides a card: "~", never another


def test_a_still_table_is_not_read_again_but_a_turned_card_is(recogniser: Recogniser) -> None:
    eyes = HalliEyes(recogniser, 2, recheck_s=1.0)
    first = render_table(("L", None), seed=SEED)
    rng = np.random.default_rng(0)
    eyes.look(Frame(first, 1, 1))
    skipped = eyes.skipped
    noisy = np.clip(first + rng.normal(0, 3, first.shape), 0, 255).astype(np.uint8)
    seen, _ = eyes.look(Frame(noisy, 2, 2))  # sensor noise: the same table
    assert eyes.skipped == skipped + 1 and seen.tops == ("L", None) and seen.t_ns == 2
    seen, _ = eyes.look(Frame(render_table(("L", "BB"), seed=SEED), 3, 3))
    assert seen.tops == ("L", "BB") and eyes.skipped == skipped + 1
    # the same table is read again once `recheck_s` of frame time has passed
    seen, _ = eyes.look(Frame(render_table(("L", "BB"), seed=SEED), 3 + 10**9, 4))
    assert seen.tops == ("L", "BB") and eyes.skipped == skipped + 1


def test_still_table_threshold() -> None:
    still = StillTable()
    img = np.full((720, 1280, 3), 120, np.uint8)
    assert still.changed(img)
    assert not still.changed(img)
    moved = img.copy()
    moved[300:460, 600:700] = 250  # a card-sized change
    assert still.changed(moved)


def test_the_camera_picture_for_the_page_draws_outlines_and_no_codes() -> None:
    """The page draws each card read as fruit in its own language: the picture the daemon
    serves has the cards' outlines only, never a code ("BBL") burned into it."""
    import numpy as np

    from tableref.device.daemon.halli_eyes import annotate
    from tableref.vision.halli.recognise import SeenCard

    image = np.full((240, 320, 3), 90, np.uint8)
    corners = ((100.0, 60.0), (180.0, 60.0), (180.0, 180.0), (100.0, 180.0))

    def card(code: str) -> SeenCard:
        return SeenCard("fruit", code, (140.0, 120.0), corners)

    as_bbl = annotate(image, [card("BBL")])
    assert as_bbl is not None and as_bbl == annotate(image, [card("PPSSL")])
    assert as_bbl != annotate(image, [])  # the outline is drawn
