"""The pause overlay: Resume, Settings, Quit to lobby, Quit to title.

A game scene pushes PauseScene when `wants_pause(ctx, commands)` is true (or
on a P key event, see `is_pause_key`); the stack calls the game scene's
`pause()` hook, which stops its clock, and `resume()` when this pops.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.text.i18n import N_, _
from game.match.commands import Button, Command
from game.render import widgets
from game.scenes.common import back_to_lobby, menu_command
from game.scenes.menus.settings import SettingsScene
from game.scenes.menus.title import TitleScene

from game.core.scene import Scene

if TYPE_CHECKING:
    from game.core.context import Context

PAUSE_KEYS = (pygame.K_p,)


def wants_pause(ctx: "Context", commands: dict[int, Command]) -> bool:
    """START on any seat, or Escape: what a game scene checks every tick."""
    if ctx.input.escape_pressed():
        return True
    return any(cmd.pressed & Button.START for seat, cmd in commands.items() if seat >= 0)


def is_pause_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key in PAUSE_KEYS


class PauseScene(Scene):
    name = "pause"
    welcomes_new_pads = True
    opaque = False

    def __init__(self, ctx: "Context", title: str = N_("PAUSED")) -> None:
        super().__init__(ctx)
        self.title = title
        self.menu = widgets.MenuList(self.items(), play=ctx.sound, on_back=self.resume_game,
                                     row_height=72, width=480)
        self.closing = False

    def exit(self) -> None:
        """Closed: its rows call back into it (a cycle, game/core/collector.py); an empty menu lets
        it go by reference counting."""
        self.menu = widgets.MenuList([])

    def items(self) -> list[widgets.MenuItem]:
        """The menu rows; a game's own pause (speedrun) offers others."""
        return [
            widgets.MenuItem(N_("Resume"), self.resume_game),
            widgets.MenuItem(N_("Settings"), self.settings),
            widgets.MenuItem(N_("Quit to lobby"), self.quit_to_lobby),
            widgets.MenuItem(N_("Quit to title"), self.quit_to_title),
        ]

    def resume_game(self) -> None:
        if not self.closing:
            self.closing = True
            self.ctx.stack.pop()

    def resume(self) -> None:
        self.closing = False

    def settings(self) -> None:
        self.ctx.stack.push(SettingsScene(self.ctx))

    def quit_to_lobby(self) -> None:
        back_to_lobby(self.ctx)

    def quit_to_title(self) -> None:
        self.ctx.stack.clear_to(TitleScene(self.ctx))

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_pause_key(event):
            self.resume_game()

    def update(self, commands: dict[int, Command]) -> None:
        cmd = menu_command(commands)
        if cmd.pressed & Button.START:
            self.ctx.sound("back")
            self.resume_game()
            return
        self.menu.update(cmd)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        box = widgets.modal(surface, ui, (640, 520), lift=10)
        w = surface.get_width()
        widgets.logo_text(surface, ui, _(self.title), ui.size("heading"), ui.colour("accent"),
                          (w // 2, box.y + 70), outline=4)
        self.menu.draw(surface, ui, ((w - self.menu.width) // 2, box.y + 140))
        widgets.hints(surface, ui, [("A / Enter", N_("Select")), ("START / Esc / P", N_("Resume"))], y=box.bottom - 44)
