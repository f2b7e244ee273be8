"""Which blobs the finder searches for a pile's top card (detect._propose): a blob of a
pile's size, and a blob of about one card's paper whose outline's rectangle is a pile's
(the lower cards' slivers lost in the shrinking stick out as corners); never a card alone."""

import cv2
import numpy as np

from tableref.vision.halli.detect import DetectOptions, _propose

W, H = 320, 180


def _card(mask: np.ndarray, centre: tuple[float, float], deg: float) -> None:
    box = cv2.boxPoints((centre, (30.0, 20.0), deg))
    cv2.fillConvexPoly(mask, np.round(box).astype(np.int32), 255)


def _searched(mask: np.ndarray) -> list[float]:
    """The areas (of a card's) of the blobs `_propose` asks the pile fitter about."""
    asked: list[float] = []

    def pile(cnt: np.ndarray, area: float, lenient: bool) -> list[np.ndarray]:
        assert lenient == (area == SIZE)  # lenient places at the size known only
        asked.append(cv2.contourArea(cnt) / area)
        return []

    _propose(mask, float(W * H), DetectOptions(), SIZE, pile=pile, tops=[])
    return asked


_one = np.zeros((H, W), np.uint8)
_card(_one, (100, 90), 0.0)
SIZE = float(cv2.contourArea(cv2.findContours(_one, cv2.RETR_EXTERNAL,
                                               cv2.CHAIN_APPROX_SIMPLE)[0][0]))


def test_a_card_alone_is_not_searched() -> None:
    mask = np.zeros((H, W), np.uint8)
    _card(mask, (100, 90), 10.0)
    assert _searched(mask) == []


def test_a_pile_whose_lower_card_sticks_out_at_its_corners_is_searched() -> None:
    """The top card with the lower card's two corners sticking out beyond it: little
    more paper than one card (under PILE's 1.15), an outline's rectangle a pile's."""
    mask = np.zeros((H, W), np.uint8)
    _card(mask, (100, 90), 0.0)
    for x, y in ((84, 78), (114, 101)):  # the lower card's corners
        cv2.fillConvexPoly(mask, np.array([[x - 3, y - 3], [x + 3, y - 3], [x + 3, y + 3],
                                           [x - 3, y + 3]], np.int32), 255)
    cnt = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0][0]
    area = cv2.contourArea(cnt) / SIZE
    assert area < 1.15
    assert len(_searched(mask)) == 1


def test_a_blob_of_a_pile_size_is_searched() -> None:
    mask = np.zeros((H, W), np.uint8)
    _card(mask, (100, 90), 0.0)
    _card(mask, (110, 96), 25.0)
    assert len(_searched(mask)) == 1
