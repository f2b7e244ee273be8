"""The state of a game: immutable values, and what comes next (`expect`).

Nelly's turtles are tracked by colour as a whole, and the head by count only: the spec's
events say which colours fell and how many of them from the head, never which colours
are on the head, so the head's colours are not kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from operator import add
from typing import Any

from tableref.games.nelly.material import (
    COUNTERS,
    DEALS,
    HEAD_CAPACITY,
    NO_TURTLES,
    Colour,
    Face,
    Head,
    PlantCounter,
    Turtles,
)


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    turtles: Turtles
    plants: int  # water plants still in the game, with or without a turtle

    @property
    def free_plants(self) -> int:
        """Plants without a turtle (every turtle a player holds stands on a plant)."""
        return self.plants - self.turtles.total


@dataclass(frozen=True, slots=True)
class Nelly:
    head: Head = Head.SURFACED
    turtles: Turtles = NO_TURTLES  # every turtle on Nelly, head and back
    on_head: int = 0

    @property
    def on_back(self) -> int:
        return self.turtles.total - self.on_head

    @property
    def head_open(self) -> bool:
        """May the roller place on the head now?"""
        return self.head is Head.SURFACED and self.on_head < HEAD_CAPACITY


@dataclass(frozen=True, slots=True)
class Expect:
    """The next event the round needs and who must act (None: anyone may)."""

    event: str
    player: int | None
    colour: Colour | None = None  # a place: the colour to place (None on `all`: any)
    head: bool = False  # a place: the head is open to this placer

    def to_json(self) -> dict[str, Any]:
        return {"event": self.event, "player": self.player}


@dataclass(frozen=True, slots=True)
class GameState:
    """A game in progress (or over). Seats are in the order of play: `seat + 1` (wrapping
    round) is the player on the right, who places next and gets Nelly next."""

    players: tuple[Player, ...]
    nelly: Nelly = field(default_factory=Nelly)
    box: Turtles = NO_TURTLES  # turtles that went back to the box during the game
    box_plants: int = 0  # plants put back unturned and counters turned over
    round: int = 1
    turn: int = 0  # the seat whose round it is: the roller
    face: Face | None = None  # the die this round (None before the roll)
    fed: PlantCounter | None = None  # the counter the roller turned over this round
    placed: tuple[int, ...] = ()  # seats that placed this round, in order
    acted: bool = False  # this round's heron moved or plant put back
    favoured_hand: int | None = None  # after a rotten plant, until the round ends
    crabs: int = 0  # counters turned over in the game
    rotten: int = 0
    over: bool = False
    winner: int | None = None

    # -- questions the daemon, the voice and the page ask ----------------------------------
    def name(self, seat: int) -> str:
        return self.players[seat].name

    @property
    def roller(self) -> Player:
        return self.players[self.turn]

    @property
    def dealt(self) -> Turtles:
        """The turtles handed out at the set-up."""
        return reduce(add, DEALS[len(self.players)], Turtles())

    @property
    def dealt_plants(self) -> int:
        return self.dealt.total

    def turned(self, counter: PlantCounter) -> int:
        return self.crabs if counter is PlantCounter.CRAB else self.rotten

    def counters_left(self, counter: PlantCounter) -> int:
        return COUNTERS[counter] - self.turned(counter)

    def order(self) -> tuple[int, ...]:
        """This round's placing order: the roller, then from the roller's right."""
        n = len(self.players)
        return tuple((self.turn + k) % n for k in range(n))

    def may_place(self, seat: int) -> bool:
        """Has `seat` a turtle of the colour shown (any turtle on `all`)?"""
        if self.face is None or not self.face.places:
            return False
        turtles = self.players[seat].turtles
        colour = self.face.colour
        return turtles.total > 0 if colour is None else turtles[colour] > 0

    def _position(self) -> int:
        """Index in `order()` of the next seat to consider for placing."""
        return self.order().index(self.placed[-1]) + 1 if self.placed else 0

    def to_place(self) -> tuple[int, ...]:
        """The seats still to place this round, in order, as the turtles lie now."""
        if self.over or self.face is None or not self.face.places:
            return ()
        return tuple(s for s in self.order()[self._position():] if self.may_place(s))

    def passed_over(self) -> tuple[int, ...]:
        """Seats of this round's placing order left behind without placing (no turtle of
        the colour when a later seat placed)."""
        if self.face is None or not self.face.places:
            return ()
        return tuple(s for s in self.order()[: self._position()] if s not in self.placed)

    @property
    def can_feed(self) -> bool:
        """Is the roller's feed the next thing (round 2 on, a free plant, before placing)?"""
        return (
            not self.over
            and self.face is not None
            and self.face.places
            and self.round >= 2
            and self.fed is None
            and not self.placed
            and self.roller.free_plants > 0
        )

    @property
    def expect(self) -> Expect | None:
        """What the round needs next, and who must do it; None once the game is over."""
        if self.over:
            return None
        roller = self.turn
        if self.face is None:
            return Expect("roll", roller)
        if self.face.places:
            if self.can_feed:
                return Expect("feed", roller)
            placers = self.to_place()
            if placers:
                seat = placers[0]
                head = seat == roller and self.nelly.head_open
                return Expect("place", seat, self.face.colour, head=head)
        elif not self.acted and (self.face is Face.HERON or self.roller.free_plants > 0):
            return Expect(self.face.value, roller)
        return Expect("pass", roller)

    def describe_expect(self) -> str:
        """"Ben must place a red turtle" (for error messages and logs)."""
        nxt = self.expect
        if nxt is None:
            return "the game is over"
        who = "" if nxt.player is None else self.name(nxt.player)
        if nxt.event == "place":
            what = "a turtle" if nxt.colour is None else f"a {nxt.colour.value} turtle"
            where = "on the head or the back" if nxt.head else "on the back"
            return f"{who} must place {what} {where}"
        return f"{who} must " + {
            "roll": "throw the die",
            "feed": "turn over a free water plant",
            "heron": "move the heron",
            "plants": "put a free water plant back in the box",
            "pass": "pass Nelly on",
        }[nxt.event]

    def turtle_count(self) -> Turtles:
        """All turtles of the game: players, Nelly and box; always equals `dealt`."""
        return reduce(add, (p.turtles for p in self.players), self.nelly.turtles + self.box)

    def plant_count(self) -> int:
        """All water plants of the game: players' and box's; always equals `dealt_plants`."""
        return sum(p.plants for p in self.players) + self.box_plants

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Exactly the spec's `replay --json` form."""
        expect = self.expect
        return {
            "players": [
                {"name": p.name, "turtles": p.turtles.to_json(), "plants": p.plants,
                 "free_plants": p.free_plants}
                for p in self.players
            ],
            "nelly": {"head": self.nelly.head.value, "on_head": self.nelly.on_head,
                      "on_back": self.nelly.on_back},
            "box": {"turtles": self.box.total, "plants": self.box_plants},
            "round": self.round,
            "turn": self.turn,
            "face": None if self.face is None else self.face.value,
            "expect": None if expect is None else expect.to_json(),
            "favoured_hand": self.favoured_hand,
            "over": self.over,
            "winner": self.winner,
        }

    def details_json(self) -> dict[str, Any]:
        """What the page and the daemon may show beyond the spec form (kept apart from it)."""
        expect = self.expect
        return {
            "expect": None if expect is None else {
                **expect.to_json(),
                "colour": None if expect.colour is None else expect.colour.value,
                "head": expect.head,
            },
            "to_place": list(self.to_place()),
            "passed_over": list(self.passed_over()),
            "placed": list(self.placed),
            "fed": None if self.fed is None else self.fed.value,
            "nelly_turtles": self.nelly.turtles.to_json(),
            "box_turtles": self.box.to_json(),
            "counters_turned": {"crab": self.crabs, "rotten": self.rotten},
        }
