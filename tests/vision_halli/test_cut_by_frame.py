"""A card the picture's edge cuts: what lies beyond the edge is unknown, so the card is
never read from the part that shows (the reader would see the edge's pixels repeated)."""

from dataclasses import replace

import cv2
import numpy as np

from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_wild import ORDINARY, wild_scene

QUIET = replace(ORDINARY, hands=0.0, clutter=0, backs=0.0, messy=0.0)
CODES = ["BBLL", "PPSS", "LLLLL", "BBBL", "SSLL", "BPPS"]


def test_a_card_cut_by_the_frame_is_never_read_wrong() -> None:
    """The frame is cut through a card, a third to two thirds of the way across: the
    card is unknown (or not found), never counted from the fruits that still show.
    The same cards whole in the frame are read, so the test can see a reading."""
    cut_read_wrong, cut_seen, whole_read = [], 0, 0
    for seed in range(16):
        rng = np.random.default_rng(seed)
        tops = [(c, card_image(c, CardStyle())) for c in rng.permutation(CODES)[:3]]
        scene = wild_scene(tops, rng, QUIET)
        target = scene.cards[seed % len(scene.cards)]
        q = target.corners.astype(np.float32)
        y0, y1 = float(q[:, 1].min()), float(q[:, 1].max())
        cut = int(y0 + rng.uniform(0.35, 0.65) * (y1 - y0))
        image = np.ascontiguousarray(scene.image[:cut])
        poly = q.reshape(-1, 1, 2)
        whole_read += sum(c.kind == "fruit" for c in Recogniser()(scene.image)
                          if cv2.pointPolygonTest(poly, c.center, False) >= 0)
        for card in Recogniser()(image):
            if cv2.pointPolygonTest(poly, card.center, False) < 0:
                continue
            cut_seen += 1
            if card.kind == "fruit" and card.code != target.code:
                cut_read_wrong.append((seed, target.code, card.code))
    assert not cut_read_wrong, cut_read_wrong
    assert whole_read >= 8, whole_read
