"""Write Nelly's sounds to a folder to listen to, and print what each one is.

    .venv/bin/python bench/nelly_sounds.py [--out DIR] [--png]

For each sound: its WAV (22050 Hz, 16-bit mono), length, peak and RMS level, spectral
centroid and the time to synthesise it; with --png a picture of each (waveform over a
spectrogram to 8 kHz) for those who cannot listen. Ends by itself.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from tableref.device.voice.sounds import NAMES, RATE, render, write_wav


def picture(x: np.ndarray, out: Path) -> None:
    import cv2

    win, hop = 512, 128
    frames = np.array([x[i : i + win] * np.hanning(win) for i in range(0, len(x) - win, hop)])
    spec = np.abs(np.fft.rfft(frames, axis=1)).T[: win * 8000 // RATE]
    db = 20 * np.log10(spec + 1e-6)
    level = np.clip((db - db.max() + 70) / 70, 0, 1)
    image = cv2.resize((255 * level[::-1]).astype(np.uint8), (800, 240),
                       interpolation=cv2.INTER_NEAREST)
    wave = np.full((100, 800), 255, np.uint8)
    cols = np.array_split(x, 800)
    for i, col in enumerate(cols):
        cv2.line(wave, (i, int(50 - col.max() * 48)), (i, int(50 - col.min() * 48)), 0, 1)
    cv2.imwrite(str(out), np.vstack([wave, image]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("nelly-sounds"))
    parser.add_argument("--png", action="store_true", help="also a picture of each sound")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{'sound':8}  {'s':>5}  {'peak dBFS':>9}  {'RMS dBFS':>8}  {'centroid Hz':>11}  "
          f"{'synth ms':>8}")
    for name in NAMES:
        start = time.perf_counter()
        x = render(name)
        ms = (time.perf_counter() - start) * 1000
        write_wav(x, RATE, args.out / f"{name}.wav")
        if args.png:
            picture(x, args.out / f"{name}.png")
        f = np.fft.rfftfreq(len(x), 1 / RATE)
        s = np.abs(np.fft.rfft(x))
        print(f"{name:8}  {len(x) / RATE:5.2f}  {20 * np.log10(np.abs(x).max()):9.1f}  "
              f"{20 * np.log10(np.sqrt(np.mean(x**2))):8.1f}  {(f * s).sum() / s.sum():11.0f}  "
              f"{ms:8.0f}")
    print(f"written to {args.out}/")


if __name__ == "__main__":
    main()
