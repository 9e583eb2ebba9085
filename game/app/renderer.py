"""Which SDL renderer presents the window, where the machine has no graphics hardware.

SDL's default renderer on Linux is OpenGL. With a GPU driver that is the hardware: scaling and
presenting cost next to nothing, and nothing here changes it. Without one (a virtual machine,
a remote desktop, Xvfb, a PC whose GPU driver is missing) Mesa answers OpenGL with llvmpipe, a
shader compiler and rasteriser in software: ~86 MB resident for libLLVM, the GL driver and its
buffers, and a 1080p present took 16 ms there against 4 ms (8 ms when stretching 1.5x) for
SDL's own software renderer (docs/PERFORMANCE.md). SDL also opens a throw-away GL context
to decide how to present a plain window (SDL_FRAMEBUFFER_ACCELERATION), so both hints are
needed to keep GL out of the process.

The test is the machine's GPU device nodes (/dev/dri's render and card nodes, NVIDIA's, WSL's
/dev/dxg), read before the window opens: llvmpipe is only what is left when there are none.
Mesa's own switch (LIBGL_ALWAYS_SOFTWARE) says the same. A player's own SDL_RENDER_DRIVER or
SDL_FRAMEBUFFER_ACCELERATION always wins.
"""
from __future__ import annotations

import os
import sys
from typing import Callable, Mapping, MutableMapping

SOFTWARE = {"SDL_RENDER_DRIVER": "software", "SDL_FRAMEBUFFER_ACCELERATION": "0"}
PLAYER_HINTS = ("SDL_RENDER_DRIVER", "SDL_FRAMEBUFFER_ACCELERATION")
NO_WINDOW = ("dummy", "offscreen")      # video drivers that present nothing: no renderer to choose
GPU_NODES = ("/dev/nvidia0", "/dev/nvidiactl", "/dev/dxg")
DRI = "/dev/dri"


def has_gpu(exists: Callable[[str], bool] = os.path.exists,
            listdir: Callable[[str], list[str]] = os.listdir) -> bool:
    """True when a GPU device node exists (a DRM card or render node, NVIDIA's, WSL's)."""
    if any(exists(node) for node in GPU_NODES):
        return True
    try:
        nodes = listdir(DRI)
    except OSError:                       # no /dev/dri at all: no DRM driver loaded
        return False
    return any(name.startswith(("card", "renderD")) for name in nodes)


def software_hints(environ: Mapping[str, str], platform: str, gpu: Callable[[], bool]) -> dict[str, str]:
    """The hints that keep the window off software GL, or {} where the default is right.
    `gpu` is asked last (it reads the device nodes), only on Linux."""
    if not platform.startswith("linux"):            # Direct3D and Metal are the hardware's own
        return {}
    if any(name in environ for name in PLAYER_HINTS):
        return {}
    if environ.get("SDL_VIDEODRIVER", "").lower() in NO_WINDOW:
        return {}
    forced = environ.get("LIBGL_ALWAYS_SOFTWARE", "").lower() in ("1", "true", "yes")
    return dict(SOFTWARE) if forced or not gpu() else {}


def choose(environ: MutableMapping[str, str] | None = None, platform: str = sys.platform,
           gpu: Callable[[], bool] = has_gpu) -> bool:
    """Set the hints before the window opens (SDL reads them from the environment when it
    creates the renderer). True when the software renderer was chosen."""
    env = os.environ if environ is None else environ
    hints = software_hints(env, platform, gpu)
    env.update(hints)
    return bool(hints)
