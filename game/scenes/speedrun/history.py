"""A board's attempt history and segment practice, reached from the speedrun menu.

Two tabs (Left / Right, or LB / RB):
- Attempts: attempts, finished runs, average and median, PB, sum of best and
  the possible time save; the sum-of-best trend; every kept attempt (the last
  50, every PB, every gold). A watches one, its timer and splits drawn against
  the PB it raced.
- Segments: per segment the PB's time, the best, the possible time save and
  the best practice time. A practises that segment from the PB's state.
Up / Down picks a row; B goes back. Everything works with a gamepad.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.scene import Scene
from game.scenes import registry
from game.text.i18n import N_, _, ngettext
from game.text.notice import said
from game.match.commands import Button, Command
from game.render import widgets
from game.driver.replay import ReplayError
from game.files.untrusted import UntrustedError
from game.scenes.common import menu_command
from game.scenes.speedrun.draw import CURRENT, DIM, GOLD, STATE_COLOURS, WHITE, box, say_split
from game.scenes.speedrun.playback import playback_scene, pressing_device
from game.speedrun.attempts import WRITER, AttemptLog, Stats
from game.speedrun.categories import RunSetup, make_setup
from game.speedrun.lss_export import split_names
from game.speedrun.practice import PracticeError, PracticePlan
from game.speedrun.records import Records, replay_text
from game.speedrun.splits import Comparison
from game.speedrun.timer import format_ticks
from game.speedrun.verify import VerifyError, parse_text
from game.render.palette import AXIS, EDGE

if TYPE_CHECKING:
    from game.core.context import Context

TABS = (N_("Attempts"), N_("Segments & practice"))
STATS_BOX = pygame.Rect(30, 176, 560, 470)
LIST_BOX = pygame.Rect(610, 176, 640, 470)
ROW_H = 44
ROWS = 9
# The sum-of-best trend under the seven numbers of the stats box.
TREND_AREA = pygame.Rect(STATS_BOX.x + 16, STATS_BOX.y + 14 + 7 * 33 + 8, STATS_BOX.w - 32,
                         STATS_BOX.bottom - (STATS_BOX.y + 14 + 7 * 33) - 22)
TREND_PLOT = pygame.Rect(TREND_AREA.x + 84, TREND_AREA.y + 30, TREND_AREA.w - 96, TREND_AREA.h - 40)


class SpeedrunHistoryScene(Scene):
    name = "speedrun_history"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context", setup: RunSetup, records: Records, log: AttemptLog | None = None,
                 tab: int = 0) -> None:
        super().__init__(ctx)
        self.setup = setup
        self.records = records
        if log is None:
            WRITER.flush(2.0)            # the attempt just made is in the file
            log, warning = AttemptLog.load(setup.board)
            if warning:
                ctx.toast(warning, seconds=8)
        self.log = log
        self.tab = tab
        self.index = [0, 0]
        self.first = [0, 0]
        self.repeat = widgets.DirectionRepeat()
        self._refresh()

    def _refresh(self) -> None:
        """Everything drawn, worked out once here (on opening and on coming back), never per frame:
        the history's running summary gives the numbers without reading every attempt."""
        board = self.records.board(self.setup.board)
        pb = board.get("pb") or {}
        self.pb = pb
        names = list(pb.get("names") or [])
        if not names:
            names = split_names(self.practice_setup())
        self.names = names
        self.stats: Stats = self.log.stats(names, pb.get("splits"), board.get("best_segments"))
        self.kept = self.log.kept()
        self.trend_line = trend_line(self.stats.sob_trend, TREND_PLOT)

    def practice_setup(self) -> RunSetup:
        """The setup the PB was run on (a random-seed board's PB has its own seed)."""
        seed = self.pb.get("seed") if self.pb else None
        if self.setup.variant == "random" and seed is not None:
            return make_setup(self.setup.category, "random", seed=seed)
        return self.setup

    # ------------------------------------------------------------------ input
    def rows(self) -> int:
        return len(self.kept) if self.tab == 0 else len(self.names)

    def update(self, commands: dict[int, Command]) -> None:
        cmd = menu_command(commands)
        dx, dy = self.repeat.step(cmd)
        if dx or cmd.pressed & (Button.LB | Button.RB):
            self.tab = 1 - self.tab
            self.ctx.sound("menu_move")
        elif dy and self.rows():
            t = self.tab
            self.index[t] = (self.index[t] + dy) % self.rows()
            self.ctx.sound("menu_move")
        if cmd.pressed & Button.A:
            self.watch() if self.tab == 0 else self.practise()
        elif cmd.pressed & Button.B:
            self.ctx.sound("back")
            self.ctx.stack.pop()

    def resume(self) -> None:
        self.records, _ = Records.load()
        WRITER.flush(2.0)
        self.log, _ = AttemptLog.load(self.setup.board)
        self._refresh()

    def watch(self) -> None:
        """Play a kept attempt back, timed and split against the PB it raced."""
        if not self.kept:
            self.ctx.sound("error")
            return
        entry = self.kept[self.index[0]]
        comp = entry.get("comparison")
        raced = Comparison(list(comp.get("pb", [])), list(comp.get("best", []))) if isinstance(comp, dict) else None
        try:
            scene = playback_scene(self.ctx, parse_text(self.log.replay_text(entry)), self.records, raced)
        except (ReplayError, VerifyError, UntrustedError) as exc:
            self.ctx.toast(_("Attempt #{id} cannot be played: {error}").format(id=entry['id'], error=said(exc)), seconds=6)
            self.ctx.sound("error")
            return
        self.ctx.sound("confirm")
        self.ctx.stack.push(scene)

    def practise(self) -> None:
        """Start the chosen segment from the PB's exact state at the split before it."""
        k = self.index[1]
        if not self.pb.get("replay"):
            self.ctx.toast(_("Practice starts from your PB: finish a clean run on this board first"), seconds=6)
            self.ctx.sound("error")
            return
        setup = self.practice_setup()
        try:
            plan = PracticePlan(setup, replay_text(self.pb["replay"]), k, self.names)
        except (PracticeError, UntrustedError) as exc:
            self.ctx.toast(_("Cannot practise: {error}").format(error=said(exc)), seconds=6)
            self.ctx.sound("error")
            return
        self.ctx.sound("confirm")
        start = registry.RunStart(device=pressing_device(self.ctx), records=self.records, practice=plan)
        self.ctx.stack.push(registry.run_scene(self.ctx, setup, start))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_background(surface, ui)
        w = surface.get_width()
        widgets.logo_text(surface, ui, _("ATTEMPTS & PRACTICE"), 50, ui.colour("accent"), (w // 2, 46), outline=4)
        sub = ui.render(f"{_(self.setup.category.name)}  ·  {_(self.setup.seed_label)}", 24, DIM)
        surface.blit(sub, sub.get_rect(center=(w // 2, 92)))
        self._tabs(surface)
        self._stats(surface)
        if self.tab == 0:
            self._attempts(surface)
        else:
            self._segments(surface)
        action = ("A", N_("Watch")) if self.tab == 0 else ("A", N_("Practise from PB"))
        widgets.hints(surface, ui, [action, ("Left / Right", N_("Tab")), ("Up / Down", N_("Choose")), ("B / Esc", N_("Back"))])

    def _tabs(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        x = LIST_BOX.x
        for i, name in enumerate(TABS):
            label = ui.render(_(name), 24, WHITE if i == self.tab else DIM)
            rect = pygame.Rect(x, 122, label.get_width() + 36, 44)
            box(surface, rect, GOLD if i == self.tab else EDGE)
            surface.blit(label, label.get_rect(center=rect.center))
            x = rect.right + 14

    def _stats(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        st = self.stats
        box(surface, STATS_BOX)
        sob = st.sob_trend[-1][1] if st.sob_trend else None
        best = [s.best for s in st.segments]
        if best and all(b is not None for b in best):
            sob = sum(best)   # type: ignore[arg-type]
        rows = [(N_("Attempts"), str(max(st.attempts, self.records.attempts(self.setup.board)))),
                (N_("Finished runs"), str(st.finished)),
                (N_("Average"), format_ticks(st.average)),
                (N_("Median"), format_ticks(st.median)),
                (N_("Personal best"), format_ticks(self.pb.get("ticks")) if self.pb else "-"),
                (N_("Sum of best"), format_ticks(sob)),
                (N_("Possible time save"), format_ticks(st.possible_save))]
        x, y = STATS_BOX.x + 20, STATS_BOX.y + 14
        for name, value in rows:
            surface.blit(ui.render(_(name), 24, DIM), (x, y))
            v = ui.render(value, 24, GOLD if name == N_("Sum of best") else WHITE)
            surface.blit(v, (STATS_BOX.right - 20 - v.get_width(), y))
            y += 33
        self._trend(surface, TREND_AREA)

    def _trend(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Sum of best over the attempts: a falling line is a runner finding time."""
        ui = self.ctx.ui
        surface.blit(ui.render(_("Sum of best over the attempts"), 18, DIM), (area.x + 4, area.y))
        trend, points = self.stats.sob_trend, self.trend_line
        if len(trend) < 2:
            msg = ui.render(_("A trend needs two attempts with every segment"), 18, DIM)
            surface.blit(msg, msg.get_rect(center=TREND_PLOT.center))
            return
        values = [v for _, v in trend]
        pygame.draw.line(surface, AXIS, TREND_PLOT.bottomleft, TREND_PLOT.bottomright, 2)
        for text, y in ((format_ticks(max(values)), TREND_PLOT.y - 8), (format_ticks(min(values)), TREND_PLOT.bottom - 16)):
            surface.blit(ui.render(text, 16, DIM), (area.x, y))
        pygame.draw.lines(surface, GOLD, False, points, 3)
        pygame.draw.circle(surface, GOLD, points[-1], 6)

    def _window(self, total: int) -> range:
        t = self.tab
        i = self.index[t] = min(self.index[t], max(0, total - 1))
        if i < self.first[t]:
            self.first[t] = i
        elif i >= self.first[t] + ROWS:
            self.first[t] = i - ROWS + 1
        self.first[t] = max(0, min(self.first[t], max(0, total - ROWS)))
        return range(self.first[t], min(total, self.first[t] + ROWS))

    def _row_rect(self, r: int) -> pygame.Rect:
        return pygame.Rect(LIST_BOX.x + 10, LIST_BOX.y + 50 + r * ROW_H, LIST_BOX.w - 20, ROW_H - 4)

    def _header(self, surface: pygame.Surface, columns: list[tuple[str, int]]) -> None:
        ui = self.ctx.ui
        for text, x in columns:
            surface.blit(ui.render(_(text), 18, DIM), (LIST_BOX.x + x, LIST_BOX.y + 16))

    def _attempts(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        box(surface, LIST_BOX)
        self._header(surface, [(N_("Attempt"), 20), (N_("Result"), 150), (N_("Why kept"), 440)])
        if not self.kept:
            msg = ui.render(_("No attempts yet: every run you start is kept here"), 22, DIM)
            surface.blit(msg, msg.get_rect(center=LIST_BOX.center))
            return
        for r, i in enumerate(self._window(len(self.kept))):
            a = self.kept[i]
            rect = self._row_rect(r)
            if i == self.index[0]:
                pygame.draw.rect(surface, CURRENT, rect, border_radius=8)
                pygame.draw.rect(surface, GOLD, rect, 2, border_radius=8)
            y = rect.centery
            _blit_mid(surface, ui.render(f"#{a['id']}", 24, WHITE), rect.x + 10, y)
            result, colour = _result(a)
            room = 430 - 140 - 12        # the result clear of the Why kept column (a large UI scale)
            _blit_mid(surface, ui.render(result, ui.fitting_size(result, 24, room), colour, max_width=room), rect.x + 140, y)
            tags = []
            if a.get("pb"):
                tags.append((_("PB"), STATE_COLOURS["best"]))
            if a.get("golds"):
                tags.append((ngettext("{n} gold", "{n} golds", len(a['golds'])), STATE_COLOURS["best"]))
            if not tags:
                tags.append((_("recent"), DIM))
            x = rect.x + 430
            for text, colour in tags:
                s = ui.render(text, 20, colour)
                _blit_mid(surface, s, x, y)
                x += s.get_width() + 14

    def _segments(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        box(surface, LIST_BOX)
        cols = [(N_("Segment"), 20), (N_("PB"), 250), (N_("Best"), 350), (N_("Save"), 450), (N_("Practice"), 540)]
        self._header(surface, cols)
        for r, i in enumerate(self._window(len(self.names))):
            seg = self.stats.segments[i]
            rect = self._row_rect(r)
            if i == self.index[1]:
                pygame.draw.rect(surface, CURRENT, rect, border_radius=8)
                pygame.draw.rect(surface, GOLD, rect, 2, border_radius=8)
            y = rect.centery
            name = ui.render(say_split(seg.name), 24, WHITE)
            if name.get_width() > 220:
                name = pygame.transform.smoothscale(name, (220, name.get_height()))
            _blit_mid(surface, name, rect.x + 10, y)
            practice = self.log.practice_times(i)
            values = [(format_ticks(seg.pb), WHITE, 240), (format_ticks(seg.best), STATE_COLOURS["best"], 340),
                      (format_ticks(seg.possible_save), STATE_COLOURS["ahead_losing"], 440),
                      (format_ticks(min(practice)) if practice else "-", WHITE, 530)]
            for text, colour, x in values:
                _blit_mid(surface, ui.render(text, 22, colour), rect.x + x, y)


def trend_line(trend: list[tuple[int, int]], plot: pygame.Rect) -> list[tuple[int, int]]:
    """The sum-of-best trend as a step line in `plot`: flat until an attempt found time, then down. At
    most a few points a pixel column, however many attempts (a long history draws as fast as a short)."""
    if len(trend) < 2:
        return []
    values = [v for _, v in trend]
    low, span = min(values), max(1, max(values) - min(values))
    first, last = trend[0][0], max(trend[-1][0], trend[0][0] + 1)
    points: list[tuple[int, int]] = []
    for attempt_id, value in trend:
        x = plot.x + round((attempt_id - first) * plot.w / (last - first))
        y = plot.bottom - round((value - low) * plot.h / span)
        if points and points[-1][0] == x:
            points[-1] = (x, y)          # one pixel column: the latest value stands
            continue
        if points:
            points.append((x, points[-1][1]))   # the step: flat to here, then down
        points.append((x, y))
    return points if len(points) >= 2 else [points[0], points[0]]


def _blit_mid(surface: pygame.Surface, text: pygame.Surface, x: int, y: int) -> None:
    surface.blit(text, (x, y - text.get_height() // 2))


def _result(a: dict[str, Any]) -> tuple[str, tuple[int, int, int]]:
    names = a.get("names") or []
    splits = a.get("splits") or []
    if a.get("outcome") == "finished" and a.get("ticks") is not None:
        time = format_ticks(a["ticks"])
        if a.get("flags"):
            # TRANSLATORS: a finished run's time, run with settings that never count as a PB
            return _("{time} (flagged)").format(time=time), STATE_COLOURS["behind_gaining"]
        return time, WHITE
    where = say_split(names[len(splits)]) if len(splits) < len(names) else _("split {n}").format(n=len(splits) + 1)
    if a.get("outcome") == "reset":
        said = _("reset at {where}").format(where=where) if splits else _("reset before the first split")
    else:
        said = _("no time at {where}").format(where=where) if splits else _("no time before the first split")
    return said, DIM
