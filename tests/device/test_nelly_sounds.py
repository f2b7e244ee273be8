"""The game's own sounds: real WAVs rendered once, loud but never clipping, each with the
character it is meant to have, and played through the voice's sinks."""

from __future__ import annotations

import wave
from concurrent.futures import Future
from pathlib import Path

import numpy as np
import pytest

from tableref.device.voice import AlsaSink, Clip, RecordingSink, VoiceError
from tableref.device.voice.sounds import NAMES, RATE, Sounds, render
from tableref.device.voice.tts import EspeakEngine, TtsCache

LENGTHS = {"die": (0.6, 1.5), "splash": (0.5, 1.5), "pinch": (0.3, 1.0), "turn": (0.8, 2.0),
           "fanfare": (1.5, 3.0), "fart": (0.8, 2.0)}


@pytest.fixture(scope="module")
def sounds(tmp_path_factory: pytest.TempPathFactory) -> Sounds:
    sounds = Sounds(cache=tmp_path_factory.mktemp("sounds"))
    sounds.warm()
    return sounds


def samples(sounds: Sounds, name: str) -> np.ndarray:
    clip = sounds.clip(name)
    return np.frombuffer(clip.frames, dtype="<i2").astype(np.float64) / 32768.0


def spectrum(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return np.fft.rfftfreq(len(x), 1.0 / RATE), np.abs(np.fft.rfft(x))


def centroid(x: np.ndarray) -> float:
    f, s = spectrum(x)
    return float((f * s).sum() / s.sum())


def strongest(x: np.ndarray, low: float = 50.0, high: float = 5000.0) -> float:
    f, s = spectrum(x * np.hanning(len(x)))
    band = (f >= low) & (f <= high)
    return float(f[band][np.argmax(s[band])])


def onsets(x: np.ndarray, rise_db: float = 12.0) -> list[float]:
    """Times where the 5 ms energy jumps by `rise_db` over the 20 ms before."""
    win = RATE // 200
    energy = np.array([np.mean(x[i : i + win] ** 2) for i in range(0, len(x) - win, win)])
    found: list[float] = []
    for i in range(4, len(energy)):
        before = np.mean(energy[i - 4 : i]) + 1e-9
        rises = 10 * np.log10(energy[i] / before + 1e-12) > rise_db and energy[i] > 1e-4
        if rises and (not found or i * win / RATE - found[-1] > 0.012):
            found.append(i * win / RATE)
    return found


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_a_real_wav_loud_and_never_clipping(sounds: Sounds, name: str) -> None:
    clip = sounds.clip(name)
    assert clip.path.suffix == ".wav" and clip.path.stat().st_size > 44
    with wave.open(str(clip.path), "rb") as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (RATE, 1, 2)
    low, high = LENGTHS[name]
    assert low <= clip.seconds <= high
    x = samples(sounds, name)
    peak = float(np.max(np.abs(x)))
    assert 0.7 < peak < 0.95  # loud, with headroom: no sample at full scale
    assert np.count_nonzero(np.abs(x) > 0.99) == 0
    assert 20 * np.log10(np.sqrt(np.mean(x**2))) > -30  # not a whisper, not silence
    assert abs(x[0]) < 0.01 and abs(x[-1]) < 0.01  # faded in and out: no click
    assert clip.text == f"sound:{name}"


def test_the_rotten_water_plant_is_a_low_flapping_raspberry(sounds: Sounds) -> None:
    x = samples(sounds, "fart")
    f, s = spectrum(x)
    assert (s[f < 1000] ** 2).sum() / (s**2).sum() > 0.9  # nearly all of it below 1 kHz
    assert centroid(x) < 900
    periods = []
    for start in np.arange(0.1, 1.0, 0.1):  # the flapping: 50-130 pulses a second
        seg = x[int(start * RATE) : int((start + 0.1) * RATE)]
        ac = np.correlate(seg, seg, "full")[len(seg) - 1 :]
        lo, hi = RATE // 130, RATE // 35
        lag = lo + int(np.argmax(ac[lo:hi]))
        periods.append(RATE / lag)
    assert sum(35 <= p <= 130 for p in periods) >= 7
    assert np.std(periods) > 1.0  # the pitch wobbles, it is no tone


def test_the_fanfare_plays_the_notes_of_c_major(sounds: Sounds) -> None:
    x = samples(sounds, "fanfare")
    held = x[int(0.55 * RATE) : int(0.85 * RATE)]  # the held G5 of ta-ta-ta-taaa
    assert abs(strongest(held, 300, 1200) - 784) < 12
    first = x[int(0.02 * RATE) : int(0.12 * RATE)]
    assert abs(strongest(first, 300, 1200) - 392) < 15
    f, s = spectrum(held * np.hanning(len(held)))
    harmonic = s[np.abs(f - 2 * 784) < 10].max() / s[np.abs(f - 784) < 10].max()
    assert harmonic > 0.1  # brass, not a sine


def test_a_splash_is_broad_noise_and_a_die_bounces(sounds: Sounds) -> None:
    splash = samples(sounds, "splash")
    assert centroid(splash[: int(0.1 * RATE)]) > 1500
    die = samples(sounds, "die")
    hits = onsets(die)
    assert len(hits) >= 6  # bounces and a rattle
    gaps = np.diff(hits[:4])
    assert gaps[0] > gaps[-1]  # each bounce comes sooner than the last


def test_the_crab_pinches_twice_and_nelly_turns_with_a_rising_whistle(sounds: Sounds) -> None:
    pinch = samples(sounds, "pinch")
    loud = [t for t in onsets(pinch, rise_db=20)
            if np.max(np.abs(pinch[int(t * RATE) : int((t + 0.02) * RATE)])) > 0.5]
    assert len(loud) == 2 and 0.1 < loud[1] - loud[0] < 0.3
    assert centroid(pinch) > 2000
    turn = samples(sounds, "turn")
    early = strongest(turn[int(0.1 * RATE) : int(0.3 * RATE)], 200, 1000)
    late = strongest(turn[int(0.55 * RATE) : int(0.75 * RATE)], 200, 1000)
    assert early < 400 < 600 < late


def test_rendering_is_deterministic_and_cached(tmp_path: Path, sounds: Sounds) -> None:
    again = Sounds(cache=tmp_path)
    for name in NAMES:
        assert again.clip(name).frames == sounds.clip(name).frames
    assert (again.cache.hits, again.cache.misses) == (0, len(NAMES))
    third = Sounds(cache=tmp_path)
    third.warm()
    assert (third.cache.hits, third.cache.misses) == (len(NAMES), 0)
    assert len({sounds.clip(n).frames for n in NAMES}) == len(NAMES)
    assert np.array_equal(render("fart"), render("fart"))


def test_an_unknown_sound_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(VoiceError, match=r"no sound 'burp'.*fart"):
        Sounds(cache=tmp_path).clip("burp")


def test_the_recording_sink_receives_the_sounds_in_order(sounds: Sounds) -> None:
    with RecordingSink(pace=0.05) as sink:
        sounds.play(sink, "fart", "splash")
        assert sink.wait_idle(timeout=10)
        sounds.play(sink, "fanfare", cut_off=True)
        assert sink.wait_idle(timeout=10)
    assert sink.texts() == ["sound:fart", "sound:splash", "sound:fanfare"]
    assert sink.played[0].clip.frames == sounds.clip("fart").frames
    paced = (sink.played[0].end_ns - sink.played[0].start_ns) / 1e9
    assert paced >= 0.05 * sounds.clip("fart").seconds * 0.9


def test_sounds_and_words_play_through_one_aplay(tmp_path: Path, sounds: Sounds) -> None:
    words = TtsCache(EspeakEngine("en"), tmp_path).render("Rotten water plant!")
    assert words.format == sounds.clip("fart").format  # one format: no second aplay
    with AlsaSink(device="null") as sink:  # real aplay into ALSA's null device
        spoken: Future[Clip] = Future()
        spoken.set_result(words)
        sink.play([sounds.future("fart"), spoken])
        assert sink.wait_idle(timeout=30)
    assert len(sink.started) == 1
    assert [p.returncode for p in sink.processes] == [0]
