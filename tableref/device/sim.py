"""The simulated table: the default off the Pi.

Simulated players turn cards in turn; the synthetic renderer draws the table into camera
frames that the real recogniser reads; the person at the keyboard or page rings (and,
when asked, simulated players ring too, with human reaction times). The world keeps
every card's identity and obeys the referee's verdicts, so it is the table, not a second
referee. Its own actions are journal records (`sim_flip`) and its deal comes from a seed in
the start record, so after a restart the same table is rebuilt from the journal.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tableref.device.camera.base import CameraError, Frame
from tableref.device.daemon.halli_rules import HalliRules
from tableref.games.halli.cards import DECK_SIZE
from tableref.games.halli.game import deal
from tableref.games.halli.verdict import verdict

Record = dict[str, Any]
# (top card per seat, seat with a hand over its pile or None, rng) -> BGR frame
Renderer = Callable[[tuple[str | None, ...], int | None, random.Random], npt.NDArray[np.uint8]]

_FRUITS = "BPSL"


def fruit_deck(rng: random.Random, n: int = 64) -> list[str]:
    """n fruit cards: n/2 kinds of 1 to 3 fruits, each kind twice (the real deck's list is
    not published; pairs make identical cards come up)."""
    kinds = sorted(
        {"".join(sorted(combo, key=_FRUITS.index))
         for size in (1, 2, 3) for combo in itertools.product(_FRUITS, repeat=size)}
    )
    return sorted(rng.sample(kinds, n // 2)) * 2


def full_deck(rng: random.Random) -> list[str]:
    cards = fruit_deck(rng, DECK_SIZE - 8) + ["elephant"] * 3 + ["monkey"] * 3 + ["pig"] * 2
    rng.shuffle(cards)
    return cards


class SimWorld:
    """Who holds which card on the simulated table. Top of a stack is the end of its list."""

    def __init__(self, players: list[str], seed: int, options: dict[str, bool]) -> None:
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = options
        self.rules = HalliRules(players, options)
        self.rules.start(None)
        cards = full_deck(self.rng)
        self.stacks: list[list[str]] = []
        for n in deal(len(players)):
            self.stacks.append(cards[:n])
            cards = cards[n:]
        self.piles: list[list[str]] = [[] for _ in players]
        self.bell: list[str] = []
        self.lock = threading.Lock()  # the renderer reads tops from a worker thread
        self._hand: tuple[int, float] | None = None  # (seat, until monotonic s)

    def reach(self, seat: int, seconds: float) -> None:
        """A hand over `seat`'s pile for `seconds` (turning a card), seen by the camera."""
        self._hand = (seat, time.monotonic() + seconds)

    def hand_at(self) -> int | None:
        hand = self._hand
        return hand[0] if hand is not None and time.monotonic() < hand[1] else None

    def next_flip(self) -> int | None:
        """The seat that turns a card next, or None when nobody can."""
        seat = self.rules.turn()
        if seat is None or self.rules.is_out(seat) or not self.stacks[seat]:
            return None
        return seat

    def flip(self, seat: int) -> str:
        with self.lock:
            card = self.stacks[seat].pop()
            self.piles[seat].append(card)
        if not self.rules.flip(seat, card):
            raise RuntimeError(self.rules.last_error)
        return card

    def ring(self, player: int, right: bool) -> None:
        """Move the cards as the referee decided (the engine says where they go)."""
        result = self.rules.ring(player, None, right)
        if result.right is None:  # the engine refused the ring: nothing moves
            return
        assert self.rules.state is not None
        with self.lock:
            pool: list[str] = []
            for seat, p in enumerate(self.rules.state.players):
                if len(self.piles[seat]) > len(p.pile):
                    pool += self.piles[seat]
                    self.piles[seat] = []
                if len(self.stacks[seat]) > p.stack_size:
                    pool += self.stacks[seat]
                    self.stacks[seat] = []
            if len(self.bell) > len(self.rules.state.bell):
                pool += self.bell
                self.bell = []
            for seat, p in enumerate(self.rules.state.players):
                need = p.stack_size - len(self.stacks[seat])
                if need > 0:  # won cards go under the stack
                    self.stacks[seat][:0] = pool[:need]
                    pool = pool[need:]
            self.bell += pool

    def tops(self) -> tuple[str | None, ...]:
        with self.lock:
            return tuple(p[-1] if p else None for p in self.piles)

    def ringable(self) -> bool:
        from tableref.games.halli.cards import parse_card

        cards = [parse_card(t) for t in self.tops() if t is not None]
        return verdict(cards, elephant_alone_rings=self.options.get(
            "elephant_alone_rings", False)).ring

    def apply(self, rec: Record, referee_right: bool | None) -> None:
        """Redo the world's part of one journal record: its flips and the referee's rings."""
        if rec.get("event") == "sim_flip":
            self.flip(int(rec["player"]))
        elif rec.get("event") == "ring" and referee_right is not None:
            self.ring(int(rec["player"]), referee_right)


@dataclass
class SimPace:
    flip_s: float = 1.2  # a simulated player turns a card this often
    fps: float = 10.0  # simulated camera frame rate
    bots: bool = False  # simulated players ring too
    reaction_ms: float = 550.0  # their mean reaction time
    max_flips: int = 0  # stop turning cards after this many flips (0: never)


class SimCamera:
    """A camera looking at the simulated table: renders the world's tops at `fps`."""

    def __init__(self, world: Callable[[], SimWorld | None], render: Renderer,
                 fps: float = 10.0, seed: int = 0) -> None:
        self.name = "simulated table"
        self._world = world
        self._render = render
        self._period = 1.0 / fps
        self._rng = random.Random(seed)
        self._next = 0.0
        self._index = 0
        self._open = False
        self._stop = threading.Event()
        # the table drawn for the last tops: it only changes when a card moves
        self._cached: tuple[tuple[tuple[str | None, ...], int | None],
                            npt.NDArray[np.uint8]] | None = None

    def open(self) -> None:
        self._open = True
        self._stop.clear()

    def read(self) -> Frame:
        if not self._open:
            raise CameraError("simulated camera: not open")
        now = time.monotonic()
        if self._next > now:
            self._stop.wait(self._next - now)
        self._next = max(now, self._next) + self._period
        world = self._world()
        n = 0 if world is None else len(world.players)
        tops: tuple[str | None, ...] = (None,) * max(n, 2) if world is None else world.tops()
        hand = None if world is None else world.hand_at()
        t_ns = time.monotonic_ns()  # the exposure: the table as it is now
        if self._cached is None or self._cached[0] != (tops, hand):
            self._cached = ((tops, hand), self._render(tops, hand, self._rng))
        image = self._cached[1]
        self._index += 1
        return Frame(image, t_ns, self._index)

    def close(self) -> None:
        self._open = False
        self._stop.set()
