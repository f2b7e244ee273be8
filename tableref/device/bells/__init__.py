"""The bells: arcade buttons on GPIO, fair first-press arbitration, the buttons' LEDs."""

from tableref.device.bells.arbiter import Arbiter
from tableref.device.bells.bells import Bells, pins_of
from tableref.device.bells.debounce import Debouncer
from tableref.device.bells.events import BellEvent, IgnoredPress, LatePress, Press, Ring
from tableref.device.bells.gpio import BellsError

__all__ = [
    "Arbiter",
    "BellEvent",
    "Bells",
    "BellsError",
    "Debouncer",
    "IgnoredPress",
    "LatePress",
    "Press",
    "Ring",
    "pins_of",
]
