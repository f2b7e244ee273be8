"""A game of Nimalia: 5 rounds of 3 cards each, objectives scored at each round's end.

Round schedule: 1 blue+green, 2 green+yellow, 3 blue+red, 4 green+yellow+red,
5 blue+yellow+red, scored blue, green, yellow, red. Totals never go below 0. The
highest total wins; a tie goes to the tied player with the most animals of one type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tableref.games.nimalia.errors import GameError, IllegalPlacementError, ObjectiveError
from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.objectives import SCORING_ORDER, Colour, Objective, objective
from tableref.games.nimalia.placement import Placement, Rule, place
from tableref.games.nimalia.scoring import ObjectiveScore, check_players, score_objectives

ROUNDS = 5
CARDS_PER_ROUND = 3
FIRST_GAME = (4, 5, 16, 19)
_B, _G, _Y, _R = SCORING_ORDER


def round_colours(round_number: int) -> tuple[Colour, ...]:
    """The colours scored at the end of a round, in scoring order."""
    schedule = {1: (_B, _G), 2: (_G, _Y), 3: (_B, _R), 4: (_G, _Y, _R), 5: (_B, _Y, _R)}
    if round_number not in schedule:
        raise GameError(f"round {round_number}: a game has rounds 1..{ROUNDS}")
    return schedule[round_number]


def pass_direction(round_number: int) -> Literal["left", "right"]:
    """Where the drafted cards go: left in rounds 1, 3, 5; right in 2 and 4."""
    round_colours(round_number)
    return "left" if round_number % 2 == 1 else "right"


@dataclass(frozen=True, slots=True)
class ObjectiveSet:
    """The four objectives of one game, one per colour, never two faces of one card."""

    ids: tuple[int, int, int, int]  # blue, green, yellow, red

    @classmethod
    def of(cls, ids: Sequence[int]) -> ObjectiveSet:
        chosen = [objective(i) for i in ids]
        by_colour: dict[Colour, Objective] = {}
        for goal in chosen:
            if goal.colour in by_colour:
                raise ObjectiveError(
                    f"objectives {by_colour[goal.colour].id} and {goal.id} are both "
                    f"{goal.colour}: a game has one objective of each colour"
                )
            by_colour[goal.colour] = goal
        missing = [c.value for c in SCORING_ORDER if c not in by_colour]
        if missing:
            raise ObjectiveError(
                f"no {', '.join(missing)} objective: a game has one of each colour"
            )
        for goal in chosen:
            pair = goal.face_pair()
            if all(i in ids for i in pair):
                raise ObjectiveError(
                    f"objectives {pair[0]} and {pair[1]} are the two faces of one card: "
                    "never both in play"
                )
        blue, green, yellow, red = (by_colour[c].id for c in SCORING_ORDER)
        return cls((blue, green, yellow, red))

    def for_round(self, round_number: int) -> tuple[int, ...]:
        colours = round_colours(round_number)
        return tuple(i for i, c in zip(self.ids, SCORING_ORDER, strict=True) if c in colours)


@dataclass(frozen=True, slots=True)
class RoundScore:
    round: int
    scores: tuple[ObjectiveScore, ...]
    totals: tuple[int, ...]


class Game:
    """The rules' bookkeeping of one game; players are numbered 0..n-1 in seat order."""

    def __init__(self, players: int, objectives: Sequence[int] = FIRST_GAME) -> None:
        check_players(players, least=2)
        self.objectives = ObjectiveSet.of(objectives)
        self.reserves: list[Reserve] = [Reserve() for _ in range(players)]
        self.totals: tuple[int, ...] = (0,) * players
        self.round = 1
        self.history: list[RoundScore] = []
        self._used: set[int] = set()
        self._placed_this_round = [0] * players

    @property
    def players(self) -> int:
        return len(self.reserves)

    @property
    def over(self) -> bool:
        return self.round > ROUNDS

    def _check_player(self, player: int) -> None:
        if not 0 <= player < self.players:
            raise GameError(f"player {player}: players are 0..{self.players - 1}")

    def place(self, player: int, placement: Placement) -> Reserve:
        """Lay a card on a player's reserve. Raises GameError or IllegalPlacementError."""
        self._check_player(player)
        if self.over:
            raise GameError("the game is over")
        if self._placed_this_round[player] >= CARDS_PER_ROUND:
            raise GameError(
                f"player {player} has placed {CARDS_PER_ROUND} cards in round {self.round}"
            )
        if placement.card_id in self._used:
            raise IllegalPlacementError(
                Rule.CARD, f"card {placement.card_id} is already in a reserve"
            )
        reserve = place(self.reserves[player], placement)
        self.reserves[player] = reserve
        self._used.add(placement.card_id)
        self._placed_this_round[player] += 1
        return reserve

    def score_round(self, reserves: Sequence[Reserve] | None = None) -> RoundScore:
        """Score the round's objectives and move to the next round.

        With `reserves` (one per player, e.g. read from photos) they replace the
        reserves built card by card; without, every player must have placed 3 cards.
        """
        if self.over:
            raise GameError("the game is over")
        if reserves is not None:
            if len(reserves) != self.players:
                raise GameError(f"{len(reserves)} reserves for {self.players} players")
            self.reserves = list(reserves)
        else:
            short = [p for p, n in enumerate(self._placed_this_round) if n < CARDS_PER_ROUND]
            if short:
                raise GameError(
                    f"player {short[0]} has placed {self._placed_this_round[short[0]]} of "
                    f"{CARDS_PER_ROUND} cards in round {self.round}"
                )
        ids = self.objectives.for_round(self.round)
        scores = score_objectives(self.reserves, ids, start=self.totals)
        if scores:
            self.totals = scores[-1].totals
        result = RoundScore(self.round, tuple(scores), self.totals)
        self.history.append(result)
        self.round += 1
        self._placed_this_round = [0] * self.players
        return result

    def winners(self) -> list[int]:
        """The winning player(s): highest total, then most animals of one type."""
        if not self.over:
            raise GameError(f"the game is in round {self.round}: no winner yet")
        return winners(self.totals, self.reserves)


def most_of_one_animal(reserve: Reserve) -> int:
    counts = Counter(space.animal for space in reserve.values())
    return max(counts.values(), default=0)


def winners(totals: Sequence[int], reserves: Sequence[Reserve]) -> list[int]:
    """Highest total wins; ties go to the tied player with the most animals of one type."""
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    most = max(most_of_one_animal(reserves[p]) for p in tied)
    return [p for p in tied if most_of_one_animal(reserves[p]) == most]
