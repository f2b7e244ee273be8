"""The Nimalia events the daemon journals: their JSON form and their fold."""

from __future__ import annotations

import pytest

from tableref.games.nimalia.errors import GameError
from tableref.games.nimalia.events import (
    EventError,
    NimaliaFold,
    ReserveRead,
    Score,
    Start,
    event_from_json,
    event_to_json,
)
from tableref.games.nimalia.reserve_json import reserve_from_data

SPACES = [{"row": 0, "col": 0, "terrain": "lake", "animal": "crocodile"},
          {"row": 0, "col": 1, "terrain": "savanna", "animal": "otter", "river": "/"}]


def test_events_round_trip_through_json() -> None:
    reserve = reserve_from_data({"spaces": SPACES})
    for event in (Start(("Ann", "Ben")), Start(("A", "B", "C"), (4, 5, 16, 19)),
                  ReserveRead(1, reserve, photo=True), Score(2),
                  ReserveRead(0, reserve, broken=((9, "cover"), (None, "unexplained")))):
        assert event_from_json(event_to_json(event)) == event
    assert event_to_json(ReserveRead(0, reserve))["spaces"] == SPACES


@pytest.mark.parametrize(("data", "why"), [
    ({"event": "deal"}, "unknown event 'deal'"),
    ({"event": "score"}, "needs 'round'"),
    ({"event": "score", "round": 1, "by": 0}, "unknown key 'by'"),
    ({"event": "reserve", "player": True, "spaces": SPACES}, "'player' must be a whole"),
    ({"event": "reserve", "player": 0, "spaces": SPACES, "photo": 1}, "'photo' must be"),
    ({"event": "reserve", "player": 0, "spaces": SPACES, "broken": [{"card": 9}]},
     "'broken' holds"),
    ({"event": "reserve", "player": 0, "spaces": SPACES,
      "broken": [{"card": 9, "rule": "tucked"}]}, "unknown rule 'tucked'"),
])
def test_malformed_events_are_named(data: dict[str, object], why: str) -> None:
    with pytest.raises(EventError, match=why):
        event_from_json(data)


def test_a_round_is_scored_only_when_every_reserve_is_in() -> None:
    fold = NimaliaFold(Start(("Ann", "Ben")))
    reserve = reserve_from_data({"spaces": SPACES})
    assert fold.apply(ReserveRead(0, reserve, photo=True)) is None
    with pytest.raises(GameError, match="without player 1's reserve"):
        fold.apply(Score(1))
    fold.apply(ReserveRead(1, reserve))
    with pytest.raises(GameError, match="round 2 scored in round 1"):
        fold.apply(Score(2))
    scored = fold.apply(Score(1))
    assert scored is not None and scored.round == 1 and fold.game.round == 2
    assert fold.last_photos == {0} and fold.reserves == {}
