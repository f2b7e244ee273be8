"""Draw the recognised grid and each space's reading over the photo (for the screen), and
frame the cards seen apart from the reserve (not read)."""

from __future__ import annotations

import cv2
import numpy as np

from tableref.vision.nimalia.recognise import Recognition

SHORT = {
    "lion": "LIO",
    "giraffe": "GIR",
    "crocodile": "CRO",
    "flamingo": "FLA",
    "polar_bear": "BEA",
    "penguin": "PEN",
    "panda": "PAN",
    "gorilla": "GOR",
    "otter": "OTT",
}
TERRAIN_SHORT = {"savanna": "sav", "rain_forest": "for", "ice_floe": "ice", "lake": "lak"}


def annotate(photo: np.ndarray, rec: Recognition) -> np.ndarray:
    out = photo.copy()
    grid = rec.grid
    if grid is None:
        return out
    doubtful = {(d.row, d.col) for d in rec.unreadable}
    font = cv2.FONT_HERSHEY_SIMPLEX
    scale = max(0.3, grid.space_px / 110)
    number = {(d.row, d.col): i + 1 for i, d in enumerate(rec.unreadable)}
    for (r, c), kind in sorted(rec.guesses.items()):
        q = rec.quad((r, c)).astype(np.int32)
        colour = (0, 0, 255) if (r, c) in doubtful else (40, 220, 40)
        cv2.polylines(out, [q], True, colour, 4 if (r, c) in doubtful else 2, cv2.LINE_AA)
        centre = q.mean(axis=0)
        lines = [
            SHORT[kind.animal] + (" " + kind.river if kind.river else ""),
            TERRAIN_SHORT[kind.terrain],
        ]
        if (r, c) in doubtful:  # the number the page shows for the space to settle
            lines = [f"{number[(r, c)]} ?"]
        for i, text in enumerate(lines):
            (w, h), _ = cv2.getTextSize(text, font, scale, 1)
            org = (int(centre[0] - w / 2), int(centre[1] + (i - len(lines) / 2 + 0.8) * h * 1.5))
            cv2.putText(out, text, org, font, scale, (0, 0, 0), 3, cv2.LINE_AA)
            cv2.putText(out, text, org, font, scale, (255, 255, 255), 1, cv2.LINE_AA)
    for quad in rec.apart:  # a card lying apart from the reserve: framed, not read
        q = quad.astype(np.int32)
        cv2.polylines(out, [q], True, (0, 140, 255), 4, cv2.LINE_AA)
        text = "apart"
        (w, h), _ = cv2.getTextSize(text, font, scale, 1)
        centre = q.mean(axis=0)
        org = (int(centre[0] - w / 2), int(centre[1] + h / 2))
        cv2.putText(out, text, org, font, scale, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(out, text, org, font, scale, (255, 255, 255), 1, cv2.LINE_AA)
    return out
