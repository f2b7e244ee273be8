"""The enrolment: the user's own cards, taught once from photos, saved in a directory.

`build_enrolment(DIR)` reads images named by card code (`elephant.jpg`, `monkey-2.png`,
`BBL.jpg`, `L.jpg`, `back.jpg`). Each photo is either one card on a table (found and
cut out as in play) or a flat scan of the card.

What is taught:
- animals and backs: their pictures (animals.py descriptors), matched as in play;
- fruit cards: the deck's own fruit hues. Every fruit on a card of one kind (`LLL.jpg`)
  and every fruit of a card the default reader reads as named teaches that fruit's hue
  histogram; the reader then classes fruits by the deck's hues (inks.enrolled_classes).
  One card per fruit (`B.jpg`, `P.jpg`, `S.jpg`, `L.jpg`) is enough. A fruit card is
  also kept as a picture, so a card the counter still gets wrong is read as taught.

For the kiosk (or any caller holding decoded images): `enrol_images([(code, image),
...])` returns the Enrolment (raising EnrolmentError naming the photo at fault) and
`Enrolment.taught()` says what it learnt; `.save(data_dir())` keeps it.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from tableref.vision.halli.animals import Match, best_match, both_ways
from tableref.vision.halli.codes import FRUITS, canonical, parse_code
from tableref.vision.halli.detect import find_cards, order_corners
from tableref.vision.halli.fruit_parts import patches
from tableref.vision.halli.hint import card_width
from tableref.vision.halli.inks import BINS, HueClass, classify, enrolled_classes
from tableref.vision.halli.pictures import card_pictures
from tableref.vision.halli.read import read_card
from tableref.vision.halli.rectify import CARD_SIZE, rectify
from tableref.vision.halli.whitebalance import balance
from tableref.vision.images import read_image
from tableref.vision.limits import ImageError

Image = np.ndarray

FILE_NAME = "halli-enrolment.npz"
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")


class EnrolmentError(ValueError):
    """A problem with an enrolment photo or file, naming it."""


BACK = "back"  # the code of an enrolled card back


@dataclass
class Enrolment:
    codes: list[str] = field(default_factory=list)
    table: np.ndarray = field(default_factory=lambda: np.zeros((0, 1), np.float32))
    # per fruit (FRUITS order): summed hue histogram of its taught fruits, and how many
    hues: np.ndarray = field(default_factory=lambda: np.zeros((len(FRUITS), BINS)))
    fruits_seen: np.ndarray = field(default_factory=lambda: np.zeros(len(FRUITS)))

    def add(self, code: str, card: Image) -> None:
        """Teach one rectified, balanced card image.

        A fruit card teaches its fruits' hues; its picture is kept only when the
        reader (with the hues taught so far) does not read it as named, so that a card
        the counter gets wrong is read as taught and no other card is taken for it.
        """
        if code != BACK:
            parsed = parse_code(code)
            if isinstance(parsed, dict):
                self._learn_hues(parsed, card)
                got = read_card(card, classes=self.fruit_classes())
                if got.kind == "fruit" and got.counts == parsed:
                    return
        descs = both_ways(card)
        rows = np.stack(descs).astype(np.float32)
        self.table = rows if len(self.codes) == 0 else np.vstack([self.table, rows])
        self.codes.extend([code] * len(descs))

    def _learn_hues(self, counts: dict[str, int], card: Image) -> None:
        """The deck's fruit hues from a card of known counts (see the module's doc)."""
        area = card.shape[0] * card.shape[1]
        fruits = [p for p in patches(card) if p.area >= 0.009 * area and p.colour >= 0.35
                  and not (p.at_edge and p.in_band >= 0.75)]
        if len(fruits) != sum(counts.values()):
            return  # not all its fruits seen apart: teach nothing rather than wrong
        kinds = [k for k, n in counts.items() if n]
        if len(kinds) == 1:
            named = [kinds[0]] * len(fruits)
        else:
            named = [str(classify(p.hist).fruit) for p in fruits]
            if sorted(named) != sorted(k for k, n in counts.items() for _ in range(n)):
                return
        for p, kind in zip(fruits, named, strict=True):
            i = FRUITS.index(kind)
            self.hues[i] += p.hist
            self.fruits_seen[i] += 1

    def fruit_classes(self) -> dict[str, HueClass] | None:
        """The hue classes of the enrolled deck's fruits (None: no fruit taught)."""
        if not np.any(self.fruits_seen):
            return None
        hists = {f: self.hues[i] / self.fruits_seen[i] for i, f in enumerate(FRUITS)
                 if self.fruits_seen[i] > 0}
        return enrolled_classes(hists)

    def taught(self) -> dict[str, int]:
        """What was taught: card pictures by code, and fruits by how many were seen."""
        out: dict[str, int] = {}
        for code in self.codes:
            out[code] = out.get(code, 0) + 1
        out = {c: n // 2 for c, n in out.items()}  # two descriptors per photo
        for i, f in enumerate(FRUITS):
            if self.fruits_seen[i]:
                out[f"{f} hues"] = int(self.fruits_seen[i])
        return out

    def match(self, desc: np.ndarray) -> Match | None:
        return best_match(desc, self.codes, self.table)

    def save(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / FILE_NAME
        with path.open("wb") as fh:
            np.savez(fh, codes=np.array(self.codes), table=self.table, hues=self.hues,
                     fruits_seen=self.fruits_seen)
        return path

    @classmethod
    def load(cls, directory: Path) -> Enrolment | None:
        """The enrolment saved in `directory`, or None when there is none."""
        path = directory / FILE_NAME
        if not path.exists():
            return None
        try:
            with np.load(path) as data:
                out = cls([str(c) for c in data["codes"]], data["table"].astype(np.float32))
                if "hues" in data:  # enrolments from before fruits were taught lack it
                    hues, seen = data["hues"].astype(np.float64), data["fruits_seen"]
                    if hues.shape != (len(FRUITS), BINS) or seen.shape != (len(FRUITS),):
                        raise ValueError("fruit hues of the wrong shape")
                    out.hues, out.fruits_seen = hues, seen.astype(np.float64)
                return out
        except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as err:
            raise EnrolmentError(f"{path}: not a readable enrolment ({err})") from err


# a card is matched at the rectified card's width (CARD_SIZE): taught from fewer pixels
# across, it is a blur of the card, enrolled but never recognised
MIN_SIDE = CARD_SIZE[0]
SCAN_ASPECT = (1.38, 1.62)  # a card's own shape (2:3): a scan, or a photo cropped to the card


def card_from_photo(image: Image, name: str) -> Image:
    """The one card in a photo (or the photo itself when it is a flat scan), balanced."""
    quads = [q.corners for q in find_cards(image) if q.clean]
    if len(quads) > 1:
        # a drawing right across the card can cut its paper in two: one card, in parts?
        whole = _one_card(quads)
        if whole is None:
            raise EnrolmentError(f"{name}: {len(quads)} cards in the photo; show one card only")
        quads = [whole]
    h, w = image.shape[:2]
    if not quads and not SCAN_ASPECT[0] <= max(h, w) / max(min(h, w), 1) <= SCAN_ASPECT[1]:
        # an animal printed edge to edge, a back: no paper, found by its outline (a photo
        # of the card's own shape is a scan or a crop of it: taken whole, below)
        quads = card_pictures(image)
        if len(quads) > 1:
            raise EnrolmentError(f"{name}: {len(quads)} card-shaped things in the photo (another "
                                 "card, a box, a book?); photograph one card alone")
    if len(quads) == 1 and card_width(quads[0]) < MIN_SIDE:
        quads = _picture_round(image, quads[0]) or quads
    if quads:
        side = card_width(quads[0])
        if side < MIN_SIDE:
            raise EnrolmentError(too_small(name, side))
        card = rectify(image, quads[0])
    else:
        if not 1.1 <= max(h, w) / max(min(h, w), 1) <= 2.0:
            raise EnrolmentError(f"{name}: no card found in the photo")
        flat = image if h >= w else cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
        card = cv2.resize(flat, CARD_SIZE, interpolation=cv2.INTER_AREA)
    return balance(card)


# a card-shaped patch this much narrower than the card-shaped picture round it is a part of
# that picture (a pale tusk, a cloud: a fifth of its width and less); a card lying on a book
# or a box is wider than that
PATCH_OF_PICTURE = 0.2


def _picture_round(image: Image, patch: np.ndarray) -> list[np.ndarray]:
    """The one card-shaped picture round a small `patch` of paper colour, if there is one:
    an animal printed edge to edge, of which the patch is a pale part (the photo of a
    tuning deck's elephant was refused as "a card only 44 px wide" for its white patch)."""
    centre = tuple(float(v) for v in patch.mean(axis=0))
    width = card_width(patch)
    around = [p for p in card_pictures(image)
              if cv2.pointPolygonTest(p.astype(np.float32), centre, False) > 0
              and width < PATCH_OF_PICTURE * card_width(p)]
    return around if len(around) == 1 else []


def too_small(name: str, side: float) -> str:
    """What to say of a photo whose card is `side` px wide, under `MIN_SIDE`: its width
    rounded down (63.6 px is not "64 px wide" when 64 are asked for)."""
    return (f"{name}: the card is only {int(side)} px wide in the photo; take it closer, "
            f"so that the card is at least {MIN_SIDE} px wide")


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
    """`pig.jpg`, `pig-2.jpg`, `bbl_1.png`, `back.jpg`, `monkey (1).jpg` (a phone's or a
    browser's second copy) -> the card code."""
    stem = re.sub(r"\s*\(\d+\)$", "", path.stem).split("-")[0].split("_")[0].strip()
    if stem.lower() == BACK:
        return BACK
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
    images = []
    for path in files:
        code = code_of_file(path)
        try:
            images.append((code, read_image(path), path.name))
        except ImageError as err:
            raise EnrolmentError(str(err)) from None
    return enrol_images(images)


def enrol_images(images: Sequence[tuple[str, Image] | tuple[str, Image, str]],
                 into: Enrolment | None = None) -> Enrolment:
    """Teach decoded photos, each (card code, BGR image[, name for messages]).

    The function for a page offering enrolment: codes as `code_of_file` gives them
    ("pig", "BBL", "back"); an EnrolmentError names the photo at fault.
    """
    enrolment = into or Enrolment()
    for item in images:
        code, image = item[0], item[1]
        name = item[2] if len(item) > 2 else code
        if code != BACK:
            try:
                code = canonical(code)
            except ValueError as err:
                raise EnrolmentError(f"{name}: not a card code ({err})") from err
        enrolment.add(code, card_from_photo(image, str(name)))
    return enrolment
