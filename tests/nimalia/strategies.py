"""Hypothesis strategies: legal reserves built by placing the real cards."""

from __future__ import annotations

from hypothesis import strategies as st

from tableref.games.nimalia.cards import CARD_COUNT
from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.placement import legal_placements, place


@st.composite
def reserves(draw: st.DrawFn, max_cards: int = 15) -> Reserve:
    count = draw(st.integers(min_value=1, max_value=max_cards))
    card_ids = draw(
        st.lists(st.integers(1, CARD_COUNT), min_size=count, max_size=count, unique=True)
    )
    reserve = Reserve()
    for card_id in card_ids:
        options = legal_placements(reserve, card_id)
        reserve = place(reserve, options[draw(st.integers(0, len(options) - 1))])
    return reserve
