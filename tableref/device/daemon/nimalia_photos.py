"""A photo of a Nimalia reserve in, the game's `Reserve` and an annotated JPEG out (run in
the vision thread)."""

from __future__ import annotations

import cv2
import numpy as np

from tableref.games.nimalia.errors import ReserveError
from tableref.games.nimalia.model import Reserve
from tableref.vision.nimalia.annotate import annotate
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.recognise import recognise


class PhotoError(ValueError):
    """The photo cannot be scored; the message says why (and which spaces)."""


def read_reserve(data: bytes, enrolment: Enrolment) -> tuple[Reserve, bytes]:
    photo = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if photo is None:
        raise PhotoError("the file is not a JPEG or PNG image that can be decoded")
    try:
        rec = recognise(photo, enrolment)
    except ValueError as err:
        raise PhotoError(f"no reserve read: {err}") from None
    if not rec.complete:
        where = "; ".join(f"space (row {d.row}, col {d.col}): {d.reason}"
                          for d in rec.unreadable[:4])
        raise PhotoError(f"cannot read {len(rec.unreadable)} space(s) with confidence: {where}"
                         " - take the photo again, square on and in good light")
    try:
        reserve = rec.reserve
    except ReserveError as err:
        raise PhotoError(f"the reserve read breaks the rules: {err}") from None
    assert reserve is not None  # every space was read
    ok, buf = cv2.imencode(".jpg", annotate(photo, rec), [cv2.IMWRITE_JPEG_QUALITY, 80])
    return reserve, buf.tobytes() if ok else b""
