"""Art and text caches: shared, bounded, and warmed ahead so no frame pays for a first render."""
from __future__ import annotations

import pygame
import pytest

from game.render import icons, tabletop
from game.render.text import TEXT_MIN_PX, bar_px
from game.scenes import registry
from game.scenes.table.scene import TableScene, demo_spec


def test_texts_are_rendered_once_and_shared(ctx):
    a = icons.text_surface("SOLD OUT", 30, (255, 255, 255))
    assert icons.text_surface("SOLD OUT", 30, (255, 255, 255)) is a
    # A pygame.Color or a list is a fine colour and hits the same kind of entry.
    assert icons.text_surface("x", 20, pygame.Color(1, 2, 3)) is icons.text_surface("x", 20, pygame.Color(1, 2, 3))
    b = icons.outlined_text("3", 24, [250, 250, 250], width=2)
    assert icons.outlined_text("3", 24, (250, 250, 250), width=2) is b
    assert icons.outlined_text("3", 24, (250, 250, 250), width=3) is not b
    fitted = icons.outlined_text("a long label", 40, (255, 255, 255), max_width=120)
    assert fitted.get_width() == 120
    # Never under the sofa bar to fit: shrunk to 16 px (its height to 16 px's, outline included),
    # then only narrower.
    floor = icons.outlined_text("a long label here", 40, (255, 255, 255), max_width=60)
    full = icons.outlined_text("a long label here", 40, (255, 255, 255))
    assert floor.get_height() / full.get_height() * bar_px(icons.font(40)) >= TEXT_MIN_PX - 0.5
    assert floor.get_width() > 60


@pytest.mark.parametrize("cache", [icons._text, icons._outlined, icons._seat_shape, tabletop._die,
                                   tabletop._tumble, tabletop._product, tabletop._bargain,
                                   tabletop._category_icon])
def test_every_art_cache_is_bounded(cache):
    from game.render.surface_cache import MB, SurfaceCache
    if isinstance(cache, SurfaceCache):   # bounded in bytes, not entries (tests/test_surface_cache.py)
        assert 0 < cache.budget <= 64 * MB
        return
    size = cache.cache_info().maxsize
    assert size is not None and size <= 1024


def test_tumbles_warm_at_coarse_steps(ctx):
    # One seat: 6 still faces and 6 x 24 turns.
    assert tabletop.warm_dice([("#E69F00", "circle")], 32) == 6 + 6 * 360 // tabletop.TUMBLE_STEP


def test_a_rounds_bargains_are_warmed_in_every_state_checkout_shows(ctx):
    scene = TableScene(ctx, demo_spec(6, 5, "normal"), demo=True)
    scene.fast_forward(lambda sim: len(sim.game.display) > 1)
    sim, view = scene.sim, scene.view
    for job in view.warm_bargains():
        job()
    before = tabletop._bargain.cache_info().misses
    bargains = sim.catalogue.bargains
    display = list(sim.game.display)
    for n in range(1, len(display) + 1):
        for bid, rect in zip(display[:n], view._checkout_rects(n)):
            b = bargains[bid]
            for active in (False, True):
                tabletop.bargain_surface(b.name, b.price, b.promo_price, b.condition, b.stars, rect.size, active)
    assert tabletop._bargain.cache_info().misses == before


def test_the_table_queues_the_bargains_when_the_display_is_dealt(ctx):
    scene = TableScene(ctx, demo_spec(6, 5, "normal"), demo=True)
    scene.fast_forward(lambda sim: len(sim.game.display) > 1)
    screen = pygame.display.get_surface()
    scene.draw(screen, 0.0)
    assert scene.picture.warm_display == list(scene.sim.game.display)


def test_scene_load_problems_are_kept_for_the_app():
    registry.load_scene_modules()
    assert registry.load_problems() == []


def test_the_next_rounds_products_are_drawn_before_they_are_dealt(ctx):
    from game.scenes.table.layout import PRODUCTS, card_rects
    scene = TableScene(ctx, demo_spec(6, 5, "normal"), demo=True)
    scene.fast_forward(lambda sim: sim.game.phase == "frenzy")
    sim = scene.sim
    upcoming = list(sim.game.product_deck[:2 * 6])
    for job in scene.view.warm_next_cards():
        job()
    before = tabletop._product.cache_info().misses
    scene.fast_forward(lambda sim: [t.id for t in sim.game.table] == upcoming)
    assert [t.id for t in sim.game.table] == upcoming
    for spot, rect in zip(sim.game.table, card_rects(sim.places(), PRODUCTS)):
        p = sim.catalogue.products[spot.id]
        tabletop.product_surface(p.name, p.category, p.faces, p.stars, rect.size)
    assert tabletop._product.cache_info().misses == before


def test_the_tables_art_ahead_is_rendered_after_the_present_not_in_a_frame(ctx, monkeypatch):
    """A round's cards, bargains and tumbles are queued by the draw and rendered by `idle` (the
    window runs it after each present, within its deadline): no frame's own work pays for them."""
    import time
    scene = TableScene(ctx, demo_spec(6, 5, "normal"), demo=True)
    scene.fast_forward(lambda sim: sim.game.phase == "frenzy")
    screen = pygame.display.get_surface()
    scene.draw(screen, 0.0)
    queued = len(scene.picture.warm)
    assert queued > 10
    scene.draw(screen, 0.0)
    assert len(scene.picture.warm) == queued           # drawing renders none of it
    scene.idle(time.perf_counter() - 1)
    assert len(scene.picture.warm) == queued           # past its deadline: nothing
    ran = []
    first = scene.picture.warm[-1]
    scene.picture.warm[-1] = lambda: ran.append(first())
    scene.idle(time.perf_counter() + 60)
    assert scene.picture.warm == [] and len(ran) == 1


def test_the_window_runs_the_work_ahead_after_the_present(ctx, monkeypatch):
    from game.app import WindowLoop
    from game.core.scene import Scene
    order = []

    class Ahead(Scene):
        def draw(self, surface, alpha):
            order.append("draw")

        def idle(self, until):
            order.append(("idle", until > time.perf_counter()))

    import time
    ctx.stack.push(Ahead(ctx))
    ctx.stack.apply()
    monkeypatch.setattr(pygame.display, "flip", lambda: order.append("flip"))
    loop = WindowLoop(ctx, pygame.display.get_surface(), vsync=False)
    loop.frame()
    assert order[-3:] == ["draw", "flip", ("idle", True)]


def test_a_table_not_yet_drawn_gets_its_layer_and_first_cards_ready_in_the_fade(ctx):
    """The fade before a table's first draw has idle time: the static layer and the first deal's
    cards are made then, so that draw (under black) is not the 28 ms it was."""
    import time

    from game.scenes.table.layout import PRODUCTS, card_rects
    tabletop._product.cache_clear()                   # no card made before, by any test
    scene = TableScene(ctx, demo_spec(6, 5, "normal"), demo=True)
    assert scene.picture.static is None
    scene.idle(time.perf_counter() + 60)
    assert scene.picture.static is not None
    sim = scene.sim
    before = tabletop._product.cache_info().misses
    for pid, rect in zip(sim.table_products(), card_rects(sim.places(), PRODUCTS)):
        p = sim.catalogue.products[pid]
        tabletop.product_surface(p.name, p.category, p.faces, p.stars, rect.size)
    assert tabletop._product.cache_info().misses == before
