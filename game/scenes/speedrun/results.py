"""The end of a speedrun attempt: the time, every split with its delta, a pace graph, the top 10.

A: run again (instant restart) · X: export the board's splits as LiveSplit .lss ·
Y: copy the run code (and save it as a text file) · B: back to the speedrun menu.
Buttons are read through a Moment (game/scenes/moment.py), as on every results screen: a
button still down from the run (the last split's A) is not heard, and for its first half
second the screen hears nothing, so the time is seen before a restart. Run again is a hold
of A (or Select), as every results screen's way on: a leftover tap from the run's last split
never throws the results away; R on the keyboard restarts at once, a runner's deliberate key.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.clipboard import copy_to_clipboard
from game.core.scene import Scene
from game.text import i18n
from game.text.i18n import N_, _
from game.match.commands import Button, Command
from game.render import widgets
from game.render.text import words as text_words
from game.render.palette import AXIS, GRAPH_AHEAD, GRAPH_BEHIND, SHADOW
from game.scenes.common import menu_command
from game.scenes.moment import Moment
from game.scenes.reasons import say_reason
from game.scenes.speedrun.controls import restart_key_taken
from game.scenes.speedrun.draw import DIM, GOLD, STATE_COLOURS, WHITE, box, say_split, steady_text
from game.speedrun.attempts import WRITER, AttemptLog
from game.speedrun.lss_export import write_board_lss
from game.speedrun.categories import RunSetup
from game.speedrun.records import Records, flag_text
from game.speedrun.timer import format_ms, format_ticks
from game.files.register import RUN_CODES

if TYPE_CHECKING:
    from game.core.context import Context
    from game.scenes.speedrun.common import SpeedrunRun

SPLITS_BOX = pygame.Rect(30, 226, 600, 420)
GRAPH_BOX = pygame.Rect(650, 226, 600, 200)
BOARD_BOX = pygame.Rect(650, 436, 600, 210)
SMALLEST = 16       # px: the smallest text readable from the sofa
SEEN_TICKS = 30     # the results hear nothing for half a second: the time is seen first


def export_lss(ctx: "Context", records: Records, setup: RunSetup) -> str:
    """Write the board's .lss (PB, golds, attempt and segment history); returns the path as text. A
    damaged history (or archive of it) is said in a toast: the export leaves its attempts out."""
    WRITER.flush(2.0)                  # the attempt just finished is in the history
    log, warning = AttemptLog.load(setup.board)
    path = str(write_board_lss(setup, records, log))
    for problem in [warning, *log.problems]:
        if problem:
            ctx.toast(problem, seconds=8)
    return path


def save_code(board: str, code: str) -> str:
    """Write the board's run code to runcodes/<board>.txt (OSError if the folder cannot take it)."""
    return str(RUN_CODES.write_text(code + "\n", f"{board}.txt"))


class SpeedrunResultsScene(Scene):
    name = "speedrun_results"

    def __init__(self, ctx: "Context", run: "SpeedrunRun") -> None:
        super().__init__(ctx)
        self.run = run
        self.session = run.session
        self.setup = run.setup
        self.verdict = run.verdict
        self.outcome = self.session.final()
        self.message = ""
        self.moment = Moment(SEEN_TICKS)
        self.holding = 0          # ticks A (or Select) has been held since a fresh press: run again at HOLD_TICKS

    # ------------------------------------------------------------------ input
    def update(self, commands: dict[int, Command]) -> None:
        cmd = self.moment.hear(menu_command(commands))
        if not self.moment.ready:
            return
        if self._held_to_restart(cmd):
            self.ctx.stack.pop()
            self.run.restart()
        elif cmd.pressed & Button.X:
            try:
                path = export_lss(self.ctx, self.run.records, self.setup)
                self.message = _("Splits saved: {path}").format(path=path)
                self.ctx.sound("confirm")
            except OSError as exc:
                self.message = _("Could not save the splits: {error}").format(error=exc.strerror or exc)
                self.ctx.sound("error")
            self.ctx.toast(self.message, seconds=6)
        elif cmd.pressed & Button.Y:
            code = self.run.run_code()
            copied = copy_to_clipboard(code)
            try:
                path = save_code(self.setup.board, code)
                self.message = (_("Run code copied and saved: {path}") if copied else _("Run code saved: {path}")).format(path=path)
            except OSError as exc:
                self.message = _("Could not save the run code: {error}").format(error=exc.strerror or exc)
            self.ctx.sound("confirm")
            self.ctx.toast(self.message, seconds=6)
        elif cmd.pressed & Button.B:
            self.ctx.sound("back")
            stack = self.ctx.stack
            if any(s.name == "speedrun_menu" for s in stack.scenes):
                stack.pop_until(lambda s: s.name == "speedrun_menu")
            else:
                stack.pop()
                stack.pop()

    def _held_to_restart(self, cmd: Command) -> bool:
        """A fresh press of A or Select starts the fill, holding it fills, letting go empties it."""
        again = Button.A | Button.BACK
        if cmd.pressed & again:
            self.holding = 1
        elif cmd.held & again and self.holding:
            self.holding += 1
        else:
            self.holding = 0
        return self.holding >= widgets.HOLD_TICKS

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and not restart_key_taken(self.ctx, event.key):
            self.ctx.stack.pop()
            self.run.restart()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_background(surface, ui)
        w = surface.get_width()
        out = self.outcome
        verdict = self.verdict
        if self.run.playback is not None:
            title, colour = (_("VERIFIED RUN") if out.complete else _("REPLAY: NOT COMPLETE")), GOLD
        elif not out.complete:
            title, colour = _("NO TIME"), DIM
        elif verdict is not None and verdict.is_pb:
            title, colour = _("NEW PERSONAL BEST!"), STATE_COLOURS["best"]
        elif out.flags:
            title, colour = _("FINISHED (FLAGGED)"), STATE_COLOURS["behind_gaining"]
        else:
            title, colour = _("FINISHED"), WHITE
        # as large as its band holds at a large UI scale (the line under it stays clear)
        widgets.logo_text(surface, ui, title, ui.fitting_size(title, 54, w - 80, 66, narrows=False), colour,
                          (w // 2, 50), outline=4)
        sub = f"{_(self.setup.category.name)}  ·  {_(self.setup.seed_label)}"
        line = ui.render(sub, 24, DIM)
        surface.blit(line, line.get_rect(center=(w // 2, 96)))
        self._time_row(surface)
        self._splits(surface)
        self._graph(surface)
        self._board(surface)
        hints = [("A / Select", N_("Hold: run again")), ("X", N_("Export .lss")), ("Y", N_("Run code")),
                 ("B", N_("Menu"))]
        widgets.hints(surface, ui, hints)
        if self.holding:     # the hold filling, over the width of the hints bar
            bar = pygame.Rect(w // 4, surface.get_height() - 20, w // 2, 8)
            pygame.draw.rect(surface, DIM, bar, 1, border_radius=4)
            pygame.draw.rect(surface, GOLD, (bar.x, bar.y, bar.w * min(1.0, self.holding / widgets.HOLD_TICKS), bar.h),
                             border_radius=4)

    def _time_row(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        out = self.outcome
        w = surface.get_width()
        if out.complete and out.ticks is not None:
            steady_text(surface, format_ticks(out.ticks), 72, WHITE, (w // 2 - 20, 118), align="right", outline=4)
            x = w // 2 + 10
            rta = self.run.real_ms()
            a = ui.render(_("real time {time}").format(time=format_ms(rta)) if rta is not None else "", 22, DIM)
            surface.blit(a, (x, 128))
            verdict = self.verdict
            if verdict is not None and verdict.previous_pb is not None:
                d = out.ticks - verdict.previous_pb
                state = "ahead_gaining" if d < 0 else "behind_losing"
                b = ui.render(_("{delta} vs previous PB").format(delta=format_ticks(d, sign=True)), 24, STATE_COLOURS[state])
                surface.blit(b, (x, 156))
            elif verdict is not None and verdict.is_pb:
                b = ui.render(_("first time on this board"), 24, GOLD)
                surface.blit(b, (x, 156))
            extra = [_("#{rank} on the local board").format(rank=verdict.rank)] if verdict is not None and verdict.rank else []
            extra.append(say_reason(self.session.course.summary()))
            c = ui.render("  ·  ".join(e for e in extra if e), 22, DIM)
            surface.blit(c, (x, 186))
        else:
            reason = say_reason(out.reason) if out.reason else _("the run was not finished")
            t = ui.render(_("Did not finish: {reason}").format(reason=reason), 32, STATE_COLOURS["behind_gaining"])
            surface.blit(t, t.get_rect(center=(w // 2, 150)))
        if out.flags:
            text = _("Not a PB run: {flags} ({reason})").format(flags=flag_text(out.flags), reason=say_reason(out.reason)) \
                if out.reason else _("Not a PB run: {flags}").format(flags=flag_text(out.flags))
            f = ui.render(text, 22, STATE_COLOURS["behind_losing"])
            surface.blit(f, f.get_rect(center=(w // 2 - 200 if out.complete else w // 2, 200)))

    def _item(self, surface: pygame.Surface, text: str, at: tuple[int, int], room: int, size: int,
              two_lines: bool) -> None:
        """A split's item in its column: on two lines at the smallest size a sofa reads when it is
        too long for one (German and French names run longer), squeezed only as a last resort."""
        ui = self.ctx.ui
        lines = [text]
        words = text_words(text)
        if two_lines and len(words) > 1 and ui.text.width(text, size) > room:
            size = SMALLEST
            cut = min(range(1, len(words)), key=lambda k: max(ui.text.width(" ".join(words[:k]), size),
                                                               ui.text.width(" ".join(words[k:]), size)))
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        for k, line in enumerate(lines):
            image = ui.render(line, size, DIM)
            if image.get_width() > room:
                image = pygame.transform.smoothscale(image, (room, image.get_height()))
            surface.blit(image, (at[0], at[1] + k * (SMALLEST + 3) - (len(lines) - 1) * 6))

    def _splits(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        splits = self.session.splits
        box(surface, SPLITS_BOX)
        x0, y = SPLITS_BOX.x + 16, SPLITS_BOX.y + 12
        rows = max(1, len(splits.names))
        row_h = min(50, (SPLITS_BOX.bottom - 44 - y - 30) // rows)
        big = 26 if row_h >= 40 else 22      # fewer splits: bigger rows, readable from the sofa
        # Segment, Delta and Time side by side in the right 250 px (Time and Delta right-aligned),
        # each as wide as the widest it shows: at a large UI scale, as large as they still fit.
        shown = [(format_ticks(splits.segment(i)), format_ticks(d, sign=True) if (d := splits.delta(i)) is not None
                  else "", format_ticks(splits.times[i])) for i in range(len(splits.times))] or [("0:00.00",) * 3]

        def widest(size: int) -> list[int]:
            return [max(ui.text.width(row[k], size) for row in shown) for k in range(3)]
        while big > 8 and sum(widest(big)) + 40 > 250:
            big -= 1
        seg_w, delta_w, time_w = widest(big)
        delta_right = SPLITS_BOX.right - 16 - time_w - 12
        cols = (x0, x0 + 170, SPLITS_BOX.right - 250)
        head = min(ui.fitting_size(_("Segment"), 18, delta_right - delta_w - 8 - cols[2]),
                   ui.fitting_size(_("Delta"), 18, delta_w + 4))
        for text, x in zip((_("Split"), _("Item"), _("Segment")), cols):
            surface.blit(ui.render(text, head, DIM), (x, y))
        delta_head = ui.render(_("Delta"), head, DIM)
        surface.blit(delta_head, (delta_right - delta_head.get_width(), y))
        time_head = ui.render(_("Time"), head, DIM)
        surface.blit(time_head, (SPLITS_BOX.right - 16 - time_head.get_width(), y))
        y += 30
        items = self.session.split_items
        for i, name in enumerate(splits.names):
            done = i < len(splits.times)
            surface.blit(ui.render(say_split(name), big, WHITE if done else DIM), (cols[0], y))
            item = items[i] if i < len(items) else ""
            if item:
                self._item(surface, _(item), (cols[1], y + 4), cols[2] - cols[1] - 12, big - 6, row_h >= 40)
            if done:
                seg = ui.render(format_ticks(splits.segment(i)), big,
                                STATE_COLOURS["best"] if splits.is_best_segment(i) else WHITE)
                surface.blit(seg, (cols[2], y))
                d = splits.delta(i)
                if d is not None:
                    delta = ui.render(format_ticks(d, sign=True), big, STATE_COLOURS[splits.state(i)])
                    surface.blit(delta, (delta_right - delta.get_width(), y))
                t = ui.render(format_ticks(splits.times[i]), big, WHITE)
                surface.blit(t, (SPLITS_BOX.right - 16 - t.get_width(), y))
            y += row_h
        sob = splits.comparison.sum_of_best(len(splits.names))
        if self.verdict is not None:
            board = self.run.records.board(self.setup.board)
            best = board.get("best_segments", [])
            if len(best) >= len(splits.names) and all(b is not None for b in best[:len(splits.names)]):
                sob = sum(best[:len(splits.names)])
        if sob is not None:
            s = ui.render(_("Sum of best {time}").format(time=format_ticks(sob)), 20, GOLD)
            surface.blit(s, (SPLITS_BOX.right - 16 - s.get_width(), SPLITS_BOX.bottom - 32))

    def _graph(self, surface: pygame.Surface) -> None:
        """Pace graph: the delta to the PB after each split (above the line = behind)."""
        ui = self.ctx.ui
        splits = self.session.splits
        box(surface, GRAPH_BOX)
        title = ui.render(_("Pace vs personal best"), 18, DIM)
        surface.blit(title, (GRAPH_BOX.x + 16, GRAPH_BOX.y + 10))
        area = pygame.Rect(GRAPH_BOX.x + 70, GRAPH_BOX.y + 38, GRAPH_BOX.w - 100, GRAPH_BOX.h - 56)
        points = [(i, d) for i in range(len(splits.times)) if (d := splits.delta(i)) is not None]
        if not points:
            msg = ui.render(_("First run on this board: no pace to compare yet"), 20, DIM)
            surface.blit(msg, msg.get_rect(center=area.center))
            return
        span = max(30, max(abs(d) for _, d in points))
        n = max(1, len(splits.names))

        def at(i: int, d: int) -> tuple[int, int]:
            x = area.x + round((i + 1) * area.w / n)
            y = area.centery + round(d / span * (area.h // 2))
            return x, y

        pygame.draw.line(surface, AXIS, (area.x, area.centery), (area.right, area.centery), 2)
        # Higher is better: ahead of the PB plots above the line.
        for label, y in ((_("ahead"), area.y), (_("behind"), area.bottom - 16)):
            surface.blit(ui.render(label, 16, DIM), (GRAPH_BOX.x + 12, y))
        scale = ui.render(format_ticks(span), 16, DIM)
        surface.blit(scale, (GRAPH_BOX.x + 12, area.y + 18))
        line = [(area.x, area.centery)] + [at(i, d) for i, d in points]
        # Fill: green where ahead, red where behind.
        for (x1, y1), (x2, y2) in zip(line, line[1:]):
            poly = [(x1, area.centery), (x1, y1), (x2, y2), (x2, area.centery)]
            fill = GRAPH_AHEAD if (y1 + y2) / 2 <= area.centery else GRAPH_BEHIND
            pygame.draw.polygon(surface, fill, poly)
        pygame.draw.lines(surface, WHITE, False, line, 3)
        for i, d in points:
            pygame.draw.circle(surface, SHADOW, at(i, d), 7)
            pygame.draw.circle(surface, STATE_COLOURS[splits.state(i)], at(i, d), 5)

    def _board(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        box(surface, BOARD_BOX)
        board = self.run.records.leaderboard(self.setup.board)
        surface.blit(ui.render(_("Local top 10"), 18, DIM), (BOARD_BOX.x + 16, BOARD_BOX.y + 10))
        if not board:
            msg = ui.render(_("No clean finished runs yet"), 20, DIM)
            surface.blit(msg, msg.get_rect(center=BOARD_BOX.center))
            return
        mine = self.verdict.run if self.verdict is not None else None
        half = (len(board) + 1) // 2 if len(board) > 5 else len(board)
        for i, run in enumerate(board):
            col, row = divmod(i, half) if len(board) > 5 else (0, i)
            x = BOARD_BOX.x + 16 + col * 292
            y = BOARD_BOX.y + 38 + row * 33
            colour = GOLD if run is mine or (mine and run.get("date") == mine.get("date")
                                              and run.get("ticks") == mine.get("ticks")) else WHITE
            surface.blit(ui.render(f"{i + 1}.", 24, DIM), (x, y))
            surface.blit(ui.render(format_ticks(run["ticks"]), 24, colour), (x + 38, y))
            date = i18n.day(str(run.get("date", "")))
            surface.blit(ui.render(_("{date}  seed {seed}").format(date=date, seed=run.get("seed")), 16, DIM),
                         (x + 142, y + 6))
