"""Halli Galli tables as families meet them, with exact ground truth.

`wild_scene` lays piles of any card images on any surface (vision/synth/halli_surfaces),
with placemats, clutter, face-down backs and messy piles (halli_props), seen through a
tilted camera with a distorted lens in the room's light (halli_camera), arms reaching in.
`Conditions` bound every choice; ORDINARY, HARD and the held-out families are the
benchmark's. Truth: each top card's corners in the frame and how much of it is visible,
the backs' corners, and tags naming the conditions drawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from tableref.vision.synth.halli_camera import apply_light, finish, random_camera, random_light
from tableref.vision.synth.halli_props import CLUTTER, arm, card_back, clutter, placemat
from tableref.vision.synth.halli_scene import BACK_LABEL, Scene, TrueCard, paste_card
from tableref.vision.synth.halli_surfaces import HELDOUT_SURFACES, SURFACES, surface
from tableref.vision.synth.halli_table import draw_bell

Image = np.ndarray


@dataclass(frozen=True)
class Conditions:
    """Bounds of a family of scenes; each scene draws within them."""

    surfaces: tuple[str, ...] = SURFACES
    size: tuple[int, int] = (1280, 720)
    card_width: tuple[float, float] = (70.0, 160.0)  # px, at the frame's centre
    tilt: float = 20.0  # degrees, at most
    lens: float = 0.05  # barrel distortion k, at most
    dim: float = 0.6  # the dimmest light level
    glare: int = 0
    uneven: float = 0.3
    vignette: float = 0.3
    motion: float = 2.0  # px of motion blur, at most
    focus: float = 1.0  # sigma of focus blur, at most
    noise: float = 4.0
    jpeg: tuple[int, int] = (70, 95)
    hands: float = 0.3  # chance of arms in view
    most_hands: int = 1
    clutter: int = 2  # things on the table, at most
    placemats: float = 0.15  # chance a pile lies on a placemat
    messy: float = 0.2  # chance a pile's lower cards lie askew and peek out
    backs: float = 0.3  # chance of a face-down stack beside a pile
    depth: tuple[int, int] = (0, 4)  # cards under the top one
    bell: float = 0.7  # chance of the bell in view


ORDINARY = Conditions()
HARD = Conditions(card_width=(50.0, 300.0), tilt=35.0, lens=0.12, dim=0.3, glare=2, uneven=0.5,
                  vignette=0.5, motion=6.0, focus=2.5, noise=8.0, jpeg=(40, 90), hands=0.7,
                  most_hands=2, clutter=5, placemats=0.4, messy=0.6, backs=0.6)
# nothing on the table but the piles (a card at most under each top card): the tests'
# scenes for one thing at a time
QUIET = replace(ORDINARY, hands=0.0, clutter=0, backs=0.0, placemats=0.0, messy=0.0,
                depth=(0, 1), bell=0.0, glare=0)
HELDOUT_ORDINARY = replace(ORDINARY, surfaces=HELDOUT_SURFACES)
HELDOUT_HARD = replace(HARD, surfaces=HELDOUT_SURFACES)
FAMILIES = {"ordinary": ORDINARY, "hard": HARD, "heldout-ordinary": HELDOUT_ORDINARY,
            "heldout-hard": HELDOUT_HARD}


def _card_quad(cx: float, cy: float, h: float, aspect: float, angle: float) -> np.ndarray:
    w = h / aspect
    ca, sa = math.cos(angle), math.sin(angle)
    local = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local])


def _places(rng: np.random.Generator, n: int, hmat_inv: np.ndarray, size: tuple[int, int],
            card_h: float, scale_px: float) -> list[tuple[float, float]]:
    """Up to n pile centres on the canvas, apart by more than a card's diagonal, in view."""
    w, h = size
    margin = 0.45 * card_h / scale_px  # frame px: the pile well inside the frame
    diag = card_h * 1.2
    out: list[tuple[float, float]] = []
    for _ in range(60 * n):
        if len(out) == n:
            break
        if margin * 2 >= min(w, h):
            fx, fy = w / 2 + rng.uniform(-0.05, 0.05) * w, h / 2 + rng.uniform(-0.05, 0.05) * h
        else:
            fx, fy = rng.uniform(margin, w - margin), rng.uniform(margin, h - margin)
        p = cv2.perspectiveTransform(np.array([[[fx, fy]]], np.float64), hmat_inv)[0, 0]
        if all(math.hypot(p[0] - q[0], p[1] - q[1]) > diag for q in out):
            out.append((float(p[0]), float(p[1])))
    return out


def _free_spot(rng: np.random.Generator, taken: list[tuple[float, float, float]],
               hmat_inv: np.ndarray, size: tuple[int, int],
               radius: float) -> tuple[float, float] | None:
    """A canvas point in view, `radius` clear of what is taken (x, y, r)."""
    w, h = size
    for _ in range(40):
        f = np.array([[[rng.uniform(0.03, 0.97) * w, rng.uniform(0.03, 0.97) * h]]])
        p = cv2.perspectiveTransform(f, hmat_inv)[0, 0]
        if all(math.hypot(p[0] - x, p[1] - y) > r + radius for x, y, r in taken):
            return (float(p[0]), float(p[1]))
    return None


def _in_frame(quad: np.ndarray, size: tuple[int, int]) -> float:
    """The fraction of the quad inside the frame."""
    w, h = size
    frame = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    q = quad.astype(np.float32)
    if cv2.contourArea(q) < 0:
        q = q[::-1].copy()
    inter, _ = cv2.intersectConvexConvex(q, frame)
    return float(inter) / max(abs(float(cv2.contourArea(q))), 1e-6)


def _visible(quad: np.ndarray, cover: Image) -> float:
    mask = np.zeros(cover.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
    area = int(mask.sum())
    return 1.0 - int(np.count_nonzero(mask & (cover > 0))) / max(area, 1)


def wild_scene(tops: Sequence[tuple[str, Image]], rng: np.random.Generator,
               cond: Conditions = ORDINARY, under: Sequence[Image] = (),
               back: Image | None = None, labels: bool = False) -> Scene:
    """A table with a pile for each of `tops` (code, card image) that fits in view.

    Lower cards come from `under` (default: the tops), backs from `back` (default: the
    project's own back art, one design per scene). `labels`: also the map of what each
    pixel shows (`Scene.labels`), for training and checking a card finder.
    """
    size = cond.size
    w, h = size
    cam = random_camera(rng, size, cond.tilt, cond.lens)
    scale = 1.0
    hmat, canvas = cam.table_plane(scale)
    if canvas[0] * canvas[1] > 4 * w * h:  # a steep view: draw the far table coarser
        scale = math.sqrt(4 * w * h / (canvas[0] * canvas[1]))
        hmat, canvas = cam.table_plane(scale)
    kind = cond.surfaces[int(rng.integers(len(cond.surfaces)))]
    table = surface(rng, canvas, kind)
    card_w = float(rng.uniform(*cond.card_width))
    aspect = tops[0][1].shape[0] / tops[0][1].shape[1] if tops else 1.5
    card_h = card_w * aspect * scale  # canvas px
    # close-ups hold fewer piles: as many as fit
    inv = np.linalg.inv(hmat)
    places = _places(rng, len(tops), inv, size, card_h, scale)
    tops = list(tops)[:len(places)]
    pool = list(under) or [img for _, img in tops]
    back_img = back if back is not None else card_back(rng)
    taken: list[tuple[float, float, float]] = [(x, y, 0.6 * card_h) for x, y in places]
    tags = {"surface": kind, "card_w": f"{card_w:.0f}", "tilt": f"{math.degrees(cam.tilt):.0f}"}
    for px, py in places:
        if rng.random() < cond.placemats:
            square = rng.random() < 0.5
            side = card_h * rng.uniform(1.6, 2.6)
            placemat(table, rng, (px, py), (side, side if square else side * 0.7),
                     rng.uniform(0, math.pi))
    if rng.random() < cond.bell:
        spot = _free_spot(rng, taken, inv, size, 0.45 * card_h)
        if spot is not None:
            draw_bell(table, spot, 0.35 * card_h, rng)
            taken.append((spot[0], spot[1], 0.4 * card_h))
    cover = np.zeros(table.shape[:2], np.uint8)
    lab = np.zeros(table.shape[:2], np.uint8) if labels else None

    def mark(quad: np.ndarray, value: int) -> None:
        if lab is not None:
            cv2.fillConvexPoly(lab, np.round(quad).astype(np.int32), value)

    truths: list[tuple[str, np.ndarray, int]] = []  # code, canvas quad, cover snapshot index
    drawn: list[np.ndarray] = []
    backs: list[np.ndarray] = []
    for (code, img), (px, py) in zip(tops, places, strict=True):
        base = rng.uniform(0, 2 * math.pi)
        messy = rng.random() < cond.messy
        for _ in range(int(rng.integers(cond.depth[0], cond.depth[1] + 1))):
            spread = 0.25 if messy else 0.05
            off = rng.uniform(-spread, spread, 2) * card_h
            turn = rng.uniform(-0.4, 0.4) if messy else rng.uniform(-0.06, 0.06)
            low = pool[int(rng.integers(len(pool)))]
            quad = _card_quad(px + off[0], py + off[1], card_h, aspect,
                              base + turn + math.pi * int(rng.integers(2)))
            paste_card(table, low, quad)
            mark(quad, 0)
        quad = _card_quad(px, py, card_h, aspect, base)
        paste_card(table, img, quad)
        mark(quad, len(truths) + 1)
        truths.append((code, quad, len(drawn)))
        drawn.append(quad)
    for _ in places:  # a face-down stack beside a pile
        if rng.random() >= cond.backs:
            continue
        spot = _free_spot(rng, taken, inv, size, 0.6 * card_h)
        if spot is None:
            continue
        taken.append((spot[0], spot[1], 0.6 * card_h))
        ang = rng.uniform(0, 2 * math.pi)
        for k in range(int(rng.integers(1, 4))):
            quad = _card_quad(spot[0] + k * 1.5, spot[1] - k * 2.0, card_h, aspect,
                              ang + rng.uniform(-0.05, 0.05))
            paste_card(table, back_img, quad)
            mark(quad, BACK_LABEL)
        backs.append(quad)
        drawn.append(quad)
    things = int(rng.integers(0, cond.clutter + 1))
    for _ in range(things):
        spot = _free_spot(rng, taken, inv, size, 0.7 * card_h / aspect)
        if spot is None:
            continue
        what = CLUTTER[int(rng.integers(len(CLUTTER)))]
        mask = clutter(table, rng, spot, card_h / aspect, what)
        taken.append((spot[0], spot[1], 0.9 * card_h))
        cover |= mask
        if lab is not None:
            lab[mask > 0] = 0
    tags["clutter"] = str(things)
    # a top card is hidden in part by the piles put down after it
    covers = []
    for _code, quad, i in truths:
        c = cover.copy()
        for later in drawn[i + 1:]:
            cv2.fillConvexPoly(c, np.round(later).astype(np.int32), 255)
        covers.append(_visible(quad, c))
    ideal = cv2.warpPerspective(table, hmat, size, flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_REFLECT)
    frame = cam.distort(np.asarray(ideal))
    cards = [(code, cam.project(hmat, quad), vis)
             for (code, quad, _), vis in zip(truths, covers, strict=True)]
    back_quads = [cam.project(hmat, q) for q in backs]
    hand_mask = np.zeros((h, w), np.uint8)
    if rng.random() < cond.hands:
        centres = [q.mean(axis=0) for _, q, _ in cards] or [np.array([w / 2, h / 2])]
        for _ in range(int(rng.integers(1, cond.most_hands + 1))):
            t = centres[int(rng.integers(len(centres)))] + rng.uniform(-1, 1, 2) * card_w
            hand_mask |= arm(frame, rng, (float(t[0]), float(t[1])), card_w)
        tags["hands"] = "yes"
    frame_labels = None
    if lab is not None:
        frame_labels = cam.distort(np.asarray(cv2.warpPerspective(
            lab, hmat, size, flags=cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT)), True)
        frame_labels[hand_mask > 0] = 0
    true_cards = [TrueCard(code, q.astype(np.float64),
                           vis * _visible(q, hand_mask) * min(1.0, _in_frame(q, size)))
                  for code, q, vis in cards]
    light = random_light(rng, cond.dim, cond.glare, cond.uneven, cond.vignette)
    frame = apply_light(frame, light, rng)
    frame = finish(frame, rng, cond.motion, cond.focus, cond.noise * (1.6 - 0.6 * light.level),
                   cond.jpeg)
    tags["kelvin"] = f"{light.kelvin:.0f}"
    return Scene(frame, true_cards, backs=back_quads, tags=tags, labels=frame_labels)
