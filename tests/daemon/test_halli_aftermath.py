"""What the table shows after a ring the referee could not judge (halli_aftermath)."""

from __future__ import annotations

from tableref.device.daemon.halli_aftermath import Aftermath, WhatFollows

# three seats; P0 rang. Right: P0 takes every pile and turns next; wrong: P0's pile goes
# under the bell and P1 turns next
OUTCOMES = (WhatFollows(True, 0, frozenset({0, 1, 2})), WhatFollows(False, 1, frozenset({0})))


def _after(at_press: tuple[str | None, ...] = ("BB", "P", "L")) -> Aftermath:
    return Aftermath(0, at_press, OUTCOMES, unread_frames=3)


def test_a_card_not_read_counts_as_laid_only_once_the_hands_have_gone() -> None:
    after = _after()
    assert after.look((None, None, None)) is None  # the piles gone: nothing laid yet
    assert after.look(("?", None, None)) is None  # a hand, or a card: not yet
    assert after.look(("?", None, None)) is None
    assert after.look(("?", None, None)) is True  # three frames of a card not read


def test_two_cards_laid_at_once_say_nothing() -> None:
    after = _after()
    after.look((None, None, None))
    assert after.look(("S", "B", None)) is None


def test_a_card_laid_before_the_ringers_pile_went_says_nothing() -> None:
    after = _after()
    assert after.look(("BB", "S", "L")) is None  # P0's pile still there
    assert after.look((None, "S", "L")) is False  # now it has gone: a wrong ring


def test_a_pile_not_seen_at_the_press_must_stay_for_a_wrong_ring() -> None:
    after = _after(("BB", "P", "?"))  # P2's top not read at the press: a pile was there
    after.look((None, "P", None))  # ... and it went: no wrong ring takes it
    assert after.look((None, "S", None)) is None


def test_a_wrong_ring_needs_a_pile_seen_again_with_its_card() -> None:
    """The other piles' places never showed the table, but their cards were never read,
    at the press or since: they may have been taken and a card laid there. The ringer's
    own card turned next may have gone unseen too: nothing is settled."""
    after = _after(("BB", "?", "?"))
    after.look((None, "?", "?"))
    assert after.look((None, "S", "?")) is None
    after = _after(("BB", "P", "?"))
    after.look((None, "P", "?"))  # P1's P, seen again: its pile stayed
    assert after.look((None, "S", "?")) is False
