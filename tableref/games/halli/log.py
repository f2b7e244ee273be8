"""Replaying a game log: JSON lines in, the final state out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tableref.games import gamelog
from tableref.games.halli.errors import HalliError, LogError
from tableref.games.halli.events import parse_event_line
from tableref.games.halli.game import Step, apply
from tableref.games.halli.state import GameState


def _state(step: Step) -> GameState:
    return step.state


def replay_steps(lines: Iterable[str]) -> Iterator[tuple[int, Step]]:
    """Apply every non-blank line in turn; yields (line number, step).

    The first bad line raises LogError naming its number and the reason.
    """
    return gamelog.replay_steps(lines, parse_event_line, apply, _state, HalliError, LogError)


def replay(lines: Iterable[str]) -> GameState:
    """The state after a whole log; LogError for a bad line or a log without events."""
    return gamelog.final_state(replay_steps(lines), _state, LogError)
