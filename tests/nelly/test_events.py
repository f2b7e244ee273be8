"""The game log's JSON form: every event round-trips, and malformed lines say what is wrong."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from tableref.games.nelly import (
    Colour,
    Event,
    EventError,
    Fall,
    Place,
    Spot,
    Turtles,
    event_from_json,
    event_to_json,
    event_to_line,
    parse_event_line,
)

from .strategies import events

SPEC_LINES = [
    '{"event": "start", "players": ["Ann", "Ben", "Cid"]}',
    '{"event": "roll", "face": "red"}',
    '{"event": "feed", "player": 1, "counter": "crab"}',
    '{"event": "place", "player": 1, "colour": "red", "on": "head"}',
    '{"event": "fall", "player": 1, "turtles": {"red": 1}, "from_head": 1}',
    '{"event": "heron", "player": 1}',
    '{"event": "plants", "player": 1}',
    '{"event": "pass", "player": 1}',
]


@pytest.mark.parametrize("line", SPEC_LINES)
def test_the_spec_s_lines_are_read_and_written_back_the_same(line: str) -> None:
    assert event_to_line(parse_event_line(line)) == line


@settings(deadline=None)  # the machine is shared: no time limit per example
@given(events())
def test_every_event_round_trips(event: Event) -> None:
    assert event_from_json(event_to_json(event)) == event
    assert parse_event_line(event_to_line(event)) == event
    assert next(iter(event_to_json(event))) == "event"


def test_a_fall_writes_only_the_colours_that_fell_and_from_head_only_when_some() -> None:
    fall = Fall(2, Turtles(red=0, yellow=2, orange=1))
    assert event_to_json(fall) == {"event": "fall", "player": 2,
                                   "turtles": {"yellow": 2, "orange": 1}}
    assert parse_event_line('{"event": "fall", "player": 2, "turtles": {"yellow": 2, '
                            '"orange": 1, "red": 0}}') == fall


def test_place_reads_the_enums() -> None:
    place = parse_event_line('{"event": "place", "player": 0, "colour": "orange", "on": "back"}')
    assert place == Place(0, Colour.ORANGE, Spot.BACK)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "an event is a JSON object, not a list"),
        ({"player": 0}, "an event needs 'event'"),
        ({"event": "start", "players": "Ann"}, "'players' must be a list of non-empty names"),
        ({"event": "start", "players": ["Ann", " "]}, "'players' must be a list of non-empty"),
        ({"event": "roll"}, "a roll event needs 'face'"),
        ({"event": "feed", "player": 0, "counter": "frog"},
         "'counter' of a feed event must be one of \"crab\", \"rotten\", not 'frog'"),
        ({"event": "place", "player": True, "colour": "red", "on": "back"},
         "'player' of a place event must be a whole number, not True"),
        ({"event": "place", "player": 0, "colour": "red", "on": "tail"},
         "'on' of a place event must be one of \"head\", \"back\", not 'tail'"),
        ({"event": "fall", "player": 0, "turtles": [1]}, "'turtles' of a fall event must be"),
        ({"event": "fall", "player": 0, "turtles": {"green": 1}}, "unknown colour 'green'"),
        ({"event": "fall", "player": 0, "turtles": {"red": -1}},
         "red must be a whole number from 0, not -1"),
        ({"event": "fall", "player": 0, "turtles": {"red": 1.5}}, "not 1.5"),
        ({"event": "fall", "player": 0, "turtles": {"red": 1}, "from_head": -1},
         "'from_head' of a fall event must be 0 to 1"),
        ({"event": "pass", "player": 0, "colour": "red"},
         "unknown key 'colour' in a pass event (allowed: event, player)"),
    ],
)
def test_malformed_events_say_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(EventError) as info:
        event_from_json(data)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{", "not JSON: Expecting property name enclosed in double quotes at column 2"),
        ('{"event": "heron", "player": ' + "9" * 5000 + "}", "not JSON: a number has too many"),
        ("[" * 100_000, "not JSON"),
    ],
)
def test_lines_that_are_not_json(line: str, message: str) -> None:
    with pytest.raises(EventError, match=message.replace("(", r"\(")):
        parse_event_line(line)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        parse_event_line(json.dumps({"event": "jump"}))
