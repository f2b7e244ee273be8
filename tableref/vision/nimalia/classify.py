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
from tableref.vision.nimalia.features import (
    FINE_T,
    animal_descriptor,
    chroma,
    rim,
    template,
    water_fractions,
)


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


LUM_WEIGHT = 0.4
GREY_FAR = 25.0  # levels from grey: a rim this coloured is no plain ice floe
UNGLARE_RATIO = 0.25


def _log_lum(bgr: np.ndarray) -> np.ndarray:
    out: np.ndarray = np.log(bgr.astype(np.float32).mean(axis=-1, keepdims=True) + 8.0)
    return out


def _terrains(
    rims: np.ndarray, enr: Enrolment, known: int | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Terrain index and confidence per rim, and the photo's colour cast (in chroma).

    With `known`, the cast is learnt from the first `known` rims only (spaces of the
    reserve) and applied to the rest (cells that may be table)."""
    ch = chroma(rims)
    protos = enr.terrain_chroma
    if LUM_WEIGHT > 0:
        # brightness too: a dark rain forest under glare is as grey as an ice floe
        ch = np.concatenate([ch, LUM_WEIGHT * _log_lum(rims)], axis=1)
        protos = np.concatenate([protos, LUM_WEIGHT * _log_lum(enr.terrain_bgr)], axis=1)
    cast = np.zeros(ch.shape[1], np.float32)
    for _ in range(4):
        d = np.linalg.norm((ch - cast)[:, None, :] - protos[None], axis=2)
        idx = d.argmin(axis=1)
        cast = np.median((ch - protos[idx])[:known], axis=0)
    d = np.linalg.norm((ch - cast)[:, None, :] - protos[None], axis=2)
    idx = d.argmin(axis=1)
    srt = np.sort(d, axis=1)
    conf = np.clip((srt[:, 1] - srt[:, 0]) / (srt[:, 1] + 1e-6) / 0.5, 0, 1)
    idx, conf = _unglare(rims / np.exp(cast[:3]), enr.terrain_bgr, idx, conf)
    return idx, conf, cast


ICE = TERRAINS.index("ice_floe")


def _unglare(
    rims: np.ndarray, protos: np.ndarray, idx: np.ndarray, conf: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Glare adds white light: a coloured terrain washed out by it looks grey, like ice.
    A rim read as ice that is a dimmed terrain plus white (rim = k * terrain + g) to
    within a few levels, while it is far from grey, is that terrain."""
    idx, conf = idx.copy(), conf.copy()
    for i in np.flatnonzero(idx == ICE):
        x = rims[i].astype(np.float64)
        grey_fit = float(np.linalg.norm(x - x.mean()))
        best, best_res = -1, np.inf
        for t, p in enumerate(protos):
            if t == ICE:
                continue
            a = np.column_stack([p, np.ones(3)])
            (k, g), *_ = np.linalg.lstsq(a, x, rcond=None)
            if not (0.2 <= k <= 1.4 and -10 <= g <= 120):
                continue
            res = float(np.linalg.norm(a @ np.array([k, g]) - x))
            if res < best_res:
                best, best_res = t, res
        if best >= 0 and grey_fit > GREY_FAR and best_res < UNGLARE_RATIO * grey_fit:
            idx[i] = best
            conf[i] = float(np.clip(1 - best_res / (UNGLARE_RATIO * grey_fit), 0, 1))
    return idx, conf


def _nearest(desc: np.ndarray, enr: Enrolment, terrain: int, animal: int) -> float:
    sel = (enr.terrain == terrain) & (enr.animal == animal)
    if not sel.any():
        return np.inf
    return float(np.abs(enr.descriptor[sel] - desc).sum(axis=1).min())


def classify(
    patches: list[np.ndarray], enr: Enrolment, corr: np.ndarray | None = None
) -> list[Reading]:
    """Read each CxC patch (BGR, square-on) of one photo; `corr`, their `correlations`
    when already made."""
    if not patches:
        return []
    rims = np.array([rim(p) for p in patches])
    tidx, tconf, cast = _terrains(rims, enr)
    cast = cast[:3]
    gain = np.exp(cast)  # the cast in chroma is a per-channel gain up to brightness
    out = []
    if corr is None:
        corr = correlations(patches, enr)
    corrs = coloured(corr, patches, enr, cast)
    for patch, t, tc, corr in zip(patches, tidx, tconf, corrs, strict=True):
        known = _identify(corr, enr) or _second_look(patch, corr, enr)
        # the match is blind to the patch's overall colour: its rim must agree, unless the
        # match is so close that the rim must be what is off (a river crossing it)
        agrees = known is not None and (
            known[0] == TERRAINS[int(t)] or tc < RIM_VETO or float(corr.max()) >= SURE_MATCH
        )
        if known is not None and agrees:
            out.append(Reading(*known, 1.0, 1.0, 1.0))
            continue
        likely = _likeliest(corr, enr)
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
        match = _template_match(balanced, enr, int(t))
        if match is not None:
            animal, turned_river = match
            aconf = 1.0
            if animal != "otter":
                if river:
                    rconf = min(rconf, 0.4)
                river = ""
            elif not river:
                river, rconf = turned_river, 0.5
            elif river != turned_river:
                rconf = min(rconf, 0.3)
        elif river:
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
        if likely != (terrain, animal, river):
            # the look of the whole space says otherwise: do not trust the parts
            aconf = min(aconf, 0.2)
        out.append(Reading(terrain, animal, river, float(tc), rconf, aconf))
    return out


TEMPLATE_SCORE = 0.5
RIM_VETO = 0.5
SURE_MATCH = 0.8
TEMPLATE_MARGIN = 0.05
WEAK_SCORE = 0.4
WEAK_MARGIN = 0.12


def kind_codes(enr: Enrolment) -> np.ndarray:
    """A number per enrolled template (n * 4) naming its kind: terrain, animal and the
    river as it lies at that turn."""
    lying = _lying(enr).reshape(-1)
    out: np.ndarray = (np.repeat(enr.terrain, 4) * 8 + np.repeat(enr.animal, 4)) * 3 + lying
    return out


def _lying(enr: Enrolment) -> np.ndarray:
    """River code (0 none, 1 "/", 2 "\\") of every enrolled space at each quarter turn."""
    river = enr.river
    odd = np.where(river > 0, 3 - river, 0)
    return np.stack([river, odd, river, odd], 1)


def correlations(patches: list[np.ndarray], enr: Enrolment) -> np.ndarray:
    """Correlation of each patch with every enrolled space at every turn, (p, n, 4).

    One matrix product for all patches: many small ones cost far more on a busy machine."""
    seen = np.stack([template(p) for p in patches])
    corr: np.ndarray = (seen @ enr.flat_templates.T).reshape(len(patches), -1, 4)
    return corr


COLOUR_WEIGHT = 0.5
GLARE_GAIN = (0.2, 1.6)  # how much dimmer or brighter than enrolled a space may be


def colour_misfit(patches: list[np.ndarray], enr: Enrolment, cast: np.ndarray) -> np.ndarray:
    """How far each patch's mean colour, (p, n), once the photo's cast `cast` (chroma) is
    removed, is from each enrolled space's mean colour dimmed and washed with white light
    (seen = k * enrolled + g): the misfit in levels over the patch's mean level."""
    means = np.array([p.reshape(-1, 3).astype(np.float32).mean(axis=0) for p in patches])
    x = means / np.exp(cast[:3])
    m = enr.space_bgr
    xc = x - x.mean(axis=1, keepdims=True)  # (p, 3)
    mc = m - m.mean(axis=1, keepdims=True)  # (n, 3)
    k = np.clip((xc @ mc.T) / ((mc * mc).sum(axis=1) + 1e-6), *GLARE_GAIN)  # (p, n)
    res = np.linalg.norm(xc[:, None, :] - k[:, :, None] * mc[None], axis=2)
    out: np.ndarray = res / (x.mean(axis=1, keepdims=True) + 20.0)
    return out


def coloured(
    corr: np.ndarray, patches: list[np.ndarray], enr: Enrolment, cast: np.ndarray
) -> np.ndarray:
    """The correlations `corr` (p, n, 4) less a penalty for each patch's overall colour
    differing from the enrolled space's: the correlation removes each channel's mean, so
    alone it cannot tell a dark rain-forest panda from a polar bear on ice. The penalty
    counts from the patch's best-fitting colour, so the scores keep their scale."""
    misfit = colour_misfit(patches, enr, cast)
    misfit -= misfit.min(axis=1, keepdims=True)
    out: np.ndarray = corr - COLOUR_WEIGHT * misfit[:, :, None]
    return out


def _likeliest(corr: np.ndarray, enr: Enrolment) -> tuple[str, str, str]:
    """The kind of the enrolled space (at any turn) the patch matches best."""
    n, k = np.unravel_index(int(corr.argmax()), corr.shape)
    return (
        TERRAINS[int(enr.terrain[n])],
        ANIMALS[int(enr.animal[n])],
        ("", "/", "\\")[int(_lying(enr)[n, k])],
    )


def _identify(corr: np.ndarray, enr: Enrolment) -> tuple[str, str, str] | None:
    """(terrain, animal, river) when the patch is clearly one enrolled space (any turn):
    its best match (`corr`, (n, 4)) scores high and beats every space of another kind."""
    n, k = np.unravel_index(int(corr.argmax()), corr.shape)
    best = float(corr[n, k])
    if best < WEAK_SCORE:
        return None
    lying = _lying(enr)
    same = (
        (enr.terrain[:, None] == enr.terrain[n])
        & (enr.animal[:, None] == enr.animal[n])
        & (lying == lying[n, k])
    )
    others = corr[~same]
    margin = best - float(others.max()) if len(others) else 1.0
    # a clear match, or a weaker one that no space of another kind comes near
    if margin < TEMPLATE_MARGIN or (best < TEMPLATE_SCORE and margin < WEAK_MARGIN):
        return None
    return (
        TERRAINS[int(enr.terrain[n])],
        ANIMALS[int(enr.animal[n])],
        ("", "/", "\\")[int(lying[n, k])],
    )


FINE_NEAR = 0.1  # candidates this close to the best match get a second look
FINE_MARGIN = 0.05


def _second_look(
    patch: np.ndarray, corr: np.ndarray, enr: Enrolment
) -> tuple[str, str, str] | None:
    """When the best matches at T are of several kinds close together (lion and giraffe
    art look alike at 16 px), compare just those at FINE_T: (terrain, animal, river)
    when one kind then wins clearly, else None."""
    fine_t = enr.fine_templates
    flat = corr.reshape(-1)
    best = float(flat.max())
    if fine_t is None or best < WEAK_SCORE:
        return None
    near = np.flatnonzero(flat >= best - FINE_NEAR)
    fine = fine_t[near] @ template(patch, FINE_T)
    lying = _lying(enr).reshape(-1)
    kind = kind_codes(enr)
    i = int(fine.argmax())
    others = fine[kind[near] != kind[near[i]]]
    if len(others) and float(fine[i] - others.max()) < FINE_MARGIN:
        return None
    n = near[i] // 4
    return (
        TERRAINS[int(enr.terrain[n])],
        ANIMALS[int(enr.animal[n])],
        ("", "/", "\\")[int(lying[near[i]])],
    )


def _template_match(patch: np.ndarray, enr: Enrolment, terrain: int) -> tuple[str, str] | None:
    """(animal, river as lying) when the patch matches one enrolled space clearly better
    than any space of another animal; None when the match is not clear."""
    sel = np.flatnonzero(enr.terrain == terrain)
    if not len(sel):
        return None
    corr = enr.templates[sel] @ template(patch)  # (k, 4)
    best = corr.max(axis=1)
    i = int(best.argmax())
    animal = int(enr.animal[sel[i]])
    others = best[enr.animal[sel] != animal]
    second = float(others.max()) if len(others) else -1.0
    if best[i] < 0.7 or best[i] - second < 0.08:
        return None
    turns = int(corr[i].argmax())
    printed = ("", "/", "\\")[int(enr.river[sel[i]])]
    if printed and turns % 2:
        printed = "\\" if printed == "/" else "/"
    return ANIMALS[animal], printed
