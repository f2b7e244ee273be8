"""Cards of two piles that touch: one blob in the card mask, still two cards read."""

import math

import numpy as np
import pytest

from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_scene import paste_card
from tableref.vision.synth.halli_table import table_texture


def _quad(cx: float, cy: float, deg: float, h: float = 160.0) -> np.ndarray:
    w, a = h / 1.5, math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    local = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local])


@pytest.mark.parametrize(("table", "second"), [
    ("wood", (700.0, 470.0, 38.0)),  # a corner of one card against the other's side
    ("cloth", (705.0, 462.0, 52.0)),
    ("pattern", (640.0, 520.0, 8.0)),  # end to end, a little askew
])
def test_two_touching_cards_are_both_read(table: str, second: tuple[float, float, float]) -> None:
    rng = np.random.default_rng(3)
    frame = table_texture(rng, (1280, 720), table)
    style = CardStyle()
    truth = {"BBL": _quad(620.0, 340.0, 3.0), "PPS": _quad(*second),
             "L": _quad(250.0, 200.0, 70.0), "SSSS": _quad(1030.0, 250.0, -20.0)}
    for code, quad in truth.items():
        paste_card(frame, card_image(code, style), quad)
    seen = Recogniser()(frame)
    got = {}
    for code, quad in truth.items():
        cx, cy = quad.mean(axis=0)
        near = [s for s in seen if math.hypot(s.center[0] - cx, s.center[1] - cy) < 40]
        got[code] = [s.code for s in near]
    assert got == {code: [code] for code in truth}
    assert len(seen) == 4
