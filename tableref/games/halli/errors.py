"""The one error hierarchy of the Halli Galli rules engine.

Every error is also a `ValueError`, so callers that only know the builtins still catch it.
"""

from __future__ import annotations


class HalliError(ValueError):
    """Anything the Halli Galli engine refuses: bad card, bad event, illegal move."""


class CardError(HalliError):
    """A card written in a notation the engine cannot read."""


class EventError(HalliError):
    """An event that is malformed: unknown kind, missing or wrongly typed field."""


class IllegalEventError(HalliError):
    """A well-formed event that breaks the rules in the current state; the state is unchanged."""


class LogError(HalliError):
    """A bad line in a game log: carries the 1-based line number and the reason."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason
