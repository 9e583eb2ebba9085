"""Opening a run code or a replay with only a pad: the ones saved in the data folder, listed, or one
typed on an on-screen keyboard.

Saved runs are the run codes the speedrun results wrote (runcodes/*.txt), the
speedrun replays kept beside the records (replays/speedrun/*.replay) and any
replay or run code file put in replays/ (game.files.register: RUN_CODES,
RECORD_REPLAYS, PLAYER_REPLAYS; each read through its entry, capped, never a FIFO).
A speedrun plays back with its timer and splits; a match replay in its game's viewer.
"""
from __future__ import annotations

from functools import partial

import datetime as _dt
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame
from babel.dates import format_datetime

from game.text import i18n
from game.core.scene import Scene
from game.text.i18n import N_, _, ngettext
from game.text.notice import Notice, said
from game.match.commands import Button, Command
from game.render import widgets
from game.driver.replay import ReplayError
from game.scenes import registry
from game.scenes.common import menu_command
from game.scenes.speedrun.draw import DIM, GOLD, STATE_COLOURS, WHITE, box
from game.core.clipboard import clipboard_text
from game.scenes.speedrun.playback import playback_scene
from game.speedrun.records import Records
from game.speedrun.verify import VerifyError, is_speedrun, parse_text
from game.files.untrusted import UntrustedError
from game.files.register import PLAYER_REPLAYS, RECORD_REPLAYS, RUN_CODES
from game.files.userfiles import UserFile

if TYPE_CHECKING:
    from game.core.context import Context

MAX_LISTED = 60
PLACES = ((RUN_CODES, N_("Run code")), (RECORD_REPLAYS, N_("Speedrun replay")), (PLAYER_REPLAYS, N_("Replay")))
# Every character a run code uses (URL-safe base64, the prefix's digits, the checksum's dot):
# 65 keys, five rows of 13.
KEY_ROWS = ("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "abcdefghijklm", "nopqrstuvwxyz", "0123456789-_.")
ACTIONS = (N_("Delete"), N_("Clear"), N_("Paste"), N_("Play"))   # keys of the on-screen keyboard


@dataclass(frozen=True)
class SavedRun:
    entry: UserFile    # which of the user folder's files it is (game.files.register)
    name: str
    kind: str          # "Run code" | "Speedrun replay" | "Replay"
    modified: float

    @property
    def path(self) -> Path:
        return self.entry.path(self.name)

    @property
    def label(self) -> str:
        when = format_datetime(_dt.datetime.fromtimestamp(self.modified), "d MMM HH:mm", locale=i18n.language())
        return f"{self.path.stem}  ·  {_(self.kind)}, {when}"


def saved_runs() -> list[SavedRun]:
    """Every run code and replay in the data folder, newest first."""
    found: list[SavedRun] = []
    for entry, kind in PLACES:
        for name in entry.names():
            try:
                info = entry.path(name).stat()
            except (OSError, UntrustedError):
                continue
            if stat.S_ISREG(info.st_mode):    # a folder, a FIFO or a device is no saved run
                found.append(SavedRun(entry, name, kind, info.st_mtime))
    found.sort(key=lambda run: (-run.modified, run.entry.folder, run.name))
    return found[:MAX_LISTED]


def open_run_text(ctx: "Context", text: str, records: Records | None = None) -> Scene:
    """The scene that plays a run code or replay text; ReplayError/VerifyError with a one-line reason."""
    replay = parse_text(text)
    if is_speedrun(replay.header):
        return playback_scene(ctx, replay, records)
    viewer = registry.replay_viewer(str(replay.header.get("game")))
    if viewer is None:
        raise ReplayError(Notice(N_("this build cannot show {game} replays"), game=replay.header.get("game")))
    return viewer(ctx, replay)


class SavedRunsScene(Scene):
    """A list of the saved run codes and replays; A plays one, B goes back."""

    name = "saved_runs"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context", records: Records | None = None) -> None:
        super().__init__(ctx)
        self.records = records
        self.runs = saved_runs()
        self.error = ""
        items = [widgets.MenuItem(run.label, partial(self.play, run)) for run in self.runs]
        self.menu = widgets.MenuList(items or [widgets.MenuItem(N_("No run codes or replays saved yet"), enabled=False)],
                                     play=ctx.sound, on_back=self.back, row_height=52, width=1100,
                                     visible_rows=8)

    def play(self, run: SavedRun) -> None:
        try:
            scene = open_run_text(self.ctx, run.entry.read_text(run.name), self.records)
        except UntrustedError as exc:
            self.error = _("Cannot read {file}: {error}").format(file=run.name, error=said(exc))
        except (ReplayError, VerifyError) as exc:
            # TRANSLATORS: a saved run that cannot be played: its file name, then why
            self.error = _("{file}: {error}").format(file=run.name, error=said(exc))
        else:
            self.ctx.stack.replace(scene)
            return
        self.ctx.sound("error")

    def back(self) -> None:
        self.ctx.stack.pop()

    def update(self, commands: dict[int, Command]) -> None:
        self.menu.update(menu_command(commands))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_page(surface, ui, _("SAVED RUNS"), 70)
        w = surface.get_width()
        self.menu.draw(surface, ui, ((w - self.menu.width) // 2, 140))
        if self.error:
            e = ui.render(self.error, 22, STATE_COLOURS["behind_losing"])
            surface.blit(e, e.get_rect(center=(w // 2, 610)))
        widgets.hints(surface, ui, [("Up / Down", N_("Choose")), ("A", N_("Play")), ("B", N_("Back"))])


class KeyboardScene(Scene):
    """An on-screen keyboard for a run code: move with the stick or d-pad, A types the key, X deletes,
    START plays, B goes back keeping what was typed. `on_done(text, play)` receives the text."""

    name = "onscreen_keyboard"

    def __init__(self, ctx: "Context", text: str, on_done: Callable[[str, bool], None]) -> None:
        super().__init__(ctx)
        self.text = text or "SOCO1-"
        self.on_done = on_done
        self.row, self.col = 0, 0
        self.repeat = widgets.DirectionRepeat()

    def _rows(self) -> list[tuple[str, ...]]:
        return [tuple(r) for r in KEY_ROWS] + [ACTIONS]

    def key(self) -> str:
        return self._rows()[self.row][self.col]

    def press(self, key: str) -> None:
        if key == "Delete":
            self.text = self.text[:-1]
        elif key == "Clear":
            self.text = ""
        elif key == "Paste":
            self.text += "".join(clipboard_text().split())
        elif key == "Play":
            self.finish(play=True)
            return
        else:
            self.text += key
        self.ctx.sound("menu_move")

    def finish(self, play: bool) -> None:
        self.ctx.stack.pop()
        self.on_done(self.text, play)

    def update(self, commands: dict[int, Command]) -> None:
        cmd = menu_command(commands)
        dx, dy = self.repeat.step(cmd)
        rows = self._rows()
        if dy:
            old = len(rows[self.row])
            self.row = (self.row + dy) % len(rows)
            self.col = min(len(rows[self.row]) - 1, self.col * len(rows[self.row]) // old)
        if dx:
            self.col = (self.col + dx) % len(rows[self.row])
        if cmd.pressed & Button.A:
            self.press(self.key())
        elif cmd.pressed & Button.X:
            self.press("Delete")
        elif cmd.pressed & Button.START:
            self.finish(play=True)
        elif cmd.pressed & Button.B:
            self.ctx.sound("back")
            self.finish(play=False)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_page(surface, ui, _("TYPE A RUN CODE"), 60)
        w = surface.get_width()
        field = pygame.Rect(90, 110, w - 180, 60)
        box(surface, field, GOLD)
        tail = self.text[-60:]
        shown = ("..." if len(self.text) > 60 else "") + tail + "|"
        surface.blit(ui.render(shown, 26, WHITE), (field.x + 16, field.y + 14))
        count = ui.render(ngettext("{n} character", "{n} characters", len(self.text)), 18, DIM)
        surface.blit(count, (field.right - 16 - count.get_width(), field.bottom + 6))
        cell_w, cell_h, gap = 70, 58, 8
        left = (w - (13 * cell_w + 12 * gap)) // 2
        top = 210
        for r, row in enumerate(self._rows()):
            width = cell_w if len(row) == 13 else (13 * cell_w + 12 * gap - gap * (len(row) - 1)) // len(row)
            for c, key in enumerate(row):
                rect = pygame.Rect(left + c * (width + gap), top + r * (cell_h + gap), width, cell_h)
                focused = (r, c) == (self.row, self.col)
                widgets.panel(surface, ui, rect, focused=focused, border="accent" if focused else None)
                label = ui.render(_(key) if key in ACTIONS else key, 30 if len(key) == 1 else 24, GOLD if focused else WHITE)
                surface.blit(label, label.get_rect(center=rect.center))
        widgets.hints(surface, ui, [("A", N_("Type")), ("X", N_("Delete")), ("Start", N_("Play")), ("B", N_("Back"))])
