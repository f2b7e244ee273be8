"""Verdicts composed, played without blocking, stale speech cut off; ALSA through aplay."""

from __future__ import annotations

import itertools
import logging
import stat
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tableref.device.config import Config, parse_config
from tableref.device.voice import AlsaSink, Phrases, RecordingSink, Voice
from tableref.device.voice.phrases import segments_of

PLAYERS = '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[[players]]\nname = "Player 3"\n'


@pytest.fixture
def config() -> Config:
    return parse_config(PLAYERS)


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One voice cache for these tests: each phrase is rendered once."""
    return tmp_path_factory.mktemp("voice-cache")


@pytest.fixture
def voice(config: Config, cache_dir: Path) -> Iterator[Voice]:
    with Voice(config, sink=RecordingSink(pace=0.2), cache=cache_dir) as v:
        v.warm()
        yield v


def test_phrases_in_english_german_and_french() -> None:
    en = Phrases("en", ["Ann", "Ben", "Player 3"])
    assert en.verdict(2, right=True, margin_ms=23.4, cards=14) == [
        "Player 3 was first,",
        "by 23 milliseconds.",
        "Right!",
        "Player 3 takes 14 cards.",
    ]
    assert en.verdict(1, right=False) == ["Ben was first.", "Sorry, Ben!"]  # no margin
    assert en.by_ms(1.2) == "by 1 millisecond."
    assert en.by_ms(0.2) == "by less than a millisecond."
    assert en.takes(0, 1) == "Ann takes 1 card."
    assert en.verdict(0, right=True, margin_ms=0.0, tied=(0, 1))[0] == (
        "Ann and Ben at the same moment! Ann goes first."
    )
    de = Phrases("de", ["Ann", "Ben", "Player 3"])
    assert de.verdict(2, right=True, margin_ms=23, cards=14) == [
        "Spieler 3 war zuerst,",
        "um 23 Millisekunden.",
        "Richtig!",
        "Spieler 3 bekommt 14 Karten.",
    ]
    assert de.wrong(1) == "Schade, Ben!"
    assert de.wins(None) == "Unentschieden!"
    fr = Phrases("fr", ["Ann", "Ben", "Player 3"])
    assert fr.verdict(2, right=True, margin_ms=0.4, cards=1) == [
        "Joueur 3 a sonné en premier,",
        "de moins d'une milliseconde.",
        "Bien vu !",
        "Joueur 3 prend 1 carte.",
    ]
    assert fr.takes(0, 0) == "Ann prend 0 carte."  # French counts 0 as one
    with pytest.raises(ValueError, match="it"):
        Phrases("it", [])


def test_sentences_are_cut_so_that_known_clauses_play_at_once() -> None:
    known = {"Ann was first,", "Right!", "Sorry, Ben!"}
    assert segments_of("Ann was first, by 7 milliseconds. Right!", known) == [
        "Ann was first,",
        "by 7 milliseconds.",
        "Right!",
    ]
    assert segments_of("Sorry, Ben!  Ann was first, Right!", known) == [
        "Sorry, Ben!",
        "Ann was first,",
        "Right!",
    ]
    assert segments_of("Hello there, friend. Bye!", known) == ["Hello there, friend.", "Bye!"]
    assert segments_of("Well, Ann was first, so there.", known) == [
        "Well,",
        "Ann was first,",
        "so there.",
    ]
    assert segments_of("  ") == []


def test_a_sentence_starts_with_its_warm_clause(voice: Voice) -> None:
    voice.say("Ann was first, by 7 milliseconds. Right!")
    assert voice.wait_idle(timeout=30)
    sink = voice.sink
    assert isinstance(sink, RecordingSink)
    assert sink.texts() == ["Ann was first,", "by 7 milliseconds.", "Right!"]
    assert voice.clip("by 7 milliseconds.").done()  # rendered once, now in memory too


def test_a_verdict_starts_with_a_warm_clip_and_plays_in_order(voice: Voice) -> None:
    assert voice.clip("Player 3 was first,").done()  # warm: no render between ring and sound
    assert voice.cache is not None
    voice.cache.path_for("by 23 milliseconds.").unlink(missing_ok=True)  # rendered on demand
    t0 = time.monotonic_ns()
    texts = voice.announce_verdict(2, right=True, margin_ms=23, cards=14)
    returned = time.monotonic_ns()
    assert voice.wait_idle(timeout=30)
    sink = voice.sink
    assert isinstance(sink, RecordingSink)
    assert (
        sink.texts()
        == texts
        == [
            "Player 3 was first,",
            "by 23 milliseconds.",
            "Right!",
            "Player 3 takes 14 cards.",
        ]
    )
    played = sink.played
    assert not any(p.cut_off for p in played)
    # say() returned before the first clip was over: it does not block the caller
    assert returned < played[0].end_ns
    assert t0 <= played[0].start_ns
    for before, after in itertools.pairwise(played):
        assert after.start_ns >= before.end_ns
    assert all(p.clip.seconds > 0.3 for p in played)


def test_a_new_verdict_cuts_off_a_stale_one(voice: Voice) -> None:
    sink = voice.sink
    assert isinstance(sink, RecordingSink)
    stale = "Ann was first, by a long way, a very long way indeed, by a whole second."
    voice.say([stale])  # one clip of about 4 s (0.8 s at this sink's pace)
    assert sink.first_clip_started.wait(10)
    voice.announce_verdict(1, right=False)
    assert voice.wait_idle(timeout=30)
    first = sink.played[0]
    assert first.text == stale and first.cut_off
    assert (first.end_ns - first.start_ns) / 1e9 < first.clip.seconds * 0.2
    assert [p.text for p in sink.played[1:]] == ["Ben was first.", "Sorry, Ben!"]
    assert not any(p.cut_off for p in sink.played[1:])


def test_german_verdicts_are_spoken_in_german(cache_dir: Path) -> None:
    config = parse_config('language = "de"\n' + PLAYERS)
    with Voice(config, sink=RecordingSink(pace=0), cache=cache_dir) as voice:
        voice.announce_verdict(0, right=True, cards=3)
        assert voice.wait_idle(timeout=30)
        assert voice.sink is not None
        assert [p.text for p in voice.sink.played] == [  # type: ignore[attr-defined]
            "Ann war zuerst.",
            "Richtig!",
            "Ann bekommt 3 Karten.",
        ]


def test_a_silent_voice_returns_the_words_and_plays_nothing(config: Config) -> None:
    voice = Voice.silent(config)
    assert voice.sink is None and voice.cache is None
    assert voice.announce_verdict(1, right=False) == ["Ben was first.", "Sorry, Ben!"]
    voice.say("Right!")  # nothing to play it on: no error
    voice.close()
    voice.close()


def test_alsa_playback_through_aplay(config: Config, cache_dir: Path) -> None:
    sink = AlsaSink(device="null")  # ALSA's null device: aplay runs for real, no sound card
    with Voice(config, sink=sink, cache=cache_dir) as voice:
        voice.announce_verdict(0, right=True, margin_ms=5)
        assert voice.wait_idle(timeout=30)
        assert len(sink.started) == 1  # one aplay for the whole verdict


def test_a_bad_alsa_device_is_logged_not_raised(
    config: Config, cache_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    sink = AlsaSink(device="no_such_alsa_device")
    with caplog.at_level(logging.ERROR), Voice(config, sink=sink, cache=cache_dir) as voice:
        voice.say("Right!")
        assert voice.wait_idle(timeout=30)
    assert "no_such_alsa_device" in caplog.text or "aplay" in caplog.text


def test_a_missing_alsa_device_and_the_null_device_tell_the_health(
    config: Config, cache_dir: Path
) -> None:
    heard: list[tuple[bool, str]] = []
    sink = AlsaSink(device="no_such_alsa_device")  # real aplay: ALSA has no such PCM
    sink.on_health = lambda ok, message: heard.append((ok, message))
    with Voice(config, sink=sink, cache=cache_dir) as voice:
        voice.say("Right!")
        assert voice.wait_idle(timeout=30)
        assert len(heard) == 1 and heard[0][0] is False
        assert "no_such_alsa_device" in heard[0][1] and "aplay" in heard[0][1]
        sink.device = "null"  # a device that plays: the next utterance clears it
        voice.say("Right!")
        assert voice.wait_idle(timeout=30)
        assert heard[1:] == [(True, "playing")]
        voice.say("Right!")  # working, and it was working: nothing new to tell
        assert voice.wait_idle(timeout=30)
        assert len(heard) == 2


def test_the_alsa_sink_kills_a_stale_aplay(config: Config, cache_dir: Path, tmp_path: Path) -> None:
    # A stand-in for aplay that never plays out (a speaker that takes forever): the cut-off
    # must kill it, not wait for it.
    slow = tmp_path / "slow-aplay"
    slow.write_text("#!/bin/sh\nexec sleep 60\n")
    slow.chmod(slow.stat().st_mode | stat.S_IEXEC)
    sink = AlsaSink(device="default", aplay=str(slow))
    with Voice(config, sink=sink, cache=cache_dir) as voice:
        voice.warm()
        voice.say("Right!")
        assert sink.spawned.wait(10)
        sink.spawned.clear()
        voice.say("Sorry, Ann!")  # cuts off "Right!"
        assert sink.spawned.wait(10)
        voice.stop()  # cuts off "Sorry, Ann!"
        assert voice.wait_idle(timeout=10)
    assert len(sink.processes) == 2
    assert [p.returncode for p in sink.processes] == [-9, -9]  # killed, not waited for


def test_say_without_cut_off_waits_its_turn(voice: Voice) -> None:
    sink = voice.sink
    assert isinstance(sink, RecordingSink)
    voice.say("Ann was first,")
    voice.say("Right!", cut_off=False)
    voice.say("Sorry, Ben!", cut_off=False)
    assert voice.wait_idle(timeout=30)
    assert sink.texts() == ["Ann was first,", "Right!", "Sorry, Ben!"]
    assert not any(p.cut_off for p in sink.played)
