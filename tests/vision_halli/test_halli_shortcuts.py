"""The card finder's shortcuts give the results of what they stand for (fit.py: a kernel
not run when the free pixels it can reach cannot beat the best fit; pile_top.py: each
turned copy worked on in a window round the pile; detect.py: the frame and the changed
mask as the table's model reduced them, not reduced again; a blob's candidate kept for
the same outline met again; its corners ordered without numpy's wrappers; hint.py: a
quad's sides in Python as numpy's norm has them)."""

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from tableref.vision.halli import fit, pile_top
from tableref.vision.halli.detect import (
    DetectOptions,
    _candidate,
    _candidate_of,
    _changed_small,
    detect_cards,
    order_corners,
    shrink,
)
from tableref.vision.halli.fit import _kernel, _most_free, scored_fits
from tableref.vision.halli.hint import Reduced, TableHint, card_sides
from tableref.vision.halli.table_model import TableModel


def _blobs(seed: int, n: int) -> list[np.ndarray]:
    """Filled blobs (uint8 0/255) of rectangles, touching or not, stripes, noise."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        h, w = (int(v) for v in rng.integers(30, 120, 2))
        roi = np.zeros((h, w), np.uint8)
        for _ in range(int(rng.integers(1, 4))):
            c = (float(rng.uniform(0, w)), float(rng.uniform(0, h)))
            size = (float(rng.uniform(10, 60)), float(rng.uniform(5, 40)))
            box = cv2.boxPoints((c, size, float(rng.uniform(0, 180))))
            cv2.fillConvexPoly(roi, np.round(box).astype(np.int32), 255)
        roi[rng.random((h, w)) < 0.03] = 0
        out.append(roi)
    return out


def _fits_unbounded(roi: np.ndarray, cnt: np.ndarray, card_area: float, most: int = 4,
                    min_score: float = 0.7) -> list[tuple[np.ndarray, float]]:
    """`scored_fits` as it was: every kernel run on every pass."""
    short = math.sqrt(card_area / 1.5)
    long_ = 1.5 * short
    angles = fit._edge_angles(cnt, short)
    tries = [a + d for a in angles for d in (-2.0, 0.0, 2.0)]
    tries = [t for a in tries for t in (a, a + 90.0)]
    if not tries:
        return []
    kernels = [_kernel(short, long_, t) for t in tries]
    free = (roi > 0).astype(np.float32)
    quads: list[tuple[np.ndarray, float]] = []
    for _ in range(most):
        best: tuple[float, int, tuple[int, int]] = (min_score, -1, (0, 0))
        for i, (k, _box, _k_max, _reach) in enumerate(kernels):
            cover = cv2.filter2D(free, -1, k, borderType=cv2.BORDER_CONSTANT)
            _, top, _, at = cv2.minMaxLoc(cover)
            if top > best[0]:
                best = (top, i, (int(at[0]), int(at[1])))
        if best[1] < 0:
            break
        box = kernels[best[1]][1] + np.array(best[2], np.float32)
        quads.append((box, float(best[0])))
        c = box.mean(axis=0)
        grown = (box - c) * (1 + 4.0 / short) + c
        cv2.fillConvexPoly(free, np.round(grown * 16).astype(np.int32), 0.0, cv2.LINE_8, shift=4)
    return quads


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_kernels_score_is_at_most_its_reach_of_free_pixels(seed: int) -> None:
    for roi in _blobs(seed, 12):
        free = (roi > 0).astype(np.float32)
        for short, deg in ((12.0, 0.0), (20.0, 17.0), (25.0, 45.0), (31.0, 92.0)):
            k, _box, k_max, reach = _kernel(short, 1.5 * short, deg)
            top = cv2.minMaxLoc(cv2.filter2D(free, -1, k, borderType=cv2.BORDER_CONSTANT))[1]
            assert top <= _most_free(free, reach) * k_max + 1e-5


@pytest.mark.parametrize("seed", [4, 5])
def test_fits_are_those_of_every_kernel_run(seed: int) -> None:
    for roi in _blobs(seed, 15):
        cs, _ = cv2.findContours(roi, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not cs:
            continue
        cnt = max(cs, key=cv2.contourArea)
        for area in (300.0, 700.0, 1100.0):
            got = scored_fits(roi, cnt, area)
            want = _fits_unbounded(roi, cnt, area)
            assert len(got) == len(want)
            for (a, sa), (b, sb) in zip(got, want, strict=True):
                assert np.array_equal(a, b) and sa == sb


def _pile(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A grey ROI of cards askew on a cloth, and the pile's blob."""
    rng = np.random.default_rng(seed)
    h, w = (int(v) for v in rng.integers(60, 160, 2))
    grey = rng.integers(40, 90, (h, w)).astype(np.uint8)
    blob = np.zeros((h, w), np.uint8)
    for _ in range(int(rng.integers(2, 5))):
        c = (float(rng.uniform(0.3 * w, 0.7 * w)), float(rng.uniform(0.3 * h, 0.7 * h)))
        box = np.round(cv2.boxPoints((c, (36.0, 24.0), float(rng.uniform(0, 180))))).astype(
            np.int32)
        cv2.fillConvexPoly(grey, box, int(rng.integers(170, 250)))
        cv2.polylines(grey, [box], True, 30, 1)
        cv2.fillConvexPoly(blob, box, 255)
    return grey, blob


@pytest.mark.parametrize("seed", range(6))
def test_window_scores_are_the_whole_copys(seed: int) -> None:
    grey, blob = _pile(seed)
    inside = cv2.erode(blob, np.ones((3, 3), np.uint8))
    pad = 30
    big = cv2.copyMakeBorder(grey, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    big_in = cv2.copyMakeBorder(inside, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    short = 24.0
    reach = math.ceil(max(*pile_top.SCALES, 1.0) * 1.5 * short) + 8
    for deg in (0.0, 13.0, 47.0):
        rot = cv2.getRotationMatrix2D((big.shape[1] / 2, big.shape[0] / 2), deg, 1.0)
        g = cv2.warpAffine(big, rot, big.shape[::-1], flags=cv2.INTER_LINEAR)
        ins = cv2.warpAffine(big_in, rot, big.shape[::-1], flags=cv2.INTER_NEAREST)
        maps = pile_top._edge_maps(g, 20.0)
        at = pile_top._turned(g, ins, 20.0, reach)
        for k in (*pile_top.SCALES, 1.0):
            for upright in (True, False):
                want = pile_top._scores(maps, ins, k * short, k * 1.5 * short, upright)
                got = pile_top._window_scores(at, ins.shape, k * short, k * 1.5 * short,
                                              upright)
                for g_, w_ in zip(got, want, strict=True):
                    assert g_.dtype == w_.dtype and np.array_equal(g_, w_)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_the_models_mask_is_the_hints_reduced_again(k: int) -> None:
    rng = np.random.default_rng(k)
    for h, w in ((18, 32), (45, 80), (180, 320)):
        for mask in ((rng.random((h, w)) < 0.3).astype(np.uint8) * 255,
                     rng.integers(0, 256, (h, w)).astype(np.uint8)):
            big = cv2.resize(mask, (k * w, k * h), interpolation=cv2.INTER_NEAREST)
            hint = TableHint(big, reduced=Reduced(big, np.zeros((h, w, 3), np.uint8), mask))
            got = _changed_small(hint, w, h, hint.reduced)
            assert got is mask
            assert np.array_equal(got, cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA))


def test_the_finder_finds_with_the_models_reduced_frame_what_it_finds_without() -> None:
    rng = np.random.default_rng(11)
    frame = cv2.GaussianBlur(rng.integers(60, 120, (720, 1280, 3)).astype(np.uint8), (9, 9), 0)
    for x, y, deg in ((300, 300, 10.0), (700, 360, 80.0), (1000, 250, 35.0)):
        box = np.round(cv2.boxPoints(((x, y), (150.0, 100.0), deg))).astype(np.int32)
        cv2.fillConvexPoly(frame, box, (235, 238, 240))
        cv2.circle(frame, (x, y), 20, (30, 40, 200), -1)
    model = TableModel()
    empty = cv2.GaussianBlur(rng.integers(60, 120, (720, 1280, 3)).astype(np.uint8), (9, 9), 0)
    for t in range(8):
        model.observe(empty, 0.1 * t)
    model.observe(frame, 1.0)
    hint = model.hint()
    assert hint.reduced is not None and hint.reduced.frame is frame
    assert np.array_equal(hint.reduced.small, shrink(frame, 320, 180))
    plain = replace(hint, reduced=None)
    for card_area in (None, 15000.0):
        got = detect_cards(frame, card_area=card_area, hint=hint)
        want = detect_cards(frame, card_area=card_area, hint=plain)
        assert len(got.quads) == len(want.quads) and got.card_area == want.card_area
        for a, b in zip(got.quads, want.quads, strict=True):
            assert np.array_equal(a.corners, b.corners) and a.clean == b.clean
    # another frame's reduced copy is never taken
    other = frame.copy()
    other[:, :640] = 90
    got_other = detect_cards(other, hint=hint).quads
    want_other = detect_cards(other, hint=plain).quads
    assert [q.corners.tolist() for q in got_other] == [q.corners.tolist() for q in want_other]


def test_card_sides_are_numpys_norms() -> None:
    rng = np.random.default_rng(3)
    for i in range(4000):
        q = [rng.uniform(-500, 1500, (4, 2)).astype(np.float32),
             rng.integers(0, 400, (4, 1, 2)).astype(np.int32),
             rng.normal(300, 100, (4, 2)),
             (rng.uniform(0, 1, (4, 2)) * 1e-3).astype(np.float32)][i % 4]
        p = np.asarray(q, np.float64).reshape(4, 2)
        s = np.linalg.norm(p - np.roll(p, -1, axis=0), axis=1)
        a, b = float((s[0] + s[2]) / 2), float((s[1] + s[3]) / 2)
        assert card_sides(q) == (min(a, b), max(a, b))


def test_a_blob_met_again_is_the_candidate_it_was() -> None:
    opts = DetectOptions()
    for roi in _blobs(8, 20):
        cs, _ = cv2.findContours(roi, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for cnt in cs:
            for area in (4000.0, 57600.0):
                want = _candidate_of(cnt, area, opts)
                for got in (_candidate(cnt, area, opts), _candidate(cnt.copy(), area, opts)):
                    assert (got is None) == (want is None)
                    if got is not None and want is not None:
                        assert np.array_equal(got[0], want[0]) and got[0].dtype == want[0].dtype
                        assert got[1:] == want[1:]


def test_corners_are_ordered_as_numpys_wrappers_order_them() -> None:
    rng = np.random.default_rng(9)
    for i in range(5000):
        q = [rng.uniform(-50, 400, (4, 2)).astype(np.float32),
             rng.integers(0, 300, (4, 2)).astype(np.float32),
             cv2.boxPoints(((float(rng.uniform(0, 300)), float(rng.uniform(0, 300))),
                            (float(rng.integers(5, 60)), float(rng.integers(5, 60))),
                            float(rng.integers(0, 180)))).astype(np.float32),
             rng.uniform(0, 300, (4, 2)),
             np.round(rng.uniform(0, 20, (4, 2))).astype(np.float32)][i % 5]
        c = q.mean(axis=0)
        want = q[np.argsort(np.arctan2(q[:, 1] - c[1], q[:, 0] - c[0]))]
        if np.linalg.norm(want[1] - want[0]) > np.linalg.norm(want[2] - want[1]):
            want = np.roll(want, -1, axis=0)
        got = order_corners(q)
        assert got.dtype == np.float32 and np.array_equal(got, want.astype(np.float32))
