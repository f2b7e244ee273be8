"""The box keeps a still frame of the table for the turtle counter (NellyEyes, VisionCounter):
given once the table has settled, again after every movement that settles, and a hand that
came over a zone's turtles or plants since makes that zone unsure, whatever the hand's
colour."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from tableref.device.camera.base import Frame
from tableref.device.daemon.nelly_count import NellyEyes
from tableref.device.daemon.nelly_session import VisionCounter
from tableref.vision.nelly.zones import zones_to_json
from tableref.vision.synth.halli_table import draw_hand
from tableref.vision.synth.nelly_scene import render_nelly_table, table_top

S = 1_000_000_000


class Remembering:
    """A counter that notes the still frames it is given."""

    def __init__(self) -> None:
        self.given: list[int] = []

    def remember_still(self, image: np.ndarray) -> None:
        self.given.append(int(image[0, 0, 0]))

    def __call__(self, image: np.ndarray, zones: Mapping[str, Any]) -> Mapping[str, Any]:
        return {"zones": []}


def _frame(level: int, t_s: float, i: int) -> Frame:
    return Frame(np.full((72, 128, 3), level, np.uint8), int(t_s * S), i)


def test_the_still_frame_is_given_once_the_table_settles_and_again_after_a_movement() -> None:
    counter = Remembering()
    eyes = NellyEyes(counter, lambda: {"zones": []}, settle_s=2.0)
    t = 0.0
    for i in range(10):  # 2.5 s of the same table
        eyes.look(_frame(100, t, i))
        t += 0.25
    assert counter.given == [100]
    for i in range(10, 14):  # someone moves: the table changes, 1 s
        eyes.look(_frame(100 + 20 * (i % 2 + 1), t, i))
        t += 0.25
    assert counter.given == [100]
    for i in range(14, 30):  # still again for 4 s: given once more, not at every frame
        eyes.look(_frame(140, t, i))
        t += 0.25
    assert counter.given == [100, 140]
    assert eyes.stills == 2


def test_a_counter_without_a_still_frame_is_left_alone() -> None:
    eyes = NellyEyes(lambda image, zones: {"zones": []}, lambda: {"zones": []}, settle_s=0.5)
    for i in range(8):
        eyes.look(_frame(90, 0.25 * i, i))
    assert eyes.stills == 0


def test_a_dark_hand_over_the_plants_is_unsure_with_the_still_frame() -> None:
    """A hand darkened to the wooden table's own brown hides a turtle: alone, this frame is
    read as a sure 1 red, 1 yellow (the hand taken for the table); against the still frame
    it is unsure. (A hand that hides no turtle nor plant, only the table, leaves the zone
    counted: tests/vision/test_nelly_beside_hand.py.)"""
    deal = [{"red": 2, "yellow": 1, "orange": 0}, {"red": 1, "yellow": 1, "orange": 1}]
    still, zones = render_nelly_table(deal, [3, 3], seed=6, table="wood")
    frame = still.copy()
    x0, y0, x1, y1 = zones[0].bounds
    mask = draw_hand(frame, np.random.default_rng(4), [((x0 + x1) / 2, (y0 + y1) / 2)]) > 0
    frame[mask] = (frame[mask] * 0.5).astype(np.uint8)  # a dark hand
    counter = VisionCounter()
    json_zones = zones_to_json(zones)
    alone = counter(frame, json_zones)["zones"]
    assert not alone[0]["unsure"] and alone[0]["red"] == 1, alone  # the premise
    counter.remember_still(still)
    after = counter(frame, json_zones)["zones"]
    assert after[0]["unsure"], after
    calm = counter(still, json_zones)["zones"]  # the table as it was: counted
    assert not calm[0]["unsure"] and calm[0]["red"] == 2 and calm[0]["yellow"] == 1
    assert after[1] == calm[1]  # the other zone is not affected


def test_turtles_placed_or_fallen_since_the_still_frame_are_counted_not_taken_for_a_hand(
        ) -> None:
    """Between two still moments turtles leave a zone (placed on Nelly) and land in it (a
    fall): round changes of a turtle's size, counted as they are, never 'something over'."""
    before = [{"red": 3, "yellow": 3, "orange": 3}, {"red": 3, "yellow": 2, "orange": 3}]
    after = [{"red": 2, "yellow": 3, "orange": 2}, {"red": 3, "yellow": 3, "orange": 3}]
    still, zones = render_nelly_table(before, [9, 9], seed=3, table="cloth")
    frame, _ = render_nelly_table(after, [9, 9], seed=3, table="cloth")
    counter = VisionCounter()
    counter.remember_still(still)
    seen = counter(frame, zones_to_json(zones))["zones"]
    for got, want in zip(seen, after, strict=True):
        assert not got["unsure"] and {c: got[c] for c in want} == want, seen


def test_the_simulated_table_keeps_its_turtles_in_place_when_one_leaves() -> None:
    """A red placed on Nelly changes the red's own place only (the still comparison and the
    simulated demo rely on it)."""
    a, _ = render_nelly_table([{"red": 3, "yellow": 3, "orange": 3}], [9], seed=2)
    b, _ = render_nelly_table([{"red": 2, "yellow": 3, "orange": 3}], [9], seed=2)
    changed = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2) > 30
    assert 200 < int(np.count_nonzero(changed)) < 2500  # about one turtle and its shadow


def _cloth_colours(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The darkest and the brightest colour of the patterned cloth `seed` draws."""
    bare = table_top(np.random.default_rng(seed), (1280, 720), "pattern")
    px = bare.reshape(-1, 3).astype(np.float32)
    lum = px.sum(axis=1)
    return (px[lum <= np.percentile(lum, 10)].mean(axis=0),
            px[lum >= np.percentile(lum, 90)].mean(axis=0))


@pytest.mark.parametrize("seed", [7, 13, 14, 29])
def test_a_hand_of_a_patterned_cloths_colour_is_never_counted_through(seed: int) -> None:
    """A hand of one of the cloth's two colours over a zone changes only the squares of the
    other colour and the plants and turtles it hides: each square a round change of a
    turtle's size, so that alone each passed for a turtle come or gone and the zone was
    counted short for sure (these cloths and hands did, before). Pieces within half a
    turtle's width of each other are one change: unsure, or counted right."""
    deal = [{"red": 2, "yellow": 1, "orange": 1}, {"red": 1, "yellow": 1, "orange": 1}]
    still, zones = render_nelly_table(deal, [4, 3], seed=seed, table="pattern")
    counter = VisionCounter()
    json_zones = zones_to_json(zones)
    counter.remember_still(still)
    x0, y0, x1, y1 = zones[0].bounds
    for colour in _cloth_colours(seed):
        for hand in range(3):
            frame = still.copy()
            mask = draw_hand(frame.copy(), np.random.default_rng([seed, hand]),
                             [((x0 + x1) / 2, (y0 + y1) / 2)]) > 0
            frame[mask] = colour.astype(np.uint8)
            got = counter(frame, json_zones)["zones"][0]
            assert got["unsure"] or {c: got[c] for c in deal[0]} == deal[0], (colour, hand, got)
