"""Replaying a game log: JSON lines in, the final state out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tableref.games.nelly.errors import LogError, NellyError
from tableref.games.nelly.events import parse_event_line
from tableref.games.nelly.game import Step, apply
from tableref.games.nelly.state import GameState


def replay_steps(lines: Iterable[str]) -> Iterator[tuple[int, Step]]:
    """Apply every non-blank line in turn; yields (line number, step).

    The first bad line raises LogError naming its number and the reason.
    """
    state: GameState | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            step = apply(state, parse_event_line(line))
        except NellyError as err:
            raise LogError(number, str(err)) from None
        state = step.state
        yield number, step


def replay(lines: Iterable[str]) -> GameState:
    """The state after a whole log; LogError for a bad line or a log without events."""
    state: GameState | None = None
    for _, step in replay_steps(lines):
        state = step.state
    if state is None:
        raise LogError(1, "the log holds no events: it must begin with a start event")
    return state
