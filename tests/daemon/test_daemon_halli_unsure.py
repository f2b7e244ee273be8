"""The referee's verdict when it could not see the cards at the press: it says so.

A session on an offline box (ManualClock), fed what its eyes read per frame: a hand over a
pile at the press, a card found but not read, an animal not enrolled."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from halli_table import MS, TIMING, Table, p0_turns_unread

from tableref.device.config import parse_config
from tableref.device.daemon.halli_session import HalliKit, HalliSession
from tableref.device.daemon.offline import OfflineBox
from tableref.device.daemon.session import Refused
from tableref.games.halli import replay


def test_a_hand_over_a_pile_whose_card_changed_makes_the_verdict_unsure() -> None:
    t = Table()
    t.seen(100, "BB", None, None)
    t.seen(150, "BB", None, None)
    t.seen(200, "BB", "P", None)
    t.seen(250, "BB", "P", None)
    t.seen(300, "BB", "P", "?")  # P2 turning a card: the hand hides the pile
    t.press(0, 320)
    t.seen(340, "BB", "P", "?")
    assert t.box.events[-1].kind == "flip"  # waiting: the hand is still there
    t.seen(400, "BB", "P", "BB")
    t.seen(450, "BB", "P", "BB")  # a BB: but was it there at the press?
    ring = t.ring()
    assert ring.judged is False and ring.right is None
    assert t.box.journal[-1]["judged"] is False and "right" not in t.box.journal[-1]
    assert t.box.said[-1] == ["P0 was first.", "I could not see the cards, you decide."]
    verdict = t.session.view()["last_verdict"]
    assert verdict["right"] is None
    assert verdict["reasons"] == [
        "I could not see the cards at the bell: only who was first counts"]
    assert [p["pile"] for p in t.session.view()["piles"]] == [1, 1, 0]  # nothing moved


def test_a_hand_that_changed_nothing_is_seen_through_and_the_ring_judged() -> None:
    t = Table()
    t.seen(100, "BB", None, None)
    t.seen(150, "BB", None, None)
    t.seen(200, "BB", "BB", None)
    t.seen(250, "BB", "BB", "?")  # a hand reaching for the bell over P2's empty place
    t.press(2, 300)
    t.seen(350, "BB", "BB", "?")
    t.seen(400, "BB", "BB", None)
    t.seen(450, "BB", "BB", None)
    ring = t.ring()
    assert ring.judged and ring.right is True
    assert t.box.said[-1][-2:] == ["Right!", "P2 takes 2 cards."]


def test_a_card_found_but_not_read_at_the_press_is_said_not_guessed() -> None:
    t = Table()
    t.seen(100, "BB", None, None)
    t.seen(150, "BB", None, None)
    t.seen(200, "BB", "?", None)  # P1's card: found, not read with confidence
    t.seen(250, "BB", "?", None)
    t.press(1, 300)
    t.seen(350, "BB", "?", None)
    t.seen(400, "BB", "?", None)
    assert t.box.events[-1].kind == "flip"  # a hand may yet go: wait for the frames
    t.seen(820, "BB", "?", None)  # the camera's time is up (Timing.frame_wait_s)
    ring = t.ring()
    assert ring.judged is False
    assert t.session.view()["last_verdict"]["reasons"] == [
        "I could not see the cards at the bell: only who was first counts"]
    log = [json.dumps(e) for e in t.box.journal]
    assert replay(log) == t.session.state  # an unsure ring is a ring of the game log


def test_a_veto_seen_settles_the_ring_though_a_card_was_not_read() -> None:
    t = Table()
    t.seen(100, "elephant", None, None)
    t.seen(150, "elephant", None, None)
    t.seen(200, "elephant", "SL", None)
    t.seen(250, "elephant", "SL", "?")
    t.seen(300, "elephant", "SL", "?")
    t.press(1, 320)
    t.seen(340, "elephant", "SL", "?")
    ring = t.ring()
    assert ring.judged and ring.right is False  # an elephant and a strawberry: no ring


def test_an_animal_not_enrolled_is_judged_when_every_animal_gives_the_same() -> None:
    t = Table()
    t.seen(100, "animal", None, None)  # an animal, which one not known
    t.seen(150, "animal", None, None)
    t.seen(200, "animal", "B", None)
    t.seen(250, "animal", "B", None)
    t.press(2, 300)
    t.seen(350, "animal", "B", None)
    ring = t.ring()
    assert ring.judged and ring.right is True
    flips = [e for e in t.box.journal if e["event"] == "flip"]
    assert flips[0] == {"event": "flip", "player": 0, "t_ns": 100 * MS}  # card not known


def test_the_screen_says_while_the_empty_table_is_being_learnt() -> None:
    t = Table()
    t.seen(100, None, None, None, learning=True)
    assert "Learning the empty table" in t.session.view()["message"]
    t.seen(200, None, None, None)
    assert t.session.view()["message"] == ""


def test_a_pile_that_stays_unreadable_does_not_stall_the_game_and_makes_it_unsure() -> None:
    t = Table()
    for k, tops in enumerate([("BB", None, None), ("BB", "P", None), ("BB", "P", "L")]):
        t.seen(100 + 200 * k, *tops)
        t.seen(150 + 200 * k, *tops)
    t.seen(700, "~", "P", "L")  # P0 turns a card over BB ...
    for k in range(6):  # ... the camera cannot read it, long after the hand has gone
        t.seen(750 + 50 * k, "?", "P", "L")
    t.seen(1100, "?", "~", "L")
    for k in range(3):
        t.seen(1150 + 50 * k, "?", "SS", "L")  # P1 turns an SS: its turn came, so P0's did
    flips = [e for e in t.box.journal if e["event"] == "flip"]
    assert [(f["player"], f.get("card")) for f in flips[3:]] == [(0, None), (1, "SS")]
    assert flips[3].get("inferred") is True
    t.press(2, 1300)
    t.seen(1350, "?", "SS", "L")
    t.seen(1400, "?", "SS", "L")
    t.seen(2000, "?", "SS", "L")
    ring = t.ring()
    assert ring.judged is False  # P0's card was never read: unsure, never a guess


def _unjudged_ring() -> Table:
    """P0 rang while a hand hid P2's pile, and a card lay there once it had gone: the box
    could not judge the ring and waits for the players to settle it."""
    t = Table()
    t.seen(100, "BB", None, None)
    t.seen(150, "BB", None, None)
    t.seen(200, "BB", "P", None)
    t.seen(250, "BB", "P", None)
    t.seen(300, "BB", "P", "?")
    t.press(0, 320)
    t.seen(400, "BB", "P", "BB")
    t.seen(450, "BB", "P", "BB")
    assert t.ring().judged is False and t.session.view()["settle"] == 0
    return t


def test_the_players_settle_a_ring_the_box_could_not_judge() -> None:
    """The page asks who was right, the players answer "right", and P0 takes the piles as
    if the box had judged so; the journal replays to the same state, and the page asks no
    more."""
    t = _unjudged_ring()
    assert [p["pile"] for p in t.session.view()["piles"]] == [1, 1, 0]
    with pytest.raises(Refused, match="right"):
        t.session.report({"settle": "maybe"})
    t.session.report({"settle": "right"})
    assert t.box.journal[-1]["event"] == "settle" and t.box.journal[-1]["right"] is True
    view = t.session.view()
    assert view["settle"] is None
    assert [p["pile"] for p in view["piles"]] == [0, 0, 0] and view["piles"][0]["stack"] == 23 + 2
    assert view["last_verdict"]["right"] is True and view["last_verdict"]["taken"] == 2
    assert view["last_verdict"]["reasons"] == ["I could not see the cards: you decided"]
    assert t.box.said[-1] == ["You decided: P0 was right.", "P0 takes 2 cards."]
    assert view["rings"][0] == {"seat": 0, "right": 1, "wrong": 0, "unjudged": 0}
    lines = [json.dumps(row) for row in t.box.journal]
    assert replay(lines).to_json() == t.session.state.to_json()  # type: ignore[union-attr]
    with pytest.raises(Refused, match="no ring to settle"):  # settled: nothing more
        t.session.report({"settle": "wrong"})


def _unread_ring() -> Table:
    """Every card turned is counted, but P2's was never read: P0's ring cannot be judged."""
    t = Table()
    for k, tops in enumerate([("BB", None, None), ("BB", "P", None)]):
        t.seen(100 + 100 * k, *tops)
        t.seen(150 + 100 * k, *tops)
    for k in range(6):
        t.seen(300 + 50 * k, "BB", "P", "?")
    assert [p["pile"] for p in t.session.view()["piles"]] == [1, 1, 1]
    t.press(0, 620)
    for k in range(3):
        t.seen(650 + 50 * k, "BB", "P", "?")
    t.seen(1200, "BB", "P", "?")  # the camera's time is up
    assert t.ring().judged is False and t.session.view()["settle"] == 0
    return t


def test_the_box_settles_a_ring_when_it_sees_the_ringer_take_the_cards() -> None:
    """Nobody answers the page: the players take the cards as they would. Every pile
    goes and P0 turns the next card: only a right ring makes the players do that."""
    t = _unread_ring()
    t.seen(1300, "~", "~", "~")  # P0 gathers the piles
    t.seen(1350, None, None, None)
    t.seen(1400, None, None, None)
    t.seen(1500, "L", None, None)  # ... and turns the next card
    settle, flip = t.box.journal[-2:]
    assert settle == {"event": "settle", "player": 0, "right": True, "t_ns": 1500 * MS,
                      "seen": True}
    assert flip["event"] == "flip" and flip["player"] == 0 and flip["card"] == "L"
    view = t.session.view()
    assert view["settle"] is None and view["last_verdict"]["right"] is True
    assert [p["pile"] for p in view["piles"]] == [1, 0, 0] and view["piles"][0]["stack"] == 23 + 2
    assert t.box.said[-1] == ["I saw P0 take the cards: P0 was right.", "P0 takes 3 cards."]
    assert view["last_verdict"]["reasons"] == [
        "I could not see the cards at the bell: I saw what you did next"]
    lines = [json.dumps(row) for row in t.box.journal]
    assert replay(lines).to_json() == t.session.state.to_json()  # type: ignore[union-attr]


def test_the_box_settles_a_ring_wrong_when_only_the_ringers_pile_goes() -> None:
    """P0's pile goes under the bell, the others stay, and P1 (P0's left-hand neighbour)
    turns the next card: a wrong ring."""
    t = _unread_ring()
    t.seen(1300, "~", "P", "?")
    t.seen(1350, None, "P", "?")
    t.seen(1400, None, "P", "?")
    t.seen(1500, None, "S", "?")  # P1 turns S onto its P
    assert t.box.journal[-2] == {"event": "settle", "player": 0, "right": False,
                                 "t_ns": 1500 * MS, "seen": True}
    assert t.box.journal[-1]["player"] == 1 and t.box.journal[-1]["card"] == "S"
    view = t.session.view()
    assert view["bell"] == 1 and [p["pile"] for p in view["piles"]] == [0, 2, 1]
    assert t.box.said[-1][0] == "I saw P0's cards go under the bell: P0 was wrong."


def test_a_card_counted_on_the_neighbours_unread_pile_settles_a_wrong_ring() -> None:
    """P1's card was never read, so P0's ring could not be judged. P0's pile goes, P2's
    P stays, and P1's pile then shows a card it did not show before: P1 turned next,
    which only a wrong ring gives P1."""
    t = Table()
    t.seen(100, "BB", None, None)
    t.seen(150, "BB", None, None)
    for k in range(6):
        t.seen(200 + 50 * k, "BB", "?", None)  # P1's card, never read
    t.seen(500, "BB", "?", "P")
    t.seen(550, "BB", "?", "P")
    assert [p["pile"] for p in t.session.view()["piles"]] == [1, 1, 1]
    t.press(0, 600)
    for k in range(3):
        t.seen(650 + 50 * k, "BB", "?", "P")
    t.seen(1200, "BB", "?", "P")
    assert t.ring().judged is False
    t.seen(1300, None, "?", "P")
    t.seen(1350, None, "?", "P")
    t.seen(1450, None, "~", "P")  # P1's hand lays a card on its unread one
    t.seen(1500, None, "S", "P")
    settle, flip = t.box.journal[-2:]
    assert settle["event"] == "settle" and settle["right"] is False and settle["seen"] is True
    assert flip["player"] == 1 and flip["card"] == "S"


def test_a_table_that_fits_neither_verdict_leaves_the_ring_to_the_players() -> None:
    """P1's pile goes too (a right ring takes it, a wrong one leaves it), but P1, not
    P0, turns the next card (a wrong ring gives P1 the turn, a right one P0): the table
    fits neither verdict, and the box settles nothing."""
    t = _unread_ring()
    t.seen(1300, "~", "~", "?")
    t.seen(1350, None, None, "?")
    t.seen(1500, None, "S", "?")
    assert not any(row["event"] == "settle" for row in t.box.journal)
    assert t.session.view()["settle"] == 0


def test_an_answer_locks_the_bells_as_a_verdict_does_and_lights_the_taker() -> None:
    t = _unjudged_ring()
    t.box.clock.advance_to(500 * MS)  # the bells unlocked after the verdict (lock_s)
    assert not t.session.view()["locked"] and t.session.view()["settle"] == 0
    t.session.report({"settle": "wrong"})  # P0's pile goes under the bell
    assert t.box.lit[-1] == 0 and t.session.view()["locked"]
    assert t.session.view()["piles"][0]["pile"] == 0 and t.session.view()["bell"] == 1
    t.box.clock.advance_to(600 * MS)  # the cards moved; the lock (lock_s) is over
    assert not t.session.view()["locked"]


def test_a_ring_cannot_be_settled_once_a_card_was_turned_after_it() -> None:
    """With a camera, the question is open until the next card is counted: here the card
    the hand hid at the press, once the bells unlock (the known limit of settling)."""
    t = _unjudged_ring()
    t.seen(2000, "BB", "P", "S")  # the game went on: P2 turned S
    t.seen(2050, "BB", "P", "S")
    assert t.box.events[-1].kind == "flip" and t.session.view()["settle"] is None
    with pytest.raises(Refused, match="no ring to settle"):
        t.session.report({"settle": "right"})


def test_a_ring_cannot_be_settled_while_a_newer_press_is_being_decided() -> None:
    """No camera: every ring waits for the players. A press in the arbiter's window comes
    before any answer: its ring is judged first."""
    config = parse_config('[voice]\nengine = "none"\n')
    box = OfflineBox(replace(config, bells=replace(config.bells, settle_ms=30.0)),
                     camera=False)
    session = HalliSession(box, HalliKit(timing=TIMING))
    box.start(session, ["P0", "P1"])
    box.clock.advance_to(100 * MS)
    session.press(1, 100 * MS)
    box.clock.advance_to(200 * MS)
    assert session.view()["settle"] == 1
    box.clock.advance_to(300 * MS)
    session.press(0, 300 * MS)  # in the window until 330 ms
    with pytest.raises(Refused, match="wait for that verdict"):
        session.report({"settle": "right"})
    box.clock.advance_to(400 * MS)
    assert session.view()["settle"] == 0  # the newer ring is the one to settle now


def test_the_page_is_told_what_wrong_would_do_beyond_the_usual() -> None:
    """No camera: the players settle every ring. After P1's wrong ring, a second one would
    put P1 out; once two of three are left, a wrong ring ends the game: the page says so
    before they answer."""
    config = parse_config('[voice]\nengine = "none"\n')
    box = OfflineBox(replace(config, bells=replace(config.bells, settle_ms=2.0)), camera=False)
    session = HalliSession(box, HalliKit(timing=TIMING))
    box.start(session, ["P0", "P1", "P2"])
    box.clock.advance_to(100 * MS)
    session.press(1, 100 * MS)
    box.clock.advance_to(200 * MS)
    assert session.view()["settle"] == 1 and session.view()["settle_wrong"] is None
    session.report({"settle": "wrong"})
    box.clock.advance_to(1000 * MS)
    session.press(1, 1000 * MS)
    box.clock.advance_to(1100 * MS)
    assert session.view()["settle"] == 1 and session.view()["settle_wrong"] == "out"
    session.report({"settle": "wrong"})
    assert session.view()["piles"][1]["out"] and session.view()["final_round"]
    assert session.view()["settle"] is None and session.view()["settle_wrong"] is None
    box.clock.advance_to(2000 * MS)  # two of three left: the next ring ends the game
    session.press(0, 2000 * MS)
    box.clock.advance_to(2100 * MS)
    assert session.view()["settle"] == 0 and session.view()["settle_wrong"] == "ends"


def test_a_card_turned_since_the_last_ring_that_the_eyes_lose_is_not_taken_for_no_card() -> None:
    """Between rings a face-up pile only grows. On a pale table the eyes lost a card's
    paper and said "no card" where P0 had turned a BPL; with P1's BPL in view the ring,
    right, was judged wrong ("Sorry"). Now the card lost is a card not seen: unsure."""
    t = Table(players=2)
    t.seen(100, "BPL", None)
    t.seen(150, "BPL", None)
    t.seen(200, "BPL", "BPL")
    t.seen(250, "BPL", "BPL")
    t.seen(300, None, "BPL")  # the eyes lose P0's card
    t.seen(350, None, "BPL")
    t.press(0, 400)
    t.seen(450, None, "BPL")
    t.seen(500, None, "BPL")
    ring = t.ring()
    assert ring.judged is False and ring.right is None


def test_after_a_ring_an_empty_place_is_no_card() -> None:
    """After a ring the cards are gathered: a pile place showing the table is no card,
    and a ring on what is left is judged."""
    t = Table(players=2)
    t.seen(100, "BPL", None)
    t.seen(150, "BPL", None)
    t.seen(200, "BPL", "BPL")
    t.seen(250, "BPL", "BPL")
    t.press(1, 300)  # right: a pair
    t.seen(350, "BPL", "BPL")
    t.seen(400, "BPL", "BPL")
    assert t.ring().right is True
    t.box.clock.advance(2000 * MS)
    t.seen(2500, None, None)  # gathered
    t.seen(2550, None, None)
    t.seen(2600, None, "P")  # a card turned after the ring
    t.seen(2650, None, "P")
    t.press(0, 2700)
    t.seen(2750, None, "P")
    t.seen(2800, None, "P")
    assert t.ring().judged is not False and t.ring().right is False


def test_a_card_turned_unread_and_read_at_last_is_no_new_flip() -> None:
    t = p0_turns_unread()  # P1 turns an SS: P0's unread card is counted, unread
    t.seen(1200, "?", "SS", "L")
    t.seen(1250, "PP", "SS", "L")  # nothing came over P0's pile: its card, read at last
    t.seen(1300, "PP", "SS", "L")
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips[3:] == [(0, None), (1, "SS")]  # no new card on P0, none inferred on P2
    assert t.session.view()["message"] == ""  # nothing refused either
    t.seen(1350, "PP", "SS", "~")
    t.seen(1400, "PP", "SS", "B")  # P2's turn: its card counts
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips[5:] == [(2, "B")]
    t.seen(1450, "~", "SS", "B")
    t.seen(1500, "PP", "SS", "B")  # P0 turns another PP, laid by a hand: a flip
    t.seen(1550, "~", "SS", "B")
    t.seen(1600, "LL", "SS", "B")
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips[6:] == [(0, "LL")]


def test_a_card_laid_on_an_unread_one_with_no_hand_seen_is_a_flip_where_it_lands() -> None:
    """P0's card stays unread; when P0's turn comes again P0 lays an SS on it so quickly
    that no frame shows the hand. The SS lies a little off where the unread card was found
    (a card laid by hand lands elsewhere): a flip, not the unread card read at last."""
    t = p0_turns_unread()
    t.seen(1200, "?", "SS", "~")
    t.seen(1250, "?", "SS", "B")  # P0's turn again, its pile still unread
    t.where[0] = (318.0, 191.0)  # 20 px off: a card laid on it
    t.seen(1300, "SS", "SS", "B")
    t.seen(1350, "SS", "SS", "B")
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips[3:] == [(0, None), (1, "SS"), (2, "B"), (0, "SS")]
    t.press(2, 1400)
    t.seen(1450, "SS", "SS", "B")
    t.seen(1500, "SS", "SS", "B")
    assert t.ring().right is True and t.box.said[-1][-1] == "P2 takes 7 cards."


@pytest.mark.parametrize("found", [60.0, 140.0])
def test_a_card_read_where_a_part_of_it_or_its_pile_was_found_unread_is_that_card(
        found: float) -> None:
    """P0's card stays unread: what the eyes found there was a part of it (an outline 60 px
    across, where cards are 100) or the pile's outline round it (140 px). Before P0's turn
    comes again the card is read at last, its centre 20 px off that outline's, inside it
    or round it (up to 0.61 of the sides' difference): the unread card read at last, no
    new flip (no card can come on P0's pile before its turn)."""
    t = p0_turns_unread(found)
    t.where[0], t.sides[0] = (318.0, 191.0), 100.0  # the whole card, read at last
    t.seen(1200, "SS", "SS", "L")  # P2's turn
    t.seen(1250, "SS", "SS", "L")
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips[3:] == [(0, None), (1, "SS")]
    assert t.session.watch.shown[0] == "SS"
    t.seen(1300, "SS", "SS", "~")
    t.seen(1350, "SS", "SS", "B")
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips[5:] == [(2, "B")]


@pytest.mark.parametrize("found", [60.0, 140.0])
def test_on_its_own_turn_a_card_read_off_an_unread_outline_is_a_flip(found: float) -> None:
    """The same readings once P0's turn has come again: a card laid on the pile with no
    hand seen reads just so, and it may be one. Only LATE_NEAR counts then: a flip."""
    t = p0_turns_unread(found)
    t.seen(1200, "?", "SS", "~")
    t.seen(1250, "?", "SS", "B")  # P0's turn again
    t.where[0], t.sides[0] = (318.0, 191.0), 100.0
    t.seen(1300, "SS", "SS", "B")
    t.seen(1350, "SS", "SS", "B")
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips[3:] == [(0, None), (1, "SS"), (2, "B"), (0, "SS")]


def test_an_animal_not_enrolled_is_one_flip_in_a_game_of_two() -> None:
    t = Table(players=2)
    for k, tops in enumerate([("B", None), ("B", "P"), ("~", "P")] + [("animal", "P")] * 3):
        t.seen(100 + 100 * k, *tops)
        t.seen(150 + 100 * k, *tops)
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips == [(0, "B"), (1, "P"), (0, None)]  # the animal once, which one not known
    assert t.session.view()["message"] == ""


def test_a_card_read_at_last_while_the_bells_were_locked_is_no_card_turned_after_the_ring() -> None:
    """P2's card was turned unread; P1 rang and the ring could not be judged (P2's card not
    known). While the bells were locked P2's card was read at last: once they unlock it is
    that card still, not the card P2 turns after a wrong ring."""
    t = Table(4)
    for k, tops in enumerate([("BB", None, None, None), ("BB", "P", None, None)]):
        t.seen(100 + 100 * k, *tops)
        t.seen(150 + 100 * k, *tops)
    t.where[2] = (500.0, 300.0)
    t.seen(300, "BB", "P", "~", None)  # P2 turns a card the camera cannot read
    for k in range(6):
        t.seen(350 + 50 * k, "BB", "P", "?", None)
    t.seen(700, "BB", "P", "?", "~")
    t.seen(750, "BB", "P", "?", "SSS")  # P3's card: P2's is counted, unread
    t.seen(800, "BB", "P", "?", "SSS")
    t.press(1, 820)
    t.seen(850, "BB", "P", "?", "SSS")
    t.seen(900, "BB", "P", "LLLL", "SSS")  # P2's card read at last, the bells locked
    t.seen(950, "BB", "~", "LLLL", "SSS")  # P1's pile goes under the bell: a wrong ring
    t.seen(2000, "BB", None, "LLLL", "SSS")
    assert t.ring().judged is False
    t.seen(2150, "BB", None, "LLLL", "SSS")
    t.seen(2200, "BB", None, "?", "SSS")
    t.seen(2250, "BB", None, "LLLL", "SSS")  # still P2's old card
    flips = [(e["player"], e.get("card")) for e in t.box.journal if e["event"] == "flip"]
    assert flips[2:] == [(2, None), (3, "SSS")]
    t.seen(2300, "BB", None, "~", "SSS")
    t.where[2] = (480.0, 310.0)
    t.seen(2350, "BB", None, "SSSS", "SSS")  # P2 turns its next card
    t.seen(2400, "BB", None, "SSSS", "SSS")
    settle, flip = t.box.journal[-2:]
    assert settle["event"] == "settle" and settle["right"] is False
    assert (flip["player"], flip["card"]) == (2, "SSSS")
