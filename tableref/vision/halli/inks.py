"""Which fruit a patch of printed colour is: hue classes that tolerate each fruit's range.

Hues are OpenCV's (0..180) on a card balanced to its own paper, so the light's colour
(2700-6500 K) is taken out before. The default classes cover what fruit decks print:
bananas yellow, limes from green to yellow-green, strawberries from crimson to
orange-red, plums from purple to blue. A fruit is more than its body: a strawberry's
green calyx and yellow seeds, a lime's pale highlight, a plum's leaf are colours the
fruit may carry (`allowed`); a patch whose colours no fruit explains is not a fruit.

An enrolled deck replaces the default by the hue histograms of its own fruits.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tableref.vision.halli.codes import FRUITS

BINS = 36  # hue histogram bins of 5 OpenCV degrees


def _band(lo: float, hi: float) -> np.ndarray:
    """A 0/1 weight per bin for hues lo..hi (wrapping past 180)."""
    centres = (np.arange(BINS) + 0.5) * 180 / BINS
    if lo <= hi:
        return ((centres >= lo) & (centres <= hi)).astype(np.float64)
    return ((centres >= lo) | (centres <= hi)).astype(np.float64)


@dataclass(frozen=True)
class HueClass:
    """A fruit's body hues and the hues its parts may add."""

    body: np.ndarray  # weight per bin, 0..1
    allowed: np.ndarray  # extra hues of its parts (calyx, seeds, highlights, leaf)
    max_parts: float  # the most of its colour those parts may take


# yellow-green 31-37 is both a greenish banana and a yellowish lime: shape decides
AMBIGUOUS = _band(30, 37)

DEFAULT: dict[str, HueClass] = {
    "banana": HueClass(_band(15, 37), _band(38, 70) + _band(0, 14), 0.25),
    "plum": HueClass(_band(100, 166), _band(35, 80) + _band(167, 180), 0.3),
    "strawberry": HueClass(_band(168, 13), _band(10, 92), 0.5),
    "lime": HueClass(_band(30, 92), _band(15, 29), 0.25),
}


def histogram(hue: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Weighted hue histogram (BINS bins), summing to 1 (zeros when empty)."""
    h = np.bincount(np.minimum((hue.astype(np.int32) * BINS) // 180, BINS - 1),
                    weights=weight.astype(np.float64), minlength=BINS)
    total = float(h.sum())
    return h / total if total > 0 else h


@dataclass(frozen=True)
class InkVerdict:
    fruit: str | None  # None: no fruit explains these colours
    score: float  # the share of the patch's colour its body takes
    ambiguous: float  # the share in the banana/lime overlap
    why: str = ""


def classify(hist: np.ndarray, classes: dict[str, HueClass] | None = None) -> InkVerdict:
    """The fruit whose body takes most of this colour, if its parts explain the rest."""
    classes = classes or DEFAULT
    best: tuple[float, str] | None = None
    second = 0.0
    for fruit in FRUITS:
        c = classes[fruit]
        body = float(hist @ np.minimum(c.body, 1))
        rest = 1 - body
        explained = float(hist @ np.minimum(c.allowed * (1 - np.minimum(c.body, 1)), 1))
        weak = body < 0.45 or rest - explained > 0.08 or rest > c.max_parts + 0.08
        score = 0.0 if weak else body
        if best is None or score > best[0]:
            second = best[0] if best else 0.0
            best = (score, fruit)
        else:
            second = max(second, score)
    assert best is not None
    amb = float(hist @ AMBIGUOUS)
    if best[0] == 0.0:
        return InkVerdict(None, 0.0, amb, "colours no fruit has")
    return InkVerdict(best[1], best[0], amb)


def enrolled_classes(hists: dict[str, np.ndarray]) -> dict[str, HueClass]:
    """Hue classes from an enrolled deck's fruits: each fruit's own hues are its body.

    A bin belongs to the fruit that printed most of it; bins a fruit shows a little of
    (its calyx, seeds, highlights) are its allowed parts. Fruits not enrolled keep the
    default class.
    """
    out = dict(DEFAULT)
    stack = np.stack([hists[f] if f in hists else np.zeros(BINS) for f in FRUITS])
    smooth = np.stack([np.convolve(np.concatenate([r[-1:], r, r[:1]]), [0.25, 0.5, 0.25],
                                   "valid") for r in stack])
    owner = np.argmax(smooth, axis=0)
    for i, fruit in enumerate(FRUITS):
        if fruit not in hists:
            continue
        h = smooth[i]
        mine = (owner == i) & (h > 0.004)
        # widen the body by one bin each way: another copy of the deck, other light
        body = mine | np.roll(mine, 1) | np.roll(mine, -1)
        body &= ~np.isin(owner, [j for j in range(len(FRUITS)) if j != i and
                                 FRUITS[j] in hists]) | mine
        parts = float(h[~mine].sum())
        out[fruit] = HueClass(body.astype(np.float64), (h > 0.004).astype(np.float64) +
                              DEFAULT[fruit].allowed, min(0.5, parts + 0.15))
    return out
