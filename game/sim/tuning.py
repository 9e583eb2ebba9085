"""Mall tuning (assets/soldout/tuning.toml) converted to fixed-point units and ticks."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from game import TICK_RATE
from game.data import asset

FP = 256  # fixed-point units per pixel: positions and velocities are ints
TUNING_PATH = asset("soldout", "tuning.toml")


class TuningError(Exception):
    """A bad tuning file; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class Tuning:
    """Every number the simulation uses, already in units (px * FP) and ticks."""

    half: int             # avatar half size, units
    top: int              # top speed, units/tick
    carry_top: int
    accel: int            # units/tick^2
    friction: int
    push_num: int         # push share as a fraction push_num/256
    reach_pile: int       # px
    reach_table: int      # px
    reach_dresser: int    # px
    pile_half: int        # px
    drop_distance: int    # px
    search_radius: int    # px
    flip_ticks: int
    countdown_ticks: int
    study_ticks: int
    freeze_ticks: int
    hold_ticks: int
    limit_ticks: int


def _speed(px_per_s: float) -> int:
    return max(1, round(px_per_s * FP / TICK_RATE))


def _accel(px_per_s2: float) -> int:
    return max(1, round(px_per_s2 * FP / (TICK_RATE * TICK_RATE)))


def _ticks(seconds: float) -> int:
    return max(1, round(seconds * TICK_RATE))


def load_tuning(path: Path | str = TUNING_PATH) -> Tuning:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TuningError(f"{path}: {exc}") from None

    def get(section: str, key: str) -> float:
        try:
            value = data[section][key]
        except KeyError:
            raise TuningError(f"{path}: missing [{section}] {key}") from None
        if not isinstance(value, (int, float)) or value < 0:
            raise TuningError(f"{path}: [{section}] {key} must be a number >= 0")
        return float(value)

    return Tuning(
        half=round(get("avatar", "half_size") * FP),
        top=_speed(get("avatar", "top_speed")),
        carry_top=_speed(get("avatar", "carry_speed")),
        accel=_accel(get("avatar", "acceleration")),
        friction=_accel(get("avatar", "friction")),
        push_num=max(1, min(256, round(get("avatar", "push_share") * 256))),
        reach_pile=round(get("reach", "pile")),
        reach_table=round(get("reach", "table")),
        reach_dresser=round(get("reach", "dresser")),
        pile_half=round(get("pile", "half_size")),
        drop_distance=round(get("pile", "drop_distance")),
        search_radius=round(get("pile", "search_radius")),
        flip_ticks=_ticks(get("timing", "flip_interval")),
        countdown_ticks=_ticks(get("timing", "countdown")),
        study_ticks=_ticks(get("timing", "study")),
        freeze_ticks=_ticks(get("timing", "sold_out_freeze")),
        hold_ticks=_ticks(get("timing", "hold_sold_out")),
        limit_ticks=_ticks(get("timing", "round_limit")),
    )
