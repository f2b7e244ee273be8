"""A ring judged on what the camera saw at the press, or "unsure" when it did not see enough.

The cards are the top cards the seats showed at the press (`SeatTimeline.visible_at`). A
seat the frames cannot say anything sure about, or a card found but not read, leaves the
verdict unsure unless every card it could have been gives the same verdict (a rule, not a
guess). A card not seen (up to `MAX_UNSEEN` of them) is tried as: no card, each animal,
each fruit card in view (a pair), and a fruit card like none in view with and without a
strawberry and a lime; the verdict depends on a fruit card through nothing else. An animal
whose kind is not known (not enrolled) is tried as each of the three animals. So a veto
seen stands whatever a hand hides; a pig seen with a lime in view is unsure while a card is
not seen (it could be a monkey).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from tableref.games.halli import Card, parse_card, verdict
from tableref.games.halli.cards import ELEPHANT, MONKEY, PIG, FruitCard
from tableref.vision.halli.tracker import UNSEEN, SeatView

ANIMAL = "animal"  # a seat's reading: an animal card, which one not known
MAX_UNSEEN = 3  # more cards not seen than this: unsure without trying


@dataclass(frozen=True)
class Judged:
    """`right`: whether ringing was right, None when it cannot be said; `unseen`: the seats
    whose card was not seen well enough (what made it unsure)."""

    right: bool | None
    unseen: tuple[int, ...] = ()


def judge(views: Sequence[SeatView], *, elephant_alone_rings: bool = False,
          face_up: Sequence[bool] = ()) -> Judged:
    """`face_up`: for each seat, whether a card surely lies face up on its pile (the
    session: the seat turned one since the last ring). Where one does and the camera saw
    no card, the eyes missed it (a card the colour of a pale table): it is not seen, never
    taken for no card."""
    cards: list[Card] = []
    unseen: list[int] = []  # nothing sure known of the card
    animals: list[int] = []  # an animal, which one not known
    for view in views:
        missed = view.top is None and view.seat < len(face_up) and face_up[view.seat]
        if not view.sure or view.top in UNSEEN or missed:
            unseen.append(view.seat)
        elif view.top == ANIMAL:
            animals.append(view.seat)
        elif view.top is not None:
            cards.append(parse_card(view.top))
    if len(unseen) > MAX_UNSEEN:
        return Judged(None, tuple(sorted(unseen + animals)))
    fruit = [c for c in cards if isinstance(c, FruitCard)]
    could_be: list[Card | None] = [None, ELEPHANT, MONKEY, PIG, *dict.fromkeys(fruit)]
    # fruit cards like none in view, with and without a strawberry and a lime (a pair of
    # them when two cards not seen are both the same one)
    could_be += _fresh_fruit(fruit)
    choices = [could_be] * len(unseen) + [[ELEPHANT, MONKEY, PIG]] * len(animals)
    outcomes = set()
    for picked in itertools.product(*choices):
        extra = [c for c in picked if c is not None]
        outcomes.add(verdict(cards + extra, elephant_alone_rings=elephant_alone_rings).ring)
        if len(outcomes) > 1:
            return Judged(None, tuple(sorted(unseen + animals)))
    return Judged(outcomes.pop())


def _fresh_fruit(in_view: Sequence[FruitCard]) -> list[FruitCard]:
    """One fruit card like none in view for each (strawberry, lime): no, no / yes, no /
    no, yes / yes, yes."""
    out = []
    for strawberry, lime in ((0, 0), (1, 0), (0, 1), (1, 1)):
        card = next(c for c in (FruitCard(9 + k, 9, strawberry, lime) for k in range(8))
                    if c not in in_view)
        out.append(card)
    return out
