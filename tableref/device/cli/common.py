"""What the command-line modules share: the error for bad input and the exit codes."""

from __future__ import annotations

import argparse
from typing import Any

# Command groups by name ("halli", "nimalia", "bells"), plus "__top__" for top-level commands.
Groups = dict[str, "argparse._SubParsersAction[Any]"]

# Exit codes (listed in `tableref --help`; systemd/tableref.service restarts on all but 2).
EXIT_OK = 0
EXIT_FAILED = 1  # the work could not be done (an unreadable space, a bug, out of memory)
EXIT_BAD_INPUT = 2  # bad arguments, config or input file: fix it, running again won't help
EXIT_JOURNAL = 3  # `run`: the journal cannot be opened (in use, no permission, disk gone)
EXIT_LISTEN = 4  # `run`: the web page's address cannot be listened on (port in use?)
EXIT_INTERRUPTED = 130  # Ctrl-C

EXIT_CODES_HELP = """exit codes:
  0    done
  1    the work could not be done (e.g. a space of a reserve photo could not be read)
  2    bad arguments, config file or input (the message names it; retrying won't help)
  3    tableref run: the journal cannot be opened (in use by another tableref, no access)
  4    tableref run: cannot listen on the web page's address (the port is in use?)
  130  interrupted (Ctrl-C)"""


class CliError(Exception):
    """A problem with the user's input: printed as one line, exit code 2."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code
