"""Menu auto-repeat measured in real time from the press, never in frames.

A direction held past REPEAT_DELAY seconds repeats every REPEAT_EVERY seconds, as a
keyboard's typematic repeat does. Time is the real time each tick stands for (the window
loop gives it; tests step it a tick at a time), so a long frame never stretches a tap.

A repeat also needs the direction to be *seen* still held: while input the device sent is
read but waiting for a later tick of the same frame (`settled` is False), its release may
be among it, so nothing repeats yet. A tap read in one frame and released in the next is
then a single step however long either frame took.
"""
from __future__ import annotations

from game.match.commands import Button

REPEAT_DELAY = 0.3      # seconds a direction is held before it repeats
REPEAT_EVERY = 0.1      # seconds between repeats
DIRECTIONS = (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)


class Typematic:
    """One device's repeating directions."""

    def __init__(self) -> None:
        self._due: dict[Button, float] = {}   # direction -> when it next repeats

    def step(self, held: Button, pressed: Button, now: float, settled: bool = True) -> Button:
        """The directions that repeat at `now` (real seconds), given this tick's held and pressed ones."""
        out = Button.NONE
        for direction in DIRECTIONS:
            if pressed & direction:
                self._due[direction] = now + REPEAT_DELAY
            elif not held & direction:
                self._due.pop(direction, None)
            elif settled and direction in self._due and now >= self._due[direction]:
                out |= direction
                # The next one a step later; after a stall, one step from now (no burst to catch up).
                self._due[direction] = max(self._due[direction] + REPEAT_EVERY, now + REPEAT_EVERY / 2)
        return out

    def reset(self) -> None:
        """Forget every held direction (the window lost focus: no repeat until pressed again)."""
        self._due.clear()
