"""The daemon's log cannot be flooded: long messages are cut, repeats are counted."""

from __future__ import annotations

import io
import logging

from tableref.device.logs import MAX_MESSAGE_CHARS, FloodGuard


def _logger(guard: FloodGuard) -> tuple[logging.Logger, io.StringIO]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(guard)
    log = logging.getLogger(f"test.flood.{id(guard)}")
    log.propagate = False
    log.handlers = [handler]
    log.setLevel(logging.INFO)
    return log, out


def test_repeats_are_limited_per_window_and_counted() -> None:
    now = [0.0]
    log, out = _logger(FloodGuard(burst=5, window_s=60, clock=lambda: now[0]))
    for i in range(10_000):
        log.error("bad request from %s", f"10.0.0.{i % 200}")
    log.info("game %d over", 3)  # another kind of message still gets through
    assert out.getvalue().count("bad request") == 5
    assert "game 3 over" in out.getvalue()
    now[0] += 61
    log.error("bad request from %s", "10.0.0.1")
    assert "(9995 more like this left out of the log)" in out.getvalue()


def test_a_huge_name_is_cut() -> None:
    log, out = _logger(FloodGuard())
    log.info("say: %s", "A" * 200_000_000)
    assert len(out.getvalue()) < MAX_MESSAGE_CHARS + 100
    assert "more)" in out.getvalue()


def test_a_traceback_is_kept_but_cut() -> None:
    log, out = _logger(FloodGuard())
    try:
        raise ValueError("x" * 100_000)
    except ValueError:
        log.exception("failed")
    text = out.getvalue()
    assert "Traceback" in text and "ValueError" in text and len(text) < 10_000
