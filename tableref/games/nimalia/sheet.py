"""The score sheet's explanations: how a ranked objective was paid, how the winner was found.

`rankings(objective_id, reserves)` gives, for 16, 18, 20 and 21, each comparison the
objective makes (the longest river; most gorillas and most pandas; fewest lions; most
crocodiles and fewest flamingos): every player's value, who was 1st and 2nd, what each
place pays, and why no 2nd place was paid. `tie_break(totals, reserves)` says who won and
how a tie on points was settled. Both agree with the scoring by construction: they use
the same places (ranked.py) and the same winner rule (game.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tableref.games.nimalia.game import most_of_one_animal, winners
from tableref.games.nimalia.model import Animal, Reserve
from tableref.games.nimalia.ranked import places
from tableref.games.nimalia.rivers import longest_river


@dataclass(frozen=True, slots=True)
class Ranking:
    """One comparison of a ranked objective."""

    what: str  # "river", or an animal's name
    most: bool  # the highest value is 1st (False: the lowest)
    values: tuple[int, ...]  # per seat
    first: tuple[int, ...]
    second: tuple[int, ...]
    no_second: str | None  # see ranked.Places
    pays: tuple[int, int, int]  # to 1st, to 2nd, to everyone else

    def as_json(self) -> dict[str, object]:
        return {"what": self.what, "most": self.most, "values": list(self.values),
                "first": list(self.first), "second": list(self.second),
                "no_second": self.no_second, "pays": list(self.pays)}


def _ranking(what: str, values: list[int], first: int, second: int,
             most: bool = True, others: int = 0) -> Ranking:
    found = places(values, most=most)
    if others:  # fewest lions: the fewest are paid, everyone else pays; no 2nd place
        return Ranking(what, most, tuple(values), found.first, (), None, (first, 0, others))
    return Ranking(what, most, tuple(values), found.first, found.second, found.no_second,
                   (first, second, others))


def rankings(objective_id: int, reserves: Sequence[Reserve]) -> list[Ranking]:
    """The comparisons a ranked objective makes on these reserves ([] for one that is not
    ranked)."""
    def count(animal: Animal) -> list[int]:
        return [r.count(animal) for r in reserves]

    if objective_id == 16:
        return [_ranking("river", [longest_river(r) for r in reserves], 5, 2)]
    if objective_id == 18:
        return [_ranking(Animal.GORILLA.value, count(Animal.GORILLA), 5, 2),
                _ranking(Animal.PANDA.value, count(Animal.PANDA), -5, -2)]
    if objective_id == 20:
        return [_ranking(Animal.LION.value, count(Animal.LION), 3, 0, most=False, others=-2)]
    if objective_id == 21:
        return [_ranking(Animal.CROCODILE.value, count(Animal.CROCODILE), 5, 2),
                _ranking(Animal.FLAMINGO.value, count(Animal.FLAMINGO), 5, 2, most=False)]
    return []


def paid(ranking: Ranking) -> tuple[int, ...]:
    """The points a ranking pays each seat."""
    to_first, to_second, others = ranking.pays
    return tuple(to_first if i in ranking.first else to_second if i in ranking.second
                 else others for i in range(len(ranking.values)))


@dataclass(frozen=True, slots=True)
class TieBreak:
    """How the game was won: the best total, who had it, and (on a tie) each tied player's
    most animals of one type, which decides."""

    best: int
    tied: tuple[int, ...]  # seats on the best total
    most_of_one: tuple[int, ...]  # per tied seat, in `tied` order
    winners: tuple[int, ...]  # more than one: they share the win

    def as_json(self) -> dict[str, object]:
        return {"best": self.best, "tied": list(self.tied),
                "most_of_one": list(self.most_of_one), "winners": list(self.winners)}


def tie_break(totals: Sequence[int], reserves: Sequence[Reserve]) -> TieBreak:
    best = max(totals)
    tied = tuple(p for p, t in enumerate(totals) if t == best)
    return TieBreak(best, tied, tuple(most_of_one_animal(reserves[p]) for p in tied),
                    tuple(winners(totals, reserves)))
