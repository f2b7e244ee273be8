"""Rendered scenes on disk (the renderer is deterministic, so a frame is made once), and
the enrolment a family would make of its own deck's animals.

The cache key is a hash of the renderer's source: any change to the drawing renders anew.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from bench.heldout import props
from bench.heldout.camera import Camera, Light, Sensor
from bench.heldout.card_art import ANIMALS, Deck, decks
from bench.heldout.conditions import sample_scene
from bench.heldout.scene import Moment, Placed, Table, render
from tableref.vision.halli.enrol import Enrolment, EnrolmentError, build_enrolment

HERE = Path(__file__).resolve().parent
RENDERER = ("fruit_art", "card_art", "surfaces", "camera", "canvas", "props", "scene",
            "conditions", "store")


def renderer_version() -> str:
    h = hashlib.sha1()
    for name in RENDERER:
        h.update((HERE / f"{name}.py").read_bytes())
    return h.hexdigest()[:12]


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tableref-heldout"


@dataclass
class Frame:
    seed: int
    hard: bool
    held: bool
    path: Path
    image: np.ndarray
    truth: list[dict[str, Any]]
    families: dict[str, str]
    tags: list[str]
    deck: str
    art: str


def scene_frame(seed: int, hard: bool, cache: Path) -> Frame:
    folder = cache / renderer_version() / "photos"
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{seed:05d}-{'hard' if hard else 'ord'}"
    path, meta_path = folder / f"{stem}.jpg", folder / f"{stem}.json"
    if path.exists() and meta_path.exists():
        meta = json.loads(meta_path.read_text())
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is not None:
            return Frame(seed, hard, meta["held"], path, image, meta["truth"], meta["families"],
                         meta["tags"], meta["deck"], meta["families"]["art"])
    scene = sample_scene(seed, hard)
    jpeg, image, truth = render(scene.table, scene.moment, 0)
    meta = {"seed": seed, "hard": hard, "held": scene.held, "families": scene.families,
            "tags": sorted(scene.tags), "deck": scene.table.deck.name,
            "size": [scene.table.camera.width, scene.table.camera.height],
            "truth": [t.to_json() for t in truth]}
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(jpeg)
    tmp.replace(path)
    meta_path.write_text(json.dumps(meta))
    return Frame(seed, hard, scene.held, path, image, meta["truth"], scene.families,
                 meta["tags"], scene.table.deck.name, scene.families["art"])


def deck_named(name: str) -> Deck:
    style = "scan" if name == "scans" else name.split("-")[0]
    for d in decks(style):
        if d.name == name:
            return d
    raise KeyError(name)


def one_card_photo(deck: Deck, code: str, seed: int) -> bytes:
    """A plain photo of one card on a dark cloth from above, as a family takes for enrolment."""
    card_w = 58.0
    cam = Camera(1280, 720, 60, 3, 0, 1, 1.0, (0.0, 0.0))
    cam = Camera(1280, 720, 60, 3, 0, 1, cam.focal * card_w / 260, (0.0, 0.0))
    table = Table(deck, "plain-dark", seed, cam, Light(5000, awb=0.9), Sensor(noise=0.006, jpeg=92),
                  props.Shade(45, 0.2), card_w, card_w * deck.aspect, [((0.0, 0.0), 5.0)],
                  [((400.0, 400.0), 0.0)], (600.0, 600.0))
    jpeg, _, _ = render(table, Moment([[Placed(code, (0.0, 0.0), 5.0)]], [0]), 0)
    return jpeg


def enrol_dir(deck: Deck, folder: Path) -> Path:
    """Photos of the deck's three animals named elephant.jpg, monkey.jpg, pig.jpg."""
    folder.mkdir(parents=True, exist_ok=True)
    for i, animal in enumerate(ANIMALS):
        (folder / f"{animal}.jpg").write_bytes(one_card_photo(deck, animal, 500 + i))
    return folder


_ENROLMENTS: dict[str, Enrolment | None] = {}


def enrolment_for(deck_name: str, cache: Path) -> tuple[Enrolment | None, str | None]:
    """The enrolment of a deck's animals (None for a deck without animals) and any error."""
    deck = deck_named(deck_name)
    if not deck.has_animals:
        return None, None
    if deck_name not in _ENROLMENTS:
        folder = enrol_dir(deck, cache / renderer_version() / "enrol" / deck_name)
        try:
            _ENROLMENTS[deck_name] = build_enrolment(folder)
        except EnrolmentError as err:
            _ENROLMENTS[deck_name] = None
            return None, f"{deck_name}: enrolment failed: {err}"
    return _ENROLMENTS[deck_name], None
