"""What each seat showed at an instant, from the frames round it."""

from __future__ import annotations

import pytest

from tableref.vision.halli.tracker import NOT_SEEN, PENDING, SURE, UNSURE, SeatTimeline

MS = 1_000_000


def states(line: SeatTimeline, t_ns: int) -> list[tuple[str, str | None]]:
    return [(v.state, v.top) for v in line.visible_at(t_ns)]


def test_two_frames_that_agree_say_what_was_there_at_any_instant_between() -> None:
    line = SeatTimeline(2)
    for t, tops in [(100, ("BB", None)), (200, ("BB", None)), (300, ("BB", "pig")),
                    (400, ("BB", "pig"))]:
        line.add(t * MS, tops)
    assert states(line, 250 * MS) == [(SURE, "BB"), (SURE, None)]  # the pig came later
    assert states(line, 350 * MS) == [(SURE, "BB"), (SURE, "pig")]
    assert line.settled(250 * MS)


def test_a_hand_over_a_pile_that_did_not_change_it_is_seen_through() -> None:
    line = SeatTimeline(1)
    for t, top in [(100, "L"), (200, "L"), (300, UNSURE), (400, UNSURE)]:
        line.add(t * MS, (top,))
    assert states(line, 350 * MS) == [(PENDING, None)]  # the hand is still there
    assert not line.settled(350 * MS)
    line.add(500 * MS, ("L",))
    line.add(600 * MS, ("L",))
    assert states(line, 350 * MS) == [(SURE, "L")]


def test_a_card_changed_under_a_hand_leaves_the_instant_unsure() -> None:
    line = SeatTimeline(1)
    for t, top in [(100, "L"), (200, "L"), (300, UNSURE), (400, "SS"), (500, "SS")]:
        line.add(t * MS, (top,))
    assert states(line, 350 * MS) == [(NOT_SEEN, None)]
    assert line.settled(350 * MS)  # no later frame can say when the SS came
    assert states(line, 450 * MS) == [(SURE, "SS")]


def test_a_one_frame_glitch_is_not_believed() -> None:
    line = SeatTimeline(1)
    for t, top in [(100, "P"), (200, "P"), (300, "PP"), (400, "P"), (500, "P")]:
        line.add(t * MS, (top,))
    assert states(line, 350 * MS) == [(SURE, "P")]
    line = SeatTimeline(1)
    for t, top in [(100, "P"), (200, "P"), (300, "PP")]:
        line.add(t * MS, (top,))
    assert states(line, 350 * MS) == [(PENDING, None)]  # the next frame will say
    line.add(400 * MS, ("B",))
    line.add(500 * MS, ("B",))
    assert states(line, 350 * MS) == [(NOT_SEEN, None)]


def test_no_frame_yet_is_pending_and_a_card_never_read_is_not_seen() -> None:
    line = SeatTimeline(1)
    assert states(line, 10) == [(PENDING, None)]
    for t in (100, 200, 300):
        line.add(t * MS, (UNSURE,))
    assert states(line, 250 * MS) == [(NOT_SEEN, None)]
    assert states(line, 50 * MS) == [(NOT_SEEN, None)]  # before the first frame kept


def test_frames_are_kept_for_a_while_and_must_fit_the_seats() -> None:
    line = SeatTimeline(1, keep_ns=1000 * MS)
    for t in range(0, 3000, 100):
        line.add(t * MS, ("B",))
    line.add(50 * MS, ("S",))  # older than the last: the camera's order stands
    assert states(line, 2950 * MS) == [(SURE, "B")]
    assert states(line, 100 * MS) == [(NOT_SEEN, None)]  # forgotten
    with pytest.raises(ValueError, match="2 readings for 1 seats"):
        line.add(4000 * MS, ("B", None))
