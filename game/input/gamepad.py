"""One SDL game controller, read through the CONTROLLER* event family.

SDL maps every supported pad to an Xbox-style layout, so buttons are looked up
by SDL's controller button numbers. The left stick is quantised here; the
d-pad overrides it at full scale.
"""
from __future__ import annotations

import math

from typing import Protocol

import pygame

from game.input.bindings import Bindings
from game.match.commands import STICK_MAX, Button, Command
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


RAW_TILT = 0.6           # how far from rest an axis must move to count in the set-up wizard
NINTENDO_SWAP = {pygame.CONTROLLER_BUTTON_A: pygame.CONTROLLER_BUTTON_B,
                 pygame.CONTROLLER_BUTTON_B: pygame.CONTROLLER_BUTTON_A}


class Rumbling(Protocol):
    """What a pad's SDL handle does for us (pygame's Controller): rumble both motors."""

    def rumble(self, low_frequency: float, high_frequency: float, duration: int, /) -> bool: ...


class RawDevice(Protocol):
    """A joystick read by raw numbers (pygame's Joystick)."""

    def get_numaxes(self) -> int: ...
    def get_axis(self, axis_number: int, /) -> float: ...
    def get_numbuttons(self) -> int: ...
    def get_button(self, button: int, /) -> bool: ...
    def get_numhats(self) -> int: ...
    def get_hat(self, hat_number: int, /) -> tuple[float, float]: ...


class PadState:
    """Buttons and axes of one opened controller, keyed by its SDL instance id."""

    def __init__(self, instance_id: int, name: str, handle: Rumbling | None = None, guid: str = "",
                 family: str = "xbox") -> None:
        self.instance_id = instance_id
        self.name = name
        self.handle = handle                 # keeps pygame's Controller open
        self.guid = guid
        self.family = family                 # game.input.families: what its buttons are called
        self.can_rumble: bool | None = None  # unknown until first asked
        self.remap: dict[int, int] = {}      # SDL button -> the one it stands for (Nintendo swap)
        self.down: dict[int, bool] = {}      # sdl button -> held now
        self.fresh: dict[int, bool] = {}     # sdl buttons pressed since the last poll
        self.axes: dict[int, int] = {}
        self.menu_dirs = Button.NONE         # stick pushes for menus (with hysteresis)
        self.menu_fresh = Button.NONE

    def set_swap(self, on: bool) -> None:
        """Nintendo pads with the swap option: the bottom button confirms (read as A), the right one backs."""
        self.remap = dict(NINTENDO_SWAP) if on and self.family == "nintendo" else {}
        self.down.clear()

    def release_all(self) -> None:
        self.down.clear()
        self.fresh.clear()

    def rumble(self, strength: float, ms: int) -> bool:
        """Both motors at `strength` (0..1) for `ms`; never raises, and a pad that refuses is not asked again."""
        if not self.can_rumble or self.handle is None or strength <= 0:
            return False
        try:
            ok = bool(self.handle.rumble(strength, strength, ms))
        except (pygame.error, AttributeError):
            ok = False
        if not ok:
            self.can_rumble = False
        return ok

    def button_down(self, sdl_button: int) -> None:
        sdl_button = self.remap.get(sdl_button, sdl_button)
        if not self.down.get(sdl_button):
            self.fresh[sdl_button] = True
        self.down[sdl_button] = True

    def button_up(self, sdl_button: int) -> None:
        self.down.pop(self.remap.get(sdl_button, sdl_button), None)

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


class RawJoystick:
    """A joystick read without a mapping: by raw button, hat and axis numbers (the set-up wizard)."""

    def __init__(self, instance_id: int, name: str, guid: str, joystick: RawDevice) -> None:
        self.instance_id = instance_id
        self.name = name
        self.guid = guid
        self.joystick = joystick
        self.rest: dict[int, float] = {}
        self.measure_rest()

    def measure_rest(self) -> None:
        """Where each axis rests now (a trigger may rest at -1): inputs are measured from there."""
        try:
            self.rest = {i: self.joystick.get_axis(i) for i in range(self.joystick.get_numaxes())}
        except pygame.error:
            self.rest = {}

    @classmethod
    def of_pad(cls, pad: PadState) -> "RawJoystick | None":
        """A mapped pad opened raw as well, so its mapping can be made again."""
        for index in range(pygame.joystick.get_count()):
            try:
                joystick = pygame.joystick.Joystick(index)
                if joystick.get_instance_id() == pad.instance_id:
                    return cls(pad.instance_id, pad.name, pad.guid, joystick)
            except pygame.error:
                continue
        return None

    def idle(self) -> bool:
        """Nothing pressed, no hat pushed, every axis near its rest."""
        j = self.joystick
        try:
            return (not any(j.get_button(i) for i in range(j.get_numbuttons()))
                    and not any(j.get_hat(i) != (0, 0) for i in range(j.get_numhats()))
                    and all(abs(j.get_axis(i) - r) < RAW_TILT / 2 for i, r in self.rest.items()))
        except pygame.error:
            return True


def raw_input_of(event: pygame.event.Event, rest: dict[int, float]) -> str | None:
    """A JOY* event as SDL mapping input text: "b3", "h0.4", "+a2", "-a1"; a release as "~b3", "~h0", "~a1".

    None for small axis moves (neither a push nor back at rest).
    """
    if event.type == pygame.JOYBUTTONDOWN:
        return f"b{event.button}"
    if event.type == pygame.JOYBUTTONUP:
        return f"~b{event.button}"
    if event.type == pygame.JOYHATMOTION:
        x, y = event.value
        mask = 1 if y > 0 else 4 if y < 0 else 2 if x > 0 else 8 if x < 0 else 0
        return f"h{event.hat}.{mask}" if mask else f"~h{event.hat}"
    if event.type == pygame.JOYAXISMOTION:
        moved = event.value - rest.get(event.axis, 0.0)
        if abs(moved) >= RAW_TILT:
            return f"{'+' if moved > 0 else '-'}a{event.axis}"
        if abs(moved) < RAW_TILT / 2:
            return f"~a{event.axis}"
    return None
