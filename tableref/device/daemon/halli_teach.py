"""Teaching the box the user's own Halli cards from the table camera (the page's guided
enrolment): the card held under the camera is taught with the enrolment code of
`vision/halli/enrol.py`, saved where `tableref halli enroll` saves it, and read back at
once with the updated enrolment, so the page can show that the box now knows it.

Which card in the frame is the one held up: for an animal, a card the box does not read as
a fruit card (piles of fruit may lie around it); for a fruit card, any card; of those, the
one nearest the middle of the frame. Runs in the daemon's vision thread.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tableref.device.phrasebook import Phrased
from tableref.vision.halli.codes import ANIMALS
from tableref.vision.halli.enrol import Enrolment
from tableref.vision.halli.recognise import Recogniser, SeenCard
from tableref.vision.halli.rectify import rectify
from tableref.vision.halli.whitebalance import balance


class TeachError(Phrased):
    """The card could not be taught; the message says why, for the page."""


@dataclass
class Taught:
    code: str | None  # the card taught (None: only read)
    read: list[SeenCard] = field(default_factory=list)  # every card the frame shows now
    read_back: str | None = None  # what the held card reads as now (None: not read)
    saved: Path | None = None

    def to_json(self) -> dict[str, Any]:
        return {"taught": self.code, "read_back": self.read_back,
                "read": [c.code for c in self.read]}


def _held(cards: list[SeenCard], size: tuple[int, int], animal: bool) -> SeenCard | None:
    w, h = size
    candidates = [c for c in cards if not (animal and c.kind == "fruit")]
    if not candidates:
        return None
    return min(candidates, key=lambda c: math.hypot(c.center[0] - w / 2, c.center[1] - h / 2))


def read_held(recogniser: Recogniser, image: np.ndarray) -> Taught:
    """The cards the frame shows, and what the one nearest the middle reads as."""
    cards = recogniser(image)
    held = _held(cards, (image.shape[1], image.shape[0]), animal=False)
    return Taught(None, cards, None if held is None else held.code)


def teach(recogniser: Recogniser, image: np.ndarray, code: str,
          directory: Path | None) -> Taught:
    """Teach `code` (canonical) from the card held up in `image`; saved in `directory`."""
    animal = code in ANIMALS
    cards = recogniser(image)
    held = _held(cards, (image.shape[1], image.shape[0]), animal)
    if held is None:
        if not cards:
            raise TeachError.said("halli.teach_no_card")
        raise TeachError.said("halli.teach_only_fruit")
    card = balance(rectify(image, np.asarray(held.corners, np.float32)))
    enrolment = recogniser.enrolment
    grown = Enrolment(list(enrolment.codes), enrolment.table.copy()) if enrolment else Enrolment()
    grown.add(code, card)
    saved = grown.save(directory) if directory is not None else None
    recogniser.enrolment = grown  # the eyes read with it from the next frame on
    after = recogniser(image)
    again = min(after, key=lambda c: math.hypot(c.center[0] - held.center[0],
                                                c.center[1] - held.center[1]), default=None)
    return Taught(code, after, None if again is None else again.code, saved)


def taught_codes(recogniser: object) -> list[str]:
    """The codes the box's enrolment knows (none without one)."""
    enrolment = getattr(recogniser, "enrolment", None)
    return sorted(set(enrolment.codes)) if enrolment is not None else []
