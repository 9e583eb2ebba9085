"""Screenshots of the mall: play at 2-6 seats in every mode, the countdown, study, the SOLD OUT!
moment, the results between rounds and at the match's end, the podium (2, 4, 6 seats, teams,
a tie, nobody scoring) and the choice of the next mode by last place."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Callable

from game.match.spec import MatchSpec
from game.rules.soldout.options import options_of
from game.scenes import registry
from game.scenes.mall.mode_choice import ModeChoiceScene
from game.scenes.mall.round_end import soldout_results
from game.scenes.mall.scene import MallScene, demo_spec, piloted_mall
from game.sim.mall_stage import gather, play_out_round, score_last_round_as
from game.sim.tuning import FP

if TYPE_CHECKING:
    from game.core.context import Context
    from game.core.scene import Scene

REVEALED = 240   # ticks: every card shown before the results screenshot is taken


def _shot(players: int, mode: str, teams: int = 0, colourblind: bool = False) -> Callable[[Context, int], MallScene]:
    def factory(ctx: "Context", seed: int) -> MallScene:
        ctx.settings.colourblind = colourblind or ctx.settings.colourblind
        return piloted_mall(ctx, demo_spec(players, mode, seed or 3, teams=teams))
    return factory


def crowd_shot(players: int, mode: str, teams: int = 0) -> Callable[[Context, int], MallScene]:
    """Every shopper in one crowd, bodies touching: at the Starting Table's front (Rush) or beside
    the first dresser's chair (Tidying Up). Each must still be seen (drawn apart, or outlined)."""
    def factory(ctx: "Context", seed: int) -> MallScene:
        scene = piloted_mall(ctx, demo_spec(players, mode, seed or 3, teams=teams))
        sim = scene.sim
        while sim.phase != "playing" or sim.tick - sim.round_tick < 70:   # past GO! and the rings
            scene.update({})
        half = sim.t.half // FP
        if sim.dressers:
            d = sim.dressers[0]
            gather(sim, d.x, d.y + sim.level.tile_size // 2 + half + 2)
        else:
            tx, ty, tw, th = sim.level.table_rect
            gather(sim, tx + tw // 2, ty + th + half + 2)
        return scene
    return factory


def _sold_out_shot(players: int, mode: str) -> Callable[[Context, int], MallScene]:
    """The SOLD OUT! moment, a few ticks in (flash fading, stamp landing)."""
    def factory(ctx: "Context", seed: int) -> MallScene:
        scene = piloted_mall(ctx, demo_spec(players, mode, seed or 3))
        play_out_round(scene.sim, seed, freeze_ticks=12)
        scene.picture.ending_tick = scene.sim.phase_tick
        return scene
    return factory


def results_shot(players: int, mode: str, rounds: int = 2) -> Callable[[Context, int], list[Scene]]:
    """A round played out at once, its results on top of the mall (a 1-round match: the final)."""
    def factory(ctx: "Context", seed: int) -> list[Scene]:
        mall = piloted_mall(ctx, demo_spec(players, mode, seed or 3, rounds=rounds))
        play_out_round(mall.sim, seed)
        mall.results_pushed = True
        return [mall, soldout_results(mall)]
    return factory


def team_spec(players: int, mode: str, seed: int, rounds: int = 1) -> MatchSpec:
    """`demo_spec` played in teams of two (seats 0+1, 2+3, 4+5)."""
    spec = demo_spec(players, mode, seed, rounds=rounds)
    seats = tuple(dataclasses.replace(s, team=s.seat // 2) for s in spec.seats)
    return dataclasses.replace(spec, seats=seats, options=dataclasses.replace(options_of(spec), teams=True))


def podium_shot(players: int, teams: bool = False, totals: list[int] | None = None) -> Callable[[Context, int], list[Scene]]:
    """The final results' podium, built up (`totals` set instead of the played ones: a tie, nobody scoring)."""
    def factory(ctx: "Context", seed: int) -> list[Scene]:
        spec = (team_spec if teams else demo_spec)(players, "rush", seed or 3, rounds=1)
        mall = piloted_mall(ctx, spec)
        play_out_round(mall.sim, seed)
        if totals is not None:   # the round scored these (a tie, nobody scoring)
            score_last_round_as(mall.sim, totals)
        mall.results_pushed = True
        results = soldout_results(mall)
        results.show_podium()
        return [mall, results]
    return factory


def choice_shot(players: int) -> Callable[[Context, int], list[Scene]]:
    """Between two rounds of a "choose each round" match: last place chooses the next mode."""
    def factory(ctx: "Context", seed: int) -> list[Scene]:
        spec = demo_spec(players, "choose", seed or 3, rounds=3)
        mall = piloted_mall(ctx, spec)
        play_out_round(mall.sim, seed)
        mall.results_pushed = True
        results = soldout_results(mall)
        chooser = results.chooser()
        chooser = dataclasses.replace(chooser, seats=chooser.seats or (0,))   # a person chooses in the picture
        return [mall, results, ModeChoiceScene(ctx, lambda mode: None, chooser, preset=results.next_mode)]
    return factory


registry.register_screenshot("mall", _shot(4, "rush"), warmup_ticks=60 * 9)
registry.register_screenshot("mall_rush_2", _shot(2, "rush"), warmup_ticks=60 * 9)
registry.register_screenshot("mall_rush_6", _shot(6, "rush"), warmup_ticks=60 * 10)
registry.register_screenshot("mall_study", _shot(6, "memory"), warmup_ticks=30)
registry.register_screenshot("mall_memory", _shot(3, "memory"), warmup_ticks=60 * 14)
registry.register_screenshot("mall_memory_6", _shot(6, "memory"), warmup_ticks=60 * 16)
registry.register_screenshot("mall_tidy", _shot(6, "tidy"), warmup_ticks=60 * 16)
# Team games: every team told apart at a glance (2 teams of 2, 3 teams of 2), colour-blind mode too.
registry.register_screenshot("mall_teams_rush_4", _shot(4, "rush", teams=2), warmup_ticks=60 * 9)
registry.register_screenshot("mall_teams_rush_6", _shot(6, "rush", teams=3), warmup_ticks=60 * 10)
registry.register_screenshot("mall_teams_tidy_4", _shot(4, "tidy", teams=2), warmup_ticks=60 * 16)
registry.register_screenshot("mall_teams_tidy_6", _shot(6, "tidy", teams=3), warmup_ticks=60 * 16)
registry.register_screenshot("mall_teams_tidy_6_cb", _shot(6, "tidy", teams=3, colourblind=True),
                             warmup_ticks=60 * 16)
# The crowded moments: six shoppers at the Starting Table, six at a dresser.
registry.register_screenshot("mall_crowd_table_6", crowd_shot(6, "rush"), warmup_ticks=0)
registry.register_screenshot("mall_crowd_dresser_6", crowd_shot(6, "tidy", teams=3), warmup_ticks=0)
registry.register_screenshot("mall_countdown", _shot(5, "rush"), warmup_ticks=70)
registry.register_screenshot("mall_sold_out", _sold_out_shot(6, "rush"), warmup_ticks=0)
registry.register_screenshot("mall_sold_out_2", _sold_out_shot(2, "memory"), warmup_ticks=0)
registry.register_screenshot("results", results_shot(4, "rush"), warmup_ticks=REVEALED)
registry.register_screenshot("soldout_results", results_shot(4, "rush"), warmup_ticks=REVEALED)
registry.register_screenshot("results_rush_6", results_shot(6, "rush"), warmup_ticks=REVEALED)
registry.register_screenshot("results_memory_2", results_shot(2, "memory", 1), warmup_ticks=REVEALED)
registry.register_screenshot("results_tidy_6", results_shot(6, "tidy"), warmup_ticks=REVEALED)
registry.register_screenshot("results_final", results_shot(4, "rush", 1), warmup_ticks=REVEALED)
registry.register_screenshot("podium_2", podium_shot(2, totals=[3, 6]), warmup_ticks=REVEALED)
registry.register_screenshot("podium_4", podium_shot(4, totals=[5, 9, 2, 4]), warmup_ticks=REVEALED)
registry.register_screenshot("podium_6", podium_shot(6), warmup_ticks=REVEALED)
registry.register_screenshot("podium_teams_4", podium_shot(4, teams=True), warmup_ticks=REVEALED)
registry.register_screenshot("podium_teams_6", podium_shot(6, teams=True), warmup_ticks=REVEALED)
registry.register_screenshot("podium_tie_6", podium_shot(6, totals=[7, 7, 4, 4, 4, 1]), warmup_ticks=REVEALED)
registry.register_screenshot("podium_nobody", podium_shot(4, totals=[0, 0, 0, 0]), warmup_ticks=REVEALED)
registry.register_screenshot("mode_choice", choice_shot(4), warmup_ticks=40)
registry.register_screenshot("podium_ties_6", podium_shot(6, totals=[5, 5, 3, 3, 1, 1]), warmup_ticks=REVEALED)
