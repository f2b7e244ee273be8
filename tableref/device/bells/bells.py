"""`Bells`: the buttons, their LEDs and the arbiter, as the daemon uses them.

```python
def to_loop(event: BellEvent) -> None:   # called on the bells' threads
    loop.call_soon_threadsafe(queue.put_nowait, event)

with Bells.from_config(config, on_event=to_loop) as bells:
    ...                     # a Ring arrives: the bells are locked, the winner's LED is lit
    bells.unlock()          # next round
```
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tableref.device.bells.arbiter import Arbiter, EventSink
from tableref.device.bells.controls import ArbiterControls
from tableref.device.bells.debounce import Debouncer
from tableref.device.bells.events import BellEvent, Press, Release, Ring
from tableref.device.bells.gpio import BellsError, ButtonInput, make_pin_factory
from tableref.device.bells.leds import Leds
from tableref.device.clock import Clock
from tableref.device.config import Config, PlayerConfig

PressSink = Callable[[Press], None]
ReleaseSink = Callable[[Release], None]


class Bells(ArbiterControls):
    """Bell buttons on GPIO, with fair first-press arbitration.

    `buttons` maps player index -> BCM pin of the button; `leds` player -> BCM pin of the
    button's LED. `pin_factory` is a gpiozero factory, a factory name ("mock", "lgpio",
    "rpigpio"), or None / "auto" for gpiozero's usual choice. `on_event` receives every
    `Ring`, `LatePress` and `IgnoredPress` (see `Arbiter`); `on_press` every debounced press
    as it happens, on gpiozero's thread, before arbitration, and `on_release` every
    debounced release (how long a button is held); `clock` is the arbiter's (a
    thread of its own by default). With no `on_event` there is no arbitration here: the
    presses go to `on_press` only, for a caller whose own `Arbiter` weighs them with other
    press sources (the daemon: its Halli session's, fed by these bells, the bell box and the
    page alike); then lock/unlock do nothing and the LEDs light only when told.
    """

    def __init__(
        self,
        buttons: Mapping[int, int],
        leds: Mapping[int, int] | None = None,
        *,
        on_event: EventSink | None = None,
        on_press: PressSink | None = None,
        on_release: ReleaseSink | None = None,
        pin_factory: Any | None = None,
        bounce_ms: float = 5.0,
        settle_ms: float = 2.0,
        clock: Clock | None = None,
    ) -> None:
        self._on_event = on_event
        self._on_press = on_press
        self._on_release = on_release
        self._bounce_ns = round(bounce_ms * 1e6)
        self._closed = False
        self._owns_factory = isinstance(pin_factory, str) and pin_factory != "auto"
        if isinstance(pin_factory, str):
            pin_factory = make_pin_factory(pin_factory)
        self._factory = pin_factory
        self._debounce_lock = threading.Lock()
        self._debouncers: dict[int, Debouncer] = {}
        self._inputs: dict[int, ButtonInput] = {}
        self._pins = dict(buttons)
        self._arbiter: Arbiter | None = None
        if on_event is not None:
            self._arbiter = Arbiter(
                self._arbitrated, settle_ns=round(settle_ms * 1e6), clock=clock
            )
        self._leds: Leds | None = None
        try:
            for player, pin in buttons.items():
                self._inputs[player] = ButtonInput(pin, self._edge_handler(player), self._factory)
                self._debouncers[player] = Debouncer(
                    self._bounce_ns, pressed_now=self._inputs[player].is_pressed
                )
            self._leds = Leds(leds or {}, self._factory)
        except BaseException:
            self.close()
            raise

    @classmethod
    def from_config(
        cls,
        config: Config,
        *,
        on_event: EventSink | None = None,
        on_press: PressSink | None = None,
        on_release: ReleaseSink | None = None,
        pin_factory: Any | None = None,
    ) -> Bells:
        """Bells for the players in `config`; `pin_factory` overrides `[bells] pin_factory`."""
        buttons, leds = pins_of(config.players)
        return cls(
            buttons,
            leds,
            on_event=on_event,
            on_press=on_press,
            on_release=on_release,
            pin_factory=config.bells.pin_factory if pin_factory is None else pin_factory,
            bounce_ms=config.bells.bounce_ms,
            settle_ms=config.bells.settle_ms,
        )

    # -- the referee's controls ---------------------------------------------------------------
    def light(self, player: int | None) -> None:
        """Light `player`'s LED alone; None: all dark."""
        if self._leds is not None:
            self._leds.light(player)

    def is_lit(self, player: int) -> bool:
        return self._leds is not None and self._leds.is_lit(player)

    @property
    def led_players(self) -> tuple[int, ...]:
        return () if self._leds is None else self._leds.players

    @property
    def buttons(self) -> dict[int, int]:
        """player -> BCM pin of the button."""
        return dict(self._pins)

    @property
    def pin_factory(self) -> Any | None:
        """The gpiozero pin factory in use (gpiozero's default one when none was given)."""
        for button in self._inputs.values():
            return button.device.pin_factory
        return self._factory

    def gpio_pin(self, player: int) -> Any:
        """The gpiozero pin object of `player`'s button (a MockPin in tests)."""
        return self._inputs[player].device.pin

    def press(self, player: int, t_ns: int | None = None) -> None:
        """A press from elsewhere (keyboard, the page, a Pico bell box): arbitrated like the
        buttons; `t_ns` is its time on the monotonic clock (default: now)."""
        seen = time.monotonic_ns()
        self._deliver(Press(player, None, seen if t_ns is None else t_ns, seen))

    # -- from gpiozero's threads ------------------------------------------------------------
    def _edge_handler(self, player: int) -> Callable[[int, bool, int], None]:
        pin = self._pins[player]

        def edge(t_ns: int, low: bool, seen_ns: int) -> None:
            with self._debounce_lock:
                debouncer = self._debouncers.get(player)
                kind = None if debouncer is None else debouncer.step(t_ns, low)
            if kind == "press":
                self._deliver(Press(player, pin, t_ns, seen_ns))
            elif kind == "release" and self._on_release is not None and not self._closed:
                self._on_release(Release(player, t_ns))

        return edge

    def _deliver(self, press: Press) -> None:
        if self._closed:
            return
        if self._on_press is not None:
            self._on_press(press)
        if self._arbiter is not None:
            self._arbiter.press(press)

    def _arbitrated(self, event: BellEvent) -> None:
        if isinstance(event, Ring) and self._leds is not None:
            self._leds.light(event.player)
        if self._on_event is not None:
            self._on_event(event)

    def close(self) -> None:
        """Release the pins and stop the arbiter. Idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._arbiter is not None:
            self._arbiter.close()
        for button in self._inputs.values():
            button.close()
        self._inputs.clear()
        if self._leds is not None:
            self._leds.close()
        if self._owns_factory and self._factory is not None:
            self._factory.close()
        self._factory = None


def pins_of(players: Sequence[PlayerConfig]) -> tuple[dict[int, int], dict[int, int]]:
    """(player -> button pin, player -> LED pin) for the players that have them."""
    buttons = {p.index: p.button_pin for p in players if p.button_pin is not None}
    leds = {p.index: p.led_pin for p in players if p.led_pin is not None}
    return buttons, leds


__all__ = ["Bells", "BellsError", "pins_of"]
