"""A card's two readings made one: taken where they agree or one cannot tell, never a
guess between two different answers."""

import pytest

from tableref.vision.halli.agree import agree
from tableref.vision.halli.recognise import SeenCard

AT = ((0.0, 0.0), (10.0, 0.0), (10.0, 15.0), (0.0, 15.0))


def card(kind: str, code: str | None = None) -> SeenCard:
    fruits = {"B": code.count("B")} if kind == "fruit" and code else None
    return SeenCard(kind, code, (5.0, 7.5), AT, fruits)


@pytest.mark.parametrize(("plain", "net", "want"), [
    (card("fruit", "BB"), card("fruit", "BB"), ("fruit", "BB")),
    (card("unknown"), card("fruit", "BB"), ("fruit", "BB")),
    (card("fruit", "BB"), card("unknown"), ("fruit", "BB")),
    (card("fruit", "BB"), card("fruit", "BBB"), ("unknown", None)),
    (card("animal"), card("fruit", "BB"), ("unknown", None)),
    (card("animal"), card("animal", "pig"), ("animal", "pig")),  # the net's names the animal
    (card("back"), card("back"), ("back", None)),
    (card("fruit", "BB"), card("junk"), ("unknown", None)),
    (card("unknown"), card("unknown"), ("unknown", None)),
])
def test_two_readings_are_taken_only_where_they_do_not_contradict_each_other(
        plain: SeenCard, net: SeenCard, want: tuple[str, str | None]) -> None:
    got = agree(plain, net)
    assert got is not None and (got.kind, got.code) == want
    assert got.fruits is None or got.kind == "fruit"


def test_an_outline_the_network_is_sure_is_no_card_and_the_hand_reader_cannot_read_is_dropped(
        ) -> None:
    assert agree(card("unknown"), card("junk")) is None
