"""The on-screen keyboard a player types a profile's name with, by pad: a grid of letters (the
accented ones German, French and Spanish names need too), digits, space, delete and done.

D-pad or stick moves (wrapping at every edge), A types the key, B deletes a letter (B on an empty
name cancels), START or Y is done. A keyboard seat simply types (`type_text`, Backspace, Return).
The grid is data here and the drawing is `draw`; the typing itself is pure, so tests drive it
without a window.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import pygame

from game.files.profiles import MAX_NAME
from game.match.commands import Button, Command
from game.render import widgets
from game.render.ui import UI
from game.text.i18n import N_, _
from game.text.notice import say

COLUMNS = 13
LETTER_ROWS = ("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "ÄÖÜßÉÈÊËÀÂÇÎÏ", "ÔÛÙŒÁÍÓÚÑ-'.!", "1234567890&+?")
SHIFT, SPACE, DELETE, DONE = "shift", "space", "delete", "done"
# The last row: (key, first column, columns wide).
COMMAND_ROW = ((SHIFT, 0, 2), (SPACE, 2, 5), (DELETE, 7, 3), (DONE, 10, 3))
# SHIFT shows the case it changes to: "abc" while capitals are typed, "ABC" after.
LABELS = {SHIFT: N_("abc"), SPACE: N_("Space"), DELETE: N_("Delete"), DONE: N_("Done")}
CELL_W, CELL_H = 31, 31         # px at 1280x720: 13 keys across a typing seat's panel
PANEL = (412, 290)              # px: a typing seat's keyboard (six fit below the heading, 3 x 2)


class Outcome(Enum):
    TYPING = "typing"
    DONE = "done"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Key:
    key: str          # a letter typed as it is, or SHIFT / SPACE / DELETE / DONE
    row: int
    col: int
    span: int = 1


def grid() -> list[list[Key]]:
    rows = [[Key(letter, r, c) for c, letter in enumerate(text)] for r, text in enumerate(LETTER_ROWS)]
    return [*rows, [Key(name, len(LETTER_ROWS), col, span) for name, col, span in COMMAND_ROW]]


@dataclass(slots=True)
class NameKeys:
    """One seat's keyboard: the name so far, where the cursor is, and upper or lower case."""

    text: str = ""
    row: int = 0
    col: int = 0
    lower: bool = False           # the first letter is a capital; after it, small letters
    outcome: Outcome = Outcome.TYPING
    rows: list[list[Key]] = field(default_factory=grid)

    @property
    def key(self) -> Key:
        return next(k for k in self.rows[self.row] if k.col <= self.col < k.col + k.span)

    def shown(self, key: Key) -> str:
        """What a letter key types now (a small letter when lower; ß has no capital to show)."""
        return key.key.lower() if self.lower and len(key.key) == 1 else key.key

    # ----- by pad ---------------------------------------------------------------
    def update(self, cmd: Command) -> Outcome:
        """One tick of a seat's command (directions already repeating, as the menus get them)."""
        if cmd.pressed & (Button.LEFT | Button.RIGHT):
            self._across(-1 if cmd.pressed & Button.LEFT else 1)
        if cmd.pressed & (Button.UP | Button.DOWN):
            self.row = (self.row + (-1 if cmd.pressed & Button.UP else 1)) % len(self.rows)
        if cmd.pressed & Button.A:
            self.press(self.key)
        elif cmd.pressed & Button.B:
            self.delete()
        if cmd.pressed & (Button.START | Button.Y) and self.outcome is Outcome.TYPING:
            self.outcome = Outcome.DONE
        return self.outcome

    def _across(self, step: int) -> None:
        """To the next key left or right, round to the other side at an edge (onto a wide key's start)."""
        key = self.key
        self.col = (key.col + key.span) % COLUMNS if step > 0 else (key.col - 1) % COLUMNS
        self.col = self.key.col

    def press(self, key: Key) -> None:
        if key.key == SHIFT:
            self.lower = not self.lower
        elif key.key == SPACE:
            self.type_text(" ")
        elif key.key == DELETE:
            self.delete()
        elif key.key == DONE:
            self.outcome = Outcome.DONE
        else:
            self.type_text(self.shown(key))

    # ----- by pad or by keyboard ------------------------------------------------
    def type_text(self, text: str) -> None:
        """Letters typed (a keyboard's text, or a key's letter): up to MAX_NAME, no control characters."""
        for char in text:
            if len(self.text) >= MAX_NAME or not char.isprintable() or (char == " " and not self.text):
                continue
            self.text += char
            self.lower = True

    def delete(self) -> None:
        """Backspace; on an empty name, cancel."""
        if not self.text:
            self.outcome = Outcome.CANCELLED
            return
        self.text = self.text[:-1]
        self.lower = bool(self.text)


# ---------------------------------------------------------------- drawing
def draw(surface: pygame.Surface, ui: UI, rect: pygame.Rect, keys: NameKeys, colour: tuple[int, int, int],
         heading: str, problem: str | None) -> None:
    """A typing seat's keyboard in `rect` (PANEL's size): the heading (or the problem with the name:
    a taken one), the name so far and the keys, the focused one lit in the seat's colour."""
    widgets.panel(surface, ui, rect, focused=True, border=colour)
    said, tone = (say(problem), "accent_2") if problem else (heading, "text_dim")   # a refusal in the heading's place
    widgets.blit_text(surface, ui, widgets.fit_text(ui, said, rect.w - 32), "small", tone,
                      midleft=(rect.x + 16, rect.y + 22))
    field_rect = pygame.Rect(rect.x + 14, rect.y + 40, rect.w - 28, 40)
    widgets.rounded_box(surface, ui.colour("background"), field_rect, radius=8)
    name = widgets.fit_text(ui, keys.text + "_", field_rect.w - 20, "body")
    widgets.blit_text(surface, ui, name, "body", "text", midleft=(field_rect.x + 10, field_rect.centery))
    grid_top = rect.bottom - 10 - CELL_H * len(keys.rows)
    left = rect.centerx - CELL_W * COLUMNS // 2
    for row in keys.rows:
        for key in row:
            _draw_key(surface, ui, keys, key, pygame.Rect(left + key.col * CELL_W, grid_top + key.row * CELL_H,
                                                          key.span * CELL_W, CELL_H), colour)


def _draw_key(surface: pygame.Surface, ui: UI, keys: NameKeys, key: Key, cell: pygame.Rect,
              colour: tuple[int, int, int]) -> None:
    focused = key == keys.key
    box = cell.inflate(-3, -3)
    widgets.rounded_box(surface, colour if focused else ui.colour("panel_focus"), box, radius=6)
    if key.key in LABELS:
        label = _(LABELS[key.key])
        label = widgets.fit_text(ui, label.upper() if key.key == SHIFT and keys.lower else label, box.w - 6)
    else:
        label = keys.shown(key)
    widgets.blit_text(surface, ui, label, "small", "background" if focused else "text", center=box.center)
