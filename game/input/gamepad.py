"""One SDL game controller, read through the CONTROLLER* event family.

SDL maps every supported pad to an Xbox-style layout, so buttons are looked up
by SDL's controller button numbers. The left stick is quantised here; the
d-pad overrides it at full scale.
"""
from __future__ import annotations

import math

import pygame

from game.input.bindings import Bindings
from game.input.commands import STICK_MAX, Button, Command
from game.input.keyboard import direction_axes

AXIS_FULL = 32767
DEADZONE = 0.24          # fraction of full tilt ignored (worn sticks rest off-centre)
MENU_TILT = 0.6          # tilt that counts as a d-pad push for menus
MENU_RELEASE = 0.4       # hysteresis: the push ends only below this


def quantise_stick(x: int, y: int) -> tuple[int, int]:
    """Raw SDL axes (-32768..32767) to -STICK_MAX..STICK_MAX with a radial deadzone.

    The live range beyond the deadzone is rescaled so small tilts still give
    slow movement instead of jumping straight to a third of full speed.
    """
    fx, fy = max(-1.0, x / AXIS_FULL), max(-1.0, y / AXIS_FULL)
    magnitude = math.hypot(fx, fy)
    if magnitude <= DEADZONE:
        return 0, 0
    scaled = min(1.0, (magnitude - DEADZONE) / (1.0 - DEADZONE)) / magnitude
    qx = max(-STICK_MAX, min(STICK_MAX, round(fx * scaled * STICK_MAX)))
    qy = max(-STICK_MAX, min(STICK_MAX, round(fy * scaled * STICK_MAX)))
    return qx, qy


class PadState:
    """Buttons and axes of one opened controller, keyed by its SDL instance id."""

    def __init__(self, instance_id: int, name: str, handle: object = None) -> None:
        self.instance_id = instance_id
        self.name = name
        self.handle = handle                 # keeps pygame's Controller open
        self.down: dict[int, bool] = {}      # sdl button -> held now
        self.fresh: dict[int, bool] = {}     # sdl buttons pressed since the last poll
        self.axes: dict[int, int] = {}
        self.menu_dirs = Button.NONE         # stick pushes for menus (with hysteresis)
        self.menu_fresh = Button.NONE

    def button_down(self, sdl_button: int) -> None:
        if not self.down.get(sdl_button):
            self.fresh[sdl_button] = True
        self.down[sdl_button] = True

    def button_up(self, sdl_button: int) -> None:
        self.down.pop(sdl_button, None)

    def axis(self, axis: int, value: int) -> None:
        self.axes[axis] = value
        if axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            self._update_menu_dirs()

    def _update_menu_dirs(self) -> None:
        fx = self.axes.get(pygame.CONTROLLER_AXIS_LEFTX, 0) / AXIS_FULL
        fy = self.axes.get(pygame.CONTROLLER_AXIS_LEFTY, 0) / AXIS_FULL
        dirs = Button.NONE
        for button, value in ((Button.LEFT, -fx), (Button.RIGHT, fx), (Button.UP, -fy), (Button.DOWN, fy)):
            threshold = MENU_RELEASE if self.menu_dirs & button else MENU_TILT
            if value >= threshold:
                dirs |= button
        self.menu_fresh |= dirs & ~self.menu_dirs
        self.menu_dirs = dirs

    def command(self, bindings: Bindings) -> Command:
        """This pad's Command for a seat: the d-pad wins over the stick."""
        held = pressed = Button.NONE
        for button, code in bindings.pad.items():
            if self.down.get(code):
                held |= button
            if self.fresh.get(code):
                pressed |= button
        dx, dy = quantise_stick(self.axes.get(pygame.CONTROLLER_AXIS_LEFTX, 0),
                                self.axes.get(pygame.CONTROLLER_AXIS_LEFTY, 0))
        pad_x, pad_y = direction_axes(held)
        return Command(pad_x or dx, pad_y or dy, pressed=pressed, held=held)

    def menu_command(self, bindings: Bindings) -> Command:
        """Like command(), but stick pushes also count as d-pad presses (menus are lists)."""
        base = self.command(bindings)
        return Command(base.dx, base.dy, pressed=base.pressed | self.menu_fresh, held=base.held | self.menu_dirs)

    def end_tick(self) -> None:
        self.fresh.clear()
        self.menu_fresh = Button.NONE
