"""The pause overlay of a speedrun: Resume, Restart, Settings, the speedrun menu, the title.

While it is open the run scene is not updated, so in-game time stands still;
real time keeps running (as real time does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.text.i18n import N_, _
from game.render import widgets
from game.scenes.menus import PauseScene
if TYPE_CHECKING:
    from game.scenes.speedrun.common import SpeedrunRun
    from game.core.context import Context


class SpeedrunPauseScene(PauseScene):
    def __init__(self, ctx: "Context", run: SpeedrunRun) -> None:
        self.run = run
        super().__init__(ctx)

    def items(self) -> list[widgets.MenuItem]:
        return [
            widgets.MenuItem(N_("Resume"), self.resume_game),
            widgets.MenuItem(N_("Restart"), self.restart),
            widgets.MenuItem(N_("Settings"), self.settings),
            widgets.MenuItem(N_("Speedrun menu"), self.to_menu),
            widgets.MenuItem(N_("Quit to title"), self.quit_to_title),
        ]

    def restart(self) -> None:
        self.resume_game()
        self.run.restart()

    def to_menu(self) -> None:
        stack = self.ctx.stack
        if any(s.name == "speedrun_menu" for s in stack.scenes):
            stack.pop_until(lambda s: s.name == "speedrun_menu")
        else:
            self.quit_to_title()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.dim(surface, ui)
        widgets.logo_text(surface, ui, _("PAUSED"), ui.size("heading"), ui.colour("accent"),
                          (surface.get_width() // 2, 120), outline=4)
        line = ui.render(_("In-game time is stopped. Real time keeps running."), "small", "text_dim")
        surface.blit(line, line.get_rect(center=(surface.get_width() // 2, 186)))
        self.menu.draw(surface, ui, ((surface.get_width() - self.menu.width) // 2, 230))
