"""Dresser cards: headed "DRESSER" in the panel's zoom; the map's locators follow colour-blind mode."""
from __future__ import annotations

import pygame
import pytest

from game.render.clothing import objective_art
from game.rules.soldout import load_catalogue
from game.scenes.mall import draw as mall_draw
from game.scenes.mall import locator as mall_locator
from game.scenes.mall import placement as mall_placement
from tests.test_mall_scene import ctx, demo_spec, start, tick  # noqa: F401  (fixture)


def test_the_dresser_heading_differs_from_a_shopping_list():
    pygame.init()
    cat = load_catalogue()
    objective = next(iter(cat.objectives.values()))
    listed = objective_art(objective, cat, (280, 140))
    dresser = objective_art(objective, cat, (280, 140), title="DRESSER")
    assert listed is not dresser
    assert pygame.image.tobytes(listed, "RGBA") != pygame.image.tobytes(dresser, "RGBA")


def test_a_heading_too_small_to_read_is_left_out():
    """A card too small for a 16 px heading shows its items only (no 9 px text on the map)."""
    pygame.init()
    cat = load_catalogue()
    objective = next(iter(cat.objectives.values()))
    plain = objective_art(objective, cat, (160, 76), title="")
    small = objective_art(objective, cat, (160, 76), title="DRESSER")
    assert pygame.image.tobytes(plain, "RGBA") == pygame.image.tobytes(small, "RGBA")


@pytest.mark.parametrize("colourblind", [False, True])
def test_map_dressers_follow_the_colour_blind_setting(ctx, monkeypatch, colourblind):  # noqa: F811
    ctx.settings.colourblind = colourblind
    seen: list[bool] = []
    real = mall_locator.locator_surface

    def spy(looks, bags, filled, cb, **kwargs):
        seen.append(cb)
        return real(looks, bags, filled, cb, **kwargs)

    monkeypatch.setattr(mall_draw, "locator_surface", spy)
    scene = start(ctx, demo_spec(2, "tidy", seed=4))
    for _ in range(5):
        tick(ctx)
    scene.draw(pygame.display.get_surface(), 0.0)
    assert seen, "the tidy round drew no dresser"
    assert all(cb is colourblind for cb in seen)


def _table_on_screen(scene) -> pygame.Rect:
    """The Starting Table and the ring of floor round it where the shoppers start, in screen px."""
    view = scene.view
    tx, ty, tw, th = scene.sim.level.table_rect
    tile = scene.sim.level.tile_size
    x0, y0 = view.at(tx - tile, ty - tile)
    return pygame.Rect(x0, y0, round((tw + 2 * tile) * view.scale), round((th + 2 * tile) * view.scale))


@pytest.mark.parametrize("level", ["mall", "boutique", "department", "galleria"])
def test_dresser_cards_leave_the_starting_table_in_sight(ctx, level):  # noqa: F811
    """Tidying Up's dresser cards were placed over the Starting Table and the floor round it where
    every shopper starts: on every shipped level at 2-6 seats, none covers it now."""
    from tests.gamectx import played_mall
    for players in range(2, 7):
        scene = played_mall(ctx, players, "tidy", 1, level=level)
        table = _table_on_screen(scene)
        spots = scene.view._dresser_spots(scene.sim)
        over = {i: r for i, r in spots.items() if r.colliderect(table)}
        assert not over, f"{level} at {players} seats: dresser cards over the Starting Table {over}"
        ctx.stack.pop()
        ctx.stack.apply()


def test_a_locator_with_no_spot_clear_of_the_table_is_still_placed_on_the_map():
    """Every spot beside the chair crosses the Starting Table: the card still goes on the map (above
    its chair) rather than nowhere."""
    area = pygame.Rect(0, 0, 400, 300)
    spots = mall_placement.place_locators([(0, 200, 150, (120, 90))], area, 16, 20, clear=[area])
    assert area.contains(spots[0])
    free = mall_placement.place_locators([(0, 200, 150, (120, 90))], area, 16, 20,
                                       clear=[pygame.Rect(0, 0, 400, 134)])
    assert not free[0].colliderect(pygame.Rect(0, 0, 400, 134)), "a clear spot below was free"



def test_a_leader_line_goes_round_a_signs_words():
    """The card's best spot is above its chair; a sign's words between the two send it below,
    where its leader line is clear of them."""
    area, wanted = pygame.Rect(0, 0, 600, 400), [(0, 300, 200, (120, 90))]
    words = pygame.Rect(260, 190, 80, 6)
    assert mall_placement.place_locators(wanted, area, 16, 20)[0].bottom <= 190
    spot = mall_placement.place_locators(wanted, area, 16, 20, clear=[words], words=[words])[0]
    assert spot.top >= 200 and not spot.colliderect(words)


# Walkable floor under the dresser cards, % of their area, at 2/4/6 seats (a ratchet: lower it as
# placement improves, never raise it). Placed beside their chairs they covered 68 % overall (boutique
# at 6 seats: 85 %, department at 2: 75 %); weighed over the whole map, walls and shelves first: 50 %.
# Raised once where a card had sat on a shop sign's words (no text over text,
# tests/test_mall_signs_clear.py): over 30 rounds a level at 2/4/6 seats, 53.7 % -> 55.2 % overall.
FLOOR_CEILING = {"mall": (48, 49, 61), "boutique": (64, 59, 72), "department": (49, 48, 56),
                 "galleria": (50, 48, 62), "market": (54, 57, 59), "outlet": (29, 27, 41)}
FLOOR_CEILING_ALL = 53


def test_dresser_cards_prefer_walls_and_shelves_to_the_aisles(ctx):  # noqa: F811
    """Ruling: a dresser card goes where it hides least walkable floor, at every level and seat count."""
    from tests.gamectx import played_mall
    covered = area = 0
    worse = []
    for level, ceilings in FLOOR_CEILING.items():
        for players, ceiling in zip((2, 4, 6), ceilings):
            scene = played_mall(ctx, players, "tidy", 1, level=level)
            floor = scene.view.floor_map(scene.sim)
            spots = scene.view._dresser_spots(scene.sim).values()
            here, size = sum(floor.walkable(r) for r in spots), sum(r.w * r.h for r in spots)
            if 100 * here > ceiling * size:
                worse.append(f"{level} at {players} seats: {100 * here / size:.1f} % > {ceiling} %")
            covered, area = covered + here, area + size
            ctx.stack.pop()
            ctx.stack.apply()
    assert not worse, worse
    assert 100 * covered <= FLOOR_CEILING_ALL * area, f"{100 * covered / area:.1f} % of the cards over floor"


def test_the_floor_map_counts_walkable_px_exactly():
    """FloorMap's constant-time count equals clipping every open tile's cell, for any rect (also
    rects hanging off the map or empty)."""
    import random

    from game.scenes.mall.floor_map import FloorMap
    rng = random.Random(1)
    for _ in range(60):
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        solid = [[int(rng.random() < 0.4) for _ in range(cols)] for _ in range(rows)]
        floor = FloorMap(solid, (rng.randint(-5, 20), rng.randint(-5, 20)), rng.uniform(3, 13))
        cells = [pygame.Rect(floor.xs[i], floor.ys[j], floor.xs[i + 1] - floor.xs[i], floor.ys[j + 1] - floor.ys[j])
                 for j in range(rows) for i in range(cols) if not solid[j][i]]
        for _ in range(20):
            rect = pygame.Rect(rng.randint(-20, 120), rng.randint(-20, 120), rng.randint(0, 80), rng.randint(0, 80))
            assert floor.walkable(rect) == sum(c.clip(rect).w * c.clip(rect).h for c in cells), rect
