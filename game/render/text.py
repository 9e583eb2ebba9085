"""Fonts and a cache of rendered texts (a fresh font.render every frame is wasted time)."""
from __future__ import annotations

import pygame

Colour = tuple[int, int, int]


class TextCache:
    """Renders text with pygame's bundled bold font and keeps the surfaces.

    Keyed by (text, size, colour); cleared wholesale when it grows past
    `limit` so a screen full of changing numbers cannot leak memory.
    """

    def __init__(self, scale: float = 1.0, limit: int = 600) -> None:
        self.scale = scale
        self.limit = limit
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, Colour], pygame.Surface] = {}

    def set_scale(self, scale: float) -> None:
        if scale != self.scale:
            self.scale = scale
            self._fonts.clear()
            self._texts.clear()

    def font(self, size: int) -> pygame.font.Font:
        px = max(12, round(size * self.scale))
        font = self._fonts.get(px)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            # None = the font bundled with pygame-ce (freesansbold): no font files shipped.
            font = pygame.font.Font(None, px)
            self._fonts[px] = font
        return font

    def render(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        key = (text, size, colour)
        surface = self._texts.get(key)
        if surface is None:
            if len(self._texts) >= self.limit:
                self._texts.clear()
            surface = self.font(size).render(text, True, colour)
            self._texts[key] = surface
        return surface

    def line_height(self, size: int) -> int:
        return self.font(size).get_linesize()

    def width(self, text: str, size: int) -> int:
        return self.font(size).size(text)[0]
