"""When a player's zone of the table has changed and then stays still: the moment to
photograph their reserve by itself.

A `ZoneWatch` follows one zone (a box of the camera's picture) over the frames, each seen
small and grey (`WORK` pixels on its longer side, blurred: sensor noise and JPEG are no
change). It keeps three views of the zone:

- the *anchor*, the view of the zone when it last moved: a frame that differs from it in
  more than `MOVED` of the zone's pixels is motion, and becomes the anchor;
- *still*: no motion for `still_s` seconds of the frames' own times;
- the *reference*, the view when the zone was last photographed (`taken`), or, before the
  first photo, the first still view.

Once still, the zone is `CHANGED` (photograph it now) when its view differs from the
reference in more than `CHANGE` of its pixels, and nothing lies across its edge. The edge
is a band of the zone along its border; it must look as in the reference: the arm of a
hand over the zone always crosses the zone's edge, however still the hand is held, while
the cards of a reserve lie inside the zone. A zone whose edge stays covered (a card pushed
onto the line) is `CROSSED` until it is cleared or the player asks for the photo. The
watch fires once per change: it stays `CHANGED` until `taken` makes the photographed view
the reference. Slow changes of the light are taken out: each view is scaled to the
reference's brightness along the edge (the median ratio, which a hand on part of the
edge does not move).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import cv2
import numpy as np

WORK = 96  # pixels on the zone's longer side, as it is compared
LEVEL = 24.0  # grey levels (of 255) by which a pixel differs, blurred, to count as changed
MOVED = 0.01  # share of the zone's pixels changed from the anchor: motion
CHANGE = 0.02  # share of the inside changed from the reference: a change (a card is 5 %)
CROSS = 0.01  # share of the edge band changed from the reference: something across it
BAND = 0.07  # the edge band's width, of the zone's shorter side (at least 3 pixels)


class ZoneState(Enum):
    MOVING = "moving"  # something moves in the zone, or did less than still_s ago
    STILL = "still"  # still, as it was last photographed (or first seen)
    CROSSED = "crossed"  # still, but something lies across the zone's edge (a hand)
    CHANGED = "changed"  # still and changed since the last photo: photograph it


@dataclass(frozen=True)
class ZoneSeen:
    state: ZoneState
    view: np.ndarray  # the zone as compared (WORK px, grey, float32): for `taken`


class ZoneWatch:
    """One zone over the frames (module docstring). `box` is (left, top, right, bottom)
    in the picture's pixels; ValueError when it holds less than 16x16 of it."""

    def __init__(self, box: tuple[int, int, int, int], still_s: float = 2.0) -> None:
        left, top, right, bottom = box
        if right - left < 16 or bottom - top < 16:
            raise ValueError(f"zone {box}: too small to watch (at least 16x16 pixels)")
        self.box = box
        self.still_ns = int(still_s * 1e9)
        scale = WORK / max(right - left, bottom - top)
        self.size = (max(8, round((right - left) * scale)), max(8, round((bottom - top) * scale)))
        w, h = self.size
        band = max(3, round(BAND * min(w, h)))
        self.edge = np.zeros((h, w), bool)
        self.edge[:band] = self.edge[-band:] = True
        self.edge[:, :band] = self.edge[:, -band:] = True
        self._anchor: np.ndarray | None = None
        self._anchor_ns = 0
        self._reference: np.ndarray | None = None

    def view(self, image: np.ndarray) -> np.ndarray:
        """The zone of a BGR picture as compared: small, grey, blurred."""
        left, top, right, bottom = self.box
        h, w = image.shape[:2]
        part = image[max(0, top):min(h, bottom), max(0, left):min(w, right)]
        if part.shape[0] < 2 or part.shape[1] < 2:
            raise ValueError(f"zone {self.box} lies outside the {w}x{h} picture")
        small = cv2.resize(part, self.size, interpolation=cv2.INTER_AREA)
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small
        return cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 1.2)

    def see(self, image: np.ndarray, t_ns: int) -> ZoneSeen:
        view = self.view(image)
        if self._anchor is None or _changed(view, self._anchor) > MOVED:
            self._anchor, self._anchor_ns = view, t_ns
        if t_ns - self._anchor_ns < self.still_ns:
            return ZoneSeen(ZoneState.MOVING, view)
        if self._reference is None:
            self._reference = view
        ref = self._reference
        now = _to_light_of(view, ref, self.edge)
        diff = np.abs(now - ref) > LEVEL
        if diff[self.edge].mean() > CROSS:
            return ZoneSeen(ZoneState.CROSSED, view)
        if diff[~self.edge].mean() > CHANGE:
            return ZoneSeen(ZoneState.CHANGED, view)
        return ZoneSeen(ZoneState.STILL, view)

    def taken(self, view: np.ndarray) -> None:
        """The zone was photographed as `view` (from `see` or `view`): the new reference."""
        if view.shape != self.edge.shape:
            raise ValueError("a view of another zone")
        self._reference = view


def _changed(a: np.ndarray, b: np.ndarray) -> float:
    return float((np.abs(a - b) > LEVEL).mean())


def _to_light_of(view: np.ndarray, ref: np.ndarray, edge: np.ndarray) -> np.ndarray:
    """`view` scaled to `ref`'s brightness along the edge (the median ratio)."""
    ratio = float(np.median((ref[edge] + 1.0) / (view[edge] + 1.0)))
    return view * float(np.clip(ratio, 0.5, 2.0))
