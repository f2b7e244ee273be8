"""The card finder's network: a frame in, the top cards' and backs' outlines out.

A small fully convolutional network (trained on the project's own renderer, training/
halli_finder.py) looks at the frame 384 px wide and says for every pixel whether it shows
a top card's face, a card's back, or a top card's core (its inner half). Each core is one
card: the face pixels round it are grown onto it (touching cards come apart on the line
between their cores), and the card's outline is the rectangle of those pixels in the full
frame. A card whose visible part is not a whole card (a hand over it, the frame's edge)
is returned as not `clean`: found, never to be read. Runs on OpenCV's dnn module.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from tableref.vision.halli.hint import card_sides
from tableref.vision.halli.onnx_net import load as _load_net

Image = np.ndarray

FINDER_WIDTH = 384
MODEL = Path(__file__).with_name("models") / "finder.onnx"
# a card whose face fills less of its outline is partly hidden or not one card: not read.
# Both readers judge what passes (a hand, a second card, the table), so this only keeps
# out what neither could make sense of
CLEAN_FILL = 0.88


@dataclass(frozen=True)
class NetQuad:
    """A card's outline in frame pixels (4 x 2 float32, clockwise) and how sure."""

    corners: np.ndarray
    clean: bool  # the whole card is seen: a rectangle filled by its face
    fill: float  # visible face / the outline's area
    score: float  # the face's mean probability over the outline


@dataclass(frozen=True)
class NetFound:
    cards: list[NetQuad]
    backs: list[np.ndarray]
    maps: np.ndarray  # 3 x h x w probabilities at the network's size (face, back, core)
    scale: float  # frame pixels per map pixel


def available(path: Path | None = None) -> bool:
    return (path or MODEL).is_file()


def net_input(frame: Image) -> tuple[np.ndarray, int, int, float]:
    """The network's input blob for a frame, its unpadded height and width, and the scale
    (frame px per input px). Each channel is divided by its 99th percentile over the frame
    (the light's colour and level), clipped and centred (as training/halli_finder.py)."""
    h, w = frame.shape[:2]
    scale = w / FINDER_WIDTH
    nh = max(16, round(h / scale))
    small = cv2.resize(frame, (FINDER_WIDTH, nh), interpolation=cv2.INTER_AREA)
    x = small.astype(np.float32) / 255
    q = np.quantile(x[::4, ::4].reshape(-1, 3), 0.99, axis=0)
    x = np.clip(x / np.maximum(q, 0.1), 0, 1.5) - 0.5
    ph = (nh + 15) // 16 * 16
    blob = np.full((ph, FINDER_WIDTH, 3), -0.5, np.float32)
    blob[:nh] = x
    return np.ascontiguousarray(blob.transpose(2, 0, 1)[None]), nh, FINDER_WIDTH, scale


def maps(frame: Image, path: Path | None = None) -> tuple[np.ndarray, float]:
    """The three probability maps (face, back, core) at the network's size, and the scale."""
    blob, nh, nw, scale = net_input(frame)
    net = _load_net(str(path or MODEL))
    net.setInput(blob)
    out = np.asarray(net.forward())[0, :, :nh, :nw]
    return 1 / (1 + np.exp(-out)), scale


def _instances(face: np.ndarray, core: np.ndarray, min_core: int) -> tuple[np.ndarray, int]:
    """Label each face pixel with the core it belongs to (0: none)."""
    n, cores = cv2.connectedComponents(core.astype(np.uint8), connectivity=8)
    if n <= 1:
        return np.zeros(face.shape, np.int32), 0
    areas = np.bincount(cores.ravel(), minlength=n)
    small = areas < min_core
    small[0] = False
    cores[small[cores]] = 0
    _, nearest = cv2.distanceTransformWithLabels((cores == 0).astype(np.uint8), cv2.DIST_L2, 3,
                                                 labelType=cv2.DIST_LABEL_PIXEL)
    ys, xs = np.nonzero(cores)
    which = np.zeros(int(nearest.max()) + 1, np.int32)
    which[nearest[ys, xs]] = cores[ys, xs]
    _, region = cv2.connectedComponents(face.astype(np.uint8), connectivity=4)
    home = np.zeros(int(nearest.max()) + 1, np.int32)
    home[nearest[ys, xs]] = region[ys, xs]
    labels = np.where(face & (home[nearest] == region), which[nearest], 0)
    return labels.astype(np.int32), n - 1


def _quad(mask: np.ndarray, prob: np.ndarray, scale: float) -> tuple[np.ndarray, float] | None:
    """The outline (frame px) of one card's pixels, and how much of it they fill."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 4:
        return None
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    pad = 2
    x0, y0 = max(x0 - pad, 0), max(y0 - pad, 0)
    x1, y1 = min(x1 + pad, mask.shape[1]), min(y1 + pad, mask.shape[0])
    soft = np.where(mask[y0:y1, x0:x1], prob[y0:y1, x0:x1], 0).astype(np.float32)
    # a finer outline: the probability upsampled four times, cut at a half
    k = 4
    fine = cv2.resize(soft, ((x1 - x0) * k, (y1 - y0) * k), interpolation=cv2.INTER_LINEAR)
    binary = (fine >= 0.5).astype(np.uint8)
    cs, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not cs:
        return None
    cnt = max(cs, key=cv2.contourArea)
    area = float(cv2.contourArea(cnt))
    rect = cv2.boxPoints(cv2.minAreaRect(cnt)).astype(np.float32)
    rarea = abs(float(cv2.contourArea(rect)))
    if rarea <= 0:
        return None
    quad = rect
    hull = cv2.convexHull(cnt)
    approx = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
    if len(approx) == 4 and cv2.isContourConvex(approx):
        q = approx.reshape(4, 2).astype(np.float32)
        if abs(float(cv2.contourArea(q))) >= 0.93 * rarea:  # follows the perspective
            quad = q
    # fine pixel centres to frame pixels
    full = ((quad + 0.5) / k + np.array([x0, y0], np.float32)) * scale - 0.5
    return _clockwise(full), area / rarea


def _clockwise(q: np.ndarray) -> np.ndarray:
    c = q.mean(axis=0)
    q = q[np.argsort(np.arctan2(q[:, 1] - c[1], q[:, 0] - c[0]))]
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[2] - q[1]):
        q = np.roll(q, -1, axis=0)
    return q.astype(np.float32)


def _at_border(q: np.ndarray, shape: tuple[int, ...], px: float) -> bool:
    h, w = shape[:2]
    return bool((q[:, 0] < px).any() or (q[:, 1] < px).any() or (q[:, 0] > w - 1 - px).any()
                or (q[:, 1] > h - 1 - px).any())


def _aspect(q: np.ndarray) -> float:
    short, long_ = card_sides(q)
    return long_ / max(short, 1e-6)


def find(frame: Image, path: Path | None = None, changed: Image | None = None) -> NetFound:
    """The top cards and backs in a frame. `changed` (optional, frame-sized uint8 mask
    from a model of the empty table): a card the network is unsure of must lie where the
    frame differs from the table (a sure one stands: a card lying there since before the
    table was learnt is still a card)."""
    probs, scale = maps(frame, path)
    face, back, core = probs[0] > 0.5, probs[1] > 0.5, probs[2] > 0.5
    h, w = face.shape
    labels, n = _instances(face, core & face, min_core=3)
    small_changed = None
    if changed is not None:
        small_changed = cv2.resize(changed, (w, h), interpolation=cv2.INTER_AREA) > 127
    cards: list[NetQuad] = []
    for i in range(1, n + 1):
        mask = labels == i
        got = _quad(mask, probs[0], scale)
        if got is None:
            continue
        quad, fill = got
        area = abs(float(cv2.contourArea(quad))) / scale ** 2
        if area < 12:
            continue
        score = float(probs[0][mask].mean())
        aspect = _aspect(quad)
        if small_changed is not None and score < 0.8 and float(small_changed[mask].mean()) < 0.3:
            continue  # an unsure card where the frame shows the empty table: the table
        clean = fill >= CLEAN_FILL and 1.2 <= aspect <= 2.0 \
            and not _at_border(quad, frame.shape, 1.5)
        cards.append(NetQuad(quad, clean, fill, score))
    backs: list[np.ndarray] = []
    nb, blabels, stats, _ = cv2.connectedComponentsWithStats(back.astype(np.uint8), connectivity=8)
    for i in range(1, nb):
        if stats[i, cv2.CC_STAT_AREA] < 12:
            continue
        got = _quad(blabels == i, probs[1], scale)
        if got is not None:
            backs.append(got[0])
    return NetFound(cards, backs, probs, scale)
