"""The club's model and league on real SQLite files, fed the box's own payloads: idempotent
under duplicates, replays and restarts; figures per game, player and evening."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tableref.device.club.league import League, LeagueError, evening_of
from tableref.device.club.model import Club, read_view
from tableref.device.mqtt.payload import (
    BadMessage,
    GameRef,
    end_message,
    event_message,
    read_message,
    state_message,
)


class Box:
    """A table's stream as the box's outbox writes it (the real payload builders)."""

    def __init__(self, table: str, box: str = "b0x") -> None:
        self.table, self.box, self.seq, self.game_id = table, box, 0, 0
        self.messages: list[bytes] = []

    def game(self, name: str, players: list[str], started: str, events: int,
             scores: list[float] | None, winner: str | None, status: str = "finished"
             ) -> None:
        self.game_id += 1
        ref = GameRef(self.game_id, name, tuple(players), started)
        for i in range(events):
            self.seq += 1
            event = {"event": "start", "players": players} if i == 0 else {"event": "flip"}
            self.messages.append(event_message(self.table, self.box, self.seq, started, ref,
                                               event))
        self.messages.append(end_message(self.table, self.box, self.seq, started, ref, status,
                                         scores, winner))


@pytest.fixture
def league(tmp_path: Path) -> Any:
    lg = League(tmp_path / "league.sqlite3")
    yield lg
    lg.close()


def feed(club: Club, table: str, messages: list[bytes]) -> None:
    for m in messages:
        club.message(table, "events", m)


def figures(league: League, **kw: Any) -> dict[str, list[tuple[str, int, int, Any]]]:
    s = league.standings(**kw)
    return {g["game"]: [(p["name"], p["games"], p["wins"], p["score"]) for p in g["players"]]
            for g in s["games"]}


EVENING = "2026-11-27T19:30:00+00:00"


def two_tables() -> tuple[Box, Box]:
    a, b = Box("t1"), Box("t2", "other")
    a.game("halli", ["Ann", "Ben"], EVENING, 5, [50, 22], "Ann")
    a.game("halli", ["Ann", "Ben"], EVENING, 3, [30, 42], "Ben")
    a.game("halli", ["Ann", "Ben"], EVENING, 2, None, None, status="abandoned")
    b.game("nimalia", ["ann", "Cid", "Dan"], EVENING, 6, [40, 52, 52], None)  # a draw
    b.game("halli", ["Cid", "Ann"], EVENING, 4, [10, 62], "Ann")
    return a, b


def test_the_league_adds_up_games_wins_and_scores(league: League) -> None:
    club = Club(league, "broker")
    a, b = two_tables()
    feed(club, "t1", a.messages)
    feed(club, "t2", b.messages)
    assert figures(league) == {
        "halli": [("Ann", 3, 2, 142), ("Ben", 2, 1, 64), ("Cid", 1, 0, 10)],
        "nimalia": [("Cid", 1, 0, 52), ("Dan", 1, 0, 52), ("ann", 1, 0, 40)],
    }
    played = {g["game"]: g["played"] for g in league.standings()["games"]}
    assert played == {"halli": 3, "nimalia": 1}  # the abandoned game is not counted
    assert league.counts() == {"finished": 4, "abandoned": 1}
    assert club.duplicates == 0 and club.bad == 0


def test_duplicates_replays_and_a_restarted_club_change_nothing(
        league: League, tmp_path: Path) -> None:
    club = Club(league, "broker")
    a, b = two_tables()
    rng = random.Random(3)
    # QoS 1 duplicates: some messages twice right away, and the whole stream again later
    noisy: list[bytes] = []
    for m in a.messages:
        noisy += [m, m] if rng.random() < 0.3 else [m]
    feed(club, "t1", noisy)
    feed(club, "t1", a.messages)
    feed(club, "t2", b.messages + b.messages[:4])
    want = figures(league)
    assert club.duplicates == (len(noisy) - len(a.messages)) + len(a.messages) + 4
    league.close()

    again = League(tmp_path / "league.sqlite3")  # the club page restarted: a broker replay
    try:
        club = Club(again, "broker")
        feed(club, "t1", a.messages)
        feed(club, "t2", b.messages)
        assert figures(again) == want
        assert club.duplicates == len(a.messages) + len(b.messages)  # the high-water held
    finally:
        again.close()


def test_the_end_alone_is_enough_and_any_event_makes_the_game_known(league: League) -> None:
    """A club page started late (no start seen), or a broker that dropped events."""
    club = Club(league, "broker")
    a = Box("t1")
    a.game("halli", ["Ann", "Ben"], EVENING, 6, [40, 32], "Ann")
    feed(club, "t1", [a.messages[-1]])  # only the end
    assert figures(league) == {"halli": [("Ann", 1, 1, 40), ("Ben", 1, 0, 32)]}
    b = Box("t2")
    b.game("nelly", ["Eve", "Fay", "Gus"], EVENING, 4, [3, 0, 2], "Fay")  # turtles left
    feed(club, "t2", b.messages[2:])
    # Nelly's scores are the turtles left: after the wins the fewest ranks first
    assert figures(league)["nelly"] == [("Fay", 1, 1, 0), ("Gus", 1, 0, 2), ("Eve", 1, 0, 3)]


def test_a_game_whose_end_never_came_is_lost_and_said(
        league: League, caplog: pytest.LogCaptureFixture) -> None:
    """The broker lost a game's end (a power cut before it saved its state): once the next
    game of that table begins, the first is marked lost, not left open for ever."""
    club = Club(league, "broker")
    a = Box("t1")
    a.game("halli", ["Ann", "Ben"], EVENING, 4, [40, 32], "Ann")
    ended = len(a.messages) - 1
    a.game("halli", ["Ann", "Ben"], EVENING, 3, [30, 42], "Ben")
    feed(club, "t1", a.messages[:ended])
    assert league.counts() == {"open": 1}  # not yet known to be lost: the end may come
    with caplog.at_level("WARNING", logger="tableref.club"):
        feed(club, "t1", a.messages[ended + 1:])
    assert league.counts() == {"lost": 1, "finished": 1}
    assert figures(league) == {"halli": [("Ben", 1, 1, 42), ("Ann", 1, 0, 30)]}
    assert "the end of t1's game 1 never came" in caplog.text
    feed(club, "t1", a.messages)  # replayed: nothing changes
    assert league.counts() == {"lost": 1, "finished": 1}
    assert club.view()["league"]["games"] == {"lost": 1, "finished": 1}


def test_evenings(league: League) -> None:
    club = Club(league, "broker")
    a = Box("t1")
    a.game("halli", ["Ann", "Ben"], "2026-11-27T19:30:00+00:00", 2, [50, 22], "Ann")
    a.game("halli", ["Ann", "Ben"], "2026-11-28T20:00:00+00:00", 2, [20, 52], "Ben")
    feed(club, "t1", a.messages)
    first, second = evening_of("2026-11-27T19:30:00+00:00"), evening_of(
        "2026-11-28T20:00:00+00:00")
    assert league.evenings() == [second, first]
    assert figures(league, first=first, last=first) == {
        "halli": [("Ann", 1, 1, 50), ("Ben", 1, 0, 22)]}
    assert figures(league, first=second) == {"halli": [("Ben", 1, 1, 52), ("Ann", 1, 0, 20)]}
    assert figures(league, last="2000-01-01") == {}


def test_after_midnight_is_still_the_evening_before(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        assert evening_of("2026-11-27T23:30:00+00:00") == "2026-11-27"  # 00:30 in Berlin
        assert evening_of("2026-11-28T04:59:00+00:00") == "2026-11-27"  # 05:59 in Berlin
        assert evening_of("2026-11-28T05:00:00+00:00") == "2026-11-28"  # 06:00
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize(("payload", "words"), [
    (b"not json", "not JSON"),
    (b"[1, 2]", "not a JSON object"),
    (b'{"v": 2}', "version"),
    (b'{"v": 1, "table": "t9"}', "says table"),
    (b'{"v": 1, "table": "t1", "kind": "event", "box": "b", "seq": -1}', "'seq'"),
    (b"x" * 600_000, "over"),
])
def test_bad_messages_are_counted_not_applied(league: League, payload: bytes,
                                              words: str) -> None:
    with pytest.raises(BadMessage, match=words):
        read_message("t1", payload)
    club = Club(league, "broker")
    club.message("t1", "events", payload)
    assert club.bad == 1 and league.counts() == {}


def test_a_bad_end_is_refused() -> None:
    ref = GameRef(1, "halli", ("Ann", "Ben"), EVENING)
    for scores, winner, words in (([1], "Ann", "one number per player"),
                                  ([1, 2], "Zed", "not one of the players"),
                                  ([1, float("nan")], None, "one number")):
        with pytest.raises(BadMessage, match=words):
            read_message("t1", end_message("t1", "b", 3, EVENING, ref, "finished",
                                           scores, winner))


def test_the_table_view_reads_halli_and_nimalia_states(league: League) -> None:
    players = [{"seat": 0, "name": "Ann", "colour": "#e53935", "out": False},
               {"seat": 1, "name": "Ben", "colour": "#1e88e5", "out": False}]
    halli = {"game": "halli", "players": players, "halli": {
        "piles": [{"seat": 0, "top": "BBL", "pile": 3, "stack": 20, "out": False},
                  {"seat": 1, "top": None, "pile": 0, "stack": 49, "out": False}],
        "over": False, "winner": None, "last_verdict": {"text": "Ben is right", "seq": 1}}}
    view = read_view(halli)
    assert [p["score"] for p in view["players"]] == [23, 49]
    assert view["leader"] == 1 and view["headline"] == "Ben is right"
    nimalia = {"game": "nimalia", "players": players, "nimalia": {
        "round": 3, "scores": [{"seat": 0, "total": 20}, {"seat": 1, "total": 18}],
        "over": False}}
    view = read_view(nimalia)
    assert [p["score"] for p in view["players"]] == [20, 18]
    assert view["leader"] == 0 and view["headline"] == "Round 3 of 5"
    nelly = {"game": "nelly", "players": players, "nelly": {
        "round": 4, "over": False, "winner": None, "prompt": "Ben rolls the die.",
        "players": [{"name": "Ann", "turtles": {"red": 2, "yellow": 1, "orange": 0}},
                    {"name": "Ben", "turtles": {"red": 1, "yellow": 0, "orange": 1}}]}}
    view = read_view(nelly)
    assert [p["score"] for p in view["players"]] == [3, 2]
    assert view["leader"] == 1 and view["headline"] == "Ben rolls the die."
    assert view["unit"] == "turtles left"
    # a state that is not what the page expects shows the players, and nothing breaks
    odd = read_view({"game": "halli", "players": players, "halli": {"piles": "?"}})
    assert [p["name"] for p in odd["players"]] == ["Ann", "Ben"] and odd["leader"] is None
    club = Club(league, "broker")
    club.message("t1", "state", state_message("t1", "b", EVENING, halli))
    club.message("t1", "online", b"false")
    table = club.view()["tables"][0]
    assert table["name"] == "t1" and table["online"] is False and table["game"] == "halli"
    club.message("t1", "state", json.dumps({"v": 1, "table": "t1", "state": 3}).encode())
    assert club.bad == 1


def test_one_club_page_per_league_file(tmp_path: Path) -> None:
    first = League(tmp_path / "league.sqlite3")
    try:
        with pytest.raises(LeagueError, match="in use"):
            League(tmp_path / "league.sqlite3")
    finally:
        first.close()
    (tmp_path / "garbage.sqlite3").write_bytes(b"not a database" * 100)
    with pytest.raises(LeagueError, match="cannot open the league"):
        League(tmp_path / "garbage.sqlite3")
