"""A camera frame in, the cards on the table out: fruit, animal, or unknown; backs apart.

`Recogniser(enrolment)(frame)` returns a `Seen`: the list of face-up cards (SeenCard),
with the face-down cards found beside them in its `backs` field (never in the list).

- kind "fruit": `code` ("BBL") and `fruits` (counts);
- kind "animal": a coloured picture rather than fruits on paper. Which animal comes
  from the enrolment: an animal not enrolled is `{"kind": "animal", "animal": null,
  "code": null, ...}` (code None), to be taken as unsure where it matters;
- kind "unknown": found but not read with confidence, never guessed.
- a back (face down, `Seen.backs`): `{"center": [x, y], "corners": [...]}` in
  `halli recognise --json` under "backs", apart from "cards".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from tableref.vision.halli import finder_net, reader_net
from tableref.vision.halli.agree import agree
from tableref.vision.halli.animals import Match, describe
from tableref.vision.halli.codes import ANIMALS, fruit_code, parse_code
from tableref.vision.halli.crossing import crossed
from tableref.vision.halli.detect import DetectOptions, Found, detect_cards, order_corners
from tableref.vision.halli.enrol import BACK, Enrolment
from tableref.vision.halli.frame_work import FrameWork
from tableref.vision.halli.hint import TableHint, card_sides
from tableref.vision.halli.overlap import underneath
from tableref.vision.halli.pictures import picture_outlines
from tableref.vision.halli.read import ReadOptions, read_card
from tableref.vision.halli.rectify import (
    SURROUND_OFFSET,
    beyond_frame,
    inner,
    rectify_surround,
)
from tableref.vision.halli.refine import REACH, refine
from tableref.vision.halli.verify import SIDE_STANDS_OUT, outline_sides, runs_off
from tableref.vision.halli.whitebalance import balance, paper_white

Image = np.ndarray

FruitOptions = ReadOptions  # the name before read.py

ANIMAL_SCORE = 0.6  # correlation an enrolled animal must reach (fruit cards: about 0.35)
FRUIT_SCORE = 0.85  # an enrolled fruit card: fruit cards look alike, so ask for more
MATCH_MARGIN = 0.08  # over the best other enrolled code
WHOLE_SIZE = 0.15  # a whole card's area and aspect, within this of the cards' agreed
WHOLE_SUPPORT = 2  # outlines agreeing on a size: two covered cards agreeing is unlikely
# a card (2:3) seen from at most 35 degrees off overhead (the spec's camera) is at least
# 1.5 cos 35 = 1.23 times as long as it is wide; what is squarer is part of a card (cut by
# a shadow's edge, a hand) and may hide fruits
MIN_ASPECT = 1.2
MIN_EDGES = 3  # sides of a card's outline that stand out as its edges, at least, to read
# it: a card under a hand shows its own edges and the hand's; a quad the finder laid across
# a card, or a half of one, has the card's paper and fruits beyond one side and more
PICTURE_MARGIN = 0.25  # a card found by its outline alone (no paper): over any other code
NET_SURE = 0.9  # the reader network's confidence in its whole answer, to take it


@dataclass(frozen=True)
class SeenCard:
    """One card found in a frame. kind is "fruit", "animal", "unknown" (or "back" for
    a face-down card, kept in `Seen.backs`)."""

    kind: str
    code: str | None
    center: tuple[float, float]
    corners: tuple[tuple[float, float], ...]
    fruits: dict[str, int] | None = None

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON form of the card."""
        if self.kind == "back":
            return {"center": [round(self.center[0], 1), round(self.center[1], 1)],
                    "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners]}
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind == "fruit":
            out["code"] = self.code
            out["fruits"] = dict(self.fruits or {})
        elif self.kind == "animal":
            out["animal"] = self.code
            out["code"] = self.code
        out["center"] = [round(self.center[0], 1), round(self.center[1], 1)]
        out["corners"] = [[round(x, 1), round(y, 1)] for x, y in self.corners]
        return out


class Seen(list[SeenCard]):
    """The face-up cards of a frame (a list, as before), and the backs found beside."""

    def __init__(self, cards: list[SeenCard] | None = None,
                 backs: list[SeenCard] | None = None):
        super().__init__(cards or [])
        self.backs: list[SeenCard] = list(backs or [])


class Recogniser:
    """Recognises the cards in frames; holds the enrolment and options."""

    def __init__(self, enrolment: Enrolment | None = None,
                 detect: DetectOptions | None = None, fruits: FruitOptions | None = None,
                 nets: bool | None = None):
        self.enrolment = enrolment
        # the networks (finder and reader) when their files are installed, else the
        # hand-written finder and reader
        self.nets = (finder_net.available() and reader_net.available()) if nets is None \
            else nets
        self.detect_opts = detect or DetectOptions()
        self.fruit_opts = fruits or ReadOptions()
        self.classes = None if enrolment is None else enrolment.fruit_classes()
        # the cards' size, learnt from frames where three or more cards agree: with a
        # fixed camera it settles a frame where a hand makes the sizes disagree
        self.card_area: float | None = None

    def forget_size(self) -> None:
        """Forget the learnt card size (the camera moved)."""
        self.card_area = None

    def __call__(self, frame: Image, hint: TableHint | None = None) -> Seen:
        """The cards in the frame. `hint`: what the fixed camera knows of its table (where
        the frame differs from the empty table, the cards' size); without it, the frame
        alone."""
        if frame is None or frame.ndim != 3 or frame.shape[2] != 3:
            raise ValueError("a frame must be a colour image (H x W x 3, BGR)")
        if self.nets:
            return _not_under(frame, self._by_nets(frame, hint))
        return _not_under(frame, self._by_hand(frame, hint))

    def _by_hand(self, frame: Image, hint: TableHint | None) -> Seen:
        """The hand-written finder and reader."""
        seen = Seen()
        work = FrameWork()  # the finder's work on this frame, for the pictures' too
        found = detect_cards(frame, self.detect_opts, self.card_area, hint, work)
        if found.support >= 3:
            old = self.card_area or found.card_area
            self.card_area = 0.8 * old + 0.2 * found.card_area
        for quad in found.quads:
            # a card the finder is unsure of (its paper border not seen all round: a hand,
            # a printed frame) is read too: the reader's own tests (ink running onto the
            # card from outside it, a printed layout) leave a covered card unknown
            # found at a quarter size: set on its edges
            outline = refine(frame, quad.corners, quad.top)
            at = _card("unknown", None, outline)
            corners, center = at.corners, at.center
            short, long_ = card_sides(outline)
            if long_ < MIN_ASPECT * short:
                seen.append(at)  # squarer than any card seen from the camera: part of one
                continue
            sides = outline_sides(frame, outline)
            if runs_off(outline, frame.shape, REACH * short, sides):
                seen.append(at)  # the picture's edge may cut it: what is beyond is unknown
                continue
            if sum(side >= SIDE_STANDS_OUT for side in sides) < MIN_EDGES:
                seen.append(at)  # no card's edge along most of its outline: a quad laid
                continue  # across a card, a part of one
            outlined = self._whole_card(quad.corners, found, hint) and \
                min(sides) >= SIDE_STANDS_OUT
            around = rectify_surround(frame, outline)
            white = paper_white(inner(around))
            balanced = balance(around, white)
            if quad.picture:
                card = self._read_picture(balanced, center, corners,
                                          beyond_frame(outline, frame.shape))
                (seen.backs if card.kind == "back" else seen).append(card)
                continue
            card = self.read(balanced, center, corners, beyond_frame(outline, frame.shape),
                             outlined)
            if card.kind == "fruit" and crossed(inner(balanced)):
                card = at  # another card's edge runs in across it (crossing.py): covered
            (seen.backs if card.kind == "back" else seen).append(card)
        for picture in self._pictures(frame, found, hint, work):
            (seen.backs if picture.kind == "back" else seen).append(picture)
        return seen

    def _whole_card(self, rough: np.ndarray, found: Found, hint: TableHint | None) -> bool:
        """Whether the finder's outline `rough` has the card size and shape that the
        frame's cards agree on (two at least; else the size learnt at this camera, or the
        table's hint). The edge of a hand over a card stands out like a card's own edge
        (the caller asks for that all round too), but leaves less than a card inside it."""
        typical = found.card_area if found.support >= WHOLE_SUPPORT else (
            self.card_area or (hint.card_px ** 2 if hint and hint.card_px else 0.0))
        area = abs(float(cv2.contourArea(np.asarray(rough, np.float32))))
        short, long_ = card_sides(rough)
        aspect = long_ / max(short, 1e-6)
        # with no size to go by (one card alone in a photo), its shape: what a hand
        # leaves of a card is squarer or longer, unless it hides no more than a sliver
        # (and then a fruit it cuts touches the outline, which the reader checks)
        return (not typical or abs(area / typical - 1) <= WHOLE_SIZE) \
            and abs(aspect / self.detect_opts.card_aspect - 1) <= WHOLE_SIZE

    def _pictures(self, frame: Image, found: Found, hint: TableHint | None,
                  work: FrameWork | None = None) -> list[SeenCard]:
        """The cards printed edge to edge (no paper for the finder to see) that the
        enrolment recognises: the family's animals, their deck's back. An outline the
        enrolment does not recognise is left out: it may be a box or a phone."""
        if self.enrolment is None or not any(
                c in ANIMALS or c == BACK for c in self.enrolment.codes):
            return []
        out = []
        for rough in picture_outlines(frame, found, self.detect_opts, hint, work):
            corners = refine(frame, rough)
            m = self._match(frame, corners)
            # found by its outline alone: it must be one enrolled picture and clearly
            # no other
            if m is not None and (m.code in ANIMALS or m.code == BACK) and \
                    m.score >= ANIMAL_SCORE and m.margin >= PICTURE_MARGIN:
                out.append(_card("back" if m.code == BACK else "animal",
                                 None if m.code == BACK else m.code, corners))
        return out

    def _by_nets(self, frame: Image, hint: TableHint | None) -> Seen:
        changed = hint.changed if hint is not None and hint.fits(frame.shape) else None
        found = finder_net.find(frame, changed=changed)
        seen = Seen(backs=[_card("back", None, q) for q in found.backs])
        clean = [q for q in found.cards if q.clean]
        if len(clean) >= 3:
            areas = sorted(_area(q.corners) for q in clean)
            typical = areas[len(areas) // 2]
            self.card_area = 0.8 * (self.card_area or typical) + 0.2 * typical
        typical_area = self.card_area or (hint.card_px ** 2 if hint and hint.card_px else None)
        readable = []
        for q in found.cards:
            rel = _area(q.corners) / typical_area if typical_area else 1.0
            if q.clean and 0.55 <= rel <= 1.8:
                readable.append(q)
            else:
                seen.append(_card("unknown", None, q.corners))
        if not readable:
            return seen
        crops = np.stack([reader_net.crop_card(frame, q.corners) for q in readable])
        for q, r in zip(readable, reader_net.read_crops(crops), strict=True):
            card = self._read_twice(frame, q.corners, r)
            if card is not None:
                (seen.backs if card.kind == "back" else seen).append(card)
        return seen

    def _read_twice(self, frame: Image, corners: np.ndarray,
                    r: reader_net.NetRead) -> SeenCard | None:
        """One found card read by the enrolment, else by both readers, the network and the
        hand-written one, taken only where they do not contradict each other (None: the
        network is sure it is no card and the hand-written reader finds none either)."""
        ordered = order_corners(np.asarray(corners, np.float32))
        around = rectify_surround(frame, ordered)
        balanced = balance(around, paper_white(inner(around)))
        at = _card("unknown", None, ordered)
        enrolled = self._enrolled(inner(balanced), at.center, at.corners)
        if enrolled is not None:
            return enrolled
        return agree(self._read_plain(balanced, at.center, at.corners),
                     self._from_net(frame, corners, r))

    def _from_net(self, frame: Image, corners: np.ndarray, r: reader_net.NetRead) -> SeenCard:
        if r.kind == "back" and r.confidence >= NET_SURE:
            return _card("back", None, corners)
        if r.kind == "animal" and r.confidence >= NET_SURE:
            return _card("animal", self._which_animal(frame, corners), corners)
        if r.kind == "fruit" and r.confidence >= NET_SURE and any(r.counts.values()):
            return _card("fruit", fruit_code(r.counts), corners, dict(r.counts))
        if r.kind == "junk" and r.confidence >= NET_SURE:
            return _card("junk", None, corners)
        return _card("unknown", None, corners)

    def _which_animal(self, frame: Image, corners: np.ndarray) -> str | None:
        """The enrolled animal this animal card is (None: not enrolled, or unsure)."""
        if self.enrolment is None or not self.enrolment.codes:
            return None
        m = self._match(frame, corners)
        if m is not None and m.code in ANIMALS and m.score >= ANIMAL_SCORE and \
                m.margin >= MATCH_MARGIN:
            return m.code
        return None

    def _match(self, frame: Image, corners: np.ndarray) -> Match | None:
        """The enrolled card the card inside `corners` looks most like (the enrolment is
        set): rectified, balanced to its own paper, described."""
        assert self.enrolment is not None
        around = rectify_surround(frame, corners)
        return self.enrolment.match(describe(inner(balance(around, paper_white(inner(around))))))

    def read(self, around: Image, center: tuple[float, float],
             corners: tuple[tuple[float, float], ...],
             unseen: Image | None = None, outlined: bool = False) -> SeenCard:
        """Read one card from its balanced `rectify_surround` image; `unseen` (a mask of
        the card window, `beyond_frame`) is the part of the card the frame cuts off;
        `outlined`: its outline stands out from the table on all four sides."""
        enrolled = self._enrolled(inner(around), center, corners)
        if enrolled is not None:
            return enrolled
        return self._read_plain(around, center, corners, unseen, outlined)

    def _read_picture(self, around: Image, center: tuple[float, float],
                      corners: tuple[tuple[float, float], ...],
                      unseen: Image | None) -> SeenCard:
        """A card the finder found as a picture printed edge to edge lying on a pile
        (`detect.Quad.picture`: no paper of its own, the card below's paper beside it):
        an animal (enrolled: which one), else unknown, never fruits. The card below's
        paper and fruits lie round it, so what runs onto it from outside is not asked."""
        enrolled = self._enrolled(inner(around), center, corners)
        if enrolled is not None and enrolled.kind == "animal":
            return enrolled
        reading = read_card(inner(around), None, SURROUND_OFFSET, self.classes,
                            self.fruit_opts, unseen, True)
        if reading.kind == "animal":
            return SeenCard("animal", None, center, corners)
        return SeenCard("unknown", None, center, corners)

    def _enrolled(self, card: Image, center: tuple[float, float],
                  corners: tuple[tuple[float, float], ...]) -> SeenCard | None:
        """The enrolled card this one is, when the match is clear (else None)."""
        if self.enrolment is None or not self.enrolment.codes:
            return None
        m = self.enrolment.match(describe(card))
        if m is None or m.margin < MATCH_MARGIN:
            return None
        if m.code in (*ANIMALS, BACK):
            if m.score < ANIMAL_SCORE:
                return None  # like a picture enrolled, not enough: the reader decides
            return SeenCard("back" if m.code == BACK else "animal",
                            None if m.code == BACK else m.code, center, corners)
        parsed = parse_code(m.code)
        if isinstance(parsed, dict) and m.score >= FRUIT_SCORE:
            return SeenCard("fruit", m.code, center, corners, parsed)
        return None

    def _read_plain(self, around: Image, center: tuple[float, float],
                    corners: tuple[tuple[float, float], ...],
                    unseen: Image | None = None, outlined: bool = False) -> SeenCard:
        """The hand-written reader's reading, with no enrolment."""
        card = inner(around)
        reading = read_card(card, around, SURROUND_OFFSET, self.classes, self.fruit_opts,
                            unseen, outlined)
        if reading.kind == "fruit" and reading.counts is not None:
            return SeenCard("fruit", fruit_code(reading.counts), center, corners,
                            dict(reading.counts))
        if reading.kind in ("animal", "back"):
            return SeenCard(reading.kind, None, center, corners)
        return SeenCard("unknown", None, center, corners)


def _not_under(frame: Image, seen: Seen) -> Seen:
    """A fruit card lying under another card found in the frame (overlap.py), or that may,
    is unknown: its reading may count the top card's fruits and miss the hidden ones."""
    cards = list(seen)
    under = underneath(frame, [np.asarray(c.corners) for c in cards + seen.backs])
    if not any(k in under and c.kind == "fruit" for k, c in enumerate(cards)):
        return seen
    return Seen([_card("unknown", None, np.asarray(c.corners))
                 if k in under and c.kind == "fruit" else c for k, c in enumerate(cards)],
                seen.backs)


def _area(q: np.ndarray) -> float:
    return abs(float(cv2.contourArea(np.asarray(q, np.float32))))


def _card(kind: str, code: str | None, corners: np.ndarray,
          fruits: dict[str, int] | None = None) -> SeenCard:
    c = np.asarray(corners, np.float64).reshape(4, 2)
    return SeenCard(kind, code, (float(c[:, 0].mean()), float(c[:, 1].mean())),
                    tuple((float(x), float(y)) for x, y in c), fruits)


def recognise(frame: Image, enrolment: Enrolment | None = None) -> Seen:
    """The cards in one frame (see Recogniser; a Recogniser kept for a camera also
    learns the cards' size)."""
    return Recogniser(enrolment)(frame)
