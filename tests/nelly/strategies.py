"""Hypothesis strategies for Nelly's events: any well-formed event, legal or not."""

from __future__ import annotations

from hypothesis import strategies as st

from tableref.games.nelly import (
    FACES,
    Colour,
    Event,
    Fall,
    Feed,
    Heron,
    Pass,
    Place,
    PlantCounter,
    Plants,
    Roll,
    Spot,
    Start,
    Turtles,
)

NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve")


def seats(players: int = 4) -> st.SearchStrategy[int]:
    return st.integers(0, players - 1)


def turtles(low: int = 0) -> st.SearchStrategy[Turtles]:
    counts = st.integers(0, 3)
    return st.builds(Turtles, counts, counts, counts).filter(lambda t: t.total >= low)


@st.composite
def falls(draw: st.DrawFn, players: int = 4) -> Fall:
    fell = draw(turtles(low=1))
    return Fall(draw(seats(players)), fell, draw(st.integers(0, fell.total)))


def events(players: int = 4) -> st.SearchStrategy[Event]:
    seat = seats(players)
    return st.one_of(
        st.builds(Start, st.lists(st.sampled_from(NAMES), min_size=1, max_size=5,
                                  unique=True).map(tuple)),
        st.builds(Roll, st.sampled_from(FACES)),
        st.builds(Feed, seat, st.sampled_from(PlantCounter)),
        st.builds(Place, seat, st.sampled_from(Colour), st.sampled_from(Spot)),
        falls(players),
        st.builds(Heron, seat),
        st.builds(Plants, seat),
        st.builds(Pass, seat),
    )
