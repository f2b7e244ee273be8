"""Teaching the box an animal card from the table camera (the page's guided enrolment): the
card held up is found among fruit piles, taught, saved where `tableref halli enroll` saves,
and read back at once; the eyes read it from then on."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tableref.device.config import parse_config
from tableref.device.daemon.halli_session import HalliKit, HalliSession
from tableref.device.daemon.offline import OfflineBox
from tableref.device.daemon.session import Refused
from tableref.vision.halli.enrol import Enrolment
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_scene import render_table


def _session(tmp: Path) -> tuple[HalliSession, Recogniser]:
    box = OfflineBox(parse_config('[voice]\nengine = "none"\n'))
    reader = Recogniser(None)
    session = HalliSession(box, HalliKit(reader=reader, enrolment_dir=tmp))
    box.start(session, ["Ann", "Ben", "Cid", "Dora"])
    return session, reader


def test_an_animal_held_among_fruit_piles_is_taught_and_read_back(tmp_path: Path) -> None:
    session, reader = _session(tmp_path)
    frame = render_table(["BBL", "monkey", "SS", None], seed=3)
    before = [c.code for c in reader(frame)]
    assert "monkey" not in before  # not known yet: the page says it needs teaching
    assert session.view()["taught"] == []
    got = asyncio.run(session.teach("Monkey", frame))
    assert got["taught"] == "monkey" and got["read_back"] == "monkey"
    assert session.view()["taught"] == ["monkey"]
    saved = Enrolment.load(tmp_path)
    assert saved is not None and set(saved.codes) == {"monkey"}
    # the same deck, the monkey on another pile: read with what was taught
    later = render_table(["SS", None, "BBL", "monkey"], seed=3)
    assert "monkey" in [c.code for c in reader(later)]
    assert asyncio.run(session.teach(None, later))["taught"] is None


def test_what_cannot_be_taught_is_said(tmp_path: Path) -> None:
    session, _ = _session(tmp_path)
    with pytest.raises(Refused, match="sees only fruit cards") as only_fruit:
        asyncio.run(session.teach("pig", render_table(["BBL", "SS", None, None], seed=3)))
    assert only_fruit.value.phrase == "halli.teach_only_fruit"  # said in the page's language
    with pytest.raises(Refused, match="sees no card") as none:
        asyncio.run(session.teach("pig", render_table([None, None, None, None], seed=3)))
    assert none.value.phrase == "halli.teach_no_card"
    with pytest.raises(Refused, match="'cow' is not a card"):
        asyncio.run(session.teach("cow", render_table(["pig", None, None, None], seed=3)))
    assert Enrolment.load(tmp_path) is None  # nothing was saved
