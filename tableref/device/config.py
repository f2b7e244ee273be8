"""The config file: one TOML file for players, pins, bells, voice, camera and the web page.

`load_config(path)` reads and checks it and returns a frozen `Config`. Every problem raises
`ConfigError` naming the key path (`players[2].button_pin`, `voice.speed`): unknown keys,
wrong types and bad values alike. Players are indexed from 0 in seat order, as in the game
log (`players[2]` is the third `[[players]]` table); speech and the screen count from 1.

Defaults: a missing key takes the default below; a missing `[[players]]` list gives four
players "Player 1" .. "Player 4". A player without `button_pin` / `led_pin` gets the
default pins of its seat (`DEFAULT_PINS`, the wiring table in hardware.md); the string
`"none"` means the seat has no button (or no LED) on GPIO.

```toml
game = "halli"              # a game of device/daemon/games.py: "halli" | "nimalia" | "nelly"
language = "en"             # "en" | "de" | "fr"
[[players]]                 # 2..6 players, seat order clockwise
name = "Ann"                # 1..24 characters, spaces around it dropped, unique (any case)
colour = "#e53935"          # optional
button_pin = 5              # BCM number; optional; "none" = no button on GPIO
led_pin = 12                # optional; "none" = no LED
[bells]
pin_factory = "auto"        # "auto" | "lgpio" | "rpigpio" | "mock"
bounce_ms = 5               # edges this soon after a press or release are contact bounce
settle_ms = 2               # wait this long after the first press callback for earlier edges
source = "gpio"             # "gpio": buttons on the Pi's pins | "bellbox": a Pico over USB
serial_port = "/dev/ttyACM0"  # the bell box's port (with source = "bellbox")
[voice]
engine = "auto"             # "auto" | "espeak-ng" | "piper" | "none"
voice = ""                  # espeak-ng voice or path to a Piper .onnx; "" = by language
speed = 165                 # words per minute
device = "default"          # ALSA device
[camera]
source = "auto"             # "auto" | "picamera2" | "sim" | "/dev/videoN" | dir | image | video
[web]
host = "127.0.0.1"
port = 8080
names = []                  # more names phones may reach the box by ("table3.cafe.lan");
                            # its host name, host name.local and its addresses always work
[halli]
elephant_alone_rings = false
play_to_the_end = false
[nimalia]
objectives = "first_game"   # "first_game" (4, 5, 16, 19) | "random" (one of each colour,
                            # never two faces of one card) | four ids: [3, 8, 15, 20]
[sim]                       # the simulated table (tableref run off the Pi, or --sim)
flip_s = 1.2                # a simulated player turns a card this often
fps = 10.0                  # simulated camera frames per second
bots = false                # simulated players ring too (else only keyboard / page)
reaction_ms = 550.0         # their mean reaction time
max_flips = 0               # stop turning cards after this many (0: never)
hands = true                # the turning hand covers the pile for a moment
patience_s = 0              # a player waits up to this long for the page to count the last
                            # card before turning the next (0: they play at their own pace)
seed = 0                    # deal of the first game (0: a new one every game)
[mqtt]                      # the club's broker; without [mqtt] nothing is published
host = "club-pi.local"      # required: the broker's host name or address
port = 1883                 # 8883 by default with tls
table = "table3"            # this table's name in the club (default: the host name); one
                            # MQTT topic level: no "+", "#" or "/", at most 64 characters
username = "table3"         # optional
password = "secret"         # optional, with username
tls = false                 # true: TLS, the server checked against the system's CAs
ca_file = "/etc/tableref/club-ca.crt"  # optional: the club's own CA (implies tls)
```
"""

from __future__ import annotations

import ipaddress
import re
import socket
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tableref.device.daemon.games import NAMES as GAME_NAMES
from tableref.device.daemon.games import game as game_entry
from tableref.device.phrasebook import LANGUAGES as PHRASE_LANGUAGES
from tableref.games.nimalia.choice import check_choice
from tableref.games.nimalia.errors import ObjectiveError

DEFAULT_CONFIG_PATH = Path("/etc/tableref/config.toml")

GAMES = GAME_NAMES  # the table of games is the one list of what the box referees
LANGUAGES = PHRASE_LANGUAGES  # the languages of the one phrase table
PIN_FACTORIES = ("auto", "lgpio", "rpigpio", "mock")
BELL_SOURCES = ("gpio", "bellbox")
VOICE_ENGINES = ("auto", "espeak-ng", "piper", "none")
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_CHARS = 24  # a player's name, as on the page
MAX_CONFIG_BYTES = 1024 * 1024
# BCM numbers usable on the 40-pin header (GPIO 0 and 1 are the HAT ID EEPROM's).
BCM_PINS = range(2, 28)
# (button, LED) per seat, in BCM numbers. They avoid I2C (2, 3), SPI0 (7-11), the UART
# (14, 15) and the I2S pins (18-21) that audio HATs use. See the wiring table in hardware.md.
DEFAULT_PINS: tuple[tuple[int, int], ...] = (
    (5, 12),
    (6, 13),
    (16, 26),
    (17, 27),
    (22, 23),
    (24, 25),
)
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class ConfigError(ValueError):
    """A problem in the config file. `key` is the path of the offending key ("" for the file)."""

    def __init__(self, key: str, message: str, source: str = "") -> None:
        self.key = key
        self.message = message
        self.source = source  # the file, when the message must name it
        where = f"{key}: {message}" if key else message
        super().__init__(f"{source}: {where}" if source else where)


@dataclass(frozen=True)
class PlayerConfig:
    """One seat. `index` counts from 0 clockwise (as in the game log); pins are BCM or None."""

    index: int
    name: str
    colour: str | None = None
    button_pin: int | None = None
    led_pin: int | None = None


@dataclass(frozen=True)
class BellsConfig:
    pin_factory: str = "auto"
    bounce_ms: float = 5.0
    settle_ms: float = 2.0
    source: str = "gpio"
    serial_port: str = "/dev/ttyACM0"


@dataclass(frozen=True)
class VoiceConfig:
    engine: str = "auto"
    voice: str = ""
    speed: int = 165
    device: str = "default"


@dataclass(frozen=True)
class CameraConfig:
    source: str = "auto"


@dataclass(frozen=True)
class WebConfig:
    host: str = "127.0.0.1"
    port: int = 8080
    names: tuple[str, ...] = ()  # more host names the page may be reached by


@dataclass(frozen=True)
class SimConfig:
    flip_s: float = 1.2
    fps: float = 10.0
    bots: bool = False
    reaction_ms: float = 550.0
    max_flips: int = 0
    seed: int = 0
    hands: bool = True
    patience_s: float = 0.0


@dataclass(frozen=True)
class HalliConfig:
    elephant_alone_rings: bool = False
    play_to_the_end: bool = False


@dataclass(frozen=True)
class NimaliaConfig:
    objectives: str | tuple[int, ...] = "first_game"  # games/nimalia/choice.py


@dataclass(frozen=True)
class MqttConfig:
    """The club's MQTT broker (device/mqtt); `table` is this table's topic level."""

    host: str
    table: str
    port: int = 1883
    username: str | None = None
    password: str | None = None
    tls: bool = False
    ca_file: str | None = None


def default_players(count: int = 4) -> tuple[PlayerConfig, ...]:
    return tuple(
        PlayerConfig(index=i, name=f"Player {i + 1}", button_pin=b, led_pin=led)
        for i, (b, led) in enumerate(DEFAULT_PINS[:count])
    )


@dataclass(frozen=True)
class Config:
    game: str = "halli"
    language: str = "en"
    players: tuple[PlayerConfig, ...] = field(default_factory=default_players)
    bells: BellsConfig = field(default_factory=BellsConfig)
    voice: VoiceConfig = field(default_factory=VoiceConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    web: WebConfig = field(default_factory=WebConfig)
    halli: HalliConfig = field(default_factory=HalliConfig)
    nimalia: NimaliaConfig = field(default_factory=NimaliaConfig)
    sim: SimConfig = field(default_factory=SimConfig)
    mqtt: MqttConfig | None = None  # None: no [mqtt], nothing published
    source: str = "<defaults>"

    def player(self, index: int) -> PlayerConfig:
        """The player at seat `index` (from 0)."""
        return self.players[index]


def load_config(path: Path | str | None = None) -> Config:
    """Read and check the config file at `path` (default /etc/tableref/config.toml)."""
    path = DEFAULT_CONFIG_PATH if path is None else Path(path)
    try:
        if path.is_dir():
            raise ConfigError("", f"{path}: is a folder, not a config file")
        if path.stat().st_size > MAX_CONFIG_BYTES:
            raise ConfigError("", f"{path}: {path.stat().st_size} bytes is too large for a "
                                  f"config file (at most {MAX_CONFIG_BYTES // 1024} KB)")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError("", f"{path}: no such config file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError("", f"{path}: cannot read the config file: {err}") from None
    try:
        return parse_config(text, source=str(path))
    except ConfigError as err:
        if not err.key or err.source:
            raise
        # a key's problem names the file too: `tableref run` may have found it by itself
        raise ConfigError(err.key, err.message, source=str(path)) from None


def parse_config(text: str, source: str = "<string>") -> Config:
    """Parse TOML text into a `Config`; `source` names the file in error messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError("", f"{source}: not valid TOML: {err}") from None
    except RecursionError:
        raise ConfigError(
            "", f"{source}: not valid TOML: arrays or tables nested too deeply") from None
    return config_from_dict(data, source=source)


def config_from_dict(data: Mapping[str, Any], source: str = "<dict>") -> Config:
    """Check a parsed TOML document and build the `Config`."""
    top = _Table(data, "")
    players = _players(data.get("players"))
    config = Config(
        game=top.choice("game", GAMES, "halli"),
        language=top.choice("language", LANGUAGES, "en"),
        players=players,
        bells=_bells(top.table("bells")),
        voice=_voice(top.table("voice")),
        camera=CameraConfig(source=top.table("camera").text("source", "auto")),
        web=_web(top.table("web")),
        halli=_halli(top.table("halli")),
        nimalia=_nimalia(top.table("nimalia")),
        sim=_sim(top.table("sim")),
        mqtt=_mqtt(top.table("mqtt")) if "mqtt" in data else None,
        source=source,
    )
    top.check_no_other_keys(
        {"game", "language", "players", "bells", "voice", "camera", "web", "halli", "nimalia",
         "sim", "mqtt"}
    )
    entry = game_entry(config.game)  # Nelly is for 2 to 4
    if not entry.min_players <= len(players) <= entry.max_players:
        raise ConfigError("players", f"{entry.title} is for {entry.min_players} to "
                                     f"{entry.max_players} players, not {len(players)}")
    return config


def _bells(t: _Table) -> BellsConfig:
    b = BellsConfig(
        pin_factory=t.choice("pin_factory", PIN_FACTORIES, "auto"),
        bounce_ms=t.number("bounce_ms", 5.0, 0.0, 100.0),
        settle_ms=t.number("settle_ms", 2.0, 0.0, 100.0),
        source=t.choice("source", BELL_SOURCES, "gpio"),
        serial_port=t.text("serial_port", "/dev/ttyACM0"),
    )
    t.check_no_other_keys({"pin_factory", "bounce_ms", "settle_ms", "source", "serial_port"})
    return b


def _voice(t: _Table) -> VoiceConfig:
    v = VoiceConfig(
        engine=t.choice("engine", VOICE_ENGINES, "auto"),
        voice=t.text("voice", "", allow_empty=True),
        speed=int(t.number("speed", 165, 80, 450, integer=True)),
        device=t.text("device", "default"),
    )
    t.check_no_other_keys({"engine", "voice", "speed", "device"})
    return v


def _web(t: _Table) -> WebConfig:
    w = WebConfig(
        host=t.text("host", "127.0.0.1"), port=int(t.number("port", 8080, 1, 65535, True)),
        names=_host_names(t),
    )
    t.check_no_other_keys({"host", "port", "names"})
    return w


_HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                        r"(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?")


def _host_names(t: _Table) -> tuple[str, ...]:
    raw = t.data.get("names", [])
    if not isinstance(raw, list):
        raise ConfigError(t.key("names"), f"must be a list of host names, not {_kind(raw)}")
    for i, name in enumerate(raw):
        if not isinstance(name, str) or not _HOST_NAME.fullmatch(name):
            raise ConfigError(f"{t.key('names')}[{i}]",
                              f"{cut_name(str(name), 40)!r} is not a host name")
    return tuple(n.rstrip(".").lower() for n in raw)


def _halli(t: _Table) -> HalliConfig:
    h = HalliConfig(
        elephant_alone_rings=t.flag("elephant_alone_rings", False),
        play_to_the_end=t.flag("play_to_the_end", False),
    )
    t.check_no_other_keys({"elephant_alone_rings", "play_to_the_end"})
    return h


def _nimalia(t: _Table) -> NimaliaConfig:
    try:
        objectives = check_choice(t.data.get("objectives", "first_game"))
    except ObjectiveError as err:
        raise ConfigError(t.key("objectives"), str(err)) from None
    t.check_no_other_keys({"objectives"})
    return NimaliaConfig(objectives=objectives)


def _sim(t: _Table) -> SimConfig:
    s = SimConfig(
        flip_s=t.number("flip_s", 1.2, 0.05, 60.0),
        fps=t.number("fps", 10.0, 0.5, 60.0),
        bots=t.flag("bots", False),
        reaction_ms=t.number("reaction_ms", 550.0, 50.0, 5000.0),
        max_flips=int(t.number("max_flips", 0, 0, 10_000, integer=True)),
        seed=int(t.number("seed", 0, 0, 2**31, integer=True)),
        hands=t.flag("hands", True),
        patience_s=t.number("patience_s", 0.0, 0.0, 600.0),
    )
    t.check_no_other_keys(
        {"flip_s", "fps", "bots", "reaction_ms", "max_flips", "seed", "hands", "patience_s"})
    return s


MAX_TABLE_CHARS = 64
_MQTT_KEYS = {"host", "port", "table", "username", "password", "tls", "ca_file"}


def _mqtt(t: _Table) -> MqttConfig:
    host = t.text("host", None)
    if not _HOST_NAME.fullmatch(host) and not _is_address(host):
        raise ConfigError(t.key("host"), f"{cut_name(host, 40)!r} is not a host name or address")
    ca_file = t.optional_text("ca_file")
    tls = t.flag("tls", False) or ca_file is not None
    username = t.optional_text("username")
    password = t.optional_text("password")
    if password is not None and username is None:
        raise ConfigError(t.key("password"), "is given without a username")
    m = MqttConfig(
        host=host,
        port=int(t.number("port", 8883 if tls else 1883, 1, 65535, integer=True)),
        table=table_name(t.text("table", _host_table_name()), t.key("table")),
        username=username, password=password, tls=tls, ca_file=ca_file,
    )
    t.check_no_other_keys(_MQTT_KEYS)
    return m


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _host_table_name() -> str:
    """The default table name: the host name up to its first dot ("" when it has none)."""
    return socket.gethostname().split(".", 1)[0]


def table_name(raw: str, key: str) -> str:
    """A table's name, one MQTT topic level of `tableref/<table>/...`: 1..64 printable
    characters, none of "+", "#" (wildcards) or "/" (a level separator). ConfigError
    naming `key` otherwise."""
    name = raw.strip()
    if not name:
        raise ConfigError(key, "must not be empty (the host name has none to give: set it)")
    if len(name) > MAX_TABLE_CHARS:
        raise ConfigError(key, f"{cut_name(name, 40)!r} is {len(name)} characters long; "
                               f"a table's name has at most {MAX_TABLE_CHARS}")
    bad = sorted({c for c in name if c in "+#/"})
    if bad:
        raise ConfigError(key, f"{cut_name(name, 40)!r} holds {', '.join(repr(c) for c in bad)}"
                               ": a table's name is one MQTT topic level (no +, # or /)")
    if not name.isprintable():
        raise ConfigError(key, f"{cut_name(name, 40)!r} holds control characters")
    return name


def _players(raw: Any) -> tuple[PlayerConfig, ...]:
    if raw is None:
        return default_players()
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw):
        raise ConfigError("players", "must be a list of [[players]] tables")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise ConfigError(
            "players", f"{len(raw)} players given; there must be {MIN_PLAYERS} to {MAX_PLAYERS}"
        )
    players = []
    used: dict[int, str] = {}
    names: dict[str, str] = {}
    for i, entry in enumerate(raw):
        key = f"players[{i}]"
        t = _Table(entry, key)
        default_button, default_led = DEFAULT_PINS[i]
        name = player_name(t.text("name", None), f"{key}.name")
        if name.casefold() in names:
            raise ConfigError(
                f"{key}.name", f"{name!r} is already the name of {names[name.casefold()]}"
                " (names differing only in case or spaces are one name)"
            )
        names[name.casefold()] = key
        colour = t.optional_text("colour")
        if colour is not None and not _COLOUR.fullmatch(colour):
            raise ConfigError(f"{key}.colour",
                              f'{cut_name(colour, 40)!r} is not a colour like "#e53935"')
        player = PlayerConfig(
            index=i,
            name=name,
            colour=colour,
            button_pin=t.pin("button_pin", default_button),
            led_pin=t.pin("led_pin", default_led),
        )
        for what in ("button_pin", "led_pin"):
            pin = getattr(player, what)
            if pin is None:
                continue
            if pin in used:
                raise ConfigError(f"{key}.{what}", f"GPIO {pin} is already used by {used[pin]}")
            used[pin] = f"{key}.{what}"
        t.check_no_other_keys({"name", "colour", "button_pin", "led_pin"})
        players.append(player)
    return tuple(players)


def player_name(raw: str, key: str) -> str:
    """A player's name as shown and spoken: spaces around it dropped, 1..24 characters,
    no control characters. ConfigError naming `key` otherwise."""
    name = " ".join(raw.split())
    if not name:
        raise ConfigError(key, "must not be empty")
    if len(name) > MAX_NAME_CHARS:
        raise ConfigError(key, f"{cut_name(name)!r} is {len(name)} characters long; "
                               f"a name has at most {MAX_NAME_CHARS}")
    if not name.isprintable():
        raise ConfigError(key, f"{name!r} holds control characters")
    return name


def cut_name(name: str, limit: int = MAX_NAME_CHARS) -> str:
    """A name short enough to put in a message."""
    return name if len(name) <= limit else name[:limit] + "..."


class _Table:
    """A TOML table being checked; every getter names the full key path in its errors."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, Mapping):
            raise ConfigError(path, f"must be a table, not {_kind(data)}")
        self.data = data
        self.path = path

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def table(self, name: str) -> _Table:
        return _Table(self.data.get(name, {}), self.key(name))

    def check_no_other_keys(self, known: set[str]) -> None:
        for name in self.data:
            if name not in known:
                raise ConfigError(
                    self.key(name), f"unknown key (known here: {', '.join(sorted(known))})"
                )

    def text(self, name: str, default: str | None, allow_empty: bool = False) -> str:
        value = self.data.get(name, default)
        if value is None:
            raise ConfigError(self.key(name), "is required")
        if not isinstance(value, str):
            raise ConfigError(self.key(name), f"must be a string, not {_kind(value)}")
        if not allow_empty and not value.strip():
            raise ConfigError(self.key(name), "must not be empty")
        return value

    def optional_text(self, name: str) -> str | None:
        if name not in self.data:
            return None
        return self.text(name, None)

    def choice(self, name: str, choices: tuple[str, ...], default: str) -> str:
        value = self.text(name, default)
        if value not in choices:
            allowed = ", ".join(f'"{c}"' for c in choices)
            raise ConfigError(self.key(name), f"{cut_name(value, 40)!r} is not one of {allowed}")
        return value

    def flag(self, name: str, default: bool) -> bool:
        value = self.data.get(name, default)
        if not isinstance(value, bool):
            raise ConfigError(self.key(name), f"must be true or false, not {_kind(value)}")
        return value

    def number(
        self, name: str, default: float, low: float, high: float, integer: bool = False
    ) -> float:
        value = self.data.get(name, default)
        wanted = (int,) if integer else (int, float)
        if isinstance(value, bool) or not isinstance(value, wanted):
            what = "an integer" if integer else "a number"
            raise ConfigError(self.key(name), f"must be {what}, not {_kind(value)}")
        if not low <= value <= high:
            raise ConfigError(self.key(name), f"{value} is out of range {low:g}..{high:g}")
        return float(value) if not integer else value

    def pin(self, name: str, default: int) -> int | None:
        value = self.data.get(name, default)
        if value == "none":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(
                self.key(name), f'must be a BCM pin number or "none", not {_kind(value)}'
            )
        if value not in BCM_PINS:
            raise ConfigError(self.key(name), f"GPIO {value} is not a usable BCM pin (2..27)")
        return value


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, str):
        return f"a string ({cut_name(value, 40)!r})"
    if isinstance(value, int | float):
        return f"a number ({value})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return type(value).__name__
