"""Choose a menu row by its label, with the real keys (so reordering rows never breaks a test)."""
from __future__ import annotations

from typing import Callable

import pygame


def select_row(press: Callable[[int], None], menu, label: str) -> None:
    """Press DOWN (then UP) until `menu.selected.label == label`; fails naming the rows if it never is."""
    for code in (pygame.K_DOWN, pygame.K_UP):
        for _ in range(len(menu.items) + 1):
            if menu.selected.label == label:
                return
            press(code)
    rows = [item.label for item in menu.items]
    raise AssertionError(f"no selectable row {label!r} in {rows}")


def top_menu(ctx):
    """The menu of the scene on top of the stack."""
    return ctx.stack.top.menu
