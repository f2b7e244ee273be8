"""A model of the empty table for a fixed camera: a card is what differs from the table.

Learnt at set-up from a few frames (at a quarter of the frame's size, each pixel the
median of the frames in which it did not move and no card was found on it), then
compared with every frame:

- **light**: the room's light drifts, the camera's auto-exposure and white balance move.
  Before comparing, the frame's light relative to the model is fitted per channel as a
  smooth field (log gain = a quadratic in x and y: exposure, colour, a lamp's ramp,
  vignetting), robustly (the pixels that differ, cards and hands, are left out of the fit
  and it is fitted again). What no smooth field explains is a change.
- **texture**: a pixel differs when it leaves the range of the table's own pixels round it
  (3x3 at model scale, widened by the pixel's noise seen while learning) by more than the
  tolerance, so a patterned cloth, wood grain and a pixel of camera shake are the table.
  What is enclosed by a change is a change too (the table does not show through a card).
- **faint**: a card's paper on a cloth of nearly its colour (cream, beige, linen) differs
  from the table by less than the tolerance; only its fruit would count as a change. The
  `faint` mask is the same comparison with a small tolerance (`faint_tolerance`, beyond
  the table's own range and noise): the card finder's hint and the test of a pile's place
  use it, so a card the table's colour is never taken for the table. A patterned cloth
  hides a card of its middle tone from that test (the table's range round a pixel holds
  the card's colour), so where the table shows a pattern and the frame shows none (a
  flat card over gingham), the faint mask says so too.
- **fresh**: on frames where nothing moves, the model follows the table where it shows
  the table (a slow blend), never where it differs, however faintly, nor where a card was
  found lately: a card lying still stays a card.
  Something put down that is no card (a phone, dice), lying still for `absorb_s` away
  from the piles and from every card found, becomes part of the table.
- **camera or light changed**: when most of a still frame differs from the model for a
  few frames, the model is learnt again (`status` says so, for the screen).

Pixels never seen empty (cards already lying there while learning, a hand) count as
changed until seen still with no card found on them for `unknown_s`: the hint does not
hide a card. Layout only, no hardware, one thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from tableref.vision.halli.detect import shrink
from tableref.vision.halli.hint import Reduced, TableHint

Image = np.ndarray

LEARNING = "learning"  # learning the empty table: nothing may move
READY = "ready"


@dataclass(frozen=True)
class ModelOptions:
    scale: float = 0.25  # the model's size, a fraction of the frame's
    learn_frames: int = 5  # still frames the table is learnt from
    still: float = 24.0  # a pixel moved between two frames by more than this (grey levels)
    still_share: float = 0.002  # ... in more than this share of the frame: something moves
    tolerance: float = 22.0  # grey levels beyond the table's own range: a change
    rel_tolerance: float = 0.1  # ... plus this fraction of the table's brightness there
    faint_tolerance: float = 8.0  # the faint mask's: grey levels beyond range and noise
    faint_rel: float = 0.03  # ... plus this fraction of the table's brightness there
    pattern: float = 10.0  # the table's own range round a pixel: a pattern (grey levels)
    pattern_shown: float = 0.35  # ... a frame showing less than this share of it: hidden
    noise_gain: float = 3.0  # ... plus this many times the pixel's noise while learning
    fresh: float = 0.05  # blend of a still frame into the model where it shows the table
    absorb_s: float = 8.0  # a still change with no card in it, away from piles: the table
    unknown_s: float = 1.0  # never seen empty, still, no card found there: the table
    relearn_share: float = 0.5  # a still frame that differs over this share of the frame..
    relearn_frames: int = 5  # ... this many times in a row: the camera or the light changed


@dataclass(frozen=True)
class TableView:
    """One frame against the model, at model scale: `changed` (255: differs from the
    table; everything while learning), `moving` (255: changed since the last frame) and
    `faint` (255: differs even faintly; holds `changed`)."""

    changed: Image
    moving: Image
    still: bool  # nothing moved since the last frame
    status: str  # LEARNING or READY
    faint: Image | None = None  # None: as `changed`


class TableModel:
    """The empty table seen by one fixed camera (module docstring)."""

    def __init__(self, opts: ModelOptions | None = None) -> None:
        self.opts = opts or ModelOptions()
        self.status = LEARNING
        self.relearnt = 0  # how often the camera or the light changed under the model
        self._size: tuple[int, int] | None = None  # frame (w, h)
        self._prev: Image | None = None
        self._learn: list[list[Image]] = []  # [frame, where it may be learnt from]
        self._bg: Image | None = None  # float32, model scale
        self._lo: Image | None = None
        self._hi: Image | None = None
        self._slack: Image | None = None  # per pixel: how far from the range is still noise
        self._known: Image | None = None  # bool: seen empty
        self._grid: tuple[Image, Image] | None = None
        self._view: TableView | None = None
        self._cards: Image | None = None  # uint8: where cards were found (model scale)
        self._cards_t: Image | None = None  # float32 s: when a card was last found there
        self._t = 0.0
        self._piles: list[tuple[float, float]] = []  # frame pixels
        self._card_px: float | None = None
        self._still_since: Image | None = None  # float32 s: a change lay still since
        self._odd = 0  # still frames in a row that mostly differ from the model
        self._gain: Image | None = None  # the last frame's light against the model
        self._bg_log: Image | None = None  # the model's log, at the light fit's size
        self._fresh_count = 0
        self._reduced: tuple[Image, Image] | None = None  # the last frame, and reduced

    # -- the frames ---------------------------------------------------------------------
    def observe(self, frame: Image, t_s: float = 0.0) -> TableView:
        """Compare one frame (BGR, any size; the same size every time) with the table."""
        if frame.ndim != 3 or frame.shape[2] != 3:
            raise ValueError("a frame must be a colour image (H x W x 3, BGR)")
        h, w = frame.shape[:2]
        if self._size != (w, h):
            self._reset((w, h))
        small = self._small(frame)
        moving, still = self._motion(small)
        if self.status == LEARNING:
            self._learning(small, moving)
        self._t = t_s
        if self.status == LEARNING or self._bg is None:
            changed = np.full(small.shape[:2], 255, np.uint8)
            view = TableView(changed, moving, still, LEARNING, changed)
        else:
            changed, faint = self._compare(small)
            view = TableView(changed, moving, still, READY, faint)
            if still:
                self._keep_fresh(small, faint, t_s)
            self._absorb(small, changed, moving, t_s)
            self._check_odd(changed, still)
        self._view = view
        return view

    def cards(self, quads: Sequence[np.ndarray]) -> None:
        """The card outlines (frame pixels) found in the last frame: never the table."""
        if self._size is None:
            return
        sw, sh = self._small_size(self._size)
        mask = np.zeros((sh, sw), np.uint8)
        sx, sy = sw / self._size[0], sh / self._size[1]
        for q in quads:
            pts = np.round(np.asarray(q, np.float64).reshape(-1, 2) * [sx, sy]).astype(np.int32)
            cv2.fillConvexPoly(mask, pts, 255)
        self._cards = cv2.dilate(mask, np.ones((5, 5), np.uint8))
        if self._cards_t is None or self._cards_t.shape != mask.shape:
            self._cards_t = np.full(mask.shape, -np.inf, np.float32)
        self._cards_t[self._cards > 0] = self._t
        if self.status == LEARNING and self._learn:
            self._learn[-1][1] &= self._cards == 0  # a card there: not the table

    def layout(self, card_px: float | None, piles: Sequence[tuple[float, float]]) -> None:
        """The cards' side and the piles' centres learnt at this table (frame pixels)."""
        self._card_px = card_px
        self._piles = list(piles)

    def hint(self) -> TableHint:
        """What the finder may use for the last frame: where it differs from the table,
        even faintly, at frame size (None while learning), the cards' size and the piles."""
        view = self._view
        changed = mask = None
        if view is not None and view.status == READY and self._size is not None:
            mask = view.changed if view.faint is None else view.faint
            changed = np.asarray(cv2.resize(mask, self._size,
                                            interpolation=cv2.INTER_NEAREST))
        reduced = None if self._reduced is None else Reduced(*self._reduced, mask)
        return TableHint(changed, self._card_px, tuple(self._piles), reduced)

    def relearn(self) -> None:
        """Learn the empty table again (the camera was moved, asked from the page)."""
        if self._size is not None:
            self._reset(self._size)
            self.relearnt += 1

    def share_changed(self, center: tuple[float, float], radius: float,
                      faint: bool = False) -> float | None:
        """The share of a disc (frame pixels) that differs from the table in the last
        frame (`faint`: even faintly), counted where the table is known; None while
        learning, or when most of the disc was never seen empty (no evidence either way)."""
        view = self._view
        if view is None or view.status != READY or self._size is None or self._known is None:
            return None
        mask = view.faint if faint and view.faint is not None else view.changed
        sh, sw = mask.shape[:2]
        s = sw / self._size[0]
        disc = np.zeros((sh, sw), np.uint8)
        cv2.circle(disc, (round(center[0] * s), round(center[1] * s)), max(round(radius * s), 1),
                   255, -1)
        inside = disc > 0
        known = inside & self._known
        if int(np.count_nonzero(known)) < 0.5 * max(int(np.count_nonzero(inside)), 1):
            return None
        return int(np.count_nonzero(known & (mask > 0))) / int(np.count_nonzero(known))

    # -- inside -------------------------------------------------------------------------
    def _small_size(self, size: tuple[int, int]) -> tuple[int, int]:
        return max(int(size[0] * self.opts.scale), 8), max(int(size[1] * self.opts.scale), 8)

    def _small(self, frame: Image) -> Image:
        assert self._size is not None
        sw, sh = self._small_size(self._size)
        small = shrink(frame, sw, sh)
        self._reduced = (frame, small)  # for the finder (TableHint.reduced)
        return small.astype(np.float32)

    def _reset(self, size: tuple[int, int]) -> None:
        self._size = size
        self.status = LEARNING
        self._prev = None
        self._learn = []
        self._bg = self._lo = self._hi = self._slack = self._known = None
        self._still_since = None
        self._cards_t = None
        self._odd = 0
        sw, sh = self._small_size(size)
        cw, ch = max(sw // 4, 4), max(sh // 4, 4)
        ys, xs = np.mgrid[0:ch, 0:cw].astype(np.float32)
        self._grid = ((xs + 0.5) / cw - 0.5, (ys + 0.5) / ch - 0.5)

    def _motion(self, small: Image) -> tuple[Image, bool]:
        prev, self._prev = self._prev, small
        if prev is None:
            return np.zeros(small.shape[:2], np.uint8), False
        diff = _chmax(cv2.absdiff(small, prev))
        raw = (diff > self.opts.still).astype(np.uint8) * 255
        moving = np.asarray(cv2.morphologyEx(raw, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)))
        share = np.count_nonzero(moving) / moving.size
        return moving, bool(share <= self.opts.still_share)

    def _learning(self, small: Image, moving: Image) -> None:
        """Learn each pixel from the frames in which it did not move and no card lay on it;
        ready once nearly every pixel was seen so `learn_frames` times (the rest: unknown,
        a change, until seen empty)."""
        still = moving == 0
        if self._learn:
            self._learn[-1][1] &= still  # what moved was there in the last frame too
        self._learn.append([small, still.copy()])
        del self._learn[: -self.opts.learn_frames - 2]
        if len(self._learn) <= self.opts.learn_frames:
            return
        done = self._learn[:-1]  # the latest frame's cards are not known yet
        stack = np.stack([f for f, _ in done])
        valid = np.stack([v for _, v in done])
        count = valid.sum(axis=0)
        need = min(3, self.opts.learn_frames)
        if np.count_nonzero(count >= need) < 0.9 * count.size:
            return
        masked = np.where(valid[..., None], stack, np.nan)
        masked[:, count == 0] = stack[:, count == 0]  # never seen: any value, unknown anyway
        with np.errstate(invalid="ignore"):
            self._bg = np.nanmedian(masked, axis=0).astype(np.float32)
            noise = _chmax(np.nan_to_num(np.nanstd(masked, axis=0)).astype(np.float32))
        self._slack = (self.opts.noise_gain * noise).astype(np.float32)
        self._known = count >= need
        # the noise of a pixel never seen still is not known: the table's usual noise
        usual = float(np.median(self._slack[self._known])) if self._known.any() else 0.0
        self._slack[~self._known] = usual
        self._learn = []
        self._still_since = np.full(small.shape[:2], np.inf, np.float32)
        self._ranges()
        self.status = READY

    def _ranges(self) -> None:
        assert self._bg is not None
        self._bg_log = None
        k = np.ones((3, 3), np.uint8)
        self._lo = np.asarray(cv2.erode(self._bg, k), np.float32)
        self._hi = np.asarray(cv2.dilate(self._bg, k), np.float32)

    def _light(self, small: Image, use: Image) -> Image:
        """The frame's light relative to the model: gain per pixel and channel, fitted on
        a quarter of the model's size and drawn at its size."""
        assert self._bg is not None and self._grid is not None
        sh, sw = small.shape[:2]
        cw, ch = max(sw // 4, 4), max(sh // 4, 4)
        ratio = cv2.resize(np.log(small + 4.0), (cw, ch), interpolation=cv2.INTER_AREA)
        if self._bg_log is None:
            self._bg_log = cv2.resize(np.log(self._bg + 4.0), (cw, ch),
                                      interpolation=cv2.INTER_AREA)
        ratio = ratio - self._bg_log
        sel = cv2.resize(use.astype(np.uint8), (cw, ch), interpolation=cv2.INTER_AREA) > 0
        xs, ys = self._grid
        basis = np.stack([np.ones_like(xs), xs, ys, xs * xs, ys * ys, xs * ys], axis=-1)
        coef = np.zeros((6, 3), np.float32)
        for _ in range(2):
            if np.count_nonzero(sel) < 24:
                coef = np.zeros((6, 3), np.float32)
                coef[0] = np.median(ratio.reshape(-1, 3), axis=0)
                break
            x, y = basis[sel].astype(np.float64), ratio[sel].astype(np.float64)
            # least squares by the normal equations (6 unknowns), a little ridge for safety
            coef = np.linalg.solve(x.T @ x + 1e-6 * np.eye(6), x.T @ y).astype(np.float32)
            sel &= _chmax(np.abs(ratio - basis @ coef)) < 0.12  # leave cards, hands out
        gain = np.exp(basis @ coef).astype(np.float32)
        return np.asarray(cv2.resize(gain, (sw, sh), interpolation=cv2.INTER_LINEAR))

    def _compare(self, small: Image) -> tuple[Image, Image]:
        """The changed mask and the faint one (module docstring)."""
        assert self._lo is not None and self._hi is not None and self._slack is not None
        assert self._known is not None and self._bg is not None
        use = self._known.copy()
        if self._view is not None and self._view.status == READY:
            use &= self._view.changed == 0  # what differed last frame: not the table
            if np.count_nonzero(use) < 0.2 * use.size:
                use = self._known.copy()
        gain = self._light(small, use)
        lo, hi = self._lo * gain, self._hi * gain
        out = _chmax(cv2.max(cv2.subtract(small, hi), cv2.subtract(lo, small)))
        bright = _chmax(self._bg * gain)
        limit = self.opts.tolerance + self.opts.rel_tolerance * bright
        faint_limit = self.opts.faint_tolerance + self.opts.faint_rel * bright
        changed = _cleaned((out > limit + self._slack) | ~self._known)
        # a card hides the cloth's pattern: where the table has a pattern (its own range
        # round the pixel is wide) and the frame shows none, the table does not show
        k = np.ones((3, 3), np.uint8)
        pattern = _chmax(cv2.subtract(hi, lo))  # in this frame's light
        shown = _chmax(cv2.subtract(cv2.dilate(small, k), cv2.erode(small, k)))
        hidden = (pattern > self.opts.pattern) & (shown < self.opts.pattern_shown * pattern)
        faint = _cleaned((out > faint_limit + self._slack) | hidden) | changed
        self._gain = gain
        return changed, faint

    def _keep_fresh(self, small: Image, faint: Image, t_s: float) -> None:
        """A still frame: the model follows the table where the frame shows the table."""
        assert self._bg is not None and self._gain is not None
        # only well away from every change, however faint (a card's pixels that happen to
        # look like the table must not be learnt, or the table would grow into the card),
        # and never where a card was found in the last `absorb_s`
        near: Image = np.asarray(cv2.dilate(faint, np.ones((7, 7), np.uint8)))
        if self._cards_t is not None and self._cards_t.shape == near.shape:
            near = np.where(t_s - self._cards_t <= self.opts.absorb_s, 255, near).astype(
                np.uint8)
        table = near == 0
        unlit = small / np.maximum(self._gain, 1e-3)  # the frame in the model's light
        cv2.accumulateWeighted(unlit, self._bg, self.opts.fresh, mask=table.astype(np.uint8))
        if self._ranges_due():
            self._ranges()

    def _absorb(self, small: Image, changed: Image, moving: Image, t_s: float) -> None:
        """Changes that lie still (per pixel) and hold no card become the table: after
        `absorb_s` away from the piles; after `unknown_s` anywhere for pixels never seen
        empty (a card lay there while learning); only where no card was found for
        `absorb_s` (the finder is trusted there, as it is with no model at all)."""
        assert self._bg is not None and self._still_since is not None
        assert self._known is not None and self._gain is not None
        diff = changed > 0
        since = self._still_since
        since[~diff] = np.inf
        since[diff & (np.isinf(since) | (moving > 0))] = t_s
        free = np.ones_like(diff)  # no card found there lately
        if self._cards_t is not None and self._cards_t.shape == diff.shape:
            free = t_s - self._cards_t > self.opts.absorb_s
        old = diff & free & (t_s - since >= self.opts.absorb_s) & self._away_from_piles()
        old |= diff & free & ~self._known & (t_s - since >= self.opts.unknown_s)
        if np.any(old):
            unlit = small / np.maximum(self._gain, 1e-3)
            self._bg[old] = unlit[old]
            self._known |= old
            since[old] = np.inf
            self._ranges()

    def _ranges_due(self) -> bool:
        self._fresh_count += 1
        return self._fresh_count % 10 == 0

    def _away_from_piles(self) -> Image:
        assert self._bg is not None and self._size is not None
        sh, sw = self._bg.shape[:2]
        keep = np.full((sh, sw), 255, np.uint8)
        s = sw / self._size[0]
        radius = max(round((self._card_px or 0.12 * self._size[1]) * 1.2 * s), 1)
        for x, y in self._piles:
            cv2.circle(keep, (round(x * s), round(y * s)), radius, 0, -1)
        return keep > 0

    def _check_odd(self, changed: Image, still: bool) -> None:
        if not still:
            return
        share = np.count_nonzero(changed) / changed.size
        self._odd = self._odd + 1 if share > self.opts.relearn_share else 0
        if self._odd >= self.opts.relearn_frames:
            self.relearn()


def _cleaned(mask: Image) -> Image:
    """A comparison's mask without specks and holes; what a change encloses is a change
    (the table does not show through a card: a fruit the colour of the cloth is card)."""
    raw: Image = mask.astype(np.uint8) * 255
    opened = cv2.morphologyEx(raw, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    out = np.asarray(cv2.morphologyEx(opened, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)))
    contours, _ = cv2.findContours(out, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(out, contours, -1, 255, -1)
    return np.asarray(out)


def _chmax(img: Image) -> Image:
    """The largest of the channels, per pixel (numpy on the channels' views: the same
    values as cv2.split and cv2.max, several times faster on float32)."""
    return np.asarray(np.maximum(np.maximum(img[..., 0], img[..., 1]), img[..., 2]))
