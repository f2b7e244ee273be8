"""A Halli Galli table at one moment, rendered through a camera, with its truth.

`Table` is what stays put during a game (surface, deck, seats, camera, light, clutter);
`Moment` is what changes (the piles, the stacks, the cards under the bell, arms). `render`
draws both and returns the frame (the JPEG bytes and the decoded picture) and the truth:
every top face-up card with its code, corners and how much of it is covered; every lower
card of a pile that peeks out; every back (face-down stacks, cards under the bell).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from bench.heldout import props
from bench.heldout.camera import Camera, Light, Sensor, expose, light_frame, photograph
from bench.heldout.canvas import Canvas, card_corners
from bench.heldout.card_art import ANIMALS, Deck, back_face, face_of
from bench.heldout.surfaces import make_surface, placemat_texture

Image = np.ndarray
MAY_BE_UNKNOWN = 0.30  # a top card covered more than this may be reported unknown
PEEK_MIN = 0.03  # a lower card showing less than this of itself is not listed


@dataclass
class Placed:
    code: str | None  # a fruit code or an animal; None: a back
    centre: tuple[float, float]
    angle: float
    variant: int = 0


@dataclass
class Table:
    deck: Deck
    surface: str
    seed: int
    camera: Camera
    light: Light
    sensor: Sensor
    shade: props.Shade
    card_w: float
    card_h: float
    piles_at: list[tuple[tuple[float, float], float]]  # per seat: pile centre, angle
    stacks_at: list[tuple[tuple[float, float], float]]
    bell_at: tuple[float, float]
    holders: bool = False
    placemats: bool = False
    clutter: list[tuple[str, tuple[float, float]]] = field(default_factory=list)


@dataclass
class Arm:
    start: tuple[float, float]
    reach: tuple[float, float]
    seed: int


@dataclass
class Moment:
    piles: list[list[Placed]]  # per seat, bottom first, face up
    stacks: list[int]  # face-down cards per seat
    bell_cards: list[Placed] = field(default_factory=list)
    arms: list[Arm] = field(default_factory=list)


@dataclass
class TrueCard:
    role: str  # "top", "lower" or "back"
    code: str | None
    seat: int | None
    corners: list[list[float]]  # image px
    cover: float  # part of the card hidden (by hands, clutter, the frame edge, cards above)

    @property
    def kind(self) -> str:
        if self.code is None:
            return "back"
        return "animal" if self.code in ANIMALS else "fruit"

    @property
    def may_be_unknown(self) -> bool:
        return self.cover > MAY_BE_UNKNOWN

    def to_json(self) -> dict[str, Any]:
        return {"role": self.role, "kind": self.kind, "code": self.code, "seat": self.seat,
                "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
                "cover": round(self.cover, 3)}


def _view_canvas(table: Table, rng: np.random.Generator) -> Canvas:
    (x0, y0, x1, y1), scale = table.camera.view()
    pad = 20.0
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    limit = 9e6 if table.camera.width <= 1600 else 2.6e7
    ppm = min(scale, float(np.sqrt(limit / ((x1 - x0) * (y1 - y0)))))
    w, h = int((x1 - x0) * ppm) + 1, int((y1 - y0) * ppm) + 1
    img = make_surface(table.surface, h, w, ppm, rng)
    return Canvas(img, (x0, y0), ppm)


def _in_frame(cam: Camera, quad: np.ndarray) -> float:
    """Part of an image quad inside the frame."""
    frame = np.array([[0, 0], [cam.width, 0], [cam.width, cam.height], [0, cam.height]],
                     np.float32)
    q = quad.astype(np.float32)
    area = abs(cv2.contourArea(q))
    if area <= 0:
        return 0.0
    inter, _ = cv2.intersectConvexConvex(q, frame)
    return float(inter / area)


_BASES: dict[int, tuple[Table, Canvas, list[props.Colour | None]]] = {}


def _base(table: Table) -> tuple[Canvas, list[props.Colour | None]]:
    """The table before anything moves on it (cloth, mats, holders): kept for a game's frames."""
    kept = _BASES.get(id(table))
    if kept is not None and kept[0] is table:
        base, woods = kept[1], kept[2]
    else:
        base, woods = _draw_base(table)
        _BASES.clear()
        _BASES[id(table)] = (table, base, woods)
    cv = Canvas(base.img.copy(), base.origin, base.ppm)
    cv.occ[:] = base.occ
    return cv, woods


def _draw_base(table: Table) -> tuple[Canvas, list[props.Colour | None]]:
    cv = _view_canvas(table, np.random.default_rng([table.seed, 1]))
    w, h, shade = table.card_w, table.card_h, table.shade
    mat_rng = np.random.default_rng([table.seed, 2])
    if table.placemats:
        tex = None
        for (c, ang), (sc, _) in zip(table.piles_at, table.stacks_at, strict=True):
            mid = ((c[0] + sc[0]) / 2, (c[1] + sc[1]) / 2)
            poly = card_corners(mid, ang, w * 3.2, h * 2.6)
            box = cv.roi(cv.px(poly))
            if box is None:
                continue
            if tex is None:
                tex = placemat_texture(cv.shape[0], cv.shape[1], cv.ppm, mat_rng)
            m = cv.poly_mask(poly, box)
            x0, y0, x1, y1 = box
            cv.shadow(m, box, shade.offset(2), 0.8, 0.3)
            cv.paint(m, box, tex[y0:y1, x0:x1], above=False)
    woods: list[props.Colour | None] = []
    hold_rng = np.random.default_rng([table.seed, 3])
    for c, ang in table.piles_at:
        woods.append(props.holder_under(cv, c, ang, w, h, shade, hold_rng) if table.holders
                     else None)
    return cv, woods


def draw_table(table: Table, moment: Moment, rng: np.random.Generator) -> Canvas:
    """Everything on the table plane, in the order things lie on each other."""
    cv, woods = _base(table)
    deck, w, h, shade = table.deck, table.card_w, table.card_h, table.shade
    back = back_face(deck)
    for seat, (c, ang) in enumerate(table.stacks_at):
        n = moment.stacks[seat]
        for k in range(min(n, 4)):  # the stack's side: a few backs a little apart
            dx = 0.35 * (k - min(n, 4) + 1)
            corners = card_corners((c[0] + dx, c[1] + dx), ang, w, h)
            if k == 0:
                _card_shadow(cv, corners, shade, 0.3 * n)
            cv.lay_card(back * (0.9 if k < min(n, 4) - 1 else 1.0), corners)
    for placed in moment.bell_cards:
        corners = card_corners(placed.centre, placed.angle, w, h)
        _card_shadow(cv, corners, shade, 0.3)
        cv.lay_card(back, corners)
    for pile in moment.piles:
        for k, placed in enumerate(pile):
            corners = card_corners(placed.centre, placed.angle, w, h)
            if k == 0:
                _card_shadow(cv, corners, shade, 0.3 * len(pile))
            elif np.hypot(placed.centre[0] - pile[k - 1].centre[0],
                          placed.centre[1] - pile[k - 1].centre[1]) > 1.5:
                _card_shadow(cv, corners, shade, 0.3)
            assert placed.code is not None
            cv.lay_card(face_of(deck, placed.code, placed.variant), corners)
    props.bell(cv, table.bell_at, shade, np.random.default_rng([table.seed, 4]))
    clutter_rng = np.random.default_rng([table.seed, 5])
    for kind, c in table.clutter:
        props.clutter(cv, kind, c, shade, clutter_rng)
    for arm in moment.arms:
        props.arm(cv, arm.start, arm.reach, shade, np.random.default_rng(arm.seed))
    for (c, ang), wood in zip(table.piles_at, woods, strict=True):
        if wood is not None:
            props.holder_rim(cv, c, ang, w, h, wood, shade)
    return cv


def _card_shadow(cv: Canvas, corners: np.ndarray, shade: props.Shade, height: float) -> None:
    box = cv.roi(cv.px(corners), pad=4 + 3 * cv.ppm)
    if box is None:
        return
    m = cv.poly_mask(corners, box)
    cv.shadow(m, box, shade.offset(height + 1.5), 0.6 + height * 0.1, 0.35)


def truth_of(table: Table, moment: Moment, cv: Canvas) -> list[TrueCard]:
    cam, w, h = table.camera, table.card_w, table.card_h
    out: list[TrueCard] = []

    def add(role: str, code: str | None, seat: int | None, corners_mm: np.ndarray,
            hidden: float) -> None:
        quad = cam.to_image(corners_mm)
        centre = quad.mean(0)
        if not (0 <= centre[0] < cam.width and 0 <= centre[1] < cam.height):
            return
        cover = 1 - (1 - hidden) * _in_frame(cam, quad)
        out.append(TrueCard(role, code, seat, quad.tolist(), float(np.clip(cover, 0, 1))))

    for seat, pile in enumerate(moment.piles):
        quads = [card_corners(p.centre, p.angle, w, h) for p in pile]
        for k, placed in enumerate(pile):
            if k == len(pile) - 1:
                add("top", placed.code, seat, quads[k], cv.cover(quads[k])[1])
            else:
                seen = cv.visible_part(quads[k], quads[k + 1:])
                if seen >= PEEK_MIN:
                    add("lower", placed.code, seat, quads[k], 1 - seen)
    for seat, (c, ang) in enumerate(table.stacks_at):
        n = moment.stacks[seat]
        if n > 0:
            dx = 0.0
            corners = card_corners((c[0] + dx, c[1] + dx), ang, w, h)
            add("back", None, seat, corners, cv.cover(corners)[1])
    for placed in moment.bell_cards:
        corners = card_corners(placed.centre, placed.angle, w, h)
        seen = cv.visible_part(corners, [])
        if seen >= 0.2:
            add("back", None, None, corners, 1 - seen)
    return out


def render(table: Table, moment: Moment, frame_seed: int) -> tuple[bytes, Image, list[TrueCard]]:
    """The JPEG file, its decoded picture and the truth of one frame."""
    rng = np.random.default_rng([table.seed, frame_seed, 9])
    cv = draw_table(table, moment, rng)
    img = photograph(cv.img, cv.origin, cv.ppm, table.camera)
    img = light_frame(img, table.light, np.random.default_rng([table.seed, 6]))
    decoded, jpeg = expose(img, table.light, table.sensor, rng)
    return jpeg, decoded, truth_of(table, moment, cv)
