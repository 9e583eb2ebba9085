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

A cache may belong to a game's `group` of pictures ("clothing": Sold Out!'s items and cards). A
match of the other game never draws them, so its scene lets them go while it plays (`shed`: ~40 MB
a window does not need then), remembering what was asked; the menus' idle time, or the game's own
scene, draws them again (`refill`) in the same order, so a cache holds what the title's warm-up
left in it before a frame of that game needs it (game/scenes/own_pictures.py).
"""
from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any, Callable, Generic, Hashable, NamedTuple, ParamSpec

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


Call = tuple[tuple[Any, ...], dict[str, Any]]   # a call's arguments: positional, keyword


class SurfaceCache(Generic[P]):
    """A function's surfaces by its arguments, at most `budget` bytes of them (the newest
    entry stays even when it alone is larger). `group`: the game's pictures it holds, if any;
    `refill_first`: what a scene's first frame needs most, drawn again before the rest."""

    def __init__(self, fn: Callable[P, pygame.Surface], budget: int, name: str, group: str | None = None,
                 refill_first: bool = False) -> None:
        self.__wrapped__ = fn
        self.__doc__ = fn.__doc__
        self.name = name
        self.budget = budget
        self.group = group
        self.refill_first = refill_first   # drawn again before its group's other caches (see `refill`)
        self._kept: OrderedDict[Hashable, tuple[pygame.Surface, int, Call]] = OrderedDict()
        self._shed: OrderedDict[Hashable, Call] = OrderedDict()   # let go by `shed`, oldest first
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
        self._kept[key] = (surface, size, (args, kwargs))
        self._shed.pop(key, None)          # drawn again by need: nothing left to refill for it
        self.bytes += size
        while self.bytes > self.budget and len(self._kept) > 1:
            _key, (_old, freed, _call) = self._kept.popitem(last=False)
            self.bytes -= freed
            self.evicted += 1
        return surface

    def shed(self) -> int:
        """Let every picture go, remembering how each was asked for (least recently drawn first),
        so `refill_one` can draw them again; how many went."""
        count = len(self._kept)
        for key, (_surface, _size, call) in self._kept.items():
            self._shed[key] = call
        self._kept.clear()
        self.bytes = 0
        return count

    @property
    def shed_left(self) -> int:
        """Pictures let go by `shed` and not drawn again yet."""
        return len(self._shed)

    def refill_one(self) -> bool:
        """Draw again the oldest picture `shed` let go (so they end in the order they were kept);
        True while more are left."""
        if self._shed:
            _key, (args, kwargs) = self._shed.popitem(last=False)
            self(*args, **kwargs)
        return bool(self._shed)

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, None, len(self._kept), self.bytes, self.budget, self.evicted)

    def cache_clear(self) -> None:
        self._kept.clear()
        self._shed.clear()
        self.bytes = 0
        self.hits = self.misses = self.evicted = 0


CACHES: list[SurfaceCache[...]] = []      # every one made, for the memory bench's report


def surface_cache(budget_mb: float, group: str | None = None,
                  refill_first: bool = False) -> Callable[[Callable[P, pygame.Surface]], SurfaceCache[P]]:
    """Decorator: cache the function's surfaces up to `budget_mb` megabytes (MiB), as one of
    `group`'s pictures (a game's: let go while the other game plays) or shared (None)."""
    def wrap(fn: Callable[P, pygame.Surface]) -> SurfaceCache[P]:
        cache = SurfaceCache(fn, round(budget_mb * MB), f"{fn.__module__}.{fn.__qualname__}", group, refill_first)
        CACHES.append(cache)
        return cache
    return wrap


def shed(group: str) -> int:
    """The pictures of `group` let go, remembered for `refill`: a scene of the other game calls it
    while it plays, as it never draws them. How many pictures went (0: none were held)."""
    return sum(cache.shed() for cache in CACHES if cache.group == group)


def shed_left(group: str | None = None) -> int:
    """Pictures of `group` (of every group: None) let go and not drawn again yet."""
    return sum(cache.shed_left for cache in CACHES if group is None or cache.group == group)


def refill(group: str | None, until: float, clock: Callable[[], float] = time.perf_counter) -> bool:
    """Draw again what `shed` let go of `group` (every group: None), at least one picture
    and then while `clock()` is before `until`; True while some are left. The caches marked
    `refill_first` first (a mall's cards: it draws them all as it is built, in its first frame)."""
    caches = [cache for cache in CACHES if group is None or cache.group == group]
    for cache in sorted(caches, key=lambda cache: not cache.refill_first):
        while cache.shed_left:
            cache.refill_one()
            if clock() >= until:
                return shed_left(group) > 0
    return False
