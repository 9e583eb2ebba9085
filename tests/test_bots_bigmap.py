"""Bots on big maps: lazy fields give exactly a complete build's answers, searches stay within
the per-tick budget on a 200x200-tile level, and bots still play there."""
from __future__ import annotations

import random

from devkit.bench.bigmap import generated_level
from game.bots import pathfind
from game.bots.pathfind import UNREACHABLE, nav_grid
from game.bots.soldout import make_soldout_bot
from game.app.headless import build_spec
from game.games import SOLD_OUT
from game.driver import soldout_headless as sh
from game.sim.mall import MallSim
from game.sim.mall_events import Picked


def _rows(level) -> tuple[bytes, ...]:
    return tuple(bytes(1 - c for c in row) for row in level.solid)


def test_a_lazy_field_answers_exactly_as_a_complete_one():
    level = generated_level(60, seed=3)
    nav = nav_grid(_rows(level), level.tile_size).for_match()
    rng = random.Random(5)
    open_tiles = [i for i, c in enumerate(nav.open) if c]
    goal = rng.choice(open_tiles)
    lazy, full = nav._start((goal,)), nav._start((goal,)).finish()
    for tile in rng.sample(open_tiles, 200):
        while not lazy.settled(tile):
            lazy.settle(tile, 37)          # in small slices, as a budget would cut it
        assert lazy.dist[tile] == full.dist[tile]
        if lazy.dist[tile]:
            assert lazy.next[tile] == full.next[tile]


def test_distances_are_symmetric_so_one_field_from_the_bot_serves_every_pile():
    level = generated_level(50, seed=2)
    nav = nav_grid(_rows(level), level.tile_size).for_match()
    rng = random.Random(1)
    open_tiles = [i for i, c in enumerate(nav.open) if c]
    for _ in range(20):
        a, b = rng.sample(open_tiles, 2)
        assert nav._start((a,)).finish().dist[b] == nav._start((b,)).finish().dist[a] < UNREACHABLE


def test_the_shipped_levels_are_searched_at_once_and_big_ones_per_match():
    small = nav_grid(tuple(b"\x01" * 40 for _ in range(18)), 32)
    assert not small.budgeted and small.for_match() is small
    big = nav_grid(_rows(generated_level(200)), 32)
    assert big.budgeted and big.for_match() is not big.for_match()


def _big_match(mode: str, seed: int):
    level = generated_level(200, seed=1)
    spec = build_spec("soldout", 6, "normal", mode, 1, seed)
    sim = MallSim(spec, level, sh._catalogue(), spec.seed, mode=SOLD_OUT.schedule(spec)[0])
    bots = [make_soldout_bot(s, sim, sh.bot_seed(spec.seed, s.seat)) for s in spec.seats]
    return sim, bots


def test_no_tick_searches_more_than_the_budget_on_a_200x200_map(monkeypatch):
    spent: dict[int, int] = {}
    real = pathfind.Field.settle

    def counting(self, tile, limit=1 << 62):
        pops = real(self, tile, limit)
        spent[tick[0]] = spent.get(tick[0], 0) + pops
        return pops

    monkeypatch.setattr(pathfind.Field, "settle", counting)
    tick = [0]
    sim, bots = _big_match("rush", 3)
    picked = 0
    while sim.tick < 2400:
        tick[0] = sim.tick
        commands = {bot.seat: bot.command(sim) for bot in bots}
        sim.step(commands)
        picked += sum(1 for ev in sim.events if isinstance(ev, Picked))
    assert spent and max(spent.values()) <= pathfind.POPS_PER_TICK
    assert picked >= 6      # the bots think a little longer there, but they play


def test_a_big_map_match_is_the_same_whatever_ran_before_it():
    def run() -> str:
        sim, bots = _big_match("tidy", 4)
        while sim.tick < 900:
            sim.step({bot.seat: bot.command(sim) for bot in bots})
        return sim.state_hash()

    first = run()
    assert run() == first   # the second run finds no warm caches to lean on


def test_a_field_advanced_in_steps_is_the_complete_one():
    level = generated_level(40, seed=4)
    nav = nav_grid(_rows(level), level.tile_size).for_match()
    goal = next(i for i in range(nav.w * nav.h) if nav.open[i])
    stepped, whole = nav._start((goal,)), nav._start((goal,)).finish()
    steps = 0
    while not stepped.advance(37):
        steps += 1
    assert steps > 3 and stepped.complete
    assert list(stepped.dist) == list(whole.dist) and list(stepped.next) == list(whole.next)


def test_pile_fields_worked_out_ahead_change_nothing_a_bot_does(monkeypatch):
    """The window completes the fields to the piles in its spare time (MallScene.idle): a match
    whose fields are completed before every tick plays exactly as one that searches as it goes.
    A big map's fields are never offered (its bots wait on the match's search budget)."""
    from game.bots.soldout import pile_fields_ahead
    spec = build_spec("soldout", 6, "normal", "tidy", 1, 6)
    monkeypatch.setattr(pathfind, "_GRIDS", {})
    lazy = sh.run_match(spec).result
    monkeypatch.setattr(pathfind, "_GRIDS", {})
    sim, modes = sh.new_sim(spec)
    completed = []
    step = sim.step

    def ahead_then_step(commands):
        for field in pile_fields_ahead(sim.seat_view(0)):
            completed.append(field.finish())
        step(commands)
    monkeypatch.setattr(sh, "new_sim", lambda _spec: (sim, modes))
    sim.step = ahead_then_step
    early = sh.run_match(spec).result
    assert completed and early == lazy
    big = MallSim(build_spec("soldout", 2, "normal", "rush", 1, 1), generated_level(200, seed=1),
                  sh._catalogue(), 1)
    assert pile_fields_ahead(big.seat_view(0)) == []
