"""The pictures' caches are bounded by the bytes they hold (issue #46), least recently drawn out
first, and the title's warm-up fits in every budget (its pictures are still there for the first
frames it warmed them for)."""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.render import clothing, icons, tabletop
from game.render.surface_cache import CACHES, ENTRY_BYTES, MB, SurfaceCache, surface_bytes


def _square(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)


def _cache(budget: int) -> tuple[SurfaceCache[[int]], list[int]]:
    made: list[int] = []

    def draw(side: int) -> pygame.Surface:
        made.append(side)
        return _square(side)
    return SurfaceCache(draw, budget, "test.draw"), made


def test_a_picture_is_drawn_once_and_counted_in_bytes() -> None:
    cache, made = _cache(MB)
    first = cache(10)
    assert cache(10) is first and made == [10]
    info = cache.cache_info()
    assert (info.hits, info.misses, info.currsize, info.evicted) == (1, 1, 1, 0)
    assert info.bytes == surface_bytes(first) == first.get_pitch() * 10 + ENTRY_BYTES


def test_past_its_budget_the_least_recently_drawn_goes_first() -> None:
    made: list[str] = []

    def draw(name: str) -> pygame.Surface:
        made.append(name)
        return _square(16)
    one = surface_bytes(_square(16))
    cache = SurfaceCache(draw, 3 * one, "test.lru")
    for name in ("a", "b", "c"):
        cache(name)
    cache("a")                   # drawn again lately: "b" is now the least recently drawn
    assert cache.cache_info().bytes == 3 * one and cache.cache_info().evicted == 0
    cache("d")                   # one over the budget
    assert [key[0] for key in cache._kept] == ["c", "a", "d"]
    info = cache.cache_info()
    assert info.bytes == 3 * one <= cache.budget and info.evicted == 1
    made.clear()
    cache("a")
    cache("b")                   # let go: drawn again (and "c" goes)
    assert made == ["b"] and [key[0] for key in cache._kept] == ["d", "a", "b"]


def test_a_picture_larger_than_the_budget_is_returned_and_alone_kept() -> None:
    cache, _made = _cache(100)
    cache(4)
    big = cache(64)
    assert big.get_size() == (64, 64)
    assert [key[0] for key in cache._kept] == [64]


def test_clearing_forgets_pictures_and_counts() -> None:
    cache, made = _cache(MB)
    cache(8)
    cache.cache_clear()
    assert cache.cache_info() == (0, 0, None, 0, 0, MB, 0)
    cache(8)
    assert made == [8, 8]


def test_keyword_arguments_are_part_of_the_key() -> None:
    made: list[tuple[int, bool]] = []

    def draw(side: int, tall: bool = False) -> pygame.Surface:
        made.append((side, tall))
        return pygame.Surface((side, side * (2 if tall else 1)))
    cache = SurfaceCache(draw, MB, "test.kw")
    assert cache(4, tall=True).get_size() == (4, 8)
    assert cache(4).get_size() == (4, 4)
    cache(4, tall=True)
    assert made == [(4, True), (4, False)]


BOUNDED = {"game.render.clothing._item": 32, "game.render.clothing._card": 24,
           "game.render.clothing._objective_cached": 8, "game.render.tabletop._product": 8,
           "game.render.icons._outlined": 6}


def test_every_big_picture_cache_is_bounded_in_bytes() -> None:
    for cache in (clothing._item, clothing._card, clothing._objective_cached, tabletop._product, icons._outlined):
        assert isinstance(cache, SurfaceCache)
        assert cache in CACHES and cache.budget == BOUNDED[cache.name] * MB


def test_the_item_cache_holds_no_more_than_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    clothing._item.cache_clear()
    monkeypatch.setattr(clothing._item, "budget", MB // 8)
    for size in range(48, 96, 4):        # 12 sizes of one item: 0.25 MB in all
        clothing.item_surface("tie", "#8E44AD", "stars", size)
    info = clothing._item.cache_info()
    assert info.bytes <= MB // 8 and info.evicted > 0 and info.currsize < 12
    newest = clothing.item_surface("tie", "#8E44AD", "stars", 92)
    assert clothing.item_surface("tie", "#8E44AD", "stars", 92) is newest
    clothing._item.cache_clear()


@pytest.mark.slow
def test_the_title_warm_up_fits_in_every_budget() -> None:
    """Everything the warm-up draws is still cached when it ends: nothing it drew for a first
    frame was let go to make room (the budgets are above what it fills)."""
    from game.core.warm import Warmer
    from game.scenes import registry, warmup
    from game.scenes.menus.title import TitleScene
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    for cache in CACHES:
        cache.cache_clear()
    ctx = app.make_context(load_user_files=False)
    registry.load_scene_modules()
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    warmer = Warmer()
    warmup.queue_rehearsals(warmer, ctx)
    warmer.run_all()
    held = {cache.name: cache.cache_info() for cache in CACHES}
    assert held["game.render.clothing._item"].currsize > 500      # the warm-up ran: every item at every size
    for name, info in held.items():
        assert info.evicted == 0, f"{name}: {info.evicted} evicted, {info.bytes / MB:.1f} of {info.budget / MB:.0f} MB"
