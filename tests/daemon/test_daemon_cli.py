import subprocess
import sys
from pathlib import Path

import pytest

from tableref.device.cli import main


def test_a_bad_config_stops_the_daemon_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text('game = "halli"\n[web]\nport = 8080\nbogus = 1\n')
    assert main(["run", "--config", str(cfg)]) == 2
    assert "web.bogus: unknown key" in capsys.readouterr().err
    cfg.write_text('[[players]]\nname = "A"\n[[players]]\nname = "B"\nbutton_pin = 99\n')
    assert main(["run", "--config", str(cfg)]) == 2
    assert "players[1].button_pin" in capsys.readouterr().err


def test_a_missing_config_file_is_named(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tableref", "run", "--config", str(tmp_path / "none.toml")],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert "none.toml: no such config file" in done.stderr
