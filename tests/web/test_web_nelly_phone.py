"""Nelly's page on a 390 px phone (390x844), in a real headless Chromium on a real daemon:
nothing spills past the screen's edge (no sideways scrolling, every element of the game
inside the width), with the die thrown, the fall form and the camera zones open, in
English and German. The screens are kept (screens.py)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright, expect
from screens import SIZES, shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_nelly import Faces, serving_nelly

from tableref.device.daemon.app import Daemon
from tableref.games.nelly import FACES, Face

NAMES = ["Annabelle-Marie", "Ben", "Cid", "Dora-Josephine"]
CONFIG = ('game = "nelly"\n' + "".join(f'[[players]]\nname = "{n}"\n' for n in NAMES)
          + '[voice]\nengine = "none"\n')


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


@pytest.fixture
async def daemon(tmp_path: Path) -> AsyncIterator[tuple[Daemon, str]]:
    faces = Faces([Face.RED, Face.ALL], rest=FACES[0])
    async with serving_nelly(tmp_path, CONFIG, faces) as served:
        yield served


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


OVERLAPS = """() => {
  const r = (q) => document.querySelector(q).getBoundingClientRect();
  const lines = (e) => { const range = document.createRange(); range.selectNodeContents(e);
    return new Set([...range.getClientRects()].map((x) => Math.round(x.top))).size; };
  const acts = document.querySelector('#nelly .seat.acts');
  const ring = parseFloat(getComputedStyle(acts).outlineWidth);
  const label = r('#nelly-hippo .back span'), back = r('#nelly-hippo .back');
  return {ring_bottom: acts.getBoundingClientRect().bottom + ring, box_top: r('#nelly-box').top,
          label_lines: lines(document.querySelector('#nelly-hippo .back span')),
          label_inside: label.left >= back.left - 0.5 && label.right <= back.right + 0.5};
}"""


@pytest.mark.parametrize("size", ["kiosk7", "kiosk10", "hd"])
async def test_the_turn_ring_and_the_back_s_count_overlap_nothing(
        browser: Browser, daemon: tuple[Daemon, str], size: str) -> None:
    """The ring round the seat that acts sat over the line below the seats (the box's
    count), and "auf dem Rücken: 0" broke onto a second line that spilled off Nelly's
    back. With the count in two digits, in every language, at the kiosk sizes."""
    d, base = daemon
    w, h = SIZES[size]
    page = await browser.new_page(viewport={"width": w, "height": h})
    await page.goto(base + "/")
    await page.wait_for_selector("#nelly .seat.acts")
    await page.click("#nelly .seat[data-seat='0'] button.roll")  # red: everyone places
    # the throw reaches the daemon over the page's socket: wait for it before reporting
    # the placements it allows (under load the first report came before it)
    await page.wait_for_selector("#nelly-die[data-face='red']")
    for seat in range(4):
        await d.report({"event": "place", "player": seat, "colour": "red", "on": "back"})
    await d.report({"event": "pass", "player": 0})
    await d.report({"event": "roll"})  # all: Ben feeds (a rotten plant), then all place
    await d.report({"event": "feed", "player": 1, "counter": "rotten"})
    for seat, colour in ((1, "yellow"), (2, "yellow"), (3, "orange"), (0, "orange")):
        await d.report({"event": "place", "player": seat, "colour": colour, "on": "back"})
    await d.report({"event": "pass", "player": 1})
    await d.report({"event": "roll"})  # all again: Cid feeds (a crab), then all place
    await d.report({"event": "feed", "player": 2, "counter": "crab"})
    for seat, colour in ((2, "red"), (3, "yellow"), (0, "red"), (1, "red")):
        await d.report({"event": "place", "player": seat, "colour": colour, "on": "back"})
    for language in ("en", "de", "fr"):
        await d.apply_settings({"language": language})
        await page.wait_for_selector(f"html[lang={language}]")
        # (a locator's wait: the page's policy forbids the eval a string predicate polls by)
        await expect(page.locator("#nelly-hippo .back span")).to_have_text(re.compile(r"12$"))
        await page.screenshot(path=str(shot_path(f"nelly-{size}-{language}")), full_page=True)
        got = await page.evaluate(OVERLAPS)
        assert got["ring_bottom"] <= got["box_top"] + 0.5, (language, got)
        assert got["label_lines"] == 1 and got["label_inside"], (language, got)
