"""Halli Galli Extreme: cards, the verdict, and the game as events in, state out.

```
from tableref.games.halli import apply, parse_event_line
state = None
for line in log:
    state, outcome = apply(state, parse_event_line(line))  # IllegalEventError: state unchanged
    print(outcome.description)
print(state.to_json())  # exactly the spec's `replay --json` form
```

Interpretations this engine adopts where the spec leaves room:
- Seat 0 turns the first card. `turn` stays a seat index after the game is over.
- A ring is the arbitrated first press and ends the round. Locking the bells until the
  verdict is applied is the referee's business (presses meanwhile are `late` events, which
  change nothing); the engine judges every ring it is given on the cards visible then,
  also a ring right after a ring with no card turned in between (after a wrong ring the
  ringer's pile, which may have held a veto, is under the bell; after a right ring with
  the exception the other piles stay). A ring before any flip is judged like any other
  (nothing visible: wrong).
- A ring is judged from the visible cards the engine knows; a ring event may carry
  `"right": true|false`, a judgement made elsewhere (the camera frame at the press), which
  then decides. Without it, a ring while a visible card was flipped unseen is rejected.
  A ring with `"judged": false` (the referee could not judge it) is recorded and changes
  nothing, until the players settle it: a `settle` event (`right` as they decided),
  accepted while no card was turned nor bell rung since, applies that ring as judged so.
- `start.cards` may deal fewer than 72 cards (at least 1 each, at most 72 in all; used
  for short test and drill games); the engine conserves whatever was dealt. Without it
  72 cards are dealt.
- Player names must differ (case-insensitively); 2 to 6 players.
- The turn passes the moment a card is turned, so a player whose stack is empty is out
  then, before anyone rings on that card. A "left-hand neighbour" is the next player who
  is not out. "Previous ring" is the ringer's own: flips and other players' rings in
  between change nothing, a right ring of their own clears it.
- "Finish the current round": play goes on until the next ring, which ends the game (also
  when the final round began with a ring that put the third player out). A wrong ring then
  is applied as a right ring of the other player, the exception for cards under the bell
  included. Then the player holding the most cards (stack and own face-up pile) wins,
  whoever rang; a tie is a draw.
- How stacks are modelled when the deal is unknown: see `tableref.games.halli.state`.
"""

from tableref.games.halli.cards import (
    DECK_SIZE,
    ELEPHANT,
    MONKEY,
    PIG,
    Animal,
    AnimalCard,
    Card,
    Fruit,
    FruitCard,
    parse_card,
    parse_cards,
    sort_key,
)
from tableref.games.halli.errors import (
    CardError,
    EventError,
    HalliError,
    IllegalEventError,
    LogError,
)
from tableref.games.halli.events import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Event,
    Flip,
    Late,
    Options,
    Press,
    Ring,
    Settle,
    Start,
    arbitrate,
    event_from_json,
    event_to_json,
    event_to_line,
    parse_event_line,
)
from tableref.games.halli.game import Step, apply, deal, start
from tableref.games.halli.log import replay, replay_steps
from tableref.games.halli.outcome import Outcome, OutReason, WentOut
from tableref.games.halli.state import CardBag, GameState, Player
from tableref.games.halli.verdict import Trigger, Verdict, Veto, verdict

__all__ = [
    "DECK_SIZE",
    "ELEPHANT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MONKEY",
    "PIG",
    "Animal",
    "AnimalCard",
    "Card",
    "CardBag",
    "CardError",
    "Event",
    "EventError",
    "Flip",
    "Fruit",
    "FruitCard",
    "GameState",
    "HalliError",
    "IllegalEventError",
    "Late",
    "LogError",
    "Options",
    "OutReason",
    "Outcome",
    "Player",
    "Press",
    "Ring",
    "Settle",
    "Start",
    "Step",
    "Trigger",
    "Verdict",
    "Veto",
    "WentOut",
    "apply",
    "arbitrate",
    "deal",
    "event_from_json",
    "event_to_json",
    "event_to_line",
    "parse_card",
    "parse_cards",
    "parse_event_line",
    "replay",
    "replay_steps",
    "sort_key",
    "start",
    "verdict",
]
