"""Mall tuning (assets/soldout/tuning.toml) converted to fixed-point units and ticks."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game import TICK_RATE
from game import asset
from game.sim.tuning_file import read_tuning, tuning_number

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


# Fields read as whole pixels, and as seconds made ticks: field -> ([section], key) in the file.
_PIXELS = {"reach_pile": ("reach", "pile"), "reach_table": ("reach", "table"), "reach_dresser": ("reach", "dresser"),
           "pile_half": ("pile", "half_size"), "drop_distance": ("pile", "drop_distance"),
           "search_radius": ("pile", "search_radius")}
_TIMES = {"flip_ticks": ("timing", "flip_interval"), "countdown_ticks": ("timing", "countdown"),
          "study_ticks": ("timing", "study"), "freeze_ticks": ("timing", "sold_out_freeze"),
          "hold_ticks": ("timing", "hold_sold_out"), "limit_ticks": ("timing", "round_limit")}


def load_tuning(path: Path | str = TUNING_PATH) -> Tuning:
    path = Path(path)
    data = read_tuning(path, TuningError)

    def get(section: str, key: str) -> float:
        return tuning_number(path, data.get(section, {}), section, key, TuningError)

    return Tuning(
        half=round(get("avatar", "half_size") * FP),
        top=_speed(get("avatar", "top_speed")),
        carry_top=_speed(get("avatar", "carry_speed")),
        accel=_accel(get("avatar", "acceleration")),
        friction=_accel(get("avatar", "friction")),
        push_num=max(1, min(256, round(get("avatar", "push_share") * 256))),
        **{field: round(get(*where)) for field, where in _PIXELS.items()},
        **{field: _ticks(get(*where)) for field, where in _TIMES.items()},
    )
