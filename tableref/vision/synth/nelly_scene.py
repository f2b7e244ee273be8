"""Synthetic Nelly tables with exact ground truth: the turtles in each player's zone.

`random_scene` draws a moment of a game: the pond and Nelly with turtles on her, each
player's water plants with turtles on some, turtles that fell and lie beside (tilted,
upturned, one lying on another), a hand over a zone now and then, on the table types of
the Halli scenes and a light cloth; then the light: a lamp from 2700 K to 6500 K with a
camera white balance that corrects it partly or not at all, uneven light, soft shadows,
glare on the gloss paint and the table, noise, blur and JPEG. `render_nelly_table` draws a
given table for the simulated camera.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from tableref.vision.nelly.zones import Zone, default_zones
from tableref.vision.synth.halli_table import draw_hand, table_texture
from tableref.vision.synth.nelly_art import (
    PLANT_GREEN,
    Light,
    draw_board,
    draw_die,
    draw_dome,
    draw_hippo,
    paint_variant,
    plant_disc,
)
from tableref.vision.synth.nelly_tables import KINDS

Image = np.ndarray
COLOURS = ("red", "yellow", "orange")
TABLES = ("wood", "cloth", "pattern", "light")


@dataclass(frozen=True)
class TrueZone:
    """What lies in one player's zone, and what makes it hard."""

    player: int
    counts: dict[str, int]
    hand: bool = False  # a hand covers some of the zone's turtles or plants
    stacks: int = 0  # turtles lying on another
    close_stacks: int = 0  # of those, lying nearly on top (offset under half a radius)
    turtles: tuple[tuple[str, float, float], ...] = ()  # colour, x, y (before perspective)
    hidden: int = 0  # turtles partly covered by the die


@dataclass
class NellyScene:
    image: Image
    zones: list[Zone]
    truth: list[TrueZone]
    conditions: dict[str, object] = field(default_factory=dict)
    still: Image | None = None  # the same table a moment before, no hand (options.still)


@dataclass(frozen=True)
class NellySceneOptions:
    """What makes a scene hard; each drawn at random within its bounds."""

    size: tuple[int, int] = (1280, 720)
    players: tuple[int, int] = (2, 4)
    table: str | None = None  # one of TABLES, None for random
    tables_extra: tuple[str, ...] = ()  # more kinds at random (nelly_tables.KINDS)
    kelvin: tuple[float, float] = (2700.0, 6500.0)
    white_balance: tuple[float, float] = (0.0, 0.9)  # how much of the lamp's tint is undone
    scale: tuple[float, float] = (0.8, 1.2)  # of the material in pixels
    hand: float = 0.2  # chance of a hand over a zone in a scene
    fallen: float = 0.5  # chance a zone has turtles lying beside the plants
    stack: float = 0.25  # chance a zone has a turtle lying on another
    shadow: float = 0.5  # chance of a soft shadow over part of the table
    glare: float = 0.3  # chance of a lamp's reflection on the table
    uneven: float = 0.35
    perspective: float = 0.03
    noise: float = 4.0
    blur: float = 1.2
    jpeg: tuple[int, int] = (65, 95)
    # off by default (the classic scenes stay as they were, seed for seed):
    dim: float = 0.0  # chance of a dim room: exposure low, the sensor's noise up
    mixed: float = 0.0  # chance of two lamps of different colours across the table
    stack_three: float = 0.0  # chance a stack has a third turtle lying on the two
    die: float = 0.0  # chance the die lies in a zone, often over a turtle's edge
    skin: tuple[float, float] = (1.0, 1.0)  # a hand's tone scaled by this (dark skin < 1)
    still: bool = False  # also film the table a moment before the hand (NellyScene.still)


def kelvin_rgb(kelvin: float) -> np.ndarray:
    """A black body's colour at `kelvin` as BGR gains (the largest 1), after Tanner Helland's
    fit of the CIE data (good to a few percent from 1000 K to 40000 K)."""
    t = kelvin / 100.0
    if t <= 66:
        r = 255.0
        g = 99.4708025861 * math.log(t) - 161.1195681661
        b = 0.0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307
    else:
        r = 329.698727446 * (t - 60) ** -0.1332047592
        g = 288.1221695283 * (t - 60) ** -0.0755148492
        b = 255.0
    bgr: np.ndarray = np.clip(np.array([b, g, r], np.float64), 1.0, 255.0)
    return np.asarray(bgr / bgr.max())


def _lamp(rng: np.random.Generator, opts: NellySceneOptions) -> tuple[np.ndarray, float]:
    """The gains the camera records: the lamp's colour, partly white-balanced, exposed."""
    kelvin = float(rng.uniform(*opts.kelvin))
    tint = kelvin_rgb(kelvin)
    undo = float(rng.uniform(*opts.white_balance))
    gains = tint ** (1 - undo)
    gains = gains / gains.max() * rng.uniform(0.8, 1.1)
    return gains.astype(np.float32), kelvin


def _light_cloth(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    w, h = size
    base = np.asarray(rng.uniform([185, 190, 195], [245, 245, 250]), np.float32)
    if rng.random() < 0.4:  # a pale tint: cream, pale blue, pale pink
        base = base * np.asarray(rng.uniform(0.85, 1.0, 3), np.float32)
    sw, sh = w // 4, h // 4
    img = np.broadcast_to(base, (sh, sw, 3)).astype(np.float32)
    img = img * rng.uniform(0.95, 1.05, (sh, sw, 1)).astype(np.float32)
    if rng.random() < 0.5:  # a woven check
        ys, xs = np.mgrid[0:sh, 0:sw]
        cell = int(rng.integers(4, 10))
        img *= (1 - 0.06 * ((xs // cell + ys // cell) % 2))[..., None].astype(np.float32)
    return np.asarray(cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (w, h)))


def table_top(rng: np.random.Generator, size: tuple[int, int], kind: str | None) -> Image:
    kind = kind or TABLES[int(rng.integers(len(TABLES)))]
    if kind == "light":
        return _light_cloth(rng, size)
    if kind in KINDS:
        return KINDS[kind](rng, size)
    return table_texture(rng, size, kind)


def _free_spot(rng: np.random.Generator, box: tuple[float, float, float, float],
               taken: list[tuple[float, float, float]], radius: float,
               tries: int = 60) -> tuple[float, float] | None:
    x0, y0, x1, y1 = box
    if x1 - x0 < 2 * radius or y1 - y0 < 2 * radius:
        return None
    for _ in range(tries):
        x, y = rng.uniform(x0 + radius, x1 - radius), rng.uniform(y0 + radius, y1 - radius)
        if all(math.hypot(x - tx, y - ty) > radius + tr + 3 for tx, ty, tr in taken):
            return (x, y)
    return None


@dataclass
class _Turtle:
    colour: str
    x: float
    y: float
    tilt: float = 0.0
    lean: float = 0.0
    upturned: bool = False
    head: float | None = None


@dataclass
class _ZonePlan:
    plants: list[tuple[float, float]]
    turtles: list[_Turtle]
    stacks: int = 0
    close: int = 0


def _plan_zone(rng: np.random.Generator, box: tuple[float, float, float, float],
               plant_r: float, dome_r: float, colours: list[str], n_plants: int,
               opts: NellySceneOptions) -> _ZonePlan:
    """Plants at free spots; turtles on some; fallen ones beside; perhaps one on another."""
    taken: list[tuple[float, float, float]] = []
    plants = []
    for _ in range(n_plants):
        spot = _free_spot(rng, box, taken, plant_r)
        if spot is None:
            break
        plants.append(spot)
        taken.append((spot[0], spot[1], plant_r))
    turtles: list[_Turtle] = []
    pool = list(colours)
    rng.shuffle(pool)
    heads = rng.random() < 0.5  # this game's turtles have heads
    for px, py in plants:
        if not pool or rng.random() < 0.25:
            continue
        turtles.append(_Turtle(pool.pop(), px + rng.uniform(-0.2, 0.2) * plant_r,
                               py + rng.uniform(-0.2, 0.2) * plant_r,
                               head=float(rng.uniform(0, 2 * math.pi)) if heads else None))
    if pool and rng.random() < opts.fallen:
        for _ in range(int(rng.integers(1, 3))):
            spot = _free_spot(rng, box, taken, dome_r * 1.3)
            if spot is None or not pool:
                break
            taken.append((spot[0], spot[1], dome_r * 1.3))
            kind = rng.random()
            t = _Turtle(pool.pop(), spot[0], spot[1],
                        head=float(rng.uniform(0, 2 * math.pi)) if heads else None)
            if kind < 0.35:
                t.tilt, t.lean = float(rng.uniform(0.3, 1.2)), float(rng.uniform(0, 2 * math.pi))
            elif kind < 0.5:
                t.upturned, t.head = True, None
            turtles.append(t)
    plan = _ZonePlan(plants, turtles)
    if pool and turtles and rng.random() < opts.stack:
        under = turtles[int(rng.integers(len(turtles)))]
        if not under.upturned and under.tilt == 0:
            lean = float(rng.uniform(0, 2 * math.pi))
            off = float(rng.uniform(0.3, 0.95))
            top = _Turtle(pool.pop(), under.x + off * dome_r * math.cos(lean),
                          under.y + off * dome_r * math.sin(lean),
                          tilt=float(rng.uniform(0.35, 0.8)), lean=lean)
            turtles.append(top)
            plan.stacks += 1
            plan.close += int(off < 0.5)
            if opts.stack_three > 0 and pool and rng.random() < opts.stack_three:
                lean = float(rng.uniform(0, 2 * math.pi))
                off = float(rng.uniform(0.3, 0.9))
                turtles.append(_Turtle(pool.pop(), top.x + off * dome_r * math.cos(lean),
                                       top.y + off * dome_r * math.sin(lean),
                                       tilt=float(rng.uniform(0.35, 0.8)), lean=lean))
                plan.stacks += 1
                plan.close += int(off < 0.5)
    return plan


def _soft_shadow(frame: np.ndarray, rng: np.random.Generator) -> None:
    """Someone leaning over the table: a large soft dark patch."""
    h, w = frame.shape[:2]
    m = np.zeros((h // 4, w // 4), np.float32)
    c = (int(rng.uniform(0, w / 4)), int(rng.uniform(0, h / 4)))
    axes = (int(rng.uniform(30, 110)), int(rng.uniform(20, 70)))
    cv2.ellipse(m, c, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    m = cv2.GaussianBlur(m, (0, 0), float(rng.uniform(3, 12)))
    full = cv2.resize(m, (w, h))
    frame *= (1 - rng.uniform(0.3, 0.65) * full)[..., None]


def _table_glare(frame: np.ndarray, rng: np.random.Generator) -> None:
    """A lamp reflected in a glossy table top: a bright, washed-out patch (drawn on the
    bare table: the turtles' own gloss is their shading's business)."""
    h, w = frame.shape[:2]
    m = np.zeros((h // 4, w // 4), np.float32)
    c = (int(rng.uniform(0, w / 4)), int(rng.uniform(0, h / 4)))
    cv2.circle(m, c, int(rng.uniform(8, 30)), 1.0, -1)
    m = cv2.GaussianBlur(m, (0, 0), float(rng.uniform(4, 10)))
    full = cv2.resize(m, (w, h))[..., None]
    frame[:] = frame * (1 - 0.5 * full) + 250 * 0.5 * full * rng.uniform(0.6, 1.0)


def _perspective(rng: np.random.Generator, size: tuple[int, int], amount: float) -> np.ndarray:
    w, h = size
    src = np.asarray([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    move = np.asarray(rng.uniform(-amount, amount, (4, 2)), np.float32) * np.array([w, h])
    return cv2.getPerspectiveTransform(src, (src + move).astype(np.float32))


def _zone_boxes(n: int, size: tuple[int, int], rng: np.random.Generator) -> list[Zone]:
    """The zones as a user would drag them: the default boxes, a little off."""
    out = []
    for z in default_zones(n, size):
        x0, y0, x1, y1 = z.bounds
        dx0, dy0, dx1, dy1 = rng.uniform(-12, 12, 4)
        x0, y0 = max(0.0, x0 + dx0), max(0.0, y0 + dy0)
        x1, y1 = min(size[0] - 1.0, x1 + dx1), min(size[1] - 1.0, y1 + dy1)
        out.append(Zone(z.player, ((x0, y0), (x1, y0), (x1, y1), (x0, y1))))
    return out


def _deal(rng: np.random.Generator, n: int) -> list[list[str]]:
    """Each seat's turtles at some moment of a game (at most 7, 7, 6 on the table)."""
    left = {"red": 7, "yellow": 7, "orange": 6}
    each = {2: 9, 3: 6, 4: 5}[n]
    seats = []
    for _ in range(n):
        k = int(rng.integers(0, each + 1))
        mine = []
        for _ in range(k):
            avail = [c for c in COLOURS if left[c] > 0]
            if not avail:
                break
            c = avail[int(rng.integers(len(avail)))]
            left[c] -= 1
            mine.append(c)
        seats.append(mine)
    return seats


def random_scene(rng: np.random.Generator, opts: NellySceneOptions | None = None) -> NellyScene:
    """A random moment of a Nelly game, filmed from above, with the truth of every zone."""
    opts = opts or NellySceneOptions()
    size = opts.size
    w, h = size
    n = int(rng.integers(opts.players[0], opts.players[1] + 1))
    kinds = TABLES + opts.tables_extra
    kind = opts.table or kinds[int(rng.integers(len(kinds)))]
    frame = table_top(rng, size, kind)
    if rng.random() < opts.glare:  # on the table top only: what lies on it hides it
        glossy = frame.astype(np.float32)
        _table_glare(glossy, rng)
        frame = np.clip(glossy, 0, 255).astype(np.uint8)
    scale = float(rng.uniform(*opts.scale))
    plant_r = 27.0 * scale
    dome_r = plant_r * float(rng.uniform(0.55, 0.68))
    paints = {c: paint_variant(rng, c) for c in COLOURS}
    green = np.clip(np.asarray(PLANT_GREEN, np.float32) + rng.uniform(-8, 8, 3), 0, 255)
    lamp_dir = np.array([rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), 1.0])
    lamp_dir /= np.linalg.norm(lamp_dir)
    light = Light((float(lamp_dir[0]), float(lamp_dir[1]), float(lamp_dir[2])),
                  float(rng.uniform(0.25, 0.5)), float(rng.uniform(0.2, 0.8)))
    draw_board(frame, (w / 2, h / 2), (0.14 * w, 0.19 * h), rng)
    heading = float(rng.uniform(0, 2 * math.pi))
    spots = draw_hippo(frame, (w / 2, h / 2), 0.12 * w * scale, heading,
                       bool(rng.random() < 0.3), rng)
    for sx, sy in spots:
        if rng.random() < 0.35:
            draw_dome(frame, (sx, sy), dome_r, paints[COLOURS[int(rng.integers(3))]], light,
                      tilt=float(rng.uniform(0, 0.4)), lean=float(rng.uniform(0, 6.3)))
    zones = _zone_boxes(n, size, rng)
    deal = _deal(rng, n)
    each = {2: 9, 3: 6, 4: 5}[n]
    truths: list[TrueZone] = []
    masks: list[np.ndarray] = []  # what of each zone a hand may cover: its turtles and plants
    for zone, mine in zip(zones, deal, strict=True):
        x0, y0, x1, y1 = zone.bounds
        inset = (x0 + 8, y0 + 8, x1 - 8, y1 - 8)
        plan = _plan_zone(rng, inset, plant_r, dome_r, mine, int(rng.integers(len(mine),
                                                                                each + 1)), opts)
        content = np.zeros((h, w), bool)
        for px, py in plan.plants:
            plant_disc(frame, (px, py), plant_r, green, rng)
            cv2.circle(content.view(np.uint8), (int(px), int(py)), int(plant_r), 1, -1)
        shells = [draw_dome(frame, (t.x, t.y), dome_r, paints[t.colour], light, tilt=t.tilt,
                            lean=t.lean, upturned=t.upturned, head=t.head)
                  for t in plan.turtles]
        for m in shells:
            content |= m
        hidden = 0
        if opts.die > 0 and rng.random() < opts.die:
            covered = _drop_die(frame, rng, inset, plan, dome_r, paints, green)
            hidden = sum(bool(np.any(covered & m)) for m in shells)
        counts = dict.fromkeys(COLOURS, 0)
        for t in plan.turtles:
            counts[t.colour] += 1
        truths.append(TrueZone(zone.player, counts, False, plan.stacks, plan.close,
                               tuple((t.colour, t.x, t.y) for t in plan.turtles), hidden))
        masks.append(content)
    before = frame.copy() if opts.still else None  # the table a moment before the hand
    hand_on: int | None = None
    if rng.random() < opts.hand:
        hand_on = int(rng.integers(n))
        x0, y0, x1, y1 = zones[hand_on].bounds
        hand = draw_hand(frame, rng, [((x0 + x1) / 2, (y0 + y1) / 2)]) > 0
        if opts.skin != (1.0, 1.0):  # a darker (or paler) skin than the Halli hands'
            tone = cv2.GaussianBlur(hand.astype(np.float32), (7, 7), 2)[..., None]
            f = float(rng.uniform(*opts.skin))
            frame[:] = np.clip(frame * (1 - tone * (1 - f)), 0, 255).astype(np.uint8)
        truths = [replace(t, hand=bool(np.any(hand & m))) for t, m in zip(truths, masks,
                                                                             strict=True)]
    still = None
    if before is not None:  # filmed the same way (the same draws), its own sensor noise
        sensor = np.random.default_rng(int(rng.integers(2**31)))
        still, _, _ = _film(before, copy.deepcopy(rng), opts, zones, sensor)
    img, zones, extra = _film(frame, rng, opts, zones)
    conditions: dict[str, object] = {"table": kind, "players": n, "hand_on": hand_on,
                                     "scale": round(scale, 2), **extra}
    return NellyScene(img, zones, truths, conditions, still)


def _film(frame: Image, rng: np.random.Generator, opts: NellySceneOptions,
          zones: list[Zone], sensor: np.random.Generator | None = None,
          ) -> tuple[Image, list[Zone], dict[str, object]]:
    """The camera: shadow, the lamp's colour and evenness, noise, tilt, blur and JPEG.
    `sensor`: another frame of the same view, its noise drawn anew from this generator.
    Returns the frame, the zones where the tilt moved them, and what was drawn."""
    h, w = frame.shape[:2]
    size = (w, h)
    out = frame.astype(np.float32)
    if rng.random() < opts.shadow:
        _soft_shadow(out, rng)
    gains, kelvin = _lamp(rng, opts)
    ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    ramp = (gx * (xs / w - 0.5) + gy * (ys / h - 0.5)) / max(abs(gx) + abs(gy), 1e-6)
    uneven = 1 - rng.uniform(0, opts.uneven) * (ramp + 0.5)
    lit = cv2.resize(uneven, (w, h))[..., None] * gains
    extra: dict[str, object] = {}
    if opts.mixed > 0 and rng.random() < opts.mixed:  # a window's daylight, a warm lamp
        other, k2 = _lamp(rng, opts)
        a = float(rng.uniform(0, 2 * math.pi))
        t = cv2.resize(np.clip(0.5 + (math.cos(a) * (xs / w - 0.5) + math.sin(a) * (
            ys / h - 0.5)) * 1.5, 0, 1), (w, h))[..., None]
        lit = lit * (1 - t) + cv2.resize(uneven, (w, h))[..., None] * other * t
        extra["kelvin2"] = round(k2)
    noise = opts.noise
    if opts.dim > 0 and rng.random() < opts.dim:
        # a dim room: the camera's automatic exposure makes up most of it with its gain, so
        # the frame is a little dark and far noisier
        exposure = float(rng.uniform(0.45, 0.8))
        lit *= exposure
        noise *= float(rng.uniform(2.0, 3.5)) / exposure
        extra["dim"] = round(exposure, 2)
    out *= lit
    if noise > 0:
        sd = float(rng.uniform(0.3, 1)) * noise
        grain = rng.normal(0.0, sd, out.shape)
        if sensor is not None:
            grain = sensor.normal(0.0, sd, out.shape)
        out += grain.astype(np.float32)
    img: np.ndarray = np.clip(out, 0, 255).astype(np.uint8)
    if opts.perspective > 0:
        hmat = _perspective(rng, size, opts.perspective)
        img = cv2.warpPerspective(img, hmat, size, borderMode=cv2.BORDER_REPLICATE)
        zones = [_warp_zone(z, hmat) for z in zones]
    sigma = float(rng.uniform(0, opts.blur))
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    q = int(rng.integers(opts.jpeg[0], opts.jpeg[1] + 1))
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
    if decoded is not None:
        img = decoded
    return img, zones, {"kelvin": round(kelvin), "jpeg": q, "blur": round(sigma, 2), **extra}


def _drop_die(frame: Image, rng: np.random.Generator, box: tuple[float, float, float, float],
              plan: _ZonePlan, dome_r: float, paints: dict[str, np.ndarray],
              green: np.ndarray) -> np.ndarray:
    """The die thrown into a zone: often against a turtle, over its edge. Returns the
    frame-sized mask it covers."""
    side = 1.7 * dome_r
    face = ("all", "red", "yellow", "orange", "heron", "plants")[int(rng.integers(6))]
    angle = float(rng.uniform(0, math.pi / 2))
    if plan.turtles and rng.random() < 0.7:
        t = plan.turtles[int(rng.integers(len(plan.turtles)))]
        a = float(rng.uniform(0, 2 * math.pi))
        d = dome_r + side * float(rng.uniform(0.3, 0.6))
        centre = (t.x + d * math.cos(a), t.y + d * math.sin(a))
    else:
        spot = _free_spot(rng, box, [(p[0], p[1], 0.0) for p in plan.plants], side)
        if spot is None:
            return np.zeros(frame.shape[:2], bool)
        centre = spot
    return draw_die(frame, centre, side, angle, face, paints, green)


def _warp_zone(zone: Zone, hmat: np.ndarray) -> Zone:
    pts = np.asarray(zone.polygon, np.float64).reshape(-1, 1, 2)
    moved = cv2.perspectiveTransform(pts, hmat).reshape(-1, 2)
    return Zone(zone.player, tuple((round(float(x), 1), round(float(y), 1)) for x, y in moved))


def render_nelly_table(turtles: Sequence[Mapping[str, int]], plants: Sequence[int], *,
                       seed: int = 0, hand_at: int | None = None, table: str = "wood",
                       size: tuple[int, int] = (1280, 720), hand_seed: int | None = None,
                       hand_tone: float = 1.0) -> tuple[Image, list[Zone]]:
    """The simulated camera: each seat's turtles (by colour) on its plants, in the default
    zones on a `table` of TABLES. The table, the light and where things lie depend on `seed`
    and the contents only; a hand over seat `hand_at`'s zone lies where `hand_seed` puts it
    (a moving hand: another seed each frame), its skin `hand_tone` times the Halli hands'.
    Returns the frame and the zones it was drawn in."""
    n = len(turtles)
    if len(plants) != n:
        raise ValueError("one count of plants for each seat")
    rng = np.random.default_rng(seed)
    frame = table_top(rng, size, table)
    w, h = size
    light = Light()
    draw_board(frame, (w / 2, h / 2), (0.14 * w, 0.19 * h), rng)
    draw_hippo(frame, (w / 2, h / 2), 0.12 * w, 0.3, False, rng)
    paints = {c: paint_variant(np.random.default_rng(seed), c) for c in COLOURS}
    green = np.asarray(PLANT_GREEN, np.float32)
    zones = default_zones(n, size)
    for seat, (zone, mine, n_plants) in enumerate(zip(zones, turtles, plants, strict=True)):
        # everything keeps its place while the game goes on: the plants' places depend on
        # the seat alone (a plant put back in the box leaves the others where they were),
        # each colour has its own plants to sit on (a red placed leaves the others be)
        colours = [c for c in COLOURS for _ in range(int(mine.get(c, 0)))]
        slots = max(SIM_SLOTS, n_plants, len(colours))
        x0, y0, x1, y1 = zone.bounds
        plan = _plan_zone(np.random.default_rng([seed, seat, slots]),
                          (x0 + 8, y0 + 8, x1 - 8, y1 - 8), 27.0, 17.0, [], slots,
                          NellySceneOptions(fallen=0.0, stack=0.0))
        seated = _seated(colours, len(plan.plants))
        # the plants under the turtles, and free ones up to the seat's count (a plant put
        # back in the box is a free one)
        under = sorted({j for _, j in seated})
        free = [j for j in range(len(plan.plants)) if j not in under]
        for k in sorted((under + free)[:n_plants]):
            plant_disc(frame, plan.plants[k], 27.0, green, np.random.default_rng([seed, seat, k]))
        for c, j in seated:
            draw_dome(frame, plan.plants[j], 17.0, paints[c], light)
    if hand_at is not None:
        x0, y0, x1, y1 = zones[hand_at].bounds
        where = [seed, 99] if hand_seed is None else [seed, 99, hand_seed]
        hand = draw_hand(frame, np.random.default_rng(where), [((x0 + x1) / 2, (y0 + y1) / 2)])
        if hand_tone != 1.0:
            tone = cv2.GaussianBlur(hand.astype(np.float32) / 255, (7, 7), 2)[..., None]
            frame[:] = np.clip(frame * (1 - tone * (1 - hand_tone)), 0, 255).astype(np.uint8)
    return frame, zones


SIM_SLOTS = 9  # places for plants in a zone of the simulated table (the most a seat has)


def _seated(colours: Sequence[str], places: int) -> list[tuple[str, int]]:
    """Each turtle's place (an index of `places`): colour i has the places i, i + 3, i + 6,
    ... of its own; the turtles beyond those take the places left free after every colour
    took its own. So a turtle come or gone moves no other (while places are free)."""
    taken: set[int] = set()
    out = []
    extra = []
    for i, colour in enumerate(COLOURS):
        own = [j for j in range(places) if j % 3 == i]
        n = colours.count(colour)
        for j in own[:n]:
            taken.add(j)
            out.append((colour, j))
        extra += [colour] * max(0, n - len(own))
    free = [j for j in range(places) if j not in taken]
    out += list(zip(extra, free, strict=False))
    return out
