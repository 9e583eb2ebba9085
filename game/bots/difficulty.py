"""Bot difficulties as data: assets/bots.toml, one table per game and level.

`soldout_difficulty(level)` gives the Sold Out! knobs already in ticks;
`difficulty_table(game)` gives any game's raw tables (Check Out! bots read
their own [checkout.*] section through it). A bad file is a `BotsFileError`
whose one-line message names the file and the key.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import TICK_RATE
from game import asset
from game.match.spec import DIFFICULTIES

BOTS_PATH = asset("bots.toml")


class BotsFileError(Exception):
    """assets/bots.toml cannot be used; str() is one line naming the file and key."""


@dataclass(frozen=True, slots=True)
class SoldOutDifficulty:
    """Sold Out! bot knobs, times in ticks (see assets/bots.toml for what each means)."""

    name: str
    reaction: int
    look: int
    flip_known: bool
    stick: int
    error_rate: float
    miss_rate: float
    memory_span: int
    list_error: float
    pile_memory: int
    strategy: int
    patience: int
    check_card: bool = False


_CACHE: dict[tuple[str, int, int], dict[str, Any]] = {}


def _load(path: str) -> dict[str, Any]:
    """The parsed file; re-read only when it changed (bots are made by the thousand in a tournament)."""
    try:
        stat = Path(path).stat()
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in _CACHE:
            _CACHE[key] = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        return _CACHE[key]
    except (OSError, UnicodeDecodeError) as exc:
        raise BotsFileError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BotsFileError(f"{path}: not valid TOML: {exc}") from None


def difficulty_table(game: str, path: Path | str = BOTS_PATH) -> dict[str, dict[str, Any]]:
    """The raw [game.level] tables for every level; each level must be present."""
    data = _load(str(path))
    section = data.get(game)
    if not isinstance(section, dict):
        raise BotsFileError(f"{path}: missing [{game}.*] tables")
    for level in DIFFICULTIES:
        if not isinstance(section.get(level), dict):
            raise BotsFileError(f"{path}: missing [{game}.{level}]")
    return section


def _ticks(seconds: float) -> int:
    return max(1, round(seconds * TICK_RATE))


def soldout_difficulty(level: str, path: Path | str = BOTS_PATH) -> SoldOutDifficulty:
    """The Sold Out! knobs of one level; an unknown level falls back to normal."""
    table = difficulty_table("soldout", path)
    name = level if level in table else "normal"
    raw = table[name]
    where = f"{path}: [soldout.{name}]"

    def num(key: str, low: float, high: float) -> float:
        value = raw.get(key)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not low <= value <= high:
            raise BotsFileError(f"{where} {key} must be a number in {low}..{high}, got {value!r}")
        return value

    def flag(key: str) -> bool:
        value = raw.get(key)
        if not isinstance(value, bool):
            raise BotsFileError(f"{where} {key} must be true or false, got {value!r}")
        return value

    return SoldOutDifficulty(
        name=name,
        reaction=_ticks(num("reaction", 0, 5)),
        look=_ticks(num("look", 0, 10)),
        flip_known=flag("flip_known"),
        stick=int(num("stick", 1, 16)),
        error_rate=float(num("error_rate", 0, 1)),
        miss_rate=float(num("miss_rate", 0, 1)),
        memory_span=int(num("memory_span", 0, 10)),
        list_error=float(num("list_error", 0, 1)),
        pile_memory=int(num("pile_memory", 0, 1000)),
        strategy=int(num("strategy", 0, 3)),
        patience=_ticks(num("patience", 1, 600)),
        check_card=flag("check_card"),
    )
