"""A photo of a Nimalia reserve in; the spaces read with confidence, the unsure ones (each
with where it is on the photo, for the player to settle) and an annotated JPEG out (run in
the vision thread).

A photo that shows no reserve is a `PhotoError` that says so; a photo of a reserve with
unsure spaces is not: it is a `PhotoReading` that is not `complete`, and the session asks
the player about each unsure space (or for another photo) before it scores anything. The
cards seen apart from the reserve (`apart`: not read) are for the session to ask about.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tableref.games.nimalia.model import Pos, Space
from tableref.vision.images import decode_image
from tableref.vision.limits import MAX_PIXELS, MAX_SIDE, ImageError, ImageTooLarge
from tableref.vision.nimalia.annotate import annotate
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.locate import NoReserveError
from tableref.vision.nimalia.recognise import Recognition, recognise


class PhotoError(ValueError):
    """The photo cannot be scored; the message says why (in English, with the details), and
    `phrase` with `fields` say it in the phrase table's words (the page's language)."""

    def __init__(self, message: str, phrase: str, **fields: object) -> None:
        super().__init__(message)
        self.phrase = phrase
        self.fields = fields


@dataclass(frozen=True)
class Unsure:
    """A space the photo left unsure: where it is in the reserve and on the photo."""

    pos: Pos
    reason: str
    guess: Space | None  # the reader's best guess (maybe against the rules)
    box: tuple[float, float, float, float]  # x, y, width, height: shares of the photo

    def as_json(self, number: int) -> dict[str, object]:
        guess = None
        if self.guess is not None:
            guess = {"terrain": self.guess.terrain.value, "animal": self.guess.animal.value,
                     "river": None if self.guess.river is None else self.guess.river.value}
        return {"n": number, "row": self.pos[0], "col": self.pos[1], "reason": self.reason,
                "guess": guess, "box": [round(v, 4) for v in self.box]}


@dataclass(frozen=True)
class PhotoReading:
    sure: dict[Pos, Space]
    unsure: tuple[Unsure, ...]
    jpeg: bytes  # the photo with what was read drawn on it, the unsure spaces numbered
    # cards seen apart from the reserve, touching none of it (x, y, width, height: shares
    # of the photo): not read; a card placed always touches the reserve
    apart: tuple[tuple[float, float, float, float], ...] = ()

    @property
    def complete(self) -> bool:
        return not self.unsure


def _box(quad: np.ndarray, width: int, height: int) -> tuple[float, float, float, float]:
    """A quadrilateral's bounding box in the photo, as shares of its width and height."""
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    x0, y0 = max(0.0, float(x0)), max(0.0, float(y0))
    x1, y1 = min(float(width), float(x1)), min(float(height), float(y1))
    return x0 / width, y0 / height, max(0.0, x1 - x0) / width, max(0.0, y1 - y0) / height


def _unsure(rec: Recognition, width: int, height: int) -> tuple[Unsure, ...]:
    out: list[Unsure] = []
    seen: set[Pos] = set()
    for doubt in rec.unreadable:
        pos = (doubt.row, doubt.col)
        if pos in seen:
            continue
        seen.add(pos)
        out.append(Unsure(pos, doubt.reason, rec.guesses.get(pos),
                          _box(rec.quad(pos), width, height)))
    return tuple(out)


def read_reserve(data: bytes, enrolment: Enrolment) -> PhotoReading:
    try:  # the limits from the header first; a truncated photo is an error, not grey
        photo = decode_image(data, "the photo")
    except ImageTooLarge as err:
        raise PhotoError(str(err), "nimalia.err_too_large", megapixels=round(MAX_PIXELS / 1e6),
                         side=MAX_SIDE) from None
    except ImageError as err:
        raise PhotoError(f"the file is not a JPEG or PNG image that can be decoded ({err})",
                         "nimalia.err_not_image") from None
    try:
        rec = recognise(photo, enrolment)
    except NoReserveError as err:
        raise PhotoError(f"no Nimalia reserve in this photo ({err})",
                         "nimalia.err_no_reserve") from None
    except ValueError as err:
        raise PhotoError(f"no Nimalia reserve found in this photo ({err})",
                         "nimalia.err_no_grid") from None
    ok, buf = cv2.imencode(".jpg", annotate(photo, rec), [cv2.IMWRITE_JPEG_QUALITY, 80])
    height, width = photo.shape[:2]
    return PhotoReading(dict(rec.spaces), _unsure(rec, width, height),
                        buf.tobytes() if ok else b"",
                        tuple(_box(q, width, height) for q in rec.apart))
