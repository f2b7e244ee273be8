"""A card turned unread and read at last, and an animal not enrolled, after a restart.

Every card turned onto a face-up pile is a flip of that seat (halli-galli.md, Flow), the
ringer takes every face-up pile, and the journal, with the session's note, is what a
restart rebuilds the game from (architecture.md: nothing is lost). From the review of
a0b8aa5 (s29): a card read late, or an animal counted once, must not be counted again once
the box restarted.

A session on an offline box (ManualClock) fed what its eyes read per frame, at 10-20 fps;
the eyes find the cards (TableSeen.at) where `Table.where` says, the cards 100 px.
"""

from __future__ import annotations

import pytest
from halli_table import Table, p0_turns_unread


def _p0_unread_then_round() -> Table:
    """P0 turns a card the camera never reads (counted unread when P1 turns SS), P2
    turns B: P0's turn again, P0's pile still reading "?"."""
    t = p0_turns_unread()
    t.seen(1200, "?", "SS", "~")
    t.seen(1250, "?", "SS", "B")
    t.seen(1300, "?", "SS", "B")
    assert t.flips()[3:] == [(0, None), (1, "SS"), (2, "B")]
    assert t.session.view()["turn"] == 0
    return t


def test_a_card_laid_on_an_unread_pile_without_a_hand_seen_is_taken_by_a_right_ring() -> None:
    """P0's turn comes with its unread card still "?"; P0 turns an SS (a pair with P1's
    SS) quickly: the camera (10 fps) catches no hand, or the hand reads "?" (a change and
    no card found). P2 rings, right. The spec: P2 takes every face-up pile, 3 + 2 + 2
    cards, and P0's SS was P0's turn. a0b8aa5 folded the SS into P0's unread card ("read
    late"), so the flip was never counted: P2 was told it takes 6 cards, P0 kept a card
    it no longer holds (the deal's counts drift for the rest of the game). Since 5322b54
    a card read late lies where the unread card was found, and a card laid by hand lands
    elsewhere: here 20 px off."""
    t = _p0_unread_then_round()
    del t.where[0]
    t.seen(1400, "?", "SS", "B")  # the hand passing: a "?", no card found (or no frame)
    t.where[0] = (318.0, 191.0)
    t.seen(1450, "SS", "SS", "B")
    t.seen(1500, "SS", "SS", "B")
    t.press(2, 1600)
    t.seen(1650, "SS", "SS", "B")
    t.seen(1700, "SS", "SS", "B")
    ring = t.ring()
    assert ring.right is True
    assert t.flips()[3:] == [(0, None), (1, "SS"), (2, "B"), (0, "SS")]
    assert t.box.said[-1][-1] == "P2 takes 7 cards."
    assert t.session.view()["piles"][0]["stack"] == 24 - 3


def test_a_card_read_late_is_still_no_new_flip_after_a_restart() -> None:
    """P0's unread card is read at last (the PP it was), live the box takes it as read
    late. Then the box restarts (power cut, watchdog): the journal is replayed and the
    frames go on showing the same PP. The same card must not become P0's next flip
    (the very confident wrong read a0b8aa5 fixed live): it is P0's turn, nothing was
    laid. Main: the replayed watch has P0's pile as "?", the timeline is new, and the PP
    is counted as P0's next card."""
    t = _p0_unread_then_round()
    t.seen(1350, "PP", "SS", "B")  # nothing came over P0's pile: its card, read at last
    t.seen(1400, "PP", "SS", "B")
    assert t.flips()[6:] == []
    t = t.restarted()
    for k in range(4):
        t.seen(3000 + 50 * k, "PP", "SS", "B")
    assert t.flips()[6:] == []


def test_an_animal_not_enrolled_is_still_one_flip_after_a_restart() -> None:
    """A game of two: P0 turns an animal the deck's enrolment does not know ('animal'),
    counted once. The box restarts; the camera still reads 'animal' on P0's pile and P's
    on P1's. Nobody turned a card: no flip may be counted. Main: the replayed watch has
    P0's pile as "?", so the 'animal' is a new card out of turn, and P1 is inferred to
    have turned a second P (a confident card nobody turned), then P0 the animal again."""
    t = Table(players=2)
    for k, tops in enumerate([("B", None), ("B", "P"), ("~", "P")] + [("animal", "P")] * 3):
        t.seen(100 + 100 * k, *tops)
        t.seen(150 + 100 * k, *tops)
    assert t.flips() == [(0, "B"), (1, "P"), (0, None)]
    t = t.restarted()
    for k in range(4):
        t.seen(2000 + 50 * k, "animal", "P")
    assert t.flips() == [(0, "B"), (1, "P"), (0, None)]


def test_a_new_card_on_an_unread_pile_laid_by_a_seen_hand_is_a_flip() -> None:
    """Guard: the same as the first test, the hand seen for one frame only: a flip."""
    t = _p0_unread_then_round()
    t.seen(1400, "~", "SS", "B")
    t.seen(1450, "SS", "SS", "B")
    t.seen(1500, "SS", "SS", "B")
    assert t.flips()[6:] == [(0, "SS")]


def test_a_card_read_late_after_an_unjudged_ring_is_no_new_flip() -> None:
    """Guard: P0's card stays unread; P1 rings: the box cannot judge (P0's card unread) and
    nothing moves yet; then P0's card is read at last: no flip, nobody's card counted, the
    ring still open for the players to settle."""
    t = _p0_unread_then_round()
    t.press(1, 1320)
    for k in range(12):
        t.seen(1350 + 50 * k, "?", "SS", "B")
    assert t.ring().judged is False
    t.seen(2000, "PP", "SS", "B")
    t.seen(2050, "PP", "SS", "B")
    assert t.flips()[6:] == []
    assert t.session.view()["settle"] == 1 and t.session.view()["message"] == ""


def _unread_flip_ns(t: Table, seat: int) -> int:
    """The time of `seat`'s last flip recorded without its card."""
    return [e["t_ns"] for e in t.box.journal
            if e["event"] == "flip" and e["player"] == seat and "card" not in e][-1]


def test_the_note_names_the_flip_read_late_and_a_later_flip_of_that_seat_leaves_it_out() -> None:
    """The note says which flip the card read late was (its time) and what it showed. A
    box killed after P0's next flip was journalled, before the note that followed it was
    kept, restores the older note: P0's top is no longer that flip, so its entry is left
    out and P0's new card stands."""
    t = _p0_unread_then_round()
    t.seen(1350, "PP", "SS", "B")
    t.seen(1400, "PP", "SS", "B")
    old = t.box.note
    assert old == {"read": [{"seat": 0, "flip_ns": _unread_flip_ns(t, 0), "shows": "PP"}]}
    t.seen(1450, "~", "SS", "B")
    t.seen(1500, "LL", "SS", "B")  # P0's next card, laid by a hand
    t.seen(1550, "LL", "SS", "B")
    assert t.flips()[6:] == [(0, "LL")]
    assert t.box.note == {"read": []}
    t.box.note = old  # as if killed after the flip, before the note
    t = t.restarted()
    assert t.session.watch.shown[0] == "LL"
    for k in range(4):
        t.seen(3000 + 50 * k, "LL", "SS", "B")
    assert t.flips()[6:] == [(0, "LL")]


def test_a_note_that_is_not_in_its_form_is_left_out(caplog: pytest.LogCaptureFixture) -> None:
    t = _p0_unread_then_round()
    flip_ns = _unread_flip_ns(t, 0)
    for bad, what in (("PP", "note.read:"),
                      ([{"seat": 3, "flip_ns": flip_ns, "shows": "PP"}], "note.read[0].seat"),
                      ([{"seat": 0, "flip_ns": "1", "shows": "PP"}], "note.read[0].flip_ns"),
                      ([{"seat": 0, "flip_ns": flip_ns, "shows": "PX"}], "note.read[0].shows"),
                      ([{"seat": 0, "flip_ns": flip_ns}], "note.read[0]")):
        caplog.clear()
        t.session.restore({"read": bad})
        assert what in caplog.text and "left out" in caplog.text
        assert t.session.watch.shown[0] == "?"  # as the journal says: P0's card unread
    t.session.restore({"read": [{"seat": 0, "flip_ns": flip_ns, "shows": "PP"}]})
    assert t.session.watch.shown[0] == "PP"
