"""The game screen read from across the table, in a real headless Chromium at the sizes the
page is made for (800x480, 1024x600, 1280x720, a 390 px phone): fruit drawn inside their
cards, names never under a card, big counts, whose turn in words, the verdict in words,
nothing off the screen; and at the end a winner screen with the final counts, why the game
ended and "play again". Each screen is kept as a screenshot (screens.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from playwright.async_api import Browser, Page, async_playwright
from screens import SIZES, shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_fakehub import FakeHub

from tableref.device import phrasebook

COLOURS = ["#e53935", "#1e88e5", "#43a047", "#fdd835", "#8e24aa", "#fb8c00"]
NAMES = ["Annabelle-Marie", "Ben", "Cid", "Dora", "Emil", "Fatou"]
# the widest cards there are: six fruit, an animal, an empty pile, a card not read
TOPS = ["BBBPPL", "elephant", None, "SSLLL", "?", "BPSL"]


def _players(n: int) -> list[dict[str, Any]]:
    return [{"seat": i, "name": NAMES[i], "colour": COLOURS[i], "out": i == 2}
            for i in range(n)]


def _table(n: int, turn: int) -> dict[str, Any]:
    piles = [{"seat": i, "top": TOPS[i], "pile": 3 * i, "stack": 20 - i, "out": i == 2,
              "holding": 20 + 2 * i} for i in range(n)]
    return {
        "piles": piles, "turn": turn, "bell": 4, "missed": 2,
        "last_missed": {"cards": ["BBL", "BBL"], "reasons": ["two identical cards (BBL)"]},
        "zones": [{"seat": i, "x": 0.5, "y": 0.8} for i in range(n)],
        "rings": [{"seat": i, "right": i, "wrong": 1, "unjudged": 0} for i in range(n)],
    }


def _verdict(n: int) -> dict[str, Any]:
    return {"seq": 3, "player": 1, "right": True, "text": "Ben was first. Right!",
            "reasons": ["two identical cards (BBL)"], "margin_ms": 41.5, "second": 0,
            "taken": 9, "seen": TOPS[:n],
            "reaction_ms": {"1": 612.0, "0": 653.5}}


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


async def _page(browser: Browser, url: str, size: tuple[int, int], errors: list[str]) -> Page:
    w, h = size
    page = await browser.new_page(viewport={"width": w, "height": h})
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(url)
    return page


Box = dict[str, float]


async def _box(page: Page, selector: str) -> Box:
    box = await page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box


def _inside(inner: Box, outer: Box, slack: float = 0.5) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack)


def _overlap(a: Box, b: Box) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("players", [4, 6])
async def test_the_game_screen_reads_from_across_the_table(
    browser: Browser, hub: FakeHub, client_for: Callable[..., Awaitable[Any]],
    size: str, players: int,
) -> None:
    hub.players = _players(players)
    hub.halli = _table(players, turn=3)
    hub.verdict = _verdict(players)
    client = await client_for(hub)
    errors: list[str] = []
    w, h = SIZES[size]
    page = await _page(browser, str(client.make_url("/")), (w, h), errors)
    await page.wait_for_selector('#verdict[data-seq="3"]', state="attached")
    await page.wait_for_selector("#piles svg.card use")
    await page.screenshot(path=str(shot_path(f"halli-game-{players}p-{size}")))
    assert await page.inner_text("#verdict-text") == "Ben: right!"
    assert "two identical cards (BBL)" in await page.inner_text("#verdict-detail")

    await _check_table(page, (w, h), players, size != "phone", "en")
    assert (await page.get_attribute('#piles .player[data-seat="2"]', "aria-label")
            == "Cid: out")
    # a card in words for a screen reader
    assert (await page.get_attribute('#piles .player[data-seat="0"] svg.card', "aria-label")
            == "3 bananas, 2 plums, 1 lime")
    assert "612 ms" in await page.inner_text('#piles .player[data-seat="1"] .reaction')
    assert await page.inner_text("#missed") == "2 chances missed"
    assert errors == []


async def _check_table(page: Page, size: tuple[int, int], players: int, kiosk: bool,
                       lang: str) -> None:
    """Every seat's panel on the screen, its fruit inside its card, its name clear of the
    card, its counts big, its bell a finger's size (on a kiosk: all without scrolling)."""
    w, h = size
    panels = page.locator("#piles .player")
    assert await panels.count() == players
    for seat in range(players):
        panel = f'#piles .player[data-seat="{seat}"]'
        pbox = await _box(page, panel)
        assert pbox["x"] >= 0 and pbox["x"] + pbox["width"] <= w + 0.5, (seat, pbox)
        card = await _box(page, f"{panel} svg.card")
        assert _inside(card, pbox), (seat, card, pbox)
        for use in await page.locator(f"{panel} svg.card use").all():
            fruit = await use.bounding_box()
            assert fruit is not None and _inside(fruit, card), (seat, fruit, card)
        name = await _box(page, f"{panel} h2")
        assert not _overlap(name, card), (seat, name, card)
        assert name["height"] >= 17, name  # 1.3rem or more
        for count in await page.locator(f"{panel} .count b").all():
            b = await count.bounding_box()
            assert b is not None and b["height"] >= 22, b  # the counts, big
            assert _inside(b, pbox)
        bell = await _box(page, f"{panel} button.bell")
        assert bell["height"] >= 30  # a finger's target
        if kiosk:  # the kiosk shows the whole game without scrolling
            assert bell["y"] + bell["height"] <= h + 0.5, (seat, bell)
        # whose turn: in words and a shape, not only a colour (Dora's colour is yellow)
        badge = page.locator(f"{panel} .turn-badge")
        if seat == 3:
            assert await badge.inner_text() == "▶ " + phrasebook.text("halli.your_turn", lang)
            assert await page.get_attribute(panel, "aria-current") == "true"
        else:
            assert await badge.count() == 0


async def test_german_and_french_fit_the_small_kiosk_too(
    browser: Browser, hub: FakeHub, client_for: Callable[..., Awaitable[Any]],
) -> None:
    hub.players = _players(6)
    hub.halli = _table(6, turn=3)
    hub.verdict = _verdict(6)
    client = await client_for(hub)
    errors: list[str] = []
    page = await _page(browser, str(client.make_url("/")), SIZES["kiosk7"], errors)
    for lang in ("de", "fr"):
        hub.language = lang
        hub._bump()
        await page.wait_for_selector(f"html[lang={lang}]")
        await page.wait_for_selector("#piles svg.card use")
        await page.screenshot(path=str(shot_path(f"halli-game-6p-kiosk7-{lang}")))
        await _check_table(page, SIZES["kiosk7"], 6, True, lang)
        assert await page.inner_text("#verdict-text") == (
            "Ben: " + phrasebook.text("halli.verdict_right", lang))
    assert errors == []


@pytest.mark.parametrize("size", list(SIZES))
async def test_the_end_is_a_winner_screen_with_the_counts_and_the_rule(
    browser: Browser, hub: FakeHub, client_for: Callable[..., Awaitable[Any]], size: str,
) -> None:
    hub.players = _players(4)
    hub.halli = {**_table(4, turn=3), "over": True, "winner": 3, "turn": None,
                 "end": {"rule": "final_ring", "holding": [20, 0, 17, 35]}}
    # the last ring: Cid rang wrong in the final round, so Dora took the cards
    hub.verdict = {**_verdict(4), "player": 2, "right": False, "second": None,
                   "margin_ms": None, "taken": 9, "taker": 3, "reaction_ms": {}}
    client = await client_for(hub)
    errors: list[str] = []
    w, h = SIZES[size]
    page = await _page(browser, str(client.make_url("/")), (w, h), errors)
    await page.wait_for_selector("#halli-end", state="visible")
    await page.screenshot(path=str(shot_path(f"halli-end-{size}")))
    assert await page.locator("#piles").is_hidden()
    assert await page.inner_text("#verdict-text") == "Game over"
    assert await page.inner_text("#end-title") == "Dora wins!"
    assert await page.inner_text("#end-why") == phrasebook.text("halli.end_final", "en")
    assert await page.inner_text("#end-ring") == (
        "✘ Last ring: Cid was wrong. A wrong ring in the final round: Dora took the 9 cards.")
    assert await page.get_attribute("#end-ring", "data-kind") == "wrong"
    rows = page.locator("#end-table tbody tr")
    assert [await r.get_attribute("data-seat") for r in await rows.all()] == ["3", "0", "2", "1"]
    cells = await rows.first.locator("td").all_inner_texts()
    assert cells == ["35", "3", "1"]  # cards held, right rings, wrong rings
    again = await _box(page, "#play-again")
    if size != "phone":
        assert again["y"] + again["height"] <= h + 0.5
    await page.click("#play-again")
    for _ in range(100):  # the click's POST is on its way, not yet arrived
        if hub.settings:
            break
        await asyncio.sleep(0.05)
    assert hub.settings == [{"new_game": True}]
    assert errors == []
