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
- A ring is the arbitrated first press and ends the round: a further ring is rejected
  until the next flip starts a new round (`state.ring_open`). A ring before any flip is
  judged like any other (nothing visible: wrong).
- A ring is judged from the visible cards the engine knows; a ring event may carry
  `"right": true|false`, a judgement made elsewhere (the camera frame at the press), which
  then decides. Without it, a ring while a visible card was flipped unseen is rejected.
- `start.cards` may deal any number of cards (at least 1 each; used for short test and
  drill games); the engine conserves whatever was dealt. Without it 72 cards are dealt.
- Player names must differ (case-insensitively); 2 to 6 players.
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
    Options,
    Ring,
    Start,
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
    "LogError",
    "Options",
    "OutReason",
    "Outcome",
    "Player",
    "Ring",
    "Start",
    "Step",
    "Trigger",
    "Verdict",
    "Veto",
    "WentOut",
    "apply",
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
