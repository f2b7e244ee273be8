"""`tableref club`: the club page, every table live from the club's MQTT broker, and the
league in its own SQLite file."""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
from pathlib import Path

from tableref.device.cli.common import (
    EXIT_CODES_HELP,
    EXIT_JOURNAL,
    EXIT_LISTEN,
    CliError,
    Groups,
)

DEFAULT_PORT = 8090


def register(groups: Groups) -> None:
    parser = groups["__top__"].add_parser(
        "club", help="the club page: every table live, and the league",
        description="Show every table of the club live, from the club's MQTT broker (each "
        "box publishes to it with [mqtt] in its config), and keep the league: games, wins "
        "and cards or points per player, per game, over evenings.",
        epilog=EXIT_CODES_HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--mqtt", required=True, metavar="HOST[:PORT]",
                        help="the club's broker (port 1883, or 8883 with --tls)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the club page's port (default {DEFAULT_PORT})")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to serve the page on (default 127.0.0.1; 0.0.0.0 for "
                        "the screens of the LAN: the page is read-only)")
    parser.add_argument("--league", type=Path, default=None,
                        help="the league's SQLite file (default league.sqlite3 in "
                        "$XDG_DATA_HOME/tableref)")
    parser.add_argument("--username", default=None, help="the broker's user name")
    parser.add_argument("--password-file", type=Path, default=None,
                        help="a file holding the broker's password (not on the command line)")
    parser.add_argument("--tls", action="store_true", help="connect with TLS")
    parser.add_argument("--ca-file", default=None,
                        help="the CA the broker's certificate is checked against (implies --tls)")
    parser.set_defaults(func=_club)


def parse_address(text: str, tls: bool) -> tuple[str, int]:
    """HOST, HOST:PORT, [V6]:PORT or a bare IPv6 address; CliError naming the problem."""
    default = 8883 if tls else 1883
    host, port = text.strip(), ""
    if host.startswith("["):
        inner, _, rest = host[1:].partition("]")
        if rest and not rest.startswith(":"):
            raise CliError(f"--mqtt {text!r}: write [IPv6]:PORT")
        host, port = inner, rest[1:]
    elif host.count(":") == 1:
        host, port = host.split(":")
    elif host.count(":") > 1:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise CliError(f"--mqtt {text!r}: not a host or address") from None
    if not host:
        raise CliError(f"--mqtt {text!r}: no host")
    if not port:
        return host, default
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise CliError(f"--mqtt {text!r}: {port!r} is not a port number (1..65535)")
    return host, int(port)


def _club(args: argparse.Namespace) -> int:
    from tableref.device.club.league import LEAGUE_FILE, League, LeagueError
    from tableref.device.club.service import serve_club
    from tableref.device.logs import setup_logging
    from tableref.device.mqtt.client import Broker
    from tableref.device.paths import data_dir
    from tableref.device.web.limits import ListenError

    tls = args.tls or args.ca_file is not None
    host, port = parse_address(args.mqtt, tls)
    if not 0 < args.port < 65536:
        raise CliError(f"--port {args.port}: not a port number (1..65535)")
    password = None
    if args.password_file is not None:
        if args.username is None:
            raise CliError("--password-file needs --username")
        try:
            password = args.password_file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as err:
            raise CliError(f"--password-file {args.password_file}: {err}") from None
    broker = Broker(host, port, args.username, password, tls, args.ca_file)
    setup_logging()
    try:
        league = League(args.league or data_dir() / LEAGUE_FILE)
    except LeagueError as err:
        raise CliError(str(err), EXIT_JOURNAL) from None
    try:
        return asyncio.run(serve_club(broker, league, args.host, args.port))
    except ListenError as err:
        raise CliError(str(err), EXIT_LISTEN) from None
    finally:
        league.close()
