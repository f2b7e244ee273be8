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
EXIT_JOURNAL = 3  # `run`: another tableref holds the journal (other trouble opening it is
# said on the page while the daemon tries again); `club`: the league cannot be opened
EXIT_LISTEN = 4  # `run`: the web page's address cannot be listened on (port in use?)
EXIT_INTERRUPTED = 130  # Ctrl-C

EXIT_CODES_HELP = """exit codes:
  0    done
  1    the work could not be done (e.g. a space of a reserve photo could not be read)
  2    bad arguments, config file or input (the message names it; retrying won't help)
  3    tableref run: the journal is in use by another tableref process (a journal that
       cannot be opened for any other reason is said on the page, tried again every 5 s);
       tableref club: the league cannot be opened
  4    tableref run, club: cannot listen on the web page's address (the port is in use?)
  130  interrupted (Ctrl-C)"""


class CliError(Exception):
    """A problem with the user's input: printed as one line, exit code 2."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code
