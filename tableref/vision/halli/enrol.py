"""The enrolment: the user's own cards, taught once from photos, saved in a directory.

`build_enrolment(DIR)` reads images named by card code (`elephant.jpg`, `monkey-2.png`,
`BBL.jpg` for a fruit card the counter gets wrong). Each photo is either one card on a
table (found and cut out as in play) or a flat scan of the card.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from tableref.vision.halli.animals import Match, best_match, both_ways
from tableref.vision.halli.codes import canonical
from tableref.vision.halli.detect import find_cards, order_corners
from tableref.vision.halli.rectify import CARD_SIZE, rectify
from tableref.vision.halli.whitebalance import balance
from tableref.vision.images import read_image
from tableref.vision.limits import ImageError

Image = np.ndarray

FILE_NAME = "halli-enrolment.npz"
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")


class EnrolmentError(ValueError):
    """A problem with an enrolment photo or file, naming it."""


@dataclass
class Enrolment:
    codes: list[str] = field(default_factory=list)
    table: np.ndarray = field(default_factory=lambda: np.zeros((0, 1), np.float32))

    def add(self, code: str, card: Image) -> None:
        """Teach one rectified, balanced card image."""
        descs = both_ways(card)
        rows = np.stack(descs).astype(np.float32)
        self.table = rows if len(self.codes) == 0 else np.vstack([self.table, rows])
        self.codes.extend([code] * len(descs))

    def match(self, desc: np.ndarray) -> Match | None:
        return best_match(desc, self.codes, self.table)

    def save(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / FILE_NAME
        with path.open("wb") as fh:
            np.savez(fh, codes=np.array(self.codes), table=self.table)
        return path

    @classmethod
    def load(cls, directory: Path) -> Enrolment | None:
        """The enrolment saved in `directory`, or None when there is none."""
        path = directory / FILE_NAME
        if not path.exists():
            return None
        try:
            with np.load(path) as data:
                return cls([str(c) for c in data["codes"]], data["table"].astype(np.float32))
        except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as err:
            raise EnrolmentError(f"{path}: not a readable enrolment ({err})") from err


def card_from_photo(image: Image, name: str) -> Image:
    """The one card in a photo (or the photo itself when it is a flat scan), balanced."""
    quads = [q.corners for q in find_cards(image) if q.clean]
    if len(quads) > 1:
        # a drawing right across the card can cut its paper in two: one card, in parts?
        whole = _one_card(quads)
        if whole is None:
            raise EnrolmentError(f"{name}: {len(quads)} cards in the photo; show one card only")
        quads = [whole]
    if quads:
        card = rectify(image, quads[0])
    else:
        h, w = image.shape[:2]
        if not 1.1 <= max(h, w) / max(min(h, w), 1) <= 2.0:
            raise EnrolmentError(f"{name}: no card found in the photo")
        flat = image if h >= w else cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
        card = cv2.resize(flat, CARD_SIZE, interpolation=cv2.INTER_AREA)
    return balance(card)


def _one_card(quads: list[np.ndarray]) -> np.ndarray | None:
    """The card that these outlines are parts of, if they make up one card together."""
    pts = np.vstack(quads).astype(np.float32)
    rect = cv2.minAreaRect(pts)
    (w, h) = rect[1]
    if min(w, h) <= 0 or not 1.2 <= max(w, h) / min(w, h) <= 1.9:
        return None
    parts = sum(abs(cv2.contourArea(q)) for q in quads)
    if w * h > 1.5 * parts:
        return None  # separate cards with table between them
    box = cv2.boxPoints(rect).astype(np.float32)
    return np.asarray(order_corners(box), np.float32)


def code_of_file(path: Path) -> str:
    """`pig.jpg`, `pig-2.jpg`, `bbl_1.png` -> the card code."""
    stem = path.stem.split("-")[0].split("_")[0]
    try:
        return canonical(stem)
    except ValueError as err:
        raise EnrolmentError(f"{path.name}: the name is not a card code ({err})") from err


def build_enrolment(directory: Path) -> Enrolment:
    """Enrol every card photo in `directory`."""
    if not directory.is_dir():
        raise EnrolmentError(f"{directory}: not a directory")
    files = sorted(p for p in directory.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    if not files:
        raise EnrolmentError(f"{directory}: no card photos (.jpg, .png) in it")
    enrolment = Enrolment()
    for path in files:
        code = code_of_file(path)
        try:
            image = read_image(path)
        except ImageError as err:
            raise EnrolmentError(str(err)) from None
        enrolment.add(code, card_from_photo(image, path.name))
    return enrolment
