"""Where the lamp's highlight sits on a turtle: at the same place on every single dome.

The domes are of one shape, lit by the same lamp and seen by the same camera from above,
so the highlight (the lamp mirrored in the gloss) lies at the same offset from every
single dome's centre, in shell radii. A turtle lying on another makes one blob whose
outline spans both: the centre of the outline lies half their offset away from the upper
dome's centre, and it is the upper dome's highlight that shows. A lower turtle a third
of a radius or more off puts the highlight 0.15 radii or more from where a single dome's
would, beyond where single domes' lie. A turtle lying tilted on another shows the lower
one from a fifth of a radius off (the review of the Nelly merge: stacks 0.1-0.36 radii
apart, the top tilted, counted one short for sure): the highlight then lies 0.1 radii or
more off, and the blob is larger than one turtle by the crescent the lower one shows (two
discs d apart cover 2 r d more than one: about a ninth of a shell at a fifth of a radius,
of which the tilt may hide half). A single dome's highlight, misread (blur, a ragged rim
taking in the table), may lie 0.1 radii off too; but the outline of two discs d apart is
d longer along the line joining them than across it, where that highlight's shift points,
and a single dome's is round (or shorter that way, tipped). So, that close, the outline
must also be longer along the shift than across by at least the shift (half what two
discs give: the blur and the tilt's cut take some).

The outline's centre is its centroid, after a disc of half a shell's radius has opened
away a turtle's head (a third of a radius wide) and a ragged rim; two domes' outline is
symmetric about the midpoint between them. The highlight is the weighted centre of its
peak in the blue channel, where a warm paint is darkest and the lamp's white stands out
most. A dome tipped on its side shows less than a shell's area and is not judged; among
the single domes that place the frame's highlight, the median leaves it out.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import cv2
import numpy as np

from tableref.vision.nelly.domes import Blob
from tableref.vision.nelly.glare import highlight_peak
from tableref.vision.nelly.median import median

MIN_DOMES = 3  # single domes with a highlight needed to place a frame's highlight
MAX_DOMES = 25  # enough single domes to place it
# a turtle lying a third of a radius off another shows a crescent of a fifth of a shell,
# and its highlight lies 0.15 radii off a single dome's: beyond where single domes' lie
LIE_AREA = 1.15
LIE_SHIFT = 0.15
# one lying a fifth of a radius off shows a crescent of a ninth of a shell (half of it, the
# upper one tilted), its highlight 0.1 radii off: where a single dome's highlight, misread,
# may lie too, so there the outline must be longer along the shift (longer_along)
CLOSE_AREA = 1.05
CLOSE_SHIFT = 0.1
SINGLE = (0.8, LIE_AREA)  # a blob's area in shells that is most likely one dome ...
SINGLE_COMPACT = 1.25  # ... if within this of its own inscribed disc's


def shell_outline(blob: Blob, r1: float) -> np.ndarray:
    """The blob's window (uint8) opened by a disc of half a shell's radius (`r1` px): a
    head and a ragged rim cut off, whole shells kept."""
    rad = max(1, round(0.5 * r1))
    win = cv2.copyMakeBorder(blob.window.astype(np.uint8), rad + 1, rad + 1, rad + 1, rad + 1,
                             cv2.BORDER_CONSTANT, value=0)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rad + 1, 2 * rad + 1))
    return np.asarray(cv2.morphologyEx(win, cv2.MORPH_OPEN, disc)[rad + 1:-rad - 1,
                                                                   rad + 1:-rad - 1])


def shell_outlines(blobs: Sequence[Blob], r1: float) -> list[np.ndarray]:
    """`shell_outline` of each blob, opened all at once (one call instead of one a blob:
    most of a small opening's cost is the call's): their windows side by side, each ringed
    by zeros a pixel wider than the disc reaches, so that no blob's pixels reach into
    another's ring, whether shrunk or grown back."""
    if not blobs:
        return []
    rad = max(1, round(0.5 * r1))
    p = rad + 1
    widths = [b.window.shape[1] + 2 * p for b in blobs]
    tile = np.zeros((max(b.window.shape[0] for b in blobs) + 2 * p, sum(widths)), np.uint8)
    at = [sum(widths[:i]) + p for i in range(len(blobs))]
    for b, x in zip(blobs, at, strict=True):
        tile[p:p + b.window.shape[0], x:x + b.window.shape[1]] = b.window
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rad + 1, 2 * rad + 1))
    opened = cv2.morphologyEx(tile, cv2.MORPH_OPEN, disc)
    return [opened[p:p + b.window.shape[0], x:x + b.window.shape[1]]
            for b, x in zip(blobs, at, strict=True)]


def highlight_offset(blob: Blob, bgr: np.ndarray, r1: float,
                     opened: np.ndarray | None = None) -> tuple[float, float] | None:
    """The blob's highlight from the centre of its outline, in shell radii (`r1` px); None
    when no highlight stands out or the blob is too small. `bgr` is the zone's crop;
    `opened`, the blob's `shell_outline` when already made."""
    if r1 <= 0:
        return None
    if opened is None:
        opened = shell_outline(blob, r1)
    ys, xs = np.nonzero(opened)
    if xs.size < 10:
        return None
    cx, cy = float(np.mean(xs)), float(np.mean(ys))
    e = max(1, round(0.3 * r1))
    inner = cv2.erode(opened, np.ones((2 * e + 1, 2 * e + 1), np.uint8)) > 0
    if np.count_nonzero(inner) < 5:
        return None
    x, y = blob.origin
    hgt, wid = blob.window.shape
    peak = highlight_peak(bgr[y:y + hgt, x:x + wid], inner)
    if peak is None:
        return None
    sel, above = peak
    w = above[sel]
    py, px = np.nonzero(sel)
    hx = float(np.sum(w * px) / np.sum(w))
    hy = float(np.sum(w * py) / np.sum(w))
    return ((hx - cx) / r1, (hy - cy) / r1)


def frame_highlight(offsets: Sequence[tuple[float, float] | None]
                    ) -> tuple[float, float] | None:
    """Where the highlight sits on a single dome in this frame: the median of single domes'
    offsets; None with fewer than MIN_DOMES of them showing one."""
    seen = [o for o in offsets if o is not None]
    if len(seen) < MIN_DOMES:
        return None
    return (median(np.asarray([o[0] for o in seen])), median(np.asarray([o[1] for o in seen])))


def single_domes(blobs: Sequence[Blob], shell: float, r1: float) -> list[Blob]:
    """Blobs of one dome's area and round (at most MAX_DOMES): most are single domes."""
    out = []
    for b in blobs:
        if SINGLE[0] * shell <= b.area <= SINGLE[1] * shell and (
                b.area <= SINGLE_COMPACT * math.pi * (b.radius + 1.0) ** 2) and r1 > 0:
            out.append(b)
            if len(out) >= MAX_DOMES:
                break
    return out


def lies_on_another(blob: Blob, bgr: np.ndarray, shell: float, r1: float,
                    frame: Callable[[], tuple[float, float] | None]) -> bool:
    """A blob read as one turtle that is a turtle lying on another: more than one turtle's
    area, its highlight off where a single dome's is (LIE_AREA, LIE_SHIFT); or, lying
    closer (CLOSE_AREA, CLOSE_SHIFT), its outline also longer along that shift than across
    by at least the shift (two discs d apart: d longer, the highlight d/2 off; a single
    dome whose highlight was misread off its place is round, or shorter that way where it
    lies tipped). `frame` gives the frame's highlight (placed only when a blob is to be
    judged)."""
    if blob.area < CLOSE_AREA * shell:
        return False
    at = frame()
    opened = shell_outline(blob, r1) if r1 > 0 else None
    offset = highlight_offset(blob, bgr, r1, opened)
    shift = off_centre(offset, at)
    if offset is None or at is None or shift < CLOSE_SHIFT:
        return False
    if blob.area >= LIE_AREA * shell and shift >= LIE_SHIFT:
        return True
    along = (offset[0] - at[0]) / shift, (offset[1] - at[1]) / shift
    return longer_along(opened if opened is not None else shell_outline(blob, r1),
                        along) >= shift * r1


def longer_along(outline: np.ndarray, along: tuple[float, float]) -> float:
    """How much longer (px) the outline (a mask) is along the unit vector `along` than
    across it: two discs d apart are d longer along the line joining them, a disc is as
    long one way as the other."""
    ys, xs = np.nonzero(outline)
    if xs.size == 0:
        return 0.0
    a = xs * along[0] + ys * along[1]
    b = ys * along[0] - xs * along[1]
    return float(np.ptp(a) - np.ptp(b))


def off_centre(offset: tuple[float, float] | None, frame: tuple[float, float] | None
               ) -> float:
    """How far, in shell radii, a blob's highlight lies from a single dome's (0 when either
    is not known)."""
    if offset is None or frame is None:
        return 0.0
    return math.hypot(offset[0] - frame[0], offset[1] - frame[1])
