"""The club page's model: every table as it stands, the league, and the duplicates dropped.

Messages from the broker come in on the loop (subscriber.py): `state` and `online` update
a table's view; `events` go through the duplicate check (per table and box, a message whose
key is not above the highest applied is dropped) and into the league when they change it.
`follow()` yields the page's view at every change (a slow reader skips to the latest).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tableref.device.club.games import info, live, typed
from tableref.device.club.league import League
from tableref.device.mqtt.payload import (
    BadMessage,
    Key,
    read_message,
    read_online,
    read_state,
)

log = logging.getLogger("tableref.club")
MAX_TABLES = 256  # tables shown; more are ignored (and logged once)


@dataclass
class Table:
    name: str
    online: bool | None = None  # None: not said (no retained flag)
    view: dict[str, Any] = field(default_factory=dict)  # the state read for the page
    updated: str = ""  # when the last state came (the box's clock)
    last_event: str = ""  # when the last event came (the box's clock)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "online": self.online, "updated": self.updated,
                "last_event": self.last_event, **self.view}


def read_view(state: dict[str, Any]) -> dict[str, Any]:
    """What the club page shows of a table's state."""
    game, now = live(state)
    raw_players = typed(state, "players", list, [])
    players = []
    for seat, p in enumerate(raw_players[:12]):
        p = p if isinstance(p, dict) else {}
        players.append({
            "name": str(p.get("name", f"Player {seat + 1}"))[:64],
            "colour": p.get("colour") if isinstance(p.get("colour"), str) else None,
            "out": p.get("out") is True,
            "score": now.scores[seat] if seat < len(now.scores) else None,
        })
    return {"game": game, "game_name": info(game).name, "unit": info(game).unit,
            "players": players, "leader": now.leader, "headline": now.headline,
            "over": now.over, "news": now.news}


class Club:
    def __init__(self, league: League, broker: str) -> None:
        self.league = league
        self.broker = broker
        self.broker_ok = False
        self.broker_problem = "connecting"
        self.tables: dict[str, Table] = {}
        self.seen: dict[tuple[str, str], Key] = {}  # (table, box) -> highest key applied
        self.duplicates = 0
        self.bad = 0
        self.league_version = 0
        self.version = 0
        self._changed = asyncio.Event()
        self._full_logged = False

    # -- the page ---------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return {
            "seq": self.version,
            "broker": {"address": self.broker, "connected": self.broker_ok,
                       "problem": self.broker_problem},
            "tables": [t.as_json() for _, t in sorted(self.tables.items())],
            "league": {"version": self.league_version, "games": self.league.counts()},
            "dropped": {"duplicates": self.duplicates, "bad": self.bad},
            "now": datetime.now(UTC).isoformat(timespec="seconds"),
        }

    def subscribe(self) -> AsyncIterator[dict[str, Any]]:
        return self.follow()

    async def follow(self) -> AsyncIterator[dict[str, Any]]:
        last = -1
        while True:
            if self.version == last:
                await self._changed.wait()
            last = self.version
            yield self.view()

    def _bump(self) -> None:
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    # -- the broker ---------------------------------------------------------------------------
    def broker_state(self, ok: bool, problem: str) -> None:
        self.broker_ok, self.broker_problem = ok, problem
        self._bump()

    def _table(self, name: str) -> Table | None:
        table = self.tables.get(name)
        if table is None:
            if len(self.tables) >= MAX_TABLES:
                if not self._full_logged:
                    log.warning("club: %d tables shown already; table %r is ignored",
                                MAX_TABLES, name)
                    self._full_logged = True
                return None
            table = self.tables[name] = Table(name)
        return table

    def message(self, table_name: str, what: str, payload: bytes) -> None:
        """One message from `tableref/<table_name>/<what>`; a bad one is counted, logged."""
        try:
            if what == "state":
                self._state(table_name, payload)
            elif what == "online":
                self._online(table_name, payload)
            elif what == "events":
                self._event(table_name, payload)
        except BadMessage as err:
            self.bad += 1
            log.warning("club: a bad message on tableref/%s/%s: %s", table_name[:64], what, err)
            self._bump()

    def _state(self, name: str, payload: bytes) -> None:
        state = read_state(name, payload)
        table = self._table(name)
        if table is None:
            return
        if state is None:
            table.view, table.updated = {}, ""
        else:
            table.view = read_view(state)
            table.updated = datetime.now(UTC).isoformat(timespec="seconds")
        self._bump()

    def _online(self, name: str, payload: bytes) -> None:
        online = read_online(payload)
        table = self._table(name)
        if table is not None and table.online != online:
            table.online = online
            self._bump()

    def _event(self, name: str, payload: bytes) -> None:
        msg = read_message(name, payload)
        stream = (msg.table, msg.box)
        seen = self.seen.get(stream)
        if seen is None:
            seen = self.league.high_water(*stream)
        if seen is not None and msg.key <= seen:
            self.duplicates += 1
            self._bump()
            return
        if self.league.wants(msg):
            lost = self.league.record(msg)
            self.league_version += 1
            if lost:
                log.warning("club: the end of %s's game %s never came (the broker lost it: "
                            "see hardware.md on mosquitto's autosave_interval); not in the "
                            "league", name[:64], ", ".join(map(str, lost)))
        self.seen[stream] = msg.key
        table = self._table(name)
        if table is not None:
            table.last_event = msg.at
        self._bump()
