"""Whose card, and when is it a hand: an adversarial review (helper, s30) of e2ba3eb and
77d69c9 in halli_eyes. "HEAD" and "fails at" below name those commits; every test passes
since the fixes that followed (an unread place is noted only for the seat whose first
turn it is; the ring test only on a pile with its own measure, other cards left out).

e2ba3eb: a card read where a seat's first card lay unread ("?") while that seat's pile
is not known is that seat's, whoever's turn it is. Which seat the "?" was is the nearest
of the places `pile_places` guesses: right when the players sit there, wrong when they
sit anywhere else (the box learns where they sit from the turn order in the first round).

77d69c9: a card read smaller than a whole card of its pile (or 0.8 of the table's cards,
for a pile with fewer than three read) is a hand over the pile ("~") when a ring round it
is a quarter or more not the empty table. A far pile under a tilted camera is always
smaller than that, and never gets the three reads that would give it its own measure.

Scenes: the project's own card art, backs and table (`vision.synth`), laid out as
`render_table` does; a tilted camera drawn as the piles' cards scaled with their distance
from the camera's edge of the table (the project's held-out conditions tilt it 15-35
degrees).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from tableref.device.camera.base import Frame
from tableref.device.daemon.halli_eyes import HalliEyes
from tableref.device.daemon.halli_session import HalliKit, HalliSession
from tableref.device.daemon.offline import OfflineBox
from tableref.device.sim.decks import halli_enrolment
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.halli.seats import pile_places
from tableref.vision.synth.halli_cards import card_image, random_style
from tableref.vision.synth.halli_props import card_back
from tableref.vision.synth.halli_scene import (
    SceneOptions,
    _card_quad,
    _light,
    paste_card,
    render_table,
)
from tableref.vision.synth.halli_table import draw_bell, table_texture

SEED = 7
W, H = 1280, 720


@pytest.fixture(scope="module")
def recogniser() -> Recogniser:
    return Recogniser(halli_enrolment(SEED))


# -- e2ba3eb: whose is a card read where a "?" lay -------------------------------------


def _blot(image: np.ndarray, at: tuple[float, float]) -> np.ndarray:
    """A grey blot over the card's middle (a glare, a card not lying flat): no fruit read."""
    out = image.copy()
    x, y = (round(v) for v in at)
    out[y - 25:y + 25, x - 25:x + 25] = (90, 90, 90)
    return out


def test_a_first_card_unread_for_a_moment_stays_the_seat_whose_turn_it_is(
        recogniser: Recogniser) -> None:
    """Two players: Ann (seat 0, to turn first) sits opposite the camera, Ben on its side,
    so Ann's pile lies where the box would guess Ben's (seat 0 nearest the camera). Ann
    turns her first card; for a still frame or two it is not read (a glare, the card
    settling), then it is. The "?" went to Ben, the seat whose guessed place is nearest,
    and was kept as where Ben's first card lay unread: Ann's card, read at last, is Ben's
    (HEAD: tops (None, "LL") on every frame after). Before e2ba3eb the turn order gave it
    to Ann. Fails at 77d69c9."""
    eyes = HalliEyes(recogniser, 2, recheck_s=0)
    places = pile_places(2, (W, H))  # render_table's: bottom (near the camera), top

    def table(ann: str | None, ben: str | None) -> np.ndarray:
        return render_table((ben, ann), seed=SEED)

    t = 0
    for _ in range(4):  # the empty table learnt
        eyes.look(Frame(table(None, None), t * 10**9, t))
        t += 1
    eyes.first_turn = 0
    frames = [_blot(table("LL", None), places[1])] * 2 + [table("LL", None)] * 3
    seen = []
    for image in frames:
        seen.append(eyes.look(Frame(image, t * 10**9, t))[0].tops)
        t += 1
    assert seen[-1][0] == "LL" and seen[-1][1] != "LL", seen


def test_a_first_card_unread_for_a_moment_four_players_sitting_the_other_way_round(
        recogniser: Recogniser) -> None:
    """Four players sitting round the table the other way (anticlockwise as the camera
    sees it: the camera on the other side of its stand, or the names given the other way):
    Ben (seat 1) sits where the box guesses Dee's place. Ben's first card, unread for a
    moment and then read, went to Dee at HEAD. Fails at 77d69c9."""
    eyes = HalliEyes(recogniser, 4, recheck_s=0)
    places = pile_places(4, (W, H))  # bottom, left, top, right

    def table(ann: str | None, ben: str | None, cid: str | None, dee: str | None
              ) -> np.ndarray:
        return render_table((ann, dee, cid, ben), seed=SEED)  # Ben right, Dee left

    t = 0
    for _ in range(4):
        eyes.look(Frame(table(None, None, None, None), t * 10**9, t))
        t += 1
    eyes.first_turn = 0
    for _ in range(2):
        seen = eyes.look(Frame(table("BBL", None, None, None), t * 10**9, t))[0].tops
        t += 1
    assert seen == ("BBL", None, None, None)
    eyes.first_turn = 1
    frames = [_blot(table("BBL", "LL", None, None), places[3])] * 2 \
        + [table("BBL", "LL", None, None)] * 3
    for image in frames:
        seen = eyes.look(Frame(image, t * 10**9, t))[0].tops
        t += 1
    assert seen[1] == "LL" and seen[3] != "LL", seen


# -- 77d69c9: a far pile under a tilted camera, its face-down stack beside it ----------


def _scale(py: float, tilt: float) -> float:
    """A tilted camera: the cards' size falls off towards the far edge of the table (1 at
    the nearest pile place, 1 - tilt at the farthest)."""
    return 1.0 - tilt * (0.8 * H - py) / (0.6 * H)


def _tilted(tops: tuple[str | None, ...], *, tilt: float, stacks: float | None,
            seed: int) -> np.ndarray:
    """`render_table`'s table, its piles' cards scaled for a tilted camera, each seat's
    face-down stack (the project's card back) `stacks` card widths beside its pile,
    round the bell (None: no stacks), lying the same way as the pile's cards."""
    rng = np.random.default_rng(seed)
    opts = SceneOptions(size=(W, H), hand=0.0, pile_depth=(1, 2))
    style = random_style(rng)
    frame = table_texture(rng, (W, H), opts.table)
    draw_bell(frame, (W / 2, H / 2), 55.0, rng)
    back = card_back(np.random.default_rng([seed, 50]))
    for i, (px, py) in enumerate(pile_places(len(tops), (W, H))):
        s = _scale(py, tilt)
        height, width = 160.0 * s, 160.0 * s / 1.5
        a = math.atan2(py - H / 2, px - W / 2)
        if stacks is not None:
            paste_card(frame, back, _card_quad(px - math.sin(a) * stacks * width,
                                               py + math.cos(a) * stacks * width,
                                               height, 1.5, a + math.pi / 2))
        code = tops[i]
        if code is None:
            continue
        prng = np.random.default_rng([seed, i])
        quad = _card_quad(px, py, height, 1.5, a + math.pi / 2 + prng.uniform(-0.1, 0.1))
        paste_card(frame, card_image("BB", style), quad + prng.uniform(-5, 5, 2))
        paste_card(frame, card_image(code, style, prng), quad)
    return _light(frame, rng, opts)


def _far_pile_game(stacks: float, seed: int) -> tuple[list[int], list[int]]:
    """Six players at the places the box knows (carried from the last game at the table);
    the camera tilted so the farthest pile's cards are 0.65 of the nearest's. The empty
    table was learnt before the cards were dealt; the stacks lie `stacks` card widths
    beside the piles. Twelve cards turned in turn, three still frames (a second apart)
    after each: per seat, how many of the 36 frames read it "~", and read it right. A
    new Recogniser each game: it keeps the cards' area it saw (`card_area`) from one
    frame to the next, so a shared one makes the result depend on what it saw before."""
    recogniser = Recogniser(halli_enrolment(SEED))
    n = 6
    eyes = HalliEyes(recogniser, n, recheck_s=0)
    eyes.piles = list(pile_places(n, (W, H)))
    t = 0
    for _ in range(4):  # the empty table, before the deal
        eyes.look(Frame(_tilted((None,) * n, tilt=0.35, stacks=None, seed=seed), t * 10**9, t))
        t += 1
    tops: list[str | None] = ["BBL", "PS", "LL", "SSS", "P", "B"]
    cards = ["PPS", "LLL", "SS", "BPP", "PPP", "SL", "BS", "PL", "BB", "BLL", "PSS", "SLL"]
    hidden, right = [0] * n, [0] * n
    for k, code in enumerate(cards):
        tops[k % n] = code
        for _ in range(3):
            image = _tilted(tuple(tops), tilt=0.35, stacks=stacks, seed=seed)
            seen = eyes.look(Frame(image, t * 10**9, t))[0].tops
            t += 1
            for s in range(n):
                hidden[s] += seen[s] == "~"
                right[s] += seen[s] == tops[s]
    return hidden, right


def test_a_far_pile_with_its_stack_beside_it_is_read() -> None:
    """Dee's pile lies farthest from the camera (cards 0.65 of the nearest's side, under
    0.8 of the table's), her face-down stack beside it (1.1 card widths centre to centre:
    the long sides a few pixels apart), dealt after the box learnt the empty table. The
    stack is no table in the ring round her top card (a quarter or more of it), so each
    card of hers is taken for a hand ("~"); her pile never gets the three reads that
    would measure it by its own cards, so it stays "~" for good. HEAD: Dee "~" in 36 of
    36 still frames over two cards of hers, read right in 0 (d6ad793, before 77d69c9:
    "~" in 1, right in 35). At the table no flip of hers is seen, and while it is her turn
    the session holds back every other seat's card (halli_session._look: the seat whose
    turn it is shows "~"), so the game stalls at her first turn. Fails at 77d69c9."""
    hidden, right = _far_pile_game(stacks=1.1, seed=1)
    assert hidden[3] <= 3 and right[3] >= 30, (hidden, right)


def test_two_far_piles_with_their_stacks_beside_them_are_read() -> None:
    """Another table (seed 7), the same layout: Cid's and Dee's piles (the two farthest)
    "~" in 11 and 10 of 36 frames at HEAD, right in 25 and 26 (d6ad793: 0 and 1 "~",
    right in 36 and 35). Fails at 77d69c9."""
    hidden, right = _far_pile_game(stacks=1.1, seed=7)
    assert hidden[2] <= 3 and hidden[3] <= 3, (hidden, right)


def test_a_far_pile_with_its_stack_a_little_aside_is_read() -> None:
    """The first table with each stack a fifth of a card's width farther (1.3 widths):
    out of the ring, and Dee's cards are read (passes at 77d69c9: the bound of the
    failure above)."""
    hidden, right = _far_pile_game(stacks=1.3, seed=1)
    assert hidden[3] <= 3 and right[3] >= 30, (hidden, right)


# -- the same, as the session counts the game ------------------------------------------


def _session(names: list[str]) -> tuple[OfflineBox, HalliSession]:
    box = OfflineBox(None, names=names, camera=True)
    game = HalliSession(box, HalliKit(reader=Recogniser(halli_enrolment(SEED))))
    box.start(game, names, event=game.start(names, {}))
    return box, game


def _play(box: OfflineBox, game: HalliSession, frames: list[np.ndarray]
          ) -> list[tuple[int, str | None]]:
    assert game.eyes is not None
    for n, image in enumerate(frames, 1):
        t = n * 3 * 10**8  # 0.3 s apart
        box.clock.advance_to(t)
        game.seen(game.eyes.look(Frame(image, t, n))[0])
    return [(r["player"], r.get("card")) for r in box.journal if r.get("event") == "flip"]


def test_the_session_counts_ann_s_first_card_unread_for_a_moment_as_hers() -> None:
    """The first test above as the box counts it. HEAD: Ann's LL shows on Ben's seat
    ("Ben's card is not counted: it was not their turn"), Ann's first flip is never
    counted, Ben's PS is counted as Ann's and Ann's BB as Ben's: the seats swapped for
    the rest of the game. Before e2ba3eb: LL, PS, BB, each its own seat's. Fails at
    77d69c9."""
    places = pile_places(2, (W, H))

    def table(ann: str | None, ben: str | None) -> np.ndarray:
        return render_table((ben, ann), seed=SEED)  # Ann opposite the camera

    box, game = _session(["Ann", "Ben"])
    frames = [table(None, None)] * 6 + [_blot(table("LL", None), places[1])] * 2 \
        + [table("LL", None)] * 4 + [table("LL", "PS")] * 4 + [table("BB", "PS")] * 4
    assert _play(box, game, frames) == [(0, "LL"), (1, "PS"), (0, "BB")]


def test_the_session_counts_the_far_piles_first_cards_right() -> None:
    """Six players, the camera tilted (the far piles' cards 0.65-0.74 of the nearest's),
    the stacks dealt after the box learnt the empty table, 1.1 card widths beside the
    piles (the far-pile table above). A first round and Ann's second card, five frames
    (1.5 s) after each card. HEAD: Cid's first card (LL) is "~" (smaller than 0.8 of the
    table's cards, the stack in its ring), so Cid's pile is learnt from Dee's card and
    every seat after him takes the next seat's: flips counted (2, P), (3, LL), (4, B),
    (5, SSS), 4 of 7 with the wrong card, and each of those seats reads its neighbour's
    pile from then on. d6ad793 (before 77d69c9): all 7 right. Fails at 77d69c9."""
    box, game = _session(["Ann", "Ben", "Cid", "Dee", "Eve", "Fay"])
    frames = [_tilted((None,) * 6, tilt=0.35, stacks=None, seed=1)] * 6 \
        + [_tilted((None,) * 6, tilt=0.35, stacks=1.1, seed=1)] * 4
    tops: list[str | None] = [None] * 6
    turned = ["BBL", "PS", "LL", "SSS", "P", "B", "PPS"]
    for k, code in enumerate(turned):
        tops[k % 6] = code
        frames += [_tilted(tuple(tops), tilt=0.35, stacks=1.1, seed=1)] * 5
    assert _play(box, game, frames) == [(k % 6, code) for k, code in enumerate(turned)]
