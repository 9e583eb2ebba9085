"""A live match's record for the player's stats: counted tick by tick, told once at its end.

The mall and the dice table (and any game's scene) make one `MatchReport` for a match played in
the window by the lobby's seats; it lets the game's tally (Game.tally, game/match/tally.py) watch
the match driver, and `over(world)` hands the finished record to `Context.finished_match` once,
however many ticks the scene goes on showing the end. A demo, a replay being watched, a pilot
(screenshots), a rehearsal and a speedrun make none (`for_match` says None), so they never count.
Career challenges do count: they are real matches (game/stats/store.py says why).
"""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from game.match import games

if TYPE_CHECKING:
    from game.core.context import Context
    from game.driver.match_driver import MatchDriver
    from game.match.spec import MatchSpec
    from game.match.tally import Tally


class MatchReport:
    def __init__(self, ctx: Context, spec: MatchSpec, tally: Tally[Any]) -> None:
        self.ctx = ctx
        self.spec = spec
        self.tally = tally
        self.told = False

    def over(self, world: object) -> None:
        """The match is over: tell the records (the first call only)."""
        if self.told:
            return
        self.told = True
        profiles = {seat.seat: seat.profile for seat in self.ctx.seats if seat.kind == "human"}
        finished = datetime.now().astimezone().isoformat(timespec="seconds")   # the records' clock, never the sim's
        self.ctx.finished_match(self.tally.record(world, finished, profiles))


def for_match(ctx: Context, spec: MatchSpec, driver: MatchDriver[Any], live: bool) -> MatchReport | None:
    """The report of a match people play in the window (`live`: not a demo, a replay or a pilot), its
    tally watching `driver`; None when the match does not count or its game keeps no records."""
    if not live:
        return None
    game = games.find(spec.game)
    tally = game.tally(spec) if game is not None else None
    if tally is None:
        return None
    driver.watch(tally.observe)
    return MatchReport(ctx, spec, tally)
