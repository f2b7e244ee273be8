"""What the page may change: game, players, language, Halli options (checked, key named)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from tableref.device.config import GAMES, LANGUAGES, MAX_PLAYERS, MIN_PLAYERS, Config
from tableref.device.daemon.state import DEFAULT_COLOURS, PlayerInfo

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_KEYS = ("game", "language", "players", "new_game", "halli")


class SettingsError(ValueError):
    """A setting the daemon refuses; the message starts with the key."""


@dataclass(frozen=True)
class GameSettings:
    game: str
    language: str
    players: tuple[PlayerInfo, ...]
    halli_options: dict[str, bool] = field(default_factory=dict)


def settings_from_config(config: Config) -> GameSettings:
    players = tuple(
        PlayerInfo(p.name, p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
        for i, p in enumerate(config.players)
    )
    options = {
        "elephant_alone_rings": config.halli.elephant_alone_rings,
        "play_to_the_end": config.halli.play_to_the_end,
    }
    return GameSettings(config.game, config.language, players, options)


def updated(current: GameSettings, *, game: str, names: list[str]) -> GameSettings:
    """The settings of a resumed game: its game and player names, colours kept by seat."""
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
    restart = bool(raw.get("new_game", False))
    if "game" in raw:
        if raw["game"] not in GAMES:
            raise SettingsError(f"game: {raw['game']!r} is not one of {', '.join(GAMES)}")
        if raw["game"] == "nelly":
            raise SettingsError("game: nelly is not refereed by the daemon yet")
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
    if "halli" in raw:
        opts = raw["halli"]
        if not isinstance(opts, dict):
            raise SettingsError("halli: must be an object")
        merged = dict(current.halli_options)
        for k, v in opts.items():
            if k not in merged:
                raise SettingsError(f"halli.{k}: unknown option")
            if not isinstance(v, bool):
                raise SettingsError(f"halli.{k}: must be true or false")
            merged[k] = v
        restart |= merged != current.halli_options
        new = replace(new, halli_options=merged)
    return new, restart


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
        name = p.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 24:
            raise SettingsError(f"players[{i}].name: must be a name of 1 to 24 characters")
        if name.strip().casefold() in seen:
            raise SettingsError(f"players[{i}].name: {name!r} is already taken")
        seen.add(name.strip().casefold())
        colour = p.get("colour") or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise SettingsError(f"players[{i}].colour: {colour!r} is not a colour like #e53935")
        out.append(PlayerInfo(name.strip(), colour))
    return tuple(out)
