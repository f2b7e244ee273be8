"""An ONNX network loaded once for OpenCV's dnn module, on the CPU."""

from __future__ import annotations

from functools import lru_cache

import cv2


@lru_cache(maxsize=4)
def load(path: str) -> cv2.dnn.Net:
    """The network in the ONNX file at `path` (kept: the file is read once)."""
    net = cv2.dnn.readNetFromONNX(path)
    net.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
    net.setPreferableTarget(cv2.dnn.DNN_TARGET_CPU)
    return net
