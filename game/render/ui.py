"""The UI bundle scenes receive as ctx.ui: the theme plus the text cache."""
from __future__ import annotations

import math

import pygame

from game.render.text import NARROWEST, TextCache, min_font_size
from game.render.theme import Theme
from game.render.widgets import build_background


class UI:
    def __init__(self, theme: Theme | None = None, scale: float = 1.0) -> None:
        self.theme = theme or Theme.load()
        self.text = TextCache(scale)
        self._backgrounds: dict[tuple[int, int], pygame.Surface] = {}
        self.pad_labels: dict[str, str] = {}   # button name -> what the pad in use prints (the app sets it)

    def colour(self, name: str) -> tuple[int, int, int]:
        return self.theme.colours[name]

    def size(self, name: str) -> int:
        return self.theme.sizes[name]

    def set_scale(self, scale: float) -> None:
        self.text.set_scale(scale)

    def render(self, text: str, size: str | int, colour: str | tuple[int, int, int] = "text",
               max_width: int = 0) -> pygame.Surface:
        """`text` at a theme size (or a game size number) in a theme colour (or an RGB); with
        `max_width`, narrowed to fit it as far as the sofa bar allows (TextCache.render)."""
        px = self.size(size) if isinstance(size, str) else size
        rgb = self.colour(colour) if isinstance(colour, str) else colour
        return self.text.render(text, px, rgb, max_width)

    def fitting_size(self, text: str, size: int, width: int, height: int = 0, narrows: bool = True) -> int:
        """The largest size up to `size` at which `text` fits `width` px (drawn as narrow as
        NARROWEST when `narrows`) and its line `height` px (when given), at this UI scale; the
        sofa bar's smallest when none does. A large UI scale makes text larger up to its box."""
        least = math.ceil(min_font_size() / self.text.scale)    # smaller sizes draw the same
        for candidate in range(size, least - 1, -1):
            if self.text.width(text, candidate) * (NARROWEST if narrows else 1) <= width \
                    and (not height or self.text.line_height(candidate) <= height):
                return candidate
        return min(size, least)

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The patterned backdrop, built once per size."""
        surface = self._backgrounds.get(size)
        if surface is None:
            surface = build_background(self, size)
            self._backgrounds[size] = surface
        return surface
