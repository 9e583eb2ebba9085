"""The lobby's level card: while the Level row is chosen, the level's picture, name and seats (or why
it cannot be played) take the place of the seat panels, with the seats as a strip of badges below.

Thumbnails are the level's own background art (render/level_art), made once per level file version.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match.seats import MAX_SEATS, identities
from game.text.i18n import _, language, ngettext
from game.files.levels import LevelEntry
from game.render import widgets
from game.render.level_art import render_level
from game.render.level_themes import theme_of

if TYPE_CHECKING:
    from game.match.seats import LobbySeat
    from game.render.ui import UI

PICTURE = (544, 272)   # the largest a thumbnail is drawn (a 40x18 mall: 544x245)


class Thumbnails:
    """Level pictures by level file, made when first shown."""

    def __init__(self) -> None:
        self._made: dict[tuple[str, str, str], pygame.Surface] = {}

    def of(self, entry: LevelEntry) -> pygame.Surface | None:
        if entry.level is None:
            return None
        key = (str(entry.path), str(entry.level.pixel_size), language())   # its signs are in the player's language
        if key not in self._made:
            w, h = entry.level.pixel_size
            self._made[key] = render_level(entry.level, min(PICTURE[0] / w, PICTURE[1] / h))
        return self._made[key]


def players_text(entry: LevelEntry) -> str:
    """ "For 2-3 players" from the map's `players` ("" when it names none)."""
    lo, _sep, hi = entry.players.replace(" ", "").partition("-")
    top = hi or lo
    if not top.isdigit():
        return ""
    return ngettext("For {players} player", "For {players} players", int(top), players=entry.players)


def draw(surface: pygame.Surface, ui: "UI", rect: pygame.Rect, entry: LevelEntry, auto: bool,
         thumbnails: Thumbnails, seats: list["LobbySeat"], folder: str) -> None:
    widgets.panel(surface, ui, rect, border="accent")
    name = _(entry.title)      # a shipped level's name is a message id, a player's own a Verbatim
    title = _("Auto: {level}").format(level=name) if auto else name
    widgets.blit_text(surface, ui, widgets.fit_text(ui, title, line_room(rect), "large"), "large", "text",
                      midleft=(rect.x + 24, rect.y + 36))
    about = [_("Chosen for the number of players")] if auto else [players_text(entry)]
    about.append(_("Shipped with the game") if entry.shipped else _("Your level"))
    widgets.blit_text(surface, ui, widgets.fit_text(ui, " · ".join(t for t in about if t), line_room(rect)), "small", "text_dim",
                      midleft=(rect.x + 24, rect.y + 76))
    box = pygame.Rect(rect.x + 20, rect.y + 100, rect.width - 40, PICTURE[1] + 8)
    picture = thumbnails.of(entry)
    if entry.pending:
        _reading(surface, ui, box)
    elif picture is None or entry.level is None:
        _broken(surface, ui, box, entry.problem)
    else:
        shown = picture.get_rect(center=box.center)
        pygame.draw.rect(surface, ui.colour("shadow"), shown.move(0, 5), border_radius=6)
        surface.blit(picture, shown)
        # framed in its theme's colour: the Boutique's plum, the Market's orange...
        pygame.draw.rect(surface, theme_of(entry.level.theme).colour, shown.inflate(8, 8), 4, border_radius=6)
        _description(surface, ui, rect, entry, box.bottom + 16)
    _seat_strip(surface, rect, seats, box.bottom + 66)
    widgets.blit_text(surface, ui, _folder_line(ui, folder, line_room(rect)), "small", "text_dim",
                      midleft=(rect.x + 24, rect.bottom - 28))


def line_room(card: pygame.Rect) -> int:
    """Px a line of the card (its title, its description) has before it is cut."""
    return card.width - 48


def _description(surface: pygame.Surface, ui: "UI", rect: pygame.Rect, entry: LevelEntry, y: int) -> None:
    """The level's line about itself (a shipped level's is translated; a player's is as written)."""
    assert entry.level is not None
    line = entry.level.description
    if not line:
        return
    said = _(line) if entry.shipped else line
    widgets.blit_text(surface, ui, widgets.fit_text(ui, said, line_room(rect)), "small", "text", midleft=(rect.x + 24, y))


def _reading(surface: pygame.Surface, ui: "UI", box: pygame.Rect) -> None:
    """A player's level still being read (a folder of many: the card fills in when it is)."""
    pygame.draw.rect(surface, ui.colour("background"), box, border_radius=8)
    pygame.draw.rect(surface, ui.colour("border"), box, 3, border_radius=8)
    # TRANSLATORS: the lobby's level card while the game reads the player's level file
    widgets.blit_text(surface, ui, _("Reading this level…"), "body", "text_dim", center=box.center)


def _broken(surface: pygame.Surface, ui: "UI", box: pygame.Rect, problem: str | None) -> None:
    """Why the level cannot be played: a Notice (said in the player's language) or the level
    reader's own line (a Verbatim, as written)."""
    pygame.draw.rect(surface, ui.colour("background"), box, border_radius=8)
    pygame.draw.rect(surface, ui.colour("accent_2"), box, 3, border_radius=8)
    widgets.blit_text(surface, ui, _("This level cannot be played"), "body", "accent_2",
                      midleft=(box.x + 24, box.y + 40))
    size = ui.size("small")
    lines = widgets.wrap_text(ui, _(problem) if problem else "", size, box.width - 48)[:4]
    for i, line in enumerate(lines):
        widgets.blit_text(surface, ui, line, "small", "text", shadow=False, topleft=(box.x + 24, box.y + 76 + i * 34))
    hint = widgets.wrap_text(ui, _("Fix it in Tiled and save: the lobby reads it again when you come back."), size,
                             box.width - 48)[:2]
    for i, line in enumerate(hint):
        widgets.blit_text(surface, ui, line, "small", "text_dim", shadow=False,
                          bottomleft=(box.x + 24, box.bottom - 16 - (len(hint) - 1 - i) * 34))


def _seat_strip(surface: pygame.Surface, rect: pygame.Rect, seats: list["LobbySeat"], y: int) -> None:
    """Who sits where, small: the seat panels are under the card."""
    taken = {seat.seat for seat in seats}
    step = (rect.width - 80) // (MAX_SEATS - 1)
    for index, identity in enumerate(identities()[:MAX_SEATS]):
        widgets.seat_badge(surface, identity, (rect.x + 40 + index * step, y), 16, faded=index not in taken)


def _folder_line(ui: "UI", folder: str, width: int) -> str:
    """Where the player's own levels go; a long path loses its start, never its last folders."""
    px = ui.size("small")
    line = _("Your levels folder: {folder}").format(folder=folder)
    while ui.text.width(line, px) > width and len(folder) > 12:
        folder = folder[1:]
        line = _("Your levels folder: {folder}").format(folder="…" + folder)
    return line


