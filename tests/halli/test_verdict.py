"""Every rule and rulebook example of the spec's "When may the bell be rung"."""

import pytest

from tableref.games.halli import Trigger, Veto, parse_cards, verdict


def judge(*codes: str, elephant_alone_rings: bool = False) -> tuple[bool, set[Trigger], set[Veto]]:
    v = verdict(parse_cards(codes), elephant_alone_rings=elephant_alone_rings)
    return v.ring, set(v.triggers), set(v.vetoes)


def test_two_identical_fruit_cards_ring() -> None:
    assert judge("BBL", "LBB") == (True, {Trigger.IDENTICAL}, set())
    assert judge("BBL", "P", "BLB", "S") == (True, {Trigger.IDENTICAL}, set())


def test_same_fruits_in_other_counts_are_not_identical() -> None:
    assert judge("BBL", "BL") == (False, set(), set())
    assert judge("BBL", "BLL", "P") == (False, set(), set())


def test_three_identical_cards_ring_once() -> None:
    v = verdict(parse_cards(["S", "S", "S"]))
    assert v.ring
    assert v.triggers == (Trigger.IDENTICAL,)


def test_elephant_and_no_strawberry_rings() -> None:
    assert judge("elephant", "BBL") == (True, {Trigger.ELEPHANT}, set())
    assert judge("elephant", "P", "L") == (True, {Trigger.ELEPHANT}, set())


def test_elephant_with_a_strawberry_is_a_veto() -> None:
    assert judge("elephant", "BS") == (False, set(), {Veto.ELEPHANT_STRAWBERRY})
    assert judge("elephant", "BB", "SSS") == (False, set(), {Veto.ELEPHANT_STRAWBERRY})


def test_monkey_and_no_lime_rings() -> None:
    assert judge("monkey", "BPS") == (True, {Trigger.MONKEY}, set())


def test_monkey_with_a_lime_is_a_veto() -> None:
    assert judge("monkey", "BL") == (False, set(), {Veto.MONKEY_LIME})


def test_pig_rings_alone_and_with_fruit() -> None:
    assert judge("pig") == (True, {Trigger.PIG}, set())
    assert judge("pig", "BBL", "S") == (True, {Trigger.PIG}, set())


def test_elephant_or_monkey_without_fruit_does_not_ring_by_default() -> None:
    assert judge("elephant") == (False, set(), set())
    assert judge("monkey") == (False, set(), set())
    assert judge("elephant", "monkey") == (False, set(), set())


def test_option_elephant_alone_rings() -> None:
    assert judge("elephant", elephant_alone_rings=True) == (True, {Trigger.ELEPHANT_ALONE}, set())
    assert judge("monkey", elephant_alone_rings=True) == (True, {Trigger.MONKEY_ALONE}, set())
    # with a fruit card the usual rules hold, and vetoes still veto
    assert judge("elephant", "S", elephant_alone_rings=True) == (
        False,
        set(),
        {Veto.ELEPHANT_STRAWBERRY},
    )


def test_rulebook_monkey_lime_and_two_identical_do_not_ring() -> None:
    ring, triggers, vetoes = judge("monkey", "L", "BBP", "BBP")
    assert not ring
    assert vetoes == {Veto.MONKEY_LIME}
    assert triggers == {Trigger.IDENTICAL}


def test_rulebook_monkey_with_two_identical_lime_cards_do_not_ring() -> None:
    ring, triggers, vetoes = judge("monkey", "BL", "BL")
    assert (ring, triggers, vetoes) == (False, {Trigger.IDENTICAL}, {Veto.MONKEY_LIME})


def test_rulebook_pig_elephant_strawberry_do_not_ring() -> None:
    ring, triggers, vetoes = judge("pig", "elephant", "S")
    assert not ring
    assert Trigger.PIG in triggers
    assert vetoes == {Veto.ELEPHANT_STRAWBERRY}


def test_both_vetoes() -> None:
    assert judge("elephant", "monkey", "SL") == (
        False,
        set(),
        {Veto.ELEPHANT_STRAWBERRY, Veto.MONKEY_LIME},
    )


def test_elephant_and_monkey_both_trigger() -> None:
    assert judge("elephant", "monkey", "BP") == (True, {Trigger.ELEPHANT, Trigger.MONKEY}, set())


def test_elephant_rings_even_with_a_lime_and_no_monkey() -> None:
    assert judge("elephant", "L") == (True, {Trigger.ELEPHANT}, set())


def test_no_cards_and_plain_fruit_do_not_ring() -> None:
    assert judge() == (False, set(), set())
    assert judge("B", "P", "S", "L") == (False, set(), set())


@pytest.mark.parametrize(
    ("codes", "expected"),
    [
        (["BBL", "LBB"], {"ring": True, "reasons": ["two identical fruit cards (BBL)"]}),
        (["pig"], {"ring": True, "reasons": ["a pig"]}),
        (["B", "P"], {"ring": False, "reasons": ["no trigger"]}),
        (
            ["monkey", "L", "BB", "BB"],
            {
                "ring": False,
                "reasons": ["veto: a monkey and a lime (L)", "two identical fruit cards (BB)"],
            },
        ),
        (
            ["elephant", "pig", "S", "BS"],
            {"ring": False, "reasons": ["veto: an elephant and a strawberry (BS, S)", "a pig"]},
        ),
        (["elephant", "B"], {"ring": True, "reasons": ["an elephant and no strawberry"]}),
        (["monkey", "B"], {"ring": True, "reasons": ["a monkey and no lime"]}),
    ],
)
def test_reasons_in_words(codes: list[str], expected: dict[str, object]) -> None:
    assert verdict(parse_cards(codes)).to_json() == expected
