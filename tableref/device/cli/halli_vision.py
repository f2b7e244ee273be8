"""Command-line subcommands (not written yet)."""

from __future__ import annotations

from tableref.device.cli.common import Groups


def register(groups: Groups) -> None:
    """Add this module's subcommands to the command groups."""
