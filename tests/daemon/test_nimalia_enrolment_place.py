"""The daemon reads the Nimalia enrolment where `tableref nimalia enroll` and the page's
teaching put it (the data dir's `nimalia/`); an older one in the data dir itself still
counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableref.device.config import parse_config
from tableref.device.daemon.nimalia_session import default_kit
from tableref.vision.nimalia.enrol import enrol_images
from tableref.vision.synth.nimalia_art import draw_cards, synthetic_cards


@pytest.mark.parametrize("where", ["nimalia", "."])
def test_the_enrolment_is_read_where_it_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    cards = synthetic_cards(seed=3)
    made = enrol_images(cards, draw_cards(cards, seed=3))
    made.save(tmp_path / "tableref" / where)
    kit = default_kit(parse_config('game = "nimalia"\n'), sim=False)
    assert kit.enrolment is not None
    assert kit.enrolment().card_ids == made.card_ids
