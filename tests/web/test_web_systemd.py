"""The boot units and the installer: install.sh into a temporary root, then systemd-analyze.

install.sh --skip-system leaves out apt, users, the venv and systemctl; the two programs
those steps would have put in place (the venv's `tableref`, apt's `cage`) are stood in for
by empty executables so `systemd-analyze verify --root` can check every reference.
"""

from __future__ import annotations

import getpass
import shutil
import subprocess
import tomllib
from pathlib import Path

from tableref.device.config import load_config

REPO = Path(__file__).resolve().parents[2]
INSTALL = REPO / "systemd" / "install.sh"
# ./box test installs the systemd package; without it these tests fail rather than skip.
ANALYZE = shutil.which("systemd-analyze") or "systemd-analyze"


def _install(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(INSTALL), "--root", str(root), "--skip-system", *args],
        capture_output=True, text=True, timeout=60, check=False,
    )


def _verify(root: Path, *units: str) -> subprocess.CompletedProcess[str]:
    """systemd-analyze verify inside `root`, which gets the host's stock units."""
    stock = root / "usr/lib/systemd/system"
    if not stock.exists():
        shutil.copytree("/usr/lib/systemd/system", stock, symlinks=True)
    for exe in ("opt/tableref/venv/bin/tableref", "usr/bin/cage"):
        path = root / exe
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("#!/bin/sh\n")
        path.chmod(0o755)
    return subprocess.run(
        [ANALYZE, "verify", f"--root={root}", *units],
        capture_output=True, text=True, timeout=60, check=False,
    )


def test_install_writes_units_config_and_project(tmp_path: Path) -> None:
    done = _install(tmp_path)
    assert done.returncode == 0, done.stderr
    units = tmp_path / "etc/systemd/system"
    unit = (units / "tableref.service").read_text()
    assert unit == (REPO / "systemd/tableref.service").read_text()
    assert (units / "tableref-kiosk.service").exists()
    assert (tmp_path / "opt/tableref/src/pyproject.toml").exists()
    assert not (tmp_path / "opt/tableref/src/.venv").exists()
    config_path = tmp_path / "etc/tableref/config.toml"
    config = tomllib.loads(config_path.read_text())
    assert config["web"] == {"host": "127.0.0.1", "port": 8080}
    loaded = load_config(config_path)  # the daemon's own loader accepts every key written
    assert [p.name for p in loaded.players] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert loaded.web.port == 8080 and loaded.game == "halli"
    env = (tmp_path / "etc/tableref/kiosk.env").read_text()
    assert "TABLEREF_URL=http://127.0.0.1:8080/" in env


def test_install_keeps_an_existing_config_and_follows_its_port(tmp_path: Path) -> None:
    conf = tmp_path / "etc/tableref/config.toml"
    conf.parent.mkdir(parents=True)
    conf.write_text('game = "nimalia"\n[web]\nhost = "0.0.0.0"\nport = 8123\n')
    assert _install(tmp_path).returncode == 0
    assert conf.read_text().startswith('game = "nimalia"')
    env = (tmp_path / "etc/tableref/kiosk.env").read_text()
    assert "TABLEREF_URL=http://127.0.0.1:8123/" in env


def test_install_labwc_autostart_instead_of_the_cage_unit(tmp_path: Path) -> None:
    user = getpass.getuser()
    done = _install(tmp_path, "--kiosk", f"labwc:{user}")
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "etc/systemd/system/tableref-kiosk.service").exists()
    autostart = list(tmp_path.rglob(".config/labwc/autostart"))
    assert len(autostart) == 1
    assert "--kiosk" in autostart[0].read_text()
    assert "http://127.0.0.1:8080/" in autostart[0].read_text()
    again = _install(tmp_path, "--kiosk", f"labwc:{user}")
    assert again.returncode == 0
    assert autostart[0].read_text().count("--kiosk") == 1  # idempotent


def test_install_refuses_a_bad_kiosk_option(tmp_path: Path) -> None:
    done = _install(tmp_path, "--kiosk", "x11")
    assert done.returncode == 2
    assert "--kiosk must be cage, labwc:USER or none, not 'x11'" in done.stderr


def test_systemd_analyze_verify_passes_on_the_installed_units(tmp_path: Path) -> None:
    assert _install(tmp_path).returncode == 0
    done = _verify(tmp_path, "tableref.service", "tableref-kiosk.service")
    assert done.returncode == 0 and done.stdout + done.stderr == "", done.stdout + done.stderr


def test_systemd_analyze_verify_would_catch_a_broken_unit(tmp_path: Path) -> None:
    assert _install(tmp_path).returncode == 0
    unit = tmp_path / "etc/systemd/system/tableref.service"
    unit.write_text(unit.read_text().replace("WatchdogSec=15", "WatchdogSec=soon"))
    done = _verify(tmp_path, "tableref.service")
    assert "Failed to parse sec value" in done.stderr


def test_the_daemon_unit_has_what_the_hardware_needs() -> None:
    unit = (REPO / "systemd/tableref.service").read_text()
    lines = set(unit.splitlines())
    for want in (
        "Type=notify", "Restart=on-failure", "User=tableref",
        "SupplementaryGroups=gpio video audio dialout", "DevicePolicy=closed",
        "DeviceAllow=char-gpiochip rw", "DeviceAllow=char-video4linux rw",
        "DeviceAllow=char-media rw", "DeviceAllow=char-dma_heap rw", "DeviceAllow=char-alsa rw",
    ):
        assert want in lines, want
    assert any(line.startswith("WatchdogSec=") for line in lines)
    assert "PrivateDevices=yes" not in lines  # it would hide /dev/gpiochip*, /dev/video*


def test_the_restart_policy_matches_the_exit_codes() -> None:
    """Only a bad config (exit 2) keeps the box down; a journal in use by another tableref
    (3), a busy port (4) or a fault (1) are restarted, for ever; the descriptors allow far
    more than the caps. A journal that cannot be opened is no exit at all (the page says
    so: test_web_journal_unopened.py)."""
    from tableref.device.cli.common import EXIT_BAD_INPUT, EXIT_JOURNAL, EXIT_LISTEN
    from tableref.device.web.limits import KIOSK_TOTAL, OTHERS_TOTAL

    lines = (REPO / "systemd/tableref.service").read_text().splitlines()
    assert f"RestartPreventExitStatus={EXIT_BAD_INPUT}" in lines
    assert not any(str(code) in line for line in lines for code in (EXIT_JOURNAL, EXIT_LISTEN)
                   if line.startswith("RestartPreventExitStatus="))
    assert "Restart=on-failure" in lines and "StartLimitIntervalSec=0" in lines
    nofile = int(next(x for x in lines if x.startswith("LimitNOFILE=")).split("=")[1])
    assert nofile >= 4 * (OTHERS_TOTAL + KIOSK_TOTAL)


def test_tableref_run_exits_3_only_for_a_journal_another_tableref_holds(tmp_path: Path) -> None:
    """The one journal trouble that is an exit (restarted by the unit until the other one
    lets go): the message names it. Any other (test_web_journal_unopened.py) is no exit."""
    import sys

    from web_daemon import free_port

    from tableref.device.cli.common import EXIT_JOURNAL
    from tableref.device.store import Store

    journal = tmp_path / "journal.sqlite3"
    config = tmp_path / "config.toml"
    config.write_text('[voice]\nengine = "none"\n')
    with Store(journal):
        done = subprocess.run(
            [sys.executable, "-m", "tableref", "run", "--sim", "--port", str(free_port()),
             "--config", str(config), "--journal", str(journal)],
            capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == EXIT_JOURNAL, done.stderr
    assert "in use by another tableref process" in done.stderr
