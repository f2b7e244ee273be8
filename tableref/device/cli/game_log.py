"""Which game a JSON-lines game log belongs to, told from its events' kinds.

`tableref journal export` writes a game's events without naming the game; a log given to
the wrong game's `replay` gets a pointer to the right command instead of a bare
"unknown event". Reading stops after `MAX_LINES` lines; lines that are not JSON objects
are skipped (the replay itself says what is wrong with them).
"""

from __future__ import annotations

import json
from pathlib import Path

from tableref.games.halli.events import KINDS as HALLI_KINDS
from tableref.games.nelly.events import KINDS as NELLY_KINDS

MAX_LINES = 500
KINDS: dict[str, frozenset[str]] = {
    "halli": frozenset(HALLI_KINDS),
    "nelly": frozenset(NELLY_KINDS),
    "nimalia": frozenset({"start", "reserve", "score"}),  # games/nimalia/events.py
}
# start keys only one game's start event has (when the log holds nothing but its start)
START_KEYS: dict[str, frozenset[str]] = {
    "halli": frozenset({"cards", "options"}),
    "nimalia": frozenset({"objectives"}),
}
TITLES = {"halli": "a Halli Galli", "nelly": "a Nelly", "nimalia": "a Nimalia"}


def whose_log(path: Path) -> str | None:
    """The one game whose events the log at `path` holds, or None (unreadable, unclear)."""
    kinds: set[str] = set()
    start_keys: set[str] = set()
    try:
        with path.open(encoding="utf-8") as lines:
            for n, line in enumerate(lines):
                if n >= MAX_LINES:
                    break
                try:
                    data = json.loads(line)
                except (ValueError, RecursionError):  # not JSON, or nested too deeply
                    continue
                if isinstance(data, dict) and isinstance(data.get("event"), str):
                    kinds.add(data["event"])
                    if data["event"] == "start":
                        start_keys |= set(data)
    except (OSError, UnicodeDecodeError):
        return None
    played = kinds - {"start"}
    if played:
        fits = [game for game, known in KINDS.items() if played <= known]
    else:
        fits = [game for game, keys in START_KEYS.items() if start_keys & keys]
    return fits[0] if len(fits) == 1 else None


def other_game_hint(path: Path, game: str) -> str:
    """"; it is a Nelly game's log: `tableref nelly replay FILE` reads it", or ""."""
    other = whose_log(path)
    if other is None or other == game:
        return ""
    if other == "nimalia":
        return f"; it is {TITLES[other]} game's log (no command replays those yet)"
    return f"; it is {TITLES[other]} game's log: `tableref {other} replay {path}` reads it"
