"""The dice table lets Sold Out!'s clothing pictures go while it plays, and they are drawn again
before a mall's frames need them: in a menu's time after its presents, or the mall's own (issue #46:
game/scenes/own_pictures.py, game/render/surface_cache.py)."""
from __future__ import annotations

import time
from typing import Iterator

import pygame
import pytest

from game import app
from game.app.headless import build_spec
from game.render import clothing, surface_cache, tabletop
from game.render.surface_cache import CACHES, MB, SurfaceCache
from game.scenes import registry
from game.scenes.mall.scene import MallScene
from game.scenes.menus.title import TitleScene
from game.scenes.table.match_end import checkout_results
from game.scenes.table.scene import TableScene

CLOTHING = [cache for cache in CACHES if cache.group == "clothing"]
LATER = 10.0   # an idle time that never runs out in a test


def _squares(group: str | None) -> tuple[SurfaceCache[[int]], list[int]]:
    made: list[int] = []

    def draw(side: int) -> pygame.Surface:
        made.append(side)
        return pygame.Surface((side, side))
    return SurfaceCache(draw, MB, "test.squares", group), made


def test_shed_pictures_are_drawn_again_in_the_order_they_were_kept() -> None:
    cache, made = _squares("clothing")
    for side in (3, 1, 2):
        cache(side)
    cache(3)                              # the most recently drawn now: 1, 2, 3
    assert cache.shed() == 3
    info = cache.cache_info()
    assert (info.currsize, info.bytes, cache.shed_left) == (0, 0, 3)
    made.clear()
    while cache.refill_one():
        pass
    assert made == [1, 2, 3] and [key[0] for key in cache._kept] == [1, 2, 3] and cache.shed_left == 0


def test_a_shed_picture_asked_for_is_not_drawn_twice() -> None:
    cache, made = _squares("table")
    cache(4)
    cache(5)
    cache.shed()
    cache(5)                              # a frame needed it before the refill
    made.clear()
    assert cache.refill_one() is False and made == [4]
    cache.shed()
    cache.cache_clear()                   # clearing forgets what was shed too
    assert cache.shed_left == 0


@pytest.fixture
def groups() -> Iterator[tuple[SurfaceCache[[int]], SurfaceCache[[int]], SurfaceCache[[int]]]]:
    """Three caches in place of the game's: two groups and a shared one."""
    made = [_squares(group)[0] for group in ("clothing", "table", None)]
    saved, CACHES[:] = CACHES[:], made
    yield made[0], made[1], made[2]
    CACHES[:] = saved


def test_a_group_lets_only_its_own_pictures_go(groups) -> None:
    for cache in groups:
        cache(6)
    assert surface_cache.shed("table") == 1
    assert [c.cache_info().currsize for c in groups] == [1, 0, 1]
    assert surface_cache.shed("clothing") == 1 and surface_cache.shed("clothing") == 0   # nothing left to let go
    assert [c.cache_info().currsize for c in groups] == [0, 0, 1]
    assert surface_cache.shed_left("table") == surface_cache.shed_left("clothing") == 1
    assert surface_cache.shed_left() == 2


def test_refilling_draws_at_least_one_then_stops_when_the_time_is_up(groups) -> None:
    clothes, _table, _shared = groups
    for side in range(1, 6):
        clothes(side)
    clothes.shed()
    ticks = iter(range(1, 100))
    clock = lambda: float(next(ticks))    # noqa: E731 - each reading a second later, all past `until`
    assert surface_cache.refill("clothing", until=0.5, clock=clock) is True
    assert clothes.cache_info().currsize == 1 and clothes.shed_left == 4
    assert surface_cache.refill("clothing", until=LATER * 100, clock=lambda: 0.0) is False
    assert clothes.cache_info().currsize == 5


def test_what_a_first_frame_needs_most_is_drawn_again_first(groups) -> None:
    clothes, _table, _shared = groups
    cards, made = _squares("clothing")
    cards.refill_first = True
    CACHES.append(cards)                  # registered after the other: first all the same
    clothes(1)
    cards(2)
    surface_cache.shed("clothing")
    assert surface_cache.refill("clothing", until=0.5, clock=lambda: 1.0) is True
    assert (cards.cache_info().currsize, clothes.cache_info().currsize) == (1, 0)


@pytest.fixture
def ctx():
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    context = app.make_context(load_user_files=False)
    registry.load_scene_modules()
    yield context
    pygame.quit()


def _open(ctx, spec) -> object:
    ctx.stack.clear_to(TitleScene(ctx))
    ctx.stack.apply()
    registry.start_game(ctx, spec)
    ctx.stack.apply()
    return ctx.stack.scenes[-1] if isinstance(ctx.stack.top, (MallScene, TableScene)) else ctx.stack.scenes[1]


def _menu_frames(ctx, most: int = 2000) -> int:
    """The title's time after each present (app.idle, a quarter of a frame), until nothing is left
    to draw again: how many frames that took."""
    ctx.stack.clear_to(TitleScene(ctx))
    ctx.stack.apply()
    frames = 0
    while surface_cache.shed_left() and frames < most:
        app.idle(ctx, time.perf_counter() + app.IDLE_SECONDS)
        frames += 1
    return frames


def _mall_frames(ctx, seed: int) -> int:
    """A 3-bot Rush opened and drawn in play twice, 300 ticks apart: the clothing pictures drawn
    that were not cached (the caches' misses)."""
    mall = _open(ctx, build_spec("soldout", 3, "normal", "rush", 1, seed))
    assert isinstance(mall, MallScene)
    misses = sum(cache.cache_info().misses for cache in CLOTHING)
    surface = pygame.Surface(app.LOGICAL_SIZE)
    while mall.sim.phase != "playing":
        mall.driver.play({}, record=False)
    for _ in range(2):
        mall.draw(surface, 0.0)
        for _ in range(300):
            mall.driver.play({}, record=False)
    return sum(cache.cache_info().misses for cache in CLOTHING) - misses


@pytest.mark.parametrize("back_in_a_menu", [True, False])
def test_a_table_lets_the_clothing_go_and_a_menu_draws_it_again_before_the_mall_plays(ctx, back_in_a_menu):
    """Not under the table's results (a player rests there: the memory is the point), but in the
    menu after them; a mall played then draws no clothing a mall before it drew."""
    for cache in CLOTHING:
        cache.cache_clear()
    assert _mall_frames(ctx, 7) > 0                  # the first mall draws its clothing
    kept = {cache.name: list(cache._kept) for cache in CLOTHING}
    table = _open(ctx, build_spec("checkout", 3, "normal", None, 1, 5))
    assert isinstance(table, TableScene)
    table.idle(time.perf_counter() + LATER)          # the window's time after a present
    assert all(cache.cache_info().currsize == 0 for cache in CLOTHING)
    shed = sum(len(keys) for keys in kept.values())
    assert surface_cache.shed_left("clothing") == shed
    ctx.stack.push(checkout_results(table))          # the results screen: not a menu, nothing drawn again
    ctx.stack.apply()
    for _ in range(3):
        app.idle(ctx, time.perf_counter() + LATER)
    assert surface_cache.shed_left("clothing") == shed
    if back_in_a_menu:
        assert 1 < _menu_frames(ctx) < 2000           # a menu's idle time, a slice a frame
        assert {cache.name: list(cache._kept) for cache in CLOTHING} == kept   # all of it, in its order
    # The same match again: not one clothing picture drawn in its frames, unless nothing drew them again.
    assert (_mall_frames(ctx, 7) == 0) is back_in_a_menu


def test_a_mall_right_after_a_table_draws_the_clothing_again_in_its_own_idle_time(ctx):
    """A career's challenges one after another: no menu between the table and the mall."""
    clothing.item_surface("scarf", "#2E86C1", "plain", 71)
    table = _open(ctx, build_spec("checkout", 3, "normal", None, 1, 5))
    table.idle(time.perf_counter() + LATER)
    assert surface_cache.shed_left("clothing") > 0 and clothing._item.cache_info().currsize == 0
    mall = _open(ctx, build_spec("soldout", 3, "normal", "rush", 1, 3))
    assert isinstance(mall, MallScene)
    while mall.picture.view.place_ahead(mall.sim, time.perf_counter() + LATER):
        pass
    mall.idle(time.perf_counter() + LATER)
    assert surface_cache.shed_left() == 0 and clothing._item.cache_info().currsize >= 1


def test_the_tables_art_stays_while_a_mall_plays(ctx):
    """The mall keeps it (~5 MB after the warm-up): letting it go made the round's results fault
    7 MB of fresh pages in their first frame."""
    die = tabletop.die_surface(3, 40, "#E69F00")
    mall = _open(ctx, build_spec("soldout", 3, "normal", "rush", 1, 3))
    for _ in range(3):
        mall.idle(time.perf_counter() + LATER)
    assert tabletop.die_surface(3, 40, "#E69F00") is die
