"""Finding cards whatever the table: light cloths, patterns, backs, close-ups, the hint."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tableref.vision.halli.detect import detect_cards
from tableref.vision.halli.hint import TableHint
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_scene import Scene
from tableref.vision.synth.halli_wild import ORDINARY, QUIET, Conditions, wild_scene


def _scene(codes: list[str], seed: int, cond: Conditions) -> Scene:
    tops = [(c, card_image(c, CardStyle())) for c in codes]
    return wild_scene(tops, np.random.default_rng(seed), cond)


def _inside(pt: tuple[float, float], quad: np.ndarray) -> bool:
    q = quad.astype(np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(q, (float(pt[0]), float(pt[1])), False) >= 0


def _found_once(scene: Scene, quads: list) -> None:
    for truth in [t for t in scene.cards if t.visible >= 0.999]:  # not cut by the frame
        near = [q for q in quads if _inside(q.center, truth.corners)]
        assert len(near) == 1, (truth.code, scene.tags)
        err = min(np.abs(np.roll(near[0].corners, k, axis=0) - truth.corners).max()
                  for k in range(4))
        side = float(np.linalg.norm(truth.corners[1] - truth.corners[0]))
        assert err < 0.2 * side, (err, side, scene.tags)


def test_cards_on_a_light_cloth_are_found() -> None:
    """White, cream, beige, pink, pale grey, ivory: the cloth never passes for paper, and
    the cards are found by their outlines. (Two of these 15 whole cards are still missed,
    e.g. a white card darker than its cream cloth; the benchmark gives the rate.)"""
    found = total = 0
    for seed in range(6):
        scene = _scene(["BBL", "PS", "LLL"], seed, replace(QUIET, surfaces=("light",)))
        quads = detect_cards(scene.image).quads
        assert all(any(_inside(q.center, t.corners) for t in scene.cards) for q in quads)
        for truth in [t for t in scene.cards if t.visible >= 0.999]:
            total += 1
            found += sum(_inside(q.center, truth.corners) for q in quads) == 1
    assert total >= 15 and found >= total - 2, (found, total)


def test_a_card_on_a_blotchy_light_cloth_is_found_by_its_outline() -> None:
    """A light cloth whose brightest blotches are as white as the card: the paper masks
    hold the card and the blotches as one, so the card's face is found as the region its
    outline closes, in a hole of the table's region. (Before: 10 of these 15 cards; a
    blotch can still pass for a card now and then, counted apart.)"""
    found = 0
    for seed in range(200, 215):
        scene = _scene(["BBL"], seed, replace(QUIET, surfaces=("mottled",)))
        quads = detect_cards(scene.image).quads
        found += sum(_inside(q.center, scene.cards[0].corners) for q in quads) == 1
    assert found >= 14, found


def test_cards_with_big_fruits_in_a_dim_noisy_room_are_found_and_never_read_wrong() -> None:
    """Fruits printed close to the card's edge, a dim room, the sensor's noise: at the
    finding scale the border band of a card 20-odd pixels wide is a pixel or two of paper
    between the table and the fruits, too little to call paper. A card outlined all round
    is weighed again on a copy twice as fine. (Before: 54 of these 87 cards found, 37 read
    right; now 60 and 44.)"""
    cond = replace(QUIET, surfaces=("plain",), card_width=(80.0, 100.0), dim=0.25, noise=12.0)
    style = CardStyle(fruit_scale=1.5)
    found = right = total = 0
    reader = Recogniser()
    for seed in range(300, 330):
        scene = wild_scene([(c, card_image(c, style)) for c in ("PPPS", "BBL", "SSLL")],
                           np.random.default_rng(seed), cond)
        quads = detect_cards(scene.image).quads
        assert all(any(_inside(q.center, t.corners) for t in scene.cards) for q in quads)
        seen = reader(scene.image)
        for truth in [t for t in scene.cards if t.visible >= 0.999]:
            total += 1
            found += sum(_inside(q.center, truth.corners) for q in quads) == 1
            read = [s.code for s in seen if _inside(s.center, truth.corners)]
            assert all(code in (None, truth.code) for code in read), (read, truth.code)
            right += read == [truth.code]
    assert total == 87 and found >= 58 and right >= 42, (found, right, total)


@pytest.mark.parametrize("surface", ["gingham", "dots", "floral", "wood", "plain", "felt"])
def test_cards_on_patterned_and_coloured_tables_are_found(surface: str) -> None:
    found = total = 0
    for seed in range(3):
        scene = _scene(["BBL", "PS", "LLL", "SS"], seed, replace(QUIET, surfaces=(surface,)))
        quads = detect_cards(scene.image).quads
        for truth in [t for t in scene.cards if t.visible >= 0.999]:
            total += 1
            found += sum(_inside(q.center, truth.corners) for q in quads) == 1
        # nothing is found where no card is
        assert all(any(_inside(q.center, t.corners) for t in scene.cards) for q in quads)
    assert found >= total - 1, (found, total)


@pytest.mark.parametrize("seed", range(8))
def test_backs_beside_the_piles_are_never_cards(seed: int) -> None:
    cond = replace(ORDINARY, backs=1.0, hands=0.0)
    scene = _scene(["BBL", "PS", "LLL"], seed, cond)
    seen = Recogniser()(scene.image)
    for back in scene.backs:
        assert not [s for s in seen if _inside(s.center, back)], scene.tags


@pytest.mark.parametrize("surface", ["gingham", "stripes", "dots", "floral", "fruit_print",
                                     "wood", "light", "felt"])
def test_an_empty_table_with_clutter_shows_no_card(surface: str) -> None:
    """A phone, dice, a cap, toys, boxes, a placemat and arms: none is a face-up card."""
    cond = replace(ORDINARY, surfaces=(surface,), clutter=5, hands=1.0, most_hands=2)
    for seed in range(3):
        scene = wild_scene([], np.random.default_rng(seed), cond)
        assert [q for q in detect_cards(scene.image).quads if q.clean] == [], scene.tags


def test_a_close_up_card_is_found() -> None:
    cond = replace(QUIET, card_width=(280.0, 300.0), tilt=10.0)
    for seed in range(3):
        scene = _scene(["PPL"], seed, cond)
        _found_once(scene, detect_cards(scene.image).quads)


def test_the_hint_keeps_cards_where_the_table_changed() -> None:
    scene = _scene(["BBL", "PS", "LLL"], 2, QUIET)
    quads = detect_cards(scene.image).quads
    assert len(quads) == 3
    nothing = np.zeros(scene.image.shape[:2], np.uint8)
    assert detect_cards(scene.image, hint=TableHint(changed=nothing)).quads == []
    one = nothing.copy()
    cv2.fillConvexPoly(one, np.round(scene.cards[0].corners).astype(np.int32), 255)
    kept = detect_cards(scene.image, hint=TableHint(changed=one)).quads
    assert len(kept) == 1 and _inside(kept[0].center, scene.cards[0].corners)
    # a hint for another frame size is not used
    other = TableHint(changed=np.zeros((10, 10), np.uint8))
    assert len(detect_cards(scene.image, hint=other).quads) == 3


def test_a_card_whose_paper_is_the_tables_colour_is_kept_by_its_print() -> None:
    """On a pale table in warm light the model of the empty table sees a card's print and
    edge change, not its paper (game 11 of the tuning games: 1 flip in 16 seen). Only the
    card's print differing is enough; no change at all, and the card is not there."""
    scene = _scene(["BBL", "PS", "LLL"], 2, QUIET)
    hsv = cv2.cvtColor(scene.image, cv2.COLOR_BGR2HSV)
    ink = ((hsv[..., 1] > 80) & (hsv[..., 2] > 60)).astype(np.uint8) * 255
    print_only = np.zeros(scene.image.shape[:2], np.uint8)
    for card in scene.cards:
        inside = np.zeros_like(print_only)
        cv2.fillConvexPoly(inside, np.round(card.corners).astype(np.int32), 255)
        print_only |= inside & ink
    share = np.count_nonzero(print_only) / sum(
        abs(cv2.contourArea(c.corners.astype(np.float32))) for c in scene.cards)
    assert 0.05 < share < 0.5  # the print, less than half of the cards
    kept = detect_cards(scene.image, hint=TableHint(changed=print_only)).quads
    assert sorted(sum(_inside(q.center, c.corners) for q in kept) for c in scene.cards) == [
        1, 1, 1]


@pytest.mark.parametrize("surface", ["gingham", "light", "wood"])
def test_small_cards_far_from_the_camera_are_found(surface: str) -> None:
    """Cards 50 to 60 pixels wide (a camera high over a big table) are 13 pixels at the
    usual detection scale: a fixed camera looks for them at a finer one, with the cards'
    size known (it learns it) and before (the table model shows where the cards lie)."""
    cond = replace(QUIET, surfaces=(surface,), card_width=(50.0, 60.0), tilt=10.0)
    found = {"unknown size": 0, "known size": 0}
    total = 0
    for seed in range(4):
        scene = _scene(["BBL", "PS", "LLL", "SS"], seed, cond)
        whole = [t for t in scene.cards if t.visible >= 0.999]
        total += len(whole)
        side = float(np.mean([np.sqrt(cv2.contourArea(t.corners.astype(np.float32)))
                              for t in whole]))
        changed = np.zeros(scene.image.shape[:2], np.uint8)
        for t in scene.cards:
            cv2.fillConvexPoly(changed, np.round(t.corners).astype(np.int32), 255)
        changed = cv2.dilate(changed, np.ones((9, 9), np.uint8))
        for name, hint in (("unknown size", TableHint(changed=changed)),
                           ("known size", TableHint(card_px=side))):
            quads = detect_cards(scene.image, hint=hint).quads
            assert all(any(_inside(q.center, t.corners) for t in scene.cards) for q in quads)
            found[name] += sum(sum(_inside(q.center, t.corners) for q in quads) == 1
                               for t in whole)
    assert total >= 12 and min(found.values()) >= total - 1, (found, total)


def _flowers(image: np.ndarray, cards: list, rng: np.random.Generator) -> np.ndarray:
    """Pale pink flowers the size of a small card strewn over the cloth, off the cards."""
    out = image.copy()
    h, w = out.shape[:2]
    for _ in range(60):
        x, y = int(rng.integers(20, w - 20)), int(rng.integers(20, h - 20))
        if any(cv2.pointPolygonTest(t.corners.astype(np.float32).reshape(-1, 1, 2),
                                    (float(x), float(y)), True) > -40 for t in cards):
            continue
        r = int(rng.integers(9, 13))
        for k in range(5):
            a = 2 * np.pi * k / 5
            cv2.circle(out, (int(x + r * np.cos(a)), int(y + r * np.sin(a))), r,
                       (190, 170, 235), -1, cv2.LINE_AA)
        cv2.circle(out, (x, y), r // 2, (120, 60, 200), -1, cv2.LINE_AA)
    return out


def test_one_card_on_a_cloth_of_small_flowers_is_found() -> None:
    """A cloth's flowers can pass for small cards by the dozen; the card size is agreed
    among the clearest cards (paper all round), so the one real card is not outvoted
    (before: 5 of 8 found). Known limit: clusters of touching flowers the size of a card
    are still reported as unknown cards (14 in these 8 scenes)."""
    found = total = 0
    for seed in range(8):
        rng = np.random.default_rng(seed)
        scene = _scene(["BBL"], seed, replace(QUIET, surfaces=("felt",), depth=(0, 0)))
        image = _flowers(scene.image, scene.cards, rng)
        quads = detect_cards(image).quads
        for truth in [t for t in scene.cards if t.visible >= 0.999]:
            total += 1
            found += sum(_inside(q.center, truth.corners) for q in quads) == 1
    assert total >= 6 and found >= total - 1, (found, total)
