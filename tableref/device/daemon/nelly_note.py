"""What Nelly's session knows that is no event of the game log, kept with the journal
(`Box.keep`) so that a kill -9 loses none of it:

- the question the buttons answer, part way through: the colours turned down on `all`
  (`proposal`), the colour said yes to before "where?" (`chosen`), and the seat asked on the
  page which turtles fell (`fall_asked`, three presses or a long one). Each event ends
  them, so they count only while the journal holds the `events` it held when they were kept;
- the camera's side of the reconciliation: its steady readings, the disagreements asked
  about, and the readings the players said the box was right about (`dismissed`: never
  asked about again, after a restart too).

The note's JSON: `{"events": 12, "proposal": 1, "chosen": "red", "fall_asked": null,
"readings": {"0": {"red": 2, ...}}, "asked": {"1": {...}}, "dismissed": {"0": {...}}}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tableref.device.daemon.nelly_count import Disagreement, Reconciler
from tableref.games.nelly import Colour, EventError, GameState, Turtles


class NoteError(ValueError):
    """A kept note that is not in this form (the message names what)."""


@dataclass(frozen=True)
class Note:
    events: int
    proposal: int = 0
    chosen: Colour | None = None
    fall_asked: int | None = None
    readings: dict[int, Turtles] = field(default_factory=dict)
    asked: dict[int, Turtles] = field(default_factory=dict)  # seat -> the camera's reading
    dismissed: dict[int, Turtles] = field(default_factory=dict)

    @classmethod
    def of(cls, events: int, proposal: int, chosen: Colour | None, fall_asked: int | None,
           reconciler: Reconciler) -> Note:
        return cls(events, proposal, chosen, fall_asked, dict(reconciler.readings),
                   {s: d.camera for s, d in reconciler.asked.items()},
                   dict(reconciler.dismissed))

    def to_json(self) -> dict[str, Any]:
        def seats(d: Mapping[int, Turtles]) -> dict[str, Any]:
            return {str(s): t.to_json() for s, t in sorted(d.items())}

        return {"events": self.events, "proposal": self.proposal,
                "chosen": None if self.chosen is None else self.chosen.value,
                "fall_asked": self.fall_asked, "readings": seats(self.readings),
                "asked": seats(self.asked), "dismissed": seats(self.dismissed)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], players: int) -> Note:
        def count(key: str, lowest: int = 0) -> int:
            v = data.get(key, 0)
            if isinstance(v, bool) or not isinstance(v, int) or v < lowest:
                raise NoteError(f"note.{key}: {v!r} is not a whole number from {lowest}")
            return v

        def seat(v: object, what: str) -> int:
            n = int(v) if isinstance(v, str) and v.isdigit() else v
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < players:
                raise NoteError(f"{what}: {v!r} is not a seat of this game")
            return n

        def seats(key: str) -> dict[int, Turtles]:
            raw = data.get(key, {})
            if not isinstance(raw, Mapping):
                raise NoteError(f"note.{key}: not an object of seats")
            try:
                return {seat(s, f"note.{key}"): Turtles.from_json(t, f"note.{key}.{s}")
                        for s, t in raw.items()}
            except EventError as err:
                raise NoteError(str(err)) from None

        chosen = data.get("chosen")
        try:
            colour = None if chosen is None else Colour(chosen)
        except ValueError:
            raise NoteError(f"note.chosen: {chosen!r} is not a colour") from None
        fall = data.get("fall_asked")
        return cls(count("events", 1), count("proposal"), colour,
                   None if fall is None else seat(fall, "note.fall_asked"),
                   seats("readings"), seats("asked"), seats("dismissed"))

    def restore(self, reconciler: Reconciler, state: GameState) -> None:
        """The camera's side into `reconciler`, against the box's count now (what was asked
        is shown again, and not said again)."""
        reconciler.readings.update(self.readings)
        reconciler.dismissed.update(self.dismissed)
        for seat, camera in self.asked.items():
            reconciler.asked[seat] = Disagreement(seat, camera, state.players[seat].turtles)
        reconciler.check(state)
