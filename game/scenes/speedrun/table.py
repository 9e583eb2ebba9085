"""A Check Out! speedrun at the dice table: the table scene with the runner's timer and splits.

The bots are part of the course (seeded, fixed difficulty, inside the
RunSession), so the same inputs meet the same answers and a run code verifies.
The timer and the splits sit above the seat panels; restart, pause and the
results work as in the mall (see speedrun_common).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.bots.checkout import CheckOutBot
from game.i18n import _
from game.input.commands import Command
from game.replay import Replay
from game.scenes.menus.howto import push_howto_once
from game.scenes.speedrun.common import RunnerMixin, runner_name
from game.scenes.speedrun.draw import DIM, GOLD, box
from game.scenes.table.draw import TableView
from game.scenes.table.hud import SeatHud
from game.scenes.table.layout import seat_panels
from game.scenes.table.overlay import Overlays
from game.scenes.table.scene import TableScene
from game.speedrun.categories import RunSetup, spec_for
from game.speedrun.records import Records

if TYPE_CHECKING:
    from game.core.context import Context

TIMER_BOX = pygame.Rect(8, 8, 244, 226)
SPLITS_BOX = pygame.Rect(1028, 8, 244, 226)
INFO_BOX = pygame.Rect(8, 486, 244, 226)
HINT_BOX = pygame.Rect(1028, 486, 244, 226)


class SpeedrunTableScene(RunnerMixin, TableScene):
    name = "speedrun"

    def __init__(self, ctx: "Context", setup: RunSetup, device=None, records: Records | None = None,
                 playback: Replay | None = None, demo: bool = False, practice=None) -> None:
        self._init_run(ctx, setup, device, records, playback, demo, practice)
        super().__init__(ctx, spec_for(setup, runner_name()), demo=False)
        if self.sim is not None:
            self.bots = {}       # the course's bots play (inside the session), not the scene's
            self._new_session()

    def _wire_session(self) -> None:
        """The table's drawing objects keep a reference to the sim: give them the new one."""
        labels = [""] * self.spec.players   # the bots are named "Bot 1" ... already
        self.hud = SeatHud(self.sim, seat_panels(self.spec.players), self.ids, labels, self.texts)
        self.view = TableView(self.sim, self.ids, self.texts)
        self.overlays = Overlays(self.sim, self.ids, self.texts)
        self.static = None       # the new view draws its frames into a fresh background
        self.driver = self.session.driver   # the session's driver: its bots, its recording
        self.results_pushed = False

    def scripted_runner(self):
        bot = CheckOutBot(0, "expert", self.setup.seed, self.session.sim.tuning)
        return lambda: bot.command(self.session.sim)

    def enter(self) -> None:
        if self.sim is not None and not (self.scripted or self.playback or self.practice):
            push_howto_once(self.ctx, "checkout")

    def update(self, commands: dict[int, Command]) -> None:
        if self.error or self.session is None:
            super().update(commands)
            return
        self.run_update(commands)

    def _after_step(self) -> None:
        self._sounds()
        if self.session.over and not self.results_pushed:
            self.results_pushed = True
            self.push_results()

    def exit(self) -> None:
        self.save_on_exit()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.error or self.session is None:
            return
        self.draw_timer_box(surface, TIMER_BOX, big=54)
        self.draw_splits_box(surface, SPLITS_BOX, rows=5)
        box(surface, INFO_BOX)
        self.draw_lines(surface, self.info_lines(), INFO_BOX.x + 12, INFO_BOX.y + 12, INFO_BOX.w - 24)
        box(surface, HINT_BOX)
        ui = self.ctx.ui
        y = HINT_BOX.y + 14
        for key, word in [(_("Win the game"), _("a loss is no time")), *self.control_hints()]:
            k = ui.render(key, 22, GOLD)
            surface.blit(k, (HINT_BOX.x + 14, y))
            surface.blit(ui.render(word, 20, DIM), (HINT_BOX.x + 14, y + k.get_height()))
            y += 66
        self.draw_practice_banner(surface, surface.get_width() // 2, 8)
