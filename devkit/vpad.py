"""SDL virtual game controllers: real device, button and axis events, no hardware (the tests
and the bench's latency probe press them).

SDL (already loaded by pygame-ce) can attach a virtual joystick of the
game-controller type; it then emits the same CONTROLLER* events a USB pad
makes and gives it an Xbox-style mapping. We reach SDL through ctypes.
"""
from __future__ import annotations

import ctypes

GAMECONTROLLER_TYPE = 1
ARCADE_STICK_TYPE = 3      # SDL makes no game-controller mapping for this type
DESC_VERSION = 1
RumbleFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint16, ctypes.c_uint16)
HAT = {"centre": 0, "up": 1, "right": 2, "down": 4, "left": 8}


class VirtualDesc(ctypes.Structure):
    """SDL2's SDL_VirtualJoystickDesc (version 1), for SDL_JoystickAttachVirtualEx."""

    _fields_ = [("version", ctypes.c_uint16), ("type", ctypes.c_uint16), ("naxes", ctypes.c_uint16),
                ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
                ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16), ("button_mask", ctypes.c_uint32),
                ("axis_mask", ctypes.c_uint32), ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p),
                ("Update", ctypes.c_void_p), ("SetPlayerIndex", ctypes.c_void_p), ("Rumble", RumbleFn),
                ("RumbleTriggers", ctypes.c_void_p), ("SetLED", ctypes.c_void_p), ("SendEffect", ctypes.c_void_p)]
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
    sdl.SDL_JoystickSetVirtualHat.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    sdl.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(VirtualDesc)]
    return sdl


class VirtualPad:
    """One attached virtual controller. pygame must be initialised first.

    With no arguments: a plain game controller (Xbox-style mapping, no ids).
    vendor/product give it USB ids (its GUID carries them, as a real pad's does);
    rumble=True gives it motors: every rumble SDL sends is kept in `rumbles`.
    kind=ARCADE_STICK_TYPE makes a joystick SDL has no mapping for.
    """

    def __init__(self, vendor: int = 0, product: int = 0, rumble: bool = False, name: str | None = None,
                 kind: int = GAMECONTROLLER_TYPE, axes: int = AXES, buttons: int = BUTTONS, hats: int = HATS) -> None:
        self.sdl = _sdl()
        self.rumbles: list[tuple[int, int]] = []
        if vendor or product or rumble or name or kind != GAMECONTROLLER_TYPE:
            self._desc = VirtualDesc(version=DESC_VERSION, type=kind, naxes=axes, nbuttons=buttons, nhats=hats,
                                     vendor_id=vendor, product_id=product, name=(name.encode() if name else None))
            if rumble:
                self._rumble_fn = RumbleFn(self._on_rumble)   # kept alive: SDL calls it later
                self._desc.Rumble = self._rumble_fn
            index = self.sdl.SDL_JoystickAttachVirtualEx(ctypes.byref(self._desc))
        else:
            index = self.sdl.SDL_JoystickAttachVirtual(GAMECONTROLLER_TYPE, AXES, BUTTONS, HATS)
        if index < 0:
            raise RuntimeError("SDL refused a virtual joystick")
        self._ptr = self.sdl.SDL_JoystickOpen(index)
        self.instance_id = self.sdl.SDL_JoystickInstanceID(self._ptr)

    def _on_rumble(self, _userdata: object, low: int, high: int) -> int:
        self.rumbles.append((low, high))
        return 0

    def button(self, name: str | int, down: bool) -> None:
        """A button by name ("a", "lb", ...) or, on a raw joystick, by number."""
        number = name if isinstance(name, int) else BUTTON[name]
        self.sdl.SDL_JoystickSetVirtualButton(self._ptr, number, int(down))

    def hat(self, direction: str, hat: int = 0) -> None:
        self.sdl.SDL_JoystickSetVirtualHat(self._ptr, hat, HAT[direction])

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
