"""How well the box reads reserves after the page's teaching (a few cards from phone
photos) against an enrolment of all 60 cards: rendered reserves of the project's own drawn
cards (6 cards each), read with each enrolment; spaces right, wrong, left unsure (the
players tap those), photos not read at all. Prints one line per enrolment.

    .venv/bin/python bench/nimalia_teach.py [PHOTOS]
"""

from __future__ import annotations

import sys
import time

import numpy as np

from tableref.device.daemon.nimalia_teach import wanted_cards
from tableref.games.nimalia.cards import card
from tableref.vision.nimalia.enrol import enrol_images
from tableref.vision.nimalia.recognise import recognise
from tableref.vision.synth.nimalia_art import draw_cards
from tableref.vision.synth.nimalia_photo import render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve


def main(n_photos: int = 24) -> None:
    deck = {i: card(i).face for i in range(1, 61)}
    images = draw_cards(deck, seed=7)
    rng = np.random.default_rng(3)
    photos = [render_photo(images, deck, random_reserve(list(deck), rng, n_cards=6), rng)
              for _ in range(n_photos)]
    for name, ids in (("taught on the page", wanted_cards()), ("all 60 cards", tuple(deck))):
        enrolment = enrol_images({i: deck[i] for i in ids}, {i: images[i] for i in ids})
        right = wrong = unsure = total = unread = 0
        start = time.perf_counter()
        for photo in photos:
            total += len(photo.spaces)
            try:
                rec = recognise(photo.image, enrolment)
            except ValueError:
                unread += 1
                unsure += len(photo.spaces)
                continue
            for pos, truth in photo.spaces.items():
                got = rec.spaces.get(pos)
                right += got == truth
                wrong += got is not None and got != truth
                unsure += got is None
        ms = (time.perf_counter() - start) * 1000 / len(photos)
        print(f"{name} ({len(ids)} cards): {right}/{total} spaces right, {wrong} wrong, "
              f"{unsure} unsure; {unread} photos not read; {ms:.0f} ms a photo")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 24)
