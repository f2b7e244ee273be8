# tableref bell box: MicroPython on a Raspberry Pi Pico (or Pico W / Pico 2).
#
# Copy this file and bellbox_core.py to the Pico (see hardware.md, "The Pico bell box"):
#     mpremote cp firmware/bellbox/bellbox_core.py firmware/bellbox/main.py :
# It then runs at every power-up and talks to the Pi over USB (PROTOCOL.md).
#
# Here only the hardware is set up; the logic is in bellbox_core.py, which tableref's tests
# run under CPython with fake pins.

import sys
import time
from array import array

import machine
import micropython
import select

from bellbox_core import Box

# GP numbers. Button i is seat i (players[i] in the config); LED i is in button i.
BUTTON_PINS = (2, 3, 4, 5, 6, 7)  # switch between the pin and ground (pressed = low)
LED_PINS = (16, 17, 18, 19, 20, 21)  # through a resistor or a ULN2803A channel
BOUNCE_US = 5000

# A hard interrupt handler that fails needs this to report why.
micropython.alloc_emergency_exception_buf(100)


def main():
    buttons = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in BUTTON_PINS]
    leds = [machine.Pin(n, machine.Pin.OUT, value=0) for n in LED_PINS]
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)

    def read():
        text = ""
        while poll.poll(0) and len(text) < 64:
            text += sys.stdin.read(1)
        return text

    def write(text):
        sys.stdout.write(text)

    def idle():
        # Wait up to 1 ms, less when the host sends: a time request is answered at once,
        # which keeps the round trip short and even. Presses are stamped by the interrupt
        # meanwhile; this only delays their lines.
        poll.poll(1)

    while True:
        box = Box(buttons, leds, time, write, read, machine.Pin.IRQ_FALLING, array, BOUNCE_US)
        try:
            box.run(idle)
        except KeyboardInterrupt:  # Ctrl-C from mpremote or Thonny: to the REPL
            raise
        except Exception as err:  # a bug: say so (the host logs it), start again
            sys.print_exception(err)
            time.sleep_ms(1000)


main()
