"""The runner's restart key: R on the keyboard, unless a player bound R to a game button (then
BACK / Select still restarts)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.files.register import LAYOUTS

if TYPE_CHECKING:
    from game.core.context import Context

RESTART_KEYS = (pygame.K_r,)


def restart_key_taken(ctx: Context, key: int) -> bool:
    """Is `key` bound to a game button on either keyboard half?"""
    return any(ctx.bindings.button_for_key(layout, key) for layout in LAYOUTS)
