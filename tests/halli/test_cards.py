import pytest

from tableref.games.halli import (
    ELEPHANT,
    MONKEY,
    PIG,
    Animal,
    AnimalCard,
    CardError,
    FruitCard,
    HalliError,
    parse_card,
    parse_cards,
    sort_key,
)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("BBL", "BBL"),
        ("lbb", "BBL"),
        ("LbB", "BBL"),
        ("S", "S"),
        ("slpb", "BPSL"),
        ("PPP", "PPP"),
        ("  sb ", "BS"),
        ("elephant", "elephant"),
        ("Monkey", "monkey"),
        ("PIG", "pig"),
    ],
)
def test_any_order_and_case_reads_to_the_canonical_form(text: str, canonical: str) -> None:
    card = parse_card(text)
    assert str(card) == canonical
    assert card.code == canonical
    assert parse_card(canonical) == card


def test_a_fruit_card_is_known_by_its_counts() -> None:
    card = parse_card("LBB")
    assert card == FruitCard(banana=2, lime=1)
    assert isinstance(card, FruitCard)
    assert card.fruits() == {"banana": 2, "plum": 0, "strawberry": 0, "lime": 1}
    assert parse_card("BLB") == parse_card("BBL")
    assert parse_card("BBL") != parse_card("BL")


def test_animals() -> None:
    assert parse_card("elephant") == ELEPHANT == AnimalCard(Animal.ELEPHANT)
    assert parse_card("monkey") == MONKEY
    assert parse_card("pig") == PIG


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("BXL", "'X'"),
        ("B1", "'1'"),
        ("pigs", "'I'"),
        ("B L", "' '"),
        ("éléphant", "'É'"),
    ],
)
def test_anything_else_is_an_error_naming_the_bad_token(text: str, named: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert named in message
    assert "B banana" in message


def test_empty_card_is_an_error() -> None:
    with pytest.raises(CardError, match="empty card"):
        parse_card("  ")


def test_errors_are_value_errors_of_one_hierarchy() -> None:
    with pytest.raises(ValueError):
        parse_card("Q")
    assert issubclass(CardError, HalliError)


def test_a_fruit_card_needs_a_fruit_and_sane_counts() -> None:
    with pytest.raises(CardError, match="at least one fruit"):
        FruitCard()
    with pytest.raises(CardError, match="whole numbers"):
        FruitCard(banana=-1, lime=2)


def test_repr_rebuilds_the_card() -> None:
    for text in ("BBL", "pig"):
        card = parse_card(text)
        assert eval(repr(card), {"parse_card": parse_card}) == card


def test_words_for_the_voice() -> None:
    assert parse_card("BBL").words == "two bananas and a lime"
    assert parse_card("SSP").words == "a plum and two strawberries"
    assert parse_card("BPL").words == "a banana, a plum and a lime"
    assert parse_card("elephant").words == "an elephant"
    assert parse_card("pig").words == "a pig"


def test_parse_cards_and_order() -> None:
    cards = parse_cards(["pig", "l", "BB", "elephant"])
    assert [c.code for c in sorted(cards, key=sort_key)] == ["BB", "L", "elephant", "pig"]
