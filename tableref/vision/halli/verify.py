"""Is this quad a face-up card? The evidence of the quad itself, whatever the table.

A face-up Halli Galli card is paper: its border is white all round (fruits and animals
are printed inside it), at least half of it is bare paper, something is printed on it,
and it stands out from what lies just outside it on at least two sides (its edge or its
shadow). The paper's white is the quad's own (its brightest greyest pixels), so warm
light, dim rooms and a white table do not move the test. A card back (a pattern edge to
edge), a hand, a phone, a die, a placemat's square or a cloth's check fails it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

Image = np.ndarray

_W, _H, _R = 32, 48, 4  # the rectified card, and the ring of surroundings round it
_BAND = 3  # the border band's depth inside the card, pixels of the rectified card
PAPER_BRIGHT = 0.72  # of its white, paper's darkest channel at least ...
PAPER_GREY = 0.14  # ... and its chroma (max - min over max of the channels) below this
SIDE_STANDS_OUT = 0.6  # of a side's length that differs from what lies outside it
ALONG = 1.0  # an edge runs along a side where the gradient across the side (on the band and
# the ring) is at least this times the gradient along it in the band (within 45 degrees):
# a card's own edge, the card below's edge beside it; not an edge crossing it at a slant


@dataclass(frozen=True)
class Evidence:
    band: float  # fraction of the border band that is paper
    worst_side: float  # the border band's paper fraction on its worst side
    paper: float  # fraction of the card that is paper
    ink: float  # fraction of the card's middle that is not paper (something printed)
    sides: int  # sides where the card stands out from its surroundings
    contrast: float  # mean over the sides of the fraction of each side that stands out
    finer: bool = False  # weighed on a copy finer than the finding scale (not comparable)
    pile_top: bool = False  # fitted as a pile's top card on its edges (pile_top.py)

    def face_up(self) -> bool:
        """A whole face-up card."""
        # one side may show less paper where the outline is off by a pixel (a card it
        # touches, a split): then the rest must show a margin and an outline all round
        side_ok = self.worst_side >= 0.45 or (
            self.worst_side >= 0.3 and self.band >= 0.78 and self.sides >= 4)
        # print: a card's fruits or animal cover a tenth of its middle and more (one small
        # fruit); a box's logo, a phone's screen, a sheet of paper much less
        return (self.band >= 0.72 and side_ok and self.paper >= 0.45 and self.ink >= 0.08
                and self.sides >= 2)

    def edged_card(self) -> bool:
        """A face-up card whose deck prints big fruits close to its edge: less paper in
        its border band, but its outline stands out all round (no hand's edge, no table
        pattern cuts into it)."""
        return (self.band >= 0.6 and self.worst_side >= 0.3 and self.paper >= 0.45
                and self.ink >= 0.08 and self.outlined_all_round())

    def outlined_all_round(self) -> bool:
        """Its outline stands out from what lies round it on all four sides, nearly all
        along (a card's own edge; a patch of cloth between prints seldom does)."""
        return self.sides >= 4 and self.contrast >= 0.9

    def covered_card(self) -> bool:
        """Part of a face-up card (a hand over it): paper round most of its border, print
        inside, an outline all round (a hand's edge is an outline too)."""
        return (self.band >= 0.6 and self.paper >= 0.45 and self.ink >= 0.1 and self.sides >= 3
                and self.contrast >= 0.6)

    @property
    def score(self) -> float:
        return self.band + self.paper + 0.3 * self.contrast + 0.1 * self.sides


def _rectified(img: Image, quad: np.ndarray) -> Image:
    dst = np.array([[_R, _R], [_R + _W, _R], [_R + _W, _R + _H], [_R, _R + _H]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return np.asarray(cv2.warpPerspective(img, m, (_W + 2 * _R, _H + 2 * _R),
                                          flags=cv2.INTER_LINEAR,
                                          borderMode=cv2.BORDER_REPLICATE))


def _channel_min_max(img: Image) -> tuple[Image, Image]:
    """Per pixel, the least and the greatest of its three channels (as img.min(axis=2)
    and img.max(axis=2), the same values, many times faster on three channels)."""
    b, g, r = img[..., 0], img[..., 1], img[..., 2]
    return np.minimum(np.minimum(b, g), r), np.maximum(np.maximum(b, g), r)


def _is_paper(nmn: Image, chroma: Image) -> Image:
    """Where it is paper: bright (`nmn`: the darkest channel over the white) and grey."""
    return np.asarray((nmn > PAPER_BRIGHT) & (chroma < PAPER_GREY))


def own_white(img: Image, quad: np.ndarray) -> np.ndarray:
    """The colour of the brightest fifth of what lies inside the quad (its paper, if a
    card): the light's colour as this card shows it."""
    card = _rectified(img, quad)[_R:_R + _H, _R:_R + _W].reshape(-1, 3).astype(np.float32)
    mn = np.minimum(np.minimum(card[:, 0], card[:, 1]), card[:, 2])
    k = int(0.8 * mn.size)
    cut = np.partition(mn, k)[k]
    return np.asarray(card[mn >= cut].mean(axis=0), np.float64)


def evidence(balanced: Image, quad: np.ndarray) -> Evidence:
    """The evidence that `quad` (corners in the image's pixels, in order round the card;
    its first side a short one) outlines a face-up card. `balanced` is the frame (reduced)
    balanced to its white (vision/halli/paper.balanced): the light's colour is global, so
    paper is grey there and a beige or pink cloth is not; how bright paper is, though,
    is the quad's own (a dim corner, a shadow)."""
    patch = _rectified(balanced, quad).astype(np.float32)
    mn_all, mx_all = _channel_min_max(patch)
    chroma = (mx_all - mn_all) / np.maximum(mx_all, 1.0)
    # the card's own white: its brightest pixels
    mn = mn_all[_R:_R + _H, _R:_R + _W].ravel()
    k = int(0.8 * mn.size)
    white = max(float(np.partition(mn, k)[k:].mean()), 1.0)
    nmn = mn_all / white
    is_paper = _is_paper(nmn, chroma)
    inner = is_paper[_R:_R + _H, _R:_R + _W]
    b = _BAND
    # the band from a pixel in (the outline is found to a pixel or so) to b pixels in
    sides_in = [inner[1:b + 1, 1:-1], inner[-b - 1:-1, 1:-1], inner[1:-1, 1:b + 1],
                inner[1:-1, -b - 1:-1]]
    counts = [float(s.mean()) for s in sides_in]


    band = float(np.mean(counts))
    worst = min(counts)
    paper = float(inner.mean())
    middle = inner[b + 1:-b - 1, b + 1:-b - 1]
    ink = float(1.0 - middle.mean())
    if band < 0.45 or paper < 0.3:
        return Evidence(band, worst, paper, ink, 0, 0.0)
    contrasts = _side_contrasts(nmn, chroma)
    sides = sum(c >= SIDE_STANDS_OUT for c in contrasts)
    return Evidence(band, worst, paper, ink, sides, float(np.mean(contrasts)))


def _side_contrasts(nmn: Image, chroma: Image, along: float = 0.0) -> list[float]:
    """Per side of the rectified quad (with its ring), the fraction of its length where
    the band just inside differs from the ring just outside (brightness relative to the
    white, or colour): an edge, a step or a shadow all along it is an outline; a patch
    of cloth between prints stands out only where a print touches it. With `along`, only
    where an edge runs along the side (`ALONG`), or a dark seam lies between band and
    ring: a quad laid across a card (a card's size fitted inside a pile askew) stands out
    only where the card's edges, its printed frame and its fruits cross it at a slant."""
    y0, y1, x0, x1 = _R, _R + _H, _R, _R + _W
    across, down = slice(x0 + 2, x1 - 2), slice(y0 + 2, y1 - 2)
    strips = [
        ((slice(y0 + 1, y0 + 3), across), (slice(y0 - 3, y0 - 1), across)),
        ((slice(y1 - 3, y1 - 1), across), (slice(y1 + 1, y1 + 3), across)),
        ((down, slice(x0 + 1, x0 + 3)), (down, slice(x0 - 3, x0 - 1))),
        ((down, slice(x1 - 3, x1 - 1)), (down, slice(x1 + 1, x1 + 3))),
    ]
    # the steps across each side (rows for the first two, columns for the others), the
    # band and the ring between them, against the changes along the side in the band
    # (a pattern on the table outside may run up to the card's edge at any angle): where
    # an edge crosses the side at a slant, its gradient runs along the side as much as
    # across it
    spans = [(slice(y0 - 3, y0 + 3), across), (slice(y1 - 3, y1 + 3), across),
             (down, slice(x0 - 3, x0 + 3)), (down, slice(x1 - 3, x1 + 3))]
    bands = [(slice(y0, y0 + 3), across), (slice(y1 - 3, y1), across),
             (down, slice(x0, x0 + 3)), (down, slice(x1 - 3, x1))]
    seams = [(slice(y0 - 2, y0 + 2), across), (slice(y1 - 2, y1 + 2), across),
             (down, slice(x0 - 2, x0 + 2)), (down, slice(x1 - 2, x1 + 2))]
    if along:  # the gradients, only when asked for (the finder weighs many quads without)
        gx = np.abs(cv2.Sobel(nmn, cv2.CV_32F, 1, 0)) + np.abs(
            cv2.Sobel(chroma, cv2.CV_32F, 1, 0))
        gy = np.abs(cv2.Sobel(nmn, cv2.CV_32F, 0, 1)) + np.abs(
            cv2.Sobel(chroma, cv2.CV_32F, 0, 1))
    contrasts = []
    for n, (i, o) in enumerate(strips):
        axis = 0 if n < 2 else 1  # average across the strip's depth
        d = (np.abs(nmn[i].mean(axis=axis) - nmn[o].mean(axis=axis))
             + np.abs(chroma[i].mean(axis=axis) - chroma[o].mean(axis=axis)))
        step = d >= 0.05
        if along:
            # or a dark seam between the two (the card's edge and its shadow on the card
            # below it, paper both sides); either running along the side
            step |= np.minimum(nmn[i].mean(axis=axis), nmn[o].mean(axis=axis)) \
                - nmn[seams[n]].min(axis=axis) >= 0.05
            normal, tangent = (gy, gx) if n < 2 else (gx, gy)
            step &= normal[spans[n]].sum(axis=axis) >= along * 2 * tangent[bands[n]].sum(
                axis=axis)
        contrasts.append(float(step.mean()))
    return contrasts


def paper_outside(balanced: Image, quad: np.ndarray, changed: Image) -> list[float]:
    """Per side of `quad` (`_side_contrasts`'s order), the share of a strip just outside
    it (a pixel or two out, a pixel or two deep, of the rectified card) that is paper:
    grey and bright against the white the frame is `balanced` to (paper.balanced, 240),
    and not the table (`changed`: 255 where the frame differs from the empty table, of
    `balanced`'s size; a pale table is as bright and grey as paper). A card lying on
    another shows the lower card's paper along a side or two; a card alone, a face-down
    stack, the table round it."""
    patch = _rectified(balanced, quad).astype(np.float32)
    mn, mx = _channel_min_max(patch)
    chroma = (mx - mn) / np.maximum(mx, 1.0)
    paper = _is_paper(mn / 240, chroma) & (_rectified(changed, quad) > 127)
    y0, y1, x0, x1 = _R, _R + _H, _R, _R + _W
    across, down = slice(x0 + 2, x1 - 2), slice(y0 + 2, y1 - 2)
    strips = [paper[y0 - 3:y0 - 1, across], paper[y1 + 1:y1 + 3, across],
              paper[down, x0 - 3:x0 - 1], paper[down, x1 + 1:x1 + 3]]
    return [float(strip.mean()) for strip in strips]


def outline_sides(img: Image, quad: np.ndarray) -> list[float]:
    """How much each side of `quad` stands out from what lies just outside it (see
    `_side_contrasts`), brightness taken relative to the quad's own brightest part: the
    outline evidence of a card printed edge to edge (a picture, a back), which shows no
    paper for `evidence` to weigh, and the reader's: only an edge running along the side
    counts (`ALONG`), a dark seam too (a card's edge on the card below it)."""
    patch = _rectified(img, quad).astype(np.float32)
    mn_all, mx_all = _channel_min_max(patch)
    chroma = (mx_all - mn_all) / np.maximum(mx_all, 1.0)
    card = mx_all[_R:_R + _H, _R:_R + _W].ravel()
    k = int(0.8 * card.size)
    white = max(float(np.partition(card, k)[k:].mean()), 1.0)
    return _side_contrasts(mx_all / white, chroma, ALONG)


def runs_off(quad: np.ndarray, shape: tuple[int, ...], near: float,
             contrasts: list[float]) -> bool:
    """Whether the card may run on past the frame's edge: a side of `quad` (frame pixels)
    lies within `near` pixels of the edge, along it, and does not stand out from what
    lies between it and the edge (`contrasts`: `outline_sides` of the quad; the card's
    own paper, cut by the frame, has no edge to set the outline on)."""
    h, w = shape[:2]
    q = np.asarray(quad, np.float64).reshape(4, 2)
    # `_side_contrasts`'s order: q0-q1, q2-q3, q3-q0, q1-q2
    for n, (a, b) in enumerate(((0, 1), (2, 3), (3, 0), (1, 2))):
        ends = q[[a, b]]
        along = ((ends[:, 0] <= near).all() or (ends[:, 1] <= near).all()
                 or (ends[:, 0] >= w - 1 - near).all() or (ends[:, 1] >= h - 1 - near).all())
        if along and contrasts[n] < SIDE_STANDS_OUT:
            return True
    return False
