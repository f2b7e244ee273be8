"""A damaged journal set aside and what can be read of it carried into a fresh one.

`repair` moves the damaged file (with its WAL and shared-memory files) to
`NAME.damaged-DATE`, opens a fresh journal at the old name, and copies into it every row
that can still be read: the games (an open one is marked abandoned, so a new game starts)
and the events of those games, in key order, skipping a damaged stretch of the file row by
row. Rows the daemon would have to parse as JSON are copied only when they parse. Tables
added to the schema later are copied as they are.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tableref.device.store import connect_journal, read_only

CHUNK = 500  # rows read at once; a chunk that fails is read again row by row
SIDE_FILES = ("", "-wal", "-shm")


def repair(path: Path, problem: str) -> str:
    """Set the damaged journal at `path` aside, start a fresh one with what can be read;
    returns the message for the screen and the log."""
    aside = _aside_name(path)
    for suffix in SIDE_FILES:
        src = Path(f"{path}{suffix}")
        if src.exists():
            os.replace(src, f"{aside}{suffix}")
    fresh = connect_journal(path)
    try:
        kept = salvage(aside, fresh)
    finally:
        fresh.close()
    return (f"the journal {path} was damaged ({problem}); it is kept as {aside.name} and a "
            f"fresh journal started, {kept}; a new game starts")


def _aside_name(path: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while any(Path(f"{aside}{s}").exists() for s in SIDE_FILES):
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    return aside


def salvage(old_path: Path, fresh: sqlite3.Connection) -> str:
    """Copy what can be read of the journal at `old_path` into `fresh`; says what was kept."""
    try:
        old = read_only(old_path)
    except sqlite3.Error:
        return "nothing could be read from it"
    try:
        games = [_game(r) for r in _rows(old, "games", GAME_COLUMNS, "id")]
        kept_games = [g for g in games if g is not None]
        ids = {g[0] for g in kept_games}
        events = [r for r in _rows(old, "journal", EVENT_COLUMNS, "seq")
                  if r[1] in ids and isinstance(_json(r[3]), dict)]
        others = {t: (cols, list(_rows(old, t, cols, "rowid")))
                  for t, cols in _other_tables(old, fresh).items()}
    finally:
        old.close()
    fresh.execute("BEGIN IMMEDIATE")
    _insert(fresh, "games", GAME_COLUMNS, kept_games)
    _insert(fresh, "journal", EVENT_COLUMNS, events)
    for table, (cols, rows) in others.items():
        _insert(fresh, table, cols, rows)
    fresh.execute("COMMIT")
    finished = sum(1 for g in kept_games if g[5] == "finished")
    if not kept_games:
        return "nothing could be read from it"
    return (f"{finished} finished game(s) of the history and {len(events)} event(s) were "
            f"kept, {len(games) - len(kept_games)} unreadable game(s) left out")


GAME_COLUMNS = ("id", "game", "started", "ended", "players", "status", "scores", "winner")
EVENT_COLUMNS = ("seq", "game_id", "at", "event")


def _game(row: Sequence[Any]) -> tuple[Any, ...] | None:
    """A games row that the daemon can read, an open game marked abandoned; None if not."""
    gid, game, started, ended, players, status, scores, winner = row
    names = _json(players)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    if scores is not None and not isinstance(_json(scores), list):
        return None
    if not isinstance(game, str) or not isinstance(started, str):
        return None
    if status not in ("finished", "abandoned"):
        status, ended = "abandoned", ended or started
    return (gid, game, started, ended, players, status, scores, winner)


def _json(text: object) -> object:
    try:
        return json.loads(text) if isinstance(text, str | bytes) else None
    except (ValueError, RecursionError):
        return None


def _rows(old: sqlite3.Connection, table: str, columns: Sequence[str], key: str
          ) -> Iterator[tuple[Any, ...]]:
    """The readable rows of `table` in `key` order; a chunk that fails is read row by row,
    and a row that fails is left out."""
    cols = ", ".join(columns)
    try:
        top = old.execute(f"SELECT max({key}) FROM {table}").fetchone()[0]
    except sqlite3.Error:
        top = None
    if not isinstance(top, int):  # no key range: as much of one scan as reads
        with contextlib.suppress(sqlite3.Error):
            yield from old.execute(f"SELECT {cols} FROM {table} ORDER BY {key}")
        return
    for start in range(0, top + 1, CHUNK):
        try:
            rows = old.execute(f"SELECT {cols} FROM {table} WHERE {key} >= ? AND {key} < ? "
                               f"ORDER BY {key}", (start, start + CHUNK)).fetchall()
        except sqlite3.Error:
            rows = []
            for k in range(start, start + CHUNK):
                try:
                    rows += old.execute(f"SELECT {cols} FROM {table} WHERE {key} = ?",
                                        (k,)).fetchall()
                except sqlite3.Error:
                    continue
        yield from rows


def _other_tables(old: sqlite3.Connection, fresh: sqlite3.Connection
                  ) -> dict[str, tuple[str, ...]]:
    """Tables of the fresh schema other than games and journal, with the columns both have."""
    mine = {r[0] for r in fresh.execute(
        "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")}
    try:
        theirs = {r[0] for r in old.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")}
    except sqlite3.Error:
        return {}
    out = {}
    for table in sorted((mine & theirs) - {"games", "journal"}):
        try:
            cols = [r[1] for r in old.execute(f"PRAGMA table_info({table})")]
        except sqlite3.Error:
            continue
        common = tuple(c for c in cols if c in _columns(fresh, table))
        if common:
            out[table] = common
    return out


def _columns(fresh: sqlite3.Connection, table: str) -> tuple[str, ...]:
    return tuple(r[1] for r in fresh.execute(f"PRAGMA table_info({table})"))


def _insert(db: sqlite3.Connection, table: str, columns: Sequence[str],
            rows: Sequence[Sequence[Any]]) -> None:
    if rows:
        marks = ", ".join("?" * len(columns))
        db.executemany(f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) "
                       f"VALUES ({marks})", rows)
