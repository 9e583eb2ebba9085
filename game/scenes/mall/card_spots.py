"""Where Tidying Up's dresser cards go on the map this round (screen px, without shake), kept
for the round and placed a step at a time in idle time ahead of its first picture.

The steps themselves are game/scenes/mall/placement.py's; this holds the round's answer, the
placing under way and the level's walkable floor on screen, for the map view (draw.py).
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

import pygame

from game.render.ambient import sign_words
from game.scenes.mall.floor_map import FloorMap
from game.scenes.mall.locator import locator_size
from game.scenes.mall.placement import Placing, finish, placing

if TYPE_CHECKING:
    from game.sim.mall_face import MallForCardSpots

DressersKey = tuple[tuple[int, int, int], ...]


class CardSpots:
    """The dresser cards' spots for the map view whose geometry it is given."""

    def __init__(self, at: Callable[[float, float], tuple[int, int]], map_rect: pygame.Rect, scale: float,
                 pile_size: tuple[int, int], strip_h: int) -> None:
        self.at = at                    # level px -> screen px (the map view's, without shake)
        self.map_rect = map_rect
        self.scale = scale
        self.pile_size = pile_size
        self.strip_h = strip_h
        self._key: DressersKey = ()     # the dressers the cards were placed for
        self._spots: dict[int, pygame.Rect] = {}
        self._placing: tuple[DressersKey, Placing] | None = None   # under way in idle time
        self._floor: FloorMap | None = None   # the walkable floor on screen, built on first use

    def spots(self, sim: "MallForCardSpots") -> dict[int, pygame.Rect]:
        """Where each dresser's card goes. Dressers never move: placed once per round, as a rule
        ahead in idle time (ahead); what is left of that is done here."""
        key = dressers_key(sim)
        if self._key != key:
            steps = self._placing[1] if self._placing is not None and self._placing[0] == key else self._place(sim)
            self._key, self._spots, self._placing = key, finish(steps), None
        return self._spots

    def ahead(self, sim: "MallForCardSpots", until: float) -> bool:
        """Place the round's cards a step at a time until `until` (perf_counter), ahead of the
        round's first picture (the fade into a round has idle frames to spare; placing them all in
        one frame once took 40 ms). False once they are placed, or with no dressers."""
        key = dressers_key(sim)
        if not key or self._key == key:
            return False
        if self._placing is None or self._placing[0] != key:
            self._placing = key, self._place(sim)
        steps = self._placing[1]
        while time.perf_counter() < until:
            try:
                next(steps)
            except StopIteration as done:
                self._key, self._spots, self._placing = key, done.value, None
                return False
        return True

    def floor_map(self, sim: "MallForCardSpots") -> FloorMap:
        """The level's walkable floor on screen (built once: the level and the layout never change)."""
        if self._floor is None:
            level = sim.level
            self._floor = FloorMap(level.solid, self.map_rect.topleft, level.tile_size * self.scale)
        return self._floor

    def _place(self, sim: "MallForCardSpots") -> Placing:
        """The steps of placing the cards where the dressers are now, round the piles where they lie."""
        cards = sim.public_view().dresser_cards()
        wanted = [(d.index, *self.at(d.x, d.y),
                   locator_size(len(sim.catalogue.objectives[cards[d.index]].items))) for d in sim.dressers]
        half = round(16 * self.scale)
        piles = [pile_rect(self.at(x, y), self.pile_size) for _, x, y in sim.floor_piles()]
        chairs = [pygame.Rect(cx - half - 6, cy - half - 6, 2 * half + 12, 2 * half + 12)
                  for cx, cy in (self.at(d.x, d.y) for d in sim.dressers)]
        # Kept clear as the table is: a sign's words are text, and no text goes over text.
        words = sign_words(sim.level, self.map_rect, self.scale)
        return placing(wanted, self.map_rect, half, self.strip_h, piles + chairs, self.floor_map(sim),
                       [self._table_ring(sim), *words], words)

    def _table_ring(self, sim: "MallForCardSpots") -> pygame.Rect:
        """The Starting Table and a tile of floor round it: where every shopper starts and hands
        in, so no dresser card may hide it."""
        tx, ty, tw, th = sim.level.table_rect
        tile = sim.level.tile_size
        x, y = self.at(tx - tile, ty - tile)
        return pygame.Rect(x, y, round((tw + 2 * tile) * self.scale), round((th + 2 * tile) * self.scale))


def pile_rect(centre: tuple[int, int], size: tuple[int, int]) -> pygame.Rect:
    """Where a pile standing at `centre` (screen px) is drawn: its cards rise well above the spot
    (over the wall behind it) and reach a little below."""
    pw, ph = size
    return pygame.Rect(centre[0] - pw // 2, centre[1] - ph + pw // 3, pw, ph)


def dressers_key(sim: "MallForCardSpots") -> DressersKey:
    """The dressers the cards are placed for: a new round's (or none) asks for a new placing."""
    return tuple((d.index, d.x, d.y) for d in sim.dressers)
