"""`tableref run`: the referee daemon (the simulated table when not on a Pi, or with --sim)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from tableref.device.cli.common import (
    EXIT_CODES_HELP,
    EXIT_JOURNAL,
    EXIT_LISTEN,
    CliError,
    Groups,
)


def register(groups: Groups) -> None:
    parser = groups["__top__"].add_parser(
        "run", help="run the referee daemon",
        description="Run the referee: bells, camera, voice and the kiosk page. Off a Raspberry "
        "Pi (or with --sim) it plays on a simulated table; keys 1-6 on the page are bells.",
        epilog=EXIT_CODES_HELP + "\nUnder systemd (tableref.service) every exit but 2 is "
        "restarted: a bad config waits for the config to be fixed.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--config", type=Path, default=None,
                        help="config file (default /etc/tableref/config.toml if it exists)")
    parser.add_argument("--port", type=int, default=None, help="web page port (default 8080)")
    parser.add_argument("--host", default=None,
                        help="address to listen on (default 127.0.0.1; others need the PIN)")
    parser.add_argument("--sim", action="store_true", help="use the simulated table")
    parser.add_argument("--journal", type=Path, default=None,
                        help="SQLite journal file (default in $XDG_DATA_HOME/tableref)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from tableref.device.config import DEFAULT_CONFIG_PATH, Config, ConfigError, load_config
    from tableref.device.daemon.service import RunOptions, build_equipment, serve, wants_sim
    from tableref.device.logs import setup_logging
    from tableref.device.store import StoreError
    from tableref.device.web.limits import ListenError

    try:
        if args.config is not None:
            config = load_config(args.config)
        elif DEFAULT_CONFIG_PATH.exists():
            config = load_config(DEFAULT_CONFIG_PATH)
        else:
            config = Config()
    except ConfigError as err:
        raise CliError(f"bad config: {err}") from None
    port = config.web.port if args.port is None else args.port
    if not 0 < port < 65536:
        raise CliError(f"--port {port}: not a port number (1..65535)")
    host = config.web.host if args.host is None else args.host
    sim = wants_sim(config, args.sim)
    setup_logging()
    options = RunOptions(sim=sim, host=host, port=port, journal=args.journal)
    try:
        equipment = build_equipment(config, sim, options.journal_path.parent)
        return asyncio.run(serve(config, options, equipment))
    except StoreError as err:
        raise CliError(str(err), EXIT_JOURNAL) from None
    except ListenError as err:
        raise CliError(str(err), EXIT_LISTEN) from None
