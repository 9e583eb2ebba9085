"""Check Out! table tuning (assets/checkout/tuning.toml): the table's timings in
ticks, and the bots' difficulty numbers as plain dicts (read by game/bots/checkout.py)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import TICK_RATE
from game import asset
from game.sim.tuning_file import read_tuning, tuning_number

TUNING_PATH = asset("checkout", "tuning.toml")

_TABLE_KEYS = ("tumble", "countdown", "go_flash", "last_player", "round_end_min", "round_end_max",
               "turn_pause", "turn_auto", "turn_max", "bid_max", "reveal", "solo_max", "race_flash")
BOT_KEYS = ("reaction", "step", "jitter", "miss", "depth", "rolls", "die_value", "greed",
            "samples", "bid")


class TableTuningError(Exception):
    """A bad tuning file; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class TableTuning:
    """Every time the table uses, in ticks; `bots` maps difficulty -> its numbers."""

    tumble: int
    countdown: int
    go_flash: int
    last_player: int
    round_end_min: int
    round_end_max: int
    turn_pause: int
    turn_auto: int
    turn_max: int
    bid_max: int
    reveal: int
    solo_max: int
    race_flash: int
    stick_threshold: int
    repeat_delay: int
    repeat_every: int
    bots: dict[str, dict[str, float]]


def ticks(seconds: float) -> int:
    """Seconds -> whole ticks (at least one)."""
    return max(1, round(seconds * TICK_RATE))


def _number(path: Path, data: dict[str, Any], section: str, key: str) -> float:
    return tuning_number(path, data, section, key, TableTuningError)


def load_table_tuning(path: Path | str = TUNING_PATH) -> TableTuning:
    path = Path(path)
    data = read_tuning(path, TableTuningError)
    table = data.get("table", {})
    cursor = data.get("cursor", {})
    times = {key: ticks(_number(path, table, "table", key)) for key in _TABLE_KEYS}
    bots: dict[str, dict[str, float]] = {}
    for level, numbers in data.get("bots", {}).items():
        bots[level] = {key: _number(path, numbers, f"bots.{level}", key) for key in BOT_KEYS}
    return TableTuning(
        **times,
        stick_threshold=int(_number(path, cursor, "cursor", "stick_threshold")),
        repeat_delay=ticks(_number(path, cursor, "cursor", "repeat_delay")),
        repeat_every=ticks(_number(path, cursor, "cursor", "repeat_every")),
        bots=bots,
    )
