"""One Nimalia card alone on a photo, for teaching the box a card from a phone photo: the
card found, squared, and turned upright by its terrains.

`card_face(photo)` is the card seen from above, a square of 2x2 spaces as it lies (any
quarter turn); `upright(face, card)` turns it so its terrains are where the game's data has
them (`Face`), or None when no turn does: it is another card, or not a card at all.
"""

from __future__ import annotations

import cv2
import numpy as np

from tableref.games.nimalia.cards import Face
from tableref.games.nimalia.model import Terrain
from tableref.vision.nimalia.enrol import card_patches
from tableref.vision.nimalia.features import rim
from tableref.vision.nimalia.locate import locate

FACE_PX = 256  # the squared card: 2x2 spaces of 128 px
MAX_SKEW = 1.45  # a card's sides: at most this much longer one way than the other on a photo
# the printed terrains' colours (BGR): a lake's blue, a savanna's orange, the rain forest's
# green; an ice floe is white. A space's terrain by the colour at its rim: white (little
# saturation) is ice, else the nearest hue (shading and a tinted light change a hue little)
TERRAIN_BGR: dict[Terrain, tuple[int, int, int]] = {
    Terrain.LAKE: (237, 194, 65),
    Terrain.SAVANNA: (52, 160, 242),
    Terrain.RAIN_FOREST: (59, 112, 25),
}
WHITE_SATURATION = 0.25  # below this (max - min) / max, a rim is the ice floe's white


def _hue_sat(bgr: np.ndarray) -> tuple[float, float]:
    pixel = np.clip(np.asarray(bgr, np.float32), 0, 255).reshape(1, 1, 3).astype(np.uint8)
    h, s, _ = cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV_FULL)[0, 0]
    return float(h) * 360.0 / 256.0, float(s) / 255.0


_HUES = {t: _hue_sat(np.array(c))[0] for t, c in TERRAIN_BGR.items()}


def terrain_of(bgr: np.ndarray) -> Terrain:
    """The terrain whose colour `bgr` (a space's rim) is."""
    hue, sat = _hue_sat(bgr)
    if sat < WHITE_SATURATION:
        return Terrain.ICE_FLOE
    return min(_HUES, key=lambda t: min(abs(hue - _HUES[t]), 360.0 - abs(hue - _HUES[t])))


class CardPhotoError(ValueError):
    """No single card could be made out on the photo; the message says why."""


def _clockwise(quad: np.ndarray) -> np.ndarray:
    """Four corners, top-left first, clockwise on the photo (y down)."""
    centre = quad.mean(axis=0)
    quad = quad[np.argsort(np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0]))]
    out: np.ndarray = np.roll(quad, -int(np.argmin(quad.sum(axis=1))), axis=0)
    return out.astype(np.float32)


def _square_enough(quad: np.ndarray) -> bool:
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    across, down = (sides[0], sides[2]), (sides[1], sides[3])
    return bool(max(across) / min(down) <= MAX_SKEW and max(down) / min(across) <= MAX_SKEW)


def _corners(contour: np.ndarray) -> list[np.ndarray]:
    """The card's corners (photo pixels, top-left first, clockwise), as the outline's four
    corners and as the smallest rectangle around it (a space the colour of the table cuts a
    corner off the outline)."""
    hull = cv2.convexHull(contour.astype(np.float32))
    perimeter = cv2.arcLength(hull, True)
    out = []
    for share in (0.02, 0.03, 0.05, 0.08):
        approx = cv2.approxPolyDP(hull, share * perimeter, True)
        if len(approx) == 4:
            out.append(_clockwise(approx.reshape(4, 2)))
            break
    out.append(_clockwise(cv2.boxPoints(cv2.minAreaRect(hull))))
    return out


def card_face(photo: np.ndarray) -> np.ndarray:
    """The card alone on `photo`, squared (FACE_PX), as it lies; CardPhotoError if none."""
    try:
        found = locate(photo)
    except ValueError as err:
        raise CardPhotoError(f"no card stands out from the table ({err})") from None
    quads = [q for q in _corners(found.contour) if _square_enough(q)]
    if not quads:
        raise CardPhotoError("what stands out is not one square card: lay the card alone")
    quad = quads[0]
    if np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1).min() < 40:
        raise CardPhotoError("the card is too small on the photo: come closer")
    square = np.array([[0, 0], [FACE_PX, 0], [FACE_PX, FACE_PX], [0, FACE_PX]], np.float32)
    warp = cv2.getPerspectiveTransform(quad, square)
    face: np.ndarray = cv2.warpPerspective(photo, warp, (FACE_PX, FACE_PX),
                                           flags=cv2.INTER_AREA)
    return face


def terrains(face: np.ndarray) -> tuple[tuple[Terrain, Terrain], tuple[Terrain, Terrain]]:
    """The terrain of each of the face's four spaces, by the colour at its rim."""
    patches = card_patches(face)
    names = [terrain_of(rim(patch)) for row in patches for patch in row]
    return (names[0], names[1]), (names[2], names[3])


def upright(face: np.ndarray, card: Face) -> np.ndarray | None:
    """`face` turned so that its terrains lie where `card` has them (the fewest quarter
    turns first), or None when no turn does."""
    wanted = tuple(tuple(space.terrain for space in row) for row in card)
    for turns in range(4):
        turned: np.ndarray = np.ascontiguousarray(np.rot90(face, turns))
        if terrains(turned) == wanted:
            return turned
    return None
