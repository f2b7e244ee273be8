"""A pile the box never found is not a bare pile: a tuning game of the held-out bench (two
players on gingham, seed 11) had Ben's first cards lie unread where the box did not guess
his place, his pile read as bare, and Ann's right ring judged wrong on her cards alone.

Scenes: the project's own card art and table (`render_table`'s four places): Ann sits on
the left, Ben on the right, and the box guesses two players near the camera and opposite
it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tableref.device.camera.base import Frame
from tableref.device.daemon.halli_eyes import HalliEyes
from tableref.device.daemon.halli_flips import HIDDEN_BY_HAND
from tableref.device.daemon.halli_session import HalliKit, HalliSession
from tableref.device.daemon.offline import OfflineBox
from tableref.device.sim.decks import halli_enrolment
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.halli.seats import pile_places
from tableref.vision.synth.halli_scene import render_table

SEED = 7
W, H = 1280, 720
BEN_AT = pile_places(4, (W, H))[3]  # on the right


@pytest.fixture(scope="module")
def recogniser() -> Recogniser:
    return Recogniser(halli_enrolment(SEED))


def _table(ann: str | None, ben: str | None, blot: bool = False) -> np.ndarray:
    """Ann on the left, Ben on the right; `blot`: a grey patch over the middle of Ben's
    card (a glare): found, not read."""
    image = render_table((None, ann, None, ben), seed=SEED)
    if blot:
        x, y = (round(v) for v in BEN_AT)
        image[y - 25:y + 25, x - 25:x + 25] = (90, 90, 90)
    return image


def _frames() -> list[np.ndarray]:
    return [_table(None, None)] * 6 + [_table("LL", None)] * 4 \
        + [_table("LL", "LLL", blot=True)] * 6


def test_a_card_not_read_away_from_every_pile_found_leaves_an_unfound_pile_unsure(
        recogniser: Recogniser) -> None:
    eyes = HalliEyes(recogniser, 2, recheck_s=0)
    eyes.first_turn = 0
    seen = []
    for t, image in enumerate(_frames()):
        seen.append(eyes.look(Frame(image, t * 10**9, t))[0].tops)
        if seen[-1][0] == "LL":
            eyes.first_turn = 1  # Ann's card counted: Ben is to turn his first
    assert seen[-1] == ("LL", HIDDEN_BY_HAND), seen  # not bare: not known


def test_a_ring_on_a_pile_never_found_is_unsure_never_judged_on_the_others_alone() -> None:
    """Ann's LL and Ben's LLL (five limes, unread): Ann rings, rightly. Before, the box
    said "wrong" on Ann's LL alone."""
    rings = _rings_after(_frames(), 3 * 10**8)
    assert len(rings) == 1 and rings[0]["judged"] is False and "right" not in rings[0], rings


def _rings_after(frames: list[np.ndarray], every_ns: int) -> list[dict[str, Any]]:
    """A two-player session shown `frames` `every_ns` apart, then Ann rings: the rings
    journalled."""
    box = OfflineBox(None, names=["Ann", "Ben"], camera=True)
    game = HalliSession(box, HalliKit(reader=Recogniser(halli_enrolment(SEED))))
    box.start(game, ["Ann", "Ben"], event=game.start(["Ann", "Ben"], {}))
    assert game.eyes is not None
    t = 0
    for n, image in enumerate(frames, 1):
        t = n * every_ns
        box.clock.advance_to(t)
        game.seen(game.eyes.look(Frame(image, t, n))[0])
    box.clock.advance_to(t + 10**8)
    game.press(0, t + 10**8)
    box.clock.advance_to(t + 5 * 10**9)
    return [r for r in box.journal if r["event"] == "ring"]


def _patch_frames() -> list[np.ndarray]:
    """Ann turns LL; Ben's first card is a picture the finder does not find at all (here a
    plain patch of colour, a card's size, no outline)."""
    patched = _table("LL", None)
    x, y = (round(v) for v in BEN_AT)
    patched[y - 78:y + 78, x - 52:x + 52] = (150, 120, 170)
    return [_table(None, None)] * 6 + [_table("LL", None)] * 4 + [patched] * 4


@pytest.mark.xfail(strict=True, reason=(
    "known, open in #11: a card the finder misses on a pile never found leaves that pile "
    "read as bare, and a ring is judged on the others. A fix (branch unexplained: a "
    "card-sized change from the empty table that nothing found explains makes such piles "
    "'maybe' for the verdict) took 5 of 6 wrong verdicts off the new tuning games but "
    "cost more: an unsure ring in the first round swaps the seats' piles (a tuning game's "
    "flips read right 11 -> 2 of 12); left out"))
def test_a_ring_with_a_card_nobody_found_is_unsure() -> None:
    """Ann rings on her LL with Ben's unfound card beside it: "wrong" (LL alone), where
    Ben's card could make it right."""
    rings = _rings_after(_patch_frames(), 10**9)  # a second apart: the table learnt first
    assert len(rings) == 1 and rings[0]["judged"] is False and "right" not in rings[0], rings
