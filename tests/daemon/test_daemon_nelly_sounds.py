"""Nelly's sounds and words through the daemon, real espeak-ng WAVs played to the recording
sink at the speed of a speaker: a new announcement waits for the sound still playing (the
rotten water plant's, the fanfare) instead of cutting it off, and every clip plays whole and
in order. Halli Galli's verdicts still cut off a stale one."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

from daemon_proc_helper import until

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nelly_session import NellyKit
from tableref.device.store import Store
from tableref.device.voice import RecordingSink, Voice
from tableref.device.voice.playback import Played
from tableref.games.nelly import FACES, Face

CONFIG = ('game = "nelly"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
          '[voice]\nengine = "espeak-ng"\n')
PACE = 0.25  # the sink plays each clip for a quarter of its length: a cut-off still shows


class Faces:
    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)

    def randrange(self, stop: int, /) -> int:
        return FACES.index(self.faces.pop(0))


def _whole_and_in_order(played: Sequence[Played]) -> None:
    for p in played:
        assert not p.cut_off, f"{p.text!r} was cut off"
        assert p.end_ns - p.start_ns >= 0.9 * p.clip.seconds * PACE * 1e9, p.text
    for a, b in pairwise(played):
        assert b.start_ns >= a.end_ns, f"{b.text!r} started while {a.text!r} played"


class Heard:
    """The real voice, and every utterance the daemon gave it, segment by segment."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self.utterances: list[list[str]] = []

    @property
    def sink(self) -> RecordingSink | None:
        return self.voice.sink  # type: ignore[return-value]

    def say(self, text: str | list[str], cut_off: bool = True) -> None:
        self.utterances.append([text] if isinstance(text, str) else list(text))
        self.voice.say(text, cut_off=cut_off)

    def warm(self) -> None:
        self.voice.warm()

    def close(self) -> None:
        self.voice.close()


async def test_a_new_announcement_waits_for_the_rotten_plants_sound(tmp_path: Path) -> None:
    config = parse_config(CONFIG)
    sink = RecordingSink(pace=PACE)
    heard = Heard(Voice(config, sink=sink, cache=tmp_path / "voice"))
    kit = NellyKit(rng=Faces([Face.RED, Face.RED]), gesture_s=0.1)
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), Equipment(speaker=heard,
                                                              kits={"nelly": kit}))
    await d.start()
    try:
        for report in ({"event": "roll"},
                       {"event": "place", "player": 0, "colour": "red", "on": "back"},
                       {"event": "place", "player": 1, "colour": "red", "on": "back"},
                       {"event": "pass", "player": 0}, {"event": "roll"},
                       {"event": "feed", "player": 1, "counter": "rotten"}):
            await d.report(report)
        # the fart is playing or waits behind the words before it: Ben places at once, then
        # Ann, and Ben passes: three announcements while the sound is still to play
        await until(lambda: "sound:fart" in [p.text for p in sink.played] or
                    sink.first_clip_started.is_set(), 30)
        await d.report({"event": "place", "player": 1, "colour": "red", "on": "back"})
        await d.report({"event": "place", "player": 0, "colour": "red", "on": "back"})
        await d.report({"event": "pass", "player": 1})
        assert heard.voice.wait_idle(60)
        texts = sink.texts()
        # every segment of every announcement was played, in the order it was said
        assert texts == [s for u in heard.utterances for s in u]
        assert texts.count("sound:fart") == 1 and texts.count("sound:turn") == 2
        assert texts.index("sound:turn", texts.index("sound:fart")) > texts.index("sound:fart")
        _whole_and_in_order(sink.played)
    finally:
        await d.stop()
        d.store.close()
        heard.close()


async def test_halli_verdicts_still_cut_off_the_stale_one(tmp_path: Path) -> None:
    config = parse_config(CONFIG.replace('game = "nelly"', 'game = "halli"'))
    sink = RecordingSink(pace=PACE)
    voice = Voice(config, sink=sink, cache=tmp_path / "voice")
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), Equipment(speaker=voice))
    await d.start()
    try:
        assert d.session is not None and not d.session.speech_waits
        d.say("One, two, three, four, five, six, seven, eight, nine, ten.")
        await until(lambda: sink.first_clip_started.is_set(), 30)
        d.say("Ann was first.")
        assert voice.wait_idle(60)
        assert sink.played[0].cut_off and sink.played[-1].text == "Ann was first."
    finally:
        await d.stop()
        d.store.close()
        voice.close()
