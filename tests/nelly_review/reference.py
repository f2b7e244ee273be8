"""A second, small model of Nelly, written from `../shared/spec/nelly.md` only.

It shares nothing with `tableref.games.nelly`: events are plain dicts (the game log's JSON
objects), the state is mutable dicts and lists, and a round is a to-do list of steps made
at the roll (feed, each seat's place, pass) from which steps that do not apply are passed
over when the next event comes. The differential test drives it and the engine with the
same events and compares what they accept and the spec's state after every one.

The readings it takes where the spec leaves room (the same the project adopts):
- a counter turned over leaves the game into the box: `box.plants` counts it, like a
  plant put back unturned;
- `pass` is said by the player whose round it is; a `fall` may name any seat;
- the turtles that slide off after a crab are reported with `fall`; the colours of a fall
  must be on Nelly, and no more may fall from the back than the back holds;
- a placer passed over (no turtle of the colour) stays passed over once a later seat has
  placed; until someone places, the roller may still place (a fall may have given them one);
- the feed is not optional: when the roller can feed, the feed comes first;
- `expect` is null once the game is over.
"""

from __future__ import annotations

from typing import Any

COLOURS = ["red", "yellow", "orange"]
FACES = ["all", "yellow", "orange", "red", "heron", "plants"]
DEALS: dict[int, list[dict[str, int]]] = {
    2: [{"red": 3, "yellow": 3, "orange": 3} for _ in range(2)],
    3: [{"red": 2, "yellow": 2, "orange": 2} for _ in range(3)],
    4: [
        {"red": 2, "yellow": 1, "orange": 2},
        {"red": 2, "yellow": 2, "orange": 1},
        {"red": 2, "yellow": 2, "orange": 1},
        {"red": 1, "yellow": 2, "orange": 2},
    ],
}
LIMITS = {"crab": 14, "rotten": 6}


class Rejected(Exception):
    """The model refuses the event."""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Reference:
    def __init__(self) -> None:
        self.started = False
        self.over = False
        self.winner: int | None = None

    # -- the state -------------------------------------------------------------------------
    def total(self, seat: int) -> int:
        return sum(self.turtles[seat].values())

    def free(self, seat: int) -> int:
        return self.plants[seat] - self.total(seat)

    def on_nelly(self) -> int:
        return sum(self.nelly.values())

    def holds(self, seat: int, colour: str) -> bool:
        """Has the seat a turtle it may place on this face?"""
        if self.face == "all":
            return self.total(seat) > 0
        return self.turtles[seat][colour] > 0

    def applies(self, step: tuple[str, int]) -> bool:
        kind, seat = step
        if kind == "feed":
            return self.round >= 2 and self.free(seat) > 0
        if kind == "place":
            return self.holds(seat, self.face or "")
        if kind == "plants":
            return self.free(seat) > 0
        return True

    def next_step(self) -> tuple[int, tuple[str, int]] | None:
        for i, step in enumerate(self.todo):
            if self.applies(step):
                return i, step
        return None

    def expect(self) -> dict[str, Any] | None:
        if self.over:
            return None
        if self.face is None:
            return {"event": "roll", "player": self.turn}
        found = self.next_step()
        assert found is not None  # the pass always applies
        kind, seat = found[1]
        return {"event": kind, "player": seat}

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [
                {
                    "name": self.names[s],
                    "turtles": {c: self.turtles[s][c] for c in COLOURS},
                    "plants": self.plants[s],
                    "free_plants": self.free(s),
                }
                for s in range(len(self.names))
            ],
            "nelly": {"head": self.head, "on_head": self.on_head,
                      "on_back": self.on_nelly() - self.on_head},
            "box": {"turtles": self.box_turtles, "plants": self.box_plants},
            "round": self.round,
            "turn": self.turn,
            "face": self.face,
            "expect": self.expect(),
            "favoured_hand": self.favoured,
            "over": self.over,
            "winner": self.winner,
        }

    # -- events ----------------------------------------------------------------------------
    def apply(self, event: dict[str, Any]) -> None:
        """Apply one game-log event, or raise Rejected and change nothing."""
        kind = event.get("event")
        if self.over:
            raise Rejected("the game is over")
        if kind == "start":
            if self.started:
                raise Rejected("already started")
            self._start(event["players"])
            return
        if not self.started:
            raise Rejected("no start")
        if kind == "roll":
            self._roll(event["face"])
            return
        seat = event["player"]
        if not _whole(seat) or not 0 <= seat < len(self.names):
            raise Rejected("no such seat")
        if kind == "fall":
            self._fall(seat, event["turtles"], event.get("from_head", 0))
            return
        if self.face is None:
            raise Rejected("roll first")
        found = self.next_step()
        assert found is not None
        index, (want, who) = found
        if kind == "place":
            self._check_place(seat, event["colour"], event["on"])
        if kind == "feed":
            if self.round == 1:
                raise Rejected("no feeding in round 1")
            if seat == self.turn and self.free(seat) == 0:
                raise Rejected("no free plant")
        if kind == "plants" and seat == self.turn and self.face == "plants" \
                and self.free(seat) == 0:
            raise Rejected("no free plant")
        if (kind, seat) != (want, who):
            raise Rejected(f"out of order: {want} by {who} is next")
        if kind == "feed":
            counter = event["counter"]
            if self.fed[counter] >= LIMITS[counter]:
                raise Rejected(f"too many {counter}")
        del self.todo[: index + 1]
        getattr(self, f"_{kind}")(seat, event)

    def _start(self, names: list[str]) -> None:
        if not 2 <= len(names) <= 4:
            raise Rejected("2 to 4 players")
        if len({n.strip().casefold() for n in names}) != len(names):
            raise Rejected("names must differ")
        self.started = True
        self.names = [n.strip() for n in names]
        self.turtles = [dict(d) for d in DEALS[len(names)]]
        self.plants = [sum(d.values()) for d in DEALS[len(names)]]
        self.head = "surfaced"
        self.on_head = 0
        self.nelly = {c: 0 for c in COLOURS}
        self.box_turtles = 0
        self.box_plants = 0
        self.round = 1
        self.turn = 0
        self.face: str | None = None
        self.favoured: int | None = None
        self.fed = {"crab": 0, "rotten": 0}
        self.todo: list[tuple[str, int]] = []

    def _roll(self, face: str) -> None:
        if self.face is not None:
            raise Rejected("already rolled")
        if face not in FACES:
            raise Rejected("no such face")
        self.face = face
        n = len(self.names)
        roller = self.turn
        if face in ("heron", "plants"):
            self.todo = [(face, roller), ("pass", roller)]
        else:
            self.todo = [("feed", roller)]
            self.todo += [("place", (roller + k) % n) for k in range(n)]
            self.todo.append(("pass", roller))

    def _check_place(self, seat: int, colour: str, on: str) -> None:
        if colour not in COLOURS or on not in ("head", "back"):
            raise Rejected("bad place")
        if self.face not in ("all", "red", "yellow", "orange"):
            raise Rejected("no placing on this face")
        if self.face != "all" and colour != self.face:
            raise Rejected("not the colour shown")
        if self.turtles[seat][colour] == 0:
            raise Rejected("none of that colour")
        if on == "head":
            if seat != self.turn:
                raise Rejected("only the roller on the head")
            if self.head == "submerged":
                raise Rejected("the head is under water")
            if self.on_head >= 2:
                raise Rejected("the head is full")

    def _feed(self, seat: int, event: dict[str, Any]) -> None:
        counter = event["counter"]
        self.fed[counter] += 1
        self.plants[seat] -= 1
        self.box_plants += 1
        if counter == "crab":
            self.head = "submerged" if self.head == "surfaced" else "surfaced"
        else:
            self.favoured = seat

    def _place(self, seat: int, event: dict[str, Any]) -> None:
        colour = event["colour"]
        self.turtles[seat][colour] -= 1
        self.nelly[colour] += 1
        if event["on"] == "head":
            self.on_head += 1
        if self.total(seat) == 0:
            self.over = True
            self.winner = seat

    def _heron(self, seat: int, event: dict[str, Any]) -> None:
        pass

    def _plants(self, seat: int, event: dict[str, Any]) -> None:
        self.plants[seat] -= 1
        self.box_plants += 1

    def _pass(self, seat: int, event: dict[str, Any]) -> None:
        self.turn = (self.turn + 1) % len(self.names)
        self.round += 1
        self.face = None
        self.favoured = None
        self.todo = []

    def _fall(self, seat: int, turtles: dict[str, int], from_head: int) -> None:
        fallen = sum(turtles.values())
        if fallen == 0 or any(turtles.get(c, 0) < 0 for c in COLOURS):
            raise Rejected("nothing fell")
        if any(turtles.get(c, 0) > self.nelly[c] for c in COLOURS):
            raise Rejected("more than Nelly holds")
        if not 0 <= from_head <= fallen or from_head > self.on_head:
            raise Rejected("more than the head holds")
        if fallen - from_head > self.on_nelly() - self.on_head:
            raise Rejected("more than the back holds")
        self.on_head -= from_head
        room = self.free(seat)
        for c in COLOURS:
            n = turtles.get(c, 0)
            self.nelly[c] -= n
            kept = min(n, room)
            room -= kept
            self.turtles[seat][c] += kept
            self.box_turtles += n - kept
