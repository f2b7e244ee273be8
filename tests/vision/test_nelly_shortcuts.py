"""The counter's shortcuts give the values of what they stand for (median.py: np.median;
still.py: the still frame compared on the zone's own blocks, not the whole frame's;
table.py: every fourth pixel by resizing, the bins in place; domes.py: one colour's hue on
numpy scalars; count.py: a box all in or out of the zone by its integral image, a flat
box spared the rounding out of its parts; gloss.py: the domes' outlines opened at once)."""

import cv2
import numpy as np
import pytest

from tableref.vision.nelly.count import _dome_shaded, _flat, _ZoneData
from tableref.vision.nelly.domes import Blob, Paints
from tableref.vision.nelly.gloss import shell_outline, shell_outlines
from tableref.vision.nelly.light import Light
from tableref.vision.nelly.median import median
from tableref.vision.nelly.still import (
    _every_other,
    _median,
    over_mask,
    over_since,
    quarter,
    quarter_window,
)
from tableref.vision.nelly.table import BINS, HI, LO, STEP, STRIDE, _every, _index
from tableref.vision.nelly.zones import Zone


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


def test_over_since_is_over_mask_on_the_whole_quarter() -> None:
    now, then = _frame(2), _frame(2)
    then[200:330, 420:600] = _frame(3)[200:330, 420:600]  # an arm's worth of change
    inside = np.zeros((260, 500), np.uint8)
    inside[30:230, 40:460] = 1
    for origin in [(300, 120), (302, 121), (900, 500)]:
        x, y = origin
        q0, q1 = x // 4, y // 4
        full = over_mask(quarter(now)[q1:q1 + 65, q0:q0 + 125],
                         quarter(then)[q1:q1 + 65, q0:q0 + 125], inside, 300.0, 1.1) is not None
        assert (over_since(now, then, origin, inside, 300.0, 1.1) is not None) == full
    assert over_since(now, then, (300, 120), inside, 300.0) is not None  # the change is seen


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


def test_one_colours_hue_is_the_arrays() -> None:
    rng = np.random.default_rng(6)
    for t in range(3000):
        paints = Paints(Light(*rng.uniform(-0.5, 0.5, 2), "plants"), 9.5,
                        float(rng.uniform(-0.12, 0.12)))
        b, g, r = (float(x) for x in rng.uniform(0, 255, 3))
        if t % 3 == 0:  # R about B: the denominator's floor
            r = b + float(rng.uniform(-3, 3))
        if t % 7 == 0:
            b, g, r = (float(x) for x in rng.integers(0, 256, 3))
        assert paints.hue_of((b, g, r)) == float(paints.hue(b, g, r))


def _zone_data(inside: np.ndarray, bright: np.ndarray) -> _ZoneData:
    z = Zone(0, ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0)))
    f = np.zeros(inside.shape, np.float32)
    return _ZoneData(z, (0, 0), inside, np.zeros((*inside.shape, 3), np.uint8), f, f, bright)


def test_a_box_in_the_zone_is_what_its_pixels_say() -> None:
    rng = np.random.default_rng(8)
    inside = np.zeros((60, 80), np.uint8)
    cv2.fillPoly(inside, [np.array([[5, 3], [70, 10], [60, 55], [10, 40]], np.int32)], 1)
    d = _zone_data(inside, np.zeros((60, 80), np.uint8))
    for _ in range(500):
        x, y = int(rng.integers(0, 79)), int(rng.integers(0, 59))
        w, h = int(rng.integers(1, 81 - x)), int(rng.integers(1, 61 - y))
        box = inside[y:y + h, x:x + w]
        want = 1 if box.all() else 0 if not box.any() else -1
        assert d.in_zone(x, y, w, h) == want


def test_a_flat_box_holds_no_dome_shaded_blob() -> None:
    """_flat says no more than _dome_shaded would: where it finds the box flat, no blob of
    the paint in it is shaded like a dome."""
    rng = np.random.default_rng(9)
    flat = 0
    for t in range(300):
        bright = rng.integers(30, 30 + int(rng.integers(5, 60)), (40, 40)).astype(np.uint8)
        paint = (rng.random((40, 40)) < 0.8).astype(np.uint8)
        alike, mask = paint & (rng.random((40, 40)) < 0.5), paint.copy()
        mask[alike > 0] = 0
        d = _zone_data(np.ones((40, 40), np.uint8), bright)
        if not _flat(d, alike, mask, (-2, -2, 42, 42)):
            continue
        flat += 1
        win = np.zeros((42, 42), np.uint8)
        cv2.circle(win, (21, 21), 8 + t % 10, 1, -1)
        blob_win = win[1:-1, 1:-1] & (alike | mask)
        dist = cv2.distanceTransform(cv2.copyMakeBorder(blob_win, 1, 1, 1, 1, 0), cv2.DIST_L2,
                                     3)[1:-1, 1:-1]
        blob = Blob((0, 0), blob_win > 0, int(blob_win.sum()), float(dist.max()), dist)
        assert not _dome_shaded(blob, d)
    assert flat >= 20


def test_shell_outlines_at_once_are_each_blobs() -> None:
    rng = np.random.default_rng(10)
    for r1 in (2.0, 5.4, 9.5, 14.0):
        blobs = []
        for _ in range(12):
            h, w = int(rng.integers(3, 50)), int(rng.integers(3, 50))
            win = np.zeros((h, w), np.uint8)
            for _ in range(3):  # a few overlapping discs and a speck, touching the edges
                cv2.circle(win, (int(rng.integers(0, w)), int(rng.integers(0, h))),
                           int(rng.integers(1, 20)), 1, -1)
            win[rng.random((h, w)) < 0.05] = 1
            blobs.append(Blob((0, 0), win > 0, int(win.sum()), 0.0, np.zeros((0, 0))))
        for one, each in zip(shell_outlines(blobs, r1), blobs, strict=True):
            assert np.array_equal(one, shell_outline(each, r1))


def test_a_glare_hole_keeps_a_box_from_being_flat() -> None:
    """A blob is its outline filled: a dome's glare, a hole in its paint, is part of it and
    of its shading; the box holding it is not flat though its paint is."""
    paint = np.zeros((40, 40), np.uint8)
    cv2.circle(paint, (20, 20), 12, 1, -1)
    cv2.circle(paint, (20, 20), 4, 0, -1)  # the glare: no paint
    bright = np.full((40, 40), 60, np.uint8)
    bright[paint == 0] = 200
    d = _zone_data(np.ones((40, 40), np.uint8), bright)
    filled = np.zeros((40, 40), np.uint8)
    cv2.circle(filled, (20, 20), 12, 1, -1)
    dist = cv2.distanceTransform(filled, cv2.DIST_L2, 3)
    blob = Blob((0, 0), filled > 0, int(filled.sum()), float(dist.max()), dist)
    assert _dome_shaded(blob, d)
    for alike, mask in ((paint, np.zeros_like(paint)), (np.zeros_like(paint), paint)):
        assert not _flat(d, alike, mask, (0, 0, 40, 40))
