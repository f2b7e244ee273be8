"""The lamp's highlight on a dome: where its gloss mirrors the lamp.

The lamp's white adds to the three channels alike, which leaves a paint's hue where it is,
except where a channel clips: on an orange or red shell the red channel saturates first and
the highlight's hue drifts towards yellow. It is found in the blue channel, where a warm
paint is darkest and the lamp's white stands out most: the connected peak round the
brightest blue, at least PROMINENT levels above the dome's median blue, whose pixels keep
at least the dome's median green (white added; a patch of a redder paint beside it, whose
blue may stand a little higher, is darker in green).
"""

from __future__ import annotations

import cv2
import numpy as np

from tableref.vision.nelly.median import median

PROMINENT = 15.0  # levels: a highlight this far above the dome's median blue, or none seen
PEAK = 0.6  # of its height above the median: the highlight's extent


def highlight_peak(bgr: np.ndarray, inner: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The highlight within `inner` (a bool mask of the window `bgr`, uint8 BGR): its
    pixels (bool) and the weights of each (blue above the median), or None when no
    highlight stands out."""
    if np.count_nonzero(inner) < 5:
        return None
    blue = cv2.GaussianBlur(bgr[..., 0].astype(np.float32), (0, 0), 1.0)
    med = median(blue[inner])
    masked = np.where(inner, blue, -1.0)
    iy, ix = np.unravel_index(int(np.argmax(masked)), masked.shape)
    height = float(masked[iy, ix]) - med
    if height < PROMINENT:
        return None
    top = (inner & (blue >= med + PEAK * height)).astype(np.uint8)
    _, labels = cv2.connectedComponents(top)
    sel = labels == labels[iy, ix]
    return sel, blue - med


def glare(bgr: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """The highlight's pixels within `inner` whose green is at least the median of
    `inner`'s (bool, all False when none stands out)."""
    peak = highlight_peak(bgr, inner)
    if peak is None:
        return np.zeros(inner.shape, bool)
    sel, _ = peak
    green = bgr[..., 1]
    return np.asarray(sel & (green >= median(green[inner])))
