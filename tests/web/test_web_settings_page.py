"""The Settings tab as people meet it, in a real headless Chromium: players checked in the
page's words with the field pointed at, in the box's language; a running game is not thrown
away without a question."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import async_playwright
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_fakehub import FakeHub


async def test_players_are_checked_in_words_and_a_running_game_is_asked_about(
    hub: FakeHub, client_for: Callable[..., Awaitable[Any]]
) -> None:
    client = await client_for(hub)
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 800, "height": 480})
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(str(client.make_url("/")))
            await page.wait_for_selector("#halli .player h2")
            await page.click("#tabs button[data-view=settings]")
            names = page.locator("#set-players .p-name")
            await names.nth(1).fill("  ")
            await page.click("#settings-form button[type=submit]")
            await page.wait_for_selector("#settings-msg:has-text('Player 2 needs a name.')")
            assert await names.nth(1).get_attribute("aria-invalid") == "true"
            await names.nth(1).fill("ann")
            await page.click("#settings-form button[type=submit]")
            await page.wait_for_selector(
                "#settings-msg:has-text('Two players are called ann: give one of them another "
                "name.')")
            await page.locator("#set-players li").last.locator("button.remove").click()
            await page.click("#settings-form button[type=submit]")
            await page.wait_for_selector(
                "#settings-msg:has-text('Halli Galli Extreme is for 2 to 6 players, not 1.')")
            assert hub.settings == []  # nothing was sent that the box would refuse

            await page.click("#add-player")
            await names.nth(1).fill("Lea")
            hub.journal = 5  # cards were turned: a game is running
            hub._bump()
            await page.click("#settings-form button[type=submit]")
            await page.wait_for_selector("#dialog-text")
            await page.click("#dialog-no")
            assert hub.settings == []
            await page.click("#settings-form button[type=submit]")
            await page.click("#dialog-yes")
            await page.wait_for_selector("#settings-msg.ok")
            assert [p["name"] for p in hub.settings[0]["players"]] == ["Ann", "Lea"]

            hub.language = "de"  # the same checks in the box's language
            hub._bump()
            await page.wait_for_selector("html[lang=de]")
            await page.click("#tabs button[data-view=settings]")
            await names.nth(0).fill("")
            await page.click("#settings-form button[type=submit]")
            await page.wait_for_selector(
                "#settings-msg:has-text('Spieler 1 braucht einen Namen.')")
        finally:
            await browser.close()
    assert errors == []
