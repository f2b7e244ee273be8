"""The median of an array, the value `np.median` gives, without its overhead: the counter
takes a few hundred small medians a frame (a blob's levels, a ring round it)."""

from __future__ import annotations

import numpy as np


def median(values: np.ndarray) -> float:
    """`float(np.median(values))` of integer or float values: the middle one, or the mean
    of the middle two (for floats by `np.mean`, as `np.median` takes it; NaN as it gives)."""
    a = np.asarray(values).ravel()
    n = a.size
    if n == 0 or a.dtype.kind not in "iuf":
        return float(np.median(a))
    k = n // 2
    kth = [k - 1, k] if n % 2 == 0 else [k]
    if a.dtype.kind == "f":
        part = np.partition(a, [*kth, n - 1])
        if np.isnan(part[-1]):
            return float(np.median(a))
        if n % 2 == 0:
            return float(np.mean(part[k - 1:k + 1]))
        return float(part[k])
    part = np.partition(a, kth)
    if n % 2 == 0:
        return (int(part[k - 1]) + int(part[k])) / 2
    return float(part[k])
