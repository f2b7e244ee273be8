"""`tableref journal list|export`: the games in the daemon's journal, and one game's events
as a game log (JSON lines) that `tableref halli replay` reads as it is."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tableref.device.cli.common import EXIT_FAILED, CliError, Groups

if TYPE_CHECKING:
    from tableref.device.store import Store


def register(groups: Groups) -> None:
    journal = groups["journal"]
    listing = journal.add_parser(
        "list", help="the games in the journal, newest first",
        description="List the games in the daemon's journal: id, game, status, players.")
    _journal_arg(listing)
    listing.add_argument("--json", action="store_true", help="print them as JSON")
    listing.set_defaults(func=_list)
    export = journal.add_parser(
        "export", help="one game's events as a game log (JSON lines)",
        description="Print a game's events from the journal, one JSON event a line: the "
        "game's log, as `tableref halli replay` reads it. Works while the daemon runs.")
    _journal_arg(export)
    export.add_argument("game", nargs="?", type=int, metavar="GAME_ID",
                        help="the game's id (`journal list`; default: the newest game)")
    export.add_argument("-o", "--output", type=Path, metavar="FILE",
                        help="write to FILE instead of the standard output")
    export.set_defaults(func=_export)


def _journal_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--journal", type=Path, default=None, metavar="FILE",
                        help="the SQLite journal (default: the daemon's, in "
                        "$XDG_DATA_HOME/tableref)")


def _open(path: Path | None) -> Store:
    from tableref.device.daemon.service import JOURNAL_FILE
    from tableref.device.paths import data_dir
    from tableref.device.store import Store, StoreError

    try:
        return Store.reader(path or data_dir() / JOURNAL_FILE)
    except StoreError as err:
        raise CliError(str(err)) from None


def _list(args: argparse.Namespace) -> int:
    store = _open(args.journal)
    try:
        games = store.games()
    finally:
        store.close()
    if args.json:
        print(json.dumps(games))
        return 0
    if not games:
        print("no games in the journal")
    for g in games:
        winner = f", {g['winner']} won" if g["winner"] else ""
        print(f"{g['id']:>4}  {g['game']:<8} {g['started']}  {g['status']:<9} "
              f"{g['events']:>5} events  {', '.join(g['players'])}{winner}")
    return 0


def _export(args: argparse.Namespace) -> int:
    store = _open(args.journal)
    try:
        games = store.games()
        if not games:
            raise CliError(f"{store.path}: no games in the journal")
        game_id = games[0]["id"] if args.game is None else args.game
        if game_id not in {g["id"] for g in games}:
            raise CliError(f"{store.path}: no game {game_id} (see `tableref journal list`)")
        events = store.events(game_id)
        damaged = store.unreadable(game_id)
    finally:
        store.close()
    text = "".join(json.dumps(e) + "\n" for e in events)
    if args.output is None:
        sys.stdout.write(text)
    else:
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as err:
            raise CliError(f"cannot write {args.output}: {err.strerror or err}") from None
    if damaged:  # what reads is kept; what does not is named, and the log is not whole
        rows = ", ".join(str(seq) for seq in damaged[:20]) + (", ..." if len(damaged) > 20
                                                             else "")
        word = "event" if len(damaged) == 1 else "events"
        verb = "is" if len(damaged) == 1 else "are"
        print(f"tableref: journal {word} {rows} of game {game_id} {verb} not a JSON object "
              "(damaged): left out of the log", file=sys.stderr)
        return EXIT_FAILED
    return 0
