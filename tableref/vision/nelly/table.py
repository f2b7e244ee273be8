"""What the table looks like round a zone: a histogram of its colours in the light's frame.

The user draws a zone round their water plants, so the band just outside it shows the
table (a wooden top, a cloth, a pattern of any colours), now and then crossed by an arm.
The colours that make up most of that band are the table's: inside the zone they are
neither turtles nor a hand, however much they look like paint or skin. Colours are
binned by (u, v) in steps of 0.1 (about 10 % in G/R and B/R); the table's bins are the
densest that together hold most of the band, so an arm crossing the band (a small share)
does not make skin the table's colour.
"""

from __future__ import annotations

import cv2
import numpy as np

STEP = 0.1
LO, HI = -4.0, 2.0
BINS = round((HI - LO) / STEP)
BAND = 15  # pixels: the band round a zone the table is read from
MIN_SHARE = 0.08  # of the band, in a bin and its neighbours: the table's colour
COVER = 0.85  # the share of the band the table's colours hold at least
MIN_BRIGHT = 30


def _index(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    iu = np.clip(((u - LO) / STEP).astype(np.int32), 0, BINS - 1)
    iv = np.clip(((v - LO) / STEP).astype(np.int32), 0, BINS - 1)
    return iu * BINS + iv


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
        table |= flat >= MIN_SHARE * max(self.samples, 1)
        self._table = table

    def like(self, u: np.ndarray, v: np.ndarray) -> np.ndarray:
        """Which pixels have a colour of the table (bool, the shape of u)."""
        if self.samples == 0:
            return np.zeros(u.shape, bool)
        return np.asarray(self._table[_index(u, v)])


def band_round(inside: np.ndarray) -> np.ndarray:
    """The band just outside a zone's polygon mask (bool)."""
    k = 2 * BAND + 1
    return np.asarray(cv2.dilate(inside, np.ones((k, k), np.uint8)) > inside)


def table_round(u: np.ndarray, v: np.ndarray, bright: np.ndarray,
                inside: np.ndarray) -> TableModel:
    """The model of the table from the band round the zone (u, v in the light's frame)."""
    band = band_round(inside) & (bright > MIN_BRIGHT)
    return TableModel(u[band], v[band])
