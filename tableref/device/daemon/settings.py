"""What the page may change: game, players, language, each game's options (checked, the
key named). The games and their options come from the table of games.

What the page sets is kept (`save`, next to the journal) and taken again at the next start
(`load`): the players set up once stay set up, over the config file's `[[players]]`."""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tableref.device.config import (
    LANGUAGES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Config,
    ConfigError,
    player_name,
)
from tableref.device.daemon.games import GAMES, NAMES, game
from tableref.device.daemon.snapshot import DEFAULT_COLOURS, PlayerInfo
from tableref.device.phrasebook import Phrased

log = logging.getLogger("tableref.daemon")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_KEYS = ("game", "language", "players", "new_game", *NAMES)


class SettingsError(Phrased):
    """A setting the daemon refuses; the message starts with the key. What people can get
    wrong on the page (names, the number of players) is also a phrase of the table."""


@dataclass(frozen=True)
class GameSettings:
    game: str
    language: str
    players: tuple[PlayerInfo, ...]
    options: Mapping[str, dict[str, Any]] = field(default_factory=dict)  # per game name

    def options_of(self, name: str) -> dict[str, Any]:
        return dict(self.options.get(name, {}))


def settings_from_config(config: Config) -> GameSettings:
    players = tuple(
        PlayerInfo(p.name, p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
        for i, p in enumerate(config.players)
    )
    options = {g.name: g.config_options(config) for g in GAMES}
    return GameSettings(config.game, config.language, players, options)


def save(settings: GameSettings, path: Path) -> None:
    """Keep the page's settings for the next start (written whole, then renamed into place;
    a disk that cannot take it is logged: the settings hold until the box restarts)."""
    data = {"game": settings.game, "language": settings.language,
            "players": [{"name": p.name, "colour": p.colour} for p in settings.players],
            **{name: dict(opts) for name, opts in settings.options.items()}}
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as err:
        log.warning("cannot keep the page's settings in %s: %s", path, err)


def load(current: GameSettings, path: Path) -> GameSettings:
    """The settings kept by `save` over `current` (the config's); a file that is missing or
    that the checks refuse leaves `current` (the latter logged, naming the problem)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        known = {k: v for k, v in raw.items() if k in _KEYS and k != "new_game"}
        return from_page(current, known)[0]
    except FileNotFoundError:
        return current
    except (OSError, ValueError, AttributeError) as err:
        log.warning("the page's settings in %s are not taken (%s): the config's are used",
                    path, err)
        return current


def updated(current: GameSettings, *, game: str, names: list[Any]) -> GameSettings:
    """The settings of a resumed game: its game and player names, colours kept by seat.

    The names come from the journal, where the box wrote them by the page's own rule; a
    row that breaks it (two names alike but for case and spaces, spaces around a name, too
    long, not a name at all, too few or too many players) is damage: SettingsError naming
    it, and the game is not resumed."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SettingsError(f"{len(names)} players; a game has {MIN_PLAYERS} to {MAX_PLAYERS}")
    checked = _players([{"name": n} for n in names])
    for i, (raw, player) in enumerate(zip(names, checked, strict=True)):
        if raw != player.name:  # the rule drops spaces around; the box stored it dropped
            raise SettingsError(f"players[{i}].name: {raw!r} is not a name as the box keeps "
                                f"it ({player.name!r})")
    players = tuple(
        PlayerInfo(n, current.players[i].colour if i < len(current.players)
                   else DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
        for i, n in enumerate(names)
    )
    return replace(current, game=game, players=players)


def from_page(current: GameSettings, raw: Any) -> tuple[GameSettings, bool]:
    """Apply a partial settings dict; returns the settings and whether a new game starts."""
    if not isinstance(raw, dict):
        raise SettingsError("settings: must be an object")
    for key in raw:
        if key not in _KEYS:
            raise SettingsError(f"{key}: unknown setting (known: {', '.join(_KEYS)})")
    new = current
    restart = raw.get("new_game", False)
    if not isinstance(restart, bool):
        raise SettingsError(f"new_game: must be true or false, not {str(restart)[:40]!r}")
    if "game" in raw:
        if raw["game"] not in NAMES:
            raise SettingsError(f"game: {raw['game']!r} is not one of {', '.join(NAMES)}")
        restart |= raw["game"] != current.game
        new = replace(new, game=raw["game"])
    if "language" in raw:
        if raw["language"] not in LANGUAGES:
            raise SettingsError(f"language: {raw['language']!r} is not one of "
                                f"{', '.join(LANGUAGES)}")
        new = replace(new, language=raw["language"])
    if "players" in raw:
        players = _players(raw["players"])
        restart |= [p.name for p in players] != [p.name for p in current.players]
        new = replace(new, players=players)
    for name in NAMES:
        if name in raw:
            merged = _options(name, current.options_of(name), raw[name])
            restart |= merged != current.options_of(name) and new.game == name
            new = replace(new, options={**new.options, name: merged})
    entry = game(new.game)
    if not entry.min_players <= len(new.players) <= entry.max_players:
        raise SettingsError(
            f"players: {entry.title} is for {entry.min_players} to {entry.max_players} "
            f"players, not {len(new.players)}", phrase="page.player_count",
            fields={"game": entry.title, "min": entry.min_players, "max": entry.max_players,
                    "n": len(new.players)})
    return new, restart


def _options(name: str, current: dict[str, Any], opts: Any) -> dict[str, Any]:
    if not isinstance(opts, dict):
        raise SettingsError(f"{name}: must be an object")
    merged = dict(current)
    for k, v in opts.items():
        if k not in merged:
            raise SettingsError(f"{name}.{k}: unknown option")
        try:  # a flag stays a flag; other options are checked by their game
            merged[k] = game(name).check_option(k, v, merged[k])
        except ValueError as err:
            raise SettingsError(f"{name}.{k}: {err}") from None
    return merged


def _players(raw: Any) -> tuple[PlayerInfo, ...]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise SettingsError(f"players: must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} players")
    out: list[PlayerInfo] = []
    seen: set[str] = set()
    for i, p in enumerate(raw):
        if not isinstance(p, dict):
            raise SettingsError(f"players[{i}]: must be an object with a name")
        for key in p:
            if key not in ("name", "colour"):
                raise SettingsError(f"players[{i}].{key}: unknown key")
        raw_name = p.get("name")
        if not isinstance(raw_name, str):
            raise SettingsError(f"players[{i}].name: must be a name of 1 to 24 characters",
                                phrase="page.name_bad", fields={"n": i + 1})
        try:  # the config's own rule: spaces around dropped, 1..24 characters
            name = player_name(raw_name, f"players[{i}].name")
        except ConfigError as err:
            raise SettingsError(str(err), phrase="page.name_bad", fields={"n": i + 1}
                                ) from None
        if name.casefold() in seen:
            raise SettingsError(f"players[{i}].name: {name!r} is already taken",
                                phrase="page.name_taken", fields={"name": name})
        seen.add(name.casefold())
        colour = p.get("colour") or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise SettingsError(f"players[{i}].colour: {colour!r} is not a colour like #e53935")
        out.append(PlayerInfo(name, colour))
    return tuple(out)
