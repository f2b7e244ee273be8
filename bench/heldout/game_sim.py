"""A recorded Halli Galli game: the engine's truth, the camera frames and the bell presses.

The game is played by `tableref.games.halli` (the truth of every flip and every ring); the
cards are moved on the rendered table the way the engine moved them: a flip puts the top
card of the player's face-down stack onto their pile (a hand comes in, places it a little
askew, leaves); after a press the table stays put for a moment (the announcement), then
the ringer's hand gathers the piles that the engine says moved, under their stack (right)
or under the bell (wrong). Presses come when ringing is right, mostly, and sometimes when
it is wrong; other players press a little late.

Output, as the spec's `tableref halli referee` contract says: FRAMES_DIR with frames named
by sensor time in ns (`000001234567890.jpg`) and PRESSES.jsonl (a `start` line, then
`{"player": p, "t_ns": ...}` lines); the truth game log beside them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from bench.heldout import props
from bench.heldout.camera import Camera, Sensor
from bench.heldout.card_art import ANIMALS, Deck, decks
from bench.heldout.conditions import _layout, _light
from bench.heldout.scene import Arm, Moment, Placed, Table, render
from tableref.games.halli import Flip, GameState, Ring, Start, apply, parse_card

FRAME_NS = 160_000_000  # about six frames a second
NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay")


@dataclass
class Recorded:
    frames: list[tuple[int, bytes]] = field(default_factory=list)
    presses: list[dict[str, int]] = field(default_factory=list)
    truth: list[dict[str, Any]] = field(default_factory=list)  # the game log, rings with right
    state: dict[str, Any] = field(default_factory=dict)
    deck: str = ""  # the deck drawn (its animals are what a family would enrol)


@dataclass
class GameSpec:
    seed: int
    players: int = 3
    cards_each: int = 8
    max_flips: int = 40
    width: int = 1280
    height: int = 720
    surface: str = "wood"
    art: str = "shaded"
    light: str = "neutral"
    hard: bool = False


def _table(spec: GameSpec, rng: np.random.Generator) -> Table:
    options = [d for d in decks(spec.art) if d.has_animals] or list(decks(spec.art))
    deck: Deck = options[int(rng.integers(len(options)))]
    card_w = float(rng.uniform(56, 62))
    card_h = card_w * deck.aspect
    piles_at, stacks_at = _layout(spec.players, card_w, card_h, rng, spec.hard)
    tilt = float(rng.uniform(0, 25 if spec.hard else 12))
    reach = max(np.hypot(*c) for c, _ in stacks_at) + card_h
    cam = Camera(spec.width, spec.height, 65, tilt, float(rng.uniform(0, 360)), 0, 1, (0, 0))
    half_h = np.tan(np.radians(65) / 2) * spec.height / spec.width
    distance = reach / half_h * 1.1
    cam = Camera(spec.width, spec.height, 65, tilt, cam.azimuth_deg, float(rng.uniform(-3, 3)),
                 float(distance), (0.0, 0.0), float(rng.uniform(-0.03, 0.08)))
    sensor = Sensor(0, 0, float(rng.uniform(0.005, 0.02)), int(rng.integers(70, 92)))
    shade = props.Shade(float(rng.uniform(0, 360)), float(rng.uniform(0.15, 0.4)))
    return Table(deck, spec.surface, spec.seed, cam, _light(spec.light, spec.hard, rng), sensor,
                 shade, card_w, card_h, piles_at, stacks_at, (0.0, 0.0),
                 holders=bool(rng.random() < 0.2), placemats=spec.surface == "placemats")


class _Game:
    """The engine's game and its physical cards, moved together."""

    def __init__(self, spec: GameSpec, rng: np.random.Generator, table: Table):
        self.rng, self.table, self.spec = rng, table, spec
        n = spec.players
        deck = table.deck
        cards = [deck.codes[int(rng.integers(len(deck.codes)))] for _ in range(n * spec.cards_each)]
        for i in range(1, len(cards)):  # a card like the one turned just before: a pair
            if rng.random() < 0.2:
                cards[i] = cards[i - 1]
        if deck.has_animals:
            for k in range(max(1, len(cards) // 9)):
                cards[int(rng.integers(len(cards)))] = ANIMALS[k % 3]
        self.stacks: list[list[str]] = [cards[i::n] for i in range(n)]
        self.piles: list[list[Placed]] = [[] for _ in range(n)]
        self.bell: list[Placed] = []
        start = Start(NAMES[:n], cards=tuple(len(s) for s in self.stacks))
        self.state: GameState = apply(None, start).state
        self.log: list[dict[str, Any]] = [{"event": "start", "players": list(NAMES[:n]),
                                           "cards": [len(s) for s in self.stacks]}]

    def moment(self, arms: list[Arm] | None = None) -> Moment:
        return Moment([list(p) for p in self.piles], [len(s) for s in self.stacks],
                      list(self.bell), arms or [])

    def place(self, seat: int) -> Placed:
        code = self.stacks[seat].pop(0)
        (c, ang) = self.table.piles_at[seat]
        messy = 9.0 if self.spec.hard else 4.0
        off = self.rng.normal(0, messy, 2)
        placed = Placed(code, (c[0] + float(off[0]), c[1] + float(off[1])),
                        ang + float(self.rng.normal(0, messy * 1.5)), int(self.rng.integers(2)))
        self.piles[seat].append(placed)
        self.state = apply(self.state, Flip(seat, parse_card(code))).state
        self.log.append({"event": "flip", "player": seat, "card": parse_card(code).code})
        return placed

    def ring(self, seat: int, t_ns: int) -> bool:
        judged = self.state.verdict()
        right = bool(judged is not None and judged.ring)
        before = self.state
        self.state = apply(self.state, Ring(seat, t_ns=t_ns)).state
        self.log.append({"event": "ring", "player": seat, "t_ns": t_ns, "right": right})
        self._move(before, seat, right)
        return right

    def _move(self, before: GameState, seat: int, right: bool) -> None:
        """Move the physical cards as the engine moved them: everything that left the
        table's piles (and stacks, and the bell) in one ring goes to one place, the bell if
        it grew, else the stack that grew."""
        after = self.state
        pool: list[str] = []
        for s, (p0, p1) in enumerate(zip(before.players, after.players, strict=True)):
            if len(p1.pile) == 0 and len(p0.pile) > 0:
                pool += [c.code for c in self.piles[s] if c.code is not None]
                self.piles[s] = []
            if p1.stack_size == 0 and p0.stack_size > 0:
                pool += self.stacks[s]
                self.stacks[s] = []
        if len(after.bell) < len(before.bell):
            pool += [c.code for c in self.bell if c.code is not None]
            self.bell = []
        self.rng.shuffle(pool)
        if len(after.bell) > len(before.bell):
            self.bell += [Placed(code, self._under_bell(), float(self.rng.uniform(0, 360)))
                          for code in pool]
        else:
            grew = [s for s, (p0, p1) in enumerate(zip(before.players, after.players,
                                                       strict=True))
                    if p1.stack_size > p0.stack_size]
            if grew:
                self.stacks[grew[0]] += pool
        del seat, right
        self._check()

    def _under_bell(self) -> tuple[float, float]:
        off = self.rng.normal(0, 15, 2)
        return (float(off[0]), float(off[1]))

    def _check(self) -> None:
        for s, p in enumerate(self.state.players):
            if len(self.piles[s]) != len(p.pile) or len(self.stacks[s]) != p.stack_size:
                raise AssertionError(f"seat {s}: drawn {len(self.piles[s])}/{len(self.stacks[s])}"
                                     f", engine {len(p.pile)}/{p.stack_size}")
        if len(self.bell) != len(self.state.bell):
            raise AssertionError(f"bell: drawn {len(self.bell)}, engine {len(self.state.bell)}")


def record(spec: GameSpec) -> Recorded:
    """Play and film one game."""
    rng = np.random.default_rng([spec.seed, 21])
    table = _table(spec, rng)
    game = _Game(spec, rng, table)
    out = Recorded(deck=table.deck.name)
    t = 5_000_000_000
    frame_no = 0

    def shoot(moment: Moment, count: int = 1) -> None:
        nonlocal t, frame_no
        for _ in range(count):
            jpeg, _, _ = render(table, moment, frame_no)
            out.frames.append((t, jpeg))
            frame_no += 1
            t += FRAME_NS + int(rng.integers(-8_000_000, 8_000_000))

    def arm_to(seat: int, where: tuple[float, float]) -> Arm:
        c = np.array(table.piles_at[seat][0])
        far = c / max(np.hypot(*c), 1) * (np.hypot(*c) + 450)
        return Arm((float(far[0]), float(far[1])), where, int(rng.integers(1 << 30)))

    empty = Moment([[] for _ in range(spec.players)], [0] * spec.players)
    shoot(empty, 4)  # the empty table: the daemon learns it
    shoot(game.moment(), 3)
    flips = 0
    last_right = True
    while not game.state.over and flips < spec.max_flips:
        seat = game.state.turn
        if not game.stacks[seat]:
            break
        shoot(game.moment([arm_to(seat, table.stacks_at[seat][0])]), 1)
        placed = game.place(seat)
        flips += 1
        reach = (placed.centre[0] + float(rng.normal(0, 15)),
                 placed.centre[1] + float(rng.normal(0, 15)))
        shoot(game.moment([arm_to(seat, reach)]), int(rng.integers(1, 3)))
        quiet = int(rng.integers(3, 7))
        shot_quiet = False
        for attempt in range(2):  # a second ring: after a wrong one, the others may show one
            judged = game.state.verdict()
            should = judged is not None and judged.ring
            if attempt == 0:
                chance = 0.8 if should else 0.1
            else:
                chance = 0.6 if (should and not last_right) else 0.0
            if game.state.over or rng.random() >= chance:
                break
            shot_quiet = True
            shoot(game.moment(), int(rng.integers(1, quiet)))
            ringer = int(rng.choice(game.state.active))
            t_press = t - int(rng.integers(10_000_000, FRAME_NS - 10_000_000))
            out.presses.append({"player": ringer, "t_ns": t_press})
            for other in game.state.active:
                if other != ringer and rng.random() < 0.4:
                    out.presses.append({"player": int(other),
                                        "t_ns": t_press + int(rng.integers(20, 400)) * 1_000_000})
            shoot(game.moment(), int(rng.integers(6, 12)))  # the verdict is announced
            before = game.moment()
            last_right = game.ring(ringer, t_press)
            moved = [s for s in range(spec.players) if len(before.piles[s]) != len(game.piles[s])]
            for s in moved:  # the hand gathers the piles
                shoot(Moment(before.piles, before.stacks, before.bell_cards,
                             [arm_to(ringer, table.piles_at[s][0])]), 1)
            shoot(game.moment(), int(rng.integers(5, 9)))
        if not shot_quiet:
            shoot(game.moment(), quiet)
    out.presses.sort(key=lambda p: p["t_ns"])
    out.truth = game.log
    out.state = game.state.to_json()
    return out


def write(rec: Recorded, folder: Path) -> tuple[Path, Path]:
    """FRAMES_DIR and PRESSES.jsonl as the contract says; the truth beside them."""
    frames = folder / "frames"
    frames.mkdir(parents=True, exist_ok=True)
    for t_ns, jpeg in rec.frames:
        (frames / f"{t_ns:015d}.jpg").write_bytes(jpeg)
    presses = folder / "PRESSES.jsonl"
    start = dict(rec.truth[0])
    lines = [json.dumps(start)] + [json.dumps(p) for p in rec.presses]
    presses.write_text("\n".join(lines) + "\n")
    (folder / "truth.json").write_text(json.dumps({"events": rec.truth, "state": rec.state,
                                                   "presses": rec.presses, "deck": rec.deck}))
    return frames, presses
