# The bell box firmware's logic: buttons, debounce, LEDs and the line protocol.
#
# Runs under MicroPython on a Raspberry Pi Pico (main.py wires it to machine.Pin, time,
# sys.stdin/stdout) and under CPython in tableref's tests, with fake pins at the
# machine.Pin seam and a pty for the USB CDC link. Everything is injected; this module
# imports nothing but the core language. No annotations, no dataclasses, no f-strings in
# the interrupt handler: it must stay MicroPython code. The protocol is in PROTOCOL.md.

VERSION = "1"
NAME = "tableref-bellbox"
RING_SIZE = 64  # edges the interrupt handlers can queue before the main loop drains them
_RING_MASK = RING_SIZE - 1
_COUNT_MASK = 0xFFFFF  # head/tail counters wrap here (a multiple of RING_SIZE)
_MAX_LINE = 64


class Box:
    """One bell box.

    buttons   list of input pins, pulled up (pressed = low): .value() and
              .irq(handler=, trigger=, hard=)
    leds      list of output pins (or None entries): .value(0|1); led i belongs to button i
    clock     object with ticks_us(), ticks_diff(a, b) and ticks_add(t, d): MicroPython's
              time module (ticks wrap: they are only ever compared with ticks_diff)
    write     write(text): send text to the host (whole lines, "\\n" terminated)
    read      read(): the characters the host sent since the last call ("" if none);
              it must never block
    falling   the trigger value for a falling edge (machine.Pin.IRQ_FALLING)
    array     the array constructor (array.array), for the preallocated ring buffer
    bounce_us edges this soon after a press, or after the line was last seen low, are
              contact bounce

    Debounce works on edge times, as tableref/device/bells/debounce.py does on the Pi:
    the first falling edge of a released button is the press, at once, with its own
    timestamp; every edge after that is ignored until the line has been high, with no
    falling edge, for at least bounce_us, and the press is at least bounce_us old. A
    button held down makes no edges and does not ring again.
    """

    def __init__(self, buttons, leds, clock, write, read, falling, array, bounce_us=5000):
        self.buttons = buttons
        self.leds = leds
        self.clock = clock
        self.write = write
        self.read = read
        self.falling = falling
        self.bounce_us = bounce_us
        n = len(buttons)
        # The ring buffer the interrupt handlers fill: preallocated, never grown.
        self._times = array("i", [0] * RING_SIZE)
        self._which = array("b", [0] * RING_SIZE)
        self._head = array("i", [0])  # written only by the interrupt handlers
        self._tail = array("i", [0])  # written only by the main loop
        self._lost = array("i", [0])  # edges dropped on a full ring
        # Main-loop state per button.
        self.down = [False] * n  # a press was reported and no stable release since
        self._press_t = [None] * n  # ticks of the last reported press
        self._high_since = [None] * n  # ticks of the first sample high since the last low
        self._last_edge = [None] * n  # ticks of the last falling edge drained
        self._line = ""
        self._lost_reported = 0
        self._handlers = [self._make_handler(i) for i in range(n)]

    # -- interrupt side ---------------------------------------------------------------
    def _make_handler(self, button):
        # The handler: a timestamp and the button into the preallocated ring, nothing
        # else. No allocation (hard IRQ on the Pico), no call but ticks_us.
        times = self._times
        which = self._which
        head = self._head
        tail = self._tail
        lost = self._lost
        ticks_us = self.clock.ticks_us

        def handler(pin):
            t = ticks_us()
            h = head[0]
            if ((h - tail[0]) & _COUNT_MASK) >= RING_SIZE:
                lost[0] += 1
                return
            times[h & _RING_MASK] = t
            which[h & _RING_MASK] = button
            head[0] = (h + 1) & _COUNT_MASK

        return handler

    def start(self):
        """Arm the interrupts, switch the LEDs off and say hello."""
        now = self.clock.ticks_us()
        for i, pin in enumerate(self.buttons):
            if pin.value():
                # Released now: armed, as if it had been high for a bounce time already.
                self._high_since[i] = self.clock.ticks_add(now, -self.bounce_us)
            else:
                self.down[i] = True  # held at power-up: it rings only after a release
            pin.irq(handler=self._handlers[i], trigger=self.falling, hard=True)
        for led in self.leds:
            if led is not None:
                led.value(0)
        self.send("H " + NAME + " " + VERSION + " " + str(len(self.buttons)))

    def stop(self):
        for pin in self.buttons:
            pin.irq(handler=None)

    # -- main loop ---------------------------------------------------------------------
    def step(self):
        """One pass of the main loop: sample the lines, drain the edges, report releases,
        answer the host."""
        diff = self.clock.ticks_diff
        now = self.clock.ticks_us()
        levels = [pin.value() for pin in self.buttons]
        # Edges first: a falling edge drained here happened before `now` unless its
        # timestamp says otherwise, and the samples must not hide it.
        while self._tail[0] != self._head[0]:
            k = self._tail[0]
            self._edge(self._which[k & _RING_MASK], self._times[k & _RING_MASK])
            self._tail[0] = (k + 1) & _COUNT_MASK
        for i in range(len(levels)):
            if not levels[i]:
                self._high_since[i] = None
            elif self._high_since[i] is None:
                last = self._last_edge[i]
                if last is None or diff(now, last) > 0:
                    self._high_since[i] = now
            if self.down[i] and self._released(i, now):
                self.down[i] = False
                self.send("R " + str(i) + " " + str(self._high_since[i]))
        if self._lost[0] != self._lost_reported:
            self._lost_reported = self._lost[0]
            self.send("E lost " + str(self._lost_reported) + " edges: ring full")
        self._poll_host()

    def _released(self, i, t):
        """Has button i been high, with no falling edge, for bounce_us at time t, and is
        its last press at least bounce_us old?"""
        diff = self.clock.ticks_diff
        since = self._high_since[i]
        if since is None or diff(t, since) < self.bounce_us:
            return False
        press = self._press_t[i]
        return press is None or diff(t, press) >= self.bounce_us

    def _edge(self, i, t):
        if i < 0 or i >= len(self.buttons):
            return
        if not self.down[i] or self._released(i, t):
            self.down[i] = True
            self._press_t[i] = t
            self.send("P " + str(i) + " " + str(t))
        # Else contact bounce, or a press too soon after the last: ignored.
        self._high_since[i] = None
        self._last_edge[i] = t

    # -- the host ----------------------------------------------------------------------
    def send(self, line):
        self.write(line + "\n")

    def _poll_host(self):
        text = self.read()
        if not text:
            return
        for ch in text:
            if ch == "\n" or ch == "\r":
                line = self._line
                self._line = ""
                if line:
                    self.command(line)
            elif len(self._line) < _MAX_LINE:
                self._line += ch

    def command(self, line):
        """Answer one line from the host."""
        parts = line.split()
        if not parts:
            return
        op = parts[0]
        if op == "T":
            reply = "T " + str(self.clock.ticks_us())
            if len(parts) > 1:
                reply += " " + parts[1]
            self.send(reply)
        elif op == "?":
            self.send("H " + NAME + " " + VERSION + " " + str(len(self.buttons)))
        elif op == "L" and len(parts) == 3:
            self._led(parts[1], parts[2])
        else:
            self.send("E unknown command: " + line[:32])

    def _led(self, which, state):
        try:
            i = int(which)
        except ValueError:
            i = -1
        if i < 0 or i >= len(self.leds) or state not in ("0", "1"):
            self.send("E bad LED command: L " + which + " " + state)
            return
        led = self.leds[i]
        if led is None:
            self.send("E button " + which + " has no LED")
            return
        led.value(1 if state == "1" else 0)

    def run(self, idle, keep_going=None):
        """The main loop: step, then idle() (a short sleep), until keep_going() is false."""
        self.start()
        try:
            while keep_going is None or keep_going():
                self.step()
                idle()
        finally:
            self.stop()
