"""The second held-out family (vision/synth/halli_unseen_games): its table tops draw, apart
from the others, and a game in its conditions is recorded."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tableref.vision.synth.halli_game import GameConditions, _Camera, record_game
from tableref.vision.synth.halli_surfaces import HELDOUT_SURFACES, SURFACES, surface
from tableref.vision.synth.halli_unseen_games import HELDOUT2_SEED, ORDER, heldout2_conditions
from tableref.vision.synth.halli_unseen_surfaces import HELDOUT2_SURFACES


@pytest.mark.parametrize("kind", HELDOUT2_SURFACES)
def test_every_new_surface_draws_and_is_its_own(kind: str) -> None:
    img = surface(np.random.default_rng(1), (320, 200), kind)
    assert img.shape == (200, 320, 3) and img.dtype == np.uint8
    assert float(img.std()) > 2.0  # not a flat fill
    assert kind not in SURFACES + HELDOUT_SURFACES + ("mottled",)


def test_the_family_draws_its_conditions_per_game() -> None:
    games = [heldout2_conditions(HELDOUT2_SEED + g) for g in range(len(ORDER))]
    assert [c.surfaces for c in games] == [(k,) for k in ORDER]  # each table top in turn
    for c in games:
        assert c.players in (5, 6) and 6 <= c.fps <= 8 and 55 <= c.jpeg <= 80
        assert c.card_height[1] <= 125 and c.tilt_deg > 0
    assert heldout2_conditions(HELDOUT2_SEED + 3) == heldout2_conditions(HELDOUT2_SEED + 3)


def test_a_game_in_the_new_conditions_records_frames() -> None:
    cond = replace(heldout2_conditions(HELDOUT2_SEED), max_flips=5)
    game = record_game(HELDOUT2_SEED, cond)
    assert len(game.start.players) == cond.players and len(game.flips) == 5
    assert len(game.frames) >= 5 * 6 * 0.7  # 5 cards at 0.7-1.4 s, 6-8 frames a second
    last = cv2.imdecode(np.frombuffer(game.jpeg(len(game.frames) - 1), np.uint8),
                        cv2.IMREAD_COLOR)
    assert last.shape == (720, 1280, 3)
    assert _Camera.of(game).warp is not None  # the camera is tilted


def test_an_untilted_camera_is_not_warped() -> None:
    game = record_game(0, GameConditions(max_flips=1))
    assert _Camera.of(game).warp is None
