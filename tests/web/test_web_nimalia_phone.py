"""Nimalia's page on a 390 px phone (390x844), where players photograph their reserves, in a
real headless Chromium on a real `tableref run --sim` daemon: nothing spills past the
screen's edge (no sideways scrolling; the score sheet alone scrolls inside its own box), with
the objectives' choice and the camera zones open, in English, German and French; the photo
field speaks the page's language, not the browser's ("Choose File", "No file chosen"). The
screens are kept (screens.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Page, async_playwright
from screens import SIZES, shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS, DaemonProcess

from tableref.device import phrasebook

# every element of the view past the width, but for what sits in a box that scrolls
SPILLS = """(w) => [...document.querySelectorAll('#nimalia *')].filter((e) =>
  !e.closest('.sheet-wrap')).map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) =>
  r.width > 0 && (r.right > w + 0.5 || r.left < -0.5))
  .map(([e, r]) => `${e.tagName}#${e.id}.${e.className} ${r.left}..${r.right}`)"""


async def _nothing_spills(page: Page, w: int, name: str) -> None:
    await page.screenshot(path=str(shot_path(name)), full_page=True)
    spills = await page.evaluate(SPILLS, w)
    scroll = await page.evaluate("document.scrollingElement.scrollWidth")
    assert spills == [], spills
    assert scroll <= w, scroll


@pytest.mark.parametrize("language", ["en", "de", "fr"])
async def test_nimalias_page_fits_a_390px_phone(tmp_path: Path, language: str) -> None:
    (tmp_path / "config.toml").write_text(
        f'game = "nimalia"\nlanguage = "{language}"\n[voice]\nengine = "none"\n')
    daemon = DaemonProcess(tmp_path, "--config", str(tmp_path / "config.toml"))
    daemon.start()
    w, h = SIZES["phone"]
    errors: list[str] = []
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = await browser.new_page(viewport={"width": w, "height": h})
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                await page.goto(daemon.base + "/")
                await page.wait_for_selector("#nimalia-schedule th")
                await page.wait_for_selector(f"html[lang={language}]")
                await _nothing_spills(page, w, f"nimalia-phone-{language}")
                # the browser's own file field (its words in the browser's language) is not
                # seen; a tap on the page's button opens the phone's camera or files
                field = await page.locator("#upload-file").bounding_box()
                assert field is not None and field["width"] <= 1 and field["height"] <= 1
                button = page.locator("#upload-form .file-button")
                assert await button.inner_text() == phrasebook.text("nimalia.pick_photo",
                                                                     language)
                assert await page.inner_text("#upload-file-name") == phrasebook.text(
                    "nimalia.no_photo_picked", language)
                async with page.expect_file_chooser() as chooser:
                    await button.click()
                await (await chooser.value).set_files(
                    {"name": "reserve.jpg", "mimeType": "image/jpeg", "buffer": b"\xff\xd8"})
                assert await page.inner_text("#upload-file-name") == "reserve.jpg"
                for summary in await page.locator("#nimalia details > summary").all():
                    await summary.click()
                await page.wait_for_timeout(300)
                await _nothing_spills(page, w, f"nimalia-phone-open-{language}")
            finally:
                await browser.close()
    finally:
        daemon.stop()
    assert errors == []
