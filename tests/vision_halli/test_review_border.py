"""Review of 2510a55 (a crossing of a card's border band must go on 3 px inwards; reverted
after this review: its 14 failing cases here pass on the rule before it): what lies over
part of a card (another card's paper, a white sleeve, its shadow, a hand, a
holder) must leave it unknown or read right, never read with the fruits it hides left out.

Spec: a confident wrong read is the worst error; "unknown" is always acceptable. The
layout's symmetry is what tells a covered card, so it may be dropped only when nothing
lies across the card. Another card's paper (or a white sleeve) over a corner shows no ink
of its own: only its cut edge, or the soft shadow it casts, crosses the card's border,
a thin line at a slant, which does not run straight on inwards through the next 3 px.
"""

import math

import numpy as np
import pytest

from tableref.vision.halli.codes import canonical, fruit_code
from tableref.vision.halli.read import read_card
from tableref.vision.synth.halli_decks import Deck, random_deck

from .test_read import seen


def _card(code: str, layout: str, family: str, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = random_deck(rng, family)
    return Deck(**{**deck.__dict__, "layout": layout}).card(code, rng)


def _lying_over(img: np.ndarray, corner: int, angle: float, depth: float,
                edge: tuple[str, float], cover: tuple[int, int, int] = (242, 242, 242),
                ) -> np.ndarray:
    """Something over a corner of `img` (200 x 300, before trimming): all nearer the corner
    (0 TL, 1 TR, 2 BL, 3 BR) than `depth` px along the direction `angle` (radians from
    the x axis, into the card) is hidden under `cover`. `edge`: ("line", px) the cover's
    grey cut edge, ("shadow", px) the soft shadow it casts on the card, ("none", 0)."""
    h, w = img.shape[:2]
    cx, cy = [(0, 0), (w, 0), (0, h), (w, h)][corner]
    nx = (1 if cx == 0 else -1) * math.cos(angle)
    ny = (1 if cy == 0 else -1) * math.sin(angle)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = (xx - cx) * nx + (yy - cy) * ny - depth
    out = img.astype(np.float32)
    kind, px = edge
    if kind == "shadow":
        out *= np.where(d >= 0, 1 - 0.45 * np.exp(-d / px), 1.0)[..., None]
    out[d < 0] = cover
    if kind == "line":
        out[np.abs(d) < px / 2] = 120
    return np.clip(out, 0, 255).astype(np.uint8)


def _read(img: np.ndarray) -> str:
    r = read_card(seen(img, 0.2), outlined=True)
    return fruit_code(r.counts) if r.kind == "fruit" and r.counts else r.kind


def _ok(code: str, got: str) -> bool:
    return got in ("unknown", canonical(code))


# Each card is read right whole; with another card's paper over its top-left corner (its
# cut edge a 6-px grey line at 34 degrees) one fruit is hidden. Before 2510a55 all are
# unknown; after it each is read without the hidden fruit (BBLL as BBL, PPSS as PPS, ...)
@pytest.mark.parametrize(("code", "layout", "family"), [
    ("BB", "dice", "outlined"), ("BBL", "dice", "flat"), ("BBLL", "zigzag", "shaded"),
    ("PPSS", "rows", "flat"), ("BPSL", "diagonal", "outlined"), ("BBBB", "triangle", "flat"),
    ("LLLLL", "diagonal", "shaded"), ("PSSSS", "rows", "outlined")])
def test_another_cards_edge_across_a_corner_leaves_it_unknown(code: str, layout: str,
                                                              family: str) -> None:
    img = _card(code, layout, family)
    assert _read(img) == canonical(code)  # whole, it reads
    got = _read(_lying_over(img, 0, 0.6, 120, ("line", 6)))
    assert _ok(code, got), (code, layout, family, got)


# The same with no cut edge drawn: only the shadow the covering card casts (3 px soft)
# crosses the border. Before: unknown; after: BS, BBL, BPS, BB, LLLL
@pytest.mark.parametrize(("code", "layout", "corner", "angle", "depth"), [
    ("BPS", "dice", 3, 0.3, 120), ("BBLL", "dice", 0, 0.3, 90), ("BPSL", "dice", 2, 0.3, 90),
    ("BBBB", "dice", 0, 1.2, 120), ("LLLLL", "triangle", 2, 0.3, 90)])
def test_the_shadow_of_a_card_lying_over_a_corner_leaves_it_unknown(
        code: str, layout: str, corner: int, angle: float, depth: float) -> None:
    got = _read(_lying_over(_card(code, layout, "flat"), corner, angle, depth,
                            ("shadow", 3)))
    assert _ok(code, got), (code, layout, corner, angle, depth, got)


def test_covers_over_corners_at_many_slants_are_never_read_wrong_more_than_before() -> None:
    """A sweep: 4 codes x 4 corners x 4 slants x 2 depths, another card's paper with a
    6-px cut edge. Before 2510a55 none of these 128 was read wrong; after it 36 are."""
    wrong = []
    for code, layout in (("BBLL", "dice"), ("PPSS", "rows"), ("BPSL", "zigzag"),
                         ("BBBB", "diagonal")):
        img = _card(code, layout, "shaded")
        for corner in range(4):
            for angle in (0.3, 0.6, 0.9, 1.2):
                for depth in (90, 120):
                    got = _read(_lying_over(img, corner, angle, depth, ("line", 6)))
                    if not _ok(code, got):
                        wrong.append((code, corner, angle, depth, got))
    assert wrong == [], (len(wrong), wrong[:8])


# guards (pass before and after): a hand, a dark sleeve, a wooden holder over a corner
# are ink right across the border and on into the card. Both before and after 2510a55 a
# few are read wrong (the cover itself taken for a fruit, or a triangle's two fruits left
# looking symmetric): those are listed and no other may be; 98, 46 and 98 are "animal"
# (a fruit card under a big patch of ink: a picture), left aside here
KNOWN = {
    "skin": {("LLL", 2, 0.8, 90, "SLLL"), ("LLL", 3, 0.8, 90, "SLLL"),
             ("BBPPS", 0, 0.3, 40, "BPPSS")},
    "sleeve": {("LLL", 0, 0.8, 90, "LL"), ("LLL", 1, 0.8, 90, "LL")},
    "wood": {("LLL", 2, 0.3, 40, "BLLL"), ("LLL", 3, 0.3, 40, "BLLL"),
             ("BBPPS", 2, 0.3, 40, "BBBPPS")},
}


@pytest.mark.parametrize(("name", "cover"), [("skin", (110, 150, 210)),
                                             ("sleeve", (40, 40, 50)),
                                             ("wood", (40, 90, 150))])
def test_ink_over_a_corner_is_read_wrong_no_more_than_before(
        name: str, cover: tuple[int, int, int]) -> None:
    wrong = set()
    for code, layout in (("BBLL", "dice"), ("PPSS", "rows"), ("BPSL", "zigzag"),
                         ("LLL", "triangle"), ("BBPPS", "diagonal")):
        img = _card(code, layout, "flat")
        for corner in range(4):
            for angle in (0.3, 0.8, 1.2):
                for depth in (40, 90, 130):
                    got = _read(_lying_over(img, corner, angle, depth, ("none", 0), cover))
                    if got not in ("animal", "back") and not _ok(code, got):
                        wrong.add((code, corner, angle, depth, got))
    assert wrong <= KNOWN[name], wrong - KNOWN[name]


def _quad(cx: float, cy: float, w: float, h: float, a: float) -> np.ndarray:
    ca, sa = math.cos(a), math.sin(a)
    return np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in
                     [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]],
                    np.float32)


def _thrown_table(s: int) -> list[tuple[int, str | None, str | None]]:
    """Table `s` of the whole-recogniser guard: what is read wrong inside card A's or the
    thrown card's outline, as (table, truth, read)."""
    import cv2

    from tableref.vision.halli.recognise import Recogniser
    from tableref.vision.synth.halli_decks import DRAWN, TUNED
    from tableref.vision.synth.halli_props import arm
    from tableref.vision.synth.halli_scene import paste_card
    from tableref.vision.synth.halli_surfaces import SURFACES, surface

    codes = ["BB", "PS", "BBL", "SSS", "BPS", "LLL", "BBLL", "PPSS", "BPSL", "BBBB", "BBPPS",
             "LLLLL", "PSSSS", "BBBBB"]

    def inside(q: np.ndarray, p: tuple[float, float]) -> bool:
        return cv2.pointPolygonTest(q.reshape(-1, 1, 2), (float(p[0]), float(p[1])),
                                    False) >= 0

    rec = Recogniser(nets=False)
    wrong: list[tuple[int, str | None, str | None]] = []
    rng = np.random.default_rng([31, s])
    deck = random_deck(rng, TUNED[s % 3])
    deck = Deck(**{**deck.__dict__, "layout": DRAWN[(s // 3) % len(DRAWN)]})
    frame = surface(rng, (1280, 720), SURFACES[int(rng.integers(len(SURFACES)))])
    cw = float(rng.uniform(80, 140))
    ch = 1.5 * cw
    a = float(rng.uniform(0, math.pi))
    qa = _quad(640, 360, cw, ch, a)
    ca = codes[int(rng.integers(len(codes)))]
    paste_card(frame, deck.card(ca, rng), qa)
    for x in (250, 1030):
        paste_card(frame, deck.card(codes[int(rng.integers(len(codes)))], rng),
                   _quad(x, 360, cw, ch, float(rng.uniform(0, math.pi))))
    qb, cb = None, None
    if s % 3 != 2:
        t = rng.uniform(0.55, 0.95)
        d = rng.uniform(0, 2 * math.pi)
        qb = _quad(640 + math.cos(d) * t * ch * 0.6, 360 + math.sin(d) * t * ch * 0.6,
                   cw, ch, a + float(rng.uniform(-0.9, 0.9)))
        cb = codes[int(rng.integers(len(codes)))]
        paste_card(frame, deck.card(cb, rng), qb)
    else:
        at = np.array([640, 360]) + rng.uniform(-1, 1, 2) * cw * 0.8
        arm(frame, rng, (float(at[0]), float(at[1])), cw)
    for c in rec(frame):
        if c.kind != "fruit":
            continue
        if qb is not None and inside(qb, c.center):
            truth = cb
        elif inside(qa, c.center):
            truth = ca
        else:
            continue
        if c.code != canonical(str(truth)):
            wrong.append((s, truth, c.code))
    return wrong


def test_cards_thrown_over_a_card_and_arms_over_it_in_the_whole_recogniser() -> None:
    """45 tables (any surface): card A at the middle, two lone cards beside it (the cards'
    size), and over part of A another card thrown on (two tables in three; it hides 5 to
    45 % of A) or an arm (its sleeve white one time in five). Whatever is read inside A's
    or the thrown card's outline is its code or unknown. Passes before and after 2510a55
    (on 900 such tables the change altered no wrong read: the recogniser does not call a
    covered card outlined)."""
    wrong = [w for s in range(45) for w in _thrown_table(s)]
    assert wrong == []


# found by the review on 900 such tables, before 2510a55 and after it alike (with one
# recogniser for all, its card size learnt; read alone, as here, these two stay wrong)
@pytest.mark.xfail(strict=True, reason="known, open in #11: an arm over a card leaves a "
                   "smaller card's outline, read without the fruits under the arm")
@pytest.mark.parametrize("table", [734, 737])
def test_known_wrong_reads_of_cards_under_an_arm(table: int) -> None:
    assert _thrown_table(table) == []


@pytest.mark.parametrize("table", [549, 846])
def test_cards_under_a_card_thrown_askew_are_not_read(table: int) -> None:
    """Two of the review's four: PPSS read as BPSS (the thrown card's banana counted, its
    plum hidden; the thrown card's edge runs across it: crossing.py) and PS read as P (both
    outlines found, the lower one's edge gone under the thrown card: overlap.py)."""
    assert _thrown_table(table) == []
