"""Card notation: any order and case of the four ASCII letters, nothing else."""

from __future__ import annotations

import pytest

from tableref.games.halli import CardError, parse_card


@pytest.mark.parametrize(("text", "code"), [("lbb", "BBL"), ("sPb", "BPS"), ("PIG", "pig")])
def test_any_order_and_case(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("ß", "ß"),  # upper-cases to "SS": not two strawberries
        ("Bſ", "ſ"),  # the long s upper-cases to "S"
        ("ﬀ", "ﬀ"),  # upper-cases to "FF": the error names what was written
        ("Ｂ", "Ｂ"),  # a full-width B
    ],
)
def test_letters_that_only_look_like_fruit_letters_are_refused(text: str, bad: str) -> None:
    with pytest.raises(CardError, match=f"{text!r} is not a card: {bad!r} is not a fruit"):
        parse_card(text)
