"""The game's sounds, synthesised from nothing with numpy (no recordings, nothing downloaded).

Each sound is a function `(rng, rate) -> samples` (float64 in [-1, 1], mono) built from a
few physical pieces: damped modes for things that are struck (a die, a claw, a ratchet),
filtered noise for water and air, additive harmonics for brass, and a pulse train through
a resonance for the rotten water plant (a flapping valve, as the real thing is). The
random source is seeded per sound, so a sound is the same on every render.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

Samples = NDArray[np.float64]
Synth = Callable[[np.random.Generator, int], Samples]
PEAK = 0.89  # -1 dBFS: loud, never clipping


# -- pieces ------------------------------------------------------------------------------------
def _times(seconds: float, rate: int) -> Samples:
    return np.arange(round(seconds * rate), dtype=np.float64) / rate


def _band(x: Samples, rate: int, low: float = 0.0, high: float | None = None,
          order: int = 2) -> Samples:
    """Butterworth-shaped band-pass in the frequency domain (zero phase)."""
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1.0 / rate)
    gain = np.ones_like(f)
    if high is not None:
        gain /= np.sqrt(1.0 + (f / high) ** (2 * order))
    if low > 0:
        with np.errstate(divide="ignore"):
            gain /= np.sqrt(1.0 + (low / np.maximum(f, 1e-9)) ** (2 * order))
    return np.fft.irfft(spectrum * gain, len(x))


def _mode(freq: float | Samples, decay: float, seconds: float, rate: int,
          phase: float = 0.0) -> Samples:
    """A struck resonance: a sine (of fixed or changing frequency) dying exponentially."""
    t = _times(seconds, rate)
    f = np.broadcast_to(np.asarray(freq, dtype=np.float64), t.shape)
    return np.exp(-t / decay) * np.sin(2 * np.pi * np.cumsum(f) / rate + phase)


def _add(out: Samples, sound: Samples, at: float, rate: int, gain: float = 1.0) -> None:
    """Mix `sound` into `out` from `at` seconds (cut at the end of `out`)."""
    start = round(at * rate)
    if start >= len(out):
        return
    end = min(len(out), start + len(sound))
    out[start:end] += gain * sound[: end - start]


def _smooth_noise(rng: np.random.Generator, seconds: float, rate: int, step: float) -> Samples:
    """A slow random wander in [-1, 1], a new value every `step` seconds."""
    knots = rng.uniform(-1.0, 1.0, int(seconds / step) + 2)
    return np.interp(_times(seconds, rate), np.arange(len(knots)) * step, knots)


def _finish(x: Samples, rate: int, fade: float = 0.004) -> Samples:
    """Faded in and out (no click), scaled to PEAK."""
    n = max(1, round(fade * rate))
    ramp = np.linspace(0.0, 1.0, n)
    x = x.copy()
    x[:n] *= ramp
    x[-n:] *= ramp[::-1]
    peak = float(np.max(np.abs(x)))
    return x * (PEAK / peak) if peak > 0 else x


def _knock(rng: np.random.Generator, rate: int, low: float, high: float,
           modes: int = 3, decay: tuple[float, float] = (0.006, 0.02)) -> Samples:
    """One hard little impact: a click of noise and a few resonances of the body."""
    length = 0.06
    out = np.zeros(round(length * rate))
    click = _band(rng.standard_normal(round(0.002 * rate)), rate, low=2000.0)
    out[: len(click)] += 0.6 * click * np.linspace(1.0, 0.0, len(click))
    for _ in range(modes):
        out += rng.uniform(0.4, 1.0) * _mode(rng.uniform(low, high), rng.uniform(*decay),
                                             length, rate, rng.uniform(0, np.pi))
    return out


# -- the sounds ----------------------------------------------------------------------------------
def die(rng: np.random.Generator, rate: int) -> Samples:
    """A wooden die thrown on the table: a few bounces, closer and softer, then it rattles
    over its edges and settles."""
    out = np.zeros(round(1.05 * rate))
    at, gap, loud = 0.02, 0.17, 1.0
    for _ in range(4):
        _add(out, _knock(rng, rate, 1400.0, 4200.0, modes=4), at, rate, loud)
        _add(out, _mode(rng.uniform(150.0, 220.0), 0.018, 0.08, rate), at, rate, 0.35 * loud)
        at += gap
        gap *= 0.6
        loud *= 0.72
    while at < 0.82:
        _add(out, _knock(rng, rate, 2200.0, 5200.0, modes=2, decay=(0.003, 0.008)), at, rate,
             loud * rng.uniform(0.5, 1.0))
        at += rng.uniform(0.022, 0.04) * (1.0 + 2.0 * (at - 0.4))
        loud *= 0.9
    _add(out, _knock(rng, rate, 1200.0, 3000.0, modes=3), at + 0.03, rate, 0.35)
    return _finish(out, rate)


def splash(rng: np.random.Generator, rate: int) -> Samples:
    """Turtles falling into the water: a plop, a bright splash of spray, and bubbles."""
    seconds = 1.0
    t = _times(seconds, rate)
    out = np.zeros_like(t)
    spray = _band(rng.standard_normal(len(t)), rate, low=500.0, high=7000.0)
    out += 0.55 * spray * np.minimum(t / 0.006, 1.0) * np.exp(-t / 0.11)
    plop = _mode(np.linspace(420.0, 110.0, round(0.09 * rate)), 0.035, 0.09, rate)
    _add(out, plop, 0.0, rate, 1.2)
    for _ in range(45):  # bubbles: resonances that rise as they shrink (Minnaert)
        at = 0.02 + rng.exponential(0.18)
        if at > seconds - 0.08:
            continue
        f0, decay = rng.uniform(500.0, 1800.0), rng.uniform(0.012, 0.04)
        length = 4 * decay
        rise = f0 * (1.0 + 3.0 * _times(length, rate) / length)
        _add(out, _mode(rise, decay, length, rate), at, rate, rng.uniform(0.15, 0.45))
    for _ in range(12):  # drops falling back
        at = rng.uniform(0.15, 0.8)
        _add(out, _mode(rng.uniform(2500.0, 4500.0), 0.006, 0.03, rate), at, rate,
             rng.uniform(0.05, 0.15))
    return _finish(out, rate)


def pinch(rng: np.random.Generator, rate: int) -> Samples:
    """The crab: a little scuttle of legs, then its claw snips twice, snip-snap."""
    out = np.zeros(round(0.6 * rate))
    at = 0.0
    for _ in range(7):
        _add(out, _knock(rng, rate, 3500.0, 6500.0, modes=1, decay=(0.002, 0.004)), at, rate,
             rng.uniform(0.12, 0.22))
        at += rng.uniform(0.014, 0.024)
    for at, loud in ((0.2, 0.8), (0.36, 1.0)):
        _add(out, _knock(rng, rate, 2600.0, 6800.0, modes=4, decay=(0.008, 0.025)), at, rate,
             loud)
        squeak = _mode(np.linspace(1900.0, 2900.0, round(0.05 * rate)), 0.02, 0.05, rate)
        _add(out, squeak, at + 0.004, rate, 0.25 * loud)
    return _finish(out, rate)


def turn(rng: np.random.Generator, rate: int) -> Samples:
    """Nelly turned to the next player: the board's ratchet clicks under a slide whistle
    that swoops up and settles."""
    seconds = 1.3
    t = _times(seconds, rate)
    out = np.zeros_like(t)
    at = 0.05
    while at < 1.1:  # the ratchet: faster in the middle of the turn
        _add(out, _knock(rng, rate, 800.0, 1500.0, modes=2, decay=(0.003, 0.007)), at, rate,
             rng.uniform(0.25, 0.4))
        at += 0.085 - 0.05 * np.sin(np.pi * min(at / 1.1, 1.0))
    sweep = np.interp(t, [0.0, 0.15, 0.65, 1.0, seconds], [300.0, 330.0, 700.0, 520.0, 500.0])
    sweep *= 1.0 + 0.012 * np.sin(2 * np.pi * 6.0 * t) * np.minimum(t / 0.5, 1.0)
    phase = 2 * np.pi * np.cumsum(sweep) / rate
    whistle = np.sin(phase) + 0.18 * np.sin(2 * phase) + 0.05 * _band(
        rng.standard_normal(len(t)), rate, low=600.0, high=3000.0)
    envelope = np.minimum(t / 0.08, 1.0) * np.clip((seconds - t) / 0.3, 0.0, 1.0)
    out += 0.6 * whistle * envelope
    return _finish(out, rate)


def _brass(freq: float, seconds: float, rate: int, loud: float = 1.0) -> Samples:
    """A brass note: harmonics that brighten with the blow, a little vibrato once held."""
    t = _times(seconds, rate)
    attack, release = 0.03, 0.08
    envelope = np.minimum(t / attack, 1.0) * (0.85 + 0.15 * np.exp(-t / 0.08))
    envelope *= np.clip((seconds - t) / release, 0.0, 1.0)
    bright = 1.0 + 1.6 * np.exp(-t / 0.04)  # dull at the onset, brassy once blown
    vibrato = 1.0 + 0.006 * np.sin(2 * np.pi * 5.5 * t) * np.clip((t - 0.15) / 0.2, 0.0, 1.0)
    phase = 2 * np.pi * freq * np.cumsum(vibrato) / rate
    note = np.zeros_like(t)
    for k in range(1, 40):
        if k * freq > 0.45 * rate:
            break
        note += np.sin(k * phase) * k ** (-bright)
    return loud * envelope * note


def fanfare(rng: np.random.Generator, rate: int) -> Samples:
    """For the winner: ta-ta-ta-taaa, ta-taaaa on two trumpets, over a drum roll."""
    g4, c5, e5, g5, c6 = 392.0, 523.25, 659.25, 783.99, 1046.5
    tune = [(g4, 0.0, 0.13), (c5, 0.15, 0.13), (e5, 0.3, 0.13), (g5, 0.45, 0.45),
            (e5, 0.95, 0.13), (g5, 1.1, 1.15)]
    out = np.zeros(round(2.35 * rate))
    for freq, at, length in tune:
        for detune in (1.0, 1.004):  # two players, never quite together
            _add(out, _brass(freq * detune, length, rate), at + (detune - 1.0) * 2, rate, 0.5)
    for freq in (c5, e5):  # the last chord: the tune's G5 over C5 and E5, and a high C6
        _add(out, _brass(freq, 1.15, rate), 1.1, rate, 0.3)
    _add(out, _brass(c6, 1.0, rate), 1.25, rate, 0.15)
    at = 0.9
    while at < 1.1:  # a drum roll into the last chord, then the hit
        _add(out, _band(rng.standard_normal(round(0.05 * rate)), rate, 80.0, 1200.0)
             * np.exp(-_times(0.05, rate) / 0.015), at, rate, 0.15)
        at += 0.025
    _add(out, _mode(98.0, 0.25, 1.0, rate) + 0.3 * _mode(147.0, 0.15, 1.0, rate), 1.1, rate,
         0.6)
    return _finish(out, rate)


def fart(rng: np.random.Generator, rate: int) -> Samples:
    """The rotten water plant: a long, wobbling, wet raspberry that sputters out.

    A flapping valve: pulses at 60-120 Hz, each ringing a low resonance of the body, the
    pitch wandering and the strength fluttering, a breath of air beneath, and at the end
    the pulses break up into separate pops."""
    seconds = 1.45
    t = _times(seconds, rate)
    wander = _smooth_noise(rng, seconds, rate, 0.06)
    pitch = 78.0 * (1.0 + 0.2 * wander) * np.interp(t, [0, 0.1, 0.9, 1.2, seconds],
                                                    [1.25, 1.0, 0.85, 1.05, 1.4])
    flutter = 0.75 + 0.25 * _smooth_noise(rng, seconds, rate, 0.035)
    envelope = np.interp(t, [0, 0.03, 0.5, 1.0, 1.15, seconds], [0, 1, 0.9, 0.75, 0.5, 0])
    cycles = np.floor(np.cumsum(pitch) / rate)
    starts = np.flatnonzero(np.diff(cycles) > 0) + 1
    out = np.zeros_like(t)
    kernel_t = _times(0.03, rate)
    for start in starts:
        when = start / rate + rng.normal(0.0, 0.0007)  # a valve is never a clock
        if when > 1.1 and rng.random() < (when - 1.1) * 2.2:
            continue  # sputtering: the valve misses beats
        body = rng.uniform(230.0, 330.0)
        pulse = np.exp(-kernel_t / 0.006) * np.sin(2 * np.pi * body * kernel_t)
        pulse += 0.45 * np.exp(-kernel_t / 0.0015) * np.sin(2 * np.pi * 3.1 * body * kernel_t)
        _add(out, pulse, when, rate, envelope[start] * flutter[start] * rng.uniform(0.6, 1.0))
    air = _band(rng.standard_normal(len(t)), rate, low=120.0, high=900.0)
    out += 0.08 * air * envelope * flutter
    return _finish(_band(out, rate, low=40.0, high=2500.0), rate)


SOUNDS: dict[str, Synth] = {
    "die": die,
    "splash": splash,
    "pinch": pinch,
    "turn": turn,
    "fanfare": fanfare,
    "fart": fart,
}
