"""Find the face-up cards in a frame, on any table: proposals, then each card's evidence.

Works on a reduced copy of the frame (a quarter of the width by default). Four masks
propose where card paper may be (vision/halli/paper.py: white paper, paper brighter than
its surroundings, regions closed by edges, the edges themselves); in each, a blob is a
candidate when its outline is a quad of card shape (touching cards split, a pile's top
card fitted into it, or outlined by its edges: vision/halli/pile_top.py). Every
candidate is then checked by its own evidence (vision/halli/verify.py: a white border
all round, paper, print, an outline), so no mask needs to know the table's colour. A
card-sized candidate with a bite out of it (a hand over it) is returned as not `clean`.
A `TableHint` from the fixed camera (where the frame differs from the empty table, the
cards' size) narrows the search when the daemon has one. With it, a card printed edge to
edge (an animal: no paper for the masks to see) lying on a pile is found too: a
rectangle of the cards' size outlined by edges of either polarity, no paper inside, the
lower card's paper beside it (`Quad.picture`, `_pictures_on_piles`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from functools import cache, lru_cache, partial

import cv2
import numpy as np

from tableref.vision.halli.fit import fitted_pieces
from tableref.vision.halli.frame_work import FrameWork, array_key
from tableref.vision.halli.hint import Reduced, TableHint, card_side, card_sides
from tableref.vision.halli.paper import (
    balanced,
    brighter_paper,
    edge_map,
    edge_strength,
    frame_white,
    light_table,
    not_table,
    outlined,
    unclipped_white,
    white_paper,
)
from tableref.vision.halli.pile_top import top_cards
from tableref.vision.halli.verify import (
    SIDE_STANDS_OUT,
    Evidence,
    evidence,
    outline_sides,
    own_white,
    paper_outside,
)

Image = np.ndarray


@dataclass(frozen=True)
class Quad:
    """A card outline in frame pixels, clockwise, corners[0]->corners[1] a short side."""

    corners: np.ndarray  # (4, 2) float32
    clean: bool  # the whole card is visible: safe to read
    top: bool = False  # a pile's top card, its sides on its own edges (not the pile's)
    picture: bool = False  # printed edge to edge (no paper), on a pile: read as an animal
    # or not at all (`_pictures_on_piles`)

    @property
    def center(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return (float(c[0]), float(c[1]))


@dataclass(frozen=True)
class DetectOptions:
    scale: float = 0.25  # detection works at this fraction of the frame size
    min_card: float = 0.0015  # smallest card, fraction of the frame's area (50 px wide)
    max_card: float = 0.3  # a close-up: one card half the frame
    card_aspect: float = 1.5  # the deck's cards: long side / short side
    aspect: tuple[float, float] = (1.15, 2.0)  # long / short side (2:3 cards, tilted)
    min_fill: float = 0.75  # blob's hull area / quad area for a clean card
    white_floor: float = 0.5  # card pixels are at least this fraction of the frame's white
    max_chroma: float = 0.3  # (max - min) / max of a card pixel after white balance
    size_tolerance: float = 0.12  # cards' sides agree within this (area within twice)
    close: int = 7  # closing kernel at detection scale, pixels
    fine_side: float = 20.0  # cards smaller than this at `scale` (pixels, the square root
    # of a card's area) are looked for at `fine_scale`
    fine_scale: float = 0.5


def shrink(frame: Image, w: int, h: int) -> Image:
    """The frame reduced to w x h, averaging: halvings by bilinear 2x2 means (fast), then area."""
    img = frame
    while img.shape[1] >= 2 * w and img.shape[0] >= 2 * h:
        img = cv2.resize(img, (img.shape[1] // 2, img.shape[0] // 2),
                         interpolation=cv2.INTER_LINEAR)
    if img.shape[1] != w or img.shape[0] != h:
        img = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
    return np.asarray(img)


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Clockwise (image coords), starting so that the first side is a short one."""
    # the same operations as quad.mean(axis=0) (a sum over the corners, over 4 exactly),
    # np.argsort and np.linalg.norm (sqrt of a vector's dot with itself) do, without their
    # wrappers: the finder orders many quads
    c = np.add.reduce(quad, axis=0) / 4
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    q: np.ndarray = quad[ang.argsort()]
    a, b = (q[1] - q[0]).ravel(), (q[2] - q[1]).ravel()
    if np.sqrt(a.dot(a)) > np.sqrt(b.dot(b)):
        q = q[[1, 2, 3, 0]]
    return q.astype(np.float32)


def _candidate(cnt: np.ndarray, frame_area: float,
               opts: DetectOptions) -> tuple[np.ndarray, float, float] | None:
    """(quad, hull fill, aspect) of a blob that could be a card, else None.

    Round blobs (the bell and its highlights) are never cards. The answer depends on the
    outline's points alone: an outline met before (another mask of the frame, the still
    table of the frame before) is answered as it was (its quad read-only)."""
    return _known_candidate(cnt.tobytes(), cnt.shape, cnt.dtype.str,
                            frame_area, opts)


@lru_cache(maxsize=2048)
def _known_candidate(points: bytes, shape: tuple[int, ...], dtype: str, frame_area: float,
                     opts: DetectOptions) -> tuple[np.ndarray, float, float] | None:
    found = _candidate_of(np.frombuffer(points, dtype).reshape(shape), frame_area, opts)
    if found is not None:
        found[0].setflags(write=False)
    return found


def _candidate_of(cnt: np.ndarray, frame_area: float,
                  opts: DetectOptions) -> tuple[np.ndarray, float, float] | None:
    """`_candidate`, worked out."""
    area = cv2.contourArea(cnt)
    if area < 0.4 * opts.min_card * frame_area:
        return None
    rect = cv2.boxPoints(cv2.minAreaRect(cnt)).astype(np.float32)
    rarea = abs(cv2.contourArea(rect))
    if not opts.min_card * frame_area <= rarea <= opts.max_card * frame_area:
        return None
    hull = cv2.convexHull(cnt)
    harea = cv2.contourArea(hull)
    quad = rect
    perimeter = cv2.arcLength(hull, True)
    approx = cv2.approxPolyDP(hull, 0.04 * perimeter, True)
    if len(approx) == 4 and cv2.isContourConvex(approx):
        q = approx.reshape(4, 2).astype(np.float32)
        if abs(cv2.contourArea(q)) >= 0.93 * rarea:  # a clean outline: follows perspective
            quad = q
    quad = order_corners(quad)
    short, long_ = card_sides(quad)
    aspect = long_ / max(short, 1e-6)
    roundness = 4 * np.pi * harea / max(perimeter ** 2, 1e-6)
    if roundness > 0.93 or (aspect < opts.aspect[0] and roundness > 0.9):
        return None  # round: the bell (0.92 and up; a card, bitten by fruits, or a pile
        # with a lower card askew, is at most 0.89)
    return quad, harea / max(rarea, 1e-6), aspect


def _consensus(areas: list[float], likeness: list[float],
               tolerance: float) -> tuple[float, int]:
    """The card area most blobs agree on (all cards of a deck are the same size).

    A card half covered by a hand looks like a smaller card, a pile (the edges of its
    lower cards) like a bigger one: an area is supported by the outlines that are that
    card alone or on a pile. On a tie the most card-like outline wins.
    """
    if not areas:
        return 0.0, 0

    def agrees(b: float, a: float) -> bool:
        return 1 - tolerance <= b / a <= 1 + 4 * tolerance

    support = [sum(agrees(b, a) for b in areas) for a in areas]
    best = max(range(len(areas)), key=lambda i: (support[i], likeness[i]))
    near = [b for b in areas if abs(b / areas[best] - 1) <= tolerance]
    return float(np.median(near)), support[best]


def _split(mask: Image, cnt: np.ndarray, typical: float,
           keep: Callable[[np.ndarray], bool]) -> list[np.ndarray]:
    """Contours of the cards in a blob of touching cards: erode until it falls apart.

    Of the erosions that split it, the one giving most pieces that `keep` accepts wins.
    """
    x, y, bw, bh = cv2.boundingRect(cnt)
    roi = np.zeros((bh + 2, bw + 2), np.uint8)
    cv2.drawContours(roi, [cnt], -1, 255, -1, offset=(1 - x, 1 - y))
    roi &= np.pad(mask[y:y + bh, x:x + bw], 1)
    kernel = np.ones((3, 3), np.uint8)
    best: list[np.ndarray] = []
    for steps in range(1, 9):
        core = cv2.erode(roi, kernel, iterations=steps)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(core)
        big = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 0.12 * typical]
        if len(big) >= 2:
            grown_all = [cv2.bitwise_and(cv2.dilate((labels == i).astype(np.uint8) * 255, kernel,
                                                    iterations=steps), roi) for i in big]
            pieces: list[np.ndarray] = []
            for k, grown in enumerate(grown_all):
                for j, other in enumerate(grown_all):
                    if j != k:
                        grown = cv2.bitwise_and(grown, cv2.bitwise_not(other))  # the seam: neither
                cs, _ = cv2.findContours(grown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE,
                                         offset=(x - 1, y - 1))
                pieces.extend(cs)
            kept = [p for p in pieces if keep(p)]
            if len(kept) > len(best):
                best = kept
        elif len(big) < 1:
            break
    return best


def _rest(mask: Image, cnt: np.ndarray, quads: list[np.ndarray]) -> list[np.ndarray]:
    """Contours of the blob `cnt` with the given card quads (and a pixel round) cut out."""
    x, y, bw, bh = cv2.boundingRect(cnt)
    roi = np.zeros((bh + 2, bw + 2), np.uint8)
    cv2.drawContours(roi, [cnt], -1, 255, -1, offset=(1 - x, 1 - y))
    roi &= np.pad(mask[y:y + bh, x:x + bw], 1)
    for q in quads:
        pts = np.round(q - [x - 1, y - 1]).astype(np.int32)
        cv2.fillConvexPoly(roi, pts, 0)
        cv2.polylines(roi, [pts], True, 0, 3)
    opened = cv2.morphologyEx(roi, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    cs, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE,
                             offset=(x - 1, y - 1))
    return list(cs)


Blob = tuple[np.ndarray, "tuple[np.ndarray, float, float] | None"]


def _join_halves(blobs: list[Blob], frame_area: float, opts: DetectOptions, typical: float,
                 card_like: Callable[[tuple[np.ndarray, float, float]], bool]) -> list[Blob]:
    """Join two pieces of one card that a row of fruits cut apart."""
    if not typical:
        return blobs
    pieces = [i for i, (cnt, cand) in enumerate(blobs)
              if not (cand and card_like(cand)) and cv2.contourArea(cnt) >= 0.12 * typical]
    gap = 0.25 * float(np.sqrt(typical))
    boxes = {i: cv2.boundingRect(blobs[i][0]) for i in pieces}
    used: set[int] = set()
    out: list[Blob] = []
    for a in pieces:
        for b in pieces:
            if b <= a or a in used or b in used:
                continue
            ax, ay, aw, ah = boxes[a]
            bx, by, bw, bh = boxes[b]
            if bx > ax + aw + gap or ax > bx + bw + gap or by > ay + ah + gap or ay > by + bh + gap:
                continue
            joined = np.vstack([blobs[a][0], blobs[b][0]])
            cand = _candidate(cv2.convexHull(joined), frame_area, opts)
            if cand and card_like(cand):
                used |= {a, b}
                out.append((cv2.convexHull(joined), cand))
    return [blob for i, blob in enumerate(blobs) if i not in used] + out


@dataclass(frozen=True)
class Found:
    quads: list[Quad]
    card_area: float  # the cards' area in frame pixels this frame agreed on (0: none)
    support: int  # how many outlines agreed on it


Cand = tuple[np.ndarray, float, float]  # quad (detection pixels), hull fill, aspect


def find_cards(frame: Image, opts: DetectOptions | None = None,
               card_area: float | None = None, hint: TableHint | None = None) -> list[Quad]:
    """Card outlines in the frame, clean ones and hand-covered ones (not clean)."""
    return detect_cards(frame, opts, card_area, hint).quads


PILE = (1.15, 3.5)  # a blob this many cards big may be a pile with its lower cards askew
# a pile whose lower cards peek out a few pixels only: a blob of about a card's paper
# (the slivers of the lower cards lost in the shrinking) whose outline's rectangle is a
# pile's (they stick out)
PILE_LEAST = 0.95
PILE_SUPPORT = 2  # outlines that agree on the cards' size, for a top card fitted at it
PileFit = Callable[[np.ndarray, float, bool], list[np.ndarray]]  # (blob, card area,
# lenient: the size is the one known, pile_top.top_cards) -> top quads


def _propose(mask: Image, frame_area: float, opts: DetectOptions,
             known: float | None, split: bool = True, force: bool = False,
             pile: PileFit | None = None, tops: list[Cand] | None = None,
             nested: bool = False) -> list[Cand]:
    """Card-shaped candidates among the blobs of one mask (detection pixels).

    `known` is the cards' area when known (detection pixels), used when fewer than three
    outlines of this mask agree on a size (always, with `force`). `split`: fit cards
    into blobs bigger than one (touching cards, piles askew); not for regions between
    edges, where the table itself is a blob. `pile`: the top cards a blob a little bigger
    than a card may hold, outlined by edges (pile_top.py); they go to `tops`, to be taken
    only as whole cards. `nested`: a region lying in a hole of another is a blob too.
    """
    contours = _regions(mask) if nested else cv2.findContours(
        mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
    lo = 0.4 * opts.min_card * frame_area
    contours = [c for c in contours if cv2.contourArea(c) >= lo]

    def shaped(fill: float, aspect: float) -> bool:
        return fill >= opts.min_fill and opts.aspect[0] <= aspect <= opts.aspect[1]

    blobs = [(cnt, _candidate(cnt, frame_area, opts)) for cnt in contours]
    if not split:
        return [c for _, c in blobs if c]
    good = [c for _, c in blobs if c and shaped(c[1], c[2])]
    likeness = [c[1] - abs(c[2] - opts.card_aspect) for c in good]
    typical, support = _consensus([abs(cv2.contourArea(c[0])) for c in good], likeness,
                                  opts.size_tolerance)
    if known and (support < 3 or force):
        typical = known
    # a pile's top card is fitted at the size agreed on: by two outlines at least, or
    # known from earlier frames (one outline may be a card near the camera, or a part)
    sure_size = bool(typical) and (support >= PILE_SUPPORT or typical == known)
    # piles askew alike agree on their own size, bigger than a card's: the size known
    # from earlier frames is tried too
    pile_sizes = [typical] if sure_size else []
    if known and known not in pile_sizes and (
            not typical or abs(known / typical - 1) > opts.size_tolerance):
        pile_sizes.append(known)
    tol = opts.size_tolerance

    def card_like(c: Cand) -> bool:
        rel = abs(cv2.contourArea(c[0])) / typical if typical else 1.0
        # a pile's lower cards can make the outline a little bigger, never smaller
        return shaped(c[1], c[2]) and 1 - 2 * tol <= rel <= 1 + 4 * tol

    def keep(piece: np.ndarray) -> bool:
        c = _candidate(piece, frame_area, opts)
        return c is not None and card_like(c)

    blobs = _join_halves(blobs, frame_area, opts, typical, card_like)
    found: list[Cand] = []
    for cnt, cand in blobs:
        blob_area = cv2.contourArea(cnt)
        for size in pile_sizes:
            # a pile's lower cards stick out round its top card. A tight pile's blob
            # fills the rectangle round it as a card alone does; a card near the camera
            # (bigger than the size) or cards side by side show no top card's outline
            # inside them (pile_top.py asks for edges all round, and none across the
            # middle), so every blob of a pile's size is tried
            if pile is not None and tops is not None and _pile_sized(cnt, blob_area, size):
                tops.extend(c for c in (_candidate(q.reshape(-1, 1, 2), frame_area, opts)
                                        for q in pile(cnt, size, size == known)) if c)
        big = blob_area > 1.15 * typical or (
            cv2.contourArea(cv2.convexHull(cnt)) > 1.3 * typical)  # fruits bite into cards
        if typical and big and not (cand and card_like(cand)):
            # touching cards: keep the split when it yields a whole card; a card-shaped
            # blob is one card when the size agreed on is off (half a card a hand left),
            # a pile, or two cards side by side: do not fit cards into it
            fits = [] if cand and shaped(cand[1], cand[2]) else fitted_pieces(cnt, typical, keep)
            kept = [c for c in (_candidate(p, frame_area, opts) for p in fits)
                    if c and card_like(c)]
            if not kept:
                kept = [c for c in (_candidate(p, frame_area, opts)
                                    for p in _split(mask, cnt, typical, keep)) if c]
            if kept:
                found.extend(kept)
                # what is left of the blob once those cards are taken out: the others
                for piece in _rest(mask, cnt, [c[0] for c in kept]):
                    c = _candidate(piece, frame_area, opts)
                    if c is not None and card_like(c):
                        found.append(c)
                if cand:
                    found.append(cand)  # the blob itself may yet be one card (checked later)
                continue
        if typical and cand and not shaped(cand[1], cand[2]) and (
                cv2.contourArea(cv2.convexHull(cnt)) >= 0.85 * typical):
            # a pile whose lower cards lie askew round the top card: fit the top card
            top = [c for c in (_candidate(p, frame_area, opts)
                               for p in fitted_pieces(cnt, typical, keep, 1, 0.5))
                   if c and card_like(c)]
            if top:
                found.append(top[0])
        if cand:
            found.append(cand)
    return found


def _pile_sized(cnt: np.ndarray, blob_area: float, size: float) -> bool:
    """Whether a blob (`cnt`, of area `blob_area`) may be a pile of cards of area `size`:
    PILE cards of paper, or at least PILE_LEAST of a card whose outline's rectangle is a
    pile's (the lower cards' slivers stick out as corners)."""
    if blob_area > PILE[1] * size:
        return False
    if blob_area > PILE[0] * size:
        return True
    if blob_area < PILE_LEAST * size:
        return False
    (_, _), (rw, rh), _ = cv2.minAreaRect(cnt)
    return bool(rw * rh > PILE[0] * size)


def _regions(mask: Image) -> list[np.ndarray]:
    """The outer outline of every region of a mask, a region lying in another's hole
    included: a card's face closed by its outline lies in a hole of the table's region
    (only the outermost regions would leave out every card on a plain table)."""
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if not len(contours):
        return []
    return [c for c, h in zip(contours, hierarchy[0], strict=True) if h[3] < 0]


def _grow(quad: np.ndarray, px: float) -> np.ndarray:
    """The quad moved outwards by px on every side (a region inside an edge line)."""
    if px == 0:
        return quad
    c = quad.mean(axis=0)
    u = quad[1] - quad[0]
    v = quad[2] - quad[1]
    u, v = u / max(float(np.linalg.norm(u)), 1e-6), v / max(float(np.linalg.norm(v)), 1e-6)
    out = []
    for q in quad:
        d = q - c
        out.append(q + px * (np.sign(d @ u) * u + np.sign(d @ v) * v))
    return np.asarray(out, np.float32)


def _iou_near(a: np.ndarray, b: np.ndarray) -> bool:
    """Two outlines of the same card: centres within a third of the smaller's short side
    and areas within a factor of 1.6."""
    sa, sb = card_sides(a)[0], card_sides(b)[0]
    ca, cb = a.mean(axis=0), b.mean(axis=0)
    aa, ab = abs(cv2.contourArea(a)), abs(cv2.contourArea(b))
    return bool(np.linalg.norm(ca - cb) < 0.35 * min(sa, sb)
                and max(aa, ab) <= 1.6 * max(min(aa, ab), 1e-6))


def _at_border(q: np.ndarray, shape: tuple[int, ...]) -> bool:
    """A side of the quad lies on the frame's edge: cut by it (two corners on it)."""
    h, w = shape[:2]
    on = (q[:, 0] < 1) | (q[:, 1] < 1) | (q[:, 0] > w - 2) | (q[:, 1] > h - 2)
    return int(on.sum()) >= 2


def _overlaps(a: np.ndarray, b: np.ndarray) -> bool:
    """A quarter of `a` lies on `b`: a pile's lower card, or a piece of `b` itself."""
    pa, pb = _convex(a), _convex(b)
    inter, _ = cv2.intersectConvexConvex(pa, pb)
    return float(inter) > 0.25 * abs(float(cv2.contourArea(pa)))


def _convex(q: np.ndarray) -> np.ndarray:
    p = q.astype(np.float32)
    return p if cv2.contourArea(p, oriented=True) > 0 else p[::-1].copy()


def _changed_small(hint: TableHint | None, sw: int, sh: int,
                   given: Reduced | None = None) -> Image | None:
    if hint is None or hint.changed is None:
        return None
    if given is not None and given.changed is not None and \
            given.changed.shape == (sh, sw) and _times(hint.changed.shape, (sh, sw)):
        # the hint's mask is this one with each pixel made a k x k block: each block's
        # mean (INTER_AREA, a whole factor k) is the pixel
        return given.changed
    return np.asarray(cv2.resize(hint.changed, (sw, sh), interpolation=cv2.INTER_AREA))


def _times(big: tuple[int, ...], small: tuple[int, int]) -> bool:
    """Whether `big` (H, W) is `small` (h, w) times a whole factor."""
    k = big[0] // small[0]
    return k >= 1 and tuple(big[:2]) == (k * small[0], k * small[1])


def _card_sized(quad: np.ndarray, known: float, opts: DetectOptions) -> bool:
    """Whether the quad's area is the known card's, within the size tolerance."""
    rel = abs(cv2.contourArea(quad)) / known
    return (1 - opts.size_tolerance) ** 2 <= rel <= (1 + opts.size_tolerance) ** 2


def _hulls(changed: Image, known: float) -> Image:
    """Each region of the changed mask (detection pixels) filled to its convex hull;
    regions much smaller than a card (`known`, its area) left out."""
    binary = (changed > 127).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary)
    out = np.zeros_like(binary)
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < 0.25 * known:
            continue
        hull = cv2.convexHull(cv2.findNonZero((labels == i).astype(np.uint8)))
        (cx, cy), (w, h), angle = cv2.minAreaRect(hull)
        area = w * h
        if known < area <= HULL_MARGIN * known:
            # the change reaches a little beyond the card (its shadow, the model's coarser
            # pixels): the card is the rectangle of its known size inside
            d = (w + h - np.sqrt((w + h) ** 2 - 4 * (area - known))) / 4
            box = cv2.boxPoints(((cx, cy), (w - 2 * d, h - 2 * d), angle))
            cv2.fillConvexPoly(out, np.round(box).astype(np.int32), 255)
        else:  # a card, or more (two cards touching: `PAIR_AREA` tells them apart)
            cv2.fillConvexPoly(out, hull, 255)
    return out


MOST_AREA = 2.0  # the cards' area at most: a nearer card is bigger, never this much
LEAST_AREA = 0.45  # ... at least, a card partly covered (by a hand, the bell)
PAIR_AREA = 1.7  # cards' area: an outline this big may be two cards side by side
HULL_MARGIN = 1.6  # a changed region up to this many cards' area round a card is that card
HULL_SIDES = 3  # ... when this many of its sides stand out as a card's edges: a rectangle
# placed by the change alone (a pile askew, a hand) does not lie on a card's edges


CHANGED_PRINT = 0.02  # of a paper card that differs from the empty table, at least: its
# print (one small fruit is a few hundredths of a card); its white paper may not differ
# from a pale table in warm light. A quad of the table itself does not differ at all


def _changed_enough(changed: Image, quad: np.ndarray, share: float = CHANGED_PRINT) -> bool:
    """At least `share` of the quad differs from the empty table (a card is what the
    table is not): a card printed on white paper, at least its print."""
    mask = np.zeros(changed.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
    area = int(mask.sum())
    return area > 0 and float(changed[mask > 0].mean()) >= share * 255


Proposal = tuple[np.ndarray, float, float, Evidence]  # quad, fill, aspect, evidence
CLEAR_BAND = 0.9  # a card's border band this much paper: a clear card, to agree a size on


def _holds_top(q: np.ndarray, tops: list[np.ndarray]) -> bool:
    """Whether the outline `q` is a pile's round one of the top cards `tops`: bigger than
    one (PILE's least) and holding nearly all of it."""
    area = abs(float(cv2.contourArea(np.asarray(q, np.float32))))
    for t in tops:
        t_area = abs(float(cv2.contourArea(np.asarray(t, np.float32))))
        if area >= PILE[0] * t_area and _inside_share(t, q) >= 0.9:
            return True
    return False


def _inside_share(a: np.ndarray, b: np.ndarray) -> float:
    """The share of convex quad `a`'s area that lies inside convex quad `b`."""
    inter, _ = cv2.intersectConvexConvex(np.asarray(a, np.float32), np.asarray(b, np.float32))
    return float(inter) / max(abs(float(cv2.contourArea(np.asarray(a, np.float32)))), 1e-6)


def _whole(p: Proposal, opts: DetectOptions) -> bool:
    return p[3].face_up() and p[1] >= opts.min_fill and opts.aspect[0] <= p[2] <= opts.aspect[1]


def _pile_fitter(small: Image, aspect: float,
                 fine: Callable[[], Image] | None = None, either: bool = False) -> PileFit:
    """The top cards of a pile blob (a contour in `small`'s pixels), outlined by the
    frame's own edges. The frame's grey and edge strength are taken at the first pile:
    most frames have none. `fine`: the frame twice as fine (`small`'s size doubled), where
    the edges are looked for when there is one: a pile's lower cards peek out a pixel or
    two at `small`'s scale, and the top card's edge along them is lost in the blur of the
    shrinking; at twice the scale it stands apart (measured: a tight pile of a game whose
    top card was never read at the finding scale is outlined at twice it). `either`: the
    card's sides may be darker than what lies outside them (pile_top.top_cards)."""
    k = 1 if fine is None else 2  # `fine` is `small` at twice its size
    frame: list[tuple[Image, float]] = []
    fitted: dict[tuple[bytes, float, bool], list[np.ndarray]] = {}  # the paper masks share blobs

    def fit(cnt: np.ndarray, card_area: float, lenient: bool) -> list[np.ndarray]:
        key = (np.ascontiguousarray(cnt, np.int32).tobytes(), card_area, lenient)
        if key not in fitted:
            fitted[key] = fit_anew(cnt, card_area, lenient)
        return fitted[key]

    def fit_anew(cnt: np.ndarray, card_area: float, lenient: bool) -> list[np.ndarray]:
        if not frame:
            g = cv2.cvtColor(small if fine is None else fine(), cv2.COLOR_BGR2GRAY)
            frame.append((g, edge_strength(cv2.Sobel(g, cv2.CV_16S, 1, 0),
                                           cv2.Sobel(g, cv2.CV_16S, 0, 1))))
        grey, strong = frame[0]
        at = np.round((cnt.astype(np.float32) + 0.5) * k - 0.5).astype(np.int32)
        x, y, bw, bh = cv2.boundingRect(at)
        x0, y0 = max(x - 3 * k, 0), max(y - 3 * k, 0)
        x1, y1 = min(x + bw + 3 * k, grey.shape[1]), min(y + bh + 3 * k, grey.shape[0])
        blob = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.drawContours(blob, [at], -1, 255, -1, offset=(-x0, -y0))
        return [(q + np.array([x0, y0], np.float32) + 0.5) / k - 0.5
                for q in top_cards(grey[y0:y1, x0:x1], blob, card_area * k * k, strong,
                                   aspect, either, lenient)]
    return fit


def _verified(small: Image, white: np.ndarray, edges: Image, frame_area: float,
              opts: DetectOptions, known: float | None, changed: Image | None,
              force: bool = False, pile: PileFit | None = None,
              nested: bool = False, fine: Callable[[], Image] | None = None,
              hulls: Image | None = None, work: FrameWork | None = None) -> list[Proposal]:
    """The candidates of the three masks, with the frame balanced to `white`, that the
    evidence calls cards; one per card (the best evidence), none on another card.
    `nested`: the regions closed by edges that lie inside another's hole are proposed too
    (a plain table's region holds every card's face in its holes). `fine`: a copy of the
    frame twice as fine, made when first asked for (most frames never need it). `hulls`:
    the changed regions' hulls (`_hulls`), proposed alone. `work`: what earlier looks at
    this frame (this `small`, `edges`, `changed`, `fine`, `pile`) worked out."""
    work = work or FrameWork()
    wk = ("white", array_key(np.asarray(white)))
    bal = work.get(("bal", wk), lambda: balanced(small, white))
    finer = None if fine is None else cache(
        lambda: work.get(("finer", wk), lambda: balanced(fine(), white)))
    proposals: list[Proposal] = []
    # (mask, how far its outlines lie outside a card, whether to fit cards into its
    # blobs, the sides of a card that must stand out from what lies round it, whether
    # its regions in another's hole are blobs too, and what it is made from: the key of
    # its proposals)
    masks: list[tuple[Callable[[], Image], float, bool, int, bool, Hashable]] = [
        (lambda: work.get(("white_paper", wk), lambda: white_paper(bal, opts.close)),
         0.0, True, 0, False, ("white_paper", wk)),
        (lambda: work.get(("brighter_paper", wk), lambda: brighter_paper(bal, opts.close)),
         0.0, True, 0, False, ("brighter_paper", wk)),
        (lambda: work.get("outlined", lambda: outlined(edges)), 1.5, False, 0, nested,
         "outlined"),
        (lambda: edges, -1.0, False, 0, False, "edges"),
        # what is not the table may be a card's part cut off by a hand, the bell or
        # a row of fruits: its every side must be the card's own edge
        (lambda: work.get(("not_table", wk), lambda: not_table(bal, opts.close)),
         0.0, False, 4, False, ("not_table", wk))]
    if hulls is not None:
        masks = [(lambda: hulls, 0.0, False, HULL_SIDES, False, None)]
    if force:
        masks = masks[:2]  # fitting cards of a known size: into the paper's blobs
    seen: set[tuple[int, ...]] = set()
    for make_mask, grow, split, edged, holes, made_of in masks:

        def propose(make_mask: Callable[[], Image] = make_mask, split: bool = split,
                    holes: bool = holes) -> tuple[list[Cand], list[Cand]]:
            tops: list[Cand] = []  # a pile's top card: taken only as a whole card
            cands = _propose(make_mask(), frame_area, opts, known, split, force,
                             pile if split else None, tops, holes)
            return cands, tops

        cands, tops = propose() if made_of is None else work.get(
            _propose_key(made_of, holes, split, known, force, pile), propose)
        for (quad, fill, aspect), top in [(c, False) for c in cands] + [(c, True) for c in tops]:
            if fill < 0.6 or not 1.1 <= aspect <= 2.6:
                continue  # not a card's shape, whole or under a hand
            # an edge piece's outline lies a pixel or two outside the card (the edge's
            # width, the card's shadow): try the outline at those depths
            best: Proposal | None = None
            for g in ((-2.0, -1.0, 0.0) if grow < 0 else (grow,)):
                q = order_corners(_grow(quad, g))
                key = tuple(np.round(q).astype(int).ravel().tolist())
                if key in seen:
                    continue  # the same outline from another mask: judged already
                seen.add(key)
                if _at_border(q, small.shape):
                    break  # cut by the frame's edge: not a whole card, its outline unknown
                qk = array_key(q)
                if changed is not None and not work.get(
                        ("changed_enough", qk), partial(_changed_enough, changed, q)):
                    break
                ev = work.get(("evidence", wk, qk), partial(evidence, bal, q))
                if finer is not None and not ev.face_up() and ev.outlined_all_round():
                    # outlined all round, its paper short at this scale: a card 20-odd
                    # pixels wide has a border band a pixel or two deep, mixed with the
                    # table on one side and its fruits on the other. Weighed again on a
                    # copy twice as fine, the better measure of it
                    ev = work.get(("finer_evidence", wk, qk), partial(_finer_evidence, finer, q))
                if ev.sides < edged or (top and not ev.face_up()):
                    continue
                if (ev.face_up() or ev.covered_card()) and (
                        best is None or (ev.face_up(), ev.score) > (best[3].face_up(),
                                                                    best[3].score)):
                    best = (q, fill, aspect, replace(ev, pile_top=top))
            if best is not None:
                proposals.append(best)

    tops_fitted = [p[0] for p in proposals if p[3].pile_top and _whole(p, opts)]

    def rank(p: Proposal) -> tuple[bool, bool, bool, bool, float]:
        # a pile's outline gives way to the whole top card fitted in it: the lower cards
        # peeking out round it make the outline's paper as good as the card's own, and
        # what they show of their fruits is no part of the top card
        # evidence weighed on the finer copy scores higher than at the finding scale: it
        # gives way to any outline of the same place that passed there (a part of a card
        # cut off along a row of fruits passes more easily on the finer copy)
        return (_whole(p, opts), p[3].face_up(), not _holds_top(p[0], tops_fitted),
                not p[3].finer, p[3].score)

    proposals.sort(key=rank, reverse=True)
    kept: list[Proposal] = []
    for p in proposals:
        if not any(_iou_near(p[0], k[0]) or _overlaps(p[0], k[0]) for k in kept):
            kept.append(p)
    return kept


def _finer_evidence(finer: Callable[[], Image], q: np.ndarray) -> Evidence:
    """The evidence of the quad `q` (finding pixels) on the copy twice as fine."""
    return replace(evidence(finer(), (q + 0.5) * 2 - 0.5), finer=True)


def reduced(frame: Image, sw: int, sh: int, hint: TableHint | None,
            work: FrameWork) -> tuple[Image, Image | None, Image]:
    """The frame reduced to sw x sh, the hint's changed mask at that size (None: none, or
    not of this frame's size) and the reduced frame's edges, kept in `work`."""
    # the table's model reduced this very frame already (the same `shrink`)
    given = hint.reduced if hint is not None and hint.reduced is not None and \
        hint.reduced.frame is frame else None
    small = work.get(("small", sw, sh), lambda: given.small
                     if given is not None and given.small.shape[:2] == (sh, sw)
                     else shrink(frame, sw, sh))
    changed = work.get(("changed", sw, sh), lambda: _changed_small(hint, sw, sh, given)
                       if hint is not None and hint.fits(frame.shape) else None)
    edges = work.get(("edges", sw, sh), lambda: edge_map(small))
    return small, changed, edges


def finding_work(work: FrameWork, opts: DetectOptions, sw: int, sh: int) -> FrameWork:
    """The part of `work` done finding cards at one scale (`opts`, the frame reduced to
    sw x sh): its masks, their outlines proposed, their evidence."""
    return work.get(("finding", opts, sw, sh), FrameWork)


def _propose_key(made_of: Hashable, nested: bool, split: bool, known: float | None,
                 force: bool, pile: PileFit | None) -> Hashable:
    """The key of a mask's proposals in a `FrameWork`: a mask not split returns its
    blobs' candidates before `known`, `force` or `pile` is looked at."""
    return ("propose", made_of, nested) + ((known, force, pile is None) if split else ())


def _explains_more(kept: list[Proposal], again: list[Proposal], opts: DetectOptions) -> bool:
    """Another look finds more whole cards, and every whole card the first found."""
    before = [p[0] for p in kept if _whole(p, opts)]
    after = [p[0] for p in again if _whole(p, opts)]
    return len(after) > len(before) and all(any(_iou_near(b, a) for a in after)
                                            for b in before)


def _lamp_like(white: np.ndarray) -> bool:
    """Could white paper look this colour under some lamp (2500-7500 K, whatever the
    camera's balance)? Such light runs from orange to bluish: green midway between blue
    and red, and never far from grey."""
    b, g, r = (float(v) for v in white / max(float(white.max()), 1e-6))
    if min(b, g, r) < 0.35:
        return False
    lo, hi = min(b, r), max(b, r)
    return lo - 0.06 <= g <= hi + 0.06


def _card_white(small: Image, edges: Image, frame_area: float,
                opts: DetectOptions, work: FrameWork | None = None) -> np.ndarray | None:
    """The light's colour as the most card-like region closed by edges shows it: each
    card-shaped region judged balanced to its own brightest pixels."""
    work = work or FrameWork()
    best: tuple[float, np.ndarray] | None = None
    bright = float(np.percentile(np.maximum(np.maximum(small[..., 0], small[..., 1]),
                                            small[..., 2]), 98))  # small.max(axis=2), fast
    regions, _ = work.get(_propose_key("outlined", False, False, None, False, None), lambda: (
        _propose(work.get("outlined", lambda: outlined(edges)), frame_area, opts, None,
                 False), []))
    lines, _ = work.get(_propose_key("edges", False, False, None, False, None), lambda: (
        _propose(edges, frame_area, opts, None, False), []))
    shapes = [(q, 1.5) for q, f, a in regions
              if f >= opts.min_fill and opts.aspect[0] <= a <= opts.aspect[1]]
    shapes += [(q, g) for q, f, a in lines
               if f >= opts.min_fill and opts.aspect[0] <= a <= opts.aspect[1]
               for g in (-2.0, -1.0)]
    for quad, grow in shapes:
        q = order_corners(_grow(quad, grow))
        if _at_border(q, small.shape):
            continue
        white = own_white(small, q)
        if float(white.min()) < 20 or float(white.max()) < 0.6 * bright:
            continue  # too dark to be paper in any light, or in this frame's
        if not _lamp_like(white):
            continue  # no lamp gives paper this colour: a cloth, a toy
        x, y, bw, bh = cv2.boundingRect(np.round(q).astype(np.int32))
        x0, y0 = max(x - 4, 0), max(y - 4, 0)
        roi = small[y0:y + bh + 4, x0:x + bw + 4]
        ev = evidence(balanced(roi, white), q - np.array([x0, y0], np.float32))
        if ev.face_up() and (best is None or ev.score > best[0]):
            best = (ev.score, white)
    return None if best is None else best[1]


def detect_cards(frame: Image, opts: DetectOptions | None = None,
                 card_area: float | None = None, hint: TableHint | None = None,
                 work: FrameWork | None = None) -> Found:
    """Card outlines, and the card size they agree on.

    `card_area` (frame pixels), when known from earlier frames of a fixed camera, is
    used when fewer than three outlines agree on a size; a `hint`'s `card_px` likewise,
    and its `changed` mask keeps only candidates where the frame differs from the table.

    The cards are looked for at `opts.scale`, where a card of the usual size is some 20
    pixels across and more. Cards far from the camera are smaller: when the cards' size
    is known and small (`fine_side`), they are looked for at `fine_scale`; when it is not
    known, a fixed camera's view of the table is (`hint.changed`: what is no table may be
    a card) and fewer than two whole cards are found, at `fine_scale` too, and the small
    whole cards found there that the first look did not find are added. One photo alone
    is read at `opts.scale` (at a finer one, a cloth's pattern makes more false cards
    than small cards are found: measured on the held-out photos' tuning part).
    `work`: what was worked out on this frame already (with this `hint`), kept for
    whatever looks at it next (`pictures.picture_outlines`).
    """
    opts = opts or DetectOptions()
    work = work or FrameWork()
    if hint is not None and hint.card_px and not card_area:
        card_area = hint.card_px ** 2
    if card_area:
        side = float(np.sqrt(card_area)) * opts.scale
        if side >= opts.fine_side:
            return _detect(frame, opts, card_area, hint, work)
        return _detect(frame, replace(opts, scale=max(opts.fine_scale, opts.scale)),
                       card_area, hint, work)
    found = _detect(frame, opts, card_area, hint, work)
    if hint is None or hint.changed is None or not hint.fits(frame.shape) or (
            opts.fine_scale <= opts.scale or sum(q.clean for q in found.quads) >= 2):
        return found
    again = _detect(frame, replace(opts, scale=opts.fine_scale), card_area, hint, work)
    small = opts.fine_side / opts.scale  # a card's side (frame pixels) the first look misses
    # not a card found already: the test `_verified` keeps one outline per card with
    more = [q for q in again.quads if q.clean and card_side(q.corners) < small
            and not any(_iou_near(q.corners, k.corners) or _overlaps(q.corners, k.corners)
                        for k in found.quads)]
    if not more:
        return found
    return Found(found.quads + more, found.card_area or again.card_area,
                 found.support or again.support)


def _detect(frame: Image, opts: DetectOptions, card_area: float | None,
            hint: TableHint | None, work: FrameWork) -> Found:
    """`detect_cards` at `opts.scale`."""
    h, w = frame.shape[:2]
    sw, sh = max(int(w * opts.scale), 8), max(int(h * opts.scale), 8)
    small, changed, edges = reduced(frame, sw, sh, hint, work)
    to_small = (sw / w) * (sh / h)
    known = card_area * to_small if card_area else None
    frame_area = float(sw * sh)
    white = frame_white(small)
    if not _lamp_like(white):
        # the frame's brightest pixels are a coloured cloth (no card on it, or cards in a
        # shadow): no lamp makes paper that colour, so trust the camera's own balance
        white = np.full(3, float(white.max()))
    # a copy twice as fine, to weigh again the evidence of a card outlined all round
    fine = cache(lambda: work.get(("small", 2 * sw, 2 * sh), lambda: shrink(
        frame, 2 * sw, 2 * sh))) if 2 * sw <= w and 2 * sh <= h else None
    pile = _pile_fitter(small, opts.card_aspect, fine)
    found_work = finding_work(work, opts, sw, sh)  # for the next look at this frame
    kept = _verified(small, white, edges, frame_area, opts, known, changed, pile=pile,
                     fine=fine, work=found_work)
    chosen = white
    if sum(_whole(p, opts) for p in kept) < 2:
        # few cards: the frame's brightest pixels may be a glare, a white sleeve, a box,
        # not paper. Take the light's colour from the most card-like outline instead.
        # Or from the brightest pixels the sensor did not clip: a glare is white
        # whatever the lamp's colour.
        for other in (unclipped_white(small),
                      _card_white(small, edges, frame_area, opts, found_work)):
            if other is None or not _lamp_like(other):
                continue
            again = _verified(small, other, edges, frame_area, opts, known, changed, pile=pile,
                              fine=fine, work=found_work)
            # the other light must explain more cards, and every card the first found
            if _explains_more(kept, again, opts):
                kept, chosen = again, other
    if sum(_whole(p, opts) for p in kept) < 2 and light_table(small, chosen):
        # few cards still, on a light table: the paper masks may hold none (a light cloth
        # passes for paper), and each card's face is a region closed by its outline that
        # lies in a hole of the table's region. Those regions are proposed only here: on
        # a busy table they are also pieces of cards between fruits and lower cards, and
        # on a dark one the light parts of a picture printed edge to edge
        again = _verified(small, chosen, edges, frame_area, opts, known, changed, pile=pile,
                          nested=True, fine=fine, work=found_work)
        if _explains_more(kept, again, opts):
            kept = again
    if changed is not None and known:
        # a fixed camera: a card is what differs from the empty table. Where its paper is
        # the cloth's colour the change has holes (a pale cloth, a gingham's light squares)
        # and no paper mask outlines it: each changed region is taken whole, its hull. Only
        # whole cards, where no card of the known size was found (a part of it may be)
        hulls = _hulls(changed, known)
        more = _verified(small, chosen, edges, frame_area, opts, known, changed, fine=fine,
                         hulls=hulls, work=found_work)
        for p in (p for p in more if _whole(p, opts)):
            near = [k for k in kept if _iou_near(p[0], k[0]) or _overlaps(p[0], k[0])]
            if not any(_card_sized(k[0], known, opts) for k in near):
                kept = [k for k in kept if not any(k is n for n in near)] + [p]
    whole = [p for p in kept if _whole(p, opts)]
    pictures: list[np.ndarray] = []
    if changed is not None and known:
        pictures = _pictures_on_piles(
            small, chosen, changed, known, [p[0] for p in whole], opts,
            _pile_fitter(small, opts.card_aspect, None, either=True), found_work)
    # the size is agreed among the clearest cards when there are any (paper all round,
    # an outline on three sides and more): a cloth's flowers can pass for small cards by
    # the dozen and outvote the one real card
    # (a pile's top card, fitted at the size known, says nothing of the size)
    sizing = [p for p in whole if not p[3].pile_top]
    basis = [p for p in sizing if p[3].band >= CLEAR_BAND and p[3].sides >= 3] or sizing
    likeness = [p[1] - abs(p[2] - opts.card_aspect) for p in basis]
    typical, support = _consensus([abs(cv2.contourArea(p[0])) for p in basis], likeness,
                                  opts.size_tolerance)
    if known and support < 3:
        typical = known
    scale = np.array([w / sw, h / sh], np.float32)
    cards: list[Quad] = []
    for quad, fill, aspect, ev in kept:
        rel = abs(cv2.contourArea(quad)) / typical if typical else 1.0
        shaped = fill >= opts.min_fill and opts.aspect[0] <= aspect <= opts.aspect[1]
        # a tilted camera shows near cards bigger than far ones: the size agreed on only
        # tells a card from half a card (a hand) or a box. A card whose fruits crowd its
        # border is whole when its outline stands out all round and it is alone, or of
        # the size the frame's cards agree on (a hand's edge leaves less than a card)
        # two cards touching along their long sides make one outline of twice a card's
        # area, shaped 4:3 where a card is 3:2 (a near card is bigger, never that shape)
        pair = rel > PAIR_AREA and abs(aspect - 2 / opts.card_aspect) < abs(
            aspect - opts.card_aspect)
        clean = (ev.face_up() or (ev.edged_card() and (
            not typical or abs(rel - 1) <= opts.size_tolerance))) and shaped and \
            0.5 <= rel <= MOST_AREA and not pair
        if not clean and not (typical and LEAST_AREA <= rel <= 1.4 and fill >= 0.6 and
                              aspect <= 2.6):
            continue  # not a card, nor a card with a hand over it
        full = (quad + 0.5) * scale - 0.5
        cards.append(Quad(full.astype(np.float32), clean, ev.pile_top))
    for quad in pictures:
        full = (quad + 0.5) * scale - 0.5
        cards.append(Quad(full.astype(np.float32), True, True, picture=True))
    return Found(cards, typical / to_small, support)


PICTURE_PAPER = 0.1  # of a card printed edge to edge that is paper, at most (its border
# band, its whole face): a card printed on paper shows half of it and more, a rectangle
# straddling the pile's top and a lower card that card's border
PICTURE_CHANGED = 0.9  # of it that differs from the empty table, at least
PICTURE_ON = 0.5  # of a strip just outside one of its sides, at least, that is the paper
# of a card below it
PICTURE_EDGE = 0.1  # of a card's area: a strip along its long side, a few pixels deep
PICTURE_LEAST = 0.6  # of a card's area, of the region that is not paper, at least: the picture
# (fruit cards alone leave their fruits and shadows only)


def _pictures_on_piles(small: Image, white: np.ndarray, changed: Image, known: float,
                       whole: list[np.ndarray], opts: DetectOptions, fit: PileFit,
                       work: FrameWork) -> list[np.ndarray]:
    """Cards printed edge to edge (an animal: a coloured picture, no paper) lying on a
    pile of paper cards, where a fixed camera knows the empty table (`changed`) and the
    cards' size (`known`, detection pixels). The paper masks see only the lower cards'
    paper round such a card, too little for a pile, and its sides are no brighter inside
    than the white card below. Each region that differs from the table, of a pile's size
    and holding no whole card found (`whole`), is searched for a rectangle of the cards'
    size whose four sides lie on edges of either polarity (pile_top.py); it is taken when
    all but a little of it differs from the table, next to nothing of it is paper, at
    least three of its sides stand out from what lies outside them, and the paper of a
    lower card (paper that is not the table) lies along one of its sides at least, just
    outside it (a pile: not a face-down stack, which lies alone on the table, even beside
    a pile). What it shows is for the reader to say (an animal, or nothing)."""
    binary = (changed > 127).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary)
    wk = ("white", array_key(np.asarray(white)))
    bal = work.get(("bal", wk), lambda: balanced(small, white))
    paper = (work.get(("white_paper", wk), lambda: white_paper(bal, opts.close)) > 0) & (
        binary > 0)  # a card's paper, not a pale table's
    out: list[np.ndarray] = []
    for i in range(1, n):
        if not known <= stats[i, cv2.CC_STAT_AREA] <= PILE[1] * known:
            continue
        inside = labels == i
        region = inside.astype(np.uint8) * 255
        on_paper = int(np.count_nonzero(paper[inside]))
        if on_paper < PICTURE_ON * PICTURE_EDGE * known or \
                stats[i, cv2.CC_STAT_AREA] - on_paper < PICTURE_LEAST * known:
            continue  # no card's paper beside a picture, or no picture a card big
        if any(region[min(max(int(c[1] + 0.5), 0), region.shape[0] - 1),
                      min(max(int(c[0] + 0.5), 0), region.shape[1] - 1)]
               for c in (q.mean(axis=0) for q in whole)):
            continue  # a card found on it already
        contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        cnt = max(contours, key=cv2.contourArea)
        for quad in fit(cnt, known, False):
            q = order_corners(quad)
            if _at_border(q, small.shape) or not _changed_enough(changed, q, PICTURE_CHANGED):
                continue
            ev = evidence(bal, q)
            if ev.paper > PICTURE_PAPER or ev.band > PICTURE_PAPER:
                continue
            if sum(s >= SIDE_STANDS_OUT for s in outline_sides(small, q)) < 3:
                continue
            if max(paper_outside(bal, q, changed)) < PICTURE_ON:
                continue
            if not any(_iou_near(q, k) or _overlaps(q, k) or _overlaps(k, q)
                       for k in whole + out):
                out.append(q)
    return out
