"""The still-detector over rendered frame sequences of a player's zone: it fires once per
change, when the zone has changed and then stays still; never while a hand is over it,
however still the hand; not for noise or the light."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from tableref.vision.nimalia.cards import Card
from tableref.vision.nimalia.still import ZoneState, ZoneWatch
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve
from tableref.vision.synth.nimalia_table import Patch, TableScene, reserve_patch, table_frame

STEP_NS = 100_000_000  # 10 frames a second


@pytest.fixture(scope="module")
def patches(cards: dict[int, Card], card_images: dict[int, np.ndarray]) -> list[Patch]:
    """A reserve of 3 cards, then the same reserve grown to 6 cards (another photo)."""
    out = []
    for n in (3, 6):
        rng = np.random.default_rng([5, n])
        placements = random_reserve(list(cards), rng, n_cards=n)
        out.append(reserve_patch(render_photo(card_images, cards, placements, rng, CLEAN_SMALL)))
    return out


class Film:
    """Frames through one watch; the states it answered, in order."""

    def __init__(self, scene: TableScene, still_s: float = 1.0) -> None:
        self.scene = scene
        self.watch = ZoneWatch(scene.zone, still_s)
        self.rng = np.random.default_rng(9)
        self.t = 0
        self.fired = 0

    def shoot(self, frames: int, **what: object) -> list[ZoneState]:
        states = []
        for _ in range(frames):
            image = table_frame(self.scene, self.rng, **what)  # type: ignore[arg-type]
            seen = self.watch.see(image, self.t)
            self.t += STEP_NS
            if seen.state is ZoneState.CHANGED:  # what the session does: photograph it
                self.fired += 1
                self.watch.taken(seen.view)
            states.append(seen.state)
        return states


def reach(scene: TableScene, frames: int) -> Iterator[tuple[int, int]]:
    """A hand's path from below the zone to its middle."""
    left, top, right, _ = scene.zone
    for k in range(frames):
        f = (k + 1) / frames
        yield (left + right) // 2 - 80, int(scene.height + 40 - f * (scene.height + 40 - top - 200))


def test_a_change_then_stillness_fires_once_and_a_hand_held_still_never(
    patches: list[Patch],
) -> None:
    first, second = patches
    scene = TableScene()
    film = Film(scene)
    # the empty zone: still after a second; the first still view is the reference
    states = film.shoot(25)
    assert ZoneState.MOVING in states[:5] and set(states[12:]) == {ZoneState.STILL}
    assert film.fired == 0
    # a hand comes in, lays the cards, and is held still over the zone for 4 seconds
    path = list(reach(scene, 8))
    coming = [film.shoot(1, arm=tip)[0] for tip in path]
    assert coming[-5:] == [ZoneState.MOVING] * 5  # from when it is over the zone
    tip = path[-1]
    held = film.shoot(40, reserve=first, arm=tip)
    assert film.fired == 0 and ZoneState.CROSSED in held and ZoneState.CHANGED not in held
    # the hand goes: still for a second, then photographed once, and never again
    states = film.shoot(40, reserve=first)
    assert film.fired == 1
    assert states[:9] == [ZoneState.MOVING] * 9 and states.count(ZoneState.CHANGED) == 1
    assert states[-1] is ZoneState.STILL
    # the light dims by 15 % (a cloud): no change
    assert set(film.shoot(30, reserve=first, gain=0.85)[12:]) == {ZoneState.STILL}
    assert film.fired == 1
    # the next round's cards: fired once more
    for tip in reach(scene, 5):
        film.shoot(1, reserve=first, arm=tip)
    film.shoot(30, reserve=second)
    assert film.fired == 2


def test_a_hand_that_moves_over_the_zone_keeps_it_moving(patches: list[Patch]) -> None:
    scene = TableScene()
    film = Film(scene, still_s=1.0)
    film.shoot(15)
    left, top, right, _ = scene.zone
    for k in range(60):  # the hand hovers over the cards, a few pixels a frame
        x = (left + right) // 2 + int(40 * np.sin(k / 3))
        assert film.shoot(1, reserve=patches[0], arm=(x, top + 250)) != [ZoneState.CHANGED]
    assert film.fired == 0


def test_a_zone_too_small_or_outside_the_picture_is_named() -> None:
    with pytest.raises(ValueError, match="too small"):
        ZoneWatch((0, 0, 10, 300))
    watch = ZoneWatch((2000, 2000, 2400, 2400))
    with pytest.raises(ValueError, match="outside the 1280x720 picture"):
        watch.see(np.zeros((720, 1280, 3), np.uint8), 0)
