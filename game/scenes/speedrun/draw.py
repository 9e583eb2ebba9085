"""Drawing pieces shared by the speedrun scenes: delta colours, a steady timer face, split rows."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.text.i18n import N_, _
from game.render.icons import INK, outlined_text
from game.render.palette import (AHEAD_GAINING, AHEAD_LOSING, BEHIND_GAINING, BEHIND_LOSING, BEST_SPLIT, CREAM, DIM,
                                 EDGE, GOLD, RUN_CURRENT, RUN_PANEL, SHADOW)
from game.speedrun.splits import Splits
from game.speedrun.timer import format_ticks

if TYPE_CHECKING:
    from game.render.ui import UI

# What the speedrun scenes draw with: this module's pieces and the palette's colours they share.
__all__ = ["CREAM", "CURRENT", "DIM", "GOLD", "PANEL", "PANEL_EDGE", "SPLIT_NAMES", "STATE_COLOURS", "WHITE", "box",
           "glyph", "say_split", "split_rows", "steady_text", "steady_width"]

# LiveSplit's default colours (runners read them without thinking), a touch brighter for a TV.
STATE_COLOURS = {
    "best": BEST_SPLIT,                 # gold: a best segment
    "ahead_gaining": AHEAD_GAINING,     # ahead and gaining
    "ahead_losing": AHEAD_LOSING,       # ahead but losing time: paler green
    "behind_gaining": BEHIND_GAINING,   # behind but gaining: paler red
    "behind_losing": BEHIND_LOSING,     # behind and losing: strong red
    "none": CREAM,
}
WHITE = CREAM   # the speedrun screens' text (the scenes import WHITE, DIM and GOLD from here)
PANEL = RUN_PANEL
PANEL_EDGE = EDGE
CURRENT = RUN_CURRENT

_glyphs: dict[tuple[object, ...], pygame.Surface] = {}


def glyph(ch: str, px: int, colour: tuple[int, int, int], outline: int) -> pygame.Surface:
    key = (ch, px, colour, outline)
    surf = _glyphs.get(key)
    if surf is None:
        if len(_glyphs) > 600:
            _glyphs.clear()
        surf = _glyphs[key] = outlined_text(ch, px, colour, INK, width=outline)
    return surf


def steady_text(surface: pygame.Surface, text: str, px: int, colour: tuple[int, int, int],
                anchor: tuple[int, int], align: str = "right", outline: int = 3) -> pygame.Rect:
    """Digits in fixed-width cells, so a running timer does not wobble as its digits change. A cell
    holds its glyph's outline too: neighbours never touch (no text over text)."""
    widths = _cells(text, px, colour, outline)
    total = sum(widths)
    x = anchor[0] - total if align == "right" else anchor[0] - total // 2 if align == "center" else anchor[0]
    y = anchor[1]
    start = x
    height = 0
    for c, w in zip(text, widths):
        g = glyph(c, px, colour, outline)
        surface.blit(g, (x + (w - g.get_width()) // 2, y))
        height = max(height, g.get_height())
        x += w
    return pygame.Rect(start, y, total, height)


def _cells(text: str, px: int, colour: tuple[int, int, int], outline: int) -> list[int]:
    cell = max(glyph(d, px, colour, outline).get_width() for d in "0123456789")
    return [cell if c.isdigit() else glyph(c, px, colour, outline).get_width() for c in text]


def steady_width(text: str, px: int, colour: tuple[int, int, int], outline: int = 3) -> int:
    """How wide steady_text draws `text`."""
    return sum(_cells(text, px, colour, outline))


def box(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, int, int] = PANEL_EDGE) -> None:
    pygame.draw.rect(surface, SHADOW, rect.move(0, 4), border_radius=14)
    pygame.draw.rect(surface, PANEL, rect, border_radius=14)
    pygame.draw.rect(surface, edge, rect, 3, border_radius=14)


# Split names are recorded in English (records, replays, LiveSplit files stay the same in every
# language) and said in the player's language where they are drawn.
SPLIT_NAMES = (N_("Card {n}"), N_("Item {n}"), N_("Round {n}"), N_("All tidy"), N_("Bonus & scores"), "SOLD OUT!",
               N_("Split {n}"))


def say_split(name: str) -> str:
    """A recorded split name ("Card 3") in the player's language."""
    head, _sep, number = name.rpartition(" ")
    for template in SPLIT_NAMES:
        if number.isdigit() and template == head + " {n}":
            return _(template).format(n=number)
    return _(name) if name in SPLIT_NAMES else name


def split_rows(surface: pygame.Surface, ui: UI, rect: pygame.Rect, splits: Splits, now: int | None,
               rows: int, size: int = 22) -> None:
    """LiveSplit-style rows: name, delta (coloured), time; the current split highlighted with a
    live delta; a window of `rows` rows that follows the current split."""
    n = len(splits.names)
    current = splits.index
    first = max(0, min(current - rows + 2, n - rows))
    row_h = rect.h // rows
    for r, i in enumerate(range(first, min(n, first + rows))):
        y = rect.y + r * row_h
        row = pygame.Rect(rect.x, y, rect.w, row_h)
        if i == current and now is not None:
            pygame.draw.rect(surface, CURRENT, row.inflate(6, 0), border_radius=6)
        name = ui.render(say_split(splits.names[i]), size, WHITE if i <= current else DIM)
        surface.blit(name, (row.x + 6, row.centery - name.get_height() // 2))
        if i < len(splits.times):
            time_text = format_ticks(splits.times[i])
            delta = splits.delta(i)
            state = splits.state(i)
            if delta is not None or state == "best":
                shown = format_ticks(delta, sign=True) if delta is not None else "gold"
                d = ui.render(shown, size, STATE_COLOURS[state])
                surface.blit(d, (row.right - 96 - d.get_width(), row.centery - d.get_height() // 2))
        elif i == current and now is not None:
            live, state = splits.live_delta(now)
            if live is not None:
                d = ui.render(format_ticks(live, sign=True), size, STATE_COLOURS[state])
                surface.blit(d, (row.right - 96 - d.get_width(), row.centery - d.get_height() // 2))
            pb = splits.comparison.pb_at(i)
            time_text = format_ticks(pb) if pb is not None else "-"
        else:
            pb = splits.comparison.pb_at(i)
            time_text = format_ticks(pb) if pb is not None else "-"
        t = ui.render(time_text, size, WHITE if i < len(splits.times) else DIM)
        surface.blit(t, (row.right - 6 - t.get_width(), row.centery - t.get_height() // 2))
