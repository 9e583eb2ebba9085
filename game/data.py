"""Where the game's read-only data lives: the one module that knows.

The repository keeps `assets/` and `levels/` at its top level. pyproject.toml
maps them into the package as `game/_data/assets` and `game/_data/levels`, so a
wheel (and pipx), an sdist and the PyInstaller build (tools/build_dist.py)
carry them inside `game`, found through importlib.resources. An editable
install or a plain checkout has no `game/_data/`: there the files are read
from the repository beside the `game` folder, which is the same tree the
wheel was built from. No pygame here: the pure rules load their catalogues
through this module too.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

PACKAGED = "_data"   # game/<PACKAGED>/{assets,levels} inside a wheel or a frozen build


@lru_cache(maxsize=1)
def data_root() -> Path:
    """The folder that holds `assets/` and `levels/`."""
    package = Path(str(resources.files("game")))
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
