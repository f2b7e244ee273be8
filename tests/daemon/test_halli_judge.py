"""A ring judged on the cards seen at the press: unsure unless the rules settle it."""

from __future__ import annotations

from tableref.device.daemon.halli_judge import ANIMAL, Judged, judge
from tableref.vision.halli.tracker import NOT_SEEN, PENDING, SURE, UNSURE, SeatView


def seen(*tops: str | None) -> list[SeatView]:
    return [SeatView(i, SURE, top) for i, top in enumerate(tops)]


def test_cards_all_seen_are_judged_by_the_rules() -> None:
    assert judge(seen("BB", "BB", None)) == Judged(True)
    assert judge(seen("BB", "PL", None)) == Judged(False)
    assert judge(seen("elephant", None)) == Judged(False)
    assert judge(seen("elephant", None), elephant_alone_rings=True) == Judged(True)


def test_a_card_not_seen_or_not_read_leaves_the_ring_unsure() -> None:
    views = [*seen("BL", "BL"), SeatView(2, NOT_SEEN)]  # a monkey would veto the pair
    assert judge(views) == Judged(None, (2,))
    assert judge(seen("BS", "BS", UNSURE)) == Judged(None, (2,))  # an elephant would
    assert judge([*seen("pig", "L"), SeatView(2, PENDING)]) == Judged(None, (2,))


def test_a_veto_among_the_cards_seen_stands_whatever_was_not_seen() -> None:
    assert judge(seen("elephant", "SL", UNSURE)) == Judged(False)
    assert judge(seen("monkey", "BBL", UNSURE, "pig")) == Judged(False)


def test_an_animal_not_enrolled_is_judged_as_each_animal() -> None:
    # with a strawberry and a lime in view, each animal vetoes or is a pig
    assert judge(seen(ANIMAL, "SL")) == Judged(None, (0,))  # the pig would ring
    assert judge(seen(ANIMAL, "SL", "monkey")) == Judged(False)  # vetoed: the monkey's lime
    assert judge(seen(ANIMAL, "BB", "BB", "monkey", "SL")) == Judged(False)
    assert judge(seen(ANIMAL, "B")) == Judged(True)  # elephant, monkey or pig: all ring
    assert judge(seen(ANIMAL, None)) == Judged(None, (0,))  # only the pig rings alone


def test_a_card_not_seen_that_no_card_could_change_does_not_stop_the_verdict() -> None:
    # a pig, and nothing a fruit card or an animal could veto: B has no strawberry or lime,
    # and one card cannot be both an elephant and a strawberry
    assert judge(seen("pig", "B", UNSURE)) == Judged(True)
    # ... but with a lime in view the card not seen could be a monkey
    assert judge(seen("pig", "BL", UNSURE)) == Judged(None, (2,))
    # two cards not seen can be an elephant and a strawberry
    assert judge(seen("pig", "B", UNSURE, UNSURE)) == Judged(None, (2, 3))
    # nothing to ring for, and a card not seen could be a pig
    assert judge(seen("B", "P", UNSURE)) == Judged(None, (2,))
    many = [SeatView(i, NOT_SEEN) for i in range(4)]
    assert judge([*many, *seen("elephant")]) == Judged(None, (0, 1, 2, 3))


def test_no_card_seen_where_the_game_has_one_face_up_is_a_card_not_seen() -> None:
    """Game 11 of the tuning games: on a pale table the eyes lost a BPL card's paper and
    said "no card" at its pile; with the other BPL in view the ring (right) was judged
    wrong. Where the game has a card face up, "no card" is the eyes missing it."""
    assert judge(seen(None, "BPL")) == Judged(False)  # the camera alone
    assert judge(seen(None, "BPL"), face_up=(True, True)) == Judged(None, (0,))
    assert judge(seen(None, "BPL"), face_up=(False, True)) == Judged(False)  # no card
    assert judge(seen("BPL", "BPL"), face_up=(True, True)) == Judged(True)
    # a veto seen stands, whatever was missed
    assert judge(seen(None, "monkey", "LL"), face_up=(True, True, True)) == Judged(False)
