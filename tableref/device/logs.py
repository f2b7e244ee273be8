"""The daemon's log, which no client can flood: long messages are cut, repeats rate-limited.

A flood of bad requests, or a name a megabyte long, must not fill the SD card through the
journal of systemd. Every record passes `FloodGuard`: its message is cut to
`MAX_MESSAGE_CHARS` (tracebacks to `MAX_TRACEBACK_CHARS`), and at most `BURST` records of one
kind (logger and message template) are written per `WINDOW_S`; the rest are counted, and
the next one written after the window says how many were left out.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

MAX_MESSAGE_CHARS = 1000
MAX_TRACEBACK_CHARS = 8000
BURST = 20
WINDOW_S = 60.0
MAX_KINDS = 1000  # kinds of message tracked at once (the table is cleared when full)
FORMAT = "%(asctime)s %(name)s: %(message)s"


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit} more)"


class FloodGuard(logging.Filter):
    """Cuts long records and lets through at most `burst` of a kind per `window_s`."""

    def __init__(self, burst: int = BURST, window_s: float = WINDOW_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.burst = burst
        self.window_s = window_s
        self.clock = clock
        self._kinds: dict[tuple[str, str], tuple[float, int, int]] = {}  # start, sent, dropped

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg)[:200])
        now = self.clock()
        start, sent, dropped = self._kinds.get(key, (now, 0, 0))
        if now - start >= self.window_s:
            start, sent = now, 0
        if sent >= self.burst:
            self._kinds[key] = (start, sent, dropped + 1)
            return False
        if len(self._kinds) >= MAX_KINDS and key not in self._kinds:
            self._kinds.clear()
        self._kinds[key] = (start, sent + 1, 0)
        message = cut(record.getMessage(), MAX_MESSAGE_CHARS)
        if dropped:
            message += f" ({dropped} more like this left out of the log)"
        record.msg, record.args = message, None
        if record.exc_info and not record.exc_text:
            record.exc_text = cut(logging.Formatter().formatException(record.exc_info),
                                  MAX_TRACEBACK_CHARS)
        return True


def setup_logging(level: int = logging.INFO) -> logging.Handler:
    """Log to stderr (the systemd journal under the unit) through a `FloodGuard`."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(FloodGuard())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    return handler
