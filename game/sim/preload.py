"""Data files every match reads, parsed once per process: catalogues, tunings and levels.

Starting a match used to parse the same TOML and TMX files again (about 25 ms), in the
frame that shows the new scene. Each loader here keeps its result keyed by the file's
path, size and modification time, so an edited file (a test writing a level, a designer
saving in Tiled) is read again and an unchanged one never is. Results are immutable
(frozen dataclasses), so sharing them is safe. Failures are not cached: the loader's
own error reaches the caller each time. No pygame.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TypeVar

if TYPE_CHECKING:
    from game.files.levels import Level
    from game.rules.checkout.catalogue import Catalogue as CheckoutCatalogue
    from game.rules.soldout.catalogue import Catalogue as SoldOutCatalogue
    from game.sim.table_tuning import TableTuning
    from game.sim.tuning import Tuning

T = TypeVar("T")
_CACHE: dict[tuple[object, ...], object] = {}
_LIMIT = 32


def _stamp(path: Path) -> tuple[int, int]:
    try:
        info = os.stat(path)
    except OSError:
        return -1, -1          # the loader reports the missing file in its own words
    return info.st_mtime_ns, info.st_size


def cached(kind: str, path: Path | str | tuple[Path, ...], load: Callable[[], T]) -> T:
    """`load()` once per (kind, version of the file or files it reads); the same object afterwards."""
    paths = path if isinstance(path, tuple) else (Path(path),)
    key = (kind, *((str(p), *_stamp(Path(p))) for p in paths))
    if key in _CACHE:
        return _CACHE[key]  # type: ignore[return-value]
    value = load()
    if len(_CACHE) >= _LIMIT:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = value
    return value


# Each game's loaders import that game's readers when first asked: a Check Out! process never
# loads the level reader (its XML parser) or Sold Out!'s tuning, a Sold Out! one never Check Out!'s
# rules (issue #46).
def soldout_catalogue() -> "SoldOutCatalogue":
    from game.rules.soldout.catalogue import DEFAULT_PATH, load_catalogue
    return cached("soldout-catalogue", DEFAULT_PATH, load_catalogue)


def soldout_tuning() -> "Tuning":
    from game.sim.tuning import TUNING_PATH, load_tuning
    return cached("soldout-tuning", TUNING_PATH, load_tuning)


def checkout_catalogue() -> "CheckoutCatalogue":
    from game.rules.checkout import catalogue
    files = tuple(catalogue.DEFAULT_DIR / name for name in ("rules.toml", "products.toml", "bargains.toml"))
    return cached("checkout-catalogue", files, catalogue.load_catalogue)


def checkout_tuning() -> "TableTuning":
    from game.sim.table_tuning import TUNING_PATH as TABLE_TUNING_PATH, load_table_tuning
    return cached("checkout-tuning", TABLE_TUNING_PATH, load_table_tuning)


def level(path: Path | str) -> "Level":
    """A level file, validated (LevelError as load_level raises it)."""
    from game.files.levels import load_level
    return cached("level", path, lambda: load_level(path))
