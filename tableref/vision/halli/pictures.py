"""Cards printed edge to edge: an animal picture with no paper border, a card back.

The paper test (`verify.evidence`) cannot see such a card: it shows no white. It is found
by its outline alone: a quad of the card's shape, of the size the table's paper cards
agree on (or that a fixed camera learnt), standing out from what lies round it on at
least three sides. The outline says nothing of what it is: a box, a phone or a
placemat's square has that shape too. So these outlines go to the reader, and only what
the enrolment recognises by its picture (the family's own animals, their deck's back) is
taken as a card (`recognise.Recogniser`). But for one case a fixed camera settles: such
a card lying on a pile of paper cards, the table and the cards' size known, is found by
the finder itself and read as an animal or nothing (`detect._pictures_on_piles`).
"""

from __future__ import annotations

import cv2
import numpy as np

from tableref.vision.halli.detect import (
    Cand,
    DetectOptions,
    Found,
    _at_border,
    _changed_enough,
    _grow,
    _iou_near,
    _overlaps,
    _propose,
    _propose_key,
    finding_work,
    order_corners,
    reduced,
)
from tableref.vision.halli.frame_work import FrameWork
from tableref.vision.halli.hint import TableHint
from tableref.vision.halli.paper import outlined
from tableref.vision.halli.verify import SIDE_STANDS_OUT, outline_sides

Image = np.ndarray
PICTURE_CHANGED = 0.5  # of a card printed edge to edge that differs from the empty table

SIZE = (0.5, 2.0)  # a picture's area against the cards' agreed area (as for paper cards)
MAX_PICTURES = 8  # outlines handed to the reader per frame, the most card-like first


def picture_outlines(frame: Image, found: Found, opts: DetectOptions | None = None,
                     hint: TableHint | None = None,
                     work: FrameWork | None = None) -> list[np.ndarray]:
    """Outlines (frame pixels, `order_corners` order) of card-shaped, card-sized quads
    that stand out from the table and are none of the cards `found` (nor on one). With
    no card size known (`found`, `hint`), none: the shape alone is too weak a clue.
    `work`: what the finder worked out on this frame (`detect_cards`, the same hint)."""
    opts = opts or DetectOptions()
    typical = found.card_area or (hint.card_px ** 2 if hint and hint.card_px else 0.0)
    if not typical:
        return []
    return _outlines(frame, opts, typical, [q.corners for q in found.quads], hint, work)


def card_pictures(image: Image, opts: DetectOptions | None = None) -> list[np.ndarray]:
    """The cards of an enrolment photo printed edge to edge, biggest first: card-shaped
    quads standing out from the cloth, not cut by the photo's edge, none on another, and
    at least half the biggest's size (smaller outlines are the picture's own parts, or
    clutter)."""
    found = sorted(_outlines(image, opts or DetectOptions(), None, [], None),
                   key=lambda q: abs(cv2.contourArea(q)), reverse=True)
    if not found:
        return []
    biggest = abs(cv2.contourArea(found[0]))
    return [q for q in found if abs(cv2.contourArea(q)) >= 0.5 * biggest]


def _outlines(frame: Image, opts: DetectOptions, typical: float | None,
              taken: list[np.ndarray], hint: TableHint | None,
              work: FrameWork | None = None) -> list[np.ndarray]:
    h, w = frame.shape[:2]
    sw, sh = max(int(w * opts.scale), 8), max(int(h * opts.scale), 8)
    work = work or FrameWork()
    small, changed, edges = reduced(frame, sw, sh, hint, work)
    found_work = finding_work(work, opts, sw, sh)
    scale = np.array([sw / w, sh / h], np.float32)
    to_small = float(scale[0] * scale[1])
    frame_area = float(sw * sh)
    cards = [np.asarray(q, np.float32) * scale for q in taken]
    ranked: list[tuple[float, np.ndarray]] = []
    for made_of, grow in (("outlined", 1.5), ("edges", -1.0)):

        def propose(made_of: str = made_of) -> tuple[list[Cand], list[Cand]]:
            mask = found_work.get("outlined", lambda: outlined(edges)) \
                if made_of == "outlined" else edges
            return _propose(mask, frame_area, opts, None, False), []

        cands, _ = found_work.get(_propose_key(made_of, False, False, None, False, None),
                                  propose)
        for quad, fill, aspect in cands:
            if fill < opts.min_fill or not opts.aspect[0] <= aspect <= opts.aspect[1]:
                continue
            q = order_corners(_grow(quad, grow))
            if _at_border(q, small.shape):
                continue
            if typical is not None and not (
                    SIZE[0] <= abs(cv2.contourArea(q)) / (typical * to_small) <= SIZE[1]):
                continue
            if changed is not None and not _changed_enough(changed, q, PICTURE_CHANGED):
                continue
            if any(_iou_near(q, k) or _overlaps(q, k) or _overlaps(k, q)
                   for k in cards + [r[1] for r in ranked]):
                continue
            sides = outline_sides(small, q)
            if sum(s >= SIDE_STANDS_OUT for s in sides) < 3:
                continue
            ranked.append((float(np.mean(sides)) + fill, q))
    ranked.sort(key=lambda r: r[0], reverse=True)
    return [((q + 0.5) / scale - 0.5).astype(np.float32) for _, q in ranked[:MAX_PICTURES]]
