"""Screenshots of the evening: the summary (six players, profiles, guests and bots), empty, on the
way out, and the tally strip on the podium and in the lobby."""
from __future__ import annotations

from typing import TYPE_CHECKING

from devkit.shots.mall import REVEALED, podium_shot
from devkit.shots.menus import lobby_shot
from game.evening.tonight import Evening
from game.match.record import MatchRecord, SeatLine
from game.scenes import registry
from game.scenes.evening import EveningScene

if TYPE_CHECKING:
    from game.core.context import Context
    from game.core.scene import Scene

# (name, profile, kind): two players with profiles, two guests, two bots
PEOPLE = [("Mia", 1, "human"), ("Jonas", 2, "human"), ("Green", None, "human"), ("Yellow", None, "human"),
          ("Blue", None, "bot"), ("Pink", None, "bot")]
# per match: the game, each seat's score, SOLD OUT! calls, flips, grabs, tiles walked, fastest grab (ticks)
MATCHES = [
    ("soldout", [7, 5, 7, 2, 4, 1], [1, 0, 1, 0, 0, 0], [14, 19, 11, 6, 12, 8], [7, 5, 7, 9, 4, 1],
     [212.5, 180.0, 340.25, 150.0, 199.0, 170.5], [95, 140, 88, 201, 120, 160]),
    ("soldout", [9, 3, 4, 6, 2, 5], [2, 0, 0, 1, 0, 0], [18, 17, 10, 9, 6, 11], [9, 3, 4, 12, 2, 5],
     [260.0, 120.0, 175.5, 210.0, 140.0, 190.0], [70, 150, 110, 99, 180, 130]),
    ("checkout", [31, 28, 22, 30, 19, 25], [0] * 6, [22, 25, 19, 24, 20, 21], [6, 5, 4, 6, 3, 5],
     [0.0] * 6, [41, 38, 55, 47, 60, 52]),
    ("checkout", [27, 33, 26, 20, 29, 24], [0] * 6, [20, 26, 18, 17, 23, 19], [5, 7, 5, 3, 6, 4],
     [0.0] * 6, [44, 36, 58, 61, 40, 49]),
    ("soldout", [8, 6, 3, 5, 8, 2], [1, 1, 0, 0, 1, 0], [15, 12, 8, 10, 13, 6], [8, 6, 3, 5, 8, 2],
     [230.0, 205.5, 160.0, 185.0, 215.0, 130.0], [82, 101, 133, 97, 90, 170]),
]


# Each game's rounds and level in the sample evening.
PLAYED: dict[str, tuple[tuple[str, ...], str]] = {"soldout": (("rush", "memory"), "galleria"),
                                                  "checkout": (("standard",), "")}


def sample_records() -> list[MatchRecord]:
    """Five matches of a six-player evening, as the records keep them."""
    out = []
    for n, (game, scores, calls, flips, grabs, walked, fastest) in enumerate(MATCHES):
        places = [1 + sum(other > score for other in scores) for score in scores]
        seats = tuple(SeatLine(seat, name, profile, kind, "hard" if kind == "bot" else "", None, scores[seat],  # type: ignore[arg-type]
                               places[seat], calls[seat], flips[seat], grabs[seat], walked[seat], fastest[seat])
                      for seat, (name, profile, kind) in enumerate(PEOPLE))
        modes, level = PLAYED[game]
        out.append(MatchRecord(game, modes, level, 1000 + n, 9000 + 500 * n,
                               f"2026-12-05T{20 + n // 2:02}:{(n * 23) % 60:02}:00", seats))
    return out


def tonight(ctx: "Context", records: list[MatchRecord] | None = None) -> "Context":
    ctx.evening = Evening(3, "2026-12-05T19:42:10", sample_records() if records is None else records)
    return ctx


def _summary(quitting: bool = False) -> "registry.ShotFactory":
    return lambda ctx, seed: EveningScene(tonight(ctx), quitting)


def _empty(ctx: "Context", seed: int) -> "Scene":
    return EveningScene(tonight(ctx, []))


def _podium(ctx: "Context", seed: int) -> "Scene | list[Scene]":
    return podium_shot(6)(tonight(ctx), seed)


def _lobby(ctx: "Context", seed: int) -> "Scene":
    return lobby_shot(tonight(ctx), seed)


registry.register_screenshot("evening", _summary(), warmup_ticks=1)
registry.register_screenshot("evening_quit", _summary(quitting=True), warmup_ticks=1)
registry.register_screenshot("evening_empty", _empty, warmup_ticks=1)
registry.register_screenshot("lobby_evening", _lobby, warmup_ticks=1)
registry.register_screenshot("podium_evening", _podium, warmup_ticks=REVEALED)
