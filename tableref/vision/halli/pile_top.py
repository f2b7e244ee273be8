"""The top card of a pile whose lower cards peek out round it: a rectangle outlined by edges.

A messy pile is one blob of paper: its lower cards lie askew round the top card and
their paper joins the top card's. Only the top card shows its whole outline: its edge
against the table, or its shadow on the card below, with the top card's paper the
brighter side; a lower card shows part of its own at most. Every card of a deck has the
same size, so once the frame's cards agree on a size, the top card is a rectangle of
that size whose four sides lie on such edges. Rectangles of that size (a few percent
either way, for a tilted camera) are tried at the directions of the pile's edges and at
every place in it. The best few places whose every side is mostly edge are returned:
which of them is a card is for the card's own evidence to say (verify.py), as for every
other outline the finder proposes.

At each direction the ROI is turned so that the rectangle is upright; a side's share of
edge at every place is then a box filter along a row or a column of the edge map.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

Image = np.ndarray

SCALES = (0.94, 1.06)  # of the agreed card size (a tilted camera: near cards bigger)
SPAN = 0.8  # of each side tested (its ends left out: a card's corners are round)
MIN_SIDE = 0.6  # of each side on an edge running along it, brighter inside
MIN_MEAN = 0.75  # of all four sides
ALONG = 0.85  # |cos| between an edge pixel's gradient and the side's normal
PEAKS = 4  # directions of the pile's edges tried (each +-2 degrees)
MOST = 4  # places returned, best first
ACROSS = 0.6  # the middle of a card (of its width and its length) ...
MAX_ACROSS = 0.85  # ... where no straight edge runs along this much of it
EXTEND = 0.2  # of a side's length beyond each of its ends ...
CONTINUES = 0.7  # ... where this much edge runs on: the side is a bigger card's
RIM = 3  # pixels of a card's width a pile's outline may miss on either side


def _angles(gx: Image, gy: Image, on_edge: Image) -> list[float]:
    """Directions (degrees, modulo 90) of the strongest straight edges: the gradient's
    orientation histogram over the edge pixels, weighted by magnitude, up to PEAKS peaks
    6 degrees apart."""
    ang = np.degrees(np.arctan2(gy[on_edge], gx[on_edge])) % 90.0
    if ang.size == 0:
        return []
    hist = np.bincount(np.round(ang).astype(int) % 90, np.hypot(gx, gy)[on_edge], 90)
    smooth = np.convolve(np.concatenate([hist[-2:], hist, hist[:2]]), np.ones(5), "valid")
    peaks: list[float] = []
    for deg in np.argsort(-smooth):
        if smooth[deg] <= 0.25 * smooth.max() or len(peaks) >= PEAKS:
            break
        if all(min(abs(deg - p) % 90, 90 - abs(deg - p) % 90) >= 6 for p in peaks):
            peaks.append(float(deg))
    return peaks


def _shift(img: Image, dx: int, dy: int) -> Image:
    """out[y, x] = img[y + dy, x + dx], zero beyond the image."""
    h, w = img.shape
    out = np.zeros_like(img)
    ys, yd = (slice(dy, h), slice(0, h - dy)) if dy >= 0 else (slice(0, h + dy), slice(-dy, h))
    xs, xd = (slice(dx, w), slice(0, w - dx)) if dx >= 0 else (slice(0, w + dx), slice(-dx, w))
    out[yd, xd] = img[ys, xs]
    return out


Maps = tuple[Image, Image, Image, Image]


def _edge_maps(grey: Image, strong: float, either: bool = False) -> Maps:
    """(down, up, right, left): 1.0 where the gradient is at least `strong` and runs
    (within ALONG) down, up, right or left: the brighter side below, above, ...
    `either`: whichever side is the brighter (down and up the same map, right and left
    too): a card printed edge to edge may be darker than the card below it."""
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1)
    mag = np.hypot(gx, gy)
    on = np.abs(gx) + np.abs(gy) >= strong
    cut = ALONG * mag
    grow = np.ones((3, 3), np.uint8)  # a side may lie a pixel off its edge

    def running(cond: Image) -> Image:
        return np.asarray(cv2.dilate((on & cond).astype(np.uint8), grow), np.float32)

    if either:
        rows, cols = running(np.abs(gy) >= cut), running(np.abs(gx) >= cut)
        return rows, rows, cols, cols
    return running(gy >= cut), running(gy <= -cut), running(gx >= cut), running(gx <= -cut)


Scores = tuple[Image, Image]  # (strict, lenient): see _scores


def _scores(maps: Maps, inside: Image, short: float,
            long_: float, upright: bool, either: bool = False) -> Scores:
    """At each place: the mean over the four sides of a short x long_ rectangle (long
    side horizontal when `upright`, else vertical) of each side's share on an edge with
    the rectangle's inside the brighter; 0 where a side falls short of MIN_SIDE. Twice:
    strict, where the middle must also be clear of straight edges, and lenient, where it
    need not (a card whose fruits stand one above another, their outlines in line).
    `either` (`_edge_maps`): the middle is not asked to be clear of straight edges."""
    down, up, right, left = maps
    w, h = (long_, short) if upright else (short, long_)
    lx, ly = max(round(SPAN * w), 1), max(round(SPAN * h), 1)
    hx, hy = round(w / 2), round(h / 2)
    # each side's share in turn, its top side first (brighter below it): where one falls
    # short of MIN_SIDE everywhere inside, no place scores and the rest is not needed
    ok = inside > 0
    sides_list = []
    for edge, box, dx, dy in ((down, (lx, 1), 0, -hy), (up, (lx, 1), 0, hy),
                              (right, (1, ly), -hx, 0), (left, (1, ly), hx, 0)):
        side = _shift(cv2.blur(edge, box), dx, dy)
        ok &= side >= MIN_SIDE
        if not ok.any():
            none = np.zeros(inside.shape, np.float32)
            return none, none
        sides_list.append(side)
    sides = np.stack(sides_list)
    # a card's face has no straight edge across most of it; a place a quarter card off the
    # top card has that card's own side running through it
    mx, my = max(round(ACROSS * w), 1), max(round(ACROSS * h), 1)
    rows = cv2.dilate(cv2.blur(np.maximum(down, up), (mx, 1)), np.ones((my, 1), np.uint8))
    cols = cv2.dilate(cv2.blur(np.maximum(right, left), (1, my)), np.ones((1, mx), np.uint8))
    clear = np.maximum(rows, cols) < MAX_ACROSS if not either else True
    # a card's side ends at its corners; a side whose edge runs on beyond both its ends
    # is a bigger card's (near the camera), the rectangle a strip across that card
    # between rows of fruits
    ex, ey = max(round(EXTEND * w), 1), max(round(EXTEND * h), 1)
    ox, oy = round(w / 2 + 1 + ex / 2), round(h / 2 + 1 + ey / 2)
    through = np.zeros(inside.shape, bool)
    for edge, dy in ((down, -hy), (up, hy)):
        beyond = cv2.blur(edge, (ex, 1))
        through |= (_shift(beyond, -ox, dy) >= CONTINUES) & (_shift(beyond, ox, dy) >= CONTINUES)
    for edge, dx in ((right, -hx), (left, hx)):
        beyond = cv2.blur(edge, (1, ey))
        through |= (_shift(beyond, dx, -oy) >= CONTINUES) & (_shift(beyond, dx, oy) >= CONTINUES)
    ok &= ~through
    mean = sides.mean(axis=0)
    return np.where(ok & clear, mean, 0.0), np.where(ok, mean, 0.0)


Turned = tuple[Maps, Image, int, int, bool] | None  # a window's maps and pile, its top
# left x, y, and whether the maps take edges of either polarity


def _turned(grey: Image, inside: Image, strong: float, reach: int,
            either: bool = False) -> Turned:
    """The edge maps and the pile `inside` in the window of the turned copy `grey` round
    the pile's pixels, `reach` pixels wider on every side (the image's edge cuts it); None
    when no pixel of the pile is left. The maps are worked out on the window 2 pixels
    wider still (the Sobel's and the dilation's own reach), so within the window they are
    the maps of the whole copy: the same values, every one."""
    ys, xs = np.nonzero(inside.any(axis=1))[0], np.nonzero(inside.any(axis=0))[0]
    if ys.size == 0:
        return None
    h, w = grey.shape[:2]
    y0, y1 = max(int(ys[0]) - reach, 0), min(int(ys[-1]) + 1 + reach, h)
    x0, x1 = max(int(xs[0]) - reach, 0), min(int(xs[-1]) + 1 + reach, w)
    gy0, gy1, gx0, gx1 = max(y0 - 2, 0), min(y1 + 2, h), max(x0 - 2, 0), min(x1 + 2, w)
    maps = _edge_maps(grey[gy0:gy1, gx0:gx1], strong, either)
    cut = (slice(y0 - gy0, y1 - gy0), slice(x0 - gx0, x1 - gx0))
    window = (maps[0][cut], maps[1][cut], maps[2][cut], maps[3][cut])
    return window, inside[y0:y1, x0:x1], x0, y0, either


def _window_scores(at: Turned, shape: tuple[int, ...], short: float, long_: float,
                   upright: bool) -> Scores:
    """`_scores` of the whole turned copy (of `shape`) from its window: what lies beyond
    the window is no pile, so it scores 0, and nothing beyond it reaches a place within."""
    if at is None:
        none = np.zeros(shape[:2], np.float32)
        return none, none
    maps, inside, x0, y0, either = at
    out = []
    for part in _scores(maps, inside, short, long_, upright, either):
        score = np.zeros(shape[:2], part.dtype)
        score[y0:y0 + part.shape[0], x0:x0 + part.shape[1]] = part
        out.append(score)
    return out[0], out[1]


def _best(score: Image) -> tuple[float, float, float]:
    """(score, x, y) of the best place: the middle of the places near it that score as
    well (a side a pixel off its edge still counts, so the best is a small plateau)."""
    y, x = np.unravel_index(int(score.argmax()), score.shape)
    top = float(score[y, x])
    y0, x0 = max(int(y) - 3, 0), max(int(x) - 3, 0)
    ys, xs = np.nonzero(score[y0:y + 4, x0:x + 4] >= top - 1e-6)
    return top, float(xs.mean() + x0), float(ys.mean() + y0)


def _place(score: float, x: float, y: float, back: Image, pad: int, deg: float, upright: bool,
           short: float) -> tuple[float, float, float, float, float]:
    """(score, x, y, direction, short side) of a place found in the turned ROI, in the
    ROI's own pixels."""
    cx, cy = back @ np.array([x, y, 1.0])
    return score, float(cx) - pad, float(cy) - pad, deg if upright else deg + 90.0, short


def _add_best(places: list[tuple[float, float, float, float, float]], score: Image,
              back: Image, pad: int, deg: float, upright: bool, short: float) -> None:
    """The best place of `score` added to `places`, when it scores MIN_MEAN."""
    best, x, y = _best(score)
    if best >= MIN_MEAN:
        places.append(_place(best, x, y, back, pad, deg, upright, short))


def _hull(blob: Image) -> Image:
    """The pile `blob` with its hull filled: a card's fruits bite into its paper, a bite
    as deep as the card's middle where they touch its rim."""
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = np.zeros_like(blob)
    for cnt in contours:
        cv2.fillConvexPoly(hull, cv2.convexHull(cnt), 255)
    return hull


def _holds_card(hull: Image, short: float) -> bool:
    """Whether the pile's `hull` is wide enough to hold its top card: the card is paper
    of the pile, so a disc as wide as the card's short side (at its least scale) fits
    in it, but for RIM pixels of its outline (drawn from a coarser mask, the card's rim
    in shadow). A strip of a striped cloth, a card's edge beside a hand, is not."""
    padded = cv2.copyMakeBorder(hull, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    deepest = float(cv2.distanceTransform(padded, cv2.DIST_L2, 5).max())
    return deepest >= 0.5 * min(SCALES) * short - RIM


def top_cards(grey: Image, blob: Image, card_area: float, strong: float,
              aspect: float = 1.5, either: bool = False,
              lenient: bool = False) -> list[np.ndarray]:
    """Quads (4 x 2 float32, ROI pixels, best first) that may be the top card of the pile
    `blob` (uint8, 255 on the pile's paper) in the ROI `grey`: rectangles of the cards'
    agreed area `card_area` outlined by edges, whose middle is clear of straight edges.
    `lenient` (`card_area` is the size a fixed camera knows, not one guessed from this
    frame): where no place's middle is clear, the places whose middle is not (a card
    whose fruits stand in line); at a size guessed too small, such a place is a strip
    across a card between its fruits, so never without the size known. `strong`: the
    gradient (|Sobel x| + |Sobel y|) an edge shows at least in this frame
    (paper.edge_strength). `either`: a side's edge may have the brighter side either way
    (a picture printed edge to edge on a white card below it; what lies inside is then
    for the caller to judge: a picture's own edges fill its middle, which is not asked to
    be clear of them)."""
    short = math.sqrt(card_area / aspect)
    hull = _hull(blob)  # the top card's middle may lie under its fruits: in the hull
    if not _holds_card(hull, short):
        return []
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1)
    near = cv2.dilate(blob, np.ones((5, 5), np.uint8)) > 0
    angles = _angles(gx, gy, (np.abs(gx) + np.abs(gy) >= strong) & near)
    if not angles:
        return []
    h, w = grey.shape[:2]
    pad = math.ceil(0.5 * math.hypot(h, w) - 0.5 * min(h, w)) + 2
    size = (w + 2 * pad, h + 2 * pad)
    centre = (size[0] / 2, size[1] / 2)
    big_grey = cv2.copyMakeBorder(grey, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    big_in = cv2.copyMakeBorder(cv2.erode(hull, np.ones((3, 3), np.uint8)), pad, pad, pad,
                                pad, cv2.BORDER_CONSTANT, value=0)
    found: list[tuple[float, float, float, float, float]] = []  # score, x, y, deg, short
    loose_places: list[tuple[float, float, float, float, float]] = []  # middles not clear
    turned: list[tuple[float, float, float, bool, Turned, Image]] = []
    # what a place's score looks at lies within (0.5 + EXTEND) of a card's length of it
    # (its sides at half the length, the edges beyond its corners EXTEND further), a
    # pixel or two of rounding more, and only places on the pile score: each turned copy
    # is worked on in the window round the pile's pixels that holds all that
    reach = math.ceil((0.5 + EXTEND) * max(*SCALES, 1.0) * max(aspect, 1.0) * short) + 4
    for base in angles:
        for deg in (base - 2, base, base + 2):  # a side a pixel off its edge still counts
            rot = cv2.getRotationMatrix2D(centre, deg, 1.0)
            g = cv2.warpAffine(big_grey, rot, size, flags=cv2.INTER_LINEAR)
            inside = cv2.warpAffine(big_in, rot, size, flags=cv2.INTER_NEAREST)
            at = _turned(g, inside, strong, reach, either)
            back = cv2.invertAffineTransform(rot)
            for upright in (True, False):
                strict, loose = _window_scores(at, inside.shape, short, aspect * short,
                                               upright)
                score, x, y = _best(strict)
                turned.append((score, float(loose.max()), deg, upright, at, back))
                if score >= MIN_MEAN:
                    found.append(_place(score, x, y, back, pad, deg, upright, short))
                elif lenient and not found:
                    _add_best(loose_places, loose, back, pad, deg, upright, short)
    # the cards' size a few percent either way, at the best directions only
    # (the lenient scores when no place's middle is clear)
    lenient_first = lenient and not any(t[0] > 0 for t in turned)
    turned.sort(key=lambda t: t[1] if lenient_first else t[0], reverse=True)
    for strict_first, loose_first, deg, upright, at, back in turned[:2]:
        if (loose_first if lenient_first else strict_first) <= 0:
            continue
        for k in SCALES:
            strict, loose = _window_scores(at, size[::-1], k * short, k * aspect * short,
                                           upright)
            score, x, y = _best(strict)
            if score >= MIN_MEAN:
                found.append(_place(score, x, y, back, pad, deg, upright, k * short))
            elif lenient and not found:
                _add_best(loose_places, loose, back, pad, deg, upright, k * short)
    found = found or loose_places
    found.sort(reverse=True)
    quads: list[np.ndarray] = []
    kept: list[tuple[float, float, float]] = []
    for _, cx, cy, deg, short in found:
        if any(math.hypot(cx - x, cy - y) < 0.25 * s for x, y, s in kept):
            continue  # the same place at another direction or size
        kept.append((cx, cy, short))
        quads.append(cv2.boxPoints(((cx, cy), (aspect * short, short), deg)).astype(np.float32))
        if len(quads) >= MOST:
            break
    return quads
