"""Placing a card on a reserve: a 2x2 block at one of 4 rotations, always on top.

Rules (spec, "Placement"): the first card goes anywhere; every later card covers at
least one visible space, is never slid under cards already placed, and the whole
reserve stays within a 6x6 window. A card placed with `place` lies on top by
construction; `placement_between` checks a placement seen from outside (two reserves,
before and after) and says when a card was slid under.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tableref.games.nimalia.cards import ROTATIONS, card, quarter_turns
from tableref.games.nimalia.errors import IllegalPlacementError
from tableref.games.nimalia.model import WINDOW, Pos, Reserve, Space


class Rule(StrEnum):
    """The placement rules, by the name an IllegalPlacementError carries."""

    COVER = "cover"  # a later card covers at least one visible space
    UNDER = "under"  # a card is never slid under cards already placed
    WINDOW = "window"  # the reserve stays within 6x6
    CARD = "card"  # the card and its rotation exist (and match what was seen)


@dataclass(frozen=True, slots=True)
class Placement:
    """Card `card_id` turned `rotation` degrees clockwise, top-left space on (row, col)."""

    card_id: int
    row: int
    col: int
    rotation: int = 0

    def spaces(self) -> dict[Pos, Space]:
        try:
            quarter_turns(self.rotation)
            return card(self.card_id).spaces_at(self.row, self.col, self.rotation)
        except ValueError as err:
            raise IllegalPlacementError(Rule.CARD, str(err)) from None

    def block(self) -> list[Pos]:
        return [(self.row + dr, self.col + dc) for dr in (0, 1) for dc in (0, 1)]


def check(reserve: Reserve, placement: Placement) -> None:
    """Raise IllegalPlacementError naming the broken rule, or return when legal."""
    placement.spaces()
    block = placement.block()
    if reserve and not any(pos in reserve for pos in block):
        raise IllegalPlacementError(
            Rule.COVER,
            f"card {placement.card_id} at (row {placement.row}, col {placement.col}) covers no "
            "visible space: every card after the first must cover at least one",
        )
    rows = [r for r, _ in reserve] + [r for r, _ in block]
    cols = [c for _, c in reserve] + [c for _, c in block]
    height = max(rows) - min(rows) + 1
    width = max(cols) - min(cols) + 1
    if height > WINDOW or width > WINDOW:
        raise IllegalPlacementError(
            Rule.WINDOW,
            f"card {placement.card_id} at (row {placement.row}, col {placement.col}) makes the "
            f"reserve {height} rows by {width} cols: it must stay within {WINDOW}x{WINDOW}",
        )


def place(reserve: Reserve, placement: Placement) -> Reserve:
    """The reserve with the card laid on top; IllegalPlacementError when it breaks a rule."""
    check(reserve, placement)
    spaces = dict(reserve)
    spaces.update(placement.spaces())
    return Reserve(spaces)


def legal_placements(reserve: Reserve, card_id: int) -> list[Placement]:
    """Every legal placement of a card on a reserve (all rotations)."""
    if not reserve:
        return [Placement(card_id, 0, 0, rotation) for rotation in ROTATIONS]
    rows = [r for r, _ in reserve]
    cols = [c for _, c in reserve]
    found: list[Placement] = []
    for row in range(min(rows) - 1, max(rows) + 1):
        if max(max(rows), row + 1) - min(min(rows), row) >= WINDOW:
            continue
        for col in range(min(cols) - 1, max(cols) + 1):
            if max(max(cols), col + 1) - min(min(cols), col) >= WINDOW:
                continue
            if not any((row + dr, col + dc) in reserve for dr in (0, 1) for dc in (0, 1)):
                continue
            found.extend(Placement(card_id, row, col, rotation) for rotation in ROTATIONS)
    return found


def placement_between(before: Reserve, after: Reserve, card_id: int) -> Placement:
    """The placement of `card_id` that turns `before` into `after`, as seen on the table.

    Both reserves must be in the same coordinates. Raises IllegalPlacementError naming
    the rule when no legal placement of that card explains the change: a card partly
    hidden by older spaces was slid under them (Rule.UNDER).
    """
    changed = {pos for pos in after if before.get(pos) != after[pos]}
    gone = [pos for pos in before if pos not in after]
    if gone:
        raise IllegalPlacementError(
            Rule.CARD,
            f"space (row {gone[0][0]}, col {gone[0][1]}) vanished: cards are never lifted",
        )
    if not changed:
        raise IllegalPlacementError(
            Rule.UNDER, f"card {card_id} does not show at all: it was slid under placed cards"
        )
    candidates: list[Placement] = []
    for row in range(min(r for r, _ in after) - 1, max(r for r, _ in after) + 1):
        for col in range(min(c for _, c in after) - 1, max(c for _, c in after) + 1):
            block = {(row + dr, col + dc) for dr in (0, 1) for dc in (0, 1)}
            if changed <= block:
                candidates.extend(Placement(card_id, row, col, r) for r in ROTATIONS)
    shown_under: Placement | None = None
    for candidate in candidates:
        spaces = candidate.spaces()
        if all(after.get(pos) == space for pos, space in spaces.items()):
            check(before, candidate)
            return candidate
        # the card's spaces that show are right, and the others are old, unchanged spaces
        if (
            shown_under is None
            and all(
                after.get(pos) == space or (pos in before and before[pos] == after.get(pos))
                for pos, space in spaces.items()
            )
            and any(after.get(pos) == space for pos, space in spaces.items())
        ):
            shown_under = candidate
    if shown_under is not None:
        raise IllegalPlacementError(
            Rule.UNDER,
            f"card {card_id} shows only partly at (row {shown_under.row}, col "
            f"{shown_under.col}): it was slid under cards already placed",
        )
    raise IllegalPlacementError(
        Rule.CARD, f"no placement of card {card_id} turns the reserve before into the one after"
    )
