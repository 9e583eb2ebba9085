"""A Sold Out! round's end as its results screen is handed it: the mall builds a SoldOutResult
(game/scenes/mall/results.py) once the round is over, so the screen never holds the mall."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.files.levels import LEVELS_DIR
from game.rules.soldout import modes as mode_registry
from game.rules.soldout.options import options_of
from game.scenes.mall.draw import seat_teams
from game.scenes.mall.overlay import caller
from game.scenes.mall.results import RoundChoices, SoldOutResult, SoldOutResultsScene
from game.scenes.mall.round_shown import shown_round
from game.scenes.match_result import SeatShown

if TYPE_CHECKING:
    from game.scenes.mall.scene import MallScene


def round_result(mall: "MallScene") -> SoldOutResult:
    """What the results show of the round just over (and, after the last, of the match)."""
    sim = mall.sim
    team_of = seat_teams(sim)
    players = tuple(SeatShown(seat, mall.names[seat], sim.by_seat[seat].bot or seat in mall.bots,
                              mall.identities[seat], mall.picture.cast[seat], team_of.get(seat)) for seat in sim.seats)
    scored = sim.last_result
    level = mall.picture.level
    return SoldOutResult(
        reveal=shown_round(sim.reveal(), sim.catalogue), catalogue=sim.catalogue, players=players,
        side_scores=tuple(scored.side_scores) if scored is not None else (0,) * sim.match.sides,
        totals=tuple(sim.match.totals), number=len(sim.match.results), rounds=max(1, options_of(mall.spec).rounds),
        final=sim.phase == "match_over",
        choose=options_of(mall.spec).mode not in mode_registry.keys() and mall.mode_for_next_round() is None,
        next_mode=mall.scheduled_mode(), modes_played=tuple(mall.modes_played), caller=caller(sim, mall.names, mall.bots),
        level_name=level.name, level_shipped=level.path.resolve().parent == LEVELS_DIR.resolve(),
        level_theme=level.theme)


def soldout_results(mall: "MallScene") -> SoldOutResultsScene:
    """The round's results screen: its result, and the mall's ways on as callbacks. The results
    cover the whole screen until the mall is next shown: its static layer and the panels laid on
    it (7 MB) go now and are built again in the idle frames of the fade back (MallScene.idle:
    the mall is on top in them, before its first draw)."""
    mall.picture.drop_layers()
    return SoldOutResultsScene(mall.ctx, round_result(mall),
                               RoundChoices(rematch=mall.rematch, to_lobby=mall.to_lobby, next_round=mall.next_round))
