"""The SDL library pygame-ce already loaded, for the one call pygame-ce does not wrap.

pygame-ce can set a mapping only on a pad SDL already maps; a new mapping for
an unmapped joystick needs SDL_GameControllerAddMapping itself. We reach it
through ctypes on the same library (never a second copy: its state would be
separate). Without it, saved mappings still apply from the next start
(through SDL_GAMECONTROLLERCONFIG, see game.input.mappings).
"""
from __future__ import annotations

import ctypes
import glob
import logging
import os
import sys
from functools import lru_cache

log = logging.getLogger(__name__)


def _loaded_path() -> str | None:
    """Where this process loaded SDL2 from (Linux), or pygame-ce's bundled copy elsewhere."""
    if os.path.exists("/proc/self/maps"):
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                if "libSDL2-2" in line or "libSDL2.so" in line:
                    return line.split()[-1]
    import pygame
    base = os.path.dirname(pygame.__file__)
    patterns = {"win32": ["SDL2.dll"], "darwin": [".dylibs/libSDL2*.dylib", "../pygame_ce*/.dylibs/libSDL2*.dylib"]}
    for pattern in patterns.get(sys.platform, ["../pygame_ce.libs/libSDL2-2*"]):
        found = sorted(glob.glob(os.path.join(base, pattern)))
        if found:
            return found[0]
    return None


@lru_cache(maxsize=1)
def library() -> ctypes.CDLL | None:
    """The loaded SDL2 library, or None where it cannot be found (then callers fall back)."""
    path = _loaded_path()
    if path is None:
        return None
    try:
        sdl = ctypes.CDLL(path)
        sdl.SDL_GameControllerAddMapping.argtypes = [ctypes.c_char_p]
        sdl.SDL_GameControllerAddMapping.restype = ctypes.c_int
        sdl.SDL_JoystickFromInstanceID.argtypes = [ctypes.c_int32]
        sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
        sdl.SDL_JoystickHasRumble.argtypes = [ctypes.c_void_p]
        sdl.SDL_JoystickHasRumble.restype = ctypes.c_int
    except (OSError, AttributeError) as exc:
        log.warning("SDL not reachable for mappings: %s", exc)
        return None
    return sdl


def has_rumble(instance_id: int) -> bool | None:
    """Whether SDL says the open joystick has rumble motors; None when SDL cannot be asked."""
    sdl = library()
    if sdl is None:
        return None
    joystick = sdl.SDL_JoystickFromInstanceID(instance_id)
    return bool(joystick) and bool(sdl.SDL_JoystickHasRumble(joystick))


def add_mapping(mapping: str) -> bool:
    """Give SDL a game-controller mapping now; False when SDL refused it or is not reachable."""
    sdl = library()
    if sdl is None:
        return False
    try:
        text = mapping.encode("utf-8")
    except UnicodeEncodeError:     # a lone surrogate: not text SDL could take
        return False
    return int(sdl.SDL_GameControllerAddMapping(text)) >= 0
