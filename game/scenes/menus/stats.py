"""The stats screen, from the title: the stories the matches played here tell.

Left / Right picks whose stats: Everyone first (every person by the name their seat showed, and
the bots of each level: useful before anyone makes a profile), then each profile. A, LB or RB
turns the page: Everyone has Players and Games; a profile has Overview, Games (per game and
mode) and Head-to-head (each profile it has played). Up / Down scrolls a long table. X exports
everything as CSV (game/stats/export.py); B goes back. Read once when the screen opens (a few
rows a subject: game/stats/queries.py), drawn from what was read.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import pygame

from game import TICK_RATE
from game.core.scene import Scene
from game.files import database
from game.files.database import Database
from game.files.register import RECORDS_DB
from game.match import games
from game.match.commands import Button, Command
from game.render import widgets
from game.scenes.common import menu_command
from game.scenes.menus.lobby import DIFFICULTY_NAMES
from game.stats import export
from game.stats.queries import GameLine, Rival, Stats, Subject, load
from game.stats.store import MIXED
from game.text.i18n import N_, _, decimals, ngettext
from game.text.notice import said

if TYPE_CHECKING:
    from game.core.context import Context

BOX = pygame.Rect(40, 214, 1200, 420)   # the page; the button hints stay below it
ROW_H = 40
ROWS = 8                                # table rows under the header
HEADER_Y = 32                           # the column titles' middle, from the box's top (two lines fit)
FIRST_ROW = 88                          # the first row's middle
TEXT = 24                               # 16 px at 720p: the sofa floor
HEADING_PX, HEADING_Y = 50, 44          # the STATS heading's size and middle
EVERYONE_PAGES = (N_("Players"), N_("Games"))
PROFILE_PAGES = (N_("Overview"), N_("Games"), N_("Head-to-head"))


@dataclass(frozen=True)
class Column:
    title: str           # an N_ message
    width: int
    number: bool = True  # right-aligned


class StatsScene(Scene):
    name = "stats"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context", db: Database | None = None) -> None:
        super().__init__(ctx)
        self.db = db or database.shared()     # another only for screenshots and tests
        self.stats = read_stats(ctx, self.db)
        self.who = 0            # 0: Everyone, then each profile
        self.page = 0
        self.first = 0          # the first table row shown
        self.repeat = widgets.DirectionRepeat()
        self._tables: dict[tuple[int, int], tuple[list[Column], list[list[str]]]] = {}   # worked out once a page

    # ------------------------------------------------------------------ what is shown
    @property
    def subjects(self) -> list[Subject | None]:
        """None stands for Everyone."""
        return [None, *self.stats.profiles]

    @property
    def subject(self) -> Subject | None:
        return self.subjects[self.who]

    @property
    def pages(self) -> tuple[str, ...]:
        return EVERYONE_PAGES if self.subject is None else PROFILE_PAGES

    # ------------------------------------------------------------------ input
    def update(self, commands: dict[int, Command]) -> None:
        cmd = menu_command(commands)
        dx, dy = self.repeat.step(cmd)
        if cmd.pressed & Button.B:
            self.ctx.sound("back")
            self.ctx.stack.pop()
        elif self.stats.empty:
            return                      # nothing to turn, scroll or export: B is the one hint
        elif cmd.pressed & Button.X:
            self.export()
        elif dx:
            self.who = (self.who + dx) % len(self.subjects)
            self.page = min(self.page, len(self.pages) - 1)
            self._moved()
        elif cmd.pressed & (Button.A | Button.RB | Button.LB):
            self.page = (self.page + (-1 if cmd.pressed & Button.LB else 1)) % len(self.pages)
            self._moved()
        elif dy:
            self.first = max(0, min(self.first + dy, len(self.table_rows()) - ROWS))

    def _moved(self) -> None:
        self.first = 0
        self.ctx.sound("menu_move")

    def export(self) -> None:
        try:
            folder = export.export(self.db)
        except (OSError, export.ExportError) as exc:
            self.ctx.sound("error")
            self.ctx.toast(_("Could not save the stats: {error}").format(error=said(exc)), seconds=6)
            return
        self.ctx.sound("confirm")
        self.ctx.toast(_("Stats saved as CSV: {path}").format(path=folder), seconds=8)

    # ------------------------------------------------------------------ tables
    def table(self) -> tuple[list[Column], list[list[str]]]:
        """The page's columns and rows (the Overview page has none: it is drawn as figures), worked
        out the first time the page is shown."""
        key = (self.who, self.page)
        if key not in self._tables:
            self._tables[key] = self._make_table()
        return self._tables[key]

    def _make_table(self) -> tuple[list[Column], list[list[str]]]:
        subject, page = self.subject, self.pages[self.page]
        if subject is None and page == N_("Players"):
            return PLAYER_COLUMNS, [player_row(s) for s in self.stats.everyone]
        if page == N_("Games"):
            lines = everyone_games(self.stats) if subject is None else list(subject.games)
            return (GAME_COLUMNS if subject is not None else EVERYONE_GAME_COLUMNS,
                    [game_row(line, wins=subject is not None) for line in lines])
        if page == N_("Head-to-head") and subject is not None:
            return RIVAL_COLUMNS, [rival_row(r) for r in subject.rivals]
        return [], []

    def table_rows(self) -> list[list[str]]:
        return self.table()[1]

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_background(surface, ui)
        w = surface.get_width()
        widgets.logo_text(surface, ui, _("STATS"), HEADING_PX, ui.colour("accent"), (w // 2, HEADING_Y), outline=4)
        if self.stats.empty:
            self._empty(surface)
            widgets.hints(surface, ui, [("B / Esc", N_("Back"))])
            return
        self._who(surface)
        self._tabs(surface)
        widgets.panel(surface, ui, BOX)
        columns, rows = self.table()
        if columns:
            self._table(surface, columns, rows)
        elif self.subject is not None:
            self._overview(surface, self.subject)
        widgets.hints(surface, ui, [("Left / Right", N_("Who")), ("A / LB / RB", N_("Page")),
                                    ("Up / Down", N_("Scroll")), ("X", N_("Export CSV")), ("B / Esc", N_("Back"))])

    def toast_zone(self) -> pygame.Rect:
        """Left of the heading, above the who line: the page fills the screen from the tabs down to
        the hint bar, and the shell's default zone lay over its lowest rows."""
        return widgets.beside_heading(self.ctx.ui, _("STATS"), HEADING_PX)

    def _who(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        cx = surface.get_width() // 2
        subject = self.subject
        name = _("Everyone") if subject is None else shown(subject.name)
        image = ui.render(name, 36, "text", max_width=560)
        rect = image.get_rect(center=(cx, 106))
        surface.blit(image, rect)
        for direction, x in ((-1, rect.left - 30), (1, rect.right + 30)):
            pygame.draw.polygon(surface, ui.colour("accent_2"), [(x - 9 * direction, 94), (x + 9 * direction, 106),
                                                                 (x - 9 * direction, 118)])
        about = (_("Every player, by the name they played as") if subject is None
                 else _("Profile {n} of {count}").format(n=self.who, count=len(self.stats.profiles)))
        widgets.blit_text(surface, ui, about, TEXT, "text_dim", shadow=False, center=(cx, 142))

    def _tabs(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        labels = [ui.render(_(page), TEXT, "text" if i == self.page else "text_dim", max_width=300)
                  for i, page in enumerate(self.pages)]
        widths = [label.get_width() + 36 for label in labels]
        x = (surface.get_width() - sum(widths) - 14 * (len(widths) - 1)) // 2
        for i, (label, width) in enumerate(zip(labels, widths)):
            rect = pygame.Rect(x, 162, width, 40)
            widgets.panel(surface, ui, rect, border="accent_2" if i == self.page else None)
            surface.blit(label, label.get_rect(center=rect.center))
            x = rect.right + 14

    def _table(self, surface: pygame.Surface, columns: list[Column], rows: list[list[str]]) -> None:
        ui = self.ctx.ui
        lefts = _lefts(columns)
        for column, x in zip(columns, lefts):
            self._header(surface, _(column.title), column, x)
        if not rows:
            message = _("No one to play against yet: a match with another profile starts this page") \
                if self.pages[self.page] == N_("Head-to-head") else _("Nothing here yet")
            widgets.centred_lines(surface, ui, message, TEXT, "text_dim", BOX.centerx, BOX.centery - 20, BOX.w - 80)
            return
        self.first = max(0, min(self.first, len(rows) - ROWS))
        for r, row in enumerate(rows[self.first:self.first + ROWS]):
            y = BOX.y + FIRST_ROW + r * ROW_H
            if r % 2 == 0:
                pygame.draw.rect(surface, ui.colour("panel_focus"), (BOX.x + 10, y - ROW_H // 2 + 2, BOX.w - 20,
                                                                     ROW_H - 4), border_radius=8)
            for column, x, text in zip(columns, lefts, row):
                self._cell(surface, text, column, x, y, "text")
        if len(rows) > ROWS:
            more = _("{first}-{last} of {count}").format(first=self.first + 1, last=min(len(rows), self.first + ROWS),
                                                        count=len(rows))
            widgets.blit_text(surface, ui, more, TEXT, "text_dim", shadow=False, bottomright=(BOX.right - 16,
                                                                                               BOX.bottom - 4))

    def _header(self, surface: pygame.Surface, title: str, column: Column, x: int) -> None:
        """A column's title on one line, or two where the words are longer than the column is wide (a
        large UI scale, a long language), centred on the header's middle."""
        lines = widgets.wrap_text(self.ctx.ui, title, TEXT, column.width - 16, narrows=True)[:2]
        height = self.ctx.ui.text.line_height(TEXT)
        for i, line in enumerate(lines):
            self._cell(surface, line, column, x, BOX.y + HEADER_Y + round((i - (len(lines) - 1) / 2) * height),
                       "text_dim")

    def _cell(self, surface: pygame.Surface, text: str, column: Column, x: int, y: int, colour: str) -> None:
        image = self.ctx.ui.render(text, TEXT, colour, max_width=column.width - 16)
        if column.number:
            surface.blit(image, image.get_rect(midright=(x + column.width - 8, y)))
        else:
            surface.blit(image, image.get_rect(midleft=(x + 8, y)))

    def _overview(self, surface: pygame.Surface, subject: Subject) -> None:
        ui = self.ctx.ui
        t = subject.totals
        share = round(100 * t.wins / t.matches) if t.matches else 0
        figures = [(N_("Matches"), str(t.matches)), (N_("Wins"), f"{t.wins} ({share}%)"),
                   (N_("Longest win streak"), str(subject.longest_streak)),
                   (N_("Win streak now"), str(subject.streak)), (N_("Best score"), str(t.best_score)),
                   (N_("SOLD OUT! calls"), str(t.sold_out_calls)), (N_("Fastest grab"), seconds(t.fastest_grab)),
                   (N_("Tiles walked"), str(round(t.walked)))]
        half = BOX.w // 2
        for i, (label, value) in enumerate(figures):
            left = BOX.x + 30 + (i // 4) * half
            y = BOX.y + 60 + (i % 4) * 90
            widgets.blit_text(surface, ui, _(label), TEXT, "text_dim", shadow=False, midleft=(left, y))
            image = ui.render(value, 40, "accent_2", max_width=half - 60)
            surface.blit(image, image.get_rect(midleft=(left, y + 38)))

    def _empty(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        box = pygame.Rect(140, 180, 1000, 360)
        widgets.panel(surface, ui, box)
        widgets.blit_text(surface, ui, _("No matches yet"), 40, "accent_2", center=(box.centerx, box.y + 80))
        widgets.centred_lines(surface, ui, _("Every match played here is counted: play one, and each player's "
                                             "story starts with it."), TEXT, "text", box.centerx, box.y + 150, box.w - 100)
        widgets.centred_lines(surface, ui, _("Make a profile in the lobby to keep your own stats and "
                                             "head-to-heads."), TEXT, "text_dim", box.centerx, box.y + 230, box.w - 100)


# ---------------------------------------------------------------- reading, and what each row says
def read_stats(ctx: "Context", db: Database) -> Stats:
    """The stats as the records hold them now (a save still on its way waits a moment); a database
    that cannot be read shows as empty, with a toast."""
    db.flush(1.0)
    try:
        stats = load(db)
    except sqlite3.Error as exc:
        ctx.toast(_("The stats cannot be read: {error}").format(error=str(exc)[:120]), seconds=8)
        return Stats()
    if stats.skipped:
        # TRANSLATORS: {file} is the records database's file name (records.sqlite3)
        ctx.toast(ngettext("{file}: {n} damaged stats row was left out", "{file}: {n} damaged stats rows were left out",
                           stats.skipped, file=RECORDS_DB.relative()), seconds=8)
    return stats


PLAYER_COLUMNS = [Column(N_("Player"), 270, number=False), Column(N_("Matches"), 130), Column(N_("Wins"), 130),
                  Column(N_("Best score"), 150), Column(N_("SOLD OUT!"), 150), Column(N_("Fastest grab"), 170),
                  Column(N_("Best streak"), 160)]
GAME_COLUMNS = [Column(N_("Game"), 210, number=False), Column(N_("Mode"), 230, number=False),
                Column(N_("Matches"), 130), Column(N_("Wins"), 120), Column(N_("Best score"), 150),
                Column(N_("SOLD OUT!"), 150), Column(N_("Fastest grab"), 170)]
EVERYONE_GAME_COLUMNS = [c for c in GAME_COLUMNS if c.title != N_("Wins")]
RIVAL_COLUMNS = [Column(N_("Rival"), 360, number=False), Column(N_("Played"), 190), Column(N_("Won"), 190),
                 Column(N_("Lost"), 190), Column(N_("Tied"), 190)]


def _lefts(columns: Sequence[Column]) -> list[int]:
    x, out = BOX.x + 20, []
    for column in columns:
        out.append(x)
        x += column.width
    return out


def shown(name: str) -> str:
    """A name as the screen may draw it (a damaged file's control characters left out)."""
    return "".join(c for c in name if c.isprintable()) or "?"


def seconds(ticks: int | None) -> str:
    return "-" if ticks is None else _("{seconds} s").format(seconds=decimals(ticks / TICK_RATE, 2))


def subject_name(subject: Subject) -> str:
    level = subject.bot
    if level is None:
        return shown(subject.name)
    return _("Bots ({level})").format(level=_(DIFFICULTY_NAMES[level]) if level in DIFFICULTY_NAMES else shown(level))


def player_row(subject: Subject) -> list[str]:
    t = subject.totals
    return [subject_name(subject), str(t.matches), str(t.wins), str(t.best_score), str(t.sold_out_calls),
            seconds(t.fastest_grab), str(subject.longest_streak)]


def game_row(line: GameLine, wins: bool = True) -> list[str]:
    game = games.find(line.game)
    title = game.title if game is not None else shown(line.game)
    mode = _("Mixed") if line.mode == MIXED else _(game.mode_name(line.mode)) if game is not None else shown(line.mode)
    counts = [str(line.matches), *([str(line.wins)] if wins else []), str(line.best_score), str(line.sold_out_calls),
              seconds(line.fastest_grab)]
    return [title, mode, *counts]


def rival_row(rival: Rival) -> list[str]:
    return [shown(rival.name), str(rival.matches), str(rival.wins), str(rival.losses), str(rival.ties)]


def everyone_games(stats: Stats) -> list[GameLine]:
    """Every game and mode anyone played: its matches, the best score and fastest grab of any seat,
    every SOLD OUT! call."""
    merged: dict[tuple[str, str], GameLine] = {}
    for subject in stats.everyone:
        for line in subject.games:
            key = (line.game, line.mode)
            merged[key] = merged[key].plus(line) if key in merged else line
    out = [GameLine(g, m, stats.matches.get((g, m), 0), 0, line.best_score, line.sold_out_calls, line.flips,
                    line.grabs, line.walked, line.fastest_grab) for (g, m), line in merged.items()]
    return sorted(out, key=lambda line: (-line.matches, line.game, line.mode))
