"""Condition families and the sampler of single-photo scenes, deterministic from a seed.

Axes (one value each per scene) and tags (any number per scene):
- surface: plain-light, plain-dark, plain-saturated, gingham, tartan, floral, dots,
  stripes, fruit-print, wood, felt, placemats | held back: marble, batik
- art: scan (the real scans), flat, outlined, shaded, photo | held back: watercolour
- light: neutral, warm, cool, dim, glare, uneven | held back: mixed (warm lamp and cool
  window across the frame, a tinted LED)
- camera: top-down, tilted, wide-lens, blurred | held back: webcam (a small sensor upscaled,
  oversharpened, chroma smeared, barrel lens, low JPEG)
- size: small (cards 48-68 px), medium (70-140), large (140-250), close-up (250-420),
  phone (a 4032x3024 or 1600x1200 photo)
- tags: hands (an arm over a pile), clutter, messy (lower cards peek out), holders (wooden
  trays), backs (face-down stacks beside the piles), white-on-white, seats-N.
Ordinary scenes keep to plain light, a camera within 20 degrees, medium and large cards,
neat piles, hands and clutter away from the cards; hard scenes take anything.
The held-back part is seeds >= 1000: every scene there has at least one held-back family.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from bench.heldout import props
from bench.heldout.camera import Camera, Light, Sensor
from bench.heldout.card_art import ANIMALS, HELD_STYLES, TUNING_STYLES, Deck, decks
from bench.heldout.props import CLUTTER
from bench.heldout.scene import Arm, Moment, Placed, Table
from bench.heldout.surfaces import HELD_SURFACES, TUNING_SURFACES

Rng = np.random.Generator
HELD_SEED = 1000

AXES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {  # axis: (tuning, held back)
    "surface": (TUNING_SURFACES, HELD_SURFACES),
    "art": (("scan", *TUNING_STYLES), HELD_STYLES),
    "light": (("neutral", "warm", "cool", "dim", "glare", "uneven"), ("mixed",)),
    "camera": (("top-down", "tilted", "wide-lens", "blurred"), ("webcam",)),
    "size": (("small", "medium", "large", "close-up", "phone"), ()),
}
HELD_AXES = ("surface", "art", "light", "camera")


@dataclass
class Scene:
    seed: int
    hard: bool
    held: bool
    table: Table
    moment: Moment
    families: dict[str, str]
    tags: set[str] = field(default_factory=set)


def _choose(rng: Rng, options: tuple[str, ...]) -> str:
    return options[int(rng.integers(len(options)))]


def pick_families(seed: int, hard: bool) -> tuple[dict[str, str], bool]:
    rng = np.random.default_rng([seed, 11])
    held = seed >= HELD_SEED
    fam: dict[str, str] = {}
    held_axes: set[str] = set()
    if held:
        held_axes = {a for a in HELD_AXES if rng.random() < 0.45}
        if not held_axes:
            held_axes = {_choose(rng, HELD_AXES)}
    for axis, (tuning, back) in AXES.items():
        if axis in held_axes:
            fam[axis] = _choose(rng, back)
            continue
        options = tuning
        if not hard:
            options = {"light": ("neutral", "warm", "cool"), "camera": ("top-down", "tilted"),
                       "size": ("medium", "large")}.get(axis, tuning)
        fam[axis] = _choose(rng, options)
    return fam, held


def _light(kind: str, hard: bool, rng: Rng) -> Light:
    u = rng.uniform
    vig = u(0, 0.5) if hard else u(0, 0.2)
    une = u(0, 0.15) if hard else u(0, 0.08)
    plain = {  # kelvin, white balance, exposure ranges
        "neutral": ((4000, 5500), (0.7, 0.95), (0.85, 1.1)),
        "warm": ((2700, 3200), (0.3, 0.8), (0.8, 1.05)),
        "cool": ((6000, 6500), (0.3, 0.8), (0.85, 1.1)),
        "dim": ((2700, 4000), (0.5, 0.85), (0.2, 0.45)),
        "glare": ((3500, 6000), (0.6, 0.9), (0.85, 1.05)),
    }
    if kind in plain:
        kelvin, awb, exposure = (u(*r) for r in plain[kind])
        glare = int(rng.integers(1, 4)) if kind == "glare" else 0
        return Light(kelvin, awb=awb, exposure=exposure, vignette=vig, uneven=une, glare=glare)
    if kind == "uneven":
        return Light(u(3000, 6000), awb=u(0.5, 0.9), exposure=u(0.7, 1.0),
                     vignette=u(0.3, 0.6), uneven=u(0.2, 0.45))
    # mixed (held back): a warm lamp one side, a cool window the other, maybe a tinted LED
    warm_first = rng.random() < 0.5
    tint = (u(1.0, 1.15), u(0.8, 0.95), u(1.0, 1.15)) if rng.random() < 0.5 else None
    return Light(2700 if warm_first else 6500, kelvin_far=6500 if warm_first else 2700,
                 awb=u(0.4, 0.7), exposure=u(0.6, 1.0), vignette=vig, uneven=une, tint=tint)


def _frame(size: str, rng: Rng) -> tuple[int, int, float]:
    """Frame size and the card width in px at the middle of the frame."""
    if size == "phone":
        w, h = ((4032, 3024), (1600, 1200))[int(rng.integers(2))]
        return w, h, w * rng.uniform(0.06, 0.3)
    lo, hi = {"small": (48, 68), "medium": (70, 140), "large": (140, 250),
              "close-up": (250, 420)}[size]
    return 1280, 720, rng.uniform(lo, hi)


def _camera(kind: str, size: str, hard: bool, target: tuple[float, float], card_w: float,
            rng: Rng) -> tuple[Camera, Sensor]:
    u = rng.uniform
    width, height, card_px = _frame(size, rng)
    hfov, tilt, k1 = u(55, 72), u(0, 6), u(-0.03, 0.03)
    motion = focus = 0.0
    webcam = False
    if kind == "tilted":
        tilt = u(15, 35) if hard else u(8, 20)
    elif kind == "wide-lens":
        hfov, tilt, k1 = u(80, 100), u(0, 30), u(0.1, 0.3)
    elif kind == "blurred":
        tilt = u(0, 25)
        if rng.random() < 0.5:
            motion = u(4, 14) * width / 1280
        else:
            focus = u(1.5, 3.5) * width / 1280
    elif kind == "webcam":
        hfov, tilt, k1, webcam = u(70, 85), u(0, 30), u(0.15, 0.3), True
    cam = Camera(width, height, hfov, tilt, u(0, 360), u(-4, 4), 1.0, target, k1, 0.0)
    distance = cam.focal * card_w / card_px * np.cos(np.radians(tilt)) ** 0.5
    cam = Camera(width, height, hfov, tilt, cam.azimuth_deg, cam.roll_deg, distance, target, k1)
    if webcam:
        sensor = Sensor(0, 0, u(0.02, 0.04), int(u(30, 55)), webcam=True)
    elif hard:
        sensor = Sensor(motion, focus, u(0.01, 0.03), int(u(35, 80)))
    else:
        sensor = Sensor(motion, focus, u(0.004, 0.012), int(u(75, 95)))
    return cam, sensor


def _deck(art: str, white: bool, rng: Rng) -> Deck:
    options = decks(art)
    if white:
        whites = [d for d in options if min(d.paper) > 0.9]
        options = tuple(whites) or options
    return options[int(rng.integers(len(options)))]


def _tops(deck: Deck, n: int, rng: Rng) -> list[str]:
    codes = [deck.codes[int(rng.integers(len(deck.codes)))] for _ in range(n)]
    r = rng.random()
    if r < 0.3 and n >= 2:  # two identical cards
        i, j = rng.choice(n, 2, replace=False)
        codes[j] = codes[i]
    elif r < 0.6 and deck.has_animals:
        codes[int(rng.integers(n))] = _choose(rng, ANIMALS)
    return codes


def _layout(n: int, card_w: float, card_h: float, rng: Rng, hard: bool
            ) -> tuple[list[tuple[tuple[float, float], float]],
                       list[tuple[tuple[float, float], float]]]:
    diag = float(np.hypot(card_w, card_h))
    radius = max(105.0, n * diag * 1.45 / (2 * np.pi)) * rng.uniform(1.0, 1.25)
    squash = rng.uniform(0.8, 1.0)
    phase = rng.uniform(0, 2 * np.pi)
    beside = rng.random() < 0.5
    jitter = 40 if hard else 15
    piles, stacks = [], []
    for i in range(n):
        a = phase + 2 * np.pi * i / n
        c = (radius * np.cos(a), radius * np.sin(a) * squash)
        ang = float(np.degrees(a) + 90 + rng.normal(0, jitter / 2))
        piles.append(((float(c[0]), float(c[1])), ang))
        if beside:
            side = np.array([-np.sin(a), np.cos(a)])
            s = np.array(c) + side * (card_w + rng.uniform(12, 30)) + np.array(
                [np.cos(a), np.sin(a)]) * rng.uniform(0, 30)
        else:
            s = np.array(c) + np.array([np.cos(a), np.sin(a)]) * (card_h + rng.uniform(15, 40))
        stacks.append(((float(s[0]), float(s[1])), float(ang + rng.normal(0, jitter / 2))))
    return piles, stacks


def sample_scene(seed: int, hard: bool) -> Scene:
    fam, held = pick_families(seed, hard)
    rng = np.random.default_rng([seed, 12])
    tags: set[str] = set()
    white = hard and rng.random() < 0.15
    if white:
        fam["surface"] = "plain-light"
        tags.add("white-on-white")
    deck = _deck(fam["art"], white, rng)
    card_w = rng.uniform(56, 62)
    card_h = card_w * deck.aspect
    small = fam["size"] == "small"
    n = int(rng.integers(4, 7)) if small else int(rng.integers(2, 7))
    tags.add(f"seats-{n}")
    piles_at, stacks_at = _layout(n, card_w, card_h, rng, hard)
    if fam["size"] == "close-up":
        target = piles_at[int(rng.integers(n))][0]
    else:
        target = (float(rng.normal(0, 20)), float(rng.normal(0, 20)))
    cam, sensor = _camera(fam["camera"], fam["size"], hard, target, card_w, rng)
    light = _light(fam["light"], hard, rng)
    shade = props.Shade(float(rng.uniform(0, 360)),
                        float(rng.uniform(0.2, 0.8) if hard else rng.uniform(0.15, 0.35)))
    show_backs = rng.random() < (0.8 if hard else 0.7)
    holders = rng.random() < (0.3 if hard else 0.12)
    messy = hard and rng.random() < 0.6
    for flag, tag in ((show_backs, "backs"), (holders, "holders"), (messy, "messy")):
        if flag:
            tags.add(tag)
    table = Table(deck, fam["surface"], seed, cam, light, sensor, shade, card_w, card_h,
                  piles_at, stacks_at, (0.0, 0.0), holders=holders,
                  placemats=fam["surface"] == "placemats")
    # piles
    tops = _tops(deck, n, rng)
    piles: list[list[Placed]] = []
    spread, turn = (rng.uniform(5, 14), rng.uniform(8, 25)) if messy else (1.5, 3.0)
    for seat, ((c, ang), top) in enumerate(zip(piles_at, tops, strict=True)):
        if rng.random() < 0.08:
            piles.append([])
            continue
        depth = int(rng.integers(1, 10))
        pile = []
        for k in range(depth):
            code = top if k == depth - 1 else deck.codes[int(rng.integers(len(deck.codes)))]
            if k < depth - 1 and deck.has_animals and rng.random() < 0.1:
                code = _choose(rng, ANIMALS)
            off = rng.normal(0, spread, 2)
            pile.append(Placed(code, (c[0] + off[0], c[1] + off[1]),
                               ang + float(rng.normal(0, turn)), int(rng.integers(0, 2))))
        piles.append(pile)
        del seat
    stacks = [int(rng.integers(1, 20)) if show_backs else 0 for _ in range(n)]
    bell_cards = []
    if rng.random() < 0.25:
        for _ in range(int(rng.integers(1, 6))):
            off = rng.normal(0, 18, 2)
            bell_cards.append(Placed(None, (float(off[0]), float(off[1])),
                                     float(rng.uniform(0, 360))))
    moment = Moment(piles, stacks, bell_cards)
    # clutter and arms
    keep_clear = [c for c, _ in piles_at] + ([c for c, _ in stacks_at] if show_backs else [])
    if rng.random() < (0.7 if hard else 0.5):
        tags.add("clutter")
        far = 60.0 if hard else 100.0
        for _ in range(int(rng.integers(1, 6 if hard else 4))):
            kinds = CLUTTER if hard else tuple(k for k in CLUTTER if k != "note")
            spot = _free_spot(rng, keep_clear, far, piles_at)
            if spot is not None:
                table.clutter.append((_choose(rng, kinds), spot))
    if rng.random() < (0.6 if hard else 0.3):
        seat = int(rng.integers(n))
        out = np.array(piles_at[seat][0])
        out = out / max(np.hypot(*out), 1) * (np.hypot(*out) + 500)
        reach: np.ndarray | None
        if hard:
            tags.add("hands")
            reach = np.array(piles_at[seat][0]) + rng.normal(0, card_w * 0.3, 2)
        else:  # reaching for the stack or resting on the table, never over a face-up card
            reach = np.array(stacks_at[seat][0]) + (out - stacks_at[seat][0]) * 0.15
            if not show_backs or _near(reach, piles_at, card_h * 1.6):
                reach = None
        if reach is not None:
            moment.arms.append(Arm((float(out[0]), float(out[1])),
                                   (float(reach[0]), float(reach[1])), seed * 7 + 1))
    return Scene(seed, hard, held, table, moment, fam, tags)


def _near(p: np.ndarray, piles_at: list[tuple[tuple[float, float], float]], d: float) -> bool:
    return any(np.hypot(p[0] - c[0], p[1] - c[1]) < d for c, _ in piles_at)


def _free_spot(rng: Rng, keep_clear: list[tuple[float, float]], far: float,
               piles_at: list[tuple[tuple[float, float], float]]) -> tuple[float, float] | None:
    reach = max(np.hypot(*c) for c, _ in piles_at) + 150
    for _ in range(30):
        p = rng.uniform(-reach, reach, 2)
        if np.hypot(*p) < 60:  # the bell
            continue
        if all(np.hypot(p[0] - c[0], p[1] - c[1]) > far + 45 for c in keep_clear):
            return (float(p[0]), float(p[1]))
    return None
