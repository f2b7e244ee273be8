"""A Halli session on an offline box (ManualClock), fed what its eyes read per frame: the
daemon tests' table (the eyes find each seat's card where `Table.where` says, 100 px)."""

from __future__ import annotations

import json
from dataclasses import replace

from tableref.device.config import parse_config
from tableref.device.daemon.halli_session import HalliKit, HalliSession, TableSeen, Timing
from tableref.device.daemon.offline import OfflineBox
from tableref.games.halli import Ring

MS = 1_000_000
TIMING = Timing(frame_wait_s=0.5, lock_s=0.01)


class Table:
    def __init__(self, players: int = 3) -> None:
        config = parse_config('[voice]\nengine = "none"\n')
        self.box = OfflineBox(replace(config, bells=replace(config.bells, settle_ms=2.0)))
        self.names = [f"P{i}" for i in range(players)]
        self.session = HalliSession(self.box, HalliKit(timing=TIMING))
        self.box.start(self.session, self.names)
        # where the eyes find each seat's card (cards 100 px), when a test says, and the
        # side of what they find there when it is not a whole card (a part, a pile's outline)
        self.where: dict[int, tuple[float, float]] = {}
        self.sides: dict[int, float] = {}

    def seen(self, t_ms: int, *tops: str | None, learning: bool = False) -> None:
        self.box.clock.advance_to(t_ms * MS)
        at = tuple(self.where.get(seat) if top not in (None, "~") else None
                   for seat, top in enumerate(tops))
        sides = tuple(None if a is None else self.sides.get(seat, 100.0)
                      for seat, a in enumerate(at))
        self.session.seen(TableSeen(t_ms * MS, tops, learning, at, 100.0, sides))

    def press(self, player: int, t_ms: int) -> None:
        self.box.clock.advance_to(t_ms * MS)
        self.session.press(player, t_ms * MS)

    def ring(self) -> Ring:
        rings = [e for e in self.box.events if isinstance(e, Ring)]
        assert rings, "no ring recorded yet"
        return rings[-1]

    def flips(self) -> list[tuple[int, str | None]]:
        return [(e["player"], e.get("card")) for e in self.box.journal if e["event"] == "flip"]

    def restarted(self) -> Table:
        """The box restarted: a fresh session fed the journal, then the note it kept last
        (as app._resume does), the clock where it was."""
        fresh = Table.__new__(Table)
        fresh.names = self.names
        fresh.where = dict(self.where)
        fresh.sides = dict(self.sides)
        fresh.box = OfflineBox(self.box.config, clock=self.box.clock, names=self.names)
        fresh.session = HalliSession(fresh.box, HalliKit(timing=TIMING))
        fresh.box.session = fresh.session
        for line in self.box.journal:
            fresh.box.journal.append(line)
            event = fresh.session.decode(json.loads(json.dumps(line)))
            fresh.box.events.append(event)
            fresh.session.apply(event)
        if self.box.note is not None:
            fresh.box.note = self.box.note
            fresh.session.restore(json.loads(json.dumps(self.box.note)))
        return fresh


def p0_turns_unread(side: float = 100.0, at: tuple[float, float] = (300.0, 200.0)) -> Table:
    """P0 BB, P1 P, P2 L; P0 turns a card the camera cannot read (found `at`, "?" for 300
    ms: an outline of `side` px, a whole card's 100 by default), then P1 turns SS (P0's
    card is counted, unread)."""
    t = Table()
    t.sides[0] = side
    for k, tops in enumerate([("BB", None, None), ("BB", "P", None), ("BB", "P", "L")]):
        t.seen(100 + 200 * k, *tops)
        t.seen(150 + 200 * k, *tops)
    t.where[0] = at
    t.seen(700, "~", "P", "L")
    for k in range(6):
        t.seen(750 + 50 * k, "?", "P", "L")
    t.seen(1100, "?", "~", "L")
    t.seen(1150, "?", "SS", "L")
    return t
