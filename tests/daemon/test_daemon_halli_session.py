"""The Halli session above the recogniser: tops seen per frame, presses with times."""

import asyncio
from typing import Any

from tableref.device.daemon.halli_session import HalliSession, TableSeen, Timing
from tableref.device.daemon.words import Words

MS = 1_000_000


class Table:
    """A session wired to plain lists: journal, speech, LEDs."""

    def __init__(self, players: int = 3, camera: bool = True) -> None:
        self.records: list[dict[str, Any]] = []
        self.said: list[str] = []
        self.spoken: list[list[str]] = []
        self.lit: list[int | None] = []
        self.camera = camera
        self.tasks: list[asyncio.Task[Any]] = []
        self.session = self.make([f"P{i}" for i in range(players)])
        rec = self.session.start_record()
        self.records.append(rec)
        self.session.apply_record(rec)

    def make(self, names: list[str]) -> HalliSession:
        return HalliSession(
            names, {}, journal=self.records.append, changed=lambda: None,
            say=self.say, light=self.lit.append,
            spawn=lambda c: self.tasks.append(asyncio.ensure_future(c)),
            camera_ok=lambda: self.camera, words=Words("en", names),
            timing=Timing(settle_s=0.001, frame_wait_s=0.5, lock_s=0.01),
        )

    def say(self, segments: list[str]) -> None:
        self.spoken.append(segments)
        self.said.append(" ".join(segments))

    async def settle(self) -> None:
        while self.tasks:
            await self.tasks.pop(0)

    def replayed(self) -> HalliSession:
        fresh = self.make(list(self.session.players))
        for rec in self.records:
            fresh.apply_record(rec)
        return fresh


async def test_a_right_ring_with_margin_and_reaction_times() -> None:
    t = Table()
    s = t.session
    s.on_seen(TableSeen(100 * MS, ("BBL", None, None)))
    s.on_seen(TableSeen(200 * MS, ("BBL", "BBL", None)))
    assert [r["event"] for r in t.records] == ["start", "flip", "flip"]
    s.press(2, 700 * MS)
    s.press(0, 741 * MS)  # within the settle window: part of the round
    assert s.locked
    await asyncio.sleep(0.01)
    assert t.records[-1]["event"] == "flip"  # still waiting for a frame after the press
    s.on_seen(TableSeen(760 * MS, ("BBL", "BBL", None)))
    await t.settle()
    v = s.part()["last_verdict"]
    assert v["player"] == 2 and v["right"] is True
    assert v["margin_ms"] == 41.0 and v["second"] == 0
    assert v["reaction_ms"] == {"2": 500.0, "0": 541.0}
    assert t.spoken[0] == ["P2 was first,", "by 41 milliseconds.", "Right!", "P2 takes 2 cards."]
    assert t.lit == [2, None]
    assert not s.locked
    piles = s.part()["piles"]
    assert [p["pile"] for p in piles] == [0, 0, 0] and piles[2]["stack"] == 26
    assert t.replayed().part() == s.part()


async def test_a_card_seen_before_the_press_but_recognised_after_it_counts() -> None:
    t = Table()
    s = t.session
    s.on_seen(TableSeen(100 * MS, ("BBL", None, None)))
    s.press(1, 1000 * MS)  # the pig frame (900 ms) is still being recognised
    await asyncio.sleep(0.01)
    s.on_seen(TableSeen(900 * MS, ("BBL", "pig", None)))
    s.on_seen(TableSeen(1010 * MS, ("BBL", "pig", None)))
    await t.settle()
    v = s.part()["last_verdict"]
    assert v["right"] is True and v["reasons"] == ["a pig"]
    assert v["reaction_ms"] == {"1": 100.0}


async def test_a_wrong_ring_and_a_late_press_during_the_lock() -> None:
    t = Table()
    t.session.timing.lock_s = 0.2
    s = t.session
    s.on_seen(TableSeen(100 * MS, ("BP", None, None)))
    s.press(0, 500 * MS)
    s.on_seen(TableSeen(510 * MS, ("BP", None, None)))
    await asyncio.sleep(0.05)
    assert s.part()["last_verdict"]["right"] is False
    s.press(1, 620 * MS)  # after the verdict, while locked: recorded, does not count
    await t.settle()
    v = s.part()["last_verdict"]
    assert v["player"] == 0 and v["second"] == 1 and v["margin_ms"] == 120.0
    assert v["reaction_ms"] == {}
    assert t.records[-1] == {"event": "press", "player": 1, "t_ns": 620 * MS}
    assert "Sorry, P0!" in t.said[0]
    assert s.part()["bell"] == 1
    assert t.replayed().part() == s.part()


async def test_frames_after_the_press_do_not_count_and_ghosts_are_not_flips() -> None:
    t = Table()
    s = t.session
    s.on_seen(TableSeen(100 * MS, ("pig", None, None)))
    s.press(2, 300 * MS)
    s.on_seen(TableSeen(310 * MS, ("pig", "BB", None)))  # turned after the press
    await t.settle()
    assert s.part()["last_verdict"]["right"] is True
    # the gathered pile is still in view for a moment, then gone; then a new card
    s.on_seen(TableSeen(400 * MS, ("pig", None, None)))
    s.on_seen(TableSeen(500 * MS, (None, None, None)))
    assert [r["event"] for r in t.records].count("flip") == 1
    s.on_seen(TableSeen(600 * MS, (None, None, "L")))  # the ringer turns next
    assert t.records[-1] == {"event": "flip", "player": 2, "card": "L", "t_ns": 600 * MS}
    assert s.part()["turn"] == 0


async def test_without_a_camera_only_who_was_first() -> None:
    t = Table(camera=False)
    s = t.session
    s.press(1, 500 * MS)
    s.press(0, 498 * MS)  # earlier edge, later callback: it wins
    await t.settle()
    v = s.part()["last_verdict"]
    assert v["player"] == 0 and v["right"] is None and v["margin_ms"] == 2.0
    assert t.said[0] == "P0 was first, by 2 milliseconds. No camera: you decide."
    assert [p["pile"] for p in s.part()["piles"]] == [0, 0, 0]


async def test_an_identical_card_turned_on_the_same_pile_is_inferred() -> None:
    t = Table()
    s = t.session
    s.on_seen(TableSeen(100 * MS, ("BB", None, None)))
    s.on_seen(TableSeen(200 * MS, ("BB", "L", None)))
    s.on_seen(TableSeen(300 * MS, ("BB", "L", "P")))
    # seat 0 turns another BB (the camera sees no change), then seat 1 turns S
    s.on_seen(TableSeen(500 * MS, ("BB", "S", "P")))
    flips = [r for r in t.records if r["event"] == "flip"]
    assert flips[-2] == {"event": "flip", "player": 0, "card": "BB", "t_ns": 500 * MS,
                         "inferred": True}
    assert flips[-1]["player"] == 1 and s.part()["message"] == ""
    assert [p["pile"] for p in s.part()["piles"]] == [2, 2, 1]


async def test_a_flip_out_of_turn_is_reported_not_counted() -> None:
    t = Table()
    s = t.session
    s.on_seen(TableSeen(100 * MS, (None, "L", None)))  # seat 1 turns before seat 0
    assert "not counted" in s.part()["message"]
    assert [p["pile"] for p in s.part()["piles"]] == [0, 0, 0]
    assert t.replayed().part() == s.part()


async def test_a_ring_before_the_next_card_is_judged_like_any_other() -> None:
    t = Table()
    s = t.session
    s.on_seen(TableSeen(100 * MS, ("pig", None, None)))
    s.press(1, 200 * MS)
    s.on_seen(TableSeen(210 * MS, (None, None, None)))
    await t.settle()
    assert s.part()["piles"][1]["stack"] == 25  # P1 took the pig
    s.press(0, 900 * MS)  # nobody has turned a card since: nothing is visible
    s.on_seen(TableSeen(910 * MS, (None, None, None)))
    await t.settle()
    v = s.part()["last_verdict"]
    assert v["seq"] == 2 and v["player"] == 0 and v["right"] is False
    assert v["reasons"] == ["no trigger"]
    assert t.said[-1] == "P0 was first, Sorry, P0!"
    assert s.part()["turn"] == 1  # the turn passes to P0's left-hand neighbour
    assert t.replayed().part() == s.part()


async def test_a_misread_card_the_stack_cannot_hold_is_counted_as_unknown() -> None:
    t = Table(players=2)
    s = t.session = t.make(["P0", "P1"])
    t.records[:] = [s.start_record(cards=[3, 1])]
    s.apply_record(t.records[0])
    s.on_seen(TableSeen(100 * MS, ("pig", None)))
    s.press(1, 200 * MS)  # right: P1 takes the pig, which goes under P1's stack
    s.on_seen(TableSeen(210 * MS, (None, None)))
    await t.settle()
    assert s.part()["last_verdict"]["right"] is True
    s.on_seen(TableSeen(300 * MS, (None, "B")))  # P1's dealt card
    s.on_seen(TableSeen(400 * MS, ("L", "B")))
    # P1's next card can only be the pig; the camera reads it as S
    s.on_seen(TableSeen(500 * MS, ("L", "S")))
    assert t.records[-1] == {"event": "flip", "player": 1, "card": "S", "t_ns": 500 * MS}
    part = s.part()
    assert "read as S" in part["message"] and "unknown card" in part["message"]
    assert [p["pile"] for p in part["piles"]] == [1, 2]
    assert [p["stack"] for p in part["piles"]] == [1, 0]
    assert part["piles"][1]["top"] is None  # not known: the engine does not take the S
    # the game goes on: P0 turns the next card and it is counted
    s.on_seen(TableSeen(600 * MS, ("P", "S")))
    part = s.part()
    assert [p["pile"] for p in part["piles"]] == [2, 2] and part["message"] == ""
    assert t.replayed().part() == part


async def test_a_card_after_an_unreadable_turn_waits_for_a_clear_frame() -> None:
    t = Table()
    s = t.session
    s.on_seen(TableSeen(100 * MS, ("BB", None, None)))
    # seat 1 turned a card and seat 2 one after it; a hand still hides seat 1's pile
    s.on_seen(TableSeen(200 * MS, ("BB", "?", "P")))
    assert [r["event"] for r in t.records] == ["start", "flip"]
    assert s.part()["message"] == ""
    s.on_seen(TableSeen(300 * MS, ("BB", "L", "P")))
    flips = [(r["player"], r["card"]) for r in t.records if r["event"] == "flip"]
    assert flips == [(0, "BB"), (1, "L"), (2, "P")]
    assert [p["pile"] for p in s.part()["piles"]] == [1, 1, 1]
    assert s.part()["message"] == ""
    assert t.replayed().part() == s.part()
