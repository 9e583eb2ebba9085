"""Choose a menu row by its label, with the real keys (so reordering rows never breaks a test)."""
from __future__ import annotations

from typing import Callable

import pygame

from game.match.commands import Button, Command
from game.render.widgets import HOLD_TICKS

A_TAP = {-1: Command(pressed=Button.A, held=Button.A)}     # A goes down this tick
A_HELD = {-1: Command(held=Button.A)}                      # ... and stays down


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


def hold_a(tick: Callable[[dict[int, Command]], None], ticks: int = HOLD_TICKS) -> None:
    """Press A and hold it for `ticks` ticks (a `hold` row is chosen at HOLD_TICKS), then let go."""
    tick(A_TAP)
    for _ in range(ticks - 1):
        tick(A_HELD)
    tick({-1: Command()})
