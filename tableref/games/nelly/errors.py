"""The one error hierarchy of the Nelly rules engine.

Every error is also a `ValueError`, so callers that only know the builtins still catch it.
"""

from __future__ import annotations


class NellyError(ValueError):
    """Anything the Nelly engine refuses: a malformed event, an impossible report."""


class EventError(NellyError):
    """An event that is malformed: unknown kind, missing or wrongly typed field."""


class IllegalEventError(NellyError):
    """A well-formed event the rules forbid in the current state; the state is unchanged."""


class LogError(NellyError):
    """A bad line in a game log: carries the 1-based line number and the reason."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason
