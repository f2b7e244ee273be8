"""A photo of a reserve with one space the reader cannot be sure of: a coin on it."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from tableref.vision.nimalia.cards import space_json
from tableref.vision.nimalia.recognise import recognise
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, S, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve


def unsure_photo(cards: Any, images: Any, enrolment: Any
                 ) -> tuple[np.ndarray, list[dict[str, Any]], tuple[int, int]]:
    """(photo, the reserve's spaces, the space under the coin): one space covered by a
    grey disc, which the reader is unsure of while sure (and right) of every other.
    Searched among a few reserves: the tests using it are about what the box does with
    an unsure space, not about which spaces the reader doubts."""
    for seed in range(10, 60):
        rng = np.random.default_rng(seed)
        photo = render_photo(images, cards, random_reserve(list(cards), rng, n_cards=3), rng,
                             CLEAN_SMALL)
        pos = sorted(photo.spaces)[len(photo.spaces) // 2]
        at = np.array([[[(pos[1] + 0.5) * S, (pos[0] + 0.5) * S],
                        [(pos[1] + 1.0) * S, (pos[0] + 0.5) * S]]], np.float32)
        centre, edge = cv2.perspectiveTransform(at, photo.plane_to_photo)[0]
        image = photo.image.copy()
        radius = int(np.linalg.norm(edge - centre) * 0.85)
        cv2.circle(image, (int(centre[0]), int(centre[1])), radius, (128, 120, 110), -1)
        rec = recognise(image, enrolment)
        if [(d.row, d.col) for d in rec.unreadable] == [pos] and all(
                rec.spaces[p] == k for p, k in photo.spaces.items() if p != pos):
            truth = [{"row": r, "col": c, **space_json(k)}
                     for (r, c), k in sorted(photo.spaces.items())]
            return image, truth, pos
    raise AssertionError("no reserve among the seeds tried has exactly one unsure space")
