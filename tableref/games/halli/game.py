"""The game as events in, state out: `apply(state, event) -> Step(state, outcome)`.

`apply` never changes its input; an event that breaks the rules raises
IllegalEventError, so the caller still holds the unchanged state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from tableref.games.halli.cards import DECK_SIZE
from tableref.games.halli.errors import IllegalEventError
from tableref.games.halli.events import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Event,
    Flip,
    Late,
    Ring,
    Settle,
    Start,
)
from tableref.games.halli.outcome import Outcome, OutReason, WentOut
from tableref.games.halli.state import EMPTY, CardBag, GameState, Player
from tableref.games.halli.verdict import Verdict


class Step(NamedTuple):
    state: GameState
    outcome: Outcome


def deal(players: int, cards: int = DECK_SIZE) -> tuple[int, ...]:
    """Cards per seat, as evenly as possible; the first seats get the extra cards."""
    base, extra = divmod(cards, players)
    return tuple(base + (1 if seat < extra else 0) for seat in range(players))


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def start(event: Start) -> Step:
    """Begin a game; the same as `apply(None, event)`."""
    names = [n.strip() for n in event.players]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalEventError(
            f"Halli Galli is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
        )
    if any(not n for n in names):
        raise IllegalEventError("every player needs a name")
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            raise IllegalEventError(f"two players are called {n!r}: names must differ")
        seen.add(n.casefold())
    counts = deal(len(names)) if event.cards is None else event.cards
    if len(counts) != len(names):
        raise IllegalEventError(
            f"the deal gives cards to {len(counts)} players but {len(names)} play"
        )
    for seat, count in enumerate(counts):
        if count < 1:
            raise IllegalEventError(
                f"{names[seat]} is dealt {count} cards: everyone needs at least 1"
            )
    if sum(counts) > DECK_SIZE:
        raise IllegalEventError(
            f"the deal gives out {sum(counts)} cards: the deck has only {DECK_SIZE}"
        )
    players = tuple(Player(name, (CardBag((), n),)) for name, n in zip(names, counts, strict=True))
    state = GameState(players=players, turn=0, options=event.options, dealt=sum(counts))
    text = f"A new game: {_names(names)}, {_cards(sum(counts))} dealt. {names[0]} begins."
    return Step(state, Outcome(event=event, description=text))


def apply(state: GameState | None, event: Event) -> Step:
    """Apply one event. Raises IllegalEventError (state unchanged) for a rule breach."""
    if state is not None and state.over:
        result = "a draw" if state.winner is None else f"{state.players[state.winner].name} won"
        raise IllegalEventError(f"the game is over ({result}): no {event.kind} is accepted")
    if isinstance(event, Start):
        if state is not None:
            raise IllegalEventError("the game has already started: a log holds one game")
        return start(event)
    if state is None:
        raise IllegalEventError(f"no game yet: the first event must be start, not {event.kind}")
    seat = event.player
    if not 0 <= seat < len(state.players):
        raise IllegalEventError(
            f"unknown player {seat}: the seats are 0 to {len(state.players) - 1}"
        )
    for press in event.presses if isinstance(event, Ring) else ():
        if not 0 <= press.player < len(state.players):
            raise IllegalEventError(
                f"a press by unknown player {press.player}: the seats are 0 to "
                f"{len(state.players) - 1}"
            )
    if isinstance(event, Flip):
        return _flip(state, event)
    if isinstance(event, Late):
        name = state.players[seat].name
        text = f"{name} pressed while the bells were locked: recorded, not judged."
        return Step(state, Outcome(event=event, player=seat, description=text))
    if isinstance(event, Settle):
        return _settle(state, event)
    return _ring(state, event)


def _settle(state: GameState, event: Settle) -> Step:
    """The players' verdict on the last ring, which could not be judged: that ring
    applied as judged so."""
    ringer = state.unjudged
    if ringer is None:
        raise IllegalEventError(
            "there is no ring to settle: only the last ring can be, when it could not be "
            "judged and no card was turned nor bell rung since"
        )
    if event.player != ringer:
        raise IllegalEventError(
            f"the ring to settle is {state.name(ringer)}'s, not {state.name(event.player)}'s"
        )
    step = _ring(replace(state, unjudged=None), Ring(ringer, right=event.right))
    text = f"The players settle {state.name(ringer)}'s ring: {step.outcome.description}"
    return Step(step.state, replace(step.outcome, event=event, description=text))


class _Work:
    """The mutable scratch copy one `apply` works on; frozen again at the end."""

    def __init__(self, state: GameState, event: Event) -> None:
        self.state = state
        self.event = event
        self.players = list(state.players)
        self.bell = state.bell
        self.bell_from = set(state.bell_from)
        self.turn = state.turn
        self.final_round = state.final_round
        self.over = False
        self.winner: int | None = None
        self.went_out: list[WentOut] = []
        self.final_round_started = False
        self.sentences: list[str] = []

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def active(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.out]

    def next_active(self, seat: int) -> int:
        n = len(self.players)
        for step in range(1, n + 1):
            other = (seat + step) % n
            if not self.players[other].out:
                return other
        return seat

    def finish(self, winner: int | None) -> None:
        self.over = True
        self.winner = winner

    def went_out_now(self, seat: int, reason: OutReason) -> None:
        self.players[seat] = replace(self.players[seat], out=True)
        self.went_out.append(WentOut(seat, reason))
        active = self.active()
        if len(active) == 1:
            self.finish(active[0])
            self.turn = active[0]
            self.sentences.append(f"{self.name(active[0])} is the last player left and wins.")
        elif (
            len(active) == 2
            and len(self.players) >= 3
            and not self.state.options.play_to_the_end
            and not self.final_round
        ):
            self.final_round = self.final_round_started = True
            a, b = active
            self.sentences.append(
                f"Only {self.name(a)} and {self.name(b)} are left: the next ring ends the game."
            )

    def give_turn(self, seat: int) -> None:
        """The turn comes to `seat`; whoever's turn comes with an empty stack is out."""
        while not self.over:
            self.turn = seat
            if self.players[seat].stack_size > 0:
                return
            self.sentences.append(f"{self.name(seat)} has no card left to turn and is out.")
            self.went_out_now(seat, OutReason.EMPTY_STACK)
            seat = self.next_active(seat)

    def take(self, taker: int) -> tuple[int, bool]:
        """The taker wins the piles and the bell (only their own pile if their cards are
        under the bell); returns the number of cards and whether the exception applied."""
        own_only = taker in self.bell_from
        bag = self.bell
        seats = [taker] if own_only else range(len(self.players))
        for seat in seats:
            player = self.players[seat]
            if player.pile:
                bag = bag.plus(CardBag.of(player.pile))
                self.players[seat] = replace(player, pile=())
        self.bell = EMPTY
        self.bell_from = set()
        if bag:
            player = self.players[taker]
            self.players[taker] = replace(player, stack=(*player.stack, bag))
        return len(bag), own_only

    def state_after(self) -> GameState:
        return replace(
            self.state,
            unjudged=None,  # a card turned or a ring judged: the ring before stays unsettled
            players=tuple(self.players),
            turn=self.turn,
            bell=self.bell,
            bell_from=frozenset(self.bell_from),
            final_round=self.final_round,
            over=self.over,
            winner=self.winner,
        )


def _flip(state: GameState, event: Flip) -> Step:
    seat = event.player
    player = state.players[seat]
    if player.out:
        raise IllegalEventError(f"{player.name} cannot flip: {player.name} is out")
    if seat != state.turn:
        raise IllegalEventError(
            f"{player.name} cannot flip: it is {state.players[state.turn].name}'s turn"
        )
    top = player.stack[0]
    rest = top.take(event.card)
    if rest is None:
        known = ", ".join(c.code for c in top.known)
        raise IllegalEventError(
            f"{player.name} cannot flip {event.card}: the next cards of their stack are "
            f"known to be {known}"
        )
    stack = ((rest,) if rest else ()) + player.stack[1:]
    work = _Work(state, event)
    work.players[seat] = replace(player, stack=stack, pile=(*player.pile, event.card))
    shown = "a card" if event.card is None else event.card.code
    work.sentences.append(f"{player.name} turns {shown}.")
    work.give_turn(work.next_active(seat))
    return _finish(work, player=seat)


def _ring(state: GameState, event: Ring) -> Step:
    seat = event.player
    ringer = state.players[seat]
    if ringer.out:
        raise IllegalEventError(f"{ringer.name} cannot ring: {ringer.name} is out")
    if not event.judged:
        text = (f"{ringer.name} rang first; the ring could not be judged, so nothing moves "
                "until the players settle it.")
        return Step(replace(state, unjudged=seat),
                    Outcome(event=event, player=seat, description=text))
    judged = state.verdict()
    if event.right is not None:
        right = event.right
    elif judged is None:
        unseen = [p.name for p in state.players if p.pile and p.pile[-1] is None]
        raise IllegalEventError(
            f"cannot judge {ringer.name}'s ring: the top card of {_names(unseen)}'s pile was "
            "turned without its card; give the ring as right or wrong"
        )
    else:
        right = judged.ring
    # the reasons are told only when they are why the ring was right or wrong
    why = "" if judged is None or judged.ring != right else f" ({'; '.join(judged.reasons)})"
    work = _Work(state, event)
    if state.final_round:
        return _final_ring(work, seat, right, judged, why)
    if right:
        won, own_only = work.take(seat)
        work.players[seat] = replace(work.players[seat], wrong_last=False)
        text = f"{ringer.name} rang right{why} and takes {_cards(won)}."
        if own_only:
            text += " Their own cards were under the bell, so the other piles stay."
        work.sentences.insert(0, text)
        work.give_turn(seat)
        return _finish(
            work, player=seat, right=True, verdict=judged,
            taker=seat, won=won, own_pile_only=own_only,
        )  # fmt: skip
    player = work.players[seat]
    if player.wrong_last:
        lost = CardBag.of(player.pile)
        for batch in player.stack:
            lost = lost.plus(batch)
        work.players[seat] = replace(player, stack=(), pile=())
        work.sentences.append(
            f"Sorry, {ringer.name}! A second wrong ring in a row{why}: {ringer.name} is out "
            f"and puts {_cards(len(lost))} under the bell."
        )
        work.went_out_now(seat, OutReason.TWO_WRONG_RINGS)
    else:
        lost = CardBag.of(player.pile)
        work.players[seat] = replace(player, pile=(), wrong_last=True)
        work.sentences.append(
            f"Sorry, {ringer.name}! A wrong ring{why}: {_cards(len(lost))} "
            f"{'goes' if len(lost) == 1 else 'go'} under the bell."
        )
    if lost:
        work.bell = work.bell.plus(lost)
        work.bell_from.add(seat)
    if not work.over:
        work.give_turn(work.next_active(seat))
    return _finish(
        work, player=seat, right=False, verdict=judged, to_bell=len(lost)
    )


def _final_ring(work: _Work, seat: int, right: bool, judged: Verdict | None, why: str) -> Step:
    """The ring that ends a game of three or more after only two players are left.

    A wrong ring gives the other player the cards, as if they had rung right; then the
    player holding the most cards wins, whoever rang (a tie is a draw)."""
    name = work.name(seat)
    taker = seat if right else next(i for i in work.active() if i != seat)
    won, own_only = work.take(taker)
    if right:
        work.sentences.append(f"{name} rang right{why} and takes {_cards(won)}.")
    else:
        work.sentences.append(
            f"Sorry, {name}! A wrong ring in the final round{why}: {work.name(taker)} takes "
            f"{_cards(won)}."
        )
    if own_only:
        work.sentences.append("Their own cards were under the bell, so the other piles stay.")
    a, b = work.active()
    held_a, held_b = work.players[a].holding, work.players[b].holding
    if held_a == held_b:
        work.finish(None)
        work.sentences.append(
            f"The game is over: a draw, {work.name(a)} and {work.name(b)} hold "
            f"{_cards(held_a)} each."
        )
    else:
        best = a if held_a > held_b else b
        work.finish(best)
        work.sentences.append(
            f"{work.name(best)} wins the game with {_cards(max(held_a, held_b))}."
        )
    work.players[taker] = replace(work.players[taker], wrong_last=False)
    work.turn = taker
    return _finish(
        work, player=seat, right=right, verdict=judged,
        taker=taker, won=won, own_pile_only=own_only,
    )  # fmt: skip


def _finish(
    work: _Work,
    *,
    player: int,
    right: bool | None = None,
    verdict: Verdict | None = None,
    taker: int | None = None,
    won: int = 0,
    own_pile_only: bool = False,
    to_bell: int = 0,
) -> Step:
    state = work.state_after()
    flip_card = work.event.card if isinstance(work.event, Flip) else None
    outcome = Outcome(
        event=work.event,
        player=player,
        card=flip_card,
        right=right,
        verdict=verdict,
        taker=taker,
        won=won,
        own_pile_only=own_pile_only,
        to_bell=to_bell,
        went_out=tuple(work.went_out),
        final_round=work.final_round_started,
        over=work.over,
        winner=work.winner,
        description=" ".join(work.sentences),
    )
    return Step(state, outcome)
