"""Caches of drawn pictures bounded by the memory their pixels hold, least recently used out first.

functools.lru_cache bounds a cache by its count of entries, and a count says nothing about
memory: 512 clothing cards are 30 MB at the mall's viewer size and 3 MB as list icons. These
caches keep pictures (pygame surfaces) up to a budget in bytes (pitch x height: the pixels, the
only part that matters) and drop the least recently drawn past it. The budgets are set above
what the title's warm-up fills (game.scenes.warmup: every scene a player can reach next, drawn
once), so a warmed picture is still there for its scene's first frame; the memory bench and
tests/test_surface_cache.py check both (the report lists each cache's bytes and budget).

The interface is lru_cache's where the game and tests use it: cache_info(), cache_clear(),
__wrapped__ (the undecorated function).
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, NamedTuple, ParamSpec

import pygame

P = ParamSpec("P")
MB = 1024 * 1024
ENTRY_BYTES = 512         # an entry's own objects (key, Surface, SDL header): tiny pictures count too


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: None             # no bound on entries (lru_cache's field): the bound is in bytes
    currsize: int
    bytes: int
    budget: int
    evicted: int


def surface_bytes(surface: pygame.Surface) -> int:
    """The memory a cached surface takes: its pixels (rows with their padding) and its entry."""
    return surface.get_pitch() * surface.get_height() + ENTRY_BYTES


class SurfaceCache(Generic[P]):
    """A function's surfaces by its arguments, at most `budget` bytes of them (the newest
    entry stays even when it alone is larger)."""

    def __init__(self, fn: Callable[P, pygame.Surface], budget: int, name: str) -> None:
        self.__wrapped__ = fn
        self.__doc__ = fn.__doc__
        self.name = name
        self.budget = budget
        self._kept: OrderedDict[Hashable, tuple[pygame.Surface, int]] = OrderedDict()
        self.bytes = 0
        self.hits = self.misses = self.evicted = 0

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
        key: Hashable = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            self.hits += 1
            return found[0]
        self.misses += 1
        surface = self.__wrapped__(*args, **kwargs)
        size = surface_bytes(surface)
        self._kept[key] = (surface, size)
        self.bytes += size
        while self.bytes > self.budget and len(self._kept) > 1:
            _key, (_old, freed) = self._kept.popitem(last=False)
            self.bytes -= freed
            self.evicted += 1
        return surface

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, None, len(self._kept), self.bytes, self.budget, self.evicted)

    def cache_clear(self) -> None:
        self._kept.clear()
        self.bytes = 0
        self.hits = self.misses = self.evicted = 0


CACHES: list[SurfaceCache[...]] = []      # every one made, for the memory bench's report


def surface_cache(budget_mb: float) -> Callable[[Callable[P, pygame.Surface]], SurfaceCache[P]]:
    """Decorator: cache the function's surfaces up to `budget_mb` megabytes (MiB)."""
    def wrap(fn: Callable[P, pygame.Surface]) -> SurfaceCache[P]:
        cache = SurfaceCache(fn, round(budget_mb * MB), f"{fn.__module__}.{fn.__qualname__}")
        CACHES.append(cache)
        return cache
    return wrap
