"""The card reader's network: one found card in, what it shows out.

A card's quad is cut from the full frame into a small upright image (`crop_card`: the card
with a thin ring of what lies round it), and a small convolutional network, trained on the
project's own renderer (training/halli_reader.py), says what kind of face it is (fruit,
animal, back, or not a card to read) and how many of each fruit it shows. Its confidence
is the product of its answers' probabilities: a read below the bar is "unknown", never a
guess. Runs on OpenCV's dnn module (the ONNX file ships with the package); no other
runtime is needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from tableref.vision.halli.codes import FRUITS
from tableref.vision.halli.detect import order_corners
from tableref.vision.halli.onnx_net import load as _load_net

Image = np.ndarray

CROP_W, CROP_H = 64, 96  # the reader's input: an upright card
CROP_MARGIN = 4  # px of what lies round the card, each side
KIND_NAMES = ("fruit", "animal", "back", "junk")
MAX_COUNT = 5  # the counts the network tells apart: 0 .. MAX_COUNT of each fruit
MODEL = Path(__file__).with_name("models") / "reader.onnx"


def crop_card(frame: Image, quad: np.ndarray) -> Image:
    """The card at `quad` (4 corners in frame pixels, any order round it) cut upright to
    CROP_W x CROP_H, with CROP_MARGIN px of its surroundings on every side."""
    q = order_corners(np.asarray(quad, np.float32).reshape(4, 2))
    m = CROP_MARGIN
    dst = np.array([[m, m], [CROP_W - m, m], [CROP_W - m, CROP_H - m], [m, CROP_H - m]],
                   np.float32)
    mat = cv2.getPerspectiveTransform(q, dst)
    side = float(np.linalg.norm(q[1] - q[0]))
    # a card much bigger than the crop: average it down first (no aliasing of fine print)
    how = cv2.INTER_AREA if side > 2 * CROP_W else cv2.INTER_LINEAR
    if how == cv2.INTER_AREA:
        k = max(1, int(side // CROP_W))
        small = cv2.resize(frame, (frame.shape[1] // k, frame.shape[0] // k),
                           interpolation=cv2.INTER_AREA)
        mat = cv2.getPerspectiveTransform(q / k, dst)
        return np.asarray(cv2.warpPerspective(small, mat, (CROP_W, CROP_H),
                                              flags=cv2.INTER_LINEAR,
                                              borderMode=cv2.BORDER_REPLICATE))
    return np.asarray(cv2.warpPerspective(frame, mat, (CROP_W, CROP_H), flags=how,
                                          borderMode=cv2.BORDER_REPLICATE))


def normalise(crops: Image) -> np.ndarray:
    """N x H x W x 3 uint8 BGR crops to the network's N x 3 x H x W float input: each crop
    balanced to its own brightest paper-like pixels (the light's colour and level taken
    out), then centred."""
    x = crops.astype(np.float32)
    flat = x.reshape(len(x), -1, 3)
    grey = flat.mean(axis=2)
    top = np.quantile(grey, 0.9, axis=1)
    bright = grey >= top[:, None]
    white = (flat * bright[..., None]).sum(axis=1) / np.maximum(bright.sum(axis=1), 1)[:, None]
    x = x / np.maximum(white, 8.0)[:, None, None, :]
    x = np.clip(x, 0, 1.5) - 0.5
    return np.ascontiguousarray(x.transpose(0, 3, 1, 2), dtype=np.float32)


@dataclass(frozen=True)
class NetRead:
    """What the network read on one crop."""

    kind: str  # "fruit" | "animal" | "back" | "junk"
    counts: dict[str, int]  # for a fruit card
    confidence: float  # the probability of this whole answer, as the network gives it


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return np.asarray(e / e.sum(axis=-1, keepdims=True))


def available(path: Path | None = None) -> bool:
    return (path or MODEL).is_file()


def read_crops(crops: Image, path: Path | None = None) -> list[NetRead]:
    """Read N crops (N x CROP_H x CROP_W x 3 uint8 BGR) with the network."""
    if len(crops) == 0:
        return []
    net = _load_net(str(path or MODEL))
    net.setInput(normalise(crops))
    out = np.asarray(net.forward()).reshape(len(crops), -1)
    kinds = _softmax(out[:, :len(KIND_NAMES)])
    counts = _softmax(out[:, len(KIND_NAMES):].reshape(len(crops), 4, MAX_COUNT + 1))
    reads = []
    for k, c in zip(kinds, counts, strict=True):
        kind = int(np.argmax(k))
        conf = float(k[kind])
        n = {f: 0 for f in FRUITS}
        if KIND_NAMES[kind] == "fruit":
            best = np.argmax(c, axis=1)
            conf *= float(np.prod(c[np.arange(4), best]))
            n = {f: int(b) for f, b in zip(FRUITS, best, strict=True)}
        reads.append(NetRead(KIND_NAMES[kind], n, conf))
    return reads
