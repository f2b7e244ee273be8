"""pile_top: the top card of a pile is the rectangle of the cards' size outlined by edges
all round, its paper the brighter side; never a strip across a bigger card."""

import cv2
import numpy as np

from tableref.vision.halli.pile_top import _holds_card, _hull, top_cards

STRONG = 40.0  # |Sobel x| + |Sobel y| of an edge in these clean drawings


def _card(img: np.ndarray, centre: tuple[float, float], short: float, deg: float,
          paper: int) -> np.ndarray:
    box = cv2.boxPoints((centre, (1.5 * short, short), deg)).astype(np.float32)
    cv2.fillConvexPoly(img, np.round(box * 16).astype(np.int32), paper, cv2.LINE_AA, shift=4)
    cv2.polylines(img, [np.round(box * 16).astype(np.int32)], True, 150, 1, cv2.LINE_AA, shift=4)
    return box


def _blob(img: np.ndarray) -> np.ndarray:
    return np.where(img > 120, 255, 0).astype(np.uint8)


def _askew(short: float, deg: float) -> tuple[np.ndarray, np.ndarray]:
    """A pile of three cards, its top card's middle at (50, 45) turned `deg`, the two
    below it askew: the picture and the top card's corners."""
    img = np.full((90, 100), 70, np.uint8)
    for off, turn in (((-9.0, 6.0), 25.0), ((8.0, -7.0), -20.0)):  # lower cards
        _card(img, (50 + off[0], 45 + off[1]), short, deg + turn, 225)
    return img, _card(img, (50.0, 45.0), short, deg, 240)


def test_the_top_card_of_a_pile_askew() -> None:
    short = 24.0
    for deg in (0.0, 17.0, 38.0, 71.0):
        img, truth = _askew(short, deg)
        quads = top_cards(img, _blob(img), 1.5 * short * short, STRONG)
        assert quads, deg
        centre = quads[0].mean(axis=0)
        assert np.hypot(*(centre - truth.mean(axis=0))) < 1.5, (deg, centre)
        sides = sorted(np.linalg.norm(quads[0] - np.roll(quads[0], 1, axis=0), axis=1))
        assert abs(sides[0] - short) < 2.5 and abs(sides[-1] - 1.5 * short) < 3.5, sides


def test_the_top_card_whose_fruits_stand_in_a_line() -> None:
    """Three fruits one above another across the top card's middle: their outlines in
    line run like a straight edge across it, as a card's own side across a place a
    quarter card off would. No place's middle is clear, so the best place whose middle is
    not is taken, when the cards' size is the one a fixed camera knows (lenient); at a size
    guessed from the frame alone it is not (a strip across a card between its fruits)."""
    short = 24.0
    for deg in (0.0, 17.0, 38.0, 71.0):
        img, truth = _askew(short, deg)
        turn = cv2.getRotationMatrix2D((50.0, 45.0), -deg, 1.0)
        for dy in (-7.0, 0.0, 7.0):
            x, y = turn @ np.array([47.0, 45.0 + dy, 1.0])
            cv2.ellipse(img, (round(x), round(y)), (3, 4), 90 - deg, 0, 360, 60, -1)
        assert not top_cards(img, _blob(img), 1.5 * short * short, STRONG), deg
        quads = top_cards(img, _blob(img), 1.5 * short * short, STRONG, lenient=True)
        assert quads, deg
        assert np.hypot(*(quads[0].mean(axis=0) - truth.mean(axis=0))) < 1.5, deg


def test_no_strip_across_a_longer_card() -> None:
    """A card as wide as the size agreed on but much longer (near the camera, the camera
    tilted): a strip across it between two rows of bananas has the card's long sides for
    two of its own, and those run on beyond both its ends. It is not a card."""
    short = 24.0
    img = np.full((130, 90), 70, np.uint8)
    box = cv2.boxPoints(((45.0, 65.0), (short, 2.6 * short), 0.0)).astype(np.float32)
    cv2.fillConvexPoly(img, np.round(box).astype(np.int32), 240)
    for y in (46, 84):  # two rows of bananas across the card, a card's length apart
        cv2.ellipse(img, (45, y), (10, 3), 0, 0, 360, 60, -1)
    quads = top_cards(img, _blob(img), 1.5 * short * short, STRONG)
    assert not quads, [q.mean(axis=0) for q in quads]


def test_only_a_blob_wide_enough_for_a_card_is_searched() -> None:
    """The top card is the pile's paper: a blob that holds no disc as wide as a card
    (a strip of a striped cloth) is not searched; a card whose outline lost its rim is."""
    short = 40.0
    strip = np.zeros((200, 200), np.uint8)
    cv2.rectangle(strip, (20, 80), (180, 80 + int(0.7 * short)), 255, -1)
    assert not _holds_card(_hull(strip), short)
    card = np.zeros((200, 200), np.uint8)
    rim = 3  # pixels lost on every side
    cv2.rectangle(card, (40 + rim, 70 + rim), (40 + 60 - rim, 70 + 40 - rim), 255, -1)
    assert _holds_card(_hull(card), short)
    bitten = card.copy()  # fruits at the card's side bite into its paper
    cv2.rectangle(bitten, (40, 70), (40 + 30, 70 + 25), 0, -1)
    assert _holds_card(_hull(bitten), short)


def test_the_top_card_whose_fruits_bite_into_its_middle() -> None:
    """Dark fruits from the top card's rim to its middle: the pile's paper has a bite
    there, and the card's middle is not paper. The card is found all the same."""
    short = 24.0
    img = np.full((90, 100), 70, np.uint8)
    _card(img, (58.0, 40.0), short, 20.0, 225)  # the lower card, peeking out
    truth = _card(img, (50.0, 45.0), short, 0.0, 240)
    cv2.ellipse(img, (50, 45), (7, 6), 0, 0, 360, 40, -1)  # a plum in the middle ...
    cv2.ellipse(img, (50, 53), (5, 6), 0, 0, 360, 40, -1)  # ... and one on the rim
    blob = _blob(img)
    assert not blob[45, 50]
    quads = top_cards(img, blob, 1.5 * short * short, STRONG)
    assert quads
    assert np.hypot(*(quads[0].mean(axis=0) - truth.mean(axis=0))) < 1.5
