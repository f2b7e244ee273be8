"""A reserve of the renderer's placements grown by a round: cards laid by the placement
rules (the engine's legal_placements) on the game's cards, for photos of consecutive
rounds that the round checker must find legal."""

from __future__ import annotations

import numpy as np

from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.placement import Placement, legal_placements, place
from tableref.vision.synth.nimalia_reserve import Placement as Laid


def grown(laid: list[Laid], rng: np.random.Generator, cards: int = 3) -> list[Laid]:
    """`laid` and `cards` more of the game's cards, each at a random legal place."""
    reserve = Reserve()
    for p in laid:
        reserve = place(reserve, Placement(p.card_id, p.row, p.col, 90 * p.turns))
    used = {p.card_id for p in laid}
    out = list(laid)
    for card_id in [int(c) for c in rng.permutation(np.arange(1, 61)) if c not in used][:cards]:
        options = legal_placements(reserve, card_id)
        choice = options[int(rng.integers(len(options)))]
        reserve = place(reserve, choice)
        out.append(Laid(card_id, choice.row, choice.col, choice.rotation // 90))
    return out
