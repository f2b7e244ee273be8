"""Teaching the box the players' own Nimalia cards from phone photos (the page's guided
enrolment): the page shows a card of the game to find in the deck, the player photographs
it alone on the table, the box finds it, turns it upright by its terrains (a photo of
another card is refused, saying so) and keeps it. Once the cards asked for show every kind
of space twice, the enrolment is made from them (`vision/nimalia/enrol`, where `tableref
nimalia enroll` puts it) and the box reads any card back from a photo.

The cards asked for: a few, chosen so that every kind of space (terrain and animal, the
otter on each of its terrains) is on two of them (a partial enrolment then reads nearly as
well as a whole one: `bench/nimalia_teach.py`, on rendered reserves of the project's drawn
cards, 376 of 388 spaces right and 12 left unsure for the players to tap, none wrong, against
388 of 388 with all 60 cards); and only cards
known by their terrains alone (no other card has its terrains in the same places, in any
turn), so that the photo of another card is refused, never learnt under a wrong name.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from tableref.device.phrasebook import Phrased
from tableref.games.nimalia.cards import Card, Face, all_cards, card, turn_face
from tableref.vision.images import decode_image, read_image
from tableref.vision.limits import ImageError
from tableref.vision.nimalia.cards import OTTER_TERRAINS, RESIDENTS, TERRAINS, space_json
from tableref.vision.nimalia.enrol import FILE, Enrolment, enrol_images
from tableref.vision.nimalia.one_card import CardPhotoError, card_face, upright
from tableref.vision.nimalia.recognise import recognise

log = logging.getLogger("tableref.nimalia")
TIMES = 2  # every kind of space on this many of the cards asked for
TAUGHT_DIR = "taught"  # in the enrolment's directory: one upright photo per card, <id>.png


class TeachError(Phrased):
    """A photo the teaching refuses, said with a phrase of the table."""


def _kinds(c: Card) -> list[tuple[str, str]]:
    return [(s.terrain.value, s.animal.value) for row in c.face for s in row]


def _layout(face: Face) -> tuple[str, ...]:
    return tuple(s.terrain.value for row in face for s in row)


def _told_apart(c: Card) -> bool:
    """Whether a photo of `c` is known by its terrains alone: no other card of the game has
    its terrains in the same places (in any turn), and no turn of it has them there either
    (unless it shows the same card)."""
    turns = [turn_face(c.face, r) for r in (0, 90, 180, 270)]
    if any(_layout(t) == _layout(c.face) and t != c.face for t in turns[1:]):
        return False
    mine = {_layout(t) for t in turns}
    return not any(_layout(turn_face(o.face, r)) in mine
                   for o in all_cards() if o.id != c.id for r in (0, 90, 180, 270))


@cache
def wanted_cards() -> tuple[int, ...]:
    """The cards to photograph, in order: each adds the most kinds of space still wanted."""
    need = {(t.value, a.value): 0 for t in TERRAINS for a in RESIDENTS[t]}
    need.update({(t.value, "otter"): 0 for t in OTTER_TERRAINS})
    chosen: list[int] = []
    pool = [c for c in all_cards() if _told_apart(c)]

    def gain(c: Card) -> int:
        return sum(1 for k in _kinds(c) if need.get(k, TIMES) < TIMES)

    while any(n < TIMES for n in need.values()):
        best = max((c for c in pool if c.id not in chosen), key=lambda c: (gain(c), -c.id))
        chosen.append(best.id)
        for k in _kinds(best):
            if k in need:
                need[k] += 1
    return tuple(chosen)


def card_json(card_id: int) -> list[list[dict[str, str]]]:
    """A card's four spaces as the page draws them: [[TL, TR], [BL, BR]]."""
    return [[space_json(s) for s in row] for row in card(card_id).face]


def _decode(data: bytes) -> np.ndarray:
    try:
        return decode_image(data, "the photo")
    except ImageError as err:
        raise TeachError(f"the photo cannot be read ({err})",
                         phrase="nimalia.err_not_image") from None


class CardTeacher:
    """The cards taught so far (`directory`/taught/<id>.png) and the enrolment made of them
    (`directory`/nimalia-enrolment.npz); `enrolled` is told each new enrolment. With no
    directory (the simulated table) they are kept for the run only, in memory: never
    written over the enrolment of a real deck."""

    def __init__(self, directory: Path | None, enrolled: Callable[[Enrolment], None]) -> None:
        self.directory = directory
        self.photos = None if directory is None else directory / TAUGHT_DIR
        self._enrolled = enrolled
        self._kept: dict[int, np.ndarray] = {}  # for the run only (no directory)
        self._made = False  # an enrolment made in this run

    def taught(self) -> list[int]:
        if self.photos is None:
            return sorted(self._kept)
        ids = (int(p.stem) for p in self.photos.glob("*.png") if p.stem.isdigit())
        return sorted(i for i in ids if 1 <= i <= 60)

    def state(self) -> dict[str, Any]:
        """What the page shows: the cards asked for (each drawn from its spaces), those
        taught, the next one, and whether the box has an enrolment to read with."""
        wanted, taught = wanted_cards(), set(self.taught())
        upcoming = [i for i in wanted if i not in taught]
        return {"wanted": list(wanted), "taught": [i for i in wanted if i in taught],
                "next": upcoming[0] if upcoming else None,
                "cards": {str(i): card_json(i) for i in wanted},
                "enrolled": self._made or (self.directory is not None
                                           and (self.directory / FILE).is_file()),
                "run_only": self.directory is None}

    def teach(self, card_id: int, data: bytes) -> dict[str, Any]:
        """Keep the photo of card `card_id` (in the vision thread); once every card asked
        for is in, make the enrolment. What the page shows next (`state`)."""
        if card_id not in wanted_cards():
            raise TeachError.said("nimalia.teach_not_asked", n=card_id)
        photo = _decode(data)
        try:
            face = card_face(photo)
        except CardPhotoError as err:
            log.info("teaching card %d: %s", card_id, err)
            raise TeachError.said("nimalia.teach_no_card") from None
        turned = upright(face, card(card_id).face)
        if turned is None:
            raise TeachError.said("nimalia.teach_other_card")
        if self.photos is None:
            self._kept[card_id] = turned
        else:
            self.photos.mkdir(parents=True, exist_ok=True)
            if not cv2.imwrite(str(self.photos / f"{card_id}.png"), turned):
                raise OSError(f"cannot write {self.photos / f'{card_id}.png'}")
        state = self.state()
        if state["next"] is None:
            self._enrol()
            state = self.state()
        return {**state, "learnt": card_id}

    def _enrol(self) -> None:
        ids = [i for i in wanted_cards() if i in set(self.taught())]
        photos = self.photos
        images = {i: self._kept[i] if photos is None else read_image(photos / f"{i}.png")
                  for i in ids}
        enrolment = enrol_images({i: card(i).face for i in ids}, images)
        if self.directory is not None:
            enrolment.save(self.directory)
        self._made = True
        log.info("Nimalia cards taught from the page%s: %s",
                 " (kept for this run only: the simulated table)" if photos is None else "",
                 ", ".join(map(str, ids)))
        self._enrolled(enrolment)

    def read_back(self, data: bytes, enrolment: Enrolment) -> dict[str, Any]:
        """Read a photo of one card with `enrolment`: its spaces, and which card of the
        game that is (any turn), or None."""
        photo = _decode(data)
        try:
            rec = recognise(photo, enrolment)
        except ValueError as err:
            log.info("reading a card back: %s", err)
            raise TeachError.said("nimalia.teach_no_card") from None
        cells = rec.guesses
        rows = sorted({r for r, _ in cells})
        cols = sorted({c for _, c in cells})
        if len(rows) != 2 or len(cols) != 2 or rec.unreadable:
            return {"read_back": None, "spaces": None}
        face = tuple(tuple(cells[(r, c)] for c in cols) for r in rows)
        found = next((c.id for c in all_cards() for turn in (0, 90, 180, 270)
                      if turn_face(c.face, turn) == face), None)
        return {"read_back": found,
                "spaces": [[space_json(s) for s in row] for row in face]}
