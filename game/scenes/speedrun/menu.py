"""The speedrun menu: pick a category and a seed, see the board, start; export splits; play a run code.

Left/right changes a row's value; A on START RUN begins (the device that
pressed A plays the run). The panel on the right shows the chosen board: PB,
sum of best, attempts and the local top 10 with dates and seeds.
"""
from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING

import pygame
from babel.dates import format_date

from game.text import i18n
from game.core.clipboard import clipboard_text
from game.core.scene import Scene
from game.text.i18n import N_, _, ngettext
from game.text.notice import Notice, said
from game.match.commands import Button, Command
from game.render import widgets
from game.driver.replay import Replay, ReplayError
from game.scenes import registry
from game.scenes.common import menu_command
import game.scenes.speedrun.link as speedrun_link
from game.scenes.speedrun.draw import DIM, GOLD, STATE_COLOURS, WHITE, box
from game.scenes.speedrun.history import SpeedrunHistoryScene
from game.scenes.speedrun.playback import playback_scene, pressing_device
from game.scenes.speedrun.results import export_lss
from game.scenes.speedrun.run_browser import KeyboardScene, SavedRunsScene
from game.speedrun.categories import (NORMAL_SPEED, SEED_LETTERS, Category, CategoryError, RunSetup,
                                      load_categories, make_setup)
from game.speedrun.records import Records
from game.speedrun.timer import format_ticks
from game.speedrun.verify import VerifyError, is_speedrun, parse_text

if TYPE_CHECKING:
    from game.core.context import Context

SPEEDS = (100, 75, 50)
INFO_BOX = pygame.Rect(676, 150, 574, 500)


class SpeedrunMenuScene(Scene):
    name = "speedrun_menu"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context") -> None:
        super().__init__(ctx)
        self.categories = list(load_categories().values())
        self.cat_index = 0
        self.seed_choice = 0          # 0..k-1: set seeds A.., then random, then daily
        self.assist = False
        self.speed = NORMAL_SPEED
        self.ghost = True
        self.records, warning = Records.load()
        if warning:
            ctx.toast(warning, seconds=8)
        self.menu = widgets.MenuList([
            widgets.MenuItem(N_("Category"), value=lambda: self.category.name, adjust=self._cat),
            widgets.MenuItem(N_("Seed"), value=self._seed_text, adjust=self._seed),
            widgets.MenuItem(N_("Assist"), value=lambda: N_("On (flagged)") if self.assist else N_("Off"),
                             adjust=lambda d: self._toggle("assist")),
            widgets.MenuItem(N_("Game speed"), value=self._speed_text,
                             adjust=self._speed),
            widgets.MenuItem(N_("Ghost"), value=lambda: N_("PB ghost") if self.ghost else N_("Off"),
                             adjust=lambda d: self._toggle("ghost")),
            widgets.MenuItem(N_("START RUN"), self.start, primary=True),
            widgets.MenuItem(N_("Attempts & practice"), self.history),
            widgets.MenuItem(N_("Export splits (.lss)"), self.export),
            widgets.MenuItem(N_("Play a run code"), self.enter_code),
            widgets.MenuItem(N_("Back"), self.back),
        ], play=ctx.sound, on_back=self.back, row_height=56, width=600, visible_rows=9)
        self.menu.index = 5
        speedrun_link.link(ctx)     # LiveSplit (when switched on) connects while the runner picks a run

    # ------------------------------------------------------------------ choices
    @property
    def category(self) -> Category:
        return self.categories[self.cat_index]

    def _seed_options(self) -> list[tuple[str, int]]:
        sets = [("set", i) for i in range(len(self.category.set_seeds))]
        return sets + [("random", 0), ("daily", 0)]

    def _speed_text(self) -> str:
        speed = i18n.percent(self.speed / 100)
        # TRANSLATORS: the game speed of a speedrun other than 100%: such a run never counts as a PB
        return speed if self.speed == NORMAL_SPEED else _("{speed} (flagged)").format(speed=speed)

    def _seed_text(self) -> str:
        variant, i = self._seed_options()[self.seed_choice]
        if variant == "set":
            return _("Set {letter} ({seed})").format(letter=SEED_LETTERS[i], seed=self.category.set_seeds[i])
        if variant == "daily":
            return _("Daily {date}").format(date=format_date(_dt.date.today(), locale=i18n.language()))
        return N_("Random")

    def _cat(self, step: int) -> None:
        self.cat_index = (self.cat_index + step) % len(self.categories)
        self.seed_choice = min(self.seed_choice, len(self._seed_options()) - 1)

    def _seed(self, step: int) -> None:
        self.seed_choice = (self.seed_choice + step) % len(self._seed_options())

    def _speed(self, step: int) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) - step) % len(SPEEDS)]

    def _toggle(self, name: str) -> None:
        setattr(self, name, not getattr(self, name))

    def setup(self) -> RunSetup:
        variant, i = self._seed_options()[self.seed_choice]
        return make_setup(self.category, variant, seed_index=i, assist=self.assist, speed=self.speed)

    # ------------------------------------------------------------------ actions
    def start(self) -> None:
        setup = self.setup()
        device = pressing_device(self.ctx)
        self.ctx.stack.push(registry.run_scene(self.ctx, setup, registry.RunStart(device=device, records=self.records,
                                                                                  ghost=self.ghost)))

    def export(self) -> None:
        setup = self.setup()
        try:
            self.ctx.toast(_("Splits saved: {path}").format(path=export_lss(self.ctx, self.records, setup)), seconds=6)
        except OSError as exc:
            self.ctx.toast(_("Could not save the splits: {error}").format(error=exc.strerror or exc))

    def history(self) -> None:
        self.ctx.stack.push(SpeedrunHistoryScene(self.ctx, self.setup(), self.records))

    def enter_code(self) -> None:
        self.ctx.stack.push(RunCodeScene(self.ctx, self.records))

    def back(self) -> None:
        self.ctx.stack.pop()

    def exit(self) -> None:
        """Left for good: its rows call back into it (a cycle, game/core/collector.py); an empty menu
        lets it go by reference counting."""
        self.menu = widgets.MenuList([])

    def resume(self) -> None:
        self.records, _ = Records.load()   # a run may have changed them

    def update(self, commands: dict[int, Command]) -> None:
        speedrun_link.pump(self.ctx)
        self.menu.update(menu_command(commands))

    # ------------------------------------------------------------------ drawing
    def toast_zone(self) -> pygame.Rect:
        """Left of the heading: the menu and the category's box reach down to the hint bar, and the
        shell's default zone lay over their last rows."""
        return widgets.beside_heading(self.ctx.ui, _("SPEEDRUN"), self.ctx.ui.size("heading"))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_page(surface, ui, _("SPEEDRUN"), 70)
        self.menu.draw(surface, ui, (40, 150))
        self._info(surface)
        widgets.hints(surface, ui, [("Left / Right", N_("Change")), ("A", N_("Select")), ("B / Esc", N_("Back"))])

    def _info(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        box(surface, INFO_BOX)
        cat = self.category
        try:
            setup = self.setup()
        except CategoryError:
            return
        x, y = INFO_BOX.x + 20, INFO_BOX.y + 14
        surface.blit(ui.render(_(cat.name), 34, GOLD), (x, y))
        y += 42
        for line in widgets.wrap_text(ui, _(cat.blurb), 24, INFO_BOX.w - 40):
            surface.blit(ui.render(line, 24, WHITE), (x, y))
            y += 30
        surface.blit(ui.render(_("Splits: {rule}").format(rule=_(cat.split_rule)), 20, DIM), (x, y + 2))
        y += 36
        board = self.records.board(setup.board)
        pb = board.get("pb")
        best = board.get("best_segments", [])
        sob = sum(best) if best and all(b is not None for b in best) and pb and len(best) >= len(pb["splits"]) else None
        rows = [(_("Personal best"), format_ticks(pb["ticks"]) if pb else "-"),
                (_("Sum of best"), format_ticks(sob) if sob is not None else "-"),
                (_("Attempts"), str(board.get("attempts", 0)))]
        for name, value in rows:
            surface.blit(ui.render(name, 26, DIM), (x, y))
            v = ui.render(value, 26, WHITE)
            surface.blit(v, (INFO_BOX.right - 20 - v.get_width(), y))
            y += 34
        flags = setup.flags()
        if flags:
            warn = ui.render(_("Flagged settings: these runs never count as PBs"), 20, STATE_COLOURS["behind_losing"])
            surface.blit(warn, (x, y))
            y += 28
        y += 6
        surface.blit(ui.render(_("Local top 10"), 20, DIM), (x, y))
        y += 28
        top = board.get("leaderboard", [])
        if not top:
            surface.blit(ui.render(_("No finished clean runs yet"), 22, DIM), (x, y))
        for i, run in enumerate(top[:10]):
            col, row = divmod(i, 5)
            rx, ry = x + col * 270, y + row * 30
            surface.blit(ui.render(f"{i + 1}.", 24, DIM), (rx, ry))
            surface.blit(ui.render(format_ticks(run["ticks"]), 24, GOLD if i == 0 else WHITE), (rx + 36, ry))
            surface.blit(ui.render(i18n.day(str(run.get("date", "")), year=False), 18, DIM), (rx + 140, ry + 4))


class RunCodeScene(Scene):
    """Paste (Ctrl+V) or type a run code; Enter plays it back with its verified time."""

    name = "speedrun_code"

    def __init__(self, ctx: "Context", records: Records) -> None:
        super().__init__(ctx)
        self.records = records
        self.text = ""
        self.error = ""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            self.text += event.text
            self.error = ""
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.text += clipboard_text()
                self.error = ""
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play()
            elif event.key == pygame.K_DELETE:
                self.text = ""

    def play(self) -> None:
        if not self.text.strip():
            self.error = _("Paste a run code first (Ctrl+V)")
            return
        try:
            replay = parse_text(self.text)
            if not is_speedrun(replay.header):
                raise VerifyError(Notice(N_("this code holds a match replay, not a speedrun")))
            scene = playback_scene(self.ctx, replay, self.records)
        except (ReplayError, VerifyError) as exc:
            self.error = said(exc)
            self.ctx.sound("error")
            return
        self.ctx.stack.replace(scene)

    def update(self, commands: dict[int, Command]) -> None:
        # Back is Escape or a pad's B: the keyboard's B keys (Shift) are needed for typing.
        inp = self.ctx.input
        pad = Button.NONE
        for device in inp.devices():
            if device[0] == "pad":
                pad |= inp.device_command(device).pressed
        if inp.escape_pressed() or pad & Button.B:
            self.ctx.sound("back")
            self.ctx.stack.pop()
        elif pad & Button.X:   # controller only: the saved run codes and replays, or typing on screen
            self.ctx.stack.push(SavedRunsScene(self.ctx, self.records))
        elif pad & Button.Y:
            self.ctx.stack.push(KeyboardScene(self.ctx, self.text.strip(), self._typed))
        elif pad & Button.A:
            self.play()

    def _typed(self, text: str, play: bool) -> None:
        self.text, self.error = text, ""
        if play:
            self.play()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_page(surface, ui, _("PLAY A RUN CODE"), 90)
        w = surface.get_width()
        intro = [_("Paste a run code with Ctrl+V (or type it), then press Enter."),
                 _("With a pad: X opens the run codes and replays saved here, Y types one on screen."),
                 _("The run plays back and its time is verified by the game itself.")]
        for i, line in enumerate(intro):
            s = ui.render(line, 24, DIM)
            surface.blit(s, s.get_rect(center=(w // 2, 170 + i * 32)))
        field = pygame.Rect(90, 260, w - 180, 200)
        box(surface, field, GOLD)
        shown = self.text.strip()
        if shown:
            lines = [shown[i:i + 64] for i in range(0, min(len(shown), 64 * 5), 64)]
            if len(shown) > 64 * 5:
                lines[-1] = lines[-1][:58] + " ..."
            for i, line in enumerate(lines):
                surface.blit(ui.render(line, 22, WHITE), (field.x + 20, field.y + 18 + i * 34))
            count = ui.render(ngettext("{n} character", "{n} characters", len(shown)), 18, DIM)
            surface.blit(count, (field.right - 20 - count.get_width(), field.bottom - 30))
        else:
            s = ui.render("SOCO1-...", 26, DIM)
            surface.blit(s, (field.x + 20, field.y + 18))
        if self.error:
            widgets.centred_lines(surface, ui, self.error, 24, STATE_COLOURS["behind_losing"], w // 2,
                                  field.bottom + 24, w - 180)
        widgets.hints(surface, ui, [("Ctrl+V", N_("Paste")), ("Enter / A", N_("Play")), ("X", N_("Saved runs")),
                                    ("Y", N_("Keyboard")), ("Esc / B", N_("Back"))])


def _replay_viewer(ctx: "Context", replay: Replay) -> Scene:
    """`main.py --replay FILE` with a speedrun: play it back with its timer and splits."""
    try:
        return playback_scene(ctx, replay, Records.load()[0])
    except VerifyError as exc:
        ctx.toast(_("Not a valid speedrun: {error}").format(error=said(exc)), seconds=8)
        return SpeedrunMenuScene(ctx)


registry.register_replay_viewer("speedrun", _replay_viewer)
registry.SPEEDRUN_MENU.bind(SpeedrunMenuScene)
