"""Text that names buttons, drawn with each button as the key caps of every device that presses it.

A sentence such as "X roll  A grab  Y join the queue" (translated as usual: the button words stay
"A", "X", "LB"...) is drawn with each button word replaced by its caps: the glyph of each pad
family at the table and the key of each keyboard half ([X][E][RCtrl] roll...), from `names`
(button -> the names of every device in play for it, in seat order). One picture per sentence,
size, colour, names and width, cached: nothing is rendered again while it does not change.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

import pygame

from game.input.families import button_runs
from game.render import glyphs
from game.render.icons import INK, outlined_text
from game.render.widgets import wrap

if TYPE_CHECKING:
    from game.render.ui import UI

Colour = tuple[int, int, int]
KeyNames = Mapping[str, Sequence[str]]
CAP_GAP = 3        # px between two caps of one button
LINE_GAP = 2       # px between lines

_cache: dict[tuple[object, ...], pygame.Surface] = {}


def keyed_text(ui: "UI", text: str, size: int, colour: Colour, names: KeyNames, width: int = 0,
               outline: int = 0, centred: bool = True) -> pygame.Surface:
    """`text` with its button words as caps, wrapped to `width` px (0: one line), each line centred
    (or left-aligned). `outline`: the words outlined in ink that wide (over the map), else plain."""
    key = (text, size, colour, _frozen(names), width, outline, centred, ui.text.scale)
    made = _cache.get(key)
    if made is None:
        if len(_cache) > 200:
            _cache.clear()
        made = _cache[key] = _make(ui, text, size, colour, names, width, outline, centred)
    return made


def has_caps(text: str, names: KeyNames) -> bool:
    """Whether `text` names a button someone in play has a name for (drawn as caps)."""
    return any(labels for _run, labels in _runs(text, names))


def keyed_width(ui: "UI", text: str, size: int, names: KeyNames, outline: int = 0) -> int:
    """How wide `text` is drawn on one line (measured, nothing rendered but cached caps)."""
    height = cap_height(ui, size)
    total = 0
    for run, labels in _runs(text, names):
        if labels:
            total += _caps_width(ui, labels, height)
        elif run:
            total += _words(ui, run, size, (0, 0, 0), outline).get_width() if outline else ui.text.width(run, size)
    return total


def _runs(text: str, names: KeyNames) -> list[tuple[str, Sequence[str]]]:
    """`text` as runs of words and of buttons with their caps; a button nobody has a name for
    stays a word of the text around it."""
    out: list[tuple[str, Sequence[str]]] = []
    for run, button in button_runs(text):
        labels = names.get(run, ()) if button else ()
        if not labels and out and not out[-1][1]:
            out[-1] = (out[-1][0] + run, ())
        else:
            out.append((run, labels))
    return out


def cap_height(ui: "UI", size: int) -> int:
    """A cap as tall as the words' capitals and a little more: it sits in the line."""
    return max(24, round(ui.text.line_height(size) * 0.9))


def _make(ui: "UI", text: str, size: int, colour: Colour, names: KeyNames, width: int, outline: int,
          centred: bool) -> pygame.Surface:
    lines = wrap(text, lambda t: keyed_width(ui, t, size, names, outline) <= width) if width else [text]
    rows = [_line(ui, line, size, colour, names, outline) for line in lines]
    out = pygame.Surface((max((r.get_width() for r in rows), default=1),
                          sum(r.get_height() for r in rows) + LINE_GAP * max(0, len(rows) - 1)), pygame.SRCALPHA)
    y = 0
    for row in rows:
        out.blit(row, row.get_rect(midtop=(out.get_width() // 2, y)) if centred else (0, y))
        y += row.get_height() + LINE_GAP
    return out


def _line(ui: "UI", line: str, size: int, colour: Colour, names: KeyNames, outline: int) -> pygame.Surface:
    height = cap_height(ui, size)
    pieces: list[tuple[pygame.Surface, int]] = []     # (picture, the gap after it)
    for run, labels in _runs(line, names):
        if labels:
            pieces += [(glyphs.badge(ui, label, height), CAP_GAP) for label in labels]
        elif run:
            pieces.append((_words(ui, run, size, colour, outline), 0))
    tall = max([height, *(p.get_height() for p, _gap in pieces)])
    out = pygame.Surface((max(1, sum(p.get_width() + gap for p, gap in pieces)), tall), pygame.SRCALPHA)
    x = 0
    for piece, gap in pieces:
        out.blit(piece, piece.get_rect(midleft=(x, tall // 2)))
        x += piece.get_width() + gap
    return out


def _words(ui: "UI", run: str, size: int, colour: Colour, outline: int) -> pygame.Surface:
    """The words between caps: the menus' text, or outlined in ink (over the map, at its fixed size)."""
    return outlined_text(run, size, colour, INK, width=outline) if outline else ui.render(run, size, colour)


def _caps_width(ui: "UI", labels: Sequence[str], height: int) -> int:
    return sum(glyphs.badge(ui, label, height).get_width() + CAP_GAP for label in labels)


def _frozen(names: KeyNames) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`names` as a cache key (a label keeps its family: the glyph is drawn in its look)."""
    return tuple(sorted((button, tuple(f"{getattr(label, 'family', '')}:{label}" for label in labels))
                        for button, labels in names.items()))
