"""What the card reader network is given: a card cut out upright, its light taken out.
(The networks themselves are not installed yet: see training/README.md.)"""

import cv2
import numpy as np

from tableref.vision.halli import reader_net
from tableref.vision.synth.halli_cards import CardStyle, card_image


def test_a_card_cut_out_is_the_card_upright_whichever_corner_comes_first() -> None:
    card = card_image("BBL", CardStyle())
    frame = np.full((400, 500, 3), 60, np.uint8)
    quad = np.array([[150, 60], [290, 90], [240, 330], [100, 300]], np.float32)  # tilted
    m = cv2.getPerspectiveTransform(
        np.array([[0, 0], [200, 0], [200, 300], [0, 300]], np.float32), quad)
    warped = cv2.warpPerspective(card, m, (500, 400))
    mask = cv2.warpPerspective(np.full((300, 200), 255, np.uint8), m, (500, 400))
    frame[mask > 127] = warped[mask > 127]
    want = cv2.resize(card, (reader_net.CROP_W - 2 * reader_net.CROP_MARGIN,
                             reader_net.CROP_H - 2 * reader_net.CROP_MARGIN),
                      interpolation=cv2.INTER_AREA).astype(np.float32)
    m_ = reader_net.CROP_MARGIN
    for k in range(4):
        crop = reader_net.crop_card(frame, np.roll(quad, k, axis=0))
        assert crop.shape == (reader_net.CROP_H, reader_net.CROP_W, 3)
        got = crop[m_:-m_, m_:-m_].astype(np.float32)
        # upright either way round (a card has no top): one of the two matches closely
        err = min(float(np.abs(got - want).mean()),
                  float(np.abs(got[::-1, ::-1] - want).mean()))
        assert err < 12, (k, err)


def test_the_readers_input_does_not_change_with_the_lights_level_or_colour() -> None:
    card = card_image("PSS", CardStyle())
    crop = cv2.resize(card, (reader_net.CROP_W, reader_net.CROP_H))[None]
    warm = np.clip(crop * np.array([0.55, 0.8, 1.0]) * 0.7, 0, 255).astype(np.uint8)
    a, b = reader_net.normalise(crop), reader_net.normalise(warm)
    assert a.dtype == np.float32 and a.shape == (1, 3, reader_net.CROP_H, reader_net.CROP_W)
    assert float(np.abs(a - b).mean()) < 0.05
