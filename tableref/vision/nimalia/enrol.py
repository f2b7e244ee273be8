"""Learn how the cards look from one image per card (id.png) and the card data (CARDS.json).

Every space of every enrolled card is cut out square, and its terrain rim, water at the
corners and animal descriptor are kept, labelled from CARDS.json. A partial enrolment
works as long as every kind of space (terrain x animal, otters on each terrain) appears.
The result is saved as `nimalia-enrolment.npz` in a directory.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from tableref.vision.images import read_image
from tableref.vision.limits import ImageError
from tableref.vision.nimalia.cards import (
    ANIMALS,
    OTTER_TERRAINS,
    RESIDENTS,
    TERRAINS,
    Card,
    load_cards,
)
from tableref.vision.nimalia.features import (
    FINE_T,
    C,
    animal_descriptor,
    chroma,
    rim,
    turned_templates,
)

FILE = "nimalia-enrolment.npz"
# 2: templates weighted to the space's middle (made from the kept patches when older)
VERSION = 2
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp")


class EnrolError(ValueError):
    """The enrolment cannot be made or read; the message names the problem."""


@dataclass(frozen=True)
class Enrolment:
    terrain: np.ndarray  # (n,) index into TERRAINS
    animal: np.ndarray  # (n,) index into ANIMALS
    descriptor: np.ndarray  # (n, d)
    templates: np.ndarray  # (n, 4, T*T*3) per quarter turn
    river: np.ndarray  # (n,) 0 none, 1 "/", 2 "\\" as printed
    terrain_bgr: np.ndarray  # (4, 3) typical rim colour per terrain
    water_bgr: np.ndarray  # (3,)
    card_ids: tuple[int, ...]
    # (n, 3) mean colour of each space; None in enrolments made before it was kept
    mean_bgr: np.ndarray | None = None
    # (n, C, C, 3) uint8 each space as enrolled, for a second, finer look; None likewise
    patches: np.ndarray | None = None

    @cached_property
    def fine_templates(self) -> np.ndarray | None:
        """Templates at FINE_T per quarter turn, (n * 4, FINE_T*FINE_T*3), or None."""
        if self.patches is None:
            return None
        t = np.array([turned_templates(p, FINE_T) for p in self.patches])
        return np.ascontiguousarray(t.reshape(-1, t.shape[-1]))

    @property
    def space_bgr(self) -> np.ndarray:
        """Each enrolled space's mean colour, (n, 3) (an old enrolment: its terrain's)."""
        out: np.ndarray = (
            self.mean_bgr if self.mean_bgr is not None else self.terrain_bgr[self.terrain]
        )
        return out

    @cached_property
    def flat_templates(self) -> np.ndarray:
        """All templates, (n * 4, T*T*3)."""
        return np.ascontiguousarray(self.templates.reshape(-1, self.templates.shape[-1]))

    @cached_property
    def coarse_templates_t(self) -> np.ndarray:
        """Half-size templates, transposed for the coarse search, (T*T*3/4, n * 4)."""
        from tableref.vision.nimalia.nudge import pooled

        return np.ascontiguousarray(pooled(self.flat_templates).T)

    @property
    def terrain_chroma(self) -> np.ndarray:
        return chroma(self.terrain_bgr)

    @property
    def water_chroma(self) -> np.ndarray:
        return chroma(self.water_bgr)

    def save(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / FILE
        arrays: dict[str, Any] = {
            "terrain": self.terrain,
            "animal": self.animal,
            "descriptor": self.descriptor,
            "templates": self.templates,
            "river": self.river,
            "terrain_bgr": self.terrain_bgr,
            "water_bgr": self.water_bgr,
            "card_ids": np.array(self.card_ids),
            "version": np.array(VERSION),
        }
        if self.mean_bgr is not None:
            arrays["mean_bgr"] = self.mean_bgr
        if self.patches is not None:
            arrays["patches"] = self.patches
        with path.open("wb") as fh:
            np.savez_compressed(fh, **arrays)
        return path


def load_enrolment(directory: Path) -> Enrolment:
    path = Path(directory) / FILE
    if not path.is_file():
        raise EnrolError(
            f"no enrolment at {path}: run `tableref nimalia enroll --cards CARDS.json DIR` first"
        )
    try:
        with np.load(path) as z:
            version = int(z["version"]) if "version" in z.files else 1
            patches = z["patches"] if "patches" in z.files else None
            templates = z["templates"]
            if version < VERSION:
                if patches is None:
                    raise EnrolError(
                        f"{path}: made by an older tableref that did not keep the card images;"
                        " enrol again with `tableref nimalia enroll --cards CARDS.json DIR`"
                    )
                templates = np.array([turned_templates(p) for p in patches])
            return Enrolment(
                z["terrain"],
                z["animal"],
                z["descriptor"],
                templates,
                z["river"],
                z["terrain_bgr"],
                z["water_bgr"],
                tuple(int(i) for i in z["card_ids"]),
                z["mean_bgr"] if "mean_bgr" in z.files else None,
                patches,
            )
    except EnrolError:
        raise
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as err:
        raise EnrolError(f"{path}: not a readable enrolment ({err})") from err


def _find_image(directory: Path, card_id: int) -> Path | None:
    for suffix in IMAGE_SUFFIXES:
        p = directory / f"{card_id}{suffix}"
        if p.is_file():
            return p
    return None


def card_patches(image: np.ndarray) -> list[list[np.ndarray]]:
    """The card's four spaces as CxC patches, [[TL, TR], [BL, BR]]."""
    face = cv2.resize(image, (2 * C, 2 * C), interpolation=cv2.INTER_AREA)
    return [[face[r * C : (r + 1) * C, c * C : (c + 1) * C] for c in range(2)] for r in range(2)]


def enrol_images(cards: dict[int, Card], images: dict[int, np.ndarray]) -> Enrolment:
    """Build an enrolment from card images already in memory (BGR)."""
    rows = []
    for card_id, image in sorted(images.items()):
        if card_id not in cards:
            raise EnrolError(f"card image {card_id} has no entry in the card data")
        patches = card_patches(image)
        for r in range(2):
            for c in range(2):
                kind = cards[card_id][r][c]
                rows.append((kind, patches[r][c]))
    _check_coverage([k for k, _ in rows])
    rims = np.array([rim(p) for _, p in rows])
    terrain = np.array([TERRAINS.index(k.terrain) for k, _ in rows])
    terrain_bgr = np.array([np.median(rims[terrain == t], axis=0) for t in range(len(TERRAINS))])
    water_bgr = terrain_bgr[TERRAINS.index("lake")]
    desc = np.array([animal_descriptor(p, terrain_bgr[TERRAINS.index(k.terrain)]) for k, p in rows])
    animal = np.array([ANIMALS.index(k.animal) for k, _ in rows])
    templates = np.array([turned_templates(p) for _, p in rows])
    river = np.array([(None, "/", "\\").index(k.river) for k, _ in rows])
    mean_bgr = np.array([p.reshape(-1, 3).astype(np.float32).mean(axis=0) for _, p in rows])
    return Enrolment(
        terrain,
        animal,
        desc,
        templates,
        river,
        terrain_bgr,
        water_bgr,
        tuple(sorted(images)),
        mean_bgr,
        np.array([p for _, p in rows], np.uint8),
    )


def _check_coverage(kinds: list) -> None:  # type: ignore[type-arg]
    seen = {(k.terrain, k.animal) for k in kinds}
    wanted = [(t, a) for t in TERRAINS for a in RESIDENTS[t]] + [
        (t, "otter") for t in OTTER_TERRAINS
    ]
    missing = [f"{a} on {t}" for t, a in wanted if (t, a) not in seen]
    if missing:
        raise EnrolError(
            "the enrolled cards never show " + ", ".join(missing) + ": add cards that do"
        )


def enrol(cards_json: Path, image_dir: Path) -> Enrolment:
    """Enrol from a CARDS.json file and a directory of card images named by id."""
    cards = load_cards(cards_json)
    if not Path(image_dir).is_dir():
        raise EnrolError(f"{image_dir}: not a directory of card images")
    images: dict[int, np.ndarray] = {}
    for card_id in cards:
        path = _find_image(Path(image_dir), card_id)
        if path is None:
            continue
        try:
            img = read_image(path)
        except ImageError as err:
            raise EnrolError(str(err)) from None
        if min(img.shape[:2]) < 2 * C:
            raise EnrolError(f"{path}: {img.shape[1]}x{img.shape[0]} px is too small for a card")
        images[card_id] = img
    if not images:
        raise EnrolError(f"{image_dir}: no card images named by id (1.png ... {max(cards)}.png)")
    return enrol_images(cards, images)


def describe(enrolment: Enrolment) -> str:
    return json.dumps({"cards": len(enrolment.card_ids), "spaces": len(enrolment.terrain)})
