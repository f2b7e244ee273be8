"""Nelly's page on a 390 px phone (390x844), in a real headless Chromium on a real daemon:
nothing spills past the screen's edge (no sideways scrolling, every element of the game
inside the width), with the die thrown, the fall form and the camera zones open, in
English and German. The screens are kept (screens.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright
from screens import SIZES, shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS, free_port

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nelly_count import ZoneStore
from tableref.device.daemon.nelly_session import NellyKit
from tableref.device.store import Store
from tableref.device.web.app import create_app
from tableref.device.web.limits import start_web
from tableref.games.nelly import FACES, Face

NAMES = ["Annabelle-Marie", "Ben", "Cid", "Dora-Josephine"]
CONFIG = ('game = "nelly"\n' + "".join(f'[[players]]\nname = "{n}"\n' for n in NAMES)
          + '[voice]\nengine = "none"\n')


class Faces:
    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)

    def randrange(self, stop: int, /) -> int:
        return FACES.index(self.faces.pop(0)) if self.faces else 0


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


@pytest.fixture
async def daemon(tmp_path: Path) -> AsyncIterator[tuple[Daemon, str]]:
    kit = NellyKit(rng=Faces([Face.RED, Face.ALL]), gesture_s=0.3,
                   counter=lambda image, zones: {"zones": []},
                   zones=ZoneStore(tmp_path / "zones.json"))
    d = Daemon(parse_config(CONFIG), Store(tmp_path / "j.sqlite3"),
               Equipment(kits={"nelly": kit}))
    await d.start()
    port = free_port()
    runner = await start_web(create_app(d, pin=None, lan=False), "127.0.0.1", port)
    try:
        yield d, f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()
        await d.stop()
        d.store.close()


SPILLS = """(w) => [...document.querySelectorAll('#nelly *')].map((e) => [e,
  e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && (r.right > w + 0.5
  || r.left < -0.5)).map(([e, r]) => `${e.tagName}.${e.className} ${r.left}..${r.right}`)"""


async def _nothing_spills(page: Page, w: int, name: str) -> None:
    await page.screenshot(path=str(shot_path(name)), full_page=True)
    scroll = await page.evaluate("document.scrollingElement.scrollWidth")
    spills = await page.evaluate(SPILLS, w)
    assert spills == [], spills
    assert scroll <= w, scroll


async def test_nellys_page_fits_a_390px_phone(browser: Browser,
                                              daemon: tuple[Daemon, str]) -> None:
    d, base = daemon
    w, h = SIZES["phone"]
    errors: list[str] = []
    page = await browser.new_page(viewport={"width": w, "height": h})
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(base + "/")
    await page.wait_for_selector("#nelly .seat h2")
    await _nothing_spills(page, w, "nelly-phone-start")
    await page.click("#nelly .seat[data-seat='0'] button.roll")
    await page.wait_for_selector("#nelly-die[data-face='red']")
    await _nothing_spills(page, w, "nelly-phone-thrown")
    await page.click("#nelly .seat[data-seat='0'] button:has-text('red: placed on the head')")
    await page.wait_for_selector("#nelly-hippo .head-place.taken")
    await page.locator("#nelly .seat button.fell").first.click()  # a turtle fell: the form
    await page.wait_for_selector("#nelly-fall:not([hidden])")
    await page.click("#nelly-zones summary")
    await _nothing_spills(page, w, "nelly-phone-fall-zones")
    await d.apply_settings({"language": "de"})
    await page.wait_for_selector("html[lang=de]")
    await page.wait_for_timeout(300)
    await _nothing_spills(page, w, "nelly-phone-fall-zones-de")
    assert errors == []
