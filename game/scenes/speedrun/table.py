"""A Check Out! speedrun at the dice table: the table scene with the runner's timer and splits.

The bots are part of the course (seeded, fixed difficulty, inside the
RunSession), so the same inputs meet the same answers and a run code verifies.
The timer and the splits sit above the seat panels; restart, pause and the
results work as in the mall (see speedrun_common).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.bots.checkout import CheckOutBot
from game.core.scene import Scene
from game.match.seats import identities as seat_identities
from game.text.i18n import _
from game.match.commands import Command
from game.input.seating import DeviceId
from game.driver.replay import Replay
from game.games.checkout import CHECK_OUT
from game.scenes import registry
from game.scenes.menus import push_howto_once
from game.scenes.speedrun.common import SpeedrunRun
from game.scenes.speedrun.draw import DIM, GOLD, box
from game.scenes.table import TablePicture
from game.scenes.table import set_table_keys, table_sounds
from game.speedrun.categories import RunSetup
from game.speedrun.practice import PracticePlan
from game.speedrun.records import Records
from game.speedrun.session import RunSession
from game.speedrun.splits import Comparison

if TYPE_CHECKING:
    from game.core.context import Context

TIMER_BOX = pygame.Rect(8, 8, 244, 226)
SPLITS_BOX = pygame.Rect(1028, 8, 244, 226)
INFO_BOX = pygame.Rect(8, 486, 244, 226)
HINT_BOX = pygame.Rect(1028, 486, 244, 226)


class SpeedrunTableScene(Scene):
    """A Check Out! speedrun: a SpeedrunRun in front of a TablePicture of its session's table."""

    name = "speedrun"

    def __init__(self, ctx: "Context", setup: RunSetup, device: DeviceId | None = None,
                 records: Records | None = None, playback: Replay | None = None, demo: bool = False,
                 practice: PracticePlan | None = None, comparison: Comparison | None = None) -> None:
        super().__init__(ctx)
        self.run = SpeedrunRun(ctx, self, setup, device, records, playback, demo, practice, comparison)
        sim = self.run.session.table()
        ids = seat_identities()
        spec = self.run.spec
        self.picture = TablePicture(ctx, sim, [ids[s.seat % len(ids)] for s in spec.seats], self._labels())
        self.run.start()

    @property
    def session(self) -> RunSession:
        """The attempt being run."""
        return self.run.session

    def _labels(self) -> list[str]:
        return [""] * self.run.spec.players   # the bots are named "Bot 1" ... already

    def _lobby_seat(self, index: int) -> int:
        return self.run.spec.seats[index].seat

    # ------------------------------------------------------------------ the run's host
    def wire_session(self, session: RunSession) -> None:
        """The table's drawing objects keep a reference to the sim: give them the new one."""
        self.picture.show(session.table(), self._labels())

    def scripted_runner(self) -> Callable[[], Command]:
        run = self.run   # not the scene: the run keeps this runner, and the scene would live on in that cycle
        bot = CheckOutBot(0, "expert", run.setup.seed, run.session.table().tuning)
        return lambda: bot.command(run.session.table())

    def on_new_pb(self) -> None:
        """No ghost at the table."""

    def after_step(self) -> None:
        run = self.run
        table_sounds(self.ctx, self.picture.sim, self.picture.view, {})
        if run.session.over and not run.results_pushed:
            run.results_pushed = True
            run.push_results()

    # ------------------------------------------------------------------ stack hooks and ticks
    def enter(self) -> None:
        run = self.run
        if not (run.scripted or run.playback or run.practice):
            push_howto_once(self.ctx, "checkout")

    def handle_event(self, event: pygame.event.Event) -> None:
        self.run.handle_event(event)

    def update(self, commands: dict[int, Command]) -> None:
        self.run.run_update(commands)

    def pause(self) -> None:
        self.run.pause()

    def resume(self) -> None:
        set_table_keys(self.ctx, self.run.spec, self.picture.keys)   # the controls may have been rebound
        self.run.resume()

    def exit(self) -> None:
        self.picture.drop_layers()
        self.run.save_on_exit()
        self.run.runner = None   # the scripted runner holds the run: no cycle left for the collector

    def idle(self, until: float) -> None:
        self.picture.idle(until)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.picture.draw(surface, self._lobby_seat)
        run = self.run
        run.draw_timer_box(surface, TIMER_BOX, big=54)
        run.draw_splits_box(surface, SPLITS_BOX, rows=5)
        box(surface, INFO_BOX)
        run.draw_lines(surface, run.info_lines(), INFO_BOX.x + 12, INFO_BOX.y + 12, INFO_BOX.w - 24)
        box(surface, HINT_BOX)
        ui = self.ctx.ui
        y = HINT_BOX.y + 14
        room = HINT_BOX.w - 28      # each line as large as the box's width holds (a large UI scale)
        for key, word in [(_("Win the game"), _("a loss is no time")), *run.control_hints()]:
            k = ui.render(key, ui.fitting_size(key, 22, room), GOLD, max_width=room)
            surface.blit(k, (HINT_BOX.x + 14, y))
            surface.blit(ui.render(word, ui.fitting_size(word, 20, room), DIM, max_width=room),
                         (HINT_BOX.x + 14, y + k.get_height()))
            y += 66
        run.draw_practice_banner(surface, surface.get_width() // 2, 8)


registry.register_run_scene(CHECK_OUT.key, lambda ctx, setup, start: SpeedrunTableScene(
    ctx, setup, start.device, start.records, start.playback, start.demo, start.practice, start.comparison))
