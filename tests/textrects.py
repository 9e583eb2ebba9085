"""Measuring what the mall draws: every text's rect and pixel height, every garment's size on screen.

A Recorder is a real Surface that notes where text surfaces land; texts are
recognised by identity, registered as the UI and the outlined-text helpers
make them. Garments are measured by their drawn (non-transparent) extent.
"""
from __future__ import annotations

import pygame

from game.render import clothing, icons
from game.render.text import bar_px
from game.scenes.mall import draw as mall_draw
from game.scenes.mall import hud as mall_hud
from game.scenes.mall import overlay as mall_overlay
class Recorder(pygame.Surface):
    """A screen that remembers where each registered text surface was blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: dict[int, tuple[pygame.Surface, str, float]] = {}
        self.drawn: list[tuple[pygame.Rect, str, float]] = []

    def note(self, surf: pygame.Surface, text: str, px: float) -> pygame.Surface:
        self.texts[id(surf)] = (surf, text, px)
        return surf

    def blit(self, source, dest, area=None, special_flags=0):  # noqa: D102
        rect = super().blit(source, dest, area, special_flags)
        hit = self.texts.get(id(source))
        if hit is not None and rect.w and rect.h:
            # the letters' ink (their outline included), not the font's line box around them
            ink = source.get_bounding_rect().move(rect.x - (area[0] if area else 0), rect.y - (area[1] if area else 0))
            self.drawn.append((ink.clip(rect), hit[1], hit[2]))
        return rect


def watch_texts(monkeypatch, screen: Recorder, ui) -> None:
    """Register every text the mall's HUD, map and overlays render from now on. The HUD draws its
    panels straight onto the screen every frame meanwhile (no kept layer to lay them in, where
    the Recorder would not see them): tests/test_frame_caches.py holds the laid panels to the
    same pixels."""
    monkeypatch.setattr(mall_hud.Hud, "set_backdrop", lambda self, backdrop, into=None: backdrop)
    real_render = ui.render

    def render(text, size, colour="text", max_width=0):
        px = bar_px(ui.text.font(ui.size(size) if isinstance(size, str) else size))   # pixels, not size
        return screen.note(real_render(text, size, colour, max_width), text, px)
    monkeypatch.setattr(ui, "render", render)
    for module in (mall_draw, mall_overlay):
        real = module.outlined_text

        def outlined(text, px, *args, _real=real, **kwargs):
            surf = _real(text, px, *args, **kwargs)
            font = icons.font(px)      # shrunk to fit, its size shrinks with its height
            return screen.note(surf, str(text), bar_px(font) * min(1.0, surf.get_height() / font.get_height()))
        monkeypatch.setattr(module, "outlined_text", outlined)


def overlapping(drawn: list[tuple[pygame.Rect, str, float]]) -> list[tuple[str, str]]:
    """Pairs of texts whose ink boxes intersect (the outline's 2 px of slack allowed)."""
    out = []
    for i, (a, ta, _) in enumerate(drawn):
        for b, tb, _ in drawn[i + 1:]:
            if a.inflate(-4, -4).colliderect(b.inflate(-4, -4)):
                out.append((ta, tb))
    return out


class GarmentMeter:
    """Records the drawn extent of every garment made while it is on (caches cleared first)."""

    def __init__(self, monkeypatch) -> None:
        self.on = False
        self.sizes: list[int] = []
        real = clothing.item_surface

        def item_surface(*args, **kwargs):
            surf = real(*args, **kwargs)
            if self.on:
                box = surf.get_bounding_rect()
                self.sizes.append(max(box.w, box.h))
            return surf
        monkeypatch.setattr(clothing, "item_surface", item_surface)

    def measure(self, draw, *args) -> None:
        """Run draw(*args) with the meter on and the card caches empty (so every garment is made)."""
        for cached in (clothing._card, clothing._objective_cached):
            cached.cache_clear()
        self.on = True
        try:
            draw(*args)
        finally:
            self.on = False
