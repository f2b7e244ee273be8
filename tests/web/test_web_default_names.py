"""The config's default names ("Player 1") are shown in the page's language, as the voice
says them; a name the players chose is shown as it is. A family that picks German on the
first evening must not read "Player 1" on the screen while the box says "Spieler 1"."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import async_playwright, expect
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_fakehub import FakeHub


async def test_default_names_follow_the_language_chosen_names_stay(
    hub: FakeHub, client_for: Callable[..., Awaitable[Any]]
) -> None:
    hub.language = "de"
    hub.players = [
        {"seat": 0, "name": "Player 1", "colour": "#e53935", "out": False},
        {"seat": 1, "name": "Ann", "colour": "#1e88e5", "out": False},
        {"seat": 2, "name": "Player 7", "colour": "#43a047", "out": False},
    ]
    hub.halli = {"piles": [
        {"seat": s, "top": "BBL", "pile": 1, "stack": 10} for s in range(3)]}
    client = await client_for(hub)
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(str(client.make_url("/")))
            await expect(page.locator("#piles .player")).to_have_count(3)
            text = await page.inner_text("#piles")
            assert "Spieler 1" in text and "Ann" in text and "Spieler 7" in text
            assert "Player" not in text

            hub.language = "en"  # the language changed in the settings: the names follow
            hub._bump()
            await expect(page.locator("#piles")).to_contain_text("Player 1")
            text = await page.inner_text("#piles")
            assert "Player 1" in text and "Ann" in text and "Spieler" not in text
        finally:
            await browser.close()
    assert errors == []
