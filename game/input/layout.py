"""The player's keyboard layout: which key sits at a physical position.

Key events carry a keycode, what the layout makes of the key (an AZERTY keyboard's key in
QWERTY's W place gives "z"). The default bindings (assets/bindings.toml) name keys by where they
sit on a US keyboard, so they are positions: `at_position(K_w)` is the keycode the player's own
layout gives at that place, and the key caps then print what their keyboard prints there (ZQSD
on AZERTY, the Y of QWERTZ in QWERTY's Z place). Keys printed the same on every layout (arrows,
Shift, Enter, Space...) are left as they are.

SDL knows the layout (SDL_GetKeyFromScancode, "the key code corresponding to the given scancode
according to the current keyboard layout"); pygame-ce does not wrap that call, so it is read from
the SDL library pygame itself loaded. Where that cannot be done, or SDL answers nothing, the key
stays the US one. Tests put a layout of their own at this boundary (`use_layout`).
"""
from __future__ import annotations

import ctypes
import glob
import os
import re
from typing import Callable, Mapping

import pygame

Layout = Callable[[int], int | None]      # scancode -> the layout's keycode (None: not known)

# The names of printable keys whose keycode and scancode constants differ in pygame.
_SCAN_NAMES = {"QUOTE": "APOSTROPHE", "BACKQUOTE": "GRAVE"}
_PRINTED = re.compile(r"[a-z0-9]|SLASH|COMMA|PERIOD|SEMICOLON|QUOTE|BACKQUOTE|MINUS|EQUALS|LEFTBRACKET|"
                      r"RIGHTBRACKET|BACKSLASH")
_SDL_FILE = re.compile(r"(lib)?SDL2(-2\.0)?([-.].*)?\.(so[.0-9]*|dylib|dll)$")

_injected: Layout | None = None
_sdl: Layout | None = None
_looked = False


def us_scancode(keycode: int) -> int | None:
    """The position of a printable key of a US keyboard (K_w -> KSCAN_W); None for the others."""
    return US_POSITIONS.get(keycode)


def _us_positions() -> dict[int, int]:
    table = {}
    for name in dir(pygame):
        suffix = name[2:]
        if name.startswith("K_") and _PRINTED.fullmatch(suffix):
            scan = getattr(pygame, "KSCAN_" + _SCAN_NAMES.get(suffix, suffix.upper()), None)
            if scan is not None:
                table[getattr(pygame, name)] = scan
    return table


US_POSITIONS = _us_positions()


def at_position(keycode: int) -> int:
    """The key the player's layout has where a US keyboard has `keycode` (itself if unknown)."""
    scancode = us_scancode(keycode)
    if scancode is None:
        return keycode
    found = key_at(scancode)
    return found if found else keycode


def key_at(scancode: int) -> int | None:
    """The layout's keycode at `scancode` (None: not known)."""
    layout = _injected if _injected is not None else _sdl_layout()
    return layout(scancode) if layout is not None else None


def use_layout(mapping: Mapping[int, int] | None) -> None:
    """Tests: take this scancode -> keycode table as the player's layout (None: SDL's again)."""
    global _injected
    _injected = None if mapping is None else mapping.get


def _sdl_layout() -> Layout | None:
    """SDL_GetKeyFromScancode of the SDL pygame loaded, once found (None if it cannot be)."""
    global _sdl, _looked
    if not _looked:
        _looked = True
        _sdl = _find_sdl()
    return _sdl


def _find_sdl() -> Layout | None:
    for path in _sdl_candidates():
        try:
            function = ctypes.CDLL(path).SDL_GetKeyFromScancode
        except (OSError, AttributeError):
            continue
        function.restype, function.argtypes = ctypes.c_int32, [ctypes.c_int]

        def lookup(scancode: int, call: Callable[[int], int] = function) -> int | None:
            return call(scancode) if pygame.get_init() else None
        return lookup
    return None


def _sdl_candidates() -> list[str]:
    """The SDL2 library this process runs: the one mapped in (Linux), or the one pygame ships
    beside itself (its wheels' pygame_ce.libs, .dylibs, or the DLL in its folder)."""
    found = []
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            found = [line.split()[-1] for line in maps if "/" in line and _SDL_FILE.search(os.path.basename(line.split()[-1]))]
    except OSError:
        pass
    here = os.path.dirname(pygame.__file__)
    for pattern in ("*SDL2*", ".dylibs/*SDL2*", "../pygame_ce.libs/*SDL2*", "../pygame.libs/*SDL2*"):
        found += [p for p in glob.glob(os.path.join(here, pattern)) if _SDL_FILE.search(os.path.basename(p))]
    return list(dict.fromkeys(os.path.realpath(p) for p in found))
