"""End to end: three boxes (`tableref run --sim`) on a real Mosquitto, the club page
(`tableref club`) in a real headless Chromium: every table live, a killed box shown
offline, and the league's figures equal to what the boxes themselves recorded, also after
the club page is killed and started again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mqtt_boxes import BoxProcess, ClubProcess
from mqtt_broker import Mosquitto
from playwright.async_api import Browser, Page, async_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TABLES = {"t1": ["Ann", "Ben", "Cid"], "t2": ["ann", "Dan", "Eve"], "t3": ["Ben", "Fay"]}


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


def league_of(boxes: list[BoxProcess]) -> dict[str, tuple[int, int, int]]:
    """The league as the boxes' own histories say: per name (any case), games, wins, cards."""
    out: dict[str, list[int]] = {}
    for box in boxes:
        for game in box.get("/api/history"):
            assert game["game"] == "halli"
            for name, cards in zip(game["players"], game["scores"], strict=True):
                row = out.setdefault(name.casefold(), [0, 0, 0])
                row[0] += 1
                row[1] += name == game["winner"]
                row[2] += cards
    return {k: (g, w, c) for k, (g, w, c) in out.items()}


async def league_on_page(page: Page, game: str = "halli") -> dict[str, tuple[int, ...]]:
    rows = await page.locator(f'table[data-game="{game}"] tr[data-player]').all_inner_texts()
    out = {}
    for row in rows:
        name, *numbers = row.split("\t")
        out[name.strip().casefold()] = tuple(int(n) for n in numbers)
    return out


async def until_page(page: Page, check: Any, timeout_s: float, what: str) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while True:
        got = await check()
        if got:
            return got
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")
        await asyncio.sleep(0.1)


async def test_the_club_page_follows_three_tables_and_keeps_the_league(
        browser: Browser, tmp_path: Path) -> None:
    broker = Mosquitto(tmp_path)
    broker.start()
    club = ClubProcess(tmp_path, broker.port)
    boxes = [BoxProcess(tmp_path, t, p, broker.port, seed=i + 1)
             for i, (t, p) in enumerate(TABLES.items())]
    errors: list[str] = []
    try:
        club.launch()
        for box in boxes:
            box.launch()
        await asyncio.to_thread(club.wait_up)
        for box in boxes:
            await asyncio.to_thread(box.wait_up)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
        await page.goto(club.base + "/")
        # the kiosk's own stylesheet: the same look
        assert await page.locator('link[href="/static/core.css"]').count() == 1
        for table in TABLES:
            await page.wait_for_selector(f'article[data-table="{table}"][data-online="true"] '
                                         ".club-player", timeout=30000)
        assert await page.inner_text("#conn") == "live"
        names = await page.locator('[data-table="t3"] .club-player .who').all_inner_texts()
        assert names == TABLES["t3"]

        # live: a ring at table 1 is on the club page with the box's own words
        await asyncio.to_thread(boxes[0].ring, 1)
        said = boxes[0].get("/api/state")["halli"]["last_verdict"]["text"]
        await page.wait_for_selector(f'[data-table="t1"] .headline:text-is("{said}")',
                                     timeout=20000)

        # every table plays a game out, shown over on its card with the winner as the
        # leader: each looked at at once, since a table's simulated players start its next
        # game NEXT_GAME_AFTER_S (15 s) after the end, and playing the other tables' games
        # out first took 7 s here, more on a busy machine
        for box, table in zip(boxes, TABLES, strict=True):
            await asyncio.to_thread(box.play_a_game_out)
            await page.wait_for_selector(f'[data-table="{table}"] .headline.over',
                                         timeout=20000)
            leader = await page.inner_text(f'[data-table="{table}"] .club-player.leader .who')
            assert leader == box.get("/api/history")[0]["winner"]
        # the league adds up what the boxes recorded
        want = league_of(boxes)
        assert sum(g for g, _, _ in want.values()) == 8  # 3 + 3 + 2 seats
        await until_page(page, lambda: _equal(page, want), 30, "the league on the page")

        # the evening's view holds the same games; an evening with none is empty
        evening = (await page.locator("#evening option").all_inner_texts())[1]
        await page.select_option("#evening", evening)
        await until_page(page, lambda: _equal(page, want), 10, "the evening's league")
        assert club.get("/api/league?evening=2000-01-01")["games"] == []

        # a table whose box dies is shown offline (its last will)
        boxes[1].kill()
        await page.wait_for_selector('article.offline[data-table="t2"][data-online="false"]',
                                     timeout=30000)
        assert await page.locator('article[data-online="true"]').count() == 2
        await page.screenshot(path=str(tmp_path / "club.png"), full_page=True)

        # the club page killed and started again: the broker replays, nothing counts twice
        club.kill()
        club.start()
        await page.reload()
        await page.wait_for_selector('article[data-table="t1"][data-online="true"]')
        await until_page(page, lambda: _equal(page, want), 30, "the same league")
        view = club.get("/api/club")
        assert view["league"]["games"].get("finished") == 3
        assert view["dropped"]["bad"] == 0
    finally:
        for box in boxes:
            box.stop()
        club.stop()
        broker.stop()
    assert errors == []


async def test_a_game_whose_result_never_came_is_said_on_the_page(
        browser: Browser, tmp_path: Path) -> None:
    """A league (the club page's own file) where a table's game ended unseen: the page's
    foot says so."""
    from tableref.device.club.league import LEAGUE_FILE, League
    from tableref.device.club.model import Club
    from tableref.device.mqtt.payload import GameRef, event_message

    broker = Mosquitto(tmp_path)
    broker.start()
    club = ClubProcess(tmp_path, broker.port)
    league = League(club.dir / "data" / "tableref" / LEAGUE_FILE)
    model = Club(league, "broker")
    for seq, game in ((1, 1), (2, 2)):  # game 1's end never came
        ref = GameRef(game, "halli", ("Ann", "Ben"), "2026-11-27T19:30:00+00:00")
        model.message("t1", "events", event_message(
            "t1", "b0x", seq, ref.started, ref, {"event": "start", "players": ["Ann", "Ben"]}))
    league.close()
    try:
        club.start()
        page = await browser.new_page()
        await page.goto(club.base + "/")
        await page.wait_for_selector("footer:has-text('Games whose result never came: 1.')",
                                     timeout=20000)
    finally:
        club.stop()
        broker.stop()


async def _equal(page: Page, want: dict[str, tuple[int, int, int]]) -> bool:
    return await league_on_page(page) == want
