"""What the club page knows of each game: its name, what its scores count, and how to read
who is winning and the latest news from a table's state (the kiosk page's snapshot).

The league needs nothing per game but which way its scores count: every game's events carry
its start and its end with the result (device/mqtt). A game not listed here is shown with
its name as the box sends it and the generic reading: the players, `scores` when its part of
the snapshot has one number per player, and its `message`. Adding a game is one entry in
`GAMES` with a `live` function.

A table's state comes from the broker: anything may be in it. Every reader is defensive;
a state it cannot read shows the players only.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass
class Live:
    """A table's game at a glance: a score per seat, the leader's seat, a line of news."""

    scores: list[float | None] = field(default_factory=list)
    leader: int | None = None
    headline: str = ""
    over: bool = False
    news: int | None = None  # grows with each piece of news (a verdict, a round)


@dataclass(frozen=True)
class GameInfo:
    name: str
    unit: str  # what the league adds up: "cards", "points", "turtles left"
    live: Callable[[dict[str, Any], int], Live]
    fewer_is_better: bool = False  # the league ranks the lowest score first (after wins)


def typed(data: dict[str, Any], key: str, kind: type[T], default: T) -> T:
    """`data[key]` when it is a `kind`, else `default`."""
    value = data.get(key)
    return value if isinstance(value, kind) else default


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return value


def _leader(scores: list[float | None], outs: list[bool] | None = None) -> int | None:
    """The one seat with the most (ties: nobody leads)."""
    best = [(s, i) for i, s in enumerate(scores)
            if s is not None and not (outs and i < len(outs) and outs[i])]
    if not best:
        return None
    top = max(s for s, _ in best)
    seats = [i for s, i in best if s == top]
    return seats[0] if len(seats) == 1 else None


def _winner(part: dict[str, Any], seats: int) -> int | None:
    w = part.get("winner")
    return w if isinstance(w, int) and not isinstance(w, bool) and 0 <= w < seats else None


def halli_live(part: dict[str, Any], seats: int) -> Live:
    """Cards held (face-up pile and face-down stack); the last verdict as the news."""
    piles = typed(part, "piles", list, [])
    scores: list[float | None] = [None] * seats
    outs = [False] * seats
    for pile in piles:
        if isinstance(pile, dict) and isinstance(pile.get("seat"), int) and \
                0 <= pile["seat"] < seats:
            held = [_number(pile.get("pile")), _number(pile.get("stack"))]
            scores[pile["seat"]] = None if None in held else sum(h for h in held if h)
            outs[pile["seat"]] = pile.get("out") is True
    verdict = part.get("last_verdict")
    headline, news = "", None
    if isinstance(verdict, dict):
        headline = str(verdict.get("text", ""))[:200]
        seq = _number(verdict.get("seq"))
        news = None if seq is None else int(seq)
    over = part.get("over") is True
    winner = _winner(part, seats)
    return Live(scores, winner if over else _leader(scores, outs), headline, over, news)


def nimalia_live(part: dict[str, Any], seats: int) -> Live:
    """Points so far; the round as the news."""
    rows = typed(part, "scores", list, [])
    scores: list[float | None] = [None] * seats
    for row in rows:
        if isinstance(row, dict) and isinstance(row.get("seat"), int) and \
                0 <= row["seat"] < seats:
            scores[row["seat"]] = _number(row.get("total"))
    over = part.get("over") is True
    rnd = _number(part.get("round"))
    headline = "" if over or rnd is None else f"Round {int(rnd)} of 5"
    return Live(scores, _winner(part, seats) if over else _leader(scores), headline, over,
                None if rnd is None else int(rnd))


def nelly_live(part: dict[str, Any], seats: int) -> Live:
    """Turtles each player still holds (the first to place them all wins, so the fewest
    leads); what the page asks for now as the news line, the round as the news."""
    players = typed(part, "players", list, [])
    scores: list[float | None] = [None] * seats
    for seat, player in enumerate(players[:seats]):
        turtles = player.get("turtles") if isinstance(player, dict) else None
        if isinstance(turtles, dict):
            counts = [_number(n) for n in turtles.values()]
            scores[seat] = None if None in counts else sum(n for n in counts if n)
    over = part.get("over") is True
    prompt = part.get("prompt")
    headline = str(prompt)[:200] if isinstance(prompt, str) and not over else ""
    rnd = _number(part.get("round"))
    leader = _winner(part, seats) if over else _leader(
        [None if s is None else -s for s in scores])
    return Live(scores, leader, headline, over, None if rnd is None else int(rnd))


def generic_live(part: dict[str, Any], seats: int) -> Live:
    raw = part.get("scores")
    scores: list[float | None] = [None] * seats
    if isinstance(raw, list) and len(raw) == seats:
        scores = [_number(s) for s in raw]
    over = part.get("over") is True
    message = part.get("message")
    return Live(scores, _winner(part, seats) if over else _leader(scores),
                str(message)[:200] if isinstance(message, str) else "", over)


GAMES: dict[str, GameInfo] = {
    "halli": GameInfo("Halli Galli Extreme", "cards", halli_live),
    "nimalia": GameInfo("Nimalia", "points", nimalia_live),
    "nelly": GameInfo("Nelly", "turtles left", nelly_live, fewer_is_better=True),
}


def info(game: str) -> GameInfo:
    return GAMES.get(game) or GameInfo(game[:32], "points", generic_live)


def live(state: dict[str, Any]) -> tuple[str, Live]:
    """The game's name in a state and how it stands (an unreadable part: players only)."""
    game = typed(state, "game", str, "?")
    players = typed(state, "players", list, [])
    part = state.get(game)
    result = Live([None] * len(players))
    if isinstance(part, dict):
        with contextlib.suppress(TypeError, ValueError, KeyError, AttributeError):
            result = info(game).live(part, len(players))
    return game, result
