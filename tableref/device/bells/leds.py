"""The LEDs in the bell buttons: the winner's lights, the others go dark."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tableref.device.bells.gpio import BellsError


class Leds:
    """One gpiozero LED per player that has an LED pin (`pins`: player -> BCM pin)."""

    def __init__(self, pins: Mapping[int, int], factory: Any | None = None) -> None:
        from gpiozero import LED

        self._leds: dict[int, Any] = {}
        try:
            for player, pin in pins.items():
                try:
                    self._leds[player] = LED(pin, pin_factory=factory)
                except Exception as err:
                    raise BellsError(f"GPIO {pin}: cannot use it as an LED: {err}") from err
        except BaseException:
            self.close()
            raise

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(self._leds)

    def light(self, player: int | None) -> None:
        """Light `player`'s LED alone (None: all dark). A player without an LED: all dark."""
        for who, led in self._leds.items():
            if who != player:
                led.off()
        if player in self._leds:
            self._leds[player].on()

    def off(self) -> None:
        self.light(None)

    def is_lit(self, player: int) -> bool:
        led = self._leds.get(player)
        return bool(led is not None and led.is_lit)

    def close(self) -> None:
        for led in self._leds.values():
            led.close()
        self._leds.clear()
