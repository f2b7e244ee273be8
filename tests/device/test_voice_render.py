"""Real espeak-ng: real speech in the WAV, cached by text, voice and speed."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import numpy as np
import pytest

from tableref.device.config import VoiceConfig, parse_config
from tableref.device.voice import Clip, EspeakEngine, TtsCache, Voice, VoiceError, choose_engine
from tableref.device.voice.piper import PiperEngine


def loudness(clip: Clip) -> tuple[float, float]:
    """(RMS of the samples as a fraction of full scale, fraction of 10 ms windows with sound)"""
    assert clip.sample_width == 2
    samples = np.frombuffer(clip.frames, dtype="<i2").astype(np.float64) / 32768.0
    rms = float(np.sqrt(np.mean(samples**2)))
    win = clip.rate // 100
    windows = samples[: len(samples) // win * win].reshape(-1, win)
    voiced = float(np.mean(np.sqrt(np.mean(windows**2, axis=1)) > 0.02))
    return rms, voiced


def test_espeak_renders_real_speech_and_the_cache_is_hit_the_second_time(tmp_path: Path) -> None:
    cache = TtsCache(EspeakEngine("en", 165), tmp_path)
    text = "Player 3 was first, by 23 milliseconds."
    clip = cache.render(text)
    assert (cache.hits, cache.misses) == (0, 1)
    assert clip.path.parent == tmp_path and clip.path.suffix == ".wav"
    assert clip.rate == 22050 and clip.channels == 1
    assert 1.5 < clip.seconds < 5.0  # about 2.5 s at 165 words a minute
    rms, voiced = loudness(clip)
    assert rms > 0.05
    assert voiced > 0.5  # mostly speech, not silence
    mtime = clip.path.stat().st_mtime_ns

    again = TtsCache(EspeakEngine("en", 165), tmp_path).render(text)
    assert again.frames == clip.frames
    assert again.path == clip.path
    assert clip.path.stat().st_mtime_ns == mtime  # not rendered again
    assert list(tmp_path.iterdir()) == [clip.path]  # no temporary files left behind


def test_the_cache_key_is_text_voice_and_speed(tmp_path: Path) -> None:
    slow = TtsCache(EspeakEngine("en", 120), tmp_path).render("Right!")
    fast = TtsCache(EspeakEngine("en", 300), tmp_path).render("Right!")
    german = TtsCache(EspeakEngine("de", 120), tmp_path).render("Right!")
    other = TtsCache(EspeakEngine("en", 120), tmp_path).render("Wrong!")
    assert len({slow.path, fast.path, german.path, other.path}) == 4
    assert fast.seconds < slow.seconds


def test_german_phrases_are_spoken_by_a_german_voice(tmp_path: Path) -> None:
    config = parse_config('language = "de"\n[voice]\nengine = "espeak-ng"\n')
    engine = choose_engine(config.voice, config.language, voices_dir=tmp_path)
    assert isinstance(engine, EspeakEngine) and engine.voice == "de"
    clip = TtsCache(engine, tmp_path).render("Spieler 2 war zuerst, um 5 Millisekunden.")
    assert loudness(clip)[0] > 0.05
    assert clip.seconds > 1.0


def test_a_broken_cache_file_is_rendered_again(tmp_path: Path) -> None:
    cache = TtsCache(EspeakEngine("en", 165), tmp_path)
    cache.path_for("Right!").write_bytes(b"not a wav")
    clip = cache.render("Right!")
    assert clip.seconds > 0.2 and cache.misses == 1


def test_an_unknown_espeak_voice_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(VoiceError, match="no-such-voice"):
        TtsCache(EspeakEngine("no-such-voice", 165), tmp_path).render("Right!")


def test_warm_renders_the_fixed_phrases_for_the_players(tmp_path: Path) -> None:
    config = parse_config('[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n')
    with Voice(config, cache=tmp_path) as voice:
        voice.warm()
        cache = voice.cache
        assert cache is not None
        fixed = voice.phrases.fixed()
        assert "Ann was first," in fixed and "Sorry, Ben!" in fixed
        assert cache.misses == len(fixed)
        assert all(voice.clip(text).done() for text in fixed)
    with Voice(config, cache=tmp_path) as voice:
        voice.warm()
        assert voice.cache is not None
        assert (voice.cache.hits, voice.cache.misses) == (len(fixed), 0)


def _fake_piper(tmp_path: Path) -> Path:
    """A stand-in for the piper binary (none is installed here) that records its arguments
    and has espeak-ng do the speaking, to check how PiperEngine drives it."""
    script = tmp_path / "bin" / "piper"
    script.parent.mkdir()
    script.write_text(
        "#!/bin/sh\n"
        f'echo "$@" > {tmp_path}/piper-args\n'
        'while [ $# -gt 0 ]; do [ "$1" = --output_file ] && out=$2; shift; done\n'
        'espeak-ng --stdin -w "$out"\n'
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def test_piper_is_chosen_when_its_binary_and_a_voice_are_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    voices = tmp_path / "voices"
    voices.mkdir()
    # no voice yet: espeak-ng
    monkeypatch.setenv("PATH", f"{_fake_piper(tmp_path).parent}{os.pathsep}{os.environ['PATH']}")
    assert isinstance(choose_engine(VoiceConfig(), "de", voices), EspeakEngine)
    with pytest.raises(VoiceError, match="Piper voice for 'de'"):
        choose_engine(VoiceConfig(engine="piper"), "de", voices)
    (voices / "de_DE-thorsten-medium.onnx").write_bytes(b"model")
    (voices / "de_DE-thorsten-medium.onnx.json").write_text("{}")
    engine = choose_engine(VoiceConfig(speed=330), "de", voices)
    assert isinstance(engine, PiperEngine)
    assert engine.model.name == "de_DE-thorsten-medium.onnx"
    clip = TtsCache(engine, tmp_path / "cache").render("Richtig!")
    assert clip.seconds > 0.2
    args = (tmp_path / "piper-args").read_text().split()
    assert args[args.index("--model") + 1].endswith("de_DE-thorsten-medium.onnx")
    assert args[args.index("--length_scale") + 1] == "0.500"
    # English has no Piper voice here: espeak-ng
    assert isinstance(choose_engine(VoiceConfig(), "en", voices), EspeakEngine)


def test_an_unknown_voice_in_the_config_names_the_key(tmp_path: Path) -> None:
    with pytest.raises(VoiceError, match=r"^voice\.voice: .*no-such-voice"):
        choose_engine(VoiceConfig(voice="no-such-voice"), "en", voices_dir=tmp_path)
