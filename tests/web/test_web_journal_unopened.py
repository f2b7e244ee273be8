"""`tableref run` whose journal cannot be opened at all comes up anyway: the kiosk page is
served and says so in plain words with what to do (in the box's language), no game is
played, and the game starts by itself once the journal can be opened. Before, it exited 3
and systemd restarted it every 3 s for ever, with nothing on the screen.

Real causes, made for the daemon alone: a read-only file system (a tmpfs mounted `ro` in a
mount namespace the test makes, then remounted read-write from outside with nsenter), and
a data folder the daemon's user may not write (the daemon run as `nobody` with setpriv,
the folder then given to it). The page is read in a real headless Chromium.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, sync_playwright
from screens import shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS, free_port, get_json, until

from tableref.device import phrasebook

NOBODY = 65534
CONFIG = ('language = "{lang}"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
          '[voice]\nengine = "none"\n')


@contextmanager
def _daemon(base: Path, prefix: list[str], lang: str) -> Iterator[tuple[subprocess.Popen[bytes],
                                                                       str]]:
    (base / "config.toml").write_text(CONFIG.format(lang=lang))
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(base / "data"), "PYTHONUNBUFFERED": "1",
           "HOME": str(base)}
    env.pop("NOTIFY_SOCKET", None)
    log = (base / "daemon.log").open("w")
    proc = subprocess.Popen([*prefix, sys.executable, "-m", "tableref", "run", "--sim",
                             "--port", str(port), "--config", str(base / "config.toml")],
                            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=base)
    url = f"http://127.0.0.1:{port}"

    def served() -> Any:
        assert proc.poll() is None, (f"tableref run exited with {proc.returncode}:\n"
                                     + (base / "daemon.log").read_text())
        try:
            return get_json(url + "/api/state")
        except (urllib.error.URLError, ConnectionError, OSError):
            return None

    try:
        until(served, 40, "the page is served")
        yield proc, url
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        log.close()


def _unopened(state: dict[str, Any]) -> dict[str, Any] | None:
    return next((d for d in state["devices"] if d["name"] == "journal unopened"), None)


def _page_says(page: Page, lang: str, hint: str) -> None:
    card = page.locator('#devices .device-problem[data-device="journal unopened"]')
    card.wait_for()
    problem = phrasebook.text("devices.problem_journal_unopened", lang)
    assert card.locator(".problem").inner_text() == f"⚠ {problem}"
    todo = phrasebook.text(f"devices.todo_journal_unopened_{hint}", lang)
    assert card.locator(".todo").inner_text() == todo
    card.locator("summary").click()  # the daemon's own message, for whoever set it up
    assert "journal.sqlite3" in card.locator("code").inner_text()


def _started(url: str) -> dict[str, Any] | None:
    state: dict[str, Any] = get_json(url + "/api/state")
    return state if state["halli"] is not None and state["journal"] >= 1 else None


def test_a_read_only_card_is_said_on_the_screen_and_the_game_starts_once_writable(
        tmp_path: Path) -> None:
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True, text=True,
                           timeout=20, check=False)
    if shutil.which("unshare") is None or probe.returncode != 0:
        pytest.skip(f"mount namespaces are not available here: {probe.stderr.strip()}")
    data = tmp_path / "data"
    data.mkdir()
    mount = 'mount -t tmpfs -o ro,size=4m tableref-test "$0" && exec "$@"'
    prefix = ["unshare", "-m", "--propagation", "private", "sh", "-c", mount, str(data)]
    errors: list[str] = []
    with _daemon(tmp_path, prefix, "en") as (proc, url), sync_playwright() as pw:
        state = get_json(url + "/api/state")
        shown = _unopened(state)
        assert shown is not None and not shown["ok"] and shown["hint"] == "read_only"
        assert "Read-only file system" in shown["message"]
        assert state["halli"] is None
        time.sleep(2)
        assert proc.poll() is None  # it stays up: no exit, no restart loop
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 800, "height": 480})
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url + "/")
            _page_says(page, "en", "read_only")
            page.screenshot(path=str(shot_path("journal-unopened-read-only-kiosk7")))
            subprocess.run(["nsenter", "-t", str(proc.pid), "-m", "mount", "-o",
                            "remount,rw", str(data)], check=True, timeout=20)
            until(lambda: _started(url), 30, "the game starts once the card is writable")
            back = phrasebook.text("devices.back_journal_unopened", "en")
            page.wait_for_selector(f"#devices-back:has-text('{back}')")
            assert page.locator("#devices .device-problem").count() == 0
            page.wait_for_selector("#piles .player")  # the game on the screen
        finally:
            browser.close()
    assert errors == []


def test_a_data_folder_the_box_may_not_write_is_said_in_its_language(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("the daemon is run as another user (nobody): that needs root")
    base = Path(tempfile.mkdtemp(prefix="tableref-access-"))  # readable by nobody
    try:
        base.chmod(0o755)
        folder = base / "data" / "tableref"
        folder.mkdir(parents=True)  # root's, 0755: nobody may not write in it
        prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
        with _daemon(base, prefix, "de") as (_proc, url), sync_playwright() as pw:
            shown = _unopened(get_json(url + "/api/state"))
            assert shown is not None and shown["hint"] == "no_access"
            assert "Permission denied" in shown["message"]
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 390, "height": 844})
                page.goto(url + "/")
                _page_says(page, "de", "no_access")
                page.screenshot(path=str(shot_path("journal-unopened-no-access-phone-de")))
            finally:
                browser.close()
            os.chown(folder, NOBODY, NOBODY)  # given to the box: it opens by itself
            until(lambda: _started(url), 30, "the game starts once the folder is writable")
            assert (folder / "journal.sqlite3").stat().st_uid == NOBODY
    finally:
        shutil.rmtree(base, ignore_errors=True)
