"""SDL virtual game controllers for tests: real device, button and axis events, no hardware.

SDL (already loaded by pygame-ce) can attach a virtual joystick of the
game-controller type; it then emits the same CONTROLLER* events a USB pad
makes and gives it an Xbox-style mapping. We reach SDL through ctypes.
"""
from __future__ import annotations

import ctypes

import pygame

GAMECONTROLLER_TYPE = 1
AXES, BUTTONS, HATS = 6, 15, 1
# Virtual button numbers in SDL's order for a virtual game controller.
BUTTON = {n: i for i, n in enumerate("a b x y back guide start ls rs lb rb up down left right".split())}
LEFT_X, LEFT_Y = 0, 1


def _sdl() -> ctypes.CDLL:
    with open("/proc/self/maps") as maps:
        path = next(line.split()[-1] for line in maps if "libSDL2-2" in line)
    sdl = ctypes.CDLL(path)
    sdl.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
    sdl.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
    sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    sdl.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
    sdl.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    sdl.SDL_NumJoysticks.restype = ctypes.c_int
    sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    return sdl


class VirtualPad:
    """One attached virtual controller. pygame must be initialised first."""

    def __init__(self) -> None:
        self.sdl = _sdl()
        index = self.sdl.SDL_JoystickAttachVirtual(GAMECONTROLLER_TYPE, AXES, BUTTONS, HATS)
        if index < 0:
            raise RuntimeError("SDL refused a virtual joystick")
        self._ptr = self.sdl.SDL_JoystickOpen(index)
        self.instance_id = self.sdl.SDL_JoystickInstanceID(self._ptr)

    def button(self, name: str, down: bool) -> None:
        self.sdl.SDL_JoystickSetVirtualButton(self._ptr, BUTTON[name], int(down))

    def axis(self, axis: int, value: float) -> None:
        """value in -1..1."""
        self.sdl.SDL_JoystickSetVirtualAxis(self._ptr, axis, max(-32768, min(32767, int(value * 32767))))

    def detach(self) -> None:
        self.sdl.SDL_JoystickClose(self._ptr)
        for index in range(self.sdl.SDL_NumJoysticks()):
            if self.sdl.SDL_JoystickGetDeviceInstanceID(index) == self.instance_id:
                self.sdl.SDL_JoystickDetachVirtual(index)
                return
        raise RuntimeError("virtual pad not found to detach")


def pump_into(manager) -> list[pygame.event.Event]:
    """Let SDL update virtual devices, then feed every queued event to `manager`."""
    pygame.event.pump()
    events = pygame.event.get()
    for event in events:
        manager.handle_event(event)
    return events
