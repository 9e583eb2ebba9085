"""The optional compiled build of the mall's hot loop (issue #46), and the switch back to Python.

`tools/build_fast.py` compiles FAST_MODULES with mypyc, in place: each module's extension lies
beside its .py, and Python's import prefers the extension. Nothing in a checkout, a wheel or the
standalone build is compiled unless someone runs that tool: the plain Python is the default path.

With SOLDOUT_PURE=1 in the environment the game imports those modules from their .py even where a
build lies beside them (game/__init__.py installs `prefer_source` first thing), so one tree plays
both paths and tests/test_compiled.py holds them equal. Only the modules' speed differs: they
are the same typed source. A build older than any of its sources, or missing a module, is not
used at all (the modules call each other inside the build): an edited module never runs as the
code it was before.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Sequence

# The simulation's and the bots' per-tick work: the mall's tick, bodies and walls, the route
# searches, steering, and the driver that asks every seat each tick.
FAST_MODULES = ("game.sim.physics", "game.sim.mall", "game.bots.pathfind", "game.bots.walking",
                "game.driver.match_driver")
GROUP = "game.fast"            # mypyc's shared runtime for the group: game/fast__mypyc*.so
PURE_ENV = "SOLDOUT_PURE"      # set (to anything but "" or "0"): the .py files, even beside a build


class _SourceFirst:
    """Finds FAST_MODULES as their source files, ahead of any extension beside them (a meta path
    finder: sys.meta_path asks each entry's find_spec in turn)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in FAST_MODULES or not path:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for entry in path:
            source = os.path.join(entry, leaf)
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def wants_pure(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    return environ.get(PURE_ENV, "") not in ("", "0")


def prefer_source() -> None:
    """Import FAST_MODULES from their .py from now on (before any of them is imported)."""
    if not any(isinstance(finder, _SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


def _extension(source: str) -> str | None:
    """The extension built from `source` (a FAST_MODULES .py), if one lies beside it."""
    folder, leaf = os.path.split(source)
    stem = leaf[:-3]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = os.path.join(folder, stem + suffix)
        if os.path.isfile(candidate):
            return candidate
    return None


def _package_folder() -> str:
    """The game package's folder, where a build's extensions lie (its module knows, as for the data)."""
    return os.path.dirname(os.path.abspath(sys.modules["game"].__file__ or ""))


def build_state(package: str | None = None) -> str:
    """"none" (no build), "current" (every module built after its source) or "stale", of the
    build in `package` (the game's folder unless told)."""
    package = package or _package_folder()
    built = stale = 0
    for name in FAST_MODULES:
        source = os.path.join(package, *name.split(".")[1:]) + ".py"
        extension = _extension(source)
        if extension is None:
            continue
        built += 1
        if os.path.getmtime(extension) < os.path.getmtime(source):
            stale += 1
    if built == 0:
        return "none"
    return "current" if built == len(FAST_MODULES) and not stale else "stale"


def choose() -> None:
    """At start-up: the plain Python where asked for, or where a build is stale or partial."""
    if wants_pure() or build_state() == "stale":
        prefer_source()


def compiled_modules() -> list[str]:
    """The FAST_MODULES this process runs compiled (imported, and from an extension)."""
    out = []
    for name in FAST_MODULES:
        module = sys.modules.get(name)
        spec = None if module is None else module.__spec__
        origin = (None if spec is None else spec.origin) or ""
        if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            out.append(name)
    return out
