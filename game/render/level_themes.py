"""Level themes as the game shows them (assets/themes.toml): a theme's colour on the lobby's
level card, how dark its map's edges fall and the tint of the light by its windows.

The tiles a theme paints are made by tools/make_tileset.py from the same file; a level names its
theme with the map property `theme` (else its tileset's name). An unknown theme is the Mall's.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from typing import NamedTuple

from game import asset
from game.files.levels import DEFAULT_THEME

Colour = tuple[int, int, int]


class LevelTheme(NamedTuple):
    name: str
    colour: Colour      # the level card's band
    vignette: int       # 0-255: the darkness at the map's edges
    light: Colour       # the light falling in by windows


def _colour(value: object, default: Colour) -> Colour:
    if isinstance(value, list) and len(value) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in value):
        return (value[0], value[1], value[2])
    return default


@lru_cache(maxsize=1)
def _table() -> dict[str, LevelTheme]:
    data = tomllib.loads(asset("themes.toml").read_text(encoding="utf-8"))
    themes: dict[str, LevelTheme] = {}
    for name, row in data.items():
        vignette = row.get("vignette", 0)
        themes[name] = LevelTheme(name, _colour(row.get("colour"), (70, 132, 196)),
                                  max(0, min(255, vignette if isinstance(vignette, int) else 0)),
                                  _colour(row.get("light"), (255, 246, 222)))
    return themes


def theme_of(name: str) -> LevelTheme:
    """The theme called `name`, or the Mall's when there is none by that name (a player's level)."""
    table = _table()
    return table.get(name) or table[DEFAULT_THEME]


def theme_names() -> list[str]:
    return list(_table())
