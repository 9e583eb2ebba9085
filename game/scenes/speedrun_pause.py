"""The pause overlay of a speedrun: Resume, Restart, Settings, the speedrun menu, the title.

While it is open the run scene is not updated, so in-game time stands still;
real time keeps running (as real time does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.scene import Scene
from game.input.commands import Button, Command
from game.render import widgets
from game.scenes.common import menu_command

if TYPE_CHECKING:
    from game.core.context import Context


class SpeedrunPauseScene(Scene):
    name = "pause"
    opaque = False

    def __init__(self, ctx: "Context", run) -> None:
        super().__init__(ctx)
        self.run = run
        self.menu = widgets.MenuList([
            widgets.MenuItem("Resume", self.resume_game),
            widgets.MenuItem("Restart", self.restart),
            widgets.MenuItem("Settings", self.settings),
            widgets.MenuItem("Speedrun menu", self.to_menu),
            widgets.MenuItem("Quit to title", self.quit_to_title),
        ], play=ctx.sound, on_back=self.resume_game, row_height=72, width=480)
        self.closing = False

    def resume_game(self) -> None:
        if not self.closing:
            self.closing = True
            self.ctx.stack.pop()

    def resume(self) -> None:
        self.closing = False

    def restart(self) -> None:
        self.resume_game()
        self.run.restart()

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.ctx.stack.push(SettingsScene(self.ctx))

    def to_menu(self) -> None:
        stack = self.ctx.stack
        if any(s.name == "speedrun_menu" for s in stack.scenes):
            stack.pop_until(lambda s: s.name == "speedrun_menu")
        else:
            self.quit_to_title()

    def quit_to_title(self) -> None:
        from game.scenes.title import TitleScene
        self.ctx.stack.clear_to(TitleScene(self.ctx))

    def update(self, commands: dict[int, Command]) -> None:
        cmd = menu_command(commands)
        if cmd.pressed & Button.START:
            self.resume_game()
            return
        self.menu.update(cmd)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.dim(surface, ui)
        widgets.logo_text(surface, ui, "PAUSED", ui.size("heading"), ui.colour("accent"),
                          (surface.get_width() // 2, 120), outline=4)
        line = ui.render("In-game time is stopped. Real time keeps running.", "small", "text_dim")
        surface.blit(line, line.get_rect(center=(surface.get_width() // 2, 186)))
        self.menu.draw(surface, ui, ((surface.get_width() - self.menu.width) // 2, 230))
