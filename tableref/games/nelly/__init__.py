"""Nelly: the die, the turns, the hippo's state, as events in, state out.

```
from tableref.games.nelly import apply, parse_event_line
state = None
for line in log:
    state, outcome = apply(state, parse_event_line(line))  # IllegalEventError: unchanged
print(state.to_json())          # exactly the spec's `replay --json` form
print(state.expect)             # what the round needs next, and who must act
```

Interpretations this engine adopts where the spec leaves room:
- A counter turned over leaves the game into the box: `box.plants` counts it as well as
  the plants put back unturned, so players' plants + box plants = the plants set out.
- The feed is not optional: when the roller can feed (round 2 on, a free plant, a colour
  face), the feed is the next event, before any place.
- A crab only turns the head. The turtles that slide off are reported with `fall` (with
  `from_head`); the engine moves no turtle by itself.
- `fall` may name any seat (the player whose move it was) at any moment of a game that is
  not over; its colours must be on Nelly, at most `on_head` from the head and at most
  `on_back` from the back. Nelly's turtles are kept by colour as a whole; which colours are
  on the head is not known (no event says).
- Placing order: the next placer is the first seat, from the roller on in seat order, after
  the last seat that placed this round, who holds a turtle of the colour shown at that
  moment. A seat passed over (none of the colour when a later seat placed) stays passed
  over, even if a fall then gives it one; until anyone has placed, the roller may still
  place. On `all` a placer needs any turtle.
- `pass` is said by the player whose round it is. `plants` on a roller without a free
  plant is skipped, like the feed; `heron` is never skipped.
- The game ends the moment a player places their last turtle, also a player other than
  the roller; the rest of that round is not played. `expect` is then null.
- 2 to 4 players with different names (case-insensitively). The turtles and plants left
  out at the set-up (with 2 or 3 players) are not in `box`.
- The first crab or rotten plant over the box's 14 and 6 is refused.
"""

from tableref.games.nelly.die import RandomSource, roll, throw
from tableref.games.nelly.errors import EventError, IllegalEventError, LogError, NellyError
from tableref.games.nelly.events import (
    KINDS,
    Event,
    Fall,
    Feed,
    Heron,
    Pass,
    Place,
    Plants,
    PlayerEvent,
    Roll,
    Start,
    event_from_json,
    event_to_json,
    event_to_line,
    parse_event_line,
)
from tableref.games.nelly.game import Step, apply, start
from tableref.games.nelly.log import replay, replay_steps
from tableref.games.nelly.material import (
    ALL_TURTLES,
    COLOUR_FACES,
    COLOURS,
    COUNTERS,
    DEALS,
    FACES,
    HEAD_CAPACITY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Colour,
    Face,
    Head,
    PlantCounter,
    Spot,
    Turtles,
)
from tableref.games.nelly.outcome import Outcome
from tableref.games.nelly.state import Expect, GameState, Nelly, Player

__all__ = [
    "ALL_TURTLES",
    "COLOURS",
    "COLOUR_FACES",
    "COUNTERS",
    "DEALS",
    "FACES",
    "HEAD_CAPACITY",
    "KINDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Colour",
    "Event",
    "EventError",
    "Expect",
    "Face",
    "Fall",
    "Feed",
    "GameState",
    "Head",
    "Heron",
    "IllegalEventError",
    "LogError",
    "Nelly",
    "NellyError",
    "Outcome",
    "Pass",
    "Place",
    "PlantCounter",
    "Plants",
    "Player",
    "PlayerEvent",
    "RandomSource",
    "Roll",
    "Spot",
    "Start",
    "Step",
    "Turtles",
    "apply",
    "event_from_json",
    "event_to_json",
    "event_to_line",
    "parse_event_line",
    "replay",
    "replay_steps",
    "roll",
    "start",
    "throw",
]
