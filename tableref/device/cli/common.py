"""What the command-line modules share."""

from __future__ import annotations

import argparse
from typing import Any

# Command groups by name ("halli", "nimalia", "bells"), plus "__top__" for top-level commands.
Groups = dict[str, "argparse._SubParsersAction[Any]"]


class CliError(Exception):
    """A problem with the user's input: printed as one line, exit code 2."""
