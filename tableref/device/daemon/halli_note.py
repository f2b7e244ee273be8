"""What Halli's session knows that is no event of the game log, kept with the journal
(`Box.keep`) so that a kill -9 loses none of it: what the camera made of a card turned
unread after its flip was counted (`FlipWatch.read_as`). The flip stays without its card
in the game log; the watch takes the pile to show

- the card read there at last (`FlipWatch.read_late`: the same card, no new flip), or
- "animal": an animal the deck's enrolment does not know, counted once.

A restart replays the flips (each seat's top is then the card turned unread, "?") and the
note gives back what each showed, for a seat whose top is still that flip (`flip_ns`, the
flip's time, names it): once a later event changed the pile, its entry is stale and left
out.

The note's JSON: `{"read": [{"seat": 0, "flip_ns": 1200000000, "shows": "PP"},
{"seat": 2, "flip_ns": 2300000000, "shows": "animal"}]}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tableref.device.daemon.halli_flips import FlipWatch
from tableref.device.daemon.halli_judge import ANIMAL
from tableref.games.halli import parse_card
from tableref.games.halli.errors import CardError


class NoteError(ValueError):
    """A kept note that is not in this form (the message names what)."""


@dataclass(frozen=True)
class ReadSince:
    """The card turned unread on `seat` at `flip_ns` was taken since to show `shows`."""

    seat: int
    flip_ns: int
    shows: str


@dataclass(frozen=True)
class Note:
    read: tuple[ReadSince, ...] = ()

    @classmethod
    def of(cls, watch: FlipWatch) -> Note:
        read = []
        for seat, kept in enumerate(watch.read_as):
            if kept is not None:
                read.append(ReadSince(seat, *kept))
        return cls(tuple(read))

    def to_json(self) -> dict[str, Any]:
        return {"read": [{"seat": r.seat, "flip_ns": r.flip_ns, "shows": r.shows}
                         for r in self.read]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], players: int) -> Note:
        raw = data.get("read", [])
        if not isinstance(raw, list):
            raise NoteError(f"note.read: {raw!r} is not a list")
        return cls(tuple(_read_since(entry, i, players) for i, entry in enumerate(raw)))

    def restore(self, watch: FlipWatch) -> None:
        """Into `watch` (the journal replayed): what each seat's unread top was taken to
        show, where that top is still the flip the note names."""
        for r in self.read:
            watch.took(r.seat, r.shows, turned_ns=r.flip_ns)


def _read_since(entry: object, i: int, players: int) -> ReadSince:
    what = f"note.read[{i}]"
    if not isinstance(entry, Mapping) or set(entry) != {"seat", "flip_ns", "shows"}:
        raise NoteError(f"{what}: {entry!r} is not {{seat, flip_ns, shows}}")
    seat, flip_ns, shows = entry["seat"], entry["flip_ns"], entry["shows"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise NoteError(f"{what}.seat: {seat!r} is not a seat of this game")
    if isinstance(flip_ns, bool) or not isinstance(flip_ns, int):
        raise NoteError(f"{what}.flip_ns: {flip_ns!r} is not a time in ns")
    if shows != ANIMAL:
        try:
            parse_card(shows)
        except CardError as err:
            raise NoteError(f"{what}.shows: {err}") from None
    return ReadSince(seat, flip_ns, shows)
