"""The evening on screen: the tally strip (the podium's corner, the lobby's top) and the
end-of-evening summary, "Tonight" (the tally and the honours).

The summary opens from the lobby (Y, a button hint) and when the players quit from the title
after a match tonight: then it says goodbye first and a second choice quits. "New evening"
(held, never by accident) starts tonight over.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.scene import Scene
from game.evening.honours import Honour
from game.evening.store import new_evening
from game.evening.tally import Player, PlayerKey
from game.evening.tonight import Evening
from game.match.commands import Button, Command
from game.match.seats import MAX_SEATS, identities
from game.render import widgets
from game.scenes.common import menu_command
from game.scenes.pads import keys_in_play
from game.scenes.results_fx import shown_name
from game.text.i18n import N_, _, and_list, language, ngettext

if TYPE_CHECKING:
    from game.core.context import Context
    from game.render.ui import UI

PANEL_TOP = 128                          # the tally and honours panels; the menu under them
MENU_ROW = 48                            # px: three rows (on the way out) leave room for seven honours
TALLY_ROW = 50                           # px a player: seven or eight rows in the panel
HONOUR_GAP = 4                           # px between two honours (each: its title and figure, under them who)
PODIUM_STRIP = pygame.Rect(20, 610, 396, 96)    # left of the podium's menu, under its steps
LOBBY_STRIP = pygame.Rect(680, 6, 560, 40)      # above the lobby's menu


def said_name(player: Player) -> str:
    """A player as the evening names them: a seat's colour name in the player's language, a
    profile's name as written, a bot marked as a bot."""
    return shown_name(player.name if player.profile else _(player.name), player.bot)


def wins_said(player: Player) -> str:
    return ngettext("{n} win", "{n} wins", player.wins)


def winners_line(evening: Evening) -> str:
    """Who has won tonight and how often ("Orange 2 · Sky (bot) 1"), in the tally's order."""
    return " · ".join(f"{said_name(player)} {player.wins}" for player in evening.tally().winners())


def matches_said(evening: Evening) -> str:
    # TRANSLATORS: the evening's tally strip, on the podium and in the lobby
    return ngettext("Tonight: {n} match", "Tonight: {n} matches", evening.matches)


def draw_strip(surface: pygame.Surface, ui: "UI", evening: Evening, rect: pygame.Rect) -> None:
    """The tally in a corner: nothing before tonight's first match; one line in a low box, the
    matches over the winners in a taller one. Text is cut to the box, never shrunk under the floor."""
    if not evening.matches:
        return
    widgets.panel(surface, ui, rect, border="accent_2")
    head, who = matches_said(evening), winners_line(evening)
    room = rect.w - 32
    if rect.h < 60:
        line = widgets.fit_text(ui, f"{head} · {who}" if who else head, room)
        widgets.blit_text(surface, ui, line, "small", "accent_2", midleft=(rect.x + 16, rect.centery))
        return
    widgets.blit_text(surface, ui, widgets.fit_text(ui, head, room), "small", "accent_2",
                      midleft=(rect.x + 16, rect.y + rect.h // 4 + 2))
    if who:
        widgets.blit_text(surface, ui, widgets.fit_text(ui, who, room), "small", "text",
                          midleft=(rect.x + 16, rect.y + rect.h * 3 // 4 - 2))


class EveningScene(Scene):
    """Tonight: the tally and the honours; "New evening"; when quitting, the last word before the game closes."""

    name = "evening"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context", quitting: bool = False) -> None:
        super().__init__(ctx)
        self.quitting = quitting
        I = widgets.MenuItem
        items = [I(N_("Quit game"), ctx.quit, primary=True, key="quit")] if quitting else []
        items += [I(N_("Back"), self.back, primary=not quitting, key="back"),
                  I(N_("New evening"), self.new_evening, hold=True, key="new")]
        self.menu = widgets.MenuList(items, play=ctx.sound, on_back=self.back, row_height=MENU_ROW, width=420)
        bottom = 720 - 12 - self.menu.height() - 10
        self.tally_box = pygame.Rect(40, PANEL_TOP, 500, bottom - PANEL_TOP)
        self.honours_box = pygame.Rect(570, PANEL_TOP, 670, bottom - PANEL_TOP)
        self.closing = False
        self._still: tuple[tuple[object, ...], pygame.Surface] | None = None

    def back(self) -> None:
        if not self.closing:
            self.closing = True
            self.ctx.stack.pop()

    def new_evening(self) -> None:
        new_evening(self.ctx)
        self.ctx.toast(_("A new evening begins"))

    def exit(self) -> None:
        """Left for good: its rows call back into it (a cycle, game/core/collector.py); an empty menu
        lets it go by reference counting."""
        self.menu = widgets.MenuList([])

    def update(self, commands: dict[int, Command]) -> None:
        cmd = menu_command(commands)
        if cmd.pressed & Button.Y and not self.quitting:    # the key that opened it closes it
            self.ctx.sound("back")
            self.back()
            return
        self.menu.update(cmd)

    def toast_zone(self) -> pygame.Rect:
        return pygame.Rect(40, 4, 1200, 40)

    def picture_key(self) -> tuple[object, ...]:
        """What the screen shows: the evening, the menu's focus and how far A is held on a row."""
        menu = self.menu
        return self.ctx.evening.version, menu.index, menu.holding, menu.nudge > 0

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        # The tally and honours change only with the evening: drawn once (5-6 ms), then blitted.
        key = (self.ctx.evening.version, language(), self.ctx.ui.text.scale, surface.get_size())
        if self._still is None or self._still[0] != key:
            still = pygame.Surface(surface.get_size())
            self._draw_still(still)
            self._still = (key, still)
        surface.blit(self._still[1], (0, 0))
        self.menu.draw(surface, self.ctx.ui, ((1280 - self.menu.width) // 2, self.tally_box.bottom + 10),
                       keys_in_play(self.ctx)["A"])

    def _draw_still(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        evening = self.ctx.evening
        widgets.draw_background(surface, ui)
        widgets.logo_text(surface, ui, _("TONIGHT"), ui.size("heading"), ui.colour("accent"), (640, 54), outline=4)
        if evening.matches:
            started = evening.started[11:16]
            # TRANSLATORS: under "TONIGHT"; {time} when the evening began (24-hour clock, 19:30)
            sub = ngettext("{n} match since {time}", "{n} matches since {time}", evening.matches, time=started)
            widgets.blit_text(surface, ui, sub, "small", "text_dim", center=(640, 104))
            self._draw_tally(surface, ui, evening)
            self._draw_honours(surface, ui, evening)
        else:
            self._draw_empty(surface, ui)

    def _draw_empty(self, surface: pygame.Surface, ui: "UI") -> None:
        box = pygame.Rect(240, 200, 800, 280)
        widgets.panel(surface, ui, box)
        widgets.blit_text(surface, ui, _("No matches yet tonight"), "large", "accent_2", center=(640, box.y + 90))
        widgets.centred_lines(surface, ui, _("Play a match: the tally and tonight's honours show up here."),
                              ui.size("body"), "text", 640, box.y + 150, box.w - 80)

    def _draw_tally(self, surface: pygame.Surface, ui: "UI", evening: Evening) -> None:
        box = self.tally_box
        widgets.panel(surface, ui, box)
        head = widgets.blit_text(surface, ui, _("Wins tonight"), "small", "text_dim", midleft=(box.x + 24, box.y + 28))
        players = evening.tally().players
        row = max(TALLY_ROW, ui.text.line_height(ui.size("body")) + 8)    # a large UI scale: fewer, taller rows
        rows = (box.bottom - 8 - head.bottom) // row
        shown = players if len(players) <= rows else players[:rows - 1]
        y = head.bottom + row // 2 + 2
        for player in shown:
            widgets.seat_badge(surface, identities()[player.seat % MAX_SEATS], (box.x + 42, y), 15)
            said = widgets.blit_text(surface, ui, wins_said(player), "body", "accent_2" if player.wins else "text_dim",
                                     midright=(box.right - 24, y))
            name = widgets.fit_text(ui, said_name(player), said.left - box.x - 96, "body")
            widgets.blit_text(surface, ui, name, "body", "text", midleft=(box.x + 70, y))
            y += row
        if len(shown) < len(players):
            widgets.blit_text(surface, ui, ngettext("and {n} more", "and {n} more", len(players) - len(shown)),
                              "small", "text_dim", midleft=(box.x + 70, y))

    def _draw_honours(self, surface: pygame.Surface, ui: "UI", evening: Evening) -> None:
        """As many honours as the panel holds, in their fixed order (seven at the usual UI scale)."""
        box = self.honours_box
        widgets.panel(surface, ui, box)
        head = widgets.blit_text(surface, ui, _("Tonight's honours"), "small", "text_dim",
                                 midleft=(box.x + 24, box.y + 28))
        names = {player.key: said_name(player) for player in evening.tally().players}
        line = ui.text.line_height(ui.size("small"))
        y = head.bottom + 6
        for honour in evening.honours():
            if y + 2 * line > box.bottom - 8:
                break
            self._draw_honour(surface, ui, honour, names, y, line)
            y += 2 * line + HONOUR_GAP

    def _draw_honour(self, surface: pygame.Surface, ui: "UI", honour: Honour, names: dict[PlayerKey, str],
                     y: int, line: int) -> None:
        box = self.honours_box
        figure = widgets.blit_text(surface, ui, honour.said(), "small", "accent_2", topright=(box.right - 24, y))
        title = widgets.fit_text(ui, _(honour.title), figure.left - box.x - 48)
        widgets.blit_text(surface, ui, title, "small", "accent", topleft=(box.x + 24, y))
        who = widgets.fit_text(ui, and_list([names.get(key, "?") for key in honour.who]), box.w - 48)
        widgets.blit_text(surface, ui, who, "small", "text", topleft=(box.x + 24, y + line))
