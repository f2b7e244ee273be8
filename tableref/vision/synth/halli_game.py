"""A whole Halli Galli game recorded by a fixed camera, with its exact truth.

A random deck (`games.halli.sim.random_deck`) is dealt and played at human speed: a hand
comes over a pile, turns a card and goes; players press the bell after a reaction time
when ringing is right, now and then when it is wrong, and a second player presses a little
later (late); after a ring the taker's hand gathers the piles. The cards go where the
rules say (the engine), judged on what truly lay on the table at the press.

The camera does not move: one table, one pose per seat's pile, the same light drifting
slowly, sensor noise in every frame, frames at `fps` named by their sensor time. What the
referee must find (`RecordedGame.truth`): every flip with its card and every ring with its
true verdict, and the final state.

The table tops, light colours, bell, cards and hands are the scene generator's pieces
(`halli_surfaces`, `halli_camera`, `halli_table`, `halli_cards`): any surface they draw
can be asked for. The camera looks straight down (the piles where `vision.halli.seats`
puts them, each a little off), or, with `tilt_deg`, tilted a little: the whole frame warped
as a camera turned up to that many degrees off straight down would see the table.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from tableref.games.halli import (
    Event,
    Flip,
    GameState,
    Options,
    Press,
    Ring,
    Start,
    apply,
    deal,
    verdict,
)
from tableref.games.halli.cards import Card
from tableref.games.halli.sim import NAMES, random_deck
from tableref.vision.halli.seats import pile_places
from tableref.vision.synth.halli_camera import kelvin_gains
from tableref.vision.synth.halli_cards import card_image, random_style
from tableref.vision.synth.halli_scene import paste_card
from tableref.vision.synth.halli_surfaces import SURFACES, surface
from tableref.vision.synth.halli_table import draw_bell, draw_hand

Image = np.ndarray
S = 1_000_000_000  # ns per second
T0 = 10 * S  # the camera's clock had run this long when the recording began


@dataclass(frozen=True)
class GameConditions:
    """How the game is played and filmed. Ranges are drawn from per game."""

    players: int = 3
    max_flips: int = 30
    size: tuple[int, int] = (1280, 720)
    surfaces: tuple[str, ...] = SURFACES  # table tops (`halli_surfaces`), one drawn a game
    card_height: tuple[float, float] = (140.0, 170.0)
    fps: float = 10.0
    flip_gap_s: tuple[float, float] = (0.7, 1.4)  # from one card turned to the next
    reach_s: tuple[float, float] = (0.15, 0.3)  # the turning hand over the pile, each side
    reaction_s: tuple[float, float] = (0.35, 0.9)  # a right ring after the card came
    ring_right: float = 0.85  # chance someone rings when it is right
    ring_wrong: float = 0.06  # chance someone rings when it is not, after a card
    second: float = 0.6  # chance a second player presses after the first
    arm_to_bell: float = 0.5  # chance the ringer's arm crosses the table to the bell
    gather_s: tuple[float, float] = (0.6, 1.1)  # from the press to the piles taken
    light_drift: float = 0.12  # the light's gain wanders this much over the game
    kelvin: tuple[float, float] = (2700.0, 6500.0)
    level: tuple[float, float] = (0.6, 1.0)  # the room's light
    noise: float = 3.0
    jpeg: int = 90
    start_s: float = 1.0  # the empty table filmed before the first card (the set-up)
    tilt_deg: float = 0.0  # the camera tilted up to this much (0: straight down, no warp)


@dataclass(frozen=True)
class Shot:
    """What one frame shows: each seat's top card and the one under it, and hands."""

    tops: tuple[str | None, ...]
    under: tuple[str | None, ...]
    hands: tuple[tuple[float, float, int], ...] = ()  # (x, y) reached, and the hand's seed


@dataclass
class RecordedGame:
    start: Start
    conditions: GameConditions
    seed: int
    frames: list[tuple[int, Shot]] = field(default_factory=list)
    presses: list[Press] = field(default_factory=list)
    truth: list[Event] = field(default_factory=list)  # the engine's events, cards known
    state: GameState | None = None  # the true state at the end
    _look: dict[str, object] = field(default_factory=dict)

    @property
    def flips(self) -> list[Flip]:
        return [e for e in self.truth if isinstance(e, Flip)]

    @property
    def rings(self) -> list[Ring]:
        return [e for e in self.truth if isinstance(e, Ring)]

    def frame(self, i: int) -> Image:
        """Frame i as the camera gave it (BGR), drawn on demand."""
        t_ns, shot = self.frames[i]
        return _Camera.of(self).draw(shot, t_ns)

    def jpeg(self, i: int) -> bytes:
        """Frame i as the camera's JPEG."""
        ok, buf = cv2.imencode(".jpg", self.frame(i),
                               [cv2.IMWRITE_JPEG_QUALITY, self.conditions.jpeg])
        assert ok
        return bytes(buf.tobytes())

    def card_art(self, code: str) -> Image:
        """The deck's art for a card (to enrol the animals as a user would)."""
        return _Camera.of(self).art(code)

    @property
    def surface(self) -> str:
        return _Camera.of(self).surface

    def write(self, frames_dir: Path, presses: Path) -> None:
        """The recording as `tableref halli referee` reads it: JPEG frames named by their
        sensor time in ns, and the start line and the presses."""
        frames_dir.mkdir(parents=True, exist_ok=True)
        for i, (t_ns, _) in enumerate(self.frames):
            (frames_dir / f"{t_ns:015d}.jpg").write_bytes(self.jpeg(i))
        lines = [json.dumps({"event": "start", "players": list(self.start.players)})]
        lines += [json.dumps({"player": p.player, "t_ns": p.t_ns}) for p in self.presses]
        presses.write_text("\n".join(lines) + "\n", encoding="utf-8")


class _Camera:
    """The fixed camera of one recorded game: its table, poses, art and light."""

    def __init__(self, game: RecordedGame) -> None:
        c = game.conditions
        rng = np.random.default_rng([game.seed, 1])
        self.size = c.size
        self.noise = c.noise
        self.surface = c.surfaces[int(rng.integers(len(c.surfaces)))]
        base = surface(rng, c.size, self.surface)
        w, h = c.size
        draw_bell(base, (w / 2, h / 2), float(rng.uniform(48, 60)), rng)
        self.base = base
        self.style = random_style(rng)
        height = float(rng.uniform(*c.card_height))
        self.quads = []
        for px, py in pile_places(len(game.start.players), c.size):
            angle = float(rng.uniform(0, 2 * math.pi))
            cx, cy = px + rng.uniform(-20, 20), py + rng.uniform(-12, 12)
            self.quads.append((_quad(cx, cy, height, angle),
                               _quad(cx + rng.uniform(-6, 6), cy + rng.uniform(-6, 6), height,
                                     angle + rng.uniform(-0.08, 0.08))))
        self.kelvin = float(rng.uniform(*c.kelvin))
        self.gains = kelvin_gains(self.kelvin) * float(rng.uniform(*c.level))
        self.drift = c.light_drift
        self.phase = float(rng.uniform(0, 2 * math.pi))
        # drawn last, and only when asked: the frames of an untilted camera stay as they were
        self.warp = _tilt(rng, c.size, c.tilt_deg) if c.tilt_deg > 0 else None
        self._art: dict[str, Image] = {}
        self._clean: dict[Shot, Image] = {}
        self._seed = game.seed

    @staticmethod
    def of(game: RecordedGame) -> _Camera:
        cam = game._look.get("camera")
        if not isinstance(cam, _Camera):
            cam = _Camera(game)
            game._look["camera"] = cam
        return cam

    def art(self, code: str) -> Image:
        if code not in self._art:
            seed = sum(ord(ch) * 31**k for k, ch in enumerate(code))  # the same art always
            self._art[code] = card_image(code, self.style,
                                         np.random.default_rng([self._seed, seed]))
        return self._art[code]

    def clean(self, shot: Shot) -> Image:
        if shot not in self._clean:
            if len(self._clean) > 64:
                self._clean.clear()
            img = self.base.copy()
            for (top_q, under_q), top, under in zip(self.quads, shot.tops, shot.under,
                                                    strict=True):
                if under is not None:
                    paste_card(img, self.art(under), under_q)
                if top is not None:
                    paste_card(img, self.art(top), top_q)
            for x, y, seed in shot.hands:
                draw_hand(img, np.random.default_rng(seed), [(x, y)])
            if self.warp is not None:
                img = cv2.warpPerspective(img, self.warp, self.size, flags=cv2.INTER_LINEAR,
                                          borderMode=cv2.BORDER_REFLECT)
            self._clean[shot] = img
        return self._clean[shot]

    def draw(self, shot: Shot, t_ns: int) -> Image:
        img = self.clean(shot).astype(np.float32)
        t = t_ns / S
        gain = 1.0 + self.drift * math.sin(t / 20.0 + self.phase)  # the light wanders
        img *= self.gains * gain
        rng = np.random.default_rng([self._seed, t_ns % (2**32)])
        img += self.noise * rng.standard_normal(img.shape, dtype=np.float32)
        return np.clip(img, 0, 255).astype(np.uint8)


def _tilt(rng: np.random.Generator, size: tuple[int, int], max_deg: float) -> np.ndarray:
    """The homography taking the straight-down frame to one seen by the camera turned up to
    `max_deg` about an axis in the image plane (any direction), then moved back so that it
    still sees the table's centre in the frame's centre at the same scale there."""
    w, h = size
    f = w * float(rng.uniform(0.8, 1.1))
    theta = math.radians(float(rng.uniform(0, max_deg)))
    phi = float(rng.uniform(0, 2 * math.pi))
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    r, _ = cv2.Rodrigues(np.array([math.cos(phi), math.sin(phi), 0.0]) * theta)
    hm = k @ r @ np.linalg.inv(k)
    pts = cv2.perspectiveTransform(np.array([[[w / 2, h / 2], [w / 2 + 1, h / 2],
                                              [w / 2, h / 2 + 1]]], np.float64), hm)[0]
    e1, e2 = pts[1] - pts[0], pts[2] - pts[0]
    s = abs(e1[0] * e2[1] - e1[1] * e2[0]) ** -0.5  # undo the scale the turn gave the centre
    back = np.array([[s, 0, w / 2 - s * pts[0][0]], [0, s, h / 2 - s * pts[0][1]], [0, 0, 1]])
    return np.asarray(back @ hm, np.float64)


def _quad(cx: float, cy: float, h: float, angle: float) -> np.ndarray:
    w = h / 1.5
    ca, sa = math.cos(angle), math.sin(angle)
    local = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local])


class _Table:
    """The cards as they lie: stacks (top at the end), face-up piles, under the bell."""

    def __init__(self, players: int, deck: list[Card]) -> None:
        self.stacks: list[list[Card]] = []
        for n in deal(players, len(deck)):
            self.stacks.append(deck[:n])
            deck = deck[n:]
        self.piles: list[list[Card]] = [[] for _ in range(players)]
        self.bell: list[Card] = []

    def tops(self) -> tuple[Card | None, ...]:
        return tuple(p[-1] if p else None for p in self.piles)

    def follow(self, state: GameState) -> list[int]:
        """Move the cards as the engine says they went; the seats whose pile was taken."""
        pool: list[Card] = []
        taken = []
        for seat, p in enumerate(state.players):
            if len(self.piles[seat]) > len(p.pile):
                pool += self.piles[seat]
                self.piles[seat] = []
                taken.append(seat)
            if len(self.stacks[seat]) > p.stack_size:
                pool += self.stacks[seat]
                self.stacks[seat] = []
        if len(self.bell) > len(state.bell):
            pool += self.bell
            self.bell = []
        for seat, p in enumerate(state.players):
            need = p.stack_size - len(self.stacks[seat])
            if need > 0:
                self.stacks[seat][:0] = pool[:need]
                pool = pool[need:]
        self.bell += pool
        return taken


def record_game(seed: int, conditions: GameConditions | None = None) -> RecordedGame:
    """Play and film one game (module docstring); deterministic for `seed`."""
    c = conditions or GameConditions()
    rng = random.Random(seed)
    start = Start(NAMES[: c.players], options=Options())
    game = RecordedGame(start, c, seed)
    state = apply(None, start).state
    game.truth.append(start)
    table = _Table(c.players, random_deck(rng))
    places = pile_places(c.players, c.size)
    # what the camera sees, as (from_ns, shot) changes; hands as (from, to, x, y, seed)
    changes: list[tuple[int, tuple[Card | None, ...], tuple[Card | None, ...]]] = []
    hands: list[tuple[int, int, float, float, int]] = []

    def seen_now(t: int) -> None:
        unders = tuple(p[-2] if len(p) > 1 else None for p in table.piles)
        changes.append((t, table.tops(), unders))

    t = T0 + round(c.start_s * S)
    seen_now(T0)
    flips = 0
    while not state.over and flips < c.max_flips:
        seat = state.turn
        if not table.stacks[seat]:
            break
        reach = round(rng.uniform(*c.reach_s) * S)
        x, y = places[seat]
        hands.append((t - reach, t + reach, x, y, rng.randrange(2**31)))
        card = table.stacks[seat].pop()
        table.piles[seat].append(card)
        state = apply(state, Flip(seat, card)).state
        game.truth.append(Flip(seat, card, t_ns=t))
        seen_now(t)
        flips += 1
        right = verdict([c_ for c_ in table.tops() if c_ is not None]).ring
        if rng.random() < (c.ring_right if right else c.ring_wrong):
            active = list(state.active)
            ringer = rng.choice(active)
            press = t + reach + round(rng.uniform(*c.reaction_s) * S)
            presses = [Press(ringer, press)]
            if rng.random() < c.arm_to_bell:
                w, h = c.size
                hands.append((press - round(0.2 * S), press + round(0.25 * S), w / 2, h / 2,
                              rng.randrange(2**31)))
            others = [p for p in active if p != ringer]
            if others and rng.random() < c.second:
                presses.append(Press(rng.choice(others), press + rng.randrange(5, 400) * 10**6))
            game.presses += presses
            # truly right or wrong on what lay on the table at the press
            step = apply(state, Ring(ringer, t_ns=press, right=right))
            state = step.state
            game.truth.append(Ring(ringer, t_ns=press, right=right))
            gather = press + round(rng.uniform(*c.gather_s) * S)
            before = [list(p) for p in table.piles]
            taken = table.follow(state)
            for s_ in taken:
                if before[s_]:
                    px, py = places[s_]
                    hands.append((gather - round(0.25 * S), gather + round(0.2 * S), px, py,
                                  rng.randrange(2**31)))
            seen_now(gather)
            t = gather + round(rng.uniform(1.8, 2.6) * S)  # the bells' lock, then the turn
        else:
            t += round(rng.uniform(*c.flip_gap_s) * S)
    end = t + S
    game.state = state
    game.frames = list(_frames(c, changes, hands, end, rng))
    return game


def _frames(c: GameConditions, changes: list[tuple[int, tuple[Card | None, ...],
                                                    tuple[Card | None, ...]]],
            hands: list[tuple[int, int, float, float, int]], end: int,
            rng: random.Random) -> Iterator[tuple[int, Shot]]:
    step = S / c.fps
    k = 0
    i = 0
    while True:
        rel = T0 + round(k * step + rng.uniform(-0.1, 0.1) * step)
        if rel > end:
            return
        while i + 1 < len(changes) and changes[i + 1][0] <= rel:
            i += 1
        tops, unders = changes[i][1], changes[i][2]
        over = tuple((x, y, seed + k // 2)  # a moving hand: a new pose every other frame
                     for a, b, x, y, seed in hands if a <= rel <= b)
        yield rel, Shot(tuple(None if x is None else x.code for x in tops),
                             tuple(None if x is None else x.code for x in unders), over)
        k += 1

