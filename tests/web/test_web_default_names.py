"""The config's default names ("Player 1") are shown in the page's language, as the voice
says them; a name the players chose is shown as it is. A family that picks German on the
first evening must not read "Player 1" on the screen while the box says "Spieler 1"."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright, expect
from screens import shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS, DaemonProcess
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


async def test_default_names_stay_defaults_in_the_settings_history_and_photo_form(
    tmp_path: Path,
) -> None:
    """On a German box the settings' name fields and their Remove labels read "Spieler 1",
    never the config's "Player 1"; saved unchanged, the names stay the box's defaults, so
    they follow the language: in French, History and Nimalia's photo form say "Joueur 1"."""
    (tmp_path / "config.toml").write_text('game = "halli"\nlanguage = "de"\n')
    errors: list[str] = []
    daemon = DaemonProcess(tmp_path, "--config", str(tmp_path / "config.toml"))
    daemon.start()
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = await browser.new_page(viewport={"width": 1024, "height": 600})
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                await page.goto(daemon.base + "/")
                await expect(page.locator("#piles .player")).to_have_count(4)
                await page.click("#tabs button[data-view=settings]")
                names = page.locator("#set-players .p-name")
                await expect(names).to_have_count(4)
                assert [await n.input_value() for n in await names.all()] == [
                    f"Spieler {n}" for n in range(1, 5)]
                assert await page.locator("#set-players .remove").first.get_attribute(
                    "aria-label") == "Spieler 1 entfernen"
                await page.screenshot(path=str(shot_path("settings-default-names-de")))
                # the simulated players have turned cards: the Halli game goes to History
                while daemon.get_json("/api/state")["journal"] < 2:
                    await page.wait_for_timeout(200)
                # saved unchanged but for one name, Nimalia in French: the others stay
                # the box's defaults
                await page.select_option("#set-game", "nimalia")
                await page.select_option("#set-language", "fr")
                await names.nth(1).fill("Ann")
                await page.click("#settings-form button[type=submit]")
                await page.click("dialog[open] #dialog-yes")
                await page.wait_for_selector("#settings-msg.ok")
                players = [p["name"] for p in daemon.get_json("/api/state")["players"]]
                assert players == ["Player 1", "Ann", "Player 3", "Player 4"]
                await expect(names.first).to_have_value("Joueur 1")

                await page.click("#tabs button[data-view=history]")
                await expect(page.locator("#history tbody tr")).to_have_count(1)
                row = await page.inner_text("#history tbody tr")
                assert "Joueur 1, Joueur 2, Joueur 3, Joueur 4" in row
                assert "Player" not in row and "Spieler" not in row
                await page.screenshot(path=str(shot_path("history-default-names-fr")))

                await page.click("#tabs button[data-view=game]")
                options = page.locator("#upload-player option")
                await expect(options).to_have_count(4)
                assert await options.all_inner_texts() == [
                    "Joueur 1", "Ann", "Joueur 3", "Joueur 4"]
            finally:
                await browser.close()
    finally:
        daemon.stop()
    assert errors == []
