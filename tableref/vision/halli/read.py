"""Read one found card: a back, an animal picture, fruits counted, or unknown.

    reading = read_card(card, around, SURROUND_OFFSET)   # balanced, rectified
    reading.kind      # "fruit" | "animal" | "back" | "unknown"
    reading.counts    # {"banana": 2, ...} for a fruit card

The order: a card printed all over with a small repeated pattern is a back; one that
is mostly a coloured picture is an animal (which animal comes from enrolment); else
its ink patches are fruits, each classed by its hues (a calyx, a highlight, an outline
or shadow are parts of their fruit, never fruits of their own), banana against lime by
shape where the hue leaves it open, and the whole checked against the layouts a deck
prints (layouts.py). Anything weak gives "unknown" with the reason: never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from tableref.vision.halli.backs import back_evidence, ink_share
from tableref.vision.halli.codes import FRUITS
from tableref.vision.halli.edges import cut_fruit, intrusion, reach_edge
from tableref.vision.halli.fruit_parts import Patch, colour_parts, paper_mask, patches
from tableref.vision.halli.inks import DEFAULT, HueClass, classify
from tableref.vision.halli.layouts import Fruit, LayoutRules, layout_problem

Image = np.ndarray


@dataclass(frozen=True)
class ReadOptions:
    min_fruit: float = 0.009  # the smallest fruit, share of the card's area
    max_fruit: float = 0.17  # the largest single fruit
    max_marks: float = 0.03  # ink no fruit explains
    min_colour: float = 0.35  # a fruit is mostly printed colour
    picture_ink: float = 0.65  # ink share of a picture (an animal card)
    picture_patch: float = 0.17  # or one patch too big for a fruit
    layout: LayoutRules = field(default_factory=LayoutRules)


@dataclass(frozen=True)
class Reading:
    kind: str  # "fruit" | "animal" | "back" | "unknown"
    counts: dict[str, int] | None = None
    why: str = ""


def _banana_or_lime(p: Patch) -> str | None:
    """Where hue cannot tell: a banana is long or bent, a lime a plump oval."""
    if p.elongation >= 2.0 or p.solidity <= 0.78:
        return "banana"
    if p.elongation <= 1.75 and p.solidity >= 0.86:
        return "lime"
    return None


FRUIT_SPAN = 0.66  # of the card's side along it, one fruit spans at most
BANANA_SPAN = 0.76  # a banana lying across a card alone, long and thin, a little more


def _fruits_not_picture(card: Image, found: list[Patch], ink: float,
                        classes: dict[str, HueClass] | None, opts: ReadOptions) -> bool:
    """Whether the patch too big for a fruit is fruits: two or more printed touching (a
    lime, a banana and a lime in a chain), its colour in parts joined only by their
    outlines, each of a fruit's size and a fruit's colours; or one fruit, too big for the
    outline round it (part of a card), on a card with little ink (`ink`, its share). A
    picture has a part bigger than any fruit (a body, a background) or colours no fruit
    has."""
    area = float(card.shape[0] * card.shape[1])
    biggest = max(found, key=lambda p: p.area)
    parts = colour_parts(card, biggest.mask, opts.min_fruit * area,
                         [c.body for c in (classes or DEFAULT).values()])
    colour = sum(p.area for p in parts)

    def fruit(p: Patch) -> bool:  # of a fruit's colours
        return classify(p.hist, classes).fruit is not None

    main = max(parts, key=lambda p: p.area, default=None)
    if main is not None and ink < opts.picture_ink and fruit(biggest) and main.solidity >= 0.85 \
            and main.span <= FRUIT_SPAN and main.area >= 0.7 * colour \
            and colour >= 0.8 * biggest.colour * biggest.area:
        return True  # one round part of a fruit's colours (its calyx, leaf beside): a fruit
    return len(parts) >= 2 and all(
        p.area <= opts.max_fruit * area and p.span <= FRUIT_SPAN and fruit(p) for p in parts) and \
        colour >= 0.5 * biggest.area


MAX_UNSEEN = 0.02  # of the card (its paper margin trimmed) beyond the frame: a sliver


BORDER = 3  # px of the rectified card (64 wide): its printed margin, inside the trim


def _border_intact(card: Image, fruits: list[np.ndarray]) -> bool:
    """Nothing crosses the card's border band on any of its four sides: no place along a
    side where ink that is none of the card's fruits (`fruits`: their masks) runs through
    the band's whole depth. What covers part of a card (a hand, a sleeve, another card,
    its edge or shadow) comes from outside it and crosses its edge; a printed frame runs
    along the edge, and a fruit printed near it is the card's own."""
    foreign = ~paper_mask(cv2.cvtColor(card, cv2.COLOR_BGR2HSV))
    if fruits:
        own = np.logical_or.reduce(fruits).astype(np.uint8)
        # with its stem, leaf or calyx a few pixels off
        foreign &= cv2.dilate(own, np.ones((9, 9), np.uint8)) == 0
    b = BORDER
    # each band as (place along the side, depth), its ends left out: at a corner the
    # other side's band runs across it (a pixel of table where the outline is a little
    # off runs along that side, not across this one)
    bands = (foreign[:b].T, foreign[-b:].T, foreign[:, :b], foreign[:, -b:])
    return not any(bool(band[len(band) // 10:-(len(band) // 10)].all(axis=1).any())
                   for band in bands)


def _whole_layout_seen(fruits: list[Fruit], unseen: Image) -> bool:
    """Whether the part of the card beyond the frame can hold no fruit: a deck prints its
    fruits turned half round about the card's centre onto each other, so every fruit
    seen must have its partner's place, and the centre, inside the frame (a fruit there
    would be seen). Places within a tenth of the card's width count as one."""
    h, w = unseen.shape[:2]
    near = cv2.dilate(unseen.astype(np.uint8), np.ones((3, 3), np.uint8),
                      iterations=max(1, round(0.1 * w)))
    places = [(w / 2, h / 2)] + [(w - x, h - y) for x, y in (f.centre for f in fruits)]
    places += [f.centre for f in fruits]
    return all(not near[min(max(int(y), 0), h - 1), min(max(int(x), 0), w - 1)] for x, y in places)


def read_card(card: Image, around: Image | None = None, offset: tuple[int, int] = (0, 0),
              classes: dict[str, HueClass] | None = None,
              opts: ReadOptions | None = None, unseen: Image | None = None,
              outlined: bool = False) -> Reading:
    """Read a balanced, rectified card; `around` is it with a ring of what lies round
    it (the card being its window at `offset`); `unseen` (bool, the card's size) is the
    part of the card beyond the frame's edge, if any; `outlined`: each of the card's four
    sides stands out from what lies outside it (verify.outline_sides): the outline is
    the card's own edge all round, not a line across a card."""
    opts = opts or ReadOptions()
    h, w = card.shape[:2]
    area = float(h * w)
    ink = ink_share(card)
    found = patches(card)
    back = back_evidence(card, ink, found)
    if back == "back":
        return Reading("back", why="a small pattern all over: a card back")
    biggest = max((p.area for p in found), default=0) / area
    came_in, touches = (0.0, 0.0) if around is None else intrusion(around, offset, (w, h))
    picture = biggest >= opts.picture_patch or ink >= opts.picture_ink
    if picture and (came_in + touches < 0.05 or ink >= 0.8):
        if _fruits_not_picture(card, found, ink, classes, opts):
            return Reading("unknown", why="fruits too big for one: touching, or part of a card")
        if back == "some":
            return Reading("unknown", why="a picture with a pattern: an animal or a back?")
        return Reading("animal", why="a coloured picture, not fruits on paper")
    if came_in >= 0.01:
        return Reading("unknown", why="something runs onto the card from outside it")
    area = float(h * w)
    fruits: list[Fruit] = []
    own: list[np.ndarray] = []  # the fruits' patches
    marks = 0.0
    for p in found:
        small = p.area < opts.min_fruit * area
        # along the edge: a printed frame, or table or the card below seen there
        along = p.at_edge and p.in_band >= 0.75 and (p.elongation >= 4 or p.span >= 0.6)
        if ((p.at_edge and small) or along) and around is not None and \
                p.colour >= opts.min_colour and classify(p.hist, classes).fruit is not None \
                and cut_fruit(around, offset, p.mask, 0.5 * opts.min_fruit * area):
            return Reading("unknown", why="a fruit the outline cuts: more card beyond")
        if along or (p.at_edge and p.in_band >= 0.75 and small):
            continue
        if small:
            if not p.at_edge:
                marks += p.area / area
            continue
        if p.area > opts.max_fruit * area or p.span > BANANA_SPAN:
            return Reading("unknown", why="a patch too big for one fruit")
        if p.colour < opts.min_colour:
            if p.at_edge:
                continue  # a printed frame, or the card below showing at the edge
            return Reading("unknown", why="a dark or grey mark that is not a fruit")
        verdict = classify(p.hist, classes)
        if verdict.fruit is None:
            return Reading("unknown", why=verdict.why)
        kind: str | None = verdict.fruit
        if kind in ("banana", "lime") and verdict.ambiguous >= 0.3:
            kind = _banana_or_lime(p)
            if kind is None:
                return Reading("unknown", why="banana or lime? neither hue nor shape tells")
        # the shape must agree with the hue: bananas are long, limes plump ovals
        if (kind == "lime" and p.elongation >= 2.1) or (
                kind == "banana" and p.elongation < 1.6 and p.solidity > 0.9):
            return Reading("unknown", why=f"a {kind} of the wrong shape")
        if p.elongation > (5.0 if kind == "banana" else 2.6):
            return Reading("unknown", why=f"a {kind} too long: two fruits touching?")
        if p.span > FRUIT_SPAN and not (kind == "banana" and p.elongation >= 2.0):
            return Reading("unknown", why="a patch too big for one fruit")
        fruits.append(Fruit(str(kind), p.area, p.centre))
        own.append(p.mask)
    if marks > opts.max_marks:
        return Reading("unknown", why="marks that are not fruits")
    if unseen is not None and (float(unseen.mean()) > MAX_UNSEEN
                               or not _whole_layout_seen(fruits, unseen)):
        return Reading("unknown", why="part of the card is beyond the picture's edge")
    rules = opts.layout
    if outlined and came_in == 0 and touches == 0 and _border_intact(card, own) and not (
            around is None and any(m[0].any() or m[-1].any() or m[:, 0].any()
                                   or m[:, -1].any() for m in own)) and not (
            around is not None and reach_edge(around, offset, own)):
        # the card's own edge all round, nothing lying across it, no fruit cut by it:
        # every fruit printed on the card shows, however the deck lays them out (the
        # layout's symmetry only tells a covered card)
        rules = replace(rules, symmetric=False)
    problem = layout_problem(fruits, (w, h), rules)
    if problem is not None:
        return Reading("unknown", why=problem)
    counts = dict.fromkeys(FRUITS, 0)
    for f in fruits:
        counts[f.kind] += 1
    return Reading("fruit", counts)
