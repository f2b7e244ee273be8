"""The card finder's work on one reduced frame, done once per frame.

The finder looks at a frame more than once: balanced to another light's colour, with the
regions nested in another's hole, with the changed regions' hulls alone. Each look asks
again for much that an earlier one worked out: the frame balanced to the same white, the
paper masks of that balance, the outlines proposed in a mask, the evidence of an outline.
Each of those is a pure function of the reduced frame and of what its key holds, so the
result kept is the result that would be computed again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar, cast

import numpy as np

T = TypeVar("T")


def array_key(a: np.ndarray) -> tuple[str, tuple[int, ...], bytes]:
    """A key equal for two arrays exactly when they hold the same values, dtype and shape."""
    return a.dtype.str, a.shape, a.tobytes()


class FrameWork:
    """Results worked out on one reduced frame, by key (module docstring). One per frame
    and finding scale: a key never names the frame itself."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, object] = {}

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The result kept under `key`, else `make()` kept under it."""
        if key not in self._kept:
            self._kept[key] = make()
        return cast(T, self._kept[key])
