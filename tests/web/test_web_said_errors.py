"""The box's refusals said in the page's language: a refusal people can cause (a name the
box will not take, no camera picture to teach from, a game that is over) is a phrase of
the one table (phrasebook.Phrased); the web layer sends its id and fields along, and the
page, in German or French, shows it in that language, never the box's English."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from playwright.async_api import async_playwright
from screens import shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_fakehub import FakeHub

from tableref.device import phrasebook
from tableref.device.daemon.session import Refused
from tableref.device.daemon.settings import GameSettings, SettingsError, from_page
from tableref.device.daemon.snapshot import PlayerInfo
from tableref.device.web.hub import HubError

BOX = GameSettings("halli", "en", (PlayerInfo("Ann", "#e53935"), PlayerInfo("Ben", "#1e88e5")))


class CheckingHub(FakeHub):
    """The in-test hub, with the daemon's own check of the settings (settings.from_page)."""

    async def apply_settings(self, settings: dict[str, Any]) -> None:
        try:
            from_page(BOX, settings)
        except SettingsError as err:
            raise HubError.like(err) from None
        await super().apply_settings(settings)


def test_a_name_the_box_refuses_is_a_phrase_with_its_fields() -> None:
    with pytest.raises(SettingsError, match=r"players\[1\]\.name: 'STRASSE' is already") as e:
        from_page(BOX, {"players": [{"name": "Straße"}, {"name": "STRASSE"}]})
    assert e.value.for_page() == {"phrase": "page.name_taken", "fields": {"name": "STRASSE"}}
    with pytest.raises(SettingsError) as e:
        from_page(BOX, {"players": [{"name": "Ann"}, {"name": "B\x07n"}]})
    assert e.value.for_page() == {"phrase": "page.name_bad", "fields": {"n": 2}}
    with pytest.raises(SettingsError) as e:
        from_page(BOX, {"game": "nelly", "players": [{"name": n} for n in "ABCDE"]})
    assert e.value.phrase == "page.player_count" and e.value.fields["n"] == 5
    # passed on, the phrase is kept; a refusal said is its English phrase
    said = Refused.said("page.err_over")
    assert str(said) == phrasebook.text("page.err_over", "en")
    assert HubError.like(said).for_page() == {"phrase": "page.err_over", "fields": {}}
    assert HubError.like(ValueError("plain")).for_page() == {}


async def test_the_error_answer_carries_the_phrase(
    client_for: Callable[..., Awaitable[Any]],
) -> None:
    hub = CheckingHub()
    client = await client_for(hub)
    res = await client.post("/api/settings", json={"players": [{"name": "Straße"},
                                                               {"name": "STRASSE"}]})
    assert res.status == 400
    body = await res.json()
    assert body == {"error": "players[1].name: 'STRASSE' is already taken",
                    "phrase": "page.name_taken", "fields": {"name": "STRASSE"}}
    res = await client.post("/api/teach", json={"card": "monkey"})  # no camera picture
    assert (await res.json())["phrase"] == "devices.teach_no_camera"


@pytest.mark.parametrize("lang", ["de", "fr"])
async def test_the_page_says_the_boxs_refusals_in_its_language(
    client_for: Callable[..., Awaitable[Any]], lang: str,
) -> None:
    hub = CheckingHub()
    hub.language = lang
    client = await client_for(hub)
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 800, "height": 480})
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(str(client.make_url("/")))
            await page.wait_for_selector(f"html[lang={lang}]")
            # two names the page takes as different, the box as the same (casefold: ss = ß)
            await page.click('#tabs button[data-view="settings"]')
            names = page.locator("#set-players .p-name")
            await names.nth(0).fill("Straße")
            await names.nth(1).fill("STRASSE")
            await page.click('#settings-form button[type="submit"]')
            want = phrasebook.text("page.name_taken", lang, name="STRASSE")
            await page.wait_for_selector(f"#settings-msg:has-text({want!r})")
            assert "already taken" not in await page.inner_text("#settings-msg")
            await page.screenshot(path=str(shot_path(f"said-settings-{lang}")))
            assert hub.settings == []
            # teaching with no camera picture: the box's reason, in the page's language
            await page.click('#tabs button[data-view="game"]')
            await page.click("#teach-open")
            await page.click("#teach-go")
            want = phrasebook.text("devices.teach_no_camera", lang)
            await page.wait_for_selector(f"#teach-result:has-text({want!r})")
            await page.screenshot(path=str(shot_path(f"said-teach-{lang}")))
        finally:
            await browser.close()
    assert errors == []
