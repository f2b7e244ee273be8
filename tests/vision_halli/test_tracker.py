"""The table over time: top cards, when they appeared, steady under a passing hand."""

import pytest

from tableref.vision.halli.recognise import Recogniser, SeenCard
from tableref.vision.halli.tracker import TableTracker
from tableref.vision.synth.halli_scene import render_table

MS = 1_000_000
BOX = ((0.0, 0.0), (100.0, 0.0), (100.0, 150.0), (0.0, 150.0))


def card(code: str | None, x: float, y: float = 100.0) -> SeenCard:
    corners = tuple((cx + x - 50, cy + y - 75) for cx, cy in BOX)
    if code is None:
        return SeenCard("unknown", None, (x, y), corners)
    return SeenCard("fruit", code, (x, y), corners, {})


def codes(views: list) -> set[str | None]:
    return {v.code for v in views}


def test_a_new_top_card_is_dated_by_the_first_frame_showing_it() -> None:
    t = TableTracker(confirm=2)
    t.update([card("BBL", 100), card("SS", 400)], 0)
    t.update([card("BBL", 100), card("SS", 400)], 33 * MS)
    assert codes(t.visible()) == {"BBL", "SS"}
    t.update([card("PPP", 103), card("SS", 400)], 66 * MS)
    assert codes(t.visible()) == {"BBL", "SS"}  # not yet confirmed
    t.update([card("PPP", 102), card("SS", 400)], 100 * MS)
    assert codes(t.visible()) == {"PPP", "SS"}
    assert t.appeared_at("PPP") == 66 * MS
    assert t.appeared_at("SS") == 0
    assert codes(t.visible_at(50 * MS)) == {"BBL", "SS"}
    assert codes(t.visible_at(70 * MS)) == {"PPP", "SS"}
    assert t.visible_at(-1) == []


def test_a_hand_over_a_pile_changes_nothing() -> None:
    t = TableTracker(confirm=2, gone_ns=1000 * MS)
    for i in range(3):
        t.update([card("BBL", 100), card("SS", 400)], i * 33 * MS)
    for i in range(3, 20):  # the pile is unreadable, then not found at all
        t.update([card("BBL", 100)] + ([card(None, 410)] if i < 10 else []), i * 33 * MS)
    assert codes(t.visible()) == {"BBL", "SS"}
    assert t.appeared_at("SS") == 0
    # one misread frame is not a new card
    t.update([card("BBL", 100), card("SSS", 400)], 700 * MS)
    t.update([card("BBL", 100), card("SS", 400)], 733 * MS)
    assert codes(t.visible()) == {"BBL", "SS"}


def test_a_taken_pile_is_gone_from_when_it_went_missing() -> None:
    t = TableTracker(confirm=1, gone_ns=500 * MS)
    t.update([card("BBL", 100), card("SS", 400)], 0)
    t.update([card("BBL", 100)], 100 * MS)
    t.update([card("BBL", 100)], 700 * MS)
    assert codes(t.visible()) == {"BBL"}
    assert t.appeared_at("SS") is None
    assert codes(t.visible_at(50 * MS)) == {"BBL", "SS"}
    assert codes(t.visible_at(150 * MS)) == {"BBL"}


def test_time_must_not_run_backwards() -> None:
    t = TableTracker()
    t.update([], 100)
    with pytest.raises(ValueError, match="before the previous frame"):
        t.update([], 50)


def test_frames_of_the_simulated_table() -> None:
    rec, t = Recogniser(), TableTracker(confirm=2)
    frames = [
        (["BBL", "SS", "PLL"], None),
        (["BBL", "SS", "PLL"], None),
        (["BBL", "SS", "PLL"], 1),  # a hand over seat 1
        (["BBL", "SS", "BBBB"], 1),
        (["BBL", "SS", "BBBB"], None),
    ]
    for i, (piles, hand) in enumerate(frames):
        t.update(rec(render_table(piles, seed=4, hand_at=hand)), i * 40 * MS)
    assert codes(t.visible()) == {"BBL", "SS", "BBBB"}
    assert t.appeared_at("BBBB") == 3 * 40 * MS
    assert t.appeared_at("SS") == 0
