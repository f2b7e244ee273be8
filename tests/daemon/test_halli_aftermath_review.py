"""Camera sequences the first version of the seen settle (faa7302, 0809cb0) settled the
wrong way, found by a review that wrote its own reference from the rules: each fails on
0809cb0. A settle left to the players is allowed; a settle the other way is not."""

from __future__ import annotations

from tests.daemon.test_daemon_halli_unsure import Table, _unread_ring


def _settles(t: Table) -> list[dict[str, object]]:
    return [row for row in t.box.journal if row["event"] == "settle"]


def _flips(t: Table, *steps: tuple[str | None, ...], start: int = 100) -> int:
    """Each reading held two frames (50 ms apart); returns the next free time."""
    for k, tops in enumerate(steps):
        t.seen(start + 100 * k, *tops)
        t.seen(start + 100 * k + 50, *tops)
    return start + 100 * len(steps)


def _exception_ring() -> Table:
    """P0 rang wrong (BB, P, L: no trigger): its BB lies under the bell. P1 turns S, P2 a
    card never read, P0 turns B, and P0 rings again while P2's card is unread. Right: the
    exception (P0 takes its own pile and the bell, P1's and P2's piles stay, P0 turns next);
    wrong: P0's second wrong ring in a row, P0 is out and P1 turns next."""
    t = Table()
    _flips(t, ("BB", None, None), ("BB", "P", None), ("BB", "P", "L"))
    t.press(0, 420)
    t.seen(450, "BB", "P", "L")
    t.seen(500, "BB", "P", "L")
    assert t.ring().right is False
    t.box.clock.advance_to(1000 * 1_000_000)
    _flips(t, (None, "P", "L"), (None, "S", "L"), start=1000)  # P0's pile went; P1 turns S
    for k in range(6):
        t.seen(1200 + 50 * k, None, "S", "?")  # P2 turns a card never read
    _flips(t, ("B", "S", "?"), start=1500)  # P0 turns B; the turn is P1's now
    assert t.session.state.turn == 1 and t.session.state.bell_from == {0}
    t.press(0, 1620)
    for k in range(3):
        t.seen(1650 + 50 * k, "B", "S", "?")
    t.seen(2300, "B", "S", "?")  # the camera's time is up
    assert t.ring().judged is False and t.session.view()["settle_wrong"] == "out"
    return t


def test_gathering_one_pile_onto_another_is_no_card_turned() -> None:
    """Right ring: P0 takes its BB and lays it on P1's P to pick the piles up together.
    P1's place now reads BB, a code it did not show at the press: it was taken for P1
    turning a card, which only a wrong ring gives P1. A code some pile showed at the
    press is that pile carried."""
    t = _unread_ring()
    t.seen(1300, "~", "P", "?")
    t.seen(1350, None, "P", "?")
    t.seen(1400, None, "BB", "?")  # P0's pile on top of P1's
    t.seen(1450, None, None, None)  # ... all picked up
    t.seen(1500, None, None, None)
    t.seen(1600, "L", None, None)  # P0 turns the next card: a right ring
    assert [s["right"] for s in _settles(t)] in ([], [True])


def test_the_ringers_card_not_read_yet_when_the_neighbour_turns() -> None:
    """Exception case, right ring: P0 takes its pile and the bell and turns a card the
    camera has not read yet ('?', 3 frames) when P1 turns PP. Only a right ring lets P0
    lay a card before P1; the box settled it wrong and put P0 out. After a wrong ring the
    ringer's place shows the table until the neighbour's card is laid."""
    t = _exception_ring()
    t.seen(2400, "~", "S", "?")
    t.seen(2450, None, "S", "?")  # P0 took its pile (and the bell's cards)
    t.seen(2500, "?", "S", "?")  # P0's next card, not read yet
    t.seen(2550, "?", "S", "?")
    t.seen(2600, "?", "PP", "?")  # P1 turns PP
    assert [s["right"] for s in _settles(t)] in ([], [True])
    assert not t.session.state.players[0].out


def test_two_cards_in_one_frame_are_settled_by_the_old_turn_order() -> None:
    """Exception case, right ring: P0's next card and P1's appear in the same frame. The
    aftermath says nothing (two laid at once), but the flip loop asked seat by seat in the
    turn order from before the ring (P1 first) and settled wrong: P0 out."""
    t = _exception_ring()
    t.seen(2400, "~", "S", "?")
    t.seen(2450, None, "S", "?")
    t.seen(2500, "~", "S", "?")
    t.seen(2550, "L", "PP", "?")  # both hands gone: P0's L and P1's PP
    assert [s["right"] for s in _settles(t)] in ([], [True])
    assert not t.session.state.players[0].out


def test_the_ringers_pile_lifted_and_seen_again_is_no_card_turned() -> None:
    """Exception case, wrong ring (P0's second: P0 is out). P0 lifts its pile (its place
    reads the table for a frame) and carries it to the bell: the pile's top B, read again
    at P0's place, was taken for P0 turning a card, which only a right ring allows."""
    t = _exception_ring()
    t.seen(2400, "~", "S", "?")
    t.seen(2450, None, "S", "?")  # the pile lifted
    t.seen(2500, "B", "S", "?")  # ... carried past its place to the bell
    t.seen(2550, None, "S", "?")
    t.seen(2600, None, "PP", "?")  # P1 turns next: a wrong ring
    assert [s["right"] for s in _settles(t)] in ([], [False])
    assert t.session.state.players[0].out


def test_a_ring_not_followed_is_settled_on_the_last_rings_aftermath() -> None:
    """2 players (2 and 1 cards). P0 turns a card never read, rings: unjudged, followed.
    P1 turns its last card (counted: that ring can no longer be settled). The camera
    stalls; P0 rings again, unjudged. Wrong would end the game (P1's turn, no card), so
    `_follow` follows nothing -- but the first ring's Aftermath was still set, and P1's L
    (turned before this ring) settled the new ring wrong: P1 out, P0 wins."""
    from dataclasses import replace

    from tableref.device.config import parse_config
    from tableref.device.daemon.halli_session import HalliKit, HalliSession
    from tableref.device.daemon.offline import OfflineBox
    from tableref.games.halli import Start
    from tests.daemon.test_daemon_halli_unsure import MS, TIMING

    t = Table.__new__(Table)
    config = parse_config('[voice]\nengine = "none"\n')
    t.box = OfflineBox(replace(config, bells=replace(config.bells, settle_ms=2.0)))
    t.names = ["P0", "P1"]
    t.where = {}
    t.session = HalliSession(t.box, HalliKit(timing=TIMING))
    t.box.start(t.session, t.names, event=Start(("P0", "P1"), cards=(2, 1)))
    t.seen(50, None, None)
    t.seen(80, None, None)
    for k in range(6):
        t.seen(100 + 50 * k, "?", None)
    t.press(0, 420)
    for k in range(3):
        t.seen(450 + 50 * k, "?", None)
    t.seen(1000, "?", None)
    assert t.ring().judged is False
    t.seen(1100, "?", "L")  # P1 turns its last card: counted
    assert t.session.state.unjudged is None
    t.press(0, 1400)  # no frame comes: judged unsure when the wait is up
    t.box.clock.advance_to(2000 * MS)
    assert t.ring().t_ns == 1400 * MS and t.ring().judged is False
    t.seen(2100, None, "L")  # P0 lifts its pile
    assert _settles(t) == [] and not t.session.state.over
