"""Placing Tidying Up's dresser cards costs no frame: the map's idle time between frames places
them ahead of the round's first picture, a small step at a time, and the count of the floor under
the thousands of spots weighed is done a grid row at a time (it once took 40 ms in one frame)."""
from __future__ import annotations

import time

import pygame

from game.scenes.mall import card_spots
from game.scenes.mall import placement
from game.scenes.mall.floor_map import FloorMap
from tests.gamectx import played_mall
from tests.test_mall_scene import ctx  # noqa: F401  (fixture)


def _spy_placing(monkeypatch) -> list[str]:
    """Each placing begun, and each run to its end by finish (the draw's way: all at once)."""
    log: list[str] = []
    real_placing, real_finish = card_spots.placing, card_spots.finish
    monkeypatch.setattr(card_spots, "placing", lambda *a: (log.append("placing"), real_placing(*a))[1])
    monkeypatch.setattr(card_spots, "finish", lambda steps: (log.append("finish"), real_finish(steps))[1])
    return log


def test_the_rounds_first_picture_does_not_place_the_cards(ctx, monkeypatch):  # noqa: F811
    """The scene's idle time places the cards (before the shoppers' frames drawn ahead, which
    the first picture needs less); the first draw then only reads them."""
    log = _spy_placing(monkeypatch)
    scene = played_mall(ctx, 6, "tidy", 1)
    monkeypatch.setattr(scene.view, "warm_figures", lambda until: True)   # the rest of idle's work: not here
    ctx.stack.idle(time.perf_counter() + 5.0)
    assert log == ["placing"], "the idle time did not place the dresser cards"
    log.clear()
    scene.draw(pygame.display.get_surface(), 0.0)
    assert log == [], f"the first picture placed the cards: {log}"
    assert len(scene.view._dresser_spots(scene.sim)) == len(scene.sim.dressers)


def test_a_placing_begun_in_idle_ends_where_one_done_at_once_does(ctx, monkeypatch):  # noqa: F811
    """Idle time ran out part way: the draw finishes the same placing (not a new one) and the
    cards go where a placing done in one go puts them."""
    at_once = played_mall(ctx, 4, "tidy", 1)
    whole = dict(at_once.view._dresser_spots(at_once.sim))
    ctx.stack.pop()
    ctx.stack.apply()
    log = _spy_placing(monkeypatch)
    scene = played_mall(ctx, 4, "tidy", 1)
    assert scene.view.place_ahead(scene.sim, time.perf_counter() - 1.0), "no time left: nothing placed yet"
    steps = scene.view.card_spots._placing
    assert steps is not None
    for _ in range(5):
        next(steps[1])
    assert scene.view._dresser_spots(scene.sim) == whole
    assert log == ["placing", "finish"]
    assert not scene.view.place_ahead(scene.sim, time.perf_counter() + 5.0), "placed: nothing left to do"


def test_each_step_of_a_placing_is_small(ctx, monkeypatch):  # noqa: F811
    """A step counts one grid row of floor or ranks one dresser's spots (a few dozen spots beside
    its chair counted one by one), so an idle slice of a frame holds many; and the floor under
    the map's spots is counted a row at a time, not spot by spot (1,700 single counts before)."""
    scene = played_mall(ctx, 6, "tidy", 1, level="market")
    counts = {"rows": 0, "rects": 0, "ranked": 0}

    def counting(name, real):
        def call(*args):
            counts[name] += 1
            return real(*args)
        return call
    monkeypatch.setattr(FloorMap, "walkable_along", counting("rows", FloorMap.walkable_along))
    monkeypatch.setattr(FloorMap, "walkable", counting("rects", FloorMap.walkable))
    monkeypatch.setattr(placement, "_grid_costs", counting("ranked", placement._grid_costs))
    steps = scene.view.card_spots._place(scene.sim)
    worst = {name: 0 for name in counts}
    total = dict(worst)
    while True:
        counts.update(rows=0, rects=0, ranked=0)
        try:
            next(steps)
        except StopIteration:
            break
        finally:
            for name, n in counts.items():
                worst[name] = max(worst[name], n)
                total[name] += n
    dressers = len(scene.sim.dressers)
    assert worst["rows"] <= 1 and worst["ranked"] <= 1, worst
    assert worst["rects"] <= 3 * dressers + len(placement.OUTS) * 8, worst
    assert total["ranked"] == dressers
    assert total["rects"] <= 8 * len(placement.OUTS) * dressers + 3 * dressers, total


def test_a_row_of_floor_counts_matches_counting_each_rect():
    """FloorMap.walkable_along gives walkable() of each rect along the row, also for rects hanging
    off the map, on its far edges, or empty."""
    import random
    rng = random.Random(2)
    for _ in range(60):
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        solid = [[int(rng.random() < 0.4) for _ in range(cols)] for _ in range(rows)]
        floor = FloorMap(solid, (rng.randint(-5, 20), rng.randint(-5, 20)), rng.uniform(3, 13))
        for _ in range(10):
            xs = sorted(rng.randint(-30, 120) for _ in range(rng.randint(1, 12)))
            w, y, h = rng.randint(0, 80), rng.randint(-30, 120), rng.randint(0, 80)
            assert floor.walkable_along(xs, w, y, h) == [floor.walkable(pygame.Rect(x, y, w, h)) for x in xs]


def test_ranking_the_spots_leaves_the_garbage_collector_nothing_to_walk():
    """Ten thousand (cost, position) tuples a placing once set off a full collection (30 ms) in a
    frame of the fade: a ranked entry is a plain int."""
    import gc
    area = pygame.Rect(0, 0, 900, 420)
    floor = FloorMap([[(i + j) % 3 == 0 for i in range(30)] for j in range(14)], (0, 0), 30)
    grid = placement._Grid((129, 99), area, [], [])
    list(grid.count(floor))
    entries = placement._grid_costs((450, 200), grid, 0)
    assert len(entries) == len(grid.rects) > 1000
    assert not any(gc.is_tracked(entry) for entry in entries)
