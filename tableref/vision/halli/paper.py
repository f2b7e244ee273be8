"""Where card paper may be, three ways, none of which knows the table's colour.

A card is white paper with a clear outline; the table may be any colour, white included.
Each mask is a proposal, checked afterwards card by card (vision/halli/verify.py):

- `white_paper`: bright and grey once balanced to the frame's white (its brightest,
  greyest pixels); the grey allowed is what the brightest paper itself shows, so beige,
  cream and pink cloths stay table however bright they are.
- `brighter_paper`: grey and brighter than its surroundings (the local background, a
  few cards across): cards on a pale grey or dim table, in uneven light.
- `outlined`: regions closed by edges (the frame's own gradient, its noise measured):
  cards on a white table, where only their outline and shadow tell them apart; and the
  `edge_map` itself, whose pieces are card outlines where a light table has no texture
  (an outline with a gap still spans its card).
"""

from __future__ import annotations

import cv2
import numpy as np

Image = np.ndarray


def _min_max(img: Image) -> tuple[Image, Image]:
    b, g, r = cv2.split(img)
    return cv2.min(cv2.min(b, g), r), cv2.max(cv2.max(b, g), r)


def frame_white(small: Image) -> np.ndarray:
    """The colour of white paper in this light: the mean of the brightest pixels."""
    mn, _ = _min_max(small)
    return _brightest(small, mn)


def _brightest(small: Image, mn: Image, allowed: Image | None = None) -> np.ndarray:
    """The mean colour of the brightest 0.5 % (by their darkest channel) of the allowed
    pixels (all, by default)."""
    values = mn if allowed is None else mn[allowed]
    hist = np.bincount(values.reshape(-1), minlength=256)
    above = np.cumsum(hist[::-1])
    cut = 255 - int(np.searchsorted(above, 0.005 * max(int(values.size), 1)))
    bright = mn >= cut if allowed is None else (mn >= cut) & allowed
    sel = np.asarray(bright, np.uint8)
    white = np.array(cv2.mean(small, mask=sel)[:3], np.float64)
    return np.maximum(white, 1.0)


LIGHT_TABLE = 0.6  # the table's median brightness (darkest channel) of paper's: a light one


def light_table(small: Image, white: np.ndarray) -> bool:
    """Most of the frame (the table) is nearly as bright as paper in this light: a light
    cloth, where paper is told from the table by its outline alone."""
    mn, _ = _min_max(small)
    return float(np.median(mn)) >= LIGHT_TABLE * float(np.min(white))


CLIPPED = 250  # a channel this bright may be cut off by the sensor: its colour is lost
GLARE = 0.001  # of the frame clipped, at least, for a glare to hide the light's colour


def unclipped_white(small: Image) -> np.ndarray | None:
    """The light's colour from the brightest pixels the sensor did not clip (a glare is
    white whatever the lamp's colour, and paper under a warm lamp is not), or None when
    almost nothing is clipped (then it is `frame_white`)."""
    mn, mx = _min_max(small)
    clipped = mx >= CLIPPED
    if float(clipped.mean()) < GLARE or float(clipped.mean()) > 0.5:
        return None
    return _brightest(small, mn, ~clipped)


def chroma(small: Image) -> tuple[Image, Image]:
    """(min channel, chroma in 0..255 as 255 * (max - min) / max) of an image."""
    mn, mx = _min_max(small)
    c = cv2.divide(cv2.subtract(mx, mn), np.maximum(mx, 1), scale=255.0)
    return mn, c


def balanced(small: Image, white: np.ndarray | None = None) -> Image:
    """The image balanced so that `white` (default: the frame's white) is grey 240."""
    white = frame_white(small) if white is None else np.maximum(white, 1.0)
    return np.asarray(cv2.transform(small, np.diag(240.0 / white).astype(np.float32)))


def _tidy(mask: Image, close: int) -> Image:
    m = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    # fruits printed up to the card's edge bite into the paper: close the bites
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (close, close))
    return np.asarray(cv2.morphologyEx(m, cv2.MORPH_CLOSE, k))


def paper_grey_limit(mn: Image, c: Image) -> float:
    """How grey card paper is in this frame: the chroma the brightest pixels show, plus
    room for noise; at most 0.2 (a beige cloth is 0.25 and more)."""
    hist = np.bincount(mn.reshape(-1), minlength=256)
    above = np.cumsum(hist[::-1])
    cut = 255 - int(np.searchsorted(above, 0.01 * mn.size))
    top = c[mn >= cut]
    base = float(np.percentile(top, 50)) if top.size else 10.0
    return float(min(max(base * 1.6 + 12.0, 22.0), 51.0))


def white_paper(bal: Image, close: int = 7, floor: float = 0.5) -> Image:
    """Bright, grey pixels of the balanced image (255 where paper)."""
    mn, c = chroma(bal)
    limit = paper_grey_limit(mn, c)
    paper = ((mn > int(floor * 240)) & (c < limit)).astype(np.uint8) * 255
    return _tidy(paper, close)


def background(mn: Image) -> Image:
    """The local background's brightness: a median over a window a third of the frame
    high (on a quarter-size copy; cards are at most half the frame, so the median is
    the table's)."""
    h, w = mn.shape[:2]
    tw, th = max(w // 4, 4), max(h // 4, 4)
    tiny = cv2.resize(mn, (tw, th), interpolation=cv2.INTER_AREA)
    k = max(3, int(th * 0.35)) | 1
    bg = cv2.medianBlur(tiny, k)
    return np.asarray(cv2.resize(bg, (w, h), interpolation=cv2.INTER_LINEAR))


def brighter_paper(bal: Image, close: int = 7) -> Image:
    """Grey pixels of the balanced image clearly brighter than the table round them."""
    mn, c = chroma(bal)
    limit = paper_grey_limit(mn, c)
    bg = background(mn).astype(np.float32)
    paper = ((mn.astype(np.float32) > bg * 1.1 + 8) & (c < limit)).astype(np.uint8) * 255
    return _tidy(paper, close)


TABLE_SHARE = 0.75  # of the frame the table's own colours cover, at least


def not_table(bal: Image, close: int = 7, share: float = TABLE_SHARE) -> Image:
    """Pixels (255) of a colour the table does not show: the table is most of the frame,
    so its colours are the commonest ones (a patterned cloth has several); cards, hands
    and clutter are the rest. A colour's commonness counts its neighbours a step away in
    lightness and in b (the 3x3 blur runs over the histogram laid out as L by (a, b), so
    not over a): the table's shading and noise."""
    lab = cv2.cvtColor(cv2.GaussianBlur(bal, (3, 3), 0), cv2.COLOR_BGR2LAB) // 8
    idx = (lab[..., 0].astype(np.int32) * 32 + lab[..., 1]) * 32 + lab[..., 2]
    hist = np.bincount(idx.ravel(), minlength=32 ** 3).astype(np.float32).reshape(32, 32, 32)
    near = np.asarray(cv2.blur(hist.reshape(32, 1024), (3, 3)).reshape(32, 32, 32))
    order = np.argsort(near.ravel())[::-1]
    covered = np.cumsum(hist.ravel()[order])
    table = np.zeros(32 ** 3, bool)
    table[order[:int(np.searchsorted(covered, share * idx.size)) + 1]] = True
    mn, c = chroma(bal)
    # and bright and greyish (paper in a light of another colour than the table's), which
    # parts cards from the backs, the bell and the hands they touch
    paper = (mn > int(0.45 * 240)) & (c < int(0.3 * 255))
    return _tidy((~table[idx] & paper).astype(np.uint8) * 255, close)


def edge_strength(gx: Image, gy: Image) -> float:
    """The gradient (|Sobel x| + |Sobel y|) an edge shows at least in this frame: three
    times its flattest quarter's (its noise), and 20 at least."""
    mag = cv2.add(cv2.convertScaleAbs(gx), cv2.convertScaleAbs(gy))
    return max(20.0, 3.0 * float(np.percentile(mag, 25)))


def edge_map(small: Image, close: int = 3) -> Image:
    """The frame's edges (255), thickened to close gaps of a pixel; the threshold is set
    by the frame's own noise (`edge_strength`)."""
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    gx = cv2.Sobel(grey, cv2.CV_16S, 1, 0)
    gy = cv2.Sobel(grey, cv2.CV_16S, 0, 1)
    lo = edge_strength(gx, gy)
    edges = cv2.Canny(gx, gy, lo, max(50.0, 2.5 * lo), L2gradient=False)
    return np.asarray(cv2.dilate(edges, np.ones((close, close), np.uint8)))


def outlined(edges: Image) -> Image:
    """Regions closed by edges (255 inside a region, 0 on an edge)."""
    return np.asarray(cv2.bitwise_not(edges))
