"""The daemon's handle on the Halli Galli engine (tableref.games.halli): one game's state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tableref.games.halli.cards import parse_card
from tableref.games.halli.errors import HalliError
from tableref.games.halli.events import event_from_json
from tableref.games.halli.game import apply
from tableref.games.halli.state import GameState


@dataclass
class RingResult:
    """A ring as the daemon reports it. `right` is None when it could not be judged."""

    player: int
    right: bool | None
    reasons: list[str] = field(default_factory=list)
    taker: int | None = None
    won: int = 0
    to_bell: int = 0
    went_out: list[int] = field(default_factory=list)
    over: bool = False
    winner: int | None = None
    description: str = ""
    refused: str = ""  # why the engine did not apply the ring ("" when it did)


class HalliRules:
    """Events in, state out; rejected events leave the state as it was."""

    def __init__(self, players: list[str], options: dict[str, bool]) -> None:
        self.players = players
        self.options = options
        self.state: GameState | None = None
        self.last_error = ""
        self.note = ""  # what the last accepted flip changed of what was seen

    def start(self, cards: list[int] | None = None) -> None:
        event: dict[str, Any] = {"event": "start", "players": self.players,
                                 "options": self.options}
        if cards is not None:
            event["cards"] = cards
        self.state = apply(None, event_from_json(event)).state

    def _state(self) -> GameState:
        if self.state is None:
            raise HalliError("the game has not started")
        return self.state

    def flip(self, player: int, card: str | None) -> bool:
        """Apply a flip; False (with `last_error`) when the engine rejects it.

        A card the engine refuses because it cannot be the next card of the player's stack
        (the camera misread it, or a card went astray) is not allowed to stall the game:
        the flip is applied without its card, and `note` says so."""
        self.note = ""
        event: dict[str, Any] = {"event": "flip", "player": player}
        if card is not None:
            event["card"] = card
        state = self._state()
        try:
            self.state = apply(state, event_from_json(event)).state
        except HalliError as err:
            if card is None or not self._contradicts_stack(state, player, card):
                self.last_error = f"flip by seat {player} not counted: {err}"
                return False
            del event["card"]
            self.state = apply(state, event_from_json(event)).state
            self.note = (f"{state.players[player].name}'s card was read as {card}, which "
                         "cannot be the next card of their stack: counted as an unknown card")
        return True

    @staticmethod
    def _contradicts_stack(state: GameState, player: int, card: str) -> bool:
        """The flip is in turn, but `card` is not among what the top stack batch can hold."""
        if state.over or not 0 <= player < len(state.players) or player != state.turn:
            return False
        seat = state.players[player]
        if seat.out or not seat.stack:
            return False
        try:
            return seat.stack[0].take(parse_card(card)) is None
        except HalliError:
            return False

    def ringable(self) -> bool:
        verdict = self._state().verdict()
        return verdict is not None and verdict.ring

    def ring(self, player: int, t_ns: int | None, right: bool | None = None) -> RingResult:
        """Apply the arbitrated first press; the engine judges the visible cards."""
        event: dict[str, Any] = {"event": "ring", "player": player}
        if t_ns is not None:
            event["t_ns"] = t_ns
        if right is not None:
            event["right"] = right
        state = self._state()
        try:
            step = apply(state, event_from_json(event))
        except HalliError as err:
            self.last_error = f"ring by seat {player} not counted: {err}"
            return RingResult(player=player, right=None, reasons=[str(err)], refused="error")
        self.state = step.state
        out = step.outcome
        return RingResult(
            player=player,
            right=out.right,
            reasons=list(out.verdict.reasons) if out.verdict is not None else [],
            taker=out.taker,
            won=out.won,
            to_bell=out.to_bell,
            went_out=[w.player for w in out.went_out],
            over=out.over,
            winner=out.winner,
            description=out.description,
        )

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.over

    def is_out(self, seat: int) -> bool:
        return self.state is not None and self.state.players[seat].out

    def turn(self) -> int | None:
        return None if self.state is None or self.state.over else self.state.turn

    def pile_size(self, seat: int) -> int:
        return 0 if self.state is None else len(self.state.players[seat].pile)

    def table_json(self) -> dict[str, Any]:
        state = self._state()
        tops = state.tops()
        return {
            "piles": [
                {"seat": i, "top": None if tops[i] is None else tops[i].code,  # type: ignore[union-attr]
                 "pile": len(p.pile), "stack": p.stack_size, "out": p.out}
                for i, p in enumerate(state.players)
            ],
            "bell": len(state.bell),
            "turn": None if state.over else state.turn,
            "over": state.over,
            "winner": state.winner,
        }

    def holdings(self) -> list[int]:
        return [p.holding for p in self._state().players]

    def winner(self) -> int | None:
        return None if self.state is None else self.state.winner

    def winner_name(self) -> str | None:
        state = self._state()
        return None if state.winner is None else state.players[state.winner].name
