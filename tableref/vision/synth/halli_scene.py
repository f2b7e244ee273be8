"""Synthetic Halli Galli tables with exact ground truth.

`compose_scene` puts any card images (the project's own art, or real scans in the
benchmark) onto a table: piles around a bell, rotation, mild perspective, warm and
uneven light, a hand, noise, blur and JPEG. `render_table` draws the table for given
top cards of each pile with the project's own art (the daemon's simulated camera).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.vision.halli.seats import pile_places
from tableref.vision.synth.halli_cards import card_image, random_style
from tableref.vision.synth.halli_table import draw_bell, draw_hand, table_texture

Image = np.ndarray


@dataclass(frozen=True)
class TrueCard:
    """A top card as placed: code, corners in frame pixels (card's own TL, TR, BR, BL)."""

    code: str
    corners: np.ndarray
    visible: float = 1.0  # fraction of the card not covered by a hand

    @property
    def center(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return (float(c[0]), float(c[1]))


@dataclass
class Scene:
    image: Image
    cards: list[TrueCard] = field(default_factory=list)
    backs: list[np.ndarray] = field(default_factory=list)  # face-down cards' corners
    tags: dict[str, str] = field(default_factory=dict)  # the conditions drawn (wild scenes)
    # what each frame pixel shows (wild scenes with labels=True): 0 the table or anything
    # else, i + 1 the visible part of top card i (self.cards[i]), BACK_LABEL a face-down card
    labels: Image | None = None

    def card_at(self, point: tuple[float, float]) -> TrueCard | None:
        """The top card whose outline holds `point` (frame pixels), if any."""
        for card in self.cards:
            outline = card.corners.astype(np.float32).reshape(-1, 1, 2)
            if cv2.pointPolygonTest(outline, (float(point[0]), float(point[1])), False) >= 0:
                return card
        return None


BACK_LABEL = 255


@dataclass(frozen=True)
class SceneOptions:
    """What makes a scene hard. Each is drawn at random within its bounds."""

    size: tuple[int, int] = (1280, 720)
    table: str | None = None  # "wood" | "cloth" | "pattern" | None for random
    card_height: tuple[float, float] = (140.0, 175.0)
    pile_depth: tuple[int, int] = (0, 4)
    warm: float = 0.3  # up to this much less blue
    uneven: float = 0.35  # darkest corner is this much darker
    perspective: float = 0.05  # corners moved up to this fraction of the frame
    noise: float = 4.0  # gaussian sigma, grey levels
    blur: float = 1.0  # up to this gaussian sigma
    jpeg: tuple[int, int] = (70, 95)
    bell: bool = True
    hand: float = 0.3  # chance of a hand in view


def _perspective(rng: np.random.Generator, size: tuple[int, int], amount: float) -> np.ndarray:
    w, h = size
    src = np.asarray([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    move = np.asarray(rng.uniform(-amount, amount, (4, 2)), np.float32)
    dst = src + move * np.array([w, h], np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def _map(hmat: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), hmat).reshape(-1, 2)


def _card_quad(cx: float, cy: float, h: float, aspect: float, angle: float) -> np.ndarray:
    w = h / aspect
    ca, sa = math.cos(angle), math.sin(angle)
    local = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local])


def paste_card(frame: Image, card: Image, quad: np.ndarray, shadow: bool = True) -> None:
    """Warp `card` onto `frame` at the quad (TL, TR, BR, BL), with a soft shadow."""
    fh, fw = frame.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 4
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 6
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, fw), min(y1, fh)
    if x1 <= x0 or y1 <= y0:
        return
    ch, cw = card.shape[:2]
    src = np.asarray([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32)
    local = (quad - [x0, y0]).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, local)
    roi = frame[y0:y1, x0:x1]
    size = (x1 - x0, y1 - y0)
    if shadow:
        sh0 = np.zeros(roi.shape[:2], np.float32)
        moved = np.round((local + np.array([1.5, 2.5], np.float32)) * 16).astype(np.int32)
        cv2.fillConvexPoly(sh0, moved, 1.0, cv2.LINE_AA, shift=4)
        sh = cv2.GaussianBlur(sh0, (5, 5), 1.2)
        roi[:] = (roi * (1 - 0.45 * sh[..., None])).astype(np.uint8)
    warped = cv2.warpPerspective(card, m, size, flags=cv2.INTER_AREA)
    alpha = np.zeros(roi.shape[:2], np.float32)
    cv2.fillConvexPoly(alpha, np.round(local * 16).astype(np.int32), 1.0, cv2.LINE_AA, shift=4)
    a = alpha[..., None]
    roi[:] = (warped * a + roi * (1 - a)).astype(np.uint8)


def _light(frame: Image, rng: np.random.Generator, opts: SceneOptions) -> Image:
    h, w = frame.shape[:2]
    warm = rng.uniform(0, opts.warm)
    gains = np.array([1 - warm, 1 - 0.45 * warm, 1.0], np.float32) * rng.uniform(0.85, 1.05)
    gx, gy = rng.uniform(-1, 1, 2)
    ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    ramp = (gx * (xs / w - 0.5) + gy * (ys / h - 0.5)) / max(abs(gx) + abs(gy), 1e-6)
    field_ = 1 - rng.uniform(0, opts.uneven) * (ramp + 0.5)
    full = np.asarray(cv2.resize(field_, (w, h), interpolation=cv2.INTER_LINEAR), np.float32)
    out = frame.astype(np.float32) * full[..., None] * gains
    if opts.noise > 0:
        sigma = float(rng.uniform(0.3, 1)) * opts.noise
        out += np.asarray(rng.normal(0.0, sigma, out.shape), np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


def compose_scene(
    tops: Sequence[tuple[str, Image]],
    rng: np.random.Generator,
    opts: SceneOptions | None = None,
    under: Sequence[Image] = (),
) -> Scene:
    """A table with one pile per entry of `tops` (code, card image; ground truth code).

    Lower cards of the piles are drawn from `under` (default: the top images).
    """
    opts = opts or SceneOptions()
    size = opts.size
    w, h = size
    frame = table_texture(rng, size, opts.table)
    hmat = _perspective(rng, size, opts.perspective)
    places = pile_places(len(tops), size)
    pool = list(under) or [img for _, img in tops]
    if opts.bell:
        c = _map(hmat, np.array([[w / 2 + rng.uniform(-30, 30), h / 2 + rng.uniform(-20, 20)]]))[0]
        draw_bell(frame, (float(c[0]), float(c[1])), rng.uniform(48, 62), rng)
    truths: list[TrueCard] = []
    drawn: list[np.ndarray] = []  # every card's quad, in the order drawn
    order: list[int] = []  # where each top card is in `drawn`
    ch = rng.uniform(*opts.card_height)  # one deck: every card the same size
    for (code, img), (px, py) in zip(tops, places, strict=True):
        aspect = img.shape[0] / img.shape[1]
        base = rng.uniform(0, 2 * math.pi)
        cx, cy = px + rng.uniform(-25, 25), py + rng.uniform(-15, 15)
        for _ in range(int(rng.integers(opts.pile_depth[0], opts.pile_depth[1] + 1))):
            off = rng.uniform(-7, 7, 2)
            low = pool[int(rng.integers(len(pool)))]
            quad = _card_quad(cx + off[0], cy + off[1], ch, low.shape[0] / low.shape[1],
                              base + rng.uniform(-0.06, 0.06) + math.pi * int(rng.integers(2)))
            paste_card(frame, low, _map(hmat, quad))
            drawn.append(_map(hmat, quad))
        quad = _map(hmat, _card_quad(cx, cy, ch, aspect, base))
        paste_card(frame, img, quad)
        order.append(len(drawn))
        drawn.append(quad)
        truths.append(TrueCard(code, quad))
    # a top card may be covered by a pile put down after it, or by a hand
    covers = [np.zeros((h, w), np.uint8) for _ in truths]
    for cover, i in zip(covers, order, strict=True):
        for later in drawn[i + 1:]:
            cv2.fillConvexPoly(cover, np.round(later).astype(np.int32), 255)
    if rng.random() < opts.hand:
        hand_mask = draw_hand(frame, rng, [t.center for t in truths])
        covers = [c | hand_mask for c in covers]
    truths = [_with_visibility(t, c) for t, c in zip(truths, covers, strict=True)]
    frame = _light(frame, rng, opts)
    if opts.blur > 0:
        sigma = rng.uniform(0, opts.blur)
        if sigma > 0.3:
            frame = cv2.GaussianBlur(frame, (0, 0), sigma)
    q = int(rng.integers(opts.jpeg[0], opts.jpeg[1] + 1))
    ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, q])
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
    if decoded is not None:
        frame = decoded
    return Scene(frame, truths)


def _with_visibility(card: TrueCard, cover: Image) -> TrueCard:
    mask = np.zeros(cover.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(card.corners).astype(np.int32), 1)
    area = int(mask.sum())
    covered = int(np.count_nonzero(mask & (cover > 0)))
    return TrueCard(card.code, card.corners, 1.0 - covered / max(area, 1))


def random_scene(rng: np.random.Generator, codes: Sequence[str],
                 opts: SceneOptions | None = None) -> Scene:
    """A scene of the project's own art, the top cards being `codes` in one deck style."""
    style = random_style(rng)
    tops = [(c, card_image(c, style, rng)) for c in codes]
    under = [card_image(c, style, rng) for c in ("BB", "PL", "SSS", "L", "BPS")]
    return compose_scene(tops, rng, opts, under)


HELD_CARD_HEIGHT = 200.0  # a card held up under the camera: nearer, so larger than a pile's


def render_table(piles: Sequence[str | None], *, hand: bool = False, seed: int = 0,
                 size: tuple[int, int] = (1280, 720), hand_at: int | None = None,
                 held: str | None = None) -> Image:
    """The simulated camera: a frame showing the top card of each pile (None = no pile).

    Seat i's pile is always at the same place, so a tracker sees piles stay put.
    The table, the light and the card poses depend on `seed` only. `hand` draws a
    hand reaching for some pile; `hand_at` a hand over seat hand_at's pile; `held` a card
    of the deck held up over the bell in the middle (teaching the box a card).
    """
    rng = np.random.default_rng(seed)
    opts = SceneOptions(size=size, hand=1.0 if hand else 0.0, pile_depth=(1, 2))
    style = random_style(rng)
    frame = table_texture(rng, size, opts.table)
    w, h = size
    draw_bell(frame, (w / 2, h / 2), 55.0, rng)
    places = pile_places(len(piles), size)
    for i, (code, (px, py)) in enumerate(zip(piles, places, strict=True)):
        if code is None:
            continue
        prng = np.random.default_rng([seed, i])
        base = prng.uniform(0, 2 * math.pi)
        quad = _card_quad(px, py, 160.0, 1.5, base)
        paste_card(frame, card_image("BB", style), quad + prng.uniform(-5, 5, 2))
        paste_card(frame, card_image(code, style, prng), quad)
    if held is not None:
        hrng = np.random.default_rng([seed, 77])
        quad = _card_quad(w / 2, h / 2, HELD_CARD_HEIGHT, 1.5, hrng.uniform(-0.3, 0.3))
        paste_card(frame, card_image(held, style, hrng), quad)
    if hand_at is not None:
        draw_hand(frame, np.random.default_rng([seed, 99]), [places[hand_at]])
    elif hand:
        draw_hand(frame, rng, [p for p, c in zip(places, piles, strict=True) if c])
    return _light(frame, rng, opts)
