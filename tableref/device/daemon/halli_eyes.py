"""The Halli recogniser as the daemon uses it: a frame in, the top card of each seat out.

Cards are given to the seat whose pile place is nearest (`vision.halli.seats`: seat 0
nearest the bottom of the frame, then clockwise). Runs in the daemon's vision thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import cv2
import numpy as np

from tableref.device.camera.base import Frame
from tableref.device.daemon.halli_flips import UNREADABLE, TableSeen
from tableref.vision.halli.recognise import SeenCard
from tableref.vision.halli.seats import pile_places

Reader = Callable[[np.ndarray], list[SeenCard]]  # a Recogniser


class StillTable:
    """Says whether a frame shows the same table as the last one recognised: the frame is
    shrunk to blocks of about 20x20 px of the 1280x720 view and compared block by block, so
    sensor noise averages out while a turned card or a hand changes some block a lot."""

    def __init__(self, threshold: float = 6.0, size: tuple[int, int] = (64, 36)) -> None:
        self.threshold = threshold
        self.size = size
        self._last: np.ndarray | None = None

    def changed(self, image: np.ndarray) -> bool:
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        small = cv2.resize(grey, self.size, interpolation=cv2.INTER_AREA).astype(np.int16)
        last, self._last = self._last, small
        return last is None or float(np.abs(small - last).max()) > self.threshold


class HalliEyes:
    """Recognise a frame and say which card lies on which of `seats` piles.

    A frame that shows the same table as the last one recognised (`StillTable`) keeps its
    reading, re-checked at least every `recheck_s` of frame time; this is what keeps the box
    cool while nobody moves."""

    def __init__(self, recogniser: Reader, seats: int, jpeg_every_s: float = 0.5,
                 recheck_s: float = 1.0) -> None:
        self.recogniser = recogniser
        self.seats = seats
        self.jpeg_every_s = jpeg_every_s
        self.recheck_s = recheck_s
        self.still = StillTable()
        self._last_jpeg: float | None = None  # frame time of the last annotated frame
        self._last_read: tuple[float, tuple[str | None, ...]] | None = None
        self.ms: list[float] = []  # recognition time per frame, for the benchmark
        self.skipped = 0

    def look(self, frame: Frame) -> tuple[TableSeen, bytes | None]:
        start = time.perf_counter()
        now = frame.t_ns / 1e9  # the frame's own time: recorded frames read as live ones
        seats = self.seats
        changed = self.still.changed(frame.image)
        last = self._last_read
        if not changed and last is not None and now - last[0] < self.recheck_s:
            self.skipped += 1
            return TableSeen(frame.t_ns, last[1]), None
        cards = self.recogniser(frame.image)
        h, w = frame.image.shape[:2]
        places = pile_places(seats, (w, h))
        best: list[tuple[float, SeenCard] | None] = [None] * seats
        reach = 0.22 * min(w, h) + 0.1 * max(w, h)
        for card in cards:
            dists = [np.hypot(card.center[0] - px, card.center[1] - py) for px, py in places]
            seat = int(np.argmin(dists))
            if dists[seat] > reach:
                continue
            held = best[seat]
            # a readable card beats an unreadable one; then the one nearest the place
            rank = dists[seat] + (0 if card.code is not None else 1e6)
            if held is None or rank < held[0]:
                best[seat] = (rank, card)
        tops: list[str | None] = []
        for entry in best:
            if entry is None:
                tops.append(None)
            else:
                tops.append(entry[1].code if entry[1].code is not None else UNREADABLE)
        self.ms.append((time.perf_counter() - start) * 1000)
        del self.ms[:-1000]
        self._last_read = (now, tuple(tops))
        jpeg = None
        if self._last_jpeg is None or now - self._last_jpeg >= self.jpeg_every_s:
            self._last_jpeg = now
            jpeg = annotate(frame.image, cards)
        return TableSeen(frame.t_ns, tuple(tops)), jpeg


def annotate(image: np.ndarray, cards: list[SeenCard]) -> bytes | None:
    """The frame with each card's outline and code drawn on it, as JPEG."""
    out = image.copy()
    for card in cards:
        pts = np.array(card.corners, np.int32).reshape(-1, 1, 2)
        colour = (0, 200, 0) if card.code is not None else (0, 0, 230)
        cv2.polylines(out, [pts], True, colour, 3)
        label = card.code or "?"
        x, y = int(card.center[0]), int(card.center[1])
        cv2.putText(out, label, (x - 30, y), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 5)
        cv2.putText(out, label, (x - 30, y), cv2.FONT_HERSHEY_SIMPLEX, 1.0, colour, 2)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 75])
    return buf.tobytes() if ok else None
