"""The journal read as the outbox of one table's `events` topic.

The stream is the journal's events in seq order, with each game's end placed right after
the game's last event (once the game is no longer open: finished or abandoned). A `Key`
(seq, end) names each message. `mqtt_outbox` (a table of the journal's own SQLite file,
store.py) keeps, per topic, the key of the last message the broker acknowledged in order,
and `box`, the stream's id. Everything runs on the daemon's loop, on the store's connection.

A topic met for the first time starts at the open game (its events and end are published;
the history before it is not). A journal whose highest seq is below the acknowledged one
lost its tail (a repair, or a journal put back from a copy): the seqs after it would be
reused, so the stream starts again under a new `box`.
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
from dataclasses import dataclass
from typing import Any

from tableref.device.mqtt.payload import GameRef, Key, end_message, event_message
from tableref.device.store import Store, StoreError, write_error

log = logging.getLogger("tableref.mqtt")


@dataclass(frozen=True)
class Item:
    key: Key
    payload: bytes


class Outbox:
    def __init__(self, store: Store, table: str) -> None:
        self._store = store
        self.table = table
        self.topic = f"tableref/{table}"
        self._games: dict[int, GameRef] = {}
        self.box, self.acked = self._position()

    @property
    def _db(self) -> sqlite3.Connection:
        return self._store.db

    def _position(self) -> tuple[str, Key]:
        db = self._db
        try:
            row = db.execute("SELECT box, seq, ended FROM mqtt_outbox WHERE topic=?",
                             (self.topic,)).fetchone()
            top = db.execute("SELECT coalesce(max(seq), 0) FROM journal").fetchone()[0]
            if row is not None and int(row[1]) <= int(top):
                return str(row[0]), Key(int(row[1]), bool(row[2]))
            if row is not None:
                log.warning("the journal's last event is %d, the broker had acknowledged %d: "
                            "the journal lost its tail; publishing under a new stream id",
                            top, row[1])
            box, start = secrets.token_hex(4), self._first_key(int(top))
            db.execute("INSERT OR REPLACE INTO mqtt_outbox (topic, box, seq, ended) "
                       "VALUES (?, ?, ?, ?)", (self.topic, box, start.seq, int(start.end)))
        except sqlite3.Error as err:
            raise write_error(self._store.path, "keep the club's position", err) from err
        return box, start

    def _first_key(self, top: int) -> Key:
        """Just before the open game's first event; with no open game, the journal's end."""
        row = self._db.execute(
            "SELECT min(j.seq) FROM journal j WHERE j.game_id = (SELECT id FROM games WHERE "
            "status='open' ORDER BY id DESC LIMIT 1)").fetchone()
        first = row[0] if row is not None else None
        return Key(int(first) - 1, True) if first is not None else Key(top, True)

    def save(self, acked: Key) -> None:
        """Keep `acked` as the position (on disk when this returns). StoreError if not."""
        try:
            self._db.execute("UPDATE mqtt_outbox SET seq=?, ended=? WHERE topic=? AND box=?",
                             (acked.seq, int(acked.end), self.topic, self.box))
        except sqlite3.Error as err:
            raise write_error(self._store.path, "keep the club's position", err) from err
        self.acked = acked

    def waiting(self) -> int:
        """Events in the journal after the acknowledged position."""
        try:
            row = self._db.execute("SELECT count(*) FROM journal WHERE seq > ?",
                                   (self.acked.seq,)).fetchone()
        except sqlite3.Error:
            return 0
        return int(row[0])

    def after(self, key: Key, limit: int) -> list[Item]:
        """Up to `limit` messages that follow `key` in the stream (StoreError if the journal
        cannot be read)."""
        try:
            return self._after(key, limit)
        except sqlite3.Error as err:
            raise StoreError(f"cannot read the journal {self._store.path}: {err}") from err

    def _after(self, key: Key, limit: int) -> list[Item]:
        items: list[Item] = []
        game = None if key.end else self._game_of(key.seq)  # a game whose end is due
        last = key.seq
        rows = self._db.execute("SELECT seq, game_id, at, event FROM journal WHERE seq > ? "
                                "ORDER BY seq LIMIT ?", (key.seq, limit + 1)).fetchall()
        for seq, game_id, at, text in rows:
            if game is not None and game_id != game:  # a later game's: this one is over
                items.append(self._end(game, last, self._row(game)))
            if len(items) >= limit:
                return items
            items.append(Item(Key(seq), event_message(self.table, self.box, seq, at,
                                                      self._ref(game_id), _object(text))))
            game, last = game_id, seq
            if len(items) >= limit:
                return items
        if game is not None:  # the journal's end: the game's end is due once it is over
            row = self._row(game)
            if row[0] != "open":
                items.append(self._end(game, last, row))
        return items

    def _game_of(self, seq: int) -> int | None:
        row = self._db.execute("SELECT game_id FROM journal WHERE seq=?", (seq,)).fetchone()
        return None if row is None else int(row[0])

    def _ref(self, game_id: int) -> GameRef:
        ref = self._games.get(game_id)
        if ref is None:
            row = self._db.execute("SELECT game, players, started FROM games WHERE id=?",
                                   (game_id,)).fetchone()
            name, players, started = row if row is not None else ("?", "[]", "?")
            names = _list(players)
            ref = GameRef(game_id, str(name), tuple(str(n) for n in names), str(started))
            if len(self._games) > 64:
                self._games.clear()
            self._games[game_id] = ref
        return ref

    def _row(self, game_id: int) -> tuple[Any, ...]:
        """(status, ended, scores, winner, started) of a game (a lost row: abandoned)."""
        row = self._db.execute("SELECT status, ended, scores, winner, started FROM games "
                               "WHERE id=?", (game_id,)).fetchone()
        return tuple(row) if row is not None else ("abandoned", None, None, None, "?")

    def _end(self, game_id: int, last: int, row: tuple[Any, ...]) -> Item:
        """The end of `game_id` after its event `last` (a game still open when a later
        game's events come was abandoned)."""
        status, ended, scores, winner, started = row
        ref = self._ref(game_id)
        if status != "finished":
            status, scores, winner = "abandoned", None, None
        else:
            listed = _list(scores)
            scores = listed if len(listed) == len(ref.players) else None
        return Item(Key(last, True), end_message(self.table, self.box, last,
                                                 str(ended or started), ref, status, scores,
                                                 winner if isinstance(winner, str) else None))


def _object(text: object) -> dict[str, Any] | None:
    try:
        value = json.loads(text) if isinstance(text, str | bytes) else None
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _list(text: object) -> list[Any]:
    try:
        value = json.loads(text) if isinstance(text, str | bytes) else None
    except (ValueError, RecursionError):
        return []
    return value if isinstance(value, list) else []
