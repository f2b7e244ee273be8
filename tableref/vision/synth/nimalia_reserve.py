"""Legal Nimalia reserves built by placing cards the way the rules allow.

A placement is (card id, row, col, quarter turns clockwise): the card covers the 2x2
block with its top-left space at (row, col). Every card after the first covers at least
one visible space, and the reserve stays within a 6x6 window.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tableref.games.nimalia.model import Space
from tableref.vision.nimalia.cards import Card

WINDOW = 6


@dataclass(frozen=True, slots=True)
class Placement:
    card_id: int
    row: int
    col: int
    turns: int  # quarter turns clockwise


def turned_card(card: Card, turns: int) -> list[list[Space]]:
    """The card's 2x2 spaces as they lie after `turns` quarter turns clockwise."""
    grid = np.empty((2, 2), object)
    for r in range(2):
        for c in range(2):
            grid[r, c] = card[r][c]
    grid = np.rot90(grid, k=-turns)
    return [[grid[r, c].rotated(turns) for c in range(2)] for r in range(2)]


def visible(
    cards: dict[int, Card], placements: list[Placement]
) -> dict[tuple[int, int], Space]:
    """The top space at every covered position, normalised so the smallest row/col is 0."""
    top: dict[tuple[int, int], Space] = {}
    for p in placements:
        spaces = turned_card(cards[p.card_id], p.turns)
        for r in range(2):
            for c in range(2):
                top[(p.row + r, p.col + c)] = spaces[r][c]
    r0 = min(r for r, _ in top)
    c0 = min(c for _, c in top)
    return {(r - r0, c - c0): k for (r, c), k in top.items()}


def random_reserve(
    card_ids: list[int], rng: np.random.Generator, n_cards: int | None = None
) -> list[Placement]:
    """Place `n_cards` distinct cards (random when None) following the placement rules."""
    if n_cards is None:
        n_cards = int(rng.integers(1, 16))
    ids = [card_ids[int(i)] for i in rng.permutation(len(card_ids))[:n_cards]]
    covered: set[tuple[int, int]] = set()
    out: list[Placement] = []
    for card_id in ids:
        options = []
        for r in range(-1, WINDOW):
            for c in range(-1, WINDOW):
                block = {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
                if covered and not block & covered:
                    continue
                cells = covered | block
                rows = [p[0] for p in cells]
                cols = [p[1] for p in cells]
                if max(rows) - min(rows) >= WINDOW or max(cols) - min(cols) >= WINDOW:
                    continue
                # prefer growing the reserve a little: weight by new cells covered
                options.append((r, c, 1 + 2 * len(block - covered)))
        if not out:
            options = [(2, 2, 1)]
        weights = np.array([w for _, _, w in options], float)
        r, c, _ = options[int(rng.choice(len(options), p=weights / weights.sum()))]
        out.append(Placement(card_id, r, c, int(rng.integers(4))))
        covered |= {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
    return out
