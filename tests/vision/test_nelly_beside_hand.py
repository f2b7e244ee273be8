"""A hand over a zone's bare table (count.py's `_beside_the_hand`, still.py's
`over_since`): the zone is counted when the still frame shows no turtle and no plant where
the hand now is and the rest of the zone counts as it did; any other hand leaves it unsure."""

import cv2
import numpy as np

from tableref.vision.nelly import count_turtles
from tableref.vision.nelly.count import OVER_WHY
from tableref.vision.nelly.still import over_since
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene, render_nelly_table

GAME = [{"red": 3, "yellow": 3, "orange": 3}, {"red": 1, "yellow": 1, "orange": 0},
        {"red": 0, "yellow": 0, "orange": 2}]
PLANTS = [9, 2, 4]


def test_over_since_marks_the_change_in_the_boxs_own_pixels() -> None:
    """The change's mask lies where the change is, in the box's pixels, whatever the box's
    origin's place in the 4x4 blocks: a change of whole blocks is marked whole (its
    corners rounded by the opening, alike at each), so its marks' centre is its own."""
    rng = np.random.default_rng(1)
    then = np.clip(rng.normal(120, 4, (720, 1280, 3)), 0, 255).astype(np.uint8)
    now = then.copy()
    now[200:252, 412:532] = (40, 90, 200)  # an arm's worth of change, on whole blocks
    inside = np.ones((200, 300), np.uint8)
    for origin in [(380, 150), (381, 151), (383, 149)]:
        over = over_since(now, then, origin, inside, 300.0)
        assert over is not None and over.shape == inside.shape
        x, y = origin
        ys, xs = np.nonzero(over)
        assert abs(xs.mean() - (472 - 0.5 - x)) < 0.25 and abs(ys.mean() - (226 - 0.5 - y)) < 0.25
        assert xs.min() >= 412 - x and xs.max() < 532 - x
        assert ys.min() >= 200 - y and ys.max() < 252 - y
    assert over_since(then, then, (380, 150), inside, 300.0) is None


def test_over_since_takes_in_the_fainter_change_joined_to_the_hand() -> None:
    """A hand's part over a table of nearly its colour changes the frame by less than
    CHANGE: it is part of the hand's place when it joins the clear change, not when it
    lies apart (a little light, a shadow elsewhere)."""
    then = np.full((720, 1280, 3), 120, np.uint8)
    now = then.copy()
    now[200:252, 412:532] = (40, 90, 200)  # the clear change
    now[200:252, 532:600] = 140  # the hand's faint part, joined to it
    now[320:360, 412:480] = 140  # a faint change apart from it
    inside = np.ones((300, 300), np.uint8)
    over = over_since(now, then, (380, 120), inside, 300.0)
    assert over is not None
    assert np.all(over[200 - 120 + 4:252 - 120 - 4, 532 - 380:600 - 380 - 4])
    assert not np.any(over[320 - 120:360 - 120, 412 - 380:480 - 380])


def test_a_hand_over_the_bare_table_leaves_the_zone_counted() -> None:
    """The arm reaches over seat 1's zone above its two turtles, on the bare wood: the
    still frame shows nothing there, the turtles beside it count as they did."""
    still, zones = render_nelly_table(GAME, PLANTS, seed=0, table="wood")
    frame, _ = render_nelly_table(GAME, PLANTS, seed=0, table="wood", hand_at=1, hand_seed=2)
    x0, y0 = (int(v) for v in zones[1].bounds[:2])
    inside = np.zeros((int(zones[1].bounds[3]) - y0, int(zones[1].bounds[2]) - x0), np.uint8)
    inside[:] = 1
    assert over_since(frame, still, (x0, y0), inside, 900.0) is not None  # it came over
    seen = count_turtles(frame, zones, still=still)
    assert not seen[1].unsure, seen[1].why
    assert [c.counts for c in seen] == GAME


def test_a_still_frame_at_another_exposure_tells_nothing_of_the_hand() -> None:
    """The same arm over the bare wood, the still frame taken at half the exposure: what
    the still frame shows is not read as the frame now would be, so the zone is unsure."""
    still, zones = render_nelly_table(GAME, PLANTS, seed=0, table="wood")
    frame, _ = render_nelly_table(GAME, PLANTS, seed=0, table="wood", hand_at=1, hand_seed=2)
    dim = (still * 0.55).astype(np.uint8)
    seen = count_turtles(frame, zones, still=dim)
    assert seen[1].unsure and seen[1].why == OVER_WHY
    assert [c.counts for c in seen[::2]] == GAME[::2]


def test_a_development_hand_beside_the_turtles_is_counted() -> None:
    """Development scene 7: a hand over zone 0's table between its plants, covering none."""
    scene = random_scene(np.random.default_rng(7), DEV_BROAD)
    truth = scene.truth[0]
    assert scene.conditions["hand_on"] == 0 and not truth.hand
    seen = count_turtles(scene.image, scene.zones, still=scene.still)[0]
    assert not seen.unsure, seen.why
    assert seen.counts == truth.counts


def test_a_turtle_come_beside_the_hand_leaves_the_zone_unsure() -> None:
    """An orange turtle put on seat 1's free plant since the still frame, the hand still
    over the table beside it: the zone no longer counts as the still frame did, and what
    the hand hides is not known to be what it hid then."""
    placed = [GAME[0], {"red": 1, "yellow": 1, "orange": 1}, GAME[2]]
    still, zones = render_nelly_table(GAME, [9, 3, 4], seed=0, table="wood")
    frame, _ = render_nelly_table(placed, [9, 3, 4], seed=0, table="wood", hand_at=1,
                                  hand_seed=2)
    seen = count_turtles(frame, zones, still=still)[1]
    assert seen.unsure and seen.why == OVER_WHY


def test_a_hand_over_turtles_and_plants_leaves_the_zone_unsure() -> None:
    """Seat 0's nine plants with their turtles: wherever the arm lies, it covers some."""
    still, zones = render_nelly_table(GAME, PLANTS, seed=0, table="wood")
    for hand_seed in range(4):
        frame, _ = render_nelly_table(GAME, PLANTS, seed=0, table="wood", hand_at=0,
                                      hand_seed=hand_seed)
        seen = count_turtles(frame, zones, still=still)[0]
        assert seen.unsure and seen.why == OVER_WHY


def test_development_hands_leave_no_zone_wrong() -> None:
    """In the first development scenes with a hand, every zone counted is right."""
    hands = 0
    for seed in range(1, 40):
        scene = random_scene(np.random.default_rng(seed), DEV_BROAD)
        if scene.conditions["hand_on"] is None:
            continue
        seen = count_turtles(scene.image, scene.zones, still=scene.still)
        for got, truth in zip(seen, scene.truth, strict=True):
            hands += truth.hand
            assert got.unsure or got.counts == truth.counts, (seed, got)
    assert hands >= 4


def _arm(frame: np.ndarray, x: int, reach: int) -> np.ndarray:
    """A skin-coloured arm from the frame's top edge down to a palm at (x, reach)."""
    out = frame.copy()
    mask = np.zeros(frame.shape[:2], np.uint8)
    cv2.rectangle(mask, (x - 30, 0), (x + 30, reach), 255, -1)
    cv2.circle(mask, (x, reach), 38, 255, -1)
    m = cv2.GaussianBlur(mask, (7, 7), 2).astype(np.float32)[..., None] / 255
    skin = np.asarray((130, 165, 215), np.float32)
    out[:] = (out * (1 - m) + skin * m).astype(np.uint8)
    return out


def test_a_hand_over_a_free_plant_leaves_the_zone_unsure() -> None:
    """Seat 1's free plant at (211, 93) under a palm: a turtle may be being put on it, so
    the zone is unsure though all else counts as it did. The same arm over the bare wood
    beside it leaves the zone counted."""
    still, zones = render_nelly_table(GAME, [9, 4, 4], seed=0, table="wood")
    over_plant = count_turtles(_arm(still, 211, 95), zones, still=still)[1]
    assert over_plant.unsure and over_plant.why == OVER_WHY
    beside = count_turtles(_arm(still, 320, 80), zones, still=still)[1]
    assert not beside.unsure, beside.why
    assert beside.counts == GAME[1]


def test_a_round_change_in_a_faint_arm_is_something_over_the_zone() -> None:
    """A plant with its turtle gone (a round change of about three turtles) is no hand;
    the same change at the end of an arm of nearly the table's colour (a fainter change,
    larger than two plants) is the arm covering them."""
    then = np.full((720, 1280, 3), 120, np.uint8)
    plant = then.copy()
    cv2.circle(plant, (520, 300), 30, (40, 150, 60), -1)  # a plant came (or went)
    arm = plant.copy()
    arm[0:280, 500:560] = 140  # an arm of nearly the table's colour reaching it
    inside = np.ones((400, 400), np.uint8)
    assert over_since(plant, then, (360, 120), inside, 900.0) is None
    over = over_since(arm, then, (360, 120), inside, 900.0)
    assert over is not None and over[300 - 120, 520 - 360] and over[100, 530 - 360]


def test_a_development_arm_of_the_tables_colour_over_a_turtle_is_no_count() -> None:
    """Development scene 1430: an arm much the wood's colour lies over zone 1's red turtle
    and its plant, the only clear change: the zone was counted one red short."""
    scene = random_scene(np.random.default_rng(1430), DEV_BROAD)
    assert scene.truth[1].hand
    seen = count_turtles(scene.image, scene.zones, still=scene.still)[1]
    assert seen.unsure and seen.why == OVER_WHY
