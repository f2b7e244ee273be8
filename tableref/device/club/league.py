"""The league: every game the club's tables played, in its own SQLite file.

A game is learnt from the `events` stream alone (device/mqtt): its start (or any event of a
game not yet known, for a club page started mid-game), and its end with the result. A game
is keyed by (table, box, game id), so whatever arrives twice or again (QoS 1 duplicates, a
broker's replay, a club page restarted) changes nothing: the start is an INSERT OR IGNORE,
the end sets the same result again. `streams` keeps, per (table, box), the key of the last
message applied, in the same transaction as the change it made. A game whose end never came
(a later game of its stream began) is 'lost': neither finished nor abandoned, not counted.

The figures: per game and player name (any case is one name), the games played, the wins
and the sum of the scores (cards held at the end in Halli Galli, points in Nimalia), over
evenings. A game's evening is its start's local date, a game started before 6 in the
morning counting for the evening before.
"""

from __future__ import annotations

import fcntl
import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import IO, Any

from tableref.device.club.games import info
from tableref.device.mqtt.payload import Key, Message

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    tbl      TEXT NOT NULL,
    box      TEXT NOT NULL,
    game_id  INTEGER NOT NULL,
    game     TEXT NOT NULL,
    players  TEXT NOT NULL,
    started  TEXT NOT NULL,
    evening  TEXT NOT NULL,
    status   TEXT NOT NULL DEFAULT 'open',
    ended    TEXT,
    scores   TEXT,
    winner   TEXT,
    PRIMARY KEY (tbl, box, game_id)
);
CREATE INDEX IF NOT EXISTS games_evening ON games(evening, status);
CREATE TABLE IF NOT EXISTS results (
    tbl      TEXT NOT NULL,
    box      TEXT NOT NULL,
    game_id  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    name     TEXT NOT NULL,
    who      TEXT NOT NULL,
    score    REAL,
    won      INTEGER NOT NULL,
    PRIMARY KEY (tbl, box, game_id, seat)
);
CREATE TABLE IF NOT EXISTS streams (
    tbl      TEXT NOT NULL,
    box      TEXT NOT NULL,
    seq      INTEGER NOT NULL,
    ended    INTEGER NOT NULL,
    PRIMARY KEY (tbl, box)
);
"""
EVENING_STARTS_HOUR = 6
LEAGUE_FILE = "league.sqlite3"


class LeagueError(RuntimeError):
    """The league file cannot be opened or written (the message names it)."""


def evening_of(started: str) -> str:
    """The evening (a date, YYYY-MM-DD) of a game started at ISO time `started`."""
    try:
        t = datetime.fromisoformat(started)
    except ValueError:
        return "unknown"
    local = t.astimezone() if t.tzinfo is not None else t
    return (local - timedelta(hours=EVENING_STARTS_HOUR)).date().isoformat()


@dataclass
class Standing:
    name: str
    games: int
    wins: int
    score: float

    def as_json(self) -> dict[str, Any]:
        score = int(self.score) if float(self.score).is_integer() else round(self.score, 1)
        return {"name": self.name, "games": self.games, "wins": self.wins, "score": score}


class League:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock: IO[bytes] | None = None
        self._known: set[tuple[str, str, int]] = set()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._lock = path.with_name(path.name + ".lock").open("ab")
            fcntl.flock(self._lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.close()
            raise LeagueError(f"the league {path} is in use by another tableref club "
                              "(stop it first, or give --league another file)") from None
        except OSError as err:
            self.close()
            raise LeagueError(f"cannot open the league {path}: {err}") from err
        try:
            self.db = sqlite3.connect(str(path), isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as err:
            self.close()
            raise LeagueError(f"cannot open the league {path}: {err}") from err

    def close(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            del self.db
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    # -- what the stream tells -----------------------------------------------------------
    def high_water(self, table: str, box: str) -> Key | None:
        row = self.db.execute("SELECT seq, ended FROM streams WHERE tbl=? AND box=?",
                              (table, box)).fetchone()
        return None if row is None else Key(int(row[0]), bool(row[1]))

    def wants(self, msg: Message) -> bool:
        """Whether `msg` changes the league: a start, an end, or a game not yet known."""
        return msg.is_start or msg.status is not None or not self._knows(msg)

    def _knows(self, msg: Message) -> bool:
        key = (msg.table, msg.box, msg.game.id)
        if key in self._known:
            return True
        row = self.db.execute("SELECT 1 FROM games WHERE tbl=? AND box=? AND game_id=?",
                              key).fetchone()
        if row is not None:
            self._remember(key)
        return row is not None

    def _remember(self, key: tuple[str, str, int]) -> None:
        if len(self._known) > 10_000:
            self._known.clear()
        self._known.add(key)

    def record(self, msg: Message) -> list[int]:
        """Apply `msg` (idempotent) and keep its key as the stream's high-water mark, in
        one transaction. LeagueError if the file cannot be written.

        A box sends a game's end before any event of its next game, so a game of the same
        stream still open when a later one is learnt will never get its end (the broker lost
        it): it is marked 'lost' and its id returned, for the page to say so."""
        g = msg.game
        pk = (msg.table, msg.box, g.id)
        lost: list[int] = []
        try:
            self.db.execute("BEGIN IMMEDIATE")
            new = self.db.execute(
                "INSERT OR IGNORE INTO games (tbl, box, game_id, game, players, started, "
                "evening) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (*pk, g.name, json.dumps(list(g.players)), g.started, evening_of(g.started))
            ).rowcount == 1
            if new:
                lost = [r[0] for r in self.db.execute(
                    "UPDATE games SET status='lost' WHERE tbl=? AND box=? AND game_id<? AND "
                    "status='open' RETURNING game_id", pk).fetchall()]
            if msg.status == "finished":
                self._finished(msg, pk)
            elif msg.status == "abandoned":
                self.db.execute("UPDATE games SET status='abandoned', ended=? WHERE tbl=? AND "
                                "box=? AND game_id=? AND status='open'", (msg.at, *pk))
            self.db.execute(
                "INSERT INTO streams (tbl, box, seq, ended) VALUES (?, ?, ?, ?) ON CONFLICT "
                "(tbl, box) DO UPDATE SET seq=excluded.seq, ended=excluded.ended WHERE "
                "(excluded.seq, excluded.ended) > (streams.seq, streams.ended)",
                (msg.table, msg.box, msg.key.seq, int(msg.key.end)))
            self.db.execute("COMMIT")
        except sqlite3.Error as err:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise LeagueError(f"cannot write the league {self.path}: {err}") from err
        self._remember(pk)
        return sorted(lost)

    def _finished(self, msg: Message, pk: tuple[str, str, int]) -> None:
        scores = msg.scores
        self.db.execute("UPDATE games SET status='finished', ended=?, scores=?, winner=? "
                        "WHERE tbl=? AND box=? AND game_id=?",
                        (msg.at, None if scores is None else json.dumps(list(scores)),
                         msg.winner, *pk))
        self.db.execute("DELETE FROM results WHERE tbl=? AND box=? AND game_id=?", pk)
        self.db.executemany(
            "INSERT INTO results (tbl, box, game_id, seat, name, who, score, won) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(*pk, seat, name, name.casefold(), None if scores is None else scores[seat],
              int(name == msg.winner)) for seat, name in enumerate(msg.game.players)])

    # -- the figures ------------------------------------------------------------------------
    def evenings(self) -> list[str]:
        """The evenings with a finished game, the latest first."""
        return [r[0] for r in self.db.execute(
            "SELECT DISTINCT evening FROM games WHERE status='finished' ORDER BY evening DESC")]

    def standings(self, first: str | None = None, last: str | None = None) -> dict[str, Any]:
        """Per game: the games finished and each player's games, wins and score, the best
        first, over the evenings `first`..`last` (None: no bound)."""
        lo, hi = first or "", last or "9999-99-99"
        played = dict(self.db.execute(
            "SELECT game, count(*) FROM games WHERE status='finished' AND evening BETWEEN ? "
            "AND ? GROUP BY game", (lo, hi)).fetchall())
        rows = self.db.execute(
            "SELECT g.game, min(r.name), count(*), sum(r.won), coalesce(sum(r.score), 0) "
            "FROM results r JOIN games g ON g.tbl=r.tbl AND g.box=r.box AND "
            "g.game_id=r.game_id WHERE g.status='finished' AND g.evening BETWEEN ? AND ? "
            "GROUP BY g.game, r.who ORDER BY g.game, 4 DESC, 5 DESC, 2", (lo, hi)).fetchall()
        games: dict[str, list[Standing]] = {}
        for game, name, n, wins, score in rows:
            games.setdefault(game, []).append(Standing(name, n, wins, score))
        for game, standings in games.items():
            if info(game).fewer_is_better:  # most wins first, then the lowest score
                standings.sort(key=lambda s: (-s.wins, s.score, s.name))
        return {
            "from": first, "to": last, "evenings": self.evenings(),
            "games": [{"game": game, "name": info(game).name, "unit": info(game).unit,
                       "played": played.get(game, 0),
                       "players": [s.as_json() for s in standings]}
                      for game, standings in sorted(games.items())],
        }

    def counts(self) -> dict[str, int]:
        """Games per status (for the page's footer and the tests)."""
        return dict(self.db.execute("SELECT status, count(*) FROM games GROUP BY status"))
