import json

import pytest

from tableref.games.halli import (
    CardError,
    EventError,
    Flip,
    Late,
    Options,
    Press,
    Ring,
    Settle,
    Start,
    event_from_json,
    event_to_json,
    event_to_line,
    parse_card,
    parse_event_line,
)

EVENTS = [
    Start(("Ann", "Ben", "Cid")),
    Start(("Ann", "Ben"), cards=(10, 12), options=Options(play_to_the_end=True)),
    Start(("A", "B", "C"), options=Options(elephant_alone_rings=True, play_to_the_end=False)),
    Flip(0, parse_card("BBL")),
    Flip(2, parse_card("pig")),
    Flip(1),
    Ring(2),
    Ring(2, t_ns=123456789),
    Ring(0, right=False),
    Ring(1, t_ns=5, right=True),
    Flip(0, parse_card("BBL"), t_ns=1_200_000_000),
    Flip(1, parse_card("pig"), t_ns=7, inferred=True),
    Flip(2, None, t_ns=8, misread=parse_card("S")),
    Ring(2, t_ns=10, right=True, presses=(Press(2, 10), Press(0, 41))),
    Ring(1, t_ns=10, presses=(Press(1, 10), Press(2, 10))),  # a tie: the lower seat
    Ring(0, t_ns=9, presses=(Press(0, 9), Press(2, 50, late=True), Press(1, 4, late=True))),
    Ring(0, t_ns=3, presses=(Press(0, 3),), judged=False),
    Late(1, 620_000_000),
    Settle(0, right=True),
    Settle(2, right=False, t_ns=9_000_000_000),
]


@pytest.mark.parametrize("event", EVENTS, ids=repr)
def test_events_round_trip_through_json(event: object) -> None:
    data = event_to_json(event)  # type: ignore[arg-type]
    assert event_from_json(json.loads(json.dumps(data))) == event
    assert parse_event_line(event_to_line(event)) == event


def test_the_spec_lines_parse() -> None:
    assert parse_event_line('{"event": "start", "players": ["Ann", "Ben", "Cid"]}') == Start(
        ("Ann", "Ben", "Cid")
    )
    assert parse_event_line('{"event": "flip", "player": 0, "card": "BBL"}') == Flip(
        0, parse_card("BBL")
    )
    assert parse_event_line('{"event": "ring", "player": 2, "t_ns": 123456789}') == Ring(
        2, 123456789
    )
    start = parse_event_line(
        '{"event": "start", "players": ["A", "B", "C"], "cards": [24, 24, 24],'
        ' "options": {"play_to_the_end": true}}'
    )
    assert start == Start(("A", "B", "C"), (24, 24, 24), Options(play_to_the_end=True))


def test_card_codes_are_written_canonically() -> None:
    assert event_to_json(parse_event_line('{"event": "flip", "player": 1, "card": "lbb"}')) == {
        "event": "flip",
        "player": 1,
        "card": "BBL",
    }


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "an event is a JSON object, not a list"),
        ('{"player": 1}', "needs 'event'"),
        ('{"event": "shuffle"}', "unknown event 'shuffle'"),
        ('{"event": "flip"}', "a flip event needs 'player'"),
        ('{"event": "flip", "player": "Ann"}', "'player' of a flip event must be a whole number"),
        ('{"event": "flip", "player": true}', "must be a whole number"),
        ('{"event": "flip", "player": 0, "colour": "red"}', "unknown key 'colour'"),
        ('{"event": "flip", "player": 0, "card": 3}', "must be a card code"),
        ('{"event": "ring", "player": 0, "t_ns": 1.5}', "'t_ns' of a ring event"),
        ('{"event": "ring", "player": 0, "right": "yes"}', "'right' of a ring event"),
        ('{"event": "start"}', "a start event needs 'players'"),
        ('{"event": "flip", "player": 0, "inferred": 1}', "'inferred' of a flip event"),
        ('{"event": "flip", "player": 0, "card": "B", "misread": "S"}', "has no 'card'"),
        ('{"event": "ring", "player": 0, "presses": []}', "non-empty list"),
        ('{"event": "ring", "player": 0, "presses": [[0, 1]]}', "must be an object"),
        ('{"event": "ring", "player": 0, "presses": [{"player": 0}]}', "needs 't_ns'"),
        (
            '{"event": "ring", "player": 0, "presses": [{"player": 1, "t_ns": 2}, '
            '{"player": 0, "t_ns": 1}]}',
            "earliest edge first",
        ),
        (
            '{"event": "ring", "player": 0, "presses": [{"player": 1, "t_ns": 1}]}',
            "the earliest press is seat 1's",
        ),
        (
            '{"event": "ring", "player": 0, "t_ns": 5, "presses": [{"player": 0, "t_ns": 1}]}',
            "is not its first press's 1",
        ),
        (
            '{"event": "ring", "player": 1, "presses": [{"player": 2, "t_ns": 1}, '
            '{"player": 1, "t_ns": 1}]}',
            "earliest edge first",
        ),
        ('{"event": "ring", "player": 0, "judged": false, "right": true}', "has no 'right'"),
        (
            '{"event": "ring", "player": 0, "presses": [{"player": 0, "t_ns": 1, "late": true}]}',
            "need one that is not late",
        ),
        (
            '{"event": "ring", "player": 0, "presses": [{"player": 1, "t_ns": 0, "late": true}, '
            '{"player": 0, "t_ns": 1}]}',
            "come after the others",
        ),
        ('{"event": "late", "player": 0}', "a late event needs 't_ns'"),
        ('{"event": "settle", "player": 0}', "a settle event needs 'right'"),
        ('{"event": "settle", "player": 0, "right": "yes"}', "'right' must be true or false"),
        ('{"event": "press", "player": 0, "t_ns": 1}', "unknown event 'press'"),
        ('{"event": "start", "players": "Ann"}', "'players' must be a list"),
        ('{"event": "start", "players": ["Ann", ""]}', "non-empty names"),
        ('{"event": "start", "players": ["A", "B"], "cards": [1, "x"]}', "'cards' must be"),
        ('{"event": "start", "players": ["A", "B"], "options": []}', "options must be an object"),
        (
            '{"event": "start", "players": ["A", "B"], "options": {"turbo": true}}',
            "unknown option 'turbo'",
        ),
        (
            '{"event": "start", "players": ["A", "B"], "options": {"play_to_the_end": 1}}',
            "option 'play_to_the_end' must be true or false",
        ),
    ],
)
def test_malformed_events_are_errors_that_say_why(line: str, message: str) -> None:
    with pytest.raises(EventError, match=message.replace("(", r"\(")):
        parse_event_line(line)


def test_a_bad_card_in_a_flip_names_the_token() -> None:
    with pytest.raises(CardError, match="'BQ' is not a card: 'Q'"):
        parse_event_line('{"event": "flip", "player": 0, "card": "BQ"}')
