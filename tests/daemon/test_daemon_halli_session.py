"""The Halli session above the recogniser: tops seen per frame, presses with times.

Driven on a ManualClock through an OfflineBox: each input comes at its own time (the clock
is moved there first), so the settle window, the wait for the camera and the lock fall due
exactly when they would live, with no real time passing and nothing to race.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from tableref.device.config import Config, parse_config
from tableref.device.daemon.halli_session import HalliKit, HalliSession, TableSeen, Timing
from tableref.device.daemon.offline import OfflineBox
from tableref.games.halli import Late, Ring, parse_event_line

MS = 1_000_000
TIMING = Timing(frame_wait_s=0.5, lock_s=0.01)


def _config(settle_ms: float) -> Config:
    config = parse_config("[voice]\nengine = \"none\"\n")
    return replace(config, bells=replace(config.bells, settle_ms=settle_ms))


class Table:
    """A session on an offline box: its game log, what it says and lights."""

    def __init__(self, players: int = 3, camera: bool = True, cards: list[int] | None = None,
                 settle_ms: float = 2.0, kit: HalliKit | None = None) -> None:
        self.box = OfflineBox(_config(settle_ms), camera=camera)
        self.names = [f"P{i}" for i in range(players)]
        self.session = HalliSession(self.box, kit or HalliKit(timing=TIMING))
        start = self.session.start(self.names, {})
        if cards is not None:
            start = replace(start, cards=tuple(cards))
        self.box.start(self.session, self.names, event=start)

    @property
    def records(self) -> list[dict[str, Any]]:
        return self.box.journal

    @property
    def said(self) -> list[str]:
        return [" ".join(s) for s in self.box.said]

    def at(self, t_ns: int) -> HalliSession:
        """The session, with the clock moved to `t_ns` (timers due by then have run)."""
        self.box.clock.advance_to(t_ns)
        return self.session

    def seen(self, t_ns: int, tops: tuple[str | None, ...]) -> None:
        self.at(t_ns).seen(TableSeen(t_ns, tops))

    def press(self, player: int, t_ns: int) -> None:
        self.at(t_ns).press(player, t_ns)

    def replayed(self) -> HalliSession:
        """A fresh session fed the game log: what a restart rebuilds."""
        box = OfflineBox(self.box.config, names=self.names)
        fresh = HalliSession(box, HalliKit(timing=TIMING))
        box.session = fresh
        for line in self.records:
            fresh.apply(fresh.decode(line))
        return fresh


def _game(view: dict[str, Any]) -> dict[str, Any]:
    """The view but the live message (a refused observation is not in the journal)."""
    return {k: v for k, v in view.items() if k != "message"}


def test_a_right_ring_with_margin_and_reaction_times() -> None:
    t = Table()
    s = t.session
    t.seen(100 * MS, ("BBL", None, None))
    t.seen(200 * MS, ("BBL", "BBL", None))
    assert [r["event"] for r in t.records] == ["start", "flip", "flip"]
    t.press(2, 700 * MS)
    t.press(0, 741 * MS)  # after the settle window, before the verdict: with the ring
    assert s.locked
    t.at(760 * MS)
    assert t.records[-1]["event"] == "flip"  # still waiting for a frame after the press
    t.seen(760 * MS, ("BBL", "BBL", None))
    assert t.records[-1] == {"event": "ring", "player": 2, "t_ns": 700 * MS, "right": True,
                             "presses": [{"player": 2, "t_ns": 700 * MS},
                                         {"player": 0, "t_ns": 741 * MS, "late": True}]}
    v = s.view()["last_verdict"]
    assert v["player"] == 2 and v["right"] is True
    assert v["margin_ms"] == 41.0 and v["second"] == 0
    assert v["reaction_ms"] == {"2": 500.0, "0": 541.0}
    assert t.box.said[0] == ["P2 was first,", "by 41 milliseconds.", "Right!",
                             "P2 takes 2 cards."]
    assert t.box.lit == [2]
    t.at(760 * MS + round(TIMING.lock_s * 1e9))
    assert t.box.lit == [2, None]
    assert not s.locked
    piles = s.view()["piles"]
    assert [p["pile"] for p in piles] == [0, 0, 0] and piles[2]["stack"] == 26
    assert t.replayed().view() == s.view()


def test_the_settle_window_of_the_config_decides_who_was_first() -> None:
    t = Table(settle_ms=15.0)  # [bells] settle_ms
    t.seen(100 * MS, ("pig", None, None))
    t.at(300 * MS).press(1, 300 * MS)
    t.at(314 * MS).press(0, 299 * MS)  # its callback 14 ms later, its edge 1 ms earlier
    t.seen(320 * MS, ("pig", None, None))
    ring = t.box.events[-1]
    assert isinstance(ring, Ring) and ring.player == 0 and ring.right is True
    t2 = Table(settle_ms=2.0)
    t2.seen(100 * MS, ("pig", None, None))
    t2.at(300 * MS).press(1, 300 * MS)
    t2.at(314 * MS).press(0, 299 * MS)  # after this window: the decision stands
    t2.seen(320 * MS, ("pig", None, None))
    ring = t2.box.events[-1]
    assert isinstance(ring, Ring) and ring.player == 1
    assert ring.presses[-1].late and ring.presses[-1].player == 0


def test_a_card_seen_before_the_press_but_recognised_after_it_counts() -> None:
    t = Table()
    s = t.session
    t.seen(100 * MS, ("BBL", None, None))
    t.press(1, 1000 * MS)  # the pig frame (900 ms) is still being recognised
    t.at(1010 * MS)
    s.seen(TableSeen(900 * MS, ("BBL", "pig", None)))
    s.seen(TableSeen(1010 * MS, ("BBL", "pig", None)))
    v = s.view()["last_verdict"]
    assert v["right"] is True and v["reasons"] == ["a pig"]
    assert v["reaction_ms"] == {"1": 100.0}


def test_a_wrong_ring_and_a_late_press_during_the_lock() -> None:
    t = Table()
    t.session.timing = replace(TIMING, lock_s=0.2)
    s = t.session
    t.seen(100 * MS, ("BP", None, None))
    t.press(0, 500 * MS)
    t.seen(510 * MS, ("BP", None, None))
    assert s.view()["last_verdict"]["right"] is False
    t.press(1, 620 * MS)  # after the verdict, while locked: recorded, does not count
    assert s.locked
    t.at(800 * MS)
    assert not s.locked
    v = s.view()["last_verdict"]
    assert v["player"] == 0 and v["second"] == 1 and v["margin_ms"] == 120.0
    assert v["reaction_ms"] == {}
    assert t.records[-1] == {"event": "late", "player": 1, "t_ns": 620 * MS}
    assert isinstance(t.box.events[-1], Late)
    assert "Sorry, P0!" in t.said[0]
    assert s.view()["bell"] == 1
    assert t.replayed().view() == s.view()


def test_frames_after_the_press_do_not_count_and_ghosts_are_not_flips() -> None:
    t = Table()
    s = t.session
    t.seen(100 * MS, ("pig", None, None))
    t.press(2, 300 * MS)
    t.seen(310 * MS, ("pig", "BB", None))  # turned after the press
    assert s.view()["last_verdict"]["right"] is True
    t.at(400 * MS)  # the lock is over
    # the gathered pile is still in view for a moment, then gone; then a new card
    t.seen(400 * MS, ("pig", None, None))
    t.seen(500 * MS, (None, None, None))
    assert [r["event"] for r in t.records].count("flip") == 1
    t.seen(600 * MS, (None, None, "L"))  # the ringer turns next
    assert t.records[-1] == {"event": "flip", "player": 2, "card": "L", "t_ns": 600 * MS}
    assert s.view()["turn"] == 0


def test_without_a_camera_only_who_was_first() -> None:
    t = Table(camera=False)
    s = t.session
    t.at(500 * MS)
    s.press(1, 500 * MS)
    s.press(0, 498 * MS)  # earlier edge, later callback within the window: it wins
    t.at(510 * MS)
    v = s.view()["last_verdict"]
    assert v["player"] == 0 and v["right"] is None and v["margin_ms"] == 2.0
    assert t.said[0] == "P0 was first, by 2 milliseconds. No camera: you decide."
    assert [p["pile"] for p in s.view()["piles"]] == [0, 0, 0]
    assert t.records[-1]["judged"] is False and "right" not in t.records[-1]


def _three_piles() -> Table:
    """Seats 0, 1 and 2 have turned BB, L and P: seat 0's turn again."""
    t = Table()
    t.seen(100 * MS, ("BB", None, None))
    t.seen(200 * MS, ("BB", "L", None))
    t.seen(300 * MS, ("BB", "L", "P"))
    return t


def test_an_identical_card_turned_on_the_same_pile_is_inferred() -> None:
    t = _three_piles()
    s = t.session
    # seat 0 turns another BB (the camera sees no change), then seat 1 turns S
    t.seen(500 * MS, ("BB", "S", "P"))
    flips = [r for r in t.records if r["event"] == "flip"]
    assert flips[-2] == {"event": "flip", "player": 0, "card": "BB", "t_ns": 500 * MS,
                         "inferred": True}
    assert flips[-1]["player"] == 1 and s.view()["message"] == ""
    assert [p["pile"] for p in s.view()["piles"]] == [2, 2, 1]


def test_two_identical_cards_in_a_row_are_not_inferred_for_a_card_two_seats_on() -> None:
    """A card on seat 2 while seats 0 and 1, whose turns come first, show what they
    showed: both turning the card they had on top is far less likely than the referee
    having lost the turn; the card is reported, not counted, and nothing is inferred."""
    t = _three_piles()
    s = t.session
    t.seen(500 * MS, ("BB", "L", "S"))
    flips = [r for r in t.records if r["event"] == "flip"]
    assert len(flips) == 3 and not any(f.get("inferred") for f in flips)
    assert "not counted" in s.view()["message"]
    assert [p["pile"] for p in s.view()["piles"]] == [1, 1, 1]


def test_a_flip_out_of_turn_is_reported_not_counted() -> None:
    t = Table()
    s = t.session
    t.seen(100 * MS, (None, "L", None))  # seat 1 turns before seat 0
    assert "not counted" in s.view()["message"]
    assert [p["pile"] for p in s.view()["piles"]] == [0, 0, 0]
    assert [r["event"] for r in t.records] == ["start"]  # the journal holds the game only
    assert _game(t.replayed().view()) == _game(s.view())


def test_a_ring_before_the_next_card_is_judged_like_any_other() -> None:
    t = Table()
    s = t.session
    t.seen(100 * MS, ("pig", None, None))
    t.press(1, 200 * MS)
    t.seen(210 * MS, (None, None, None))
    assert s.view()["piles"][1]["stack"] == 25  # P1 took the pig
    t.press(0, 900 * MS)  # nobody has turned a card since: nothing is visible
    t.seen(910 * MS, (None, None, None))
    v = s.view()["last_verdict"]
    assert v["seq"] == 2 and v["player"] == 0 and v["right"] is False
    assert v["reasons"] == ["nothing on the table to ring for"]
    assert t.said[-1] == "P0 was first. Sorry, P0!"
    assert s.view()["turn"] == 1  # the turn passes to P0's left-hand neighbour
    t.at(1000 * MS)  # the lock is over
    assert t.replayed().view() == s.view()


def test_a_misread_card_the_stack_cannot_hold_is_counted_as_unknown() -> None:
    t = Table(players=2, cards=[3, 1])
    s = t.session
    t.seen(100 * MS, ("pig", None))
    t.press(1, 200 * MS)  # right: P1 takes the pig, which goes under P1's stack
    t.seen(210 * MS, (None, None))
    assert s.view()["last_verdict"]["right"] is True
    t.at(300 * MS)
    t.seen(300 * MS, (None, "B"))  # P1's dealt card
    t.seen(400 * MS, ("L", "B"))
    # P1's next card can only be the pig; the camera reads it as S
    t.seen(500 * MS, ("L", "S"))
    assert t.records[-1] == {"event": "flip", "player": 1, "t_ns": 500 * MS, "misread": "S"}
    view = s.view()
    assert "read as 1 strawberry" in view["message"] and "unknown card" in view["message"]
    assert [p["pile"] for p in view["piles"]] == [1, 2]
    assert [p["stack"] for p in view["piles"]] == [1, 0]
    assert view["piles"][1]["top"] is None  # not known: the engine does not take the S
    # the game goes on: P0 turns the next card and it is counted
    t.seen(600 * MS, ("P", "S"))
    view = s.view()
    assert [p["pile"] for p in view["piles"]] == [2, 2] and view["message"] == ""
    assert t.replayed().view() == view


def test_a_card_after_an_unreadable_turn_waits_for_a_clear_frame() -> None:
    t = Table()
    s = t.session
    t.seen(100 * MS, ("BB", None, None))
    # seat 1 turned a card and seat 2 one after it; a hand still hides seat 1's pile
    t.seen(200 * MS, ("BB", "?", "P"))
    assert [r["event"] for r in t.records] == ["start", "flip"]
    assert s.view()["message"] == ""
    t.seen(300 * MS, ("BB", "L", "P"))
    flips = [(r["player"], r["card"]) for r in t.records if r["event"] == "flip"]
    assert flips == [(0, "BB"), (1, "L"), (2, "P")]
    assert [p["pile"] for p in s.view()["piles"]] == [1, 1, 1]
    assert s.view()["message"] == ""
    assert t.replayed().view() == s.view()


def test_the_game_log_replays_with_the_engine_alone() -> None:
    from tableref.games.halli import replay

    t = Table()
    t.seen(100 * MS, ("pig", None, None))
    t.press(2, 300 * MS)
    t.seen(310 * MS, ("pig", None, None))
    t.at(400 * MS)
    t.press(0, 420 * MS)
    t.seen(430 * MS, (None, None, None))
    lines = [json.dumps(r) for r in t.records]
    assert [type(parse_event_line(x)).__name__ for x in lines] == ["Start", "Flip", "Ring",
                                                                   "Ring"]
    state = replay(lines)
    assert state == t.session.state


def test_the_cards_the_last_game_left_on_the_table_are_not_the_next_games_flips() -> None:
    """A new game begins while the last one's cards still lie on the table (a hand over the
    third pile at the last frame): nothing is counted until each place has been seen empty;
    then the first card turned there counts, even one like the card that lay there."""
    kit = HalliKit(timing=TIMING)  # the box's: it outlives its games
    t = Table(kit=kit)
    t.seen(100 * MS, ("BBL", None, None))
    t.seen(200 * MS, ("BBL", "PPS", None))
    t.seen(300 * MS, ("BBL", "PPS", "SL"))
    t.seen(400 * MS, ("BBL", "PPS", "~"))
    t.session.close()  # a new game: the box opens a new session with the same kit
    t = Table(kit=kit)
    t.seen(500 * MS, ("BBL", "PPS", "SL"))  # the same cards: no flips
    t.seen(600 * MS, ("BBL", "PPS", "SL"))
    assert [r["event"] for r in t.box.journal[-1:]] == ["start"]
    t.seen(700 * MS, (None, "PPS", "SL"))  # the first pile gathered
    t.seen(800 * MS, ("BBL", "PPS", "SL"))  # and the same card turned there anew: a flip
    assert t.box.journal[-1] == {"event": "flip", "player": 0, "card": "BBL",
                                 "t_ns": 800 * MS}
    t.seen(900 * MS, ("BBL", "PPS", "SL"))  # the second pile still the last game's card
    assert t.box.journal[-1]["t_ns"] == 800 * MS
    t.seen(1000 * MS, ("BBL", "LL", "SL"))  # a card of its own over the old one: a flip
    assert t.box.journal[-1] == {"event": "flip", "player": 1, "card": "LL",
                                 "t_ns": 1000 * MS}


def test_the_eyes_are_told_which_seat_turns_its_first_card_and_a_restart_tells_them_again(
        ) -> None:
    from tableref.device.daemon.halli_eyes import HalliEyes
    from tableref.vision.halli.recognise import Recogniser
    kit = HalliKit(reader=Recogniser(None, nets=False), timing=TIMING)
    t = Table(kit=kit)
    eyes = t.session.eyes
    assert isinstance(eyes, HalliEyes) and eyes.first_turn == 0
    t.seen(100 * MS, ("BBL", None, None))
    assert eyes.first_turn == 1
    t.seen(200 * MS, ("BBL", "PS", None))
    assert eyes.first_turn == 2
    t.seen(300 * MS, ("BBL", "PS", "L"))
    assert [r["event"] for r in t.records] == ["start", "flip", "flip", "flip"]
    assert eyes.first_turn is None  # every seat has a pile: where it lies is known
    box = OfflineBox(t.box.config, names=t.names, camera=True)
    fresh = HalliSession(box, HalliKit(reader=Recogniser(None, nets=False), timing=TIMING))
    box.session = fresh
    for line in t.records[:2]:  # a restart after the first card: P1 and P2 still to turn
        fresh.apply(fresh.decode(line))
    assert isinstance(fresh.eyes, HalliEyes) and fresh.eyes.first_turn == 1
    assert fresh.eyes.game_tops == ("BBL", None, None)  # so the BBL lying there is P0's
