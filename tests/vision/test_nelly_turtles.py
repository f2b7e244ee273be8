"""Turtles counted in the project's own synthetic Nelly tables."""

import numpy as np
import pytest

from tableref.vision.nelly import ZoneCount, count_turtles, counts_to_json
from tableref.vision.synth.nelly_scene import kelvin_rgb, render_nelly_table

GAME = [{"red": 3, "yellow": 3, "orange": 3}, {"red": 2, "yellow": 1, "orange": 0},
        {"red": 0, "yellow": 0, "orange": 2}]


def _seen(counts: list[ZoneCount]) -> list[dict[str, int]]:
    assert not any(c.unsure for c in counts), [c.why for c in counts]
    return [c.counts for c in counts]


@pytest.mark.parametrize("table", ["light"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_each_players_turtles_are_counted_by_colour(table: str, seed: int) -> None:
    frame, zones = render_nelly_table(GAME, [9, 5, 4], seed=seed, table=table)
    assert _seen(count_turtles(frame, zones)) == GAME


@pytest.mark.parametrize("kelvin", [2700, 3500, 6500])
def test_red_and_orange_hold_under_a_warm_or_cold_lamp(kelvin: int) -> None:
    frame, zones = render_nelly_table(GAME, [9, 5, 4], seed=3, table="light")
    lit = np.clip(frame * kelvin_rgb(kelvin), 0, 255).astype(np.uint8)
    assert _seen(count_turtles(lit, zones)) == GAME


def test_red_and_orange_hold_in_a_shadow() -> None:
    frame, zones = render_nelly_table(GAME, [9, 5, 4], seed=4, table="light")
    dark = (frame * 0.45 * kelvin_rgb(3000)).astype(np.uint8)
    assert _seen(count_turtles(dark, zones)) == GAME


def test_no_turtle_is_zero_and_the_json_is_the_specs() -> None:
    empty = [{"red": 0, "yellow": 0, "orange": 0}] * 2
    frame, zones = render_nelly_table(empty, [3, 0], seed=5, table="light")
    counts = count_turtles(frame, zones)
    assert counts_to_json(counts) == {"zones": [
        {"player": 0, "red": 0, "yellow": 0, "orange": 0, "unsure": False},
        {"player": 1, "red": 0, "yellow": 0, "orange": 0, "unsure": False}]}


def test_a_frame_that_is_not_bgr_is_refused() -> None:
    frame, zones = render_nelly_table(GAME[:2], [9, 5], seed=0)
    with pytest.raises(ValueError, match="BGR uint8"):
        count_turtles(frame[..., 0], zones)
