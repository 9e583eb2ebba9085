"""The end of a practice segment: its time against the PB's segment and the best, then again or back.

A / Select / R: the same segment again (from the PB's state, at once) ·
B: back to the segment list. A practice time is logged with the board's
practice times and never touches the records.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.scene import Scene
from game.text.i18n import N_, _
from game.match.commands import Button, Command
from game.render import widgets
from game.scenes.common import menu_command
from game.scenes.reasons import say_reason
from game.scenes.speedrun.controls import restart_key_taken
from game.scenes.speedrun.draw import DIM, GOLD, STATE_COLOURS, WHITE, box, say_split, steady_text
from game.speedrun.timer import format_ticks

if TYPE_CHECKING:
    from game.scenes.speedrun.common import SpeedrunRun
    from game.core.context import Context

PANEL = pygame.Rect(290, 170, 700, 380)


class PracticeDoneScene(Scene):
    name = "speedrun_practice_done"
    opaque = False

    def __init__(self, ctx: "Context", run: SpeedrunRun, ticks: int | None, earlier: list[int] | None = None) -> None:
        super().__init__(ctx)
        self.run = run
        self.ticks = ticks
        plan, splits = run.practice, run.session.splits
        if plan is None:
            raise ValueError("a practice's end needs the run's practice plan")
        self.plan = plan
        k = plan.segment
        comp = splits.comparison
        pb_here, pb_before = comp.pb_at(k), comp.pb_at(k - 1) if k else 0
        self.pb_segment = pb_here - pb_before if pb_here is not None and pb_before is not None else None
        self.best = comp.best_at(k)
        self.practice_best = min(earlier) if earlier else None   # before this one

    def update(self, commands: dict[int, Command]) -> None:
        cmd = menu_command(commands)
        if cmd.pressed & (Button.A | Button.BACK):
            self.again()
        elif cmd.pressed & Button.B:
            self.ctx.sound("back")
            self.ctx.stack.pop()
            self.ctx.stack.pop()          # the practice run: back to the segment list

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and not restart_key_taken(self.ctx, event.key):
            self.again()

    def again(self) -> None:
        self.ctx.stack.pop()
        self.run.restart()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.dim(surface, ui)
        box(surface, PANEL, GOLD)
        cx = PANEL.centerx
        title = ui.render(_("PRACTICE  ·  {segment}").format(segment=say_split(self.plan.name)), 34, GOLD)
        surface.blit(title, title.get_rect(midtop=(cx, PANEL.y + 20)))
        if self.ticks is None:
            reason = self.run.session.outcome.reason if self.run.session.outcome else ""
            said = _("The run ended before the segment was done: {reason}").format(reason=say_reason(reason)) \
                if reason else _("The run ended before the segment was done")
            line = ui.render(said, 24, STATE_COLOURS["behind_gaining"])
            surface.blit(line, line.get_rect(center=(cx, PANEL.y + 150)))
        else:
            colour = WHITE
            if self.best is not None and self.ticks < self.best:
                colour = STATE_COLOURS["best"]
            elif self.pb_segment is not None:
                colour = STATE_COLOURS["ahead_gaining" if self.ticks <= self.pb_segment else "behind_losing"]
            steady_text(surface, format_ticks(self.ticks), 80, colour, (cx, PANEL.y + 78), align="center", outline=4)
        rows = [(_("PB segment"), self.pb_segment), (_("Best segment"), self.best),
                (_("Best practice before"), self.practice_best)]
        y = PANEL.y + 200
        for name, value in rows:
            surface.blit(ui.render(name, 26, DIM), (PANEL.x + 60, y))
            text = format_ticks(value)
            if value is not None and self.ticks is not None:
                text += f"   ({format_ticks(self.ticks - value, sign=True)})"
            v = ui.render(text, 26, WHITE)
            surface.blit(v, (PANEL.right - 60 - v.get_width(), y))
            y += 44
        note = ui.render(_("Practice never counts as a PB"), 20, DIM)
        surface.blit(note, note.get_rect(midbottom=(cx, PANEL.bottom - 14)))
        widgets.hints(surface, ui, [("A / Select", N_("Again")), ("B", N_("Segments"))])
