"""The zone as it was when the table was last still: what came over it since.

The box's camera is fixed, so the box keeps a frame of the table from a moment when
nothing moved (the daemon's `NellyEyes`, refreshed whenever the table stays still). A
hand, an arm or a sleeve over a zone is a large change from that frame, whatever its
colour: a dark hand on a wooden table, a red sleeve on a red cloth. Turtles placed, taken
or fallen, a plant turned over or put back in the box, change the zone too, each in one
round patch no larger than a plant: those are left out, and what other change adds up to
more than three turtles' area is taken for something over the zone (a hand of the table's
own colour changes the zone only where it covers plants and turtles, in pieces that are
not round; one that hides exactly one plant with its turtle and nothing else is missed,
unless the fainter change of the hand itself, joined to that round one, is larger than
two plants: ARM).
Round pieces lying within half a turtle's width of each other are one change, counted
whole when together they are more than one plant could be: a hand of one of a checked
cloth's colours changes the squares of the other colour, each round and of a turtle's
size, touching at their corners. A hand over printed dots far apart is still missed where
it hides no more than one plant with its turtle.
A change of the light over the whole frame (the camera's exposure) is taken out first, by
the ratio of the frames' medians.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

CHANGE = 30  # in any channel's levels, on 4x4 blocks: less is noise, JPEG, a little light
ROUND_PIECE = 3.8  # turtles' area: a round change up to this is a turtle or a plant come or
# gone (a plant is 2.2-3.3 turtles, with its shadow a little more)
ROUND = 0.5  # of its bounding box a round change fills at least
MIN_SHELLS = 3.0  # a zone changed by more than three turtles' area has something over it
ARM = 2 * ROUND_PIECE  # turtles' area: a faint change joined to a round one, larger than
# two plants with their turtles, is a hand of the table's colour over a plant, no plant
# turned over


QUARTER = 4  # the frames are compared on blocks of 4x4 pixels


def quarter(frame: np.ndarray) -> np.ndarray:
    """The frame on blocks of 4x4 pixels: a sensor's noise (high in a dim room) averages
    out, a hand does not."""
    h, w = frame.shape[:2]
    return np.asarray(cv2.resize(frame, (w // QUARTER, h // QUARTER),
                                 interpolation=cv2.INTER_AREA))


def quarter_window(frame: np.ndarray, x: int, y: int, w: int, h: int) -> np.ndarray:
    """`quarter(frame)[y:y + h, x:x + w]`, made from those blocks' pixels alone when the
    frame is a whole number of blocks each way (each block is then its own pixels' mean)."""
    fh, fw = frame.shape[:2]
    if fh % QUARTER or fw % QUARTER:
        return quarter(frame)[y:y + h, x:x + w]
    x1, y1 = min(x + w, fw // QUARTER), min(y + h, fh // QUARTER)
    if x1 <= x or y1 <= y:
        return np.zeros((max(y1 - y, 0), max(x1 - x, 0), *frame.shape[2:]), frame.dtype)
    return quarter(frame[QUARTER * y:QUARTER * y1, QUARTER * x:QUARTER * x1])


def over_since(frame: np.ndarray, still: np.ndarray, origin: tuple[int, int],
               inside: np.ndarray, shell: float, gain: float = 1.0) -> np.ndarray | None:
    """What came over the zone's box at `origin` (full-size pixels) since the table was
    still, as a mask (uint8 0/1) of the box's pixels: `over_mask` in two frames of one
    shape, `quarter`ed on the zone's own blocks alone (outside `inside` a change counts for
    nothing, so the box's blocks there are left at 0 in both); None when nothing did."""
    q0, q1 = origin[0] // QUARTER, origin[1] // QUARTER
    hq, wq = inside.shape[0] // QUARTER, inside.shape[1] // QUARTER
    fh, fw = frame.shape[:2]
    hq, wq = max(min(hq, fh // QUARTER - q1), 0), max(min(wq, fw // QUARTER - q0), 0)
    if hq == 0 or wq == 0 or shell <= 0:
        return None
    keep = cv2.resize(inside, (wq, hq), interpolation=cv2.INTER_NEAREST)
    x, y, w, h = cv2.boundingRect(keep)
    if w == 0 or h == 0:
        return None
    now = np.zeros((hq, wq, *frame.shape[2:]), frame.dtype)
    then = np.zeros_like(now)
    now[y:y + h, x:x + w] = quarter_window(frame, q0 + x, q1 + y, w, h)
    then[y:y + h, x:x + w] = quarter_window(still, q0 + x, q1 + y, w, h)
    over = over_mask(now, then, inside, shell, gain)
    if over is None:
        return None
    # each block back to its 4x4 pixels, in the box's own pixels (the blocks start at the
    # frame's multiples of QUARTER, the box at `origin`)
    big = np.zeros(((hq + 1) * QUARTER, (wq + 1) * QUARTER), np.uint8)
    big[:hq * QUARTER, :wq * QUARTER] = np.repeat(np.repeat(over, QUARTER, 0), QUARTER, 1)
    dx, dy = origin[0] - q0 * QUARTER, origin[1] - q1 * QUARTER
    out = np.zeros(inside.shape, np.uint8)
    part = big[dy:dy + inside.shape[0], dx:dx + inside.shape[1]]
    out[:part.shape[0], :part.shape[1]] = part
    return out


def _every_other(frame: np.ndarray) -> np.ndarray:
    """`quarter(frame)[::2, ::2]`, from those blocks' pixels alone where the frame is a
    whole number of pairs of blocks each way."""
    h, w = frame.shape[:2]
    if h % (2 * QUARTER) or w % (2 * QUARTER) or frame.ndim != 3:
        return quarter(frame)[::2, ::2]
    blocks = frame.reshape(h // (2 * QUARTER), 2 * QUARTER, w // (2 * QUARTER), 2 * QUARTER, -1)
    return quarter(blocks[:, :QUARTER, :, :QUARTER].reshape(h // 2, w // 2, -1))


def _median(levels: np.ndarray) -> float:
    """`np.median` of uint8 levels, from their histogram (the middle one, or the mean of
    the middle two)."""
    if levels.dtype != np.uint8 or levels.size == 0:
        return float(np.median(levels))
    cum = np.cumsum(np.bincount(levels.ravel(), minlength=256))
    n = int(cum[-1])
    hi = int(np.searchsorted(cum, n // 2, side="right"))  # the (n // 2)-th, from 0
    if n % 2:
        return float(hi)
    return (int(np.searchsorted(cum, n // 2 - 1, side="right")) + hi) / 2


def exposure(now: np.ndarray, then: np.ndarray) -> float:
    """How much brighter the whole frame `now` is than `then` (the camera's exposure, the
    room's light; a hand over one zone hardly moves the whole frame's median): the
    frames' medians on every other block of 4x4 pixels each way."""
    a, b = _median(_every_other(now)), _median(_every_other(then))
    return a / b if b > 0 else 1.0


def over_mask(now: np.ndarray, then: np.ndarray, inside: np.ndarray, shell: float,
              gain: float = 1.0) -> np.ndarray | None:
    """Did something large come over a zone since the table was still? `now` and `then`:
    the zone's box in the two frames, `quarter`ed; `then` is `gain` times darker
    (`exposure`); `inside` (uint8, full size) marks the zone in its box; `shell` is one
    turtle's area in full-size pixels. What changed is added up over the zone: a hand of
    the table's own colour changes the zone only where it covers plants and turtles.
    The change as a mask of `now`'s blocks (uint8 0/1): the pieces that are no turtle or
    plant come or gone, when they add up to more than MIN_SHELLS turtles, with the fainter
    change that joins them; else None (nothing came over)."""
    if now.shape != then.shape or shell <= 0 or now.size == 0:
        return None
    keep = cv2.resize(inside, (now.shape[1], now.shape[0]),
                      interpolation=cv2.INTER_NEAREST) > 0
    if not np.any(keep):
        return None
    b = cv2.convertScaleAbs(then, alpha=gain) if abs(gain - 1) > 0.02 else then
    diff: np.ndarray = cv2.absdiff(now, b)
    if diff.ndim == 3:  # the largest change of any channel
        diff = cv2.max(cv2.max(diff[..., 0], diff[..., 1]), diff[..., 2])
    moved: np.ndarray = ((diff > CHANGE) & keep).astype(np.uint8)
    area = shell / QUARTER ** 2
    k = max(3, round(0.6 * math.sqrt(area / math.pi)) | 1)
    moved = cv2.morphologyEx(moved, cv2.MORPH_OPEN,
                             cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(moved, connectivity=8)
    if n <= 1:
        return None
    # pieces lying within half a turtle's width of each other are one change: a turtle
    # placed or fallen stands apart, a hand over a patterned cloth changes the cloth's
    # squares or dots of one colour, each round, in a crowd
    g = max(3, round(math.sqrt(area / math.pi)) | 1)
    near = cv2.dilate(moved, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (g, g)))
    _, groups = cv2.connectedComponents(near, connectivity=8)
    group = np.zeros(n, np.int32)
    group[labels[moved > 0]] = groups[moved > 0]
    pieces = stats[:, cv2.CC_STAT_AREA].astype(np.int64)
    crowd = np.bincount(group[1:], weights=pieces[1:])
    # what changed less round them: a hand's parts over the table of nearly its own
    # colour, where its change is under CHANGE (what it covers there is as little changed)
    faint = cv2.morphologyEx(((diff > CHANGE // 2) & keep).astype(np.uint8), cv2.MORPH_OPEN,
                             cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    nf, parts, fstats, _ = cv2.connectedComponentsWithStats(cv2.bitwise_or(faint, moved),
                                                            connectivity=8)
    joined = np.zeros(n, np.int32)  # each piece's faint part
    joined[labels[moved > 0]] = parts[moved > 0]
    total = 0
    counted = np.zeros(n, np.uint8)
    armed = np.zeros(nf, np.uint8)  # faint parts far larger than a plant: a hand's
    for i, (_, _, w, h, a) in enumerate(stats[1:], start=1):
        if fstats[joined[i], cv2.CC_STAT_AREA] > ARM * area:
            armed[joined[i]] = 1  # a round change in a hand of the table's colour
        elif a <= ROUND_PIECE * area and a >= ROUND * w * h and \
                crowd[group[i]] <= ROUND_PIECE * area:
            continue  # a turtle placed or fallen, a plant turned over or put back: round
        total += int(a)
        counted[i] = 1
    armed[0] = 0
    total = max(total, int(fstats[armed > 0, cv2.CC_STAT_AREA].sum()))
    if total < MIN_SHELLS * area:
        return None
    over: np.ndarray = counted[labels]
    held = np.zeros(nf, np.uint8)  # with the faint change that joins it
    held[np.unique(parts[over > 0])] = 1
    held[0] = 0
    return np.asarray(cv2.bitwise_or(over, held[parts]))
