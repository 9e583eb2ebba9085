"""Per-seat commands: the only thing the simulation ever receives.

Keyboards, gamepads, bots and replays all produce these, one per seat per tick,
so the simulation cannot tell them apart.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntFlag

STICK_MAX = 16  # stick axes are quantised to integers in -STICK_MAX..STICK_MAX


class Button(IntFlag):
    """Virtual buttons, named after an Xbox-layout pad. Games give them meaning."""

    NONE = 0
    A = 1 << 0       # confirm / pick up / take / grab
    B = 1 << 1       # back / put down / cancel
    X = 1 << 2       # flip / roll
    Y = 1 << 3       # secondary (hand, queue, SOLD OUT! ...)
    LB = 1 << 4
    RB = 1 << 5
    START = 1 << 6   # pause
    BACK = 1 << 7    # view / select
    UP = 1 << 8      # d-pad (also the keyboard's direction keys in menus)
    DOWN = 1 << 9
    LEFT = 1 << 10
    RIGHT = 1 << 11


@dataclass(frozen=True, slots=True)
class Command:
    """What one seat does in one tick.

    dx, dy: the stick, quantised to -STICK_MAX..STICK_MAX (y grows downward).
    pressed: buttons that went down this tick. held: buttons down now.
    """

    dx: int = 0
    dy: int = 0
    pressed: Button = Button.NONE
    held: Button = Button.NONE

    def __post_init__(self) -> None:
        if not (-STICK_MAX <= self.dx <= STICK_MAX and -STICK_MAX <= self.dy <= STICK_MAX):
            raise ValueError(f"stick out of range: {self.dx},{self.dy}")

    def was_pressed(self, button: Button) -> bool:
        return bool(self.pressed & button)


IDLE = Command()
