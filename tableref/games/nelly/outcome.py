"""What an event did, beyond the state after it: the engine's answer to `apply`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tableref.games.nelly.events import Event, event_to_json
from tableref.games.nelly.material import NO_TURTLES, Turtles


@dataclass(frozen=True, slots=True)
class Outcome:
    event: Event
    head_turned: bool = False  # a crab turned Nelly's head over
    to_player: Turtles = NO_TURTLES  # a fall: the turtles that landed on free plants
    to_box: Turtles = NO_TURTLES  # a fall: the turtles that found no free plant
    over: bool = False  # this event ended the game
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "event": event_to_json(self.event),
            "head_turned": self.head_turned,
            "to_player": self.to_player.to_json(),
            "to_box": self.to_box.to_json(),
            "over": self.over,
            "winner": self.winner,
        }
