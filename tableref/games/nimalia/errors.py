"""The errors of the Nimalia rules: one hierarchy, each also a ValueError."""

from __future__ import annotations


class NimaliaError(ValueError):
    """Anything wrong with Nimalia input: a reserve, a card, a placement, a game."""


class ReserveError(NimaliaError):
    """A reserve breaks a rule of the spec (names the space at fault)."""


class ReserveFileError(ReserveError):
    """A reserve file cannot be read: bad JSON, bad structure, bad value."""


class CardError(NimaliaError):
    """An unknown card id, a bad rotation, or bad card data."""


class IllegalPlacementError(NimaliaError):
    """A card placement breaks a rule; `rule` names it."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


class ObjectiveError(NimaliaError):
    """An unknown objective id or a selection of objectives the rules forbid."""


class GameError(NimaliaError):
    """A game step out of turn, or a game set up against the rules."""
