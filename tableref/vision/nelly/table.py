"""What the table looks like: a histogram of its colours in the light's frame.

The user draws the zones round the players' water plants, so what lies outside every zone
is mostly the table (a wooden top, a cloth, a pattern of any colours), with the pond and
Nelly in the middle, now and then an arm reaching in. The colours that make up most of it
are the table's: inside a zone they are neither turtles nor a hand, however much they look
like paint or skin. Colours are binned by (u, v) in steps of 0.1 (about 10 % in G/R and
B/R); the table's bins are the densest that together hold most of the outside, each
holding a fair share of it, so an arm (a small share of the outside, spread over several
bins) or the turtles on Nelly do not make their colours the table's.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from tableref.vision.nelly.material import LOG1P

STEP = 0.1
LO, HI = -4.0, 2.0
BINS = round((HI - LO) / STEP)
MIN_SHARE = 0.08  # of the outside, in a bin and its neighbours: the table's colour ...
COVER = 0.8  # ... and so are the densest bins that hold this share of the outside ...
FLOOR = 0.004  # ... each holding at least this share
STRIDE = 4  # the outside is read on every 4th pixel each way
MIN_BRIGHT = 30


_CENTRE = LO + STEP * (np.arange(BINS) + 0.5)
_CU, _CV = np.meshgrid(_CENTRE, _CENTRE, indexing="ij")
_GREENISH = ((_CU > 0.15 - STEP) & (_CU > _CV + 0.2 - 2 * STEP)).ravel()  # bins, a bin's slack


def _bin(x: np.ndarray, shift: float = 0.0) -> np.ndarray:
    """Each value's bin (`shift` added first), clipped to the histogram (int32; in place on
    one temporary)."""
    if shift:
        t = x + shift
        t -= LO
    else:
        t = x - LO
    t /= STEP
    i = t.astype(np.int32)
    np.maximum(i, 0, out=i)
    return np.minimum(i, BINS - 1, out=i)


def _index(u: np.ndarray, v: np.ndarray, du: float = 0.0, dv: float = 0.0) -> np.ndarray:
    iu = _bin(u, du)
    iu *= BINS
    iu += _bin(v, dv)
    return iu


class TableModel:
    """The table's colours round one zone."""

    def __init__(self, u: np.ndarray, v: np.ndarray) -> None:
        counts = np.bincount(_index(u, v).ravel(), minlength=BINS * BINS).astype(np.float32)
        hist: np.ndarray = cv2.boxFilter(counts.reshape(BINS, BINS), -1, (3, 3),
                                         normalize=False, borderType=cv2.BORDER_CONSTANT)
        self.samples = int(u.size)
        # the table's colours: the densest bins that together hold COVER of the band, and
        # any bin as dense as MIN_SHARE (a table of one colour is all in a few bins; a
        # dark pattern's colours spread thin over many)
        flat = hist.ravel()
        order = np.argsort(flat)[::-1]
        held = np.cumsum(flat[order])
        total = float(held[-1]) if held.size else 0.0
        n = int(np.searchsorted(held, COVER * total)) + 1 if total > 0 else 0
        table = np.zeros(flat.size, bool)
        table[order[:n]] = True
        table &= flat >= FLOOR * max(self.samples, 1)
        table |= flat >= MIN_SHARE * max(self.samples, 1)
        self._table = table
        # does any of the table's colours look like the plants' green (light.plant_pixels)?
        self.has_green = bool(np.any(table & _GREENISH))
        self.du = self.dv = 0.0  # the frame the model was made in, from the queries'
        # the frame on every STRIDE-th pixel, and where it is outside the zones (uint8)
        self.small: np.ndarray = np.zeros((0, 0, 3), np.uint8)
        self.keep: np.ndarray = np.zeros((0, 0), np.uint8)
        self.bright: np.ndarray = np.zeros((0, 0), np.uint8)  # small's brightest channel
        # small's (ln G/R, ln B/R), ln(level + 1) each, in the camera's own colours
        self.u: np.ndarray = np.zeros((0, 0), np.float32)
        self.v: np.ndarray = np.zeros((0, 0), np.float32)

    def in_light(self, du: float, dv: float) -> None:
        """Queries come in the light's frame from now on: (u, v) less the light's (du, dv)
        (the model was made on the camera's own colours)."""
        self.du, self.dv = du, dv

    def like(self, u: np.ndarray, v: np.ndarray) -> np.ndarray:
        """Which pixels have a colour of the table (bool, the shape of u)."""
        if self.samples == 0:
            return np.zeros(u.shape, bool)
        if self.du or self.dv:
            return np.asarray(self._table[_index(u, v, self.du, self.dv)])
        return np.asarray(self._table[_index(u, v)])


def _every(frame: np.ndarray) -> np.ndarray:
    """`frame[::STRIDE, ::STRIDE]`, contiguous: by nearest-pixel resizing where the frame is
    a whole number of strides each way (the same pixels, several times faster than numpy's
    strided copy)."""
    h, w = frame.shape[:2]
    if h % STRIDE or w % STRIDE:
        return np.ascontiguousarray(frame[::STRIDE, ::STRIDE])
    return np.asarray(cv2.resize(frame, (w // STRIDE, h // STRIDE),
                                 interpolation=cv2.INTER_NEAREST))


def table_outside(frame: np.ndarray, polygons: Sequence[np.ndarray], du: float, dv: float,
                  pad: int = 8) -> TableModel:
    """The table's colours from the frame outside every zone (polygons in frame pixels,
    widened by `pad`), the light (du, dv) taken out."""
    small = _every(frame)
    keep: np.ndarray = np.ones(small.shape[:2], np.uint8)
    for poly in polygons:
        pts = np.round(np.asarray(poly, np.float64) / STRIDE * 16).astype(np.int32)
        cv2.fillPoly(keep, [pts], 0, cv2.LINE_8, shift=4)
    keep = cv2.erode(keep, np.ones((2 * (pad // STRIDE) + 1,) * 2, np.uint8),
                     borderType=cv2.BORDER_CONSTANT, borderValue=1)
    b, g, r = cv2.split(small)
    bright = cv2.max(cv2.max(b, g), r)
    sel = (keep > 0) & (bright > MIN_BRIGHT)
    # ln(level + 1) by table look-up (LOG1P is np.log of the same float32 levels)
    lr = cv2.LUT(r, LOG1P)
    u = cv2.subtract(cv2.LUT(g, LOG1P), lr)
    v = cv2.subtract(cv2.LUT(b, LOG1P), lr)
    model = TableModel(u[sel] - du, v[sel] - dv)
    model.small, model.keep, model.bright, model.u, model.v = small, keep, bright, u, v
    return model
