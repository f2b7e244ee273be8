from pathlib import Path

from tableref.device.paths import data_dir


def test_data_dir_follows_xdg_data_home() -> None:
    assert data_dir({"XDG_DATA_HOME": "/x/data", "HOME": "/h"}) == Path("/x/data/tableref")


def test_data_dir_defaults_under_home() -> None:
    assert data_dir({"HOME": "/h"}) == Path("/h/.local/share/tableref")
    assert data_dir({"XDG_DATA_HOME": "", "HOME": "/h"}) == Path("/h/.local/share/tableref")
