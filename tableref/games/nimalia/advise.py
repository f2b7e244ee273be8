"""Where to place the next card of a hand: every legal placement of every card in hand,
each followed by the best placements found for the cards still to place this round,
ranked by the round's objectives scored on the reserve once the whole hand is down.

The search is exhaustive when it is small (`exhaustive_limit` scorings); otherwise it
is a beam: every first placement is scored, the best `beam[0]` of them are followed
up, keeping the best `beam[1]` placements of the next card at each step. Ranked
objectives (16, 18, 20, 21) are scored for the reserve alone, since no rival is known
(spec): their points do not move then, so ties are broken by what they rank on (the
longest river, gorillas less pandas, fewest lions, crocodiles less flamingos).

The rounds still to come: placements of the next card whose plans score the same this
round are ranked by what the reserve, once the hand is down, already scores for the
objectives of the later rounds (each later round's objectives that are not ranked, on
this reserve as it stands; `later`). Only the ranking of the next card's placements
looks ahead so: the rest of each plan is chosen for this round alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tableref.games.nimalia.cards import card
from tableref.games.nimalia.errors import CardError
from tableref.games.nimalia.model import Animal, Reserve
from tableref.games.nimalia.objectives import objective, scoring_key
from tableref.games.nimalia.placement import Placement, legal_placements
from tableref.games.nimalia.rivers import longest_river

BEAM = (24, 4)
FOLLOW_BUDGET = 20_000  # scorings spent following first placements up (more than
#                        beam[0] of them when the rest of the hand is cheap to search)
EXHAUSTIVE_LIMIT = 15_000  # scorings: below this the whole hand is searched (2 cards on a
#                            small reserve; past it a beam, which keeps within 2 s)


@dataclass(frozen=True, slots=True)
class Value:
    """A reserve's worth for the round: the points, then what ranked objectives rank on."""

    points: int
    by_objective: tuple[tuple[int, int], ...]  # (objective id, points) in scoring order
    tie_break: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.points, self.tie_break)


@dataclass(frozen=True, slots=True)
class Advice:
    """Place `placement` next; `plan` is the whole hand as planned (it first)."""

    placement: Placement
    plan: tuple[Placement, ...]
    value: Value
    now: Value  # the reserve before the hand, for the why
    why: str
    later: int = 0  # the later rounds' objectives on the reserve once the hand is down


def value(reserve: Reserve, objective_ids: Sequence[int]) -> Value:
    """The round's objectives on a reserve alone."""
    return _Values(objective_ids)(reserve)


def _ranked_measure(objective_id: int, reserve: Reserve) -> int:
    match objective_id:
        case 16:
            return longest_river(reserve)
        case 18:
            return reserve.count(Animal.GORILLA) - reserve.count(Animal.PANDA)
        case 20:
            return -reserve.count(Animal.LION)
        case 21:
            return reserve.count(Animal.CROCODILE) - reserve.count(Animal.FLAMINGO)
    return 0


def _children(reserve: Reserve, hand: Sequence[int]) -> list[tuple[Placement, Reserve]]:
    """Every legal placement of every card in hand, and the reserve after it."""
    found = []
    for card_id in hand:
        for p in legal_placements(reserve, card_id):
            spaces = dict(reserve)
            spaces.update(card(card_id).spaces_at(p.row, p.col, p.rotation))
            found.append((p, Reserve.trusted(spaces)))  # legal_placements kept the rules
    return found


class _Values:
    """The round's objectives, in scoring order, on reserves alone. A ranked objective
    pays a reserve alone the same whatever it holds (1st place: 16 pays 5, 18 pays 5 - 5,
    20 pays 3, 21 pays 5 + 5), so it is scored once; what it ranks on breaks ties."""

    def __init__(self, objective_ids: Sequence[int]) -> None:
        self.goals = tuple(sorted({objective(i) for i in objective_ids}, key=scoring_key))
        self.fixed: dict[int, int] = {}

    def __call__(self, reserve: Reserve) -> Value:
        if not reserve:
            return Value(0, tuple((g.id, 0) for g in self.goals), 0)
        by_objective = []
        tie_break = 0
        for goal in self.goals:
            if goal.ranked:
                if goal.id not in self.fixed:
                    self.fixed[goal.id] = goal.score([reserve])[0]
                by_objective.append((goal.id, self.fixed[goal.id]))
                tie_break += _ranked_measure(goal.id, reserve)
            else:
                by_objective.append((goal.id, goal.score([reserve])[0]))
        return Value(sum(p for _, p in by_objective), tuple(by_objective), tie_break)


def _best_completion(
    reserve: Reserve, hand: tuple[int, ...], values: _Values, width: int | None
) -> tuple[Value, tuple[Placement, ...]]:
    """The best value reachable by placing every card of `hand`, and how."""
    if not hand:
        return values(reserve), ()
    scored = [(values(child), p, child) for p, child in _children(reserve, hand)]
    if len(hand) == 1:
        best = max(scored, key=lambda t: t[0].key)
        return best[0], (best[1],)
    scored.sort(key=lambda t: t[0].key, reverse=True)
    if width is not None:
        scored = scored[:width]
    best_value: Value | None = None
    best_plan: tuple[Placement, ...] = ()
    for _, p, child in scored:
        rest = tuple(c for c in hand if c != p.card_id)
        found, plan = _best_completion(child, rest, values, width)
        if best_value is None or found.key > best_value.key:
            best_value, best_plan = found, (p, *plan)
    assert best_value is not None
    return best_value, best_plan


def _search_size(reserve: Reserve, hand: Sequence[int]) -> int:
    """Scorings an exhaustive search costs, estimated: each card laid opens about 28 more
    placements (7 spots of 4 turns), up to the 144 of a 6x6 window."""
    spots = len(legal_placements(reserve, hand[0]))
    size, ways = 0, 1
    for level in range(len(hand)):
        ways *= (len(hand) - level) * min(144, spots + 28 * level)
        size += ways
    return size


def _follow_cost(spots: int, cards: int, width: int | None) -> int:
    """Scorings to follow one first placement up with the beam (a rough count: each card
    laid opens about 28 more placements)."""
    per_card = spots // max(cards, 1)
    cost, ways = 0, 1
    for level in range(1, cards):
        cost += ways * (cards - level) * min(144, per_card + 28 * level)
        ways = width or 1
    return max(cost, 1)


def advise(
    reserve: Reserve,
    hand: Sequence[int],
    objective_ids: Sequence[int],
    *,
    top: int = 5,
    beam: tuple[int, int] = BEAM,
    exhaustive_limit: int = EXHAUSTIVE_LIMIT,
    later_rounds: Sequence[Sequence[int]] = (),
) -> list[Advice]:
    """The best `top` placements of the next card, best first, each with its plan; ties
    on this round's points broken by `later_rounds` (the objective ids of each round
    still to come)."""
    cards = tuple(hand)
    if not cards:
        raise CardError("the hand is empty: give the ids of the cards still to place")
    if len(set(cards)) != len(cards):
        raise CardError(f"card {next(c for c in cards if cards.count(c) > 1)} is in the hand "
                        "twice: every card is one of a kind")
    for card_id in cards:
        card(card_id)  # an unknown id fails here, naming it
    exhaustive = _search_size(reserve, cards) <= exhaustive_limit
    first, later = (None, None) if exhaustive else beam
    values = _Values(objective_ids)
    now = values(reserve)
    scored = [(values(child), p, child) for p, child in _children(reserve, cards)]
    if not scored:
        raise CardError("no card of the hand has a legal place on this reserve")
    scored.sort(key=lambda t: t[0].key, reverse=True)
    if first is not None:
        first = max(first, top, FOLLOW_BUDGET // _follow_cost(len(scored), len(cards), later))
    followed = scored if first is None else scored[:first]
    advice: list[Advice] = []
    for _, p, child in followed:
        rest = tuple(c for c in cards if c != p.card_id)
        found, plan = _best_completion(child, rest, values, later)
        full = (p, *plan)
        advice.append(Advice(p, full, found, now, why(full, found, now)))
    advice.sort(key=lambda a: a.value.key, reverse=True)
    if later_rounds and advice:
        # the placements tied with the top `top` on this round's key, ranked by later rounds
        cut = advice[min(top, len(advice)) - 1].value.key
        tied = [a for a in advice if a.value.key >= cut]
        scorers = [_Values([i for i in ids if not objective(i).ranked]) for ids in later_rounds]
        tied = [replace(a, later=_later(reserve, a.plan, scorers)) for a in tied]
        tied.sort(key=lambda a: (a.value.key, a.later), reverse=True)
        advice = [replace(a, why=a.why + f"; later rounds: {a.later} as it stands")
                  for a in tied]
    return advice[:top]


def _later(reserve: Reserve, plan: Sequence[Placement], scorers: Sequence[_Values]) -> int:
    spaces = dict(reserve)
    for p in plan:
        spaces.update(p.spaces())
    final = Reserve.trusted(spaces)
    return sum(score(final).points for score in scorers)


def _where(p: Placement) -> str:
    return f"card {p.card_id} at (row {p.row}, col {p.col}) turned {p.rotation}"


def why(plan: Sequence[Placement], planned: Value, now: Value) -> str:
    """The advice in words: the plan, each objective's points and what it gains."""
    before = dict(now.by_objective)
    parts = []
    for objective_id, points in planned.by_objective:
        goal = objective(objective_id)
        gain = points - before.get(objective_id, 0)
        change = f", {gain:+d}" if gain else ""
        alone = " as if alone" if goal.ranked else ""
        parts.append(f"{objective_id} ({goal.text}) {points}{change}{alone}")
    then = "; then " + ", ".join(_where(p) for p in plan[1:]) if len(plan) > 1 else ""
    return f"{planned.points} points once the hand is down{then}: " + "; ".join(parts)
