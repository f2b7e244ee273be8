"""Nelly's page in a real headless Chromium (Debian's, driven by Playwright) on a real
daemon serving on loopback: the die large, Nelly's head and its places, the turtles and
plants, what the buttons mean, the big touch targets, a fall, a camera disagreement and
the camera zones. The screenshot is kept in build/test-artefacts/nelly.png."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_nelly import Faces, serving_nelly

from tableref.device.daemon.app import Daemon
from tableref.device.daemon.nelly_count import NellySeen, ZoneCount
from tableref.device.daemon.nelly_session import NellySession
from tableref.device.web.hub import snapshot_problems
from tableref.games.nelly import Face, Turtles

ARTEFACTS = Path(__file__).resolve().parents[2] / "build" / "test-artefacts"
CONFIG = ('game = "nelly"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
          '[[players]]\nname = "Cid"\n[voice]\nengine = "none"\n')


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


@pytest.fixture
async def daemon(tmp_path: Path) -> AsyncIterator[tuple[Daemon, str]]:
    async with serving_nelly(tmp_path, CONFIG, Faces([Face.RED, Face.ALL])) as served:
        yield served


def _events(d: Daemon) -> list[dict[str, object]]:
    return list(d.store.events(d.game_id))


async def _journal(page: Page, d: Daemon, n: int) -> None:
    """Wait until the journal holds `n` events (the page's click went through)."""
    for _ in range(200):
        if len(_events(d)) >= n:
            return
        await page.wait_for_timeout(50)
    raise AssertionError(f"the journal holds {len(_events(d))} events, not {n}")


async def test_the_nelly_page_shows_the_game_and_takes_the_players_reports(
        browser: Browser, daemon: tuple[Daemon, str]) -> None:
    d, base = daemon
    errors: list[str] = []
    page = await browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(base + "/")
    await page.wait_for_selector("#nelly .seat h2")
    assert snapshot_problems(d.snapshot()) == []
    assert await page.inner_text("#title") == "Nelly"
    assert await page.inner_text("#nelly-prompt") == "Ann, throw the die!"
    assert "press once = throw the die" in await page.inner_text("#nelly-buttons")
    assert await page.get_attribute("#nelly-hippo", "data-head") == "surfaced"
    assert await page.locator("#nelly .seat[data-seat='0'] .dome").count() == 6
    # the big button throws the box's die
    await page.click("#nelly .seat[data-seat='0'] button.roll")
    await page.wait_for_selector("#nelly-die[data-face='red']")
    assert "Red!" in await page.inner_text("#nelly-die")
    help_text = await page.inner_text("#nelly-buttons")
    assert "press once = placed on the back" in help_text
    assert "press twice = placed on the head" in help_text
    assert "three times or hold 1 s = turtles fell" in help_text  # the long press
    # Ann places on the head with the touch target
    await page.click("#nelly .seat[data-seat='0'] button:has-text('red: placed on the head')")
    await page.wait_for_selector("#nelly-hippo .head-place.taken")
    assert await page.locator("#nelly .seat[data-seat='0'] .dome.red").count() == 1
    assert await page.locator("#nelly .seat[data-seat='0'] .plant").count() == 1  # free
    # Ben presses his button with the keyboard: twice quickly is still "on the back"
    await page.keyboard.press("2")
    await page.keyboard.press("2")
    await page.wait_for_selector("#nelly .seat[data-seat='1'] .pressing")
    await _journal(page, d, 4)
    assert _events(d)[-1] == {"event": "place", "player": 1, "colour": "red", "on": "back"}
    await page.wait_for_selector("#nelly .seat[data-seat='2'].acts")
    # a turtle fell during Cid's move: the fall form, with big steppers
    await page.click("#nelly .seat[data-seat='2'] button.fell")
    await page.wait_for_selector("#nelly-fall:not([hidden])")
    assert await page.input_value("#fall-who") == "2"
    await page.click("#nelly-fall .c-red button:has-text('+')")
    await page.click("#nelly-fall .c-red button:has-text('+')")  # only 2 red on Nelly
    await page.click("#nelly-fall .c-red button:has-text('+')")
    assert await page.inner_text("#nelly-fall .c-red b") == "2"
    await page.click("#nelly-fall .c-red button:has-text('−')")
    await page.click("#nelly-fall button.go")
    await _journal(page, d, 5)
    assert _events(d)[-1] == {"event": "fall", "player": 2, "turtles": {"red": 1}}
    await page.wait_for_selector("#nelly-fall", state="hidden")
    # an impossible report is refused with the engine's reason, on screen
    await page.click("#nelly .seat[data-seat='2'] button:has-text('red: placed on the back')")
    await _journal(page, d, 6)
    # the camera disagrees: shown and asked, never recorded by itself
    session = d.session
    assert isinstance(session, NellySession)
    for _ in range(4):  # the first frame after Ben's report may be older than it
        session.seen(NellySeen(0, (ZoneCount(1, Turtles(3, 2, 2)),), (1280, 720)))
    await page.wait_for_selector("#nelly .disagree[data-seat='1']")
    shown = await page.inner_text("#nelly .disagree[data-seat='1']")
    assert "The camera sees at Ben's plants: 3 red, 2 yellow, 2 orange." in shown
    await page.screenshot(path=str(Path(d.store.path).parent / "nelly.png"), full_page=True)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(d.store.path).parent / "nelly.png", ARTEFACTS / "nelly.png")
    await page.click("#nelly .disagree[data-seat='1'] button:has-text('No: the box is right')")
    await page.wait_for_selector("#nelly .disagree", state="detached")
    assert len(_events(d)) == 6
    # the zones: drag a box on the camera picture for Ann, save
    await page.click("#nelly-zones summary")
    pic = page.locator("#zone-pic")
    await pic.scroll_into_view_if_needed()
    box = await pic.bounding_box()
    assert box is not None
    await page.mouse.move(box["x"] + 10, box["y"] + 10)
    await page.mouse.down()
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=5)
    await page.mouse.up()
    await page.click("#zone-save")
    for _ in range(100):
        if d.snapshot()["nelly"]["camera"]["zones"]:
            break
        await page.wait_for_timeout(50)
    [zone] = d.snapshot()["nelly"]["camera"]["zones"]["zones"]
    assert zone["player"] == 0 and len(zone["polygon"]) == 4
    assert 0 < zone["polygon"][2][0] <= 1280
    # the page in German: the words follow the box's language
    await d.apply_settings({"language": "de"})
    await page.wait_for_selector("#nelly-prompt:has-text('Ann, dreh Nelly weiter zu Ben!')")
    assert errors == []
