"""Nelly's session on a manual clock: the buttons' press patterns, the page's reports, the
sounds and words announced, and the camera's count weighed against the reports."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from tableref.device.config import parse_config
from tableref.device.daemon.nelly_count import NellySeen, ZoneCount
from tableref.device.daemon.nelly_session import NellyKit, NellySession
from tableref.device.daemon.offline import OfflineBox
from tableref.device.daemon.session import Refused
from tableref.device.voice.sounds import NAMES as SOUND_NAMES
from tableref.games.nelly import FACES, Face, Turtles, replay

CONFIG = ('game = "nelly"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
          '[voice]\nengine = "none"\n')
GAP_NS = 700_000_000


class Faces:
    """A die that shows the faces it is told, in order (a random source for `throw`)."""

    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)

    def randrange(self, stop: int, /) -> int:
        return FACES.index(self.faces.pop(0))


def _game(faces: Sequence[Face] | random.Random, names: Sequence[str] = ("Ann", "Ben"),
          ) -> tuple[OfflineBox, NellySession]:
    box = OfflineBox(parse_config(CONFIG), camera=False)
    rng = faces if isinstance(faces, random.Random) else Faces(faces)
    session = NellySession(box, NellyKit(rng=rng, gesture_s=0.7))
    box.start(session, list(names))
    return box, session


def _press(box: OfflineBox, session: NellySession, seat: int, times: int = 1) -> None:
    """`times` presses 0.2 s apart (each let go after 0.1 s), then the pattern's pause."""
    for _ in range(times):
        session.press(seat, box.clock.now_ns())
        box.clock.advance(100_000_000)
        session.release(seat, box.clock.now_ns())
        box.clock.advance(100_000_000)
    box.clock.advance(GAP_NS)


def _kinds(box: OfflineBox) -> list[str]:
    return [e["event"] for e in box.journal]


def test_one_press_is_the_usual_thing_two_the_other_three_turtles_fell() -> None:
    box, s = _game([Face.RED, Face.ALL, Face.YELLOW])
    _press(box, s, 0)  # Ann throws
    assert box.journal[-1] == {"event": "roll", "face": "red"}
    assert box.said[-1][0] == "sound:die" and "Red!" in box.said[-1]
    assert s.view()["buttons"]["kind"] == "spot"  # Ann may place on the head
    _press(box, s, 0, 2)  # twice: on the head
    assert box.journal[-1] == {"event": "place", "player": 0, "colour": "red", "on": "head"}
    _press(box, s, 1, 2)  # Ben may only place on the back: twice is the same as once
    assert box.journal[-1] == {"event": "place", "player": 1, "colour": "red", "on": "back"}
    _press(box, s, 0)
    assert box.journal[-1] == {"event": "pass", "player": 0}
    assert box.said[-1][0] == "sound:turn"
    # round 2: Ben throws `all`, then must feed: twice is a rotten water plant
    _press(box, s, 1)
    assert s.view()["buttons"]["kind"] == "feed"
    assert box.said[-1][-1] == "Ben: a crab, press once; a rotten water plant, press twice."
    _press(box, s, 1, 2)
    assert box.journal[-1] == {"event": "feed", "player": 1, "counter": "rotten"}
    assert "sound:fart" in box.said[-1] and s.view()["favoured_hand"] == 1
    # on `all` the box proposes Ben's colours one by one: twice is "another colour"
    view = s.view()
    assert view["buttons"]["kind"] == "colour" and view["buttons"]["colour"] == "red"
    assert box.said[-1][-1] == "Ben: red? Press once for yes, twice for another colour."
    _press(box, s, 1, 2)
    assert s.view()["buttons"]["colour"] == "yellow"
    assert box.said[-1] == ["Ben: yellow? Press once for yes, twice for another colour."]
    _press(box, s, 1)  # yes, yellow; then where: Ben is the roller and the head is open
    assert s.view()["buttons"]["kind"] == "spot" and s.chosen is not None
    assert box.said[-1] == ["Ben: on the back, press once; on the head, press twice."]
    _press(box, s, 1)
    assert box.journal[-1] == {"event": "place", "player": 1, "colour": "yellow", "on": "back"}
    # Ann's colour on `all` placed on the back at once once she says yes
    _press(box, s, 0)
    assert box.journal[-1] == {"event": "place", "player": 0, "colour": "red", "on": "back"}
    # three presses: turtles fell; the page asks which, and the fall is reported there
    events = len(box.journal)
    _press(box, s, 0, 3)
    assert len(box.journal) == events and s.view()["fall_asked"] == 0
    assert box.said[-1][0] == "sound:splash"
    assert s.view()["buttons"] is None  # the buttons wait for the fall's report
    s.report({"event": "fall", "player": 0, "turtles": {"red": 1}, "from_head": 1})
    assert box.journal[-1]["event"] == "fall" and s.view()["fall_asked"] is None
    assert "sound:splash" in box.said[-1]
    state = replay(json.dumps(e) for e in box.journal)
    assert state == s.state
    assert state.players[0].turtles == Turtles(2, 3, 3)  # red back on her free plant
    assert state.nelly.on_head == 0


def test_a_press_out_of_turn_is_answered_and_not_recorded() -> None:
    box, s = _game([Face.HERON])
    _press(box, s, 1)
    assert _kinds(box) == ["start"]
    assert box.said[-1] == ["Ben, wait a moment.", "Ann, throw the die!"]
    _press(box, s, 0, 2)  # the die: twice is the same as once
    assert _kinds(box) == ["start", "roll"]
    _press(box, s, 0, 3)  # nothing is on Nelly: nothing can fall
    assert "no turtle is on Nelly" in s.view()["message"]
    _press(box, s, 0)
    _press(box, s, 0)
    assert _kinds(box) == ["start", "roll", "heron", "pass"]


def test_the_page_reports_events_and_an_impossible_one_is_refused_with_the_reason() -> None:
    box, s = _game([Face.ORANGE])
    with pytest.raises(Refused, match="the box throws the die"):
        s.report({"event": "roll", "face": "red"})
    s.report({"event": "roll"})
    assert box.journal[-1] == {"event": "roll", "face": "orange"}
    with pytest.raises(Refused, match="Ben cannot place on the head: only Ann"):
        s.report({"event": "place", "player": 1, "colour": "orange", "on": "head"})
    with pytest.raises(Refused, match="unknown key 'colr'"):
        s.report({"event": "place", "player": 0, "colr": "orange", "on": "back"})
    with pytest.raises(Refused, match="start: a new game"):
        s.report({"event": "start", "players": ["X", "Y"]})
    with pytest.raises(Refused, match="no such seat"):
        s.report({"camera": "dismiss", "player": 7})
    assert _kinds(box) == ["start", "roll"]
    s.report({"event": "place", "player": 0, "colour": "orange", "on": "head"})
    assert s.view()["nelly"]["on_head"] == 1


def test_a_whole_game_by_the_buttons_alone_ends_with_the_winner() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        names = ["Ann", "Ben", "Cid", "Dee"][:players]
        box, s = _game(random.Random(seed), names)
        rng = random.Random(seed + 100)
        for _ in range(3000):
            if s.state is None or s.state.over:
                break
            buttons = s.view()["buttons"]
            _press(box, s, buttons["player"], 1 if rng.random() < 0.6 else 2)
        assert s.state is not None and s.state.over, box.journal[-5:]
        assert s.result() is not None and s.result().winner == names[s.state.winner]
        assert box.said[-1][0] == "sound:fanfare"
        sounds = {seg[6:] for said in box.said for seg in said if seg.startswith("sound:")}
        assert sounds <= set(SOUND_NAMES) and {"die", "turn", "fanfare"} <= sounds
        assert replay(json.dumps(e) for e in box.journal) == s.state


def _seen(*zones: tuple[int, Turtles, bool]) -> NellySeen:
    return NellySeen(0, tuple(ZoneCount(p, t, u) for p, t, u in zones), (1280, 720))


def test_the_camera_disagreeing_is_asked_about_never_recorded() -> None:
    box, s = _game([Face.RED])
    deal = Turtles(3, 3, 3)
    both = ((0, deal, False), (1, deal, False))
    for _ in range(3):
        s.seen(_seen(*both))
    assert s.reconciler.readings == {0: deal, 1: deal}
    s.report({"event": "roll"})
    s.report({"event": "place", "player": 0, "colour": "red", "on": "back"})
    s.report({"event": "place", "player": 1, "colour": "red", "on": "back"})
    # the camera a moment behind the reports (a frame taken before them, then the steady
    # window) is no disagreement: the readings of the seats whose count changed are old
    said = len(box.said)
    s.seen(_seen(*both))
    assert s.view()["camera"]["disagreements"] == [] and s.reconciler.readings == {}
    ann = Turtles(2, 3, 3)
    ben = Turtles(2, 3, 3)
    for _ in range(3):
        s.seen(_seen((0, ann, False), (1, ben, False)))
    assert s.view()["camera"]["disagreements"] == [] and len(box.said) == said
    events = list(box.journal)
    # Ann's turtle fell back onto her plant and nobody said so: the camera sees it
    s.seen(_seen((0, deal, False), (1, ben, False)))
    s.seen(_seen((0, deal, False), (1, ben, False)))
    assert s.view()["camera"]["disagreements"] == []  # not steady yet
    s.seen(_seen((0, deal, False), (1, ben, False)))
    [ask] = s.view()["camera"]["disagreements"]
    assert ask == {"player": 0, "camera": deal.to_json(), "box": ann.to_json(),
                   "more": {"red": 1, "yellow": 0, "orange": 0}}
    assert box.said[said:] == [["The camera sees something else at Ann's water plants: look "
                                "at the screen."]]
    assert box.journal == events  # nothing recorded by the camera
    # an unsure zone (a hand over it) changes nothing; the same reading is not said again
    s.seen(_seen((0, Turtles(0, 0, 0), True)))
    s.seen(_seen((0, deal, False)))
    assert len(s.view()["camera"]["disagreements"]) == 1 and len(box.said) == said + 1
    # the players report the fall the camera saw: the box now agrees, the question goes
    s.report({"event": "fall", "player": 0, "turtles": {"red": 1}})
    assert s.view()["camera"]["disagreements"] == []
    # a reading the players say is wrong is dismissed, and not asked about again
    for _ in range(4):
        s.seen(_seen((1, Turtles(1, 3, 3), False)))
    assert [d["player"] for d in s.view()["camera"]["disagreements"]] == [1]
    s.report({"camera": "dismiss", "player": 1})
    for _ in range(4):
        s.seen(_seen((1, Turtles(1, 3, 3), False)))
    assert s.view()["camera"]["disagreements"] == []
    assert [e["event"] for e in box.journal] == ["start", "roll", "place", "place", "fall"]


def test_a_turtle_placed_before_its_press_is_no_disagreement() -> None:
    """At the table the turtle leaves the plants before the player presses "placed": for a
    second or two the camera sees one turtle fewer than the box. That is the move under way,
    not something to ask about; once the press is in, the counts agree again. One turtle
    more, two fewer, or a colour that may not be placed now are still asked about."""
    box, s = _game([Face.YELLOW, Face.ALL])
    deal = Turtles(3, 3, 3)
    s.report({"event": "roll"})  # yellow: Ann places, then Ben
    said = len(box.said)
    less_yellow = Turtles(3, 2, 3)
    for _ in range(4):  # Ann has put a yellow on Nelly and not pressed yet
        s.seen(_seen((0, less_yellow, False), (1, deal, False)))
    assert s.view()["camera"]["disagreements"] == [] and len(box.said) == said
    for _ in range(4):  # Ben, next, is as quick (he places before Ann pressed)
        s.seen(_seen((0, less_yellow, False), (1, less_yellow, False)))
    assert s.view()["camera"]["disagreements"] == [] and len(box.said) == said
    for _ in range(4):  # a red gone from Ann is no yellow placed: asked about
        s.seen(_seen((0, Turtles(2, 3, 3), False), (1, deal, False)))
    assert [d["player"] for d in s.view()["camera"]["disagreements"]] == [0]
    s.report({"camera": "dismiss", "player": 0})
    s.report({"event": "place", "player": 0, "colour": "yellow", "on": "back"})
    s.report({"event": "place", "player": 1, "colour": "yellow", "on": "back"})
    for _ in range(5):  # both placed and pressed: nobody places now, one fewer is asked
        s.seen(_seen((0, Turtles(3, 1, 3), False), (1, less_yellow, False)))
    assert [d["player"] for d in s.view()["camera"]["disagreements"]] == [0]
    s.report({"camera": "dismiss", "player": 0})
    s.report({"event": "pass", "player": 0})
    s.report({"event": "roll"})  # all: Ben feeds Nelly first, then places any colour
    s.report({"event": "feed", "player": 1, "counter": "crab"})
    assert s.view()["expect"] == {"event": "place", "player": 1}
    for _ in range(4):  # on `all` any colour may be under way: an orange gone from Ben
        s.seen(_seen((1, Turtles(3, 2, 2), False)))
    assert s.view()["camera"]["disagreements"] == []
    for _ in range(4):  # two gone at once is not one move
        s.seen(_seen((1, Turtles(2, 2, 2), False)))
    assert [d["player"] for d in s.view()["camera"]["disagreements"]] == [1]
