"""Teaching the box your own Nimalia cards from phone photos, on the page of a real
`tableref run --sim` daemon in a real headless Chromium at a phone's 390x844: the dialog
draws each card to find (terrain colours, the animals named, in the page's language), each
photo of it alone on the table is taken in any turn, a photo of another card is refused
saying so, and once the cards asked for are in, the box keeps the enrolment (for the run
only: this is the simulated table) and reads any card photographed back, naming it. The
photos are the project's own drawings of the game's cards (vision/synth) on rendered
tables; the screens are kept (screens.py)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from playwright.async_api import Page, async_playwright, expect
from screens import SIZES, shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS, DaemonProcess

from tableref.device import phrasebook
from tableref.device.daemon.nimalia_teach import wanted_cards
from tableref.games.nimalia.cards import card
from tableref.vision.nimalia.enrol import FILE
from tableref.vision.synth.nimalia_art import draw_card
from tableref.vision.synth.nimalia_photo import PhotoStyle, render_photo
from tableref.vision.synth.nimalia_reserve import Placement

ART_SEED = 11  # the drawn deck: not the simulated table's own cards


def _photo(card_id: int, turns: int, rng: np.random.Generator) -> bytes:
    """A phone photo of card `card_id` alone on a table, turned by `turns` quarters."""
    images = {card_id: draw_card(card(card_id).face, ART_SEED * 1000 + card_id)}
    photo = render_photo(images, {card_id: card(card_id).face},
                         [Placement(card_id, 0, 0, turns)], rng, PhotoStyle(clutter=False))
    ok, jpeg = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return bytes(jpeg.tobytes())


async def _send(page: Page, jpeg: bytes) -> None:
    await page.set_input_files("#nteach-file", {"name": "card.jpg", "mimeType": "image/jpeg",
                                                "buffer": jpeg})


async def test_the_cards_are_taught_from_phone_photos_and_read_back(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(
        'game = "nimalia"\nlanguage = "de"\n[voice]\nengine = "none"\n')
    daemon = DaemonProcess(tmp_path, "--config", str(tmp_path / "config.toml"))
    daemon.start()
    wanted = wanted_cards()
    de = lambda pid, **f: phrasebook.text(pid, "de", **f)  # noqa: E731
    rng = np.random.default_rng(4)
    errors: list[str] = []
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                w, h = SIZES["phone"]
                page = await browser.new_page(viewport={"width": w, "height": h})
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                await page.goto(daemon.base + "/")
                await page.click("#nteach-open")
                step = page.locator("#nteach-step")
                await expect(step).to_have_text(de("nimalia.teach_card", i=1, n=len(wanted)))
                first = card(wanted[0]).face
                spaces = page.locator("#nteach-card .nspace")
                await expect(spaces).to_have_count(4)
                # the card as it lies unturned: terrains by colour, animals in German words
                assert await spaces.first.get_attribute("class") == (
                    f"nspace t-{first[0][0].terrain.value}" + (
                        f" river r-{'up' if first[0][0].river == '/' else 'down'}"
                        if first[0][0].river else ""))
                assert await spaces.first.inner_text() == de(
                    f"nimalia.animal_{first[0][0].animal.value}")
                await page.screenshot(path=str(shot_path("nimalia-teach-phone-de")))
                for i, card_id in enumerate(wanted):
                    await expect(page.locator("#nteach-figure")).to_have_attribute(
                        "data-card", str(card_id))
                    if i == 2:  # another card: refused, saying so; the same card asked again
                        other = next(c for c in range(1, 61) if c not in wanted)
                        await _send(page, _photo(other, 0, rng))
                        await expect(page.locator("#nteach-result")).to_have_text(
                            de("nimalia.teach_other_card"))
                        await expect(page.locator("#nteach-figure")).to_have_attribute(
                            "data-card", str(card_id))
                    await _send(page, _photo(card_id, int(rng.integers(4)), rng))
                    await expect(page.locator("#nteach-progress")).to_have_text(
                        de("nimalia.teach_progress", k=i + 1, n=len(wanted)))
                    await expect(page.locator("#nteach-result.ok")).to_have_text(
                        de("nimalia.teach_learnt"))
                await expect(step).to_have_text(de("nimalia.teach_known"))
                # the simulated table: kept for this run, never in the data dir (over a
                # real deck's enrolment), and the dialog says so
                assert not (tmp_path / "data" / "tableref" / "nimalia" / FILE).exists()
                assert not list((tmp_path / "data").rglob("*.png"))
                taught = daemon.get_json("/api/nimalia/teach")
                assert taught["enrolled"] is True and taught["run_only"] is True
                await expect(page.locator("#nteach-run-only")).to_have_text(
                    de("nimalia.teach_run_only"))
                # any card, turned: read back with what was taught, and named
                check = next(c for c in range(60, 0, -1) if c not in wanted)
                await _send(page, _photo(check, 1, rng))
                result = page.locator("#nteach-result.ok")
                await expect(result).to_contain_text(f"Karte {check} des Spiels")
                await page.screenshot(path=str(shot_path("nimalia-teach-read-back-phone-de")))
                await page.set_viewport_size({"width": 800, "height": 480})
                await page.screenshot(path=str(shot_path("nimalia-teach-kiosk7-de")))
            finally:
                await browser.close()
    finally:
        daemon.stop()
    assert errors == []
