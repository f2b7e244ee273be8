"""What every game's log shares: one JSON object a line, replayed with errors naming the line,
and the players named at the start."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

E = TypeVar("E")  # an event
S = TypeVar("S")  # a state
StepT = TypeVar("StepT")  # what applying an event returns


def json_kind(value: object) -> str:
    """What a decoded JSON value is, for messages: "a list", "null", ..."""
    return {
        type(None): "null", bool: "a boolean", str: "a string", int: "a number",
        float: "a number", list: "a list", dict: "an object",
    }.get(type(value), type(value).__name__)


def decode_line(line: str, error: Callable[[str], Exception]) -> object:
    """The JSON value of one log line; `error(reason)` is raised for a line that is not JSON."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as err:
        raise error(f"not JSON: {err.msg} at column {err.colno}") from None
    except ValueError:  # Python refuses integers of more than 4300 digits
        raise error("not JSON: a number has too many digits") from None
    except RecursionError:
        raise error("not JSON: nested too deeply") from None


def replay_steps(
    lines: Iterable[str],
    parse: Callable[[str], E],
    apply: Callable[[S | None, E], StepT],
    state_of: Callable[[StepT], S],
    refused: type[Exception],
    log_error: Callable[[int, str], Exception],
) -> Iterator[tuple[int, StepT]]:
    """Parse and apply every non-blank line in turn, from no game; yields (line number, step).
    The first line that raises `refused` raises `log_error(number, reason)` instead."""
    state: S | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            step = apply(state, parse(line))
        except refused as err:
            raise log_error(number, str(err)) from None
        state = state_of(step)
        yield number, step


def final_state(
    steps: Iterable[tuple[int, StepT]],
    state_of: Callable[[StepT], S],
    log_error: Callable[[int, str], Exception],
) -> S:
    """The state after the last step; `log_error` for a log without events."""
    state: S | None = None
    for _, step in steps:
        state = state_of(step)
    if state is None:
        raise log_error(1, "the log holds no events: it must begin with a start event")
    return state


def player_names(
    names: Sequence[str], low: int, high: int, game: str, error: Callable[[str], Exception]
) -> list[str]:
    """The names stripped; `error(reason)` unless `low` to `high` different names are given."""
    stripped = [n.strip() for n in names]
    if not low <= len(stripped) <= high:
        raise error(f"{game} is played by {low} to {high} players, not {len(stripped)}")
    if any(not n for n in stripped):
        raise error("every player needs a name")
    seen: set[str] = set()
    for n in stripped:
        if n.casefold() in seen:
            raise error(f"two players are called {n!r}: names must differ")
        seen.add(n.casefold())
    return stripped
