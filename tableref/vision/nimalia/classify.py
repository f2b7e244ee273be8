"""Read each space: terrain from its rim, river from water at its corners, animal by
nearest enrolled neighbour among the animals its terrain allows. Each with a confidence.

The light of one photo is shared by all its spaces: a colour cast is estimated jointly
(each rim against its nearest terrain, repeated) and removed before judging.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tableref.vision.nimalia.cards import ANIMALS, RESIDENTS, TERRAINS
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.features import C, animal_descriptor, chroma, rim, water_fractions


@dataclass(frozen=True)
class Reading:
    terrain: str
    animal: str
    river: str  # "" when none
    terrain_conf: float  # 0..1
    river_conf: float
    animal_conf: float

    @property
    def confidence(self) -> float:
        return min(self.terrain_conf, self.river_conf, self.animal_conf)


def _terrains(rims: np.ndarray, enr: Enrolment) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Terrain index and confidence per rim, and the photo's colour cast (in chroma)."""
    ch = chroma(rims)
    protos = enr.terrain_chroma
    cast = np.zeros(3, np.float32)
    for _ in range(4):
        d = np.linalg.norm((ch - cast)[:, None, :] - protos[None], axis=2)
        idx = d.argmin(axis=1)
        cast = np.median(ch - protos[idx], axis=0)
    d = np.linalg.norm((ch - cast)[:, None, :] - protos[None], axis=2)
    idx = d.argmin(axis=1)
    srt = np.sort(d, axis=1)
    conf = np.clip((srt[:, 1] - srt[:, 0]) / (srt[:, 1] + 1e-6) / 0.5, 0, 1)
    return idx, conf, cast


def _nearest(desc: np.ndarray, enr: Enrolment, terrain: int, animal: int) -> float:
    sel = (enr.terrain == terrain) & (enr.animal == animal)
    if not sel.any():
        return np.inf
    return float(np.abs(enr.descriptor[sel] - desc).sum(axis=1).min())


def classify(patches: list[np.ndarray], enr: Enrolment) -> list[Reading]:
    """Read each CxC patch (BGR, square-on) of one photo."""
    if not patches:
        return []
    rims = np.array([rim(p) for p in patches])
    tidx, tconf, cast = _terrains(rims, enr)
    gain = np.exp(cast)  # the cast in chroma is a per-channel gain up to brightness
    out = []
    for patch, t, tc in zip(patches, tidx, tconf, strict=True):
        terrain = TERRAINS[int(t)]
        terrain_bgr = enr.terrain_bgr[int(t)]
        balanced = np.clip(patch.astype(np.float32) / gain, 0, 255)
        desc = animal_descriptor(balanced, terrain_bgr)
        candidates = list(RESIDENTS[terrain])
        river, rconf = "", 1.0
        if terrain != "lake":
            w = water_fractions(patch, enr.terrain_chroma[int(t)], enr.water_chroma, cast)
            falling = (w[0] + w[2]) / 2  # TL + BR: "\"
            rising = (w[1] + w[3]) / 2  # TR + BL: "/"
            strong, weak = max(falling, rising), min(falling, rising)
            if strong > 0.35 and weak < 0.5 * strong:
                river = "\\" if falling > rising else "/"
                rconf = float(np.clip(min((strong - 0.35) / 0.2, (strong - weak) / 0.3), 0, 1))
            else:
                rconf = float(np.clip(min((0.35 - strong) / 0.2, 1.0), 0, 1))
        if river:
            animal, aconf = "otter", 1.0
            d_otter = _nearest(desc, enr, int(t), ANIMALS.index("otter"))
            d_other = min(_nearest(desc, enr, int(t), ANIMALS.index(a)) for a in candidates)
            if np.isfinite(d_otter) and np.isfinite(d_other) and d_other < 0.6 * d_otter:
                aconf = 0.3  # the middle looks clearly like another animal
        else:
            d = [_nearest(desc, enr, int(t), ANIMALS.index(a)) for a in candidates]
            k = int(np.argmin(d))
            animal = candidates[k]
            lo, hi = min(d), max(d)
            aconf = float(np.clip((hi - lo) / (hi + 1e-6) / 0.3, 0, 1))
        out.append(Reading(terrain, animal, river, float(tc), rconf, aconf))
    return out


def cell_patches(canon: np.ndarray, cells: list[tuple[int, int]]) -> list[np.ndarray]:
    return [canon[r * C : (r + 1) * C, c * C : (c + 1) * C] for r, c in cells]
