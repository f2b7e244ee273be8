"""What a fixed camera knows about its table before it looks at a frame.

At the table the camera does not move: the daemon learns the empty table at set-up
(`vision.halli.table_model`) and, from then on, can tell the card finder three things a
single photo cannot:

- `changed`: where the frame differs from the empty table (a card, a hand, a pile; never
  the cloth, however coloured or patterned it is);
- `card_px`: the side of a card in pixels at this table (the cards' size, learnt);
- `piles`: where piles were seen so far (their centres in frame pixels).

Every field may be missing (None, or no piles): a hint only ever helps, and a finder given
`TableHint()` must do what it does with no hint at all. `halli recognise` on one photo has
no hint.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Reduced:
    """The frame a hint was made for, as the table's model reduced it (`detect.shrink`
    to `small`'s size), and the hint's `changed` mask at that size (None: no mask), of
    which the hint's own mask is the nearest-pixel enlargement. The finder takes them
    for what it would work out again, for that frame only (the same object)."""

    frame: np.ndarray
    small: np.ndarray
    changed: np.ndarray | None


@dataclass(frozen=True)
class TableHint:
    """What the fixed camera has learnt of its table (module docstring).

    - `changed`: uint8 mask of the frame's size (H x W), 255 where the frame differs from
      the empty table, 0 where it shows the table itself; None while no model of the empty
      table is known (at set-up, or after the camera or the light changed).
    - `card_px`: the cards' side in frame pixels, as the square root of one card's area
      (`card_side`; a card's area in pixels is `card_px ** 2`, a 2:3 card's short side
      `card_px / 1.22`), or None while not learnt.
    - `piles`: the centres (x, y) in frame pixels of the piles seen so far.
    - `reduced`: the frame and the mask at the model's size (`Reduced`), or None.
    """

    changed: np.ndarray | None = None
    card_px: float | None = None
    piles: tuple[tuple[float, float], ...] = ()
    reduced: Reduced | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        mask = self.changed
        if mask is not None and (mask.ndim != 2 or mask.dtype != np.uint8):
            raise ValueError(
                f"TableHint.changed must be a 2-D uint8 mask, not {mask.dtype} {mask.shape}")
        if self.card_px is not None and not self.card_px > 0:
            raise ValueError(f"TableHint.card_px must be positive, not {self.card_px}")

    def fits(self, shape: tuple[int, ...]) -> bool:
        """Whether the mask (if any) is of a frame of this shape (H, W[, C])."""
        return self.changed is None or self.changed.shape == tuple(shape[:2])


def card_side(corners: np.ndarray) -> float:
    """A card's side in pixels from its 4 corners (any order round the card): the square
    root of the quad's area, as `TableHint.card_px` counts it."""
    q = np.asarray(corners, np.float64).reshape(4, 2)
    x, y = q[:, 0], q[:, 1]
    area = 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))
    return float(np.sqrt(area))


def card_sides(corners: np.ndarray) -> tuple[float, float]:
    """(short, long): a quad's two pairs of opposite sides, each pair's mean length (its 4
    corners in order round it)."""
    q = np.asarray(corners, np.float64).reshape(4, 2).tolist()
    # each side's length as np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1) has it
    # (sqrt(dx * dx + dy * dy), in doubles, rounded the same at each step), in Python:
    # the quads are many and small
    s = [math.sqrt((q[i][0] - q[i - 3][0]) * (q[i][0] - q[i - 3][0])
                   + (q[i][1] - q[i - 3][1]) * (q[i][1] - q[i - 3][1])) for i in range(4)]
    a, b = (s[0] + s[2]) / 2, (s[1] + s[3]) / 2
    return min(a, b), max(a, b)


def card_width(corners: np.ndarray) -> float:
    """A card's width in pixels from its 4 corners in order round it."""
    return card_sides(corners)[0]
