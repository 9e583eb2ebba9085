"""The counts on the mall's map: each pile's card count (on the floor and over a head) and each
dresser's strip of team or player counts. Laid out while the map is drawn, drawn in its last pass
(over the shoppers and every card: a count is never hidden), each picture made once and kept."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.render.icons import INK, outlined_text
from game.render.palette import STRIP_FILL, WHITE



class MapCounts:
    """This frame's counts (where they go, for the name tags to step round) and their pictures."""

    def __init__(self, px: int, strip_h: int) -> None:
        self.px = px                       # a count's number: its game size
        self.strip_h = strip_h             # a dresser's strip: its height (its tallest badge + 4)
        self.piles: list[pygame.Rect] = []     # this frame's pile counts on the floor
        self.carried: list[pygame.Rect] = []   # ... and on piles carried over a head
        self.words: list[pygame.Rect] = []     # this frame's other words on the map (shop signs)
        self._due: list[tuple[pygame.Surface, pygame.Rect]] = []      # pile counts to draw
        self._strips_due: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.badges: dict[int, pygame.Surface] = {}                       # per count
        self.strips: dict[tuple[tuple[int, int], ...], pygame.Surface] = {}   # per (side, count)s
        self._numbers: dict[int, pygame.Surface] = {}

    def new_piles(self) -> None:
        """A new frame's floor piles (their counts are placed anew)."""
        self.piles, self._due = [], []

    def new_carried(self, words: Sequence[pygame.Rect] = ()) -> None:
        """A new frame's carried piles; `words`: the map's other words (shop signs), which their
        counts step round as the name tags do."""
        self.carried, self.words = [], list(words)

    def new_strips(self) -> None:
        self._strips_due = []

    def pile(self, count: int, centre: tuple[int, int], carried: bool = False) -> None:
        """A pile's count, centred on `centre`. A carried pile's count moves clear of the counts
        fixed to the floor (a dresser's strip, a pile's count) when its shopper walks under one:
        two counts on top of each other read as one wrong number; and clear of a shop sign's
        words, held up into them by a shopper along the top wall."""
        badge = self.badge(count)
        rect = badge.get_rect(center=centre)
        if carried:
            rect = self._clear_of_fixed(rect)
        (self.carried if carried else self.piles).append(rect)
        self._due.append((badge, rect))

    def _clear_of_fixed(self, rect: pygame.Rect) -> pygame.Rect:
        """`rect`, or the nearest place beside it (up first: the count stays over its shopper) that
        overlaps no dresser strip, no floor pile's count laid out this frame and no sign."""
        fixed = [r for _picture, r in self._strips_due] + self.piles + self.words
        if rect.collidelist(fixed) == -1:
            return rect
        step = rect.height // 2 + 1
        for k in range(1, 7):
            for dx, dy in ((0, -k * step), (-k * step, 0), (k * step, 0), (0, k * step)):
                moved = rect.move(dx, dy)
                if moved.collidelist(fixed) == -1:
                    return moved
        return rect

    def badge(self, count: int) -> pygame.Surface:
        """The pile's card count, big enough to read from the sofa: white on a dark disc."""
        badge = self.badges.get(count)
        if badge is None:
            text = outlined_text(str(count), self.px + 2, WHITE, INK, width=1)
            d = max(text.get_width(), text.get_height()) + 2
            badge = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(badge, STRIP_FILL, (d // 2, d // 2), d // 2)
            pygame.draw.circle(badge, WHITE, (d // 2, d // 2), d // 2, 2)
            badge.blit(text, text.get_rect(center=(d // 2, d // 2)))
            self.badges[count] = badge
        return badge

    def strip(self, shown: tuple[tuple[int, int], ...], badge_of: Callable[[int], pygame.Surface],
              midtop: tuple[int, int]) -> pygame.Rect:
        """A dresser's strip: each side's badge and its count (right minus wrong), its top centred
        on `midtop`; returns where it goes."""
        strip = self.strips.get(shown)
        if strip is None:
            if len(self.strips) > 200:
                self.strips.clear()
            strip = self.strips[shown] = self._strip(shown, badge_of)
        rect = strip.get_rect(midtop=midtop)
        self._strips_due.append((strip, rect))
        return rect

    def _strip(self, shown: tuple[tuple[int, int], ...], badge_of: Callable[[int], pygame.Surface]) -> pygame.Surface:
        badges = [badge_of(side) for side, _n in shown]
        b = self.strip_h - 4
        step = max(badge.get_width() for badge in badges) + self.px
        strip = pygame.Surface((step * len(shown) + 6, b + 4), pygame.SRCALPHA)
        pygame.draw.rect(strip, STRIP_FILL, strip.get_rect(), border_radius=6)
        for i, ((_side, n), badge) in enumerate(zip(shown, badges)):
            strip.blit(badge, badge.get_rect(midleft=(3 + i * step, 2 + b // 2)))
            num = self._numbers.get(n)
            if num is None:
                num = self._numbers[n] = outlined_text(str(n), self.px, WHITE, INK, width=1)
            strip.blit(num, (3 + i * step + badge.get_width() + 1, 2 + (b - num.get_height()) // 2))
        return strip

    def draw(self, surface: pygame.Surface) -> None:
        """Every count laid out this frame, the dressers' then the piles'."""
        for picture, rect in [*self._strips_due, *self._due]:
            surface.blit(picture, rect)
