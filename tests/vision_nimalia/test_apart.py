"""A card laid apart from the reserve (touching none of it) is seen and said, not read into
the reserve and not silently left out; a loose card is never read as the reserve itself.
Photos of the project's renderer, its own card art."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.cli import main
from tableref.vision.nimalia.cards import Card
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.locate import NoReserveError
from tableref.vision.nimalia.recognise import recognise
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, PhotoStyle, S, render_photo
from tableref.vision.synth.nimalia_reserve import Placement, random_reserve, visible

STYLES = {"clean": CLEAN_SMALL, "default": PhotoStyle(clutter=False)}


def _beside(cards: dict[int, Card], seed: int, gap: int) -> tuple[list[Placement], Placement]:
    """A reserve of 3 cards, and a card of the deck laid `gap` spaces to its right (0: its
    edge against the reserve's)."""
    laid = random_reserve(list(cards), np.random.default_rng(seed), n_cards=3)
    spare = next(c for c in cards if c not in {p.card_id for p in laid})
    return laid, Placement(spare, min(p.row for p in laid), max(p.col for p in laid) + 2 + gap,
                           1)


@pytest.mark.parametrize("style", list(STYLES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_laid_apart_is_seen_and_not_read_into_the_reserve(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment,
    style: str, seed: int
) -> None:
    laid, apart = _beside(cards, seed, gap=1)
    photo = render_photo(card_images, cards, [*laid, apart], np.random.default_rng(seed),
                         STYLES[style])
    rec = recognise(photo.image, enrolment)
    assert rec.spaces == visible(cards, laid)  # the reserve, read right, without the card
    [quad] = rec.apart
    middle = np.array([[[(apart.col + 1) * S, (apart.row + 1) * S]]], np.float32)
    r0, c0 = min(p.row for p in laid), min(p.col for p in laid)
    middle -= np.array([c0 * S, r0 * S], np.float32)
    seen = cv2.perspectiveTransform(middle, photo.plane_to_photo)[0, 0]
    assert cv2.pointPolygonTest(quad.reshape(-1, 1, 2), (float(seen[0]), float(seen[1])),
                                False) > 0  # framed where it lies


def test_a_card_against_the_reserves_edge_is_read_with_it(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    laid, beside = _beside(cards, 1, gap=0)
    photo = render_photo(card_images, cards, [*laid, beside], np.random.default_rng(1),
                         CLEAN_SMALL)
    rec = recognise(photo.image, enrolment)
    assert rec.apart == [] and rec.spaces == photo.spaces


def test_no_card_apart_is_said_of_a_reserve_alone(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    for seed in range(6):
        rng = np.random.default_rng(50 + seed)
        laid = random_reserve(list(cards), rng, n_cards=int(rng.choice([3, 6, 9])))
        rec = recognise(render_photo(card_images, cards, laid, rng, STYLES["default"]).image,
                        enrolment)
        assert rec.apart == [], seed


def test_a_loose_card_nearer_the_camera_than_a_small_reserve_is_not_read_as_it(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    """Round 1's three cards overlapping (6 spaces show) and a loose card nearer the camera,
    which looks the larger patch: the reserve is the patch of the most spaces."""
    reserve = [Placement(1, 0, 0, 0), Placement(2, 0, 0, 1), Placement(3, 0, 1, 0)]
    loose = Placement(9, 4, 0, 0)
    style = PhotoStyle(width=800, height=600, space_px=(45.0, 60.0), max_tilt_deg=30.0,
                       clutter=False, lighting=False, noise=False)
    photo = render_photo(card_images, cards, [*reserve, loose], np.random.default_rng(18),
                         style)
    rec = recognise(photo.image, enrolment)
    assert rec.spaces == visible(cards, reserve)
    assert len(rec.apart) == 1


def test_the_command_line_says_a_card_lies_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    enrolment.save(tmp_path / "data" / "tableref" / "nimalia")
    laid, apart = _beside(cards, 2, gap=1)
    photo = render_photo(card_images, cards, [*laid, apart], np.random.default_rng(2),
                         CLEAN_SMALL)
    cv2.imwrite(str(tmp_path / "photo.png"), photo.image)
    assert main(["nimalia", "recognise", str(tmp_path / "photo.png")]) == 1
    assert "a card lies apart from the reserve, touching none of it" in capsys.readouterr().err
    assert main(["nimalia", "score", "--objectives", "4,5,16,19",
                 str(tmp_path / "photo.png")]) == 2
    assert "a card lies apart from the reserve" in capsys.readouterr().err


def test_one_card_beside_a_larger_patch_running_off_the_photo_is_no_reading(
    cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment: Enrolment
) -> None:
    """The reserve joined to a shadow's speckles that reach the photo's edge is no patch
    wholly in view; a loose card is. Read alone it would pass for the reserve."""
    photo = render_photo(card_images, cards, [Placement(5, 0, 0, 0)],
                         np.random.default_rng(3), CLEAN_SMALL)
    image = photo.image.copy()
    assert len(recognise(image, enrolment).guesses) == 4  # a card alone: read
    rng = np.random.default_rng(4)
    h, w = image.shape[:2]
    speckles = rng.random((h // 8, w // 3)) < 0.6  # a busy patch from the left edge
    big = cv2.resize(speckles.astype(np.uint8), (w // 3, h), interpolation=cv2.INTER_NEAREST)
    image[:, : w // 3][big > 0] = (40, 160, 230)
    with pytest.raises(NoReserveError, match="step back so the whole reserve is in view"):
        recognise(image, enrolment)
