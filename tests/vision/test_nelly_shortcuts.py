"""The counter's shortcuts give the values of what they stand for (median.py: np.median;
still.py: the still frame compared on the zone's own blocks, not the whole frame's;
table.py: every fourth pixel by resizing, the bins in place)."""

import numpy as np
import pytest

from tableref.vision.nelly.median import median
from tableref.vision.nelly.still import (
    _every_other,
    _median,
    changed_over,
    changed_since,
    quarter,
    quarter_window,
)
from tableref.vision.nelly.table import BINS, HI, LO, STEP, STRIDE, _every, _index


@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float32, np.float64])
def test_median_is_numpys(dtype: type) -> None:
    rng = np.random.default_rng(7)
    for n in [1, 2, 3, 4, 5, 10, 11, 255, 256, 1001]:
        for spread in (2, 9, 256):
            if np.dtype(dtype).kind == "f":
                a = (rng.normal(0, 1, n) * spread).astype(dtype)
            else:
                a = rng.integers(0, spread, n).astype(dtype)
            assert median(a) == float(np.median(a))
            if dtype is np.uint8:
                assert _median(a) == float(np.median(a))


def _frame(seed: int, h: int = 720, w: int = 1280) -> np.ndarray:
    rng = np.random.default_rng(seed)
    base = rng.integers(0, 256, (h // 16 + 1, w // 16 + 1, 3), dtype=np.uint8)
    smooth = np.repeat(np.repeat(base, 16, axis=0), 16, axis=1)[:h, :w]
    return np.clip(smooth + rng.normal(0, 12, (h, w, 3)), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("size", [(720, 1280), (718, 1278), (724, 1284)])
def test_quarter_window_is_the_quarters_window(size: tuple[int, int]) -> None:
    frame = _frame(1, *size)
    full = quarter(frame)
    assert np.array_equal(_every_other(frame), full[::2, ::2])
    for x, y, w, h in [(0, 0, 40, 30), (17, 9, 63, 41), (300, 170, 40, 40), (319, 179, 1, 1)]:
        assert np.array_equal(quarter_window(frame, x, y, w, h), full[y:y + h, x:x + w])


def test_changed_since_is_changed_over_the_whole_quarter() -> None:
    now, then = _frame(2), _frame(2)
    then[200:330, 420:600] = _frame(3)[200:330, 420:600]  # an arm's worth of change
    inside = np.zeros((260, 500), np.uint8)
    inside[30:230, 40:460] = 1
    for origin in [(300, 120), (302, 121), (900, 500)]:
        x, y = origin
        q0, q1 = x // 4, y // 4
        full = changed_over(quarter(now)[q1:q1 + 65, q0:q0 + 125],
                            quarter(then)[q1:q1 + 65, q0:q0 + 125], inside, 300.0, 1.1)
        assert changed_since(now, then, origin, inside, 300.0, 1.1) == full
    assert changed_since(now, then, (300, 120), inside, 300.0)  # the change is seen


@pytest.mark.parametrize("size", [(720, 1280), (718, 1278), (480, 640)])
def test_every_fourth_pixel_is_numpys(size: tuple[int, int]) -> None:
    frame = _frame(4, *size)
    assert np.array_equal(_every(frame), frame[::STRIDE, ::STRIDE])


def test_bins_of_shifted_values_are_the_shifted_values_bins() -> None:
    rng = np.random.default_rng(5)
    u = np.concatenate([rng.normal(-0.5, 2, 5000), [0.0, -0.0, LO, LO - 0.05, HI, 1.95]])
    u = u.astype(np.float32)
    v = rng.permutation(u)
    for du, dv in [(0.0, 0.3), (0.137, 0.0), (-0.21, 0.05)]:
        want = np.clip(((u + du - LO) / STEP).astype(np.int32), 0, BINS - 1) * BINS + np.clip(
            ((v + dv - LO) / STEP).astype(np.int32), 0, BINS - 1)
        assert np.array_equal(_index(u, v, du, dv), want)
