import subprocess
import sys

import pytest

from tableref.device.cli import main


def test_help_lists_the_command_groups(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for group in ("halli", "nimalia", "bells"):
        assert group in out


def test_the_module_entry_point_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tableref", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0
    assert done.stdout.startswith("tableref ")
