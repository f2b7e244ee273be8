"""The state of a game: immutable values (frozen dataclasses and tuples).

How cards are modelled. A game log reveals cards only as they are flipped, so the engine
tracks counts always and identities when it can:
- a face-up pile is an ordered tuple, bottom first; each entry is the flipped card, or
  None when the flip did not say which card it was;
- the bell holds a `CardBag`: the known cards as a sorted tuple plus a count of unknown ones;
- a face-down stack is a tuple of `CardBag` batches, top batch first. The first batch is
  the deal (all unknown). Cards won by a ring go under the stack as a new batch; their
  order inside the batch is not known (players gather piles by hand), so a flip may
  reveal any card of the top batch.
A flip that names a card the top batch cannot hold (all its cards known, none of them
that card) is rejected. A flip without a card from a batch with known cards leaves the
rest of that batch unknown (the unseen card may have been any of them), which is never
wrong, only less precise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tableref.games.halli.cards import Card, sort_key
from tableref.games.halli.events import Options
from tableref.games.halli.verdict import Verdict, verdict


@dataclass(frozen=True, slots=True)
class CardBag:
    """An unordered bunch of cards: the known ones (sorted) and how many unknown ones."""

    known: tuple[Card, ...] = ()
    unknown: int = 0

    @staticmethod
    def of(cards: Iterable[Card | None]) -> CardBag:
        known: list[Card] = []
        unknown = 0
        for card in cards:
            if card is None:
                unknown += 1
            else:
                known.append(card)
        return CardBag(tuple(sorted(known, key=sort_key)), unknown)

    def __len__(self) -> int:
        return len(self.known) + self.unknown

    def plus(self, other: CardBag) -> CardBag:
        if not other:
            return self
        if not self:
            return other
        return CardBag(
            tuple(sorted(self.known + other.known, key=sort_key)), self.unknown + other.unknown
        )

    def take(self, card: Card | None) -> CardBag | None:
        """The bag after one card is taken out, or None when it cannot hold that card."""
        if card is None:
            # Flipped unseen: it may have been any card of the bag, a known one too, so
            # which known cards remain is lost and all become unknown.
            return CardBag((), len(self) - 1) if self else None
        if card in self.known:
            rest = list(self.known)
            rest.remove(card)
            return CardBag(tuple(rest), self.unknown)
        if self.unknown > 0:
            return CardBag(self.known, self.unknown - 1)
        return None

    def counter(self) -> Counter[Card]:
        return Counter(self.known)


EMPTY = CardBag()


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    stack: tuple[CardBag, ...]
    pile: tuple[Card | None, ...] = ()
    out: bool = False
    wrong_last: bool = False  # this player's previous ring was wrong

    @property
    def stack_size(self) -> int:
        return sum(len(batch) for batch in self.stack)

    @property
    def holding(self) -> int:
        """Cards this player holds: face-down stack plus own face-up pile."""
        return self.stack_size + len(self.pile)


@dataclass(frozen=True, slots=True)
class GameState:
    """A game in progress (or over). Seats are indices into `players`, clockwise."""

    players: tuple[Player, ...]
    turn: int
    options: Options = field(default_factory=Options)
    bell: CardBag = EMPTY
    bell_from: frozenset[int] = frozenset()  # seats whose cards lie under the bell
    final_round: bool = False  # only two left of three or more: the next ring ends the game
    over: bool = False
    winner: int | None = None
    dealt: int = 72
    # the ringer of the last ring when it could not be judged and nothing was turned or
    # rung since: the players may settle it (a `settle` event)
    unjudged: int | None = None

    # -- questions the daemon, the voice and the page ask -------------------------------
    @property
    def active(self) -> tuple[int, ...]:
        """Seats of the players still in the game."""
        return tuple(i for i, p in enumerate(self.players) if not p.out)

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def tops(self) -> tuple[Card | None, ...]:
        """Top card of every seat's face-up pile (None: empty pile or unseen card)."""
        return tuple(p.pile[-1] if p.pile else None for p in self.players)

    def visible_cards(self) -> tuple[Card, ...] | None:
        """The visible cards for a verdict, or None when a visible card was flipped unseen."""
        cards = []
        for p in self.players:
            if p.pile:
                top = p.pile[-1]
                if top is None:
                    return None
                cards.append(top)
        return tuple(cards)

    def verdict(self) -> Verdict | None:
        """Would a ring be right now? None when a visible card is not known."""
        cards = self.visible_cards()
        if cards is None:
            return None
        return verdict(cards, elephant_alone_rings=self.options.elephant_alone_rings)

    def card_count(self) -> int:
        """All cards on the table; always equals `dealt`."""
        return sum(p.holding for p in self.players) + len(self.bell)

    def to_json(self) -> dict[str, Any]:
        """Exactly the spec's replay form."""
        return {
            "players": [
                {"name": p.name, "stack": p.stack_size, "pile": len(p.pile), "out": p.out}
                for p in self.players
            ],
            "bell": len(self.bell),
            "turn": self.turn,
            "over": self.over,
            "winner": self.winner,
        }

    def details_json(self) -> dict[str, Any]:
        """What the page and daemon may show beyond the spec form (kept separate from it)."""
        return {
            "tops": [None if c is None else c.code for c in self.tops()],
            "unseen_tops": [bool(p.pile) and p.pile[-1] is None for p in self.players],
            "wrong_last": [p.wrong_last for p in self.players],
            "bell_from": sorted(self.bell_from),
            "final_round": self.final_round,
            "unjudged": self.unjudged,
            "options": self.options.to_json(),
            "dealt": self.dealt,
        }
