"""The Pico bell box: buttons on a Raspberry Pi Pico, talking to the Pi over USB serial.

The box (firmware/bellbox/, protocol in firmware/bellbox/PROTOCOL.md) stamps each press
with its `ticks_us`; here they are mapped onto the host's monotonic clock (`TickClock`) and
fed, as `Press` events, into the same `Arbiter` the GPIO bells use. `BellBox` has the
controls of `Bells` (lock, unlock, set_active, light), so the daemon can use either.

One thread owns the serial port: it opens it, checks the hello, syncs the clocks, reads
presses, and when the box disappears (unplugged, crashed, not answering) it reports that to
`on_health(False, message)`, closes the port and retries with backoff until the box is back
(`on_health(True, message)`). The game goes on meanwhile; presses on other bells (the
keyboard, the page: `press()`) still count.

```python
with BellBox.from_config(config, on_event=to_loop, on_health=health_to_loop) as box:
    ...                     # a Ring arrives: the bells are locked, the winner's LED is lit
    box.unlock()
```
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import serial

from tableref.device.bells.arbiter import Arbiter, EventSink
from tableref.device.bells.bellbox_clock import SyncSample, TickClock
from tableref.device.bells.bells import Bells
from tableref.device.bells.controls import ArbiterControls
from tableref.device.bells.events import BellEvent, Press, Release, Ring
from tableref.device.clock import Clock
from tableref.device.config import Config

log = logging.getLogger(__name__)

PressSink = Callable[[Press], None]
ReleaseSink = Callable[[Release], None]
HealthSink = Callable[[bool, str], None]
HELLO = "tableref-bellbox"
PROTOCOL_VERSION = "1"


class BellBoxError(RuntimeError):
    """The bell box is missing, silent, or speaks something else."""


class BellBox(ArbiterControls):
    """The bell box on serial port `port` (a device path or a pyserial URL) for `players`
    seats (button i is seat i). `on_event`, `on_press`, `on_release`, `clock` as for `Bells`;
    `on_health(ok,
    message)` hears when the box is lost and when it is back (on the box's thread)."""

    def __init__(
        self,
        port: str,
        players: int,
        *,
        on_event: EventSink | None = None,
        on_press: PressSink | None = None,
        on_release: ReleaseSink | None = None,
        on_health: HealthSink | None = None,
        settle_ms: float = 2.0,
        clock: Clock | None = None,
        sync_every_s: float = 1.0,
        burst: int = 5,
        reply_timeout_s: float = 0.5,
        retry_first_s: float = 0.2,
        retry_max_s: float = 5.0,
    ) -> None:
        self.port = port
        self.players = players
        self._on_event = on_event
        self._on_press = on_press
        self._on_release = on_release
        self._on_health = on_health
        self._sync_every_ns = round(sync_every_s * 1e9)
        self._burst = burst
        self._reply_timeout_ns = round(reply_timeout_s * 1e9)
        self._retry_first_s = retry_first_s
        self._retry_max_s = retry_max_s
        self.clock = TickClock()
        self._lit: set[int] = set()
        self._cond = threading.Condition()
        self._write_lock = threading.Lock()
        self._serial: Any | None = None
        self._connected = False
        self._closed = False
        self._health: tuple[bool, str] | None = None
        self._buf = b""
        self._seq = 0
        self.box_buttons: int | None = None
        self._arbiter: Arbiter | None = None
        if on_event is not None:
            self._arbiter = Arbiter(
                self._arbitrated, settle_ns=round(settle_ms * 1e6), clock=clock
            )
        self._thread = threading.Thread(target=self._run, name="bellbox", daemon=True)
        self._thread.start()

    @classmethod
    def from_config(
        cls,
        config: Config,
        *,
        on_event: EventSink | None = None,
        on_press: PressSink | None = None,
        on_release: ReleaseSink | None = None,
        on_health: HealthSink | None = None,
    ) -> BellBox:
        return cls(
            config.bells.serial_port,
            len(config.players),
            on_event=on_event,
            on_press=on_press,
            on_release=on_release,
            on_health=on_health,
            settle_ms=config.bells.settle_ms,
        )

    # -- the referee's controls (as Bells) ---------------------------------------------------
    @property
    def connected(self) -> bool:
        with self._cond:
            return self._connected

    def wait_connected(self, timeout: float, connected: bool = True) -> bool:
        """Block until the box is (or, with connected=False, is not) connected."""
        with self._cond:
            return self._cond.wait_for(lambda: self._connected == connected, timeout)


    def light(self, player: int | None) -> None:
        """Light `player`'s LED alone; None: all dark. Kept and re-sent after a reconnect."""
        with self._cond:
            old, self._lit = self._lit, ({player} if player is not None else set())
            changes = [(p, False) for p in old - self._lit] + [(p, True) for p in self._lit]
        for who, on in changes:
            self._send(f"L {who} {int(on)}")

    def is_lit(self, player: int) -> bool:
        with self._cond:
            return player in self._lit

    def press(self, player: int, t_ns: int | None = None) -> None:
        """A press from elsewhere (keyboard, the page), arbitrated with the box's."""
        seen = time.monotonic_ns()
        self._deliver(Press(player, None, seen if t_ns is None else t_ns, seen))

    # -- the box's thread ------------------------------------------------------------------
    def _run(self) -> None:
        delay = self._retry_first_s
        while not self._is_closed():
            try:
                self._session()
                delay = self._retry_first_s
            except (serial.SerialException, OSError, BellBoxError) as err:
                self._lost(str(err) or type(err).__name__)
            except Exception as err:  # a bug must not stop the retries
                log.exception("bell box: unexpected failure")
                self._lost(f"{type(err).__name__}: {err}")
            with self._cond:
                if self._cond.wait_for(lambda: self._closed, delay):
                    return
            delay = min(self._retry_max_s, delay * 2)

    def _session(self) -> None:
        """Open the port and serve the box until it fails (raises) or we are closed."""
        ser = serial.serial_for_url(self.port, baudrate=115200, timeout=0.02)
        try:
            with self._cond:
                self._buf = b""
            ser.reset_input_buffer()
            self._hello(ser)
            self.clock.reset()
            self._sync(ser)
            with self._cond:
                self._serial = ser
                lit = set(self._lit)
            for player in range(min(self.players, self.box_buttons or self.players)):
                self._send(f"L {player} {int(player in lit)}")
            self._report(True, f"bell box on {self.port}: working")
            with self._cond:
                self._connected = True
                self._cond.notify_all()
            next_sync = time.monotonic_ns() + self._sync_every_ns
            while not self._is_closed():
                line = self._readline(ser)
                if line is not None:
                    self._handle(line)
                if time.monotonic_ns() >= next_sync:
                    self._sync(ser)
                    next_sync = time.monotonic_ns() + self._sync_every_ns
        finally:
            with self._cond:
                self._connected = False
                self._serial = None
                self._cond.notify_all()
            ser.close()

    def _hello(self, ser: Any) -> None:
        for _ in range(3):
            self._write(ser, "?")
            deadline = time.monotonic_ns() + self._reply_timeout_ns
            while time.monotonic_ns() < deadline:
                line = self._readline(ser)
                if line is None or not line.startswith("H "):
                    continue
                fields = line.split()
                if len(fields) < 3 or fields[1] != HELLO:
                    raise BellBoxError(f"not a tableref bell box: {line!r}")
                if fields[2] != PROTOCOL_VERSION:
                    raise BellBoxError(
                        f"bell box protocol {fields[2]}, expected "
                        f"{PROTOCOL_VERSION}: copy firmware/bellbox/ to the Pico again"
                    )
                n = fields[3] if len(fields) > 3 else ""
                self.box_buttons = int(n) if n.isdigit() else None
                if self.box_buttons is not None and self.box_buttons < self.players:
                    log.warning(
                        "bell box: %d buttons for %d players", self.box_buttons, self.players
                    )
                return
        raise BellBoxError("no answer to hello (is main.py on the Pico?)")

    def _sync(self, ser: Any) -> None:
        """One burst of time requests; raises BellBoxError when the box does not answer."""
        samples: list[SyncSample] = []
        presses: list[str] = []
        for _ in range(self._burst):
            self._seq += 1
            token = str(self._seq)
            t0 = time.monotonic_ns()
            self._write(ser, f"T {token}")
            while True:
                line = self._readline(ser)
                now = time.monotonic_ns()
                if line is not None:
                    fields = line.split()
                    if fields[0] == "T" and len(fields) == 3 and fields[2] == token:
                        if fields[1].isdigit():
                            samples.append(SyncSample(t0, int(fields[1]), now))
                        break
                    if fields[0] == "T":
                        continue  # the late answer to an earlier request
                    if fields[0] in ("P", "R") and not self.clock.synced:
                        presses.append(line)  # mapped once there is a clock
                    else:
                        self._handle(line)
                if now - t0 > self._reply_timeout_ns:
                    break
            if not samples or samples[-1].t0_ns != t0:
                break  # no answer this time: do not wait for the rest of the burst
        if not samples:
            raise BellBoxError("the bell box does not answer")
        self.clock.add_burst(samples)
        for line in presses:
            self._handle(line)

    def _handle(self, line: str) -> None:
        fields = line.split()
        try:
            if fields[0] == "P" and len(fields) == 3:
                self._box_press(int(fields[1]), int(fields[2]))
            elif fields[0] == "R" and len(fields) == 3:
                self._box_release(int(fields[1]), int(fields[2]))
            elif fields[0] == "E":
                log.warning("bell box says: %s", line[2:])
            elif fields[0] not in ("T", "H"):
                log.info("bell box: not protocol: %r", line)
        except ValueError:
            log.warning("bell box: bad line %r", line)

    def _box_press(self, button: int, ticks: int) -> None:
        seen = time.monotonic_ns()
        if not 0 <= button < self.players:
            log.warning("bell box: button %d has no player (%d seats)", button, self.players)
            return
        self._deliver(Press(button, None, self.clock.to_ns(ticks), seen))

    def _box_release(self, button: int, ticks: int) -> None:
        if 0 <= button < self.players and self._on_release is not None and (
                not self._is_closed()):
            self._on_release(Release(button, self.clock.to_ns(ticks)))

    def _readline(self, ser: Any) -> str | None:
        """One line from the box, or None when none came within the port's timeout."""
        while b"\n" not in self._buf:
            chunk = ser.read(max(1, ser.in_waiting))
            if not chunk:
                return None
            self._buf += chunk
            if len(self._buf) > 4096:  # no newline in 4 kB: not our protocol
                self._buf = b""
        raw, self._buf = self._buf.split(b"\n", 1)
        line = raw.decode("ascii", "replace").strip()
        return line or None

    def _write(self, ser: Any, line: str) -> None:
        with self._write_lock:
            ser.write(line.encode("ascii") + b"\n")

    def _send(self, line: str) -> None:
        """Write from any thread if connected; a failure is left to the box's thread."""
        with self._cond:
            ser = self._serial
        if ser is None:
            return
        try:
            self._write(ser, line)
        except (serial.SerialException, OSError) as err:
            log.debug("bell box: cannot send %r: %s", line, err)

    def _lost(self, message: str) -> None:
        self.clock.reset()
        if "No such file" in message or "could not open" in message:
            message = f"not found ({message})"
        self._report(False, f"bell box on {self.port}: {message}; retrying")

    def _report(self, ok: bool, message: str) -> None:
        if self._health == (ok, message) or self._is_closed():
            return
        self._health = (ok, message)
        (log.info if ok else log.warning)("%s", message)
        if self._on_health is not None:
            try:
                self._on_health(ok, message)
            except Exception:
                log.exception("bell box: the health consumer failed")

    def _is_closed(self) -> bool:
        with self._cond:
            return self._closed

    # -- presses to the arbiter --------------------------------------------------------------
    def _deliver(self, press: Press) -> None:
        if self._is_closed():
            return
        if self._on_press is not None:
            self._on_press(press)
        if self._arbiter is not None:
            self._arbiter.press(press)

    def _arbitrated(self, event: BellEvent) -> None:
        if isinstance(event, Ring):
            self.light(event.player)
        if self._on_event is not None:
            self._on_event(event)

    def close(self) -> None:
        """Stop the thread, close the port and the arbiter. Idempotent."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cond.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        if self._arbiter is not None:
            self._arbiter.close()


def open_bells(
    config: Config,
    *,
    on_event: EventSink | None = None,
    on_press: PressSink | None = None,
    on_release: ReleaseSink | None = None,
    on_health: HealthSink | None = None,
    pin_factory: Any | None = None,
) -> Bells | BellBox:
    """The bells `[bells] source` names: buttons on GPIO (`Bells`), or the Pico bell box
    (`BellBox`, whose losses and returns go to `on_health`). Both have the same controls."""
    if config.bells.source == "bellbox":
        return BellBox.from_config(
            config, on_event=on_event, on_press=on_press, on_release=on_release,
            on_health=on_health)
    return Bells.from_config(config, on_event=on_event, on_press=on_press,
                             on_release=on_release, pin_factory=pin_factory)
