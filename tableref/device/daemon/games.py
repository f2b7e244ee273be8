"""The table of games the box referees: the one place that says which games there are.

The config (`game = ...`), the page's game menu and the daemon all read it; the daemon
knows no game by name. Each entry names the module of its session (imported on first use,
so reading this table costs nothing), which provides (see `session.py`):

    open_session(box, kit) -> Session      # a new session (one game)
    default_kit(config, sim) -> kit        # what its session needs (card readers...)
    config_options(config) -> dict         # the game's options from the config file
    check_option(key, value) -> value      # optional: a non-boolean option from the page,
                                           # checked (ValueError naming the problem)

To add a game, write that module and add its `Game` below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from tableref.device.config import Config
    from tableref.device.daemon.session import Box, Session


@dataclass(frozen=True)
class Game:
    name: str  # in the config, the journal, the snapshot and the page's settings
    title: str
    min_players: int
    max_players: int
    module: str  # the session's module

    def _module(self) -> ModuleType:
        return importlib.import_module(self.module)

    def open_session(self, box: Box, kit: Any) -> Session[Any]:
        return cast("Session[Any]", self._module().open_session(box, kit))

    def default_kit(self, config: Config, sim: bool) -> Any:
        return self._module().default_kit(config, sim)

    def config_options(self, config: Config) -> dict[str, Any]:
        return cast("dict[str, Any]", self._module().config_options(config))

    def check_option(self, key: str, value: Any, current: Any) -> Any:
        """An option's new value from the page: a flag must stay a flag; any other option
        the game's module checks (`check_option`). ValueError naming the problem."""
        if isinstance(current, bool):
            if not isinstance(value, bool):
                raise ValueError("must be true or false")
            return value
        check = getattr(self._module(), "check_option", None)
        if check is None:
            raise ValueError("cannot be changed from the page")
        return check(key, value)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title,
                "players": [self.min_players, self.max_players]}


GAMES: tuple[Game, ...] = (
    Game("halli", "Halli Galli Extreme", 2, 6, "tableref.device.daemon.halli_session"),
    Game("nimalia", "Nimalia", 2, 4, "tableref.device.daemon.nimalia_session"),
    Game("nelly", "Nelly", 2, 4, "tableref.device.daemon.nelly_session"),
)
NAMES: tuple[str, ...] = tuple(g.name for g in GAMES)


def game(name: str) -> Game:
    """The game called `name`; KeyError naming the games there are."""
    for entry in GAMES:
        if entry.name == name:
            return entry
    raise KeyError(f"{name!r} is not a game this box referees (it referees {', '.join(NAMES)})")
