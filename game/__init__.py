"""Sold Out! and Check Out!: two real-time tabletop games on one TV screen.

The bottom of the base layer: the version, the tick rate, the program's name, and where the
game's read-only data lives (the one place that knows).

The repository keeps `assets/` and `levels/` at its top level. pyproject.toml
maps them into the package as `game/_data/assets` and `game/_data/levels`, so a
wheel (and pipx), an sdist and the PyInstaller build (tools/build_dist.py)
carry them inside `game`, beside this file. An editable install or a plain
checkout has no `game/_data/`: there the files are read from the repository
beside the `game` folder, which is the same tree the wheel was built from.
No pygame here: the pure rules load their catalogues through this module too.
"""
import importlib
import importlib.util
import os
import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator

# pygame, where a window or a player's tileset loads it: its banner off stdout (the --json line must be last and clean).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The plain Python or the optional compiled build (game/compiled.py, issue #46): chosen here,
# before anything imports a module that may have been compiled.
from game import compiled as _compiled  # noqa: E402
_compiled.choose()

VERSION = "0.1.0"
TICK_RATE = 60  # simulation ticks per second


COMMAND = "soldout-checkout"   # the installed command (pyproject.toml [project.scripts])
_typed: list[str] = []   # the name the game's own command line was started by, while it runs


def program_name() -> str:
    """The command as the user typed it (main.py, soldout-checkout...), for usage and errors.
    Only the game's entry point knows it (see `typed_as`): a program that runs the game inside
    itself (a test runner, a tool calling game.app.main(argv)) has its own name in sys.argv[0]."""
    return _typed[-1] if _typed else COMMAND


@contextmanager
def typed_as(argv0: str) -> Iterator[None]:
    """While the process's own command line runs: errors name the program as it was typed."""
    name = Path(argv0).name
    _typed.append(name if name and name not in ("-c", "-m", "__main__.py") else COMMAND)
    try:
        yield
    finally:
        _typed.pop()


def report_error(message: object, code: int = 2) -> int:
    """The one way a command says what it cannot do: `PROGRAM: error: MESSAGE`, one line on
    standard error, with the program name as typed. Returns `code`, the exit status to use."""
    line = " ".join(str(message).splitlines())
    print(f"{program_name()}: error: {line}", file=sys.stderr)
    return code


PACKAGED = "_data"   # game/<PACKAGED>/{assets,levels} inside a wheel or a frozen build


def package_folder() -> Path:
    """The `game` package's own folder: where this file lies, in a checkout, an editable install, a
    wheel and the PyInstaller build (which gives every module a __file__ in its bundle folder)
    alike. The one module that may ask its own file (tests/test_packaging.py). Not
    importlib.resources: it answers the same folder for all of them, but its imports (zipfile
    among them) cost every start, a headless match's too, a few milliseconds."""
    return Path(__file__).parent


@lru_cache(maxsize=1)
def data_root() -> Path:
    """The folder that holds `assets/` and `levels/`."""
    package = package_folder()
    packaged = package / PACKAGED
    if (packaged / "assets").is_dir():
        return packaged
    return package.parent   # a checkout or an editable install: the repository itself


def assets_dir() -> Path:
    """The shipped assets (catalogues, tuning, sounds, how-to cards...)."""
    return data_root() / "assets"


def asset(*parts: str) -> Path:
    """A file or folder under assets/, e.g. asset("soldout", "tuning.toml")."""
    return assets_dir().joinpath(*parts)


def levels_dir() -> Path:
    """The shipped Tiled levels and their tileset."""
    return data_root() / "levels"


DEVKIT = "devkit"   # the developer tooling beside the game in a checkout; never in a wheel


def reach_devkit() -> bool:
    """Can `devkit` (the screenshot scenes, the benchmark) be imported? In a checkout it sits beside
    `game/`: its folder joins the import path when the interpreter was started elsewhere (an editable
    install maps only the game). A wheel does not ship it, so an installed game answers False."""
    if importlib.util.find_spec(DEVKIT) is not None:
        return True
    root = data_root()
    if root.name == PACKAGED or not (root / DEVKIT / "__init__.py").is_file():
        return False
    sys.path.append(str(root))
    importlib.invalidate_caches()
    return importlib.util.find_spec(DEVKIT) is not None
