"""The table camera for Nimalia: each player's zone of the table, set once on the page, and
the zone of the latest frame cut out when a player's reserve is to be photographed.

The zones are in the same form as Nelly's (`{"zones": [{"player": 0, "polygon": [[x, y],
...]}]}`, the frame's pixels; `nelly_count.parse_zones`, kept by a `ZoneStore` in the data
dir as `nimalia_zones.json`). `NimaliaEyes` runs in the daemon's vision thread for every
frame: it keeps the frame (a reference, nothing copied), watches each zone for a change
that then stays still (vision/nimalia/still.py: the moment to photograph it by itself,
never while a hand is over it) and now and then draws the zones on it for the page's
camera view.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from tableref.device.camera.base import Frame
from tableref.vision.nimalia.still import ZoneSeen, ZoneWatch

log = logging.getLogger("tableref.nimalia")

ZONES_FILE = "nimalia_zones.json"
MARGIN = 0.04  # of the zone's size, added around it: a card on the zone's line is kept


@dataclass(frozen=True)
class NimaliaSight:
    """The latest camera frame (not copied: the camera hands a new array every frame)."""

    t_ns: int
    image: np.ndarray
    zones: dict[int, ZoneSeen] = field(default_factory=dict)  # by seat


class NimaliaEyes:
    def __init__(self, zones: Callable[[], Mapping[str, Any] | None],
                 jpeg_every_s: float = 0.5, still_s: float = 2.0) -> None:
        self.zones = zones
        self.jpeg_every_s = jpeg_every_s
        self.still_s = still_s
        self._last_jpeg = 0.0
        self._watched: tuple[Mapping[str, Any] | None, dict[int, ZoneWatch]] = (None, {})
        self._latest: dict[int, ZoneSeen] = {}

    def look(self, frame: Frame) -> tuple[NimaliaSight, bytes | None]:
        zones = self.zones()
        seen: dict[int, ZoneSeen] = {}
        for seat, watch in self._watches(zones).items():
            try:
                seen[seat] = watch.see(frame.image, frame.t_ns)
            except ValueError:  # the zone is outside this picture: asking for it says so
                continue
        self._latest = seen
        jpeg = None
        now = time.monotonic()
        if now - self._last_jpeg >= self.jpeg_every_s:
            self._last_jpeg = now
            jpeg = annotate_zones(frame.image, zones)
        return NimaliaSight(frame.t_ns, frame.image, seen), jpeg

    def taken(self, seat: int, image: np.ndarray | None = None) -> None:
        """`seat`'s reserve was photographed (from `image`, a camera picture; None: from a
        phone, the zone as the camera saw it last): the zone counts as changed again only
        once it changes from that."""
        watch = self._watched[1].get(seat)
        if watch is None:
            return
        try:
            view = watch.view(image) if image is not None else self._latest[seat].view
        except (KeyError, ValueError):
            return
        watch.taken(view)

    def _watches(self, zones: Mapping[str, Any] | None) -> dict[int, ZoneWatch]:
        """A watch per zone, made again when the zones change."""
        if zones is not self._watched[0]:
            watches = {}
            for zone in (zones or {}).get("zones", []):
                pts = np.array(zone["polygon"], np.float64)
                (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
                try:
                    watches[zone["player"]] = ZoneWatch(
                        (int(x0), int(y0), int(np.ceil(x1)), int(np.ceil(y1))), self.still_s)
                except ValueError as err:
                    log.warning("zone of seat %d not watched: %s", zone["player"], err)
            self._watched = (zones, watches)
        return self._watched[1]


def zone_of(zones: Mapping[str, Any] | None, seat: int) -> list[list[int]] | None:
    for zone in (zones or {}).get("zones", []):
        if zone["player"] == seat:
            return [list(p) for p in zone["polygon"]]
    return None


def cut_zone(image: np.ndarray, polygon: list[list[int]]) -> np.ndarray:
    """The part of the frame inside a zone's bounding box (and a small margin around it);
    ValueError when the zone lies outside the frame."""
    h, w = image.shape[:2]
    pts = np.array(polygon, np.float32)
    x0, y0 = pts.min(axis=0)
    x1, y1 = pts.max(axis=0)
    mx, my = MARGIN * (x1 - x0), MARGIN * (y1 - y0)
    left, top = max(0, int(x0 - mx)), max(0, int(y0 - my))
    right, bottom = min(w, int(np.ceil(x1 + mx))), min(h, int(np.ceil(y1 + my)))
    if right - left < 64 or bottom - top < 64:
        raise ValueError(f"the zone ({left}..{right} x {top}..{bottom}) is not a part of the "
                         f"camera's {w}x{h} picture of at least 64x64 pixels: set it again")
    return np.ascontiguousarray(image[top:bottom, left:right])


def annotate_zones(image: np.ndarray, zones: Mapping[str, Any] | None) -> bytes | None:
    out = image.copy()
    for zone in (zones or {}).get("zones", []):
        pts = np.array(zone["polygon"], dtype=np.int32)
        cv2.polylines(out, [pts], True, (255, 255, 255), 2)
        x, y = int(pts[:, 0].min()), int(pts[:, 1].min())
        label = str(zone["player"] + 1)
        cv2.putText(out, label, (x + 4, y + 24), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (0, 0, 0), 4)
        cv2.putText(out, label, (x + 4, y + 24), cv2.FONT_HERSHEY_SIMPLEX, 0.8,
                    (255, 255, 255), 2)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 75])
    return buf.tobytes() if ok else None
