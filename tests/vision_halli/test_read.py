"""Reading one card of any of the project's deck styles: fruits, animals, backs, unknown."""

import cv2
import numpy as np
import pytest

from tableref.vision.halli.codes import fruit_code
from tableref.vision.halli.read import read_card
from tableref.vision.halli.rectify import CARD_SIZE
from tableref.vision.halli.whitebalance import balance
from tableref.vision.synth.halli_cards import all_fruit_codes
from tableref.vision.synth.halli_decks import TUNED, Deck, random_deck


def seen(img: np.ndarray, warm: float) -> np.ndarray:
    """As the recogniser gets a card: trimmed, small, in warm light, balanced."""
    h, w = img.shape[:2]
    img = img[int(0.05 * h):h - int(0.05 * h), int(0.05 * w):w - int(0.05 * w)]
    small = cv2.resize(img, CARD_SIZE, interpolation=cv2.INTER_AREA).astype(np.float32)
    small *= np.array([1 - warm, 1 - warm / 2, 1.0], np.float32) * 0.85
    return balance(np.clip(small, 0, 255).astype(np.uint8))


@pytest.mark.parametrize("family", TUNED)
def test_fruit_cards_of_every_style_are_read_or_unknown(family: str) -> None:
    rng = np.random.default_rng(41)
    wrong, right, total = [], 0, 0
    for _ in range(2):
        deck = random_deck(rng, family)
        for code in all_fruit_codes()[::2]:
            # a whole card, its own edge all round (as `recognise` tells the reader)
            r = read_card(seen(deck.card(code, rng), float(rng.uniform(0, 0.45))),
                          outlined=True)
            total += 1
            if r.kind == "fruit" and r.counts is not None:
                if fruit_code(r.counts) == code:
                    right += 1
                else:
                    wrong.append((code, fruit_code(r.counts)))
            elif r.kind != "unknown":
                wrong.append((code, r.kind))
    assert wrong == []
    assert right >= 0.9 * total


def test_strawberry_calyx_highlights_and_seeds_are_one_fruit() -> None:
    rng = np.random.default_rng(3)
    deck = random_deck(rng, "outlined")
    for code in ("S", "SS", "SSS", "SSSS", "SSSSS"):
        r = read_card(seen(deck.card(code, rng), 0.3))
        assert (r.kind, r.counts and r.counts["strawberry"], r.counts and r.counts["lime"]) == (
            "fruit", len(code), 0), (code, r)


def test_yellow_green_limes_blue_plums_orange_strawberries() -> None:
    from dataclasses import replace
    rng = np.random.default_rng(8)
    deck = random_deck(rng, "shaded")
    edge = replace(deck, look=replace(deck.look, lime_hue=37.0, plum_hue=113.0,
                                      strawberry_hue=9.0, banana_hue=22.0))
    for code in ("L", "LL", "BL", "BBLL", "PP", "SS", "BPSL", "BBBPS"):
        r = read_card(seen(edge.card(code, rng), 0.2))
        assert r.kind == "unknown" or (r.counts is not None and fruit_code(r.counts) == code), (
            code, r)


def test_animals_are_pictures_and_backs_are_backs_or_unknown() -> None:
    rng = np.random.default_rng(12)
    backs = []
    for family in TUNED * 3:
        deck = random_deck(rng, family)
        for animal in ("elephant", "monkey", "pig"):
            assert read_card(seen(deck.card(animal, rng), 0.2)).kind in ("animal", "unknown")
        backs.append(read_card(seen(deck.back(rng), 0.2)).kind)
    assert set(backs) <= {"back", "unknown"}
    assert backs.count("back") >= len(backs) // 2, backs


def test_a_printed_frame_is_not_a_fruit() -> None:
    rng = np.random.default_rng(5)
    deck = random_deck(rng, "flat")
    # a red frame; a classic layout (a frame in the card's border band leaves a layout
    # that is not the same turned half round to the layout test: unknown, never wrong)
    framed = Deck(**{**deck.__dict__, "border": (40, 40, 200), "layout": "dice"})
    for code in ("B", "SSS", "PL", "BBPPL"):
        r = read_card(seen(framed.card(code, rng), 0.0))
        assert r.kind == "fruit" and r.counts is not None and fruit_code(r.counts) == code


def test_blank_and_covered_cards_are_unknown() -> None:
    blank = np.full((CARD_SIZE[1], CARD_SIZE[0], 3), 235, np.uint8)
    assert read_card(blank).kind == "unknown"
    rng = np.random.default_rng(2)
    card = seen(random_deck(rng, "outlined").card("BBPPL", rng), 0.0)
    half = card.copy()
    half[: CARD_SIZE[1] // 2] = 235  # the top half shows nothing: a lopsided layout
    assert read_card(half).kind == "unknown"


def test_a_plain_back_with_a_fruit_coloured_logo_is_no_fruit_card() -> None:
    """A back of one light colour with a green oval logo (seen in a refereed game): its
    ground balances to white like paper, and its logo is lime-coloured, but it is no
    lime card (a rule for big single fruits read it so, and was withdrawn). Known limit:
    letters bold enough to cut the oval in two still read as two limes today."""
    h, w = CARD_SIZE[1], CARD_SIZE[0]
    for ground, logo in (((230, 200, 150), (40, 170, 40)), ((150, 220, 240), (60, 60, 200)),
                         ((200, 230, 200), (30, 150, 230))):
        back = np.empty((h, w, 3), np.uint8)
        back[:] = ground
        cv2.ellipse(back, (w // 2, h // 2), (int(0.3 * w), int(0.17 * h)), -60, 0, 360,
                    logo, -1, cv2.LINE_AA)
        cv2.putText(back, "HG", (w // 2 - 9, h // 2 + 5), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                    (255, 255, 255), 1, cv2.LINE_AA)
        r = read_card(seen(back, 0.1))
        assert r.kind != "fruit", (ground, r)
