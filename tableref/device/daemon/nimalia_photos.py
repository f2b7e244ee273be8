"""A photo of a Nimalia reserve in, the game's `Reserve` and an annotated JPEG out (run in
the vision thread)."""

from __future__ import annotations

import cv2

from tableref.games.nimalia.errors import ReserveError
from tableref.games.nimalia.model import Reserve
from tableref.vision.images import decode_image
from tableref.vision.limits import ImageError, ImageTooLarge
from tableref.vision.nimalia.annotate import annotate
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.recognise import recognise


class PhotoError(ValueError):
    """The photo cannot be scored; the message says why (and which spaces)."""


def read_reserve(data: bytes, enrolment: Enrolment) -> tuple[Reserve, bytes]:
    try:  # the limits from the header first; a truncated photo is an error, not grey
        photo = decode_image(data, "the photo")
    except ImageTooLarge as err:
        raise PhotoError(str(err)) from None
    except ImageError as err:
        raise PhotoError(f"the file is not a JPEG or PNG image that can be decoded ({err})"
                         ) from None
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
