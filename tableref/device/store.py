"""The journal: every game event in SQLite, committed before the daemon acts on it.

One real file (`data_dir()/journal.sqlite3` by default), WAL mode with `synchronous=FULL`,
so a committed event survives a kill or a power cut. A game is a row in `games` plus its
events in `journal`, in the order they were applied; the daemon's state is the fold of
those events, so after a restart it replays the open game and goes on. Finished games
keep their row (date, game, players, scores, winner): that is the history.

A damaged journal never keeps the box down. At open the file is checked (SQLite's
`quick_check`, and every row the daemon will read must be JSON); a damaged one is moved
aside whole (`journal.sqlite3.damaged-DATE`, with its WAL), a fresh journal takes its
place with what could be read of the old one (store_repair.py), the open game is
abandoned, and `Store.recovered` says what happened, for the screen and the log. A full
disk or a failing card is a `StoreError` whose `kind` says which, at the write that met it.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
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
-- what a game's session keeps that is no event (a question pending, an answer about the
-- camera), one row per game, so that a restart restores it (device/daemon/session.py)
CREATE TABLE IF NOT EXISTS notes (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id),
    note     TEXT NOT NULL
);
-- device/mqtt: how far the club's broker has acknowledged the journal, per table name
CREATE TABLE IF NOT EXISTS mqtt_outbox (
    topic    TEXT PRIMARY KEY,
    box      TEXT NOT NULL,
    seq      INTEGER NOT NULL,
    ended    INTEGER NOT NULL
);
"""


log = logging.getLogger("tableref.store")


class StoreError(RuntimeError):
    """The journal cannot be opened or written (the message names the file).

    `kind`: "full" (no space left on the disk), "damaged" (the file is corrupt), "busy"
    (another process holds it), or "io" (anything else: permissions, a failing card).
    """

    def __init__(self, message: str, kind: str = "io") -> None:
        super().__init__(message)
        self.kind = kind


def unopenable(path: Path) -> str:
    """Why the journal file at `path` cannot be opened, as far as the file system tells:
    "not_a_file" (a folder or something else is where the file should be), "read_only"
    (the file system is mounted read-only: often a failing memory card), "no_access" (the
    box's user may not write the folder or the file), or "" (nothing found: the error says)."""
    try:
        folder = next((p for p in (path.parent, *path.parent.parents) if p.exists()),
                      path.parent)
        if path.exists() and not path.is_file():
            return "not_a_file"
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "read_only"
        # the folder takes the lock file, the WAL and its shared memory beside the journal
        if not os.access(folder, os.W_OK | os.X_OK) or (
                path.exists() and not os.access(path, os.R_OK | os.W_OK)):
            return "no_access"
    except PermissionError:
        return "no_access"
    except OSError:
        return ""
    return ""


class Damaged(Exception):
    """What is wrong with a journal file found at open."""


def error_kind(err: sqlite3.Error) -> str:
    """ "full", "damaged" or "io" for an error SQLite raised."""
    name = getattr(err, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL") or "disk is full" in str(err):
        return "full"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or any(
            words in str(err) for words in ("malformed", "not a database")):
        return "damaged"
    return "io"


def write_error(path: Path, what: str, err: sqlite3.Error) -> StoreError:
    kind = error_kind(err)
    if kind == "full":
        return StoreError(f"the disk is full: cannot {what} in the journal {path}", kind)
    return StoreError(f"cannot {what} in the journal {path}: {err}", kind)


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
            f"the journal {journal} is in use by another tableref process (stop it first)",
            "busy",
        ) from None
    return lock


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def connect_journal(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.executescript(_SCHEMA)
    except sqlite3.Error:
        db.close()
        raise
    return db


def read_only(path: Path) -> sqlite3.Connection:
    """A connection that changes nothing: unlike a read-write one, closing it never deletes
    the WAL of a file SQLite cannot read (that would lose the last commits)."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def damage(path: Path) -> str | None:
    """What is wrong with the journal file at `path`, or None when it is sound."""
    db = read_only(path)
    try:
        check(db)
    except Damaged as err:
        return str(err)
    except sqlite3.Error as err:
        if error_kind(err) != "damaged":
            raise
        return str(err)
    finally:
        db.close()
    return None


def check(db: sqlite3.Connection) -> None:
    """Damaged naming the problem, unless the file is sound and every row the daemon reads
    (the games' players and scores, the open game's events) is JSON."""
    problems = [r[0] for r in db.execute("PRAGMA quick_check(5)").fetchall()]
    if problems != ["ok"]:
        raise Damaged("; ".join(str(p) for p in problems))
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"games", "journal"} <= tables:
        return  # a new or empty file: the schema is made on the read-write connection
    for gid, players, scores in db.execute("SELECT id, players, scores FROM games"):
        for what, text in (("players", players), ("scores", scores or "[]")):
            if not isinstance(_json(text), list):
                raise Damaged(f"game {gid}: its {what} are not a JSON list")
    row = db.execute("SELECT id FROM games WHERE status='open' ORDER BY id DESC LIMIT 1"
                     ).fetchone()
    if row is not None:
        for seq, event in db.execute("SELECT seq, event FROM journal WHERE game_id=?", row):
            if not isinstance(_json(event), dict):
                raise Damaged(f"journal event {seq} is not a JSON object")


def _json(text: object) -> object:
    try:
        return json.loads(text) if isinstance(text, str | bytes) else None
    except (ValueError, RecursionError):
        return None


class Store:
    """The SQLite journal and game history. Use as a context manager or call `close()`."""

    def __init__(self, path: Path, *, opened: bool = True) -> None:
        """The journal at `path`, opened (StoreError naming the problem if it cannot be);
        with `opened=False` not yet: `open` it later (the daemon comes up without it, says
        why on the screen and tries again)."""
        self.path = path
        self._lock: IO[bytes] | None = None
        self._db: sqlite3.Connection | None = None
        self.recovered: str | None = None  # what was wrong with the journal found at open
        if opened:
            self.open()

    @property
    def is_open(self) -> bool:
        return self._db is not None

    def open(self) -> None:
        """Open the journal (nothing if it is open): locked, checked, repaired if damaged.
        StoreError if it cannot be; its `kind` says which ("busy": another tableref holds
        it, "io", "full"), `unopenable(path)` what a person can do about it."""
        if self._db is not None:
            return
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._lock = _lock_exclusively(path.with_name(path.name + ".lock"), path)
            self._db = self._open_checked()
        except StoreError:
            self._unlock()
            raise
        except (OSError, sqlite3.Error) as err:
            self._unlock()
            kind = error_kind(err) if isinstance(err, sqlite3.Error) else "io"
            raise StoreError(f"cannot open the journal {path}: {err}", kind) from err

    def _open_checked(self) -> sqlite3.Connection:
        from tableref.device.store_repair import repair

        problem = damage(self.path) if self.path.exists() else None
        if problem is not None:
            self.recovered = repair(self.path, problem)
            log.error("%s", self.recovered)
        return connect_journal(self.path)

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
            raise StoreError(f"the journal {self.path} is not open")
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
    def start_game(self, game: str, players: list[str],
                   left: tuple[int, list[int]] | None = None) -> int:
        """Abandon any open game and open a new one; returns its id. `left`: the id of the
        game left unfinished and its scores so far (shown in the history)."""
        try:
            with self._transaction():
                if left is not None:
                    self.db.execute("UPDATE games SET scores=? WHERE id=? AND status='open'",
                                    (json.dumps(left[1]), left[0]))
                self.db.execute(
                    "UPDATE games SET status='abandoned', ended=? WHERE status='open'", (_now(),))
                cur = self.db.execute(
                    "INSERT INTO games (game, started, players) VALUES (?, ?, ?)",
                    (game, _now(), json.dumps(players)),
                )
        except sqlite3.Error as err:
            raise write_error(self.path, "start a new game", err) from err
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
            raise write_error(self.path, "write an event", err) from err
        assert cur.lastrowid is not None
        return cur.lastrowid

    def probe(self) -> None:
        """A real write (and its undoing), to learn whether the journal can be written
        again after a failure; StoreError if not."""
        try:
            self.db.execute("CREATE TABLE IF NOT EXISTS probe (x BLOB)")
            self.db.execute("INSERT INTO probe VALUES (zeroblob(512))")
            self.db.execute("DELETE FROM probe")
        except sqlite3.Error as err:
            raise write_error(self.path, "write", err) from err

    def finish_game(self, game_id: int, scores: list[int], winner: str | None) -> None:
        try:
            self.db.execute(
                "UPDATE games SET status='finished', ended=?, scores=?, winner=? WHERE id=?",
                (_now(), json.dumps(scores), winner, game_id),
            )
        except sqlite3.Error as err:
            raise write_error(self.path, "record the end of the game", err) from err

    def keep_note(self, game_id: int, note: dict[str, Any]) -> None:
        """Keep the session's note of an open game (the last one replaces the one before);
        on disk when this returns."""
        try:
            self.db.execute("INSERT OR REPLACE INTO notes (game_id, note) VALUES (?, ?)",
                            (game_id, json.dumps(note, separators=(",", ":"))))
        except sqlite3.Error as err:
            raise write_error(self.path, "keep the game's note", err) from err

    def note(self, game_id: int) -> dict[str, Any] | None:
        """The session's last note of this game (None: none, or one that is not a JSON
        object)."""
        rows = self._read("SELECT note FROM notes WHERE game_id=?", (game_id,))
        note = _json(rows[0][0]) if rows else None
        return note if isinstance(note, dict) else None

    def open_game(self) -> OpenGame | None:
        """The most recent game that is neither finished nor abandoned, with its events."""
        row = self._read(
            "SELECT id, game, players, started FROM games WHERE status='open' "
            "ORDER BY id DESC LIMIT 1", ())
        if not row:
            return None
        gid, game, players, started = row[0]
        return OpenGame(id=gid, game=game, players=_list(players), started=started,
                        events=self.events(gid))

    def events(self, game_id: int) -> list[dict[str, Any]]:
        """The game's events in order (a row that is not a JSON object is left out:
        `unreadable` names them; the check at open reads only the open game's)."""
        rows = self._read("SELECT event FROM journal WHERE game_id=? ORDER BY seq", (game_id,))
        events = [_json(r[0]) for r in rows]
        return [e for e in events if isinstance(e, dict)]

    def unreadable(self, game_id: int) -> list[int]:
        """The sequence numbers of the game's event rows that are not JSON objects."""
        rows = self._read("SELECT seq, event FROM journal WHERE game_id=? ORDER BY seq",
                          (game_id,))
        return [int(seq) for seq, text in rows if not isinstance(_json(text), dict)]

    def history(self, limit: int = 100, *, abandoned: bool = False) -> list[dict[str, Any]]:
        """Finished games newest first, with `abandoned` also those left unfinished that got
        further than their start; `status` says which, `rings` counts each seat's rings by
        verdict (Halli's `ring` events, a ring the players settled by their verdict:
        {"0": {"right": 2, "wrong": 1}}, {} for others)."""
        rows = self._read(
            "SELECT id, game, started, ended, players, scores, winner, status FROM games "
            "WHERE status='finished' OR (? AND status='abandoned' AND "
            "(SELECT COUNT(*) FROM journal WHERE journal.game_id=games.id) > 1) "
            "ORDER BY id DESC LIMIT ?",
            (abandoned, limit),
        )
        rings: dict[int, dict[str, dict[str, int]]] = {}
        if rows:
            tally = self._read(
                "SELECT game_id, json_extract(event, '$.event'), "
                "json_extract(event, '$.player'), json_extract(event, '$.right'), COUNT(*) "
                "FROM journal WHERE game_id >= ? AND json_valid(event) "
                "AND json_extract(event, '$.event') IN ('ring', 'settle') GROUP BY 1, 2, 3, 4",
                (min(r[0] for r in rows),))
            for gid, event, seat, right, count in tally:
                kind = {1: "right", 0: "wrong"}.get(right, "unjudged")
                seats = rings.setdefault(gid, {}).setdefault(str(seat), {})
                seats[kind] = seats.get(kind, 0) + count
                if event == "settle":  # the players settled that many unjudged rings
                    seats["unjudged"] = seats.get("unjudged", 0) - count
            for seats in (s for g in rings.values() for s in g.values()):
                if seats.get("unjudged") == 0:
                    del seats["unjudged"]
        return [
            {
                "id": r[0],
                "game": r[1],
                "started": r[2],
                "ended": r[3],
                "players": _list(r[4]),
                "scores": _list(r[5]),
                "winner": r[6],
                "status": r[7],
                "rings": rings.get(r[0], {}),
            }
            for r in rows
        ]

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[Any]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            raise StoreError(f"cannot read the journal {self.path}: {err}",
                             error_kind(err)) from err

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


def _list(text: object) -> list[Any]:
    value = _json(text)
    return value if isinstance(value, list) else []


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *_: object) -> None:
        if exc_type is None:
            self._db.execute("COMMIT")
        elif self._db.in_transaction:
            self._db.execute("ROLLBACK")
