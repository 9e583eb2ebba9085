"""Shared pieces of the menu scenes: a scene built around one MenuList."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.scene import Scene
from game.input.commands import IDLE, Command
from game.render import widgets

if TYPE_CHECKING:
    from game.core.context import Context

MENU_SEAT = -1  # commands[-1] is every device merged (see Scene.update)


def menu_command(commands: dict[int, Command]) -> Command:
    return commands.get(MENU_SEAT, IDLE)


class MenuScene(Scene):
    """A heading and a MenuList; subclasses build `self.menu` and may draw more."""

    heading = ""
    hint_items: list[tuple[str, str]] = [("A / Enter", "Select"), ("B / Esc", "Back")]

    def __init__(self, ctx: "Context") -> None:
        super().__init__(ctx)
        self.menu: widgets.MenuList

    def update(self, commands: dict[int, Command]) -> None:
        self.menu.update(menu_command(commands))

    def draw_menu_page(self, surface: pygame.Surface, top: int = 190) -> None:
        ui = self.ctx.ui
        widgets.draw_background(surface, ui)
        widgets.logo_text(surface, ui, self.heading, ui.size("heading"), ui.colour("accent"),
                          (surface.get_width() // 2, 96), outline=4)
        x = (surface.get_width() - self.menu.width) // 2
        self.menu.draw(surface, ui, (x, top))
        widgets.hints(surface, ui, self.hint_items)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_menu_page(surface)
