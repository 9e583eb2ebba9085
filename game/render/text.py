"""Fonts and a cache of rendered texts (a fresh font.render every frame is wasted time)."""
from __future__ import annotations

import pygame

Colour = tuple[int, int, int]

# The sofa bar (docs/READABILITY.md): every text a player must read is at least this many pixels
# tall (the font's ascent + descent) in the 1280x720 picture. pygame's bundled font is about 0.69
# of its size tall, so size 16 is only 11 px; the floor below turns the bar into a font size.
TEXT_MIN_PX = 16


def min_font_size() -> int:
    """The smallest size of the bundled font whose height reaches TEXT_MIN_PX (24 for pygame-ce's)."""
    if not _MIN_SIZE:
        if not pygame.font.get_init():
            pygame.font.init()
        size = TEXT_MIN_PX
        while pygame.font.Font(None, size).get_height() < TEXT_MIN_PX:
            size += 1
        _MIN_SIZE.append(size)
    return _MIN_SIZE[0]


_MIN_SIZE: list[int] = []


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
        px = max(min_font_size(), round(size * self.scale))
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
