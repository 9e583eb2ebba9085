"""Sold Out!'s options: what a match of it is asked to be besides its seats and seed.

Its game object (game/games/soldout.py) turns them to and from the lobby's rows, the command
line, the data files (career challenges, speedrun categories) and a replay's header; the mall,
the rules' autoplay and the round schedule read them from the MatchSpec through `options_of`.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.match.spec import GameOptions, MatchSpec

LOBBY_ROUNDS = 3    # the rounds the lobby offers first


@dataclass(frozen=True, slots=True)
class SoldOutOptions:
    mode: str = "rush"            # a mode's key (modes.py) or "choose" (a mode chosen each round)
    rounds: int = 1
    level: str | None = None      # a level by name (game.files.levels.find_level) or a .tmx path; None: by players
    teams: bool = False
    assist: bool | None = None    # the Rush's assist (RULINGS); None: not asked (a header then carries no "assist")


def as_sold_out(options: GameOptions) -> SoldOutOptions:
    """`options`, which are Sold Out!'s: another game's handed to Sold Out!'s code is a bug, said
    at once rather than as a missing attribute later."""
    if not isinstance(options, SoldOutOptions):
        raise TypeError(f"not Sold Out! options: {options!r}")
    return options


def options_of(spec: MatchSpec) -> SoldOutOptions:
    """A Sold Out! match's options."""
    return as_sold_out(spec.options)
