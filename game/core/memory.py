"""Memory the game has freed, handed back to the system.

glibc's allocator keeps freed memory in its heaps for later use: after the menus' rehearsals
(game.scenes.warmup) or a match left, a window held 50-150 MB more than it used until the
process ended. `malloc_trim` returns the free pages (2-4 ms). Elsewhere (Windows, macOS, musl)
the system allocators give back on their own and this does nothing.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache
from typing import Callable


@cache
def _trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where the C library is not glibc."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):   # musl and others have no malloc_trim
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def give_back() -> bool:
    """Return the allocator's free memory to the system; True where that was possible."""
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True
