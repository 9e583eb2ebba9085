"""How a choosing seat looks in the lobby: its picker on its card (Guest / profiles / New profile,
a profile's preferences, "delete?"), and the on-screen keyboards of the seats typing a name.

While any seat types, the lobby shows every seat in a 3 x 2 grid under its heading: a typing seat
its keyboard (game/scenes/menus/name_keys.py), the others their cards, so six people can type at
once and no keyboard covers another's text.
"""
from __future__ import annotations

import pygame

from game.files.profiles import Profile
from game.match.seats import SeatIdentity, identities, team_name
from game.render import cast, teams, widgets
from game.render.keytext import KeyNames, keyed_text
from game.render.ui import UI
from game.scenes.menus import name_keys
from game.scenes.menus.seat_picker import EDIT_LABELS, GUEST, NEW, Page, SeatPicker
from game.text.i18n import N_, _
from game.text.notice import Notice

ROWS_SHOWN = 2      # rows on a card at once (it scrolls; one at the largest UI scale), above the keys
# On a seated person's card: their X opens their profile picker again.
# TRANSLATORS: on a seated player's card in the lobby; "X" stays as it is (it is drawn as that player's own button or key), the word says it opens their profile list again
PROFILE_KEY = N_("X profile")
RUMBLE_NAMES = {None: N_("As in Settings"), "off": N_("Off"), "low": N_("Low"), "high": N_("High")}
SLOTS = (3, 2)      # columns, rows of the typing grid
SLOT_TOP = 96       # px: under the lobby's heading


def picker_look(picker: SeatPicker, found: dict[int, Profile]) -> tuple[object, ...]:
    """All a picker card shows (its card is drawn again when this changes)."""
    editing = picker.editing
    return (picker.page, picker.index, tuple(picker.entries), editing, picker.keyboard,
            tuple(found[i].name for i in picker.entries if i in found))


def entry_text(entry: int, found: dict[int, Profile]) -> str:
    if entry == GUEST:
        return _("Guest")
    if entry == NEW:
        return _("New profile")
    profile = found.get(entry)
    return profile.name if profile is not None else "?"


def value_text(profile: Profile, row: str) -> str:
    """A preference's value on the edit page."""
    match row:
        case "character":
            return _(cast.character(profile.character).name) if profile.character else _("Seat's own")
        case "colour":
            return identities()[profile.colour].name if profile.colour is not None else _("None")
        case "assist":
            return _("On") if profile.assist else _("Off")
        case "rumble":
            return _(RUMBLE_NAMES.get(profile.rumble, RUMBLE_NAMES[None]))
        case "buttons":
            return _("Saved") if profile.bindings else _("As in Settings")
        case "keys":
            # TRANSLATORS: the Keys row of a profile on a keyboard seat: that keyboard half's keys are the same for whoever sits there
            return _("Shared")
    return ""


def draw_picker(surface: pygame.Surface, ui: UI, rect: pygame.Rect, identity: SeatIdentity, picker: SeatPicker,
                found: dict[int, Profile], names: KeyNames) -> None:
    """A choosing seat's card: a title beside its badge, two rows of choices, and the keys (placed
    by the text's height: a large UI scale makes every line taller)."""
    widgets.panel(surface, ui, rect, focused=True, border=identity.colour)
    line = ui.text.line_height(ui.size("small"))
    rows, values, hint, index = _page(picker, found)
    top = rect.y + 10 + line // 2
    widgets.seat_badge(surface, identity, (rect.x + 30, top), min(13, line // 2 + 2))   # inside the border
    widgets.blit_text(surface, ui, widgets.fit_text(ui, _title(picker), rect.w - 70), "small", "text",
                      midleft=(rect.x + 54, top))
    colour = ui.colour("text_dim")
    row_h = line + 8
    rows_top = top + line // 2 + 8
    keys = _keys_line(ui, _(hint), names, rect.w - 28, rect.bottom - 10 - rows_top - (row_h + 2) if rows else 0)
    surface.blit(keys, keys.get_rect(bottomleft=(rect.x + 14, rect.bottom - 6)))
    shown = max(1, min(ROWS_SHOWN, (rect.bottom - 10 - keys.get_height() - rows_top) // (row_h + 2)))
    shown = min(shown, len(rows))
    first = max(0, min(index - shown + 1, len(rows) - shown))
    for n, i in enumerate(range(first, min(len(rows), first + shown))):
        row = pygame.Rect(rect.x + 12, rows_top + n * (row_h + 2), rect.w - 36, row_h)
        _row(surface, ui, row, rows[i], values[i], i == index, identity.colour)
    x = rect.right - 14
    if first > 0:                                     # more rows above, below: small arrows at the side
        pygame.draw.polygon(surface, colour, [(x - 7, rows_top + 12), (x + 7, rows_top + 12), (x, rows_top + 4)])
    if first + shown < len(rows):
        bottom = rows_top + shown * (row_h + 2)
        pygame.draw.polygon(surface, colour, [(x - 7, bottom - 12), (x + 7, bottom - 12), (x, bottom - 4)])


def _keys_line(ui: UI, hint: str, names: KeyNames, width: int, room: int) -> pygame.Surface:
    """The picker's line of keys, `room` px tall at most where it can be (smaller, down to the
    smallest font: a keyboard's caps, wider than a pad's glyphs, wrapped it onto a second line
    and left no room for a row at the largest UI scale)."""
    colour = ui.colour("text_dim")
    for size in range(ui.size("small"), 0, -2):
        keys = keyed_text(ui, hint, size, colour, names, width, centred=False)
        if room <= 0 or keys.get_height() <= room or ui.text.font(size) is ui.text.font(0):
            return keys
    return keys


def _title(picker: SeatPicker) -> str:
    editing = picker.editing
    if picker.page is Page.DELETE and editing is not None:
        return _("Delete {name}?").format(name=editing.name)
    if picker.page is Page.EDIT and editing is not None:
        return editing.name
    return _("Who is playing?")


def _page(picker: SeatPicker, found: dict[int, Profile]) -> tuple[list[str], list[str], str, int]:
    """The rows, their values, the line of keys and the focused row the picker's page shows."""
    editing = picker.editing
    if picker.page is Page.DELETE and editing is not None:      # the title asks; the keys answer
        return [], [], N_("A delete · B keep"), 0
    if picker.page is Page.EDIT and editing is not None:
        return ([_(EDIT_LABELS[row]) for row in picker.rows], [value_text(editing, row) for row in picker.rows],
                N_("A choose · B back"), picker.index)
    rows = [entry_text(entry, found) for entry in picker.entries]
    return rows, [""] * len(rows), N_("A choose · Y edit"), picker.index


def _row(surface: pygame.Surface, ui: UI, row: pygame.Rect, label: str, value: str, focused: bool,
         colour: tuple[int, int, int]) -> None:
    if focused:
        widgets.rounded_box(surface, ui.colour("panel_focus"), row, radius=8)
        pygame.draw.rect(surface, colour, row, 3, border_radius=8)
    room = row.w - 20
    if value:      # the value keeps what the label leaves, the label at least half the row
        label = widgets.fit_text(ui, label, max(room // 2, room - 12 - ui.text.width(value, ui.size("small"))))
        value = widgets.fit_text(ui, value, room - 12 - ui.text.width(label, ui.size("small")))
        widgets.blit_text(surface, ui, value, "small", "accent_2", midright=(row.right - 10, row.centery))
    widgets.blit_text(surface, ui, widgets.fit_text(ui, label, room), "small", "text" if focused else "text_dim",
                      midleft=(row.x + 10, row.centery))


def seat_lines(surface: pygame.Surface, ui: UI, box: pygame.Rect, device: str, colour: str, team: int | None,
               names: KeyNames) -> None:
    """A seated card's two lines under its name, `box.w` wide: the line centred on `box.top` says
    its device, the one `box.h` lower the X that opens its player's profile picker again, with the
    seat's own keys in `names` (a person's seat: the lobby's footer has no room for it in French or
    Spanish, and it is each player's own key), else its `team`, if any."""
    widgets.blit_text(surface, ui, widgets.fit_text(ui, device, box.w), "small", colour, midleft=(box.x, box.y))
    if names:
        hint = keyed_text(ui, _(PROFILE_KEY), ui.size("small"), ui.colour("text_dim"), names, centred=False)
        surface.blit(hint, hint.get_rect(midleft=(box.x, box.bottom)))
    elif team is not None:
        team_tag(surface, ui, pygame.Rect(box.x, box.bottom, box.w, 0), team)


def team_tag(surface: pygame.Surface, ui: UI, line: pygame.Rect, team: int) -> None:
    """A seat's team centred on `line.y`: its emblem, and its name when `line.w` has room for it
    (the emblem's letter is the name's)."""
    mark = teams.emblem(team, 28)
    surface.blit(mark, mark.get_rect(midleft=(line.x, line.y)))
    name = team_name(team)
    x = line.x + 8 + mark.get_width()
    if ui.text.width(name, ui.size("small")) <= line.right - x:
        widgets.blit_text(surface, ui, name, "small", "text_dim", midleft=(x, line.y))


def slot(seat: int) -> pygame.Rect:
    """A seat's place in the typing grid (its keyboard, or its card in the middle of it)."""
    w, h = name_keys.PANEL
    gap_x = (1280 - SLOTS[0] * w) // (SLOTS[0] + 1)
    col, row = seat % SLOTS[0], seat // SLOTS[0]
    return pygame.Rect(gap_x + col * (w + gap_x), SLOT_TOP + row * (h + 6), w, h)


_KEYBOARDS: dict[tuple[object, ...], pygame.Surface] = {}   # a typing seat's keyboard, drawn once per look


def draw_keyboard(surface: pygame.Surface, ui: UI, seat: int, picker: SeatPicker, shown_name: str) -> None:
    """A typing seat's keyboard in its slot: drawn again only when a key, the name or the message
    changes (six keyboards of 73 keys were some 13 ms a frame drawn afresh)."""
    keys = picker.keys
    if keys is None:
        return
    identity = identities()[seat]
    if picker.editing is not None:
        heading = _("{name}: a new name").format(name=shown_name)
    else:
        heading = _("{name}: your name").format(name=shown_name)
    where = slot(seat)
    look = (seat, id(ui), ui.text.scale, keys.text, keys.row, keys.col, keys.lower, identity.colour, heading,
            str(picker.problem), picker.problem.say() if isinstance(picker.problem, Notice) else "")
    image = _KEYBOARDS.get(look)
    if image is None:
        if len(_KEYBOARDS) > 24:
            _KEYBOARDS.clear()
        image = pygame.Surface((where.w, where.h + widgets.PANEL_DROP), pygame.SRCALPHA)
        name_keys.draw(image, ui, pygame.Rect(0, 0, where.w, where.h), keys, identity.colour, heading, picker.problem)
        image = _KEYBOARDS[look] = widgets.run_length(image)
    surface.blit(image, where.topleft)
