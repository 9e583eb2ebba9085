"""The display a headless bench section draws on: the dummy drivers unless told otherwise, and
the game's 1280x720 screen opened once."""
from __future__ import annotations

import os


def headless_display() -> None:
    """pygame started and a 1280x720 display open (the dummy drivers where none were chosen)."""
    import pygame

    from game.scenes.mall.layout import SCREEN
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not pygame.get_init():
        pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode(SCREEN)
