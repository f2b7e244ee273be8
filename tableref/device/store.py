"""The journal: every game event in SQLite, committed before the daemon acts on it.

One real file (`data_dir()/journal.sqlite3` by default), WAL mode with `synchronous=FULL`,
so a committed event survives a kill or a power cut. A game is a row in `games` plus its
events in `journal`, in the order they were applied; the daemon's state is the fold of
those events, so after a restart it replays the open game and goes on. Finished games
keep their row (date, game, players, scores, winner): that is the history.
"""

from __future__ import annotations

import fcntl
import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game     TEXT NOT NULL,
    started  TEXT NOT NULL,
    ended    TEXT,
    players  TEXT NOT NULL,
    status   TEXT NOT NULL DEFAULT 'open',
    scores   TEXT,
    winner   TEXT
);
CREATE TABLE IF NOT EXISTS journal (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  INTEGER NOT NULL REFERENCES games(id),
    at       TEXT NOT NULL,
    event    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS journal_game ON journal(game_id, seq);
"""


class StoreError(RuntimeError):
    """The journal cannot be opened or written (the message names the file)."""


@dataclass(frozen=True)
class OpenGame:
    """A game that was started and not finished: what the daemon replays at start."""

    id: int
    game: str
    players: list[str]
    started: str
    events: list[dict[str, Any]]


def _lock_exclusively(lock_path: Path, journal: Path) -> IO[bytes]:
    """Hold an exclusive lock for the journal's life: two daemons writing one journal would
    interleave two games' events. The kernel drops the lock when the process dies."""
    lock = lock_path.open("ab")
    try:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        raise StoreError(
            f"the journal {journal} is in use by another tableref process (stop it first)"
        ) from None
    return lock


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """The SQLite journal and game history. Use as a context manager or call `close()`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock: IO[bytes] | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._lock = _lock_exclusively(path.with_name(path.name + ".lock"), path)
            self._db: sqlite3.Connection | None = sqlite3.connect(
                str(path), isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as err:
            self._unlock()
            raise StoreError(f"cannot open the journal {path}: {err}") from err

    @classmethod
    def reader(cls, path: Path) -> Store:
        """The journal opened read-only, without its lock: to read it (export a game) while
        the daemon runs. WAL lets it see every committed event."""
        if not path.exists():
            raise StoreError(f"no journal at {path}")
        store = cls.__new__(cls)
        store.path = path
        store._lock = None
        try:
            store._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True,
                                        check_same_thread=False)
            store._db.execute("SELECT 1 FROM games LIMIT 1")
        except sqlite3.Error as err:
            raise StoreError(f"cannot read the journal {path}: {err}") from err
        return store

    def games(self) -> list[dict[str, Any]]:
        """Every game, newest first, with its status and how many events it has."""
        rows = self.db.execute(
            "SELECT g.id, g.game, g.started, g.status, g.players, g.winner, "
            "(SELECT COUNT(*) FROM journal j WHERE j.game_id = g.id) "
            "FROM games g ORDER BY g.id DESC"
        ).fetchall()
        return [
            {"id": r[0], "game": r[1], "started": r[2], "status": r[3],
             "players": json.loads(r[4]), "winner": r[5], "events": r[6]}
            for r in rows
        ]

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError(f"the journal {self.path} is closed")
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()  # closing the file releases the flock
            self._lock = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- games --------------------------------------------------------------------------
    def start_game(self, game: str, players: list[str]) -> int:
        """Abandon any open game and open a new one; returns its id."""
        with self._transaction():
            self.db.execute("UPDATE games SET status='abandoned', ended=? WHERE status='open'",
                            (_now(),))
            cur = self.db.execute(
                "INSERT INTO games (game, started, players) VALUES (?, ?, ?)",
                (game, _now(), json.dumps(players)),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, event: dict[str, Any]) -> int:
        """Write one event of an open game; returns its journal sequence number.

        The INSERT is its own transaction: when this returns, the event is on disk.
        """
        try:
            cur = self.db.execute(
                "INSERT INTO journal (game_id, at, event) VALUES (?, ?, ?)",
                (game_id, _now(), json.dumps(event, separators=(",", ":"))),
            )
        except sqlite3.Error as err:
            raise StoreError(f"cannot write to the journal {self.path}: {err}") from err
        assert cur.lastrowid is not None
        return cur.lastrowid

    def finish_game(self, game_id: int, scores: list[int], winner: str | None) -> None:
        self.db.execute(
            "UPDATE games SET status='finished', ended=?, scores=?, winner=? WHERE id=?",
            (_now(), json.dumps(scores), winner, game_id),
        )

    def open_game(self) -> OpenGame | None:
        """The most recent game that is neither finished nor abandoned, with its events."""
        row = self.db.execute(
            "SELECT id, game, players, started FROM games WHERE status='open' "
            "ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        return OpenGame(
            id=row[0],
            game=row[1],
            players=json.loads(row[2]),
            started=row[3],
            events=self.events(row[0]),
        )

    def events(self, game_id: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT event FROM journal WHERE game_id=? ORDER BY seq", (game_id,)
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def history(self, limit: int = 100) -> list[dict[str, Any]]:
        """Finished games, newest first."""
        rows = self.db.execute(
            "SELECT id, game, started, ended, players, scores, winner FROM games "
            "WHERE status='finished' ORDER BY id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        return [
            {
                "id": r[0],
                "game": r[1],
                "started": r[2],
                "ended": r[3],
                "players": json.loads(r[4]),
                "scores": json.loads(r[5]) if r[5] else [],
                "winner": r[6],
            }
            for r in rows
        ]

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *_: object) -> None:
        self._db.execute("ROLLBACK" if exc_type else "COMMIT")
