"""The referee's voice: phrases, espeak-ng/Piper rendering with a cache, ALSA playback."""

from tableref.device.voice.clip import Clip, VoiceError
from tableref.device.voice.phrases import Phrases
from tableref.device.voice.playback import AlsaSink, Played, RecordingSink, Sink
from tableref.device.voice.tts import EspeakEngine, TtsCache
from tableref.device.voice.voice import Voice, choose_engine

__all__ = [
    "AlsaSink",
    "Clip",
    "EspeakEngine",
    "Phrases",
    "Played",
    "RecordingSink",
    "Sink",
    "TtsCache",
    "Voice",
    "VoiceError",
    "choose_engine",
]
