"""What Nelly's session knows that is no event (a question part way through, the fall asked
about, the players' answers about the camera) comes back after a restart: the journal's
events folded again, then the session's last note (`Box.keep`, `restore`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tableref.device.config import parse_config
from tableref.device.daemon.nelly_count import NellySeen, ZoneCount
from tableref.device.daemon.nelly_session import NellyKit, NellySession
from tableref.device.daemon.offline import OfflineBox
from tableref.games.nelly import FACES, Face, Turtles

CONFIG = ('game = "nelly"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
          '[voice]\nengine = "none"\n')
NAMES = ["Ann", "Ben"]


class Faces:
    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)

    def randrange(self, stop: int, /) -> int:
        return FACES.index(self.faces.pop(0))


def _game(faces: Sequence[Face]) -> tuple[OfflineBox, NellySession]:
    box = OfflineBox(parse_config(CONFIG), camera=False)
    s = NellySession(box, NellyKit(rng=Faces(faces), gesture_s=0.7))
    box.start(s, NAMES)
    return box, s


def _restarted(box: OfflineBox, faces: Sequence[Face] = ()) -> tuple[OfflineBox, NellySession]:
    """A new session folding the journal's events, then given the last note, through JSON
    as the SQLite journal keeps it."""
    again = OfflineBox(parse_config(CONFIG), camera=False)
    s = NellySession(again, NellyKit(rng=Faces(faces), gesture_s=0.7))
    again.start(s, NAMES, event=s.decode(box.journal[0]))
    for data in box.journal[1:]:
        again.record(s.decode(data))
    assert box.note is not None
    s.restore(json.loads(json.dumps(box.note)))
    return again, s


def _press(box: OfflineBox, s: NellySession, seat: int, times: int = 1) -> None:
    for _ in range(times):
        s.press(seat, box.clock.now_ns())
        box.clock.advance(100_000_000)
        s.release(seat, box.clock.now_ns())
        box.clock.advance(100_000_000)
    box.clock.advance(700_000_000)


def _page(s: NellySession) -> dict[str, Any]:
    """The page's question and camera part (the frame's size comes with the next frame)."""
    view = s.view()
    camera = {k: v for k, v in view["camera"].items() if k != "frame"}
    return {"camera": camera, **{k: view[k] for k in ("buttons", "fall_asked", "prompt")}}


def _to_all(box: OfflineBox, s: NellySession) -> None:
    """Round 1 red, round 2 Ben's `all` with a rotten plant (the head stays up): Ben is
    asked his colour."""
    for report in ({"event": "roll"},
                   {"event": "place", "player": 0, "colour": "red", "on": "back"},
                   {"event": "place", "player": 1, "colour": "red", "on": "back"},
                   {"event": "pass", "player": 0}, {"event": "roll"},
                   {"event": "feed", "player": 1, "counter": "rotten"}):
        s.report(report)


def test_a_colour_turned_down_and_the_colour_said_yes_to_come_back() -> None:
    box, s = _game([Face.RED, Face.ALL])
    _to_all(box, s)
    assert s.view()["buttons"]["colour"] == "red"
    _press(box, s, 1, 2)  # "another colour"
    assert s.view()["buttons"]["colour"] == "yellow"
    again, s2 = _restarted(box)
    assert _page(s2) == _page(s) and s2.proposal == 1
    _press(box, s, 1)  # yes, yellow: then "where?"
    assert s.view()["buttons"]["kind"] == "spot"
    again, s2 = _restarted(box)
    assert _page(s2) == _page(s) and s2.chosen is not None
    _press(again, s2, 1, 2)  # the restarted box places the yellow turtle on the head
    assert again.journal[-1] == {"event": "place", "player": 1, "colour": "yellow",
                                 "on": "head"}


def test_the_fall_asked_about_comes_back_and_an_event_after_the_note_ends_it() -> None:
    box, s = _game([Face.RED])
    for report in ({"event": "roll"},
                   {"event": "place", "player": 0, "colour": "red", "on": "head"}):
        s.report(report)
    _press(box, s, 1, 3)  # turtles fell
    assert s.view()["fall_asked"] == 1
    _, s2 = _restarted(box)
    assert _page(s2) == _page(s) and s2.view()["fall_asked"] == 1
    # an event the journal holds after the note: the question it had is over
    note = box.note
    s.report({"event": "place", "player": 1, "colour": "red", "on": "back"})
    assert box.note is not None and box.note["events"] == len(box.journal)
    box.note = note
    _, s3 = _restarted(box)
    assert s3.view()["fall_asked"] is None and s3.view()["buttons"]["player"] == 0


def _seen(*zones: tuple[int, Turtles]) -> NellySeen:
    return NellySeen(0, tuple(ZoneCount(p, t) for p, t in zones), (1280, 720))


def test_a_dismissed_reading_is_not_asked_again_and_an_asked_one_is_shown_not_said() -> None:
    box, s = _game([Face.RED])
    wrong = Turtles(1, 3, 3)
    for _ in range(3):
        s.seen(_seen((0, wrong), (1, wrong)))
    assert [d["player"] for d in s.view()["camera"]["disagreements"]] == [0, 1]
    s.report({"camera": "dismiss", "player": 0})
    again, s2 = _restarted(box)
    assert _page(s2) == _page(s)
    assert [d["player"] for d in s2.view()["camera"]["disagreements"]] == [1]
    for _ in range(5):  # the camera goes on seeing the same
        s2.seen(_seen((0, wrong), (1, wrong)))
    assert [d["player"] for d in s2.view()["camera"]["disagreements"]] == [1]
    assert not any("camera" in " ".join(said) for said in again.said)  # not said again


def test_a_note_that_is_not_in_its_form_is_left_out_and_the_game_goes_on() -> None:
    box, s = _game([Face.RED])
    s.report({"event": "roll"})
    for bad in ({"events": "two"}, {"events": 2, "fall_asked": 7},
                {"events": 2, "dismissed": {"0": {"blue": 1}}}, {"events": 2, "chosen": "x"}):
        box.note = bad
        _, s2 = _restarted(box)
        assert s2.state == s.state and s2.fall_asked is None and not s2.reconciler.dismissed
