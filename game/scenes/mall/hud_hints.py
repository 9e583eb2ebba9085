"""The mall panels' button hints: a key cap and its word ("A pick up"), in a row under a wide
panel's list or a column down a narrow panel's side strip, in each seat's own key names."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.render import glyphs
from game.render.palette import DIM
from game.scenes.mall.hud_kit import PIECES_KEPT, PanelKit
from game.scenes.mall.layout import PanelLayout
from game.text.i18n import _

if TYPE_CHECKING:
    from game.render.ui import UI

NARROW_HINT_H = 28   # one hint line (key cap and word) in a narrow panel's side strip


class Hints:
    def __init__(self, kit: PanelKit) -> None:
        self.kit = kit
        self._laid: dict[tuple[object, ...], list[tuple[pygame.Surface, tuple[int, int]]]] = {}

    def label(self, seat: int, key: str) -> str:
        names = self.kit.labels.get(seat, {})
        parts = [names.get(part, part) for part in key.split("/")]
        return parts[0] if len(parts) == 1 else "/".join(parts)   # one part keeps its family's glyph look

    def draw(self, surface: pygame.Surface, seat: int, p: PanelLayout, items: list[tuple[str, str]],
             at: pygame.Rect | None = None) -> None:
        """Button hints: a column in the narrow panels' side strip, a row under the list when wide
        (or a row in `at`). Laid out once per set of hints and place, then blitted as laid out."""
        kit = self.kit
        if kit.hushed or kit.bots[seat]:    # a bot presses no button: its panel names none
            return
        items = [(self.label(seat, key), _(word)) for key, word in items]   # words are marked N_()
        area = (at or p.hints) if p.wide or at is not None else p.side
        key = ("hints", tuple((str(k), getattr(k, "family", ""), w) for k, w in items), p.wide or at is not None,
               tuple(area), kit.ui.text.scale)
        laid = self._laid.get(key)
        if laid is None:
            if len(self._laid) >= PIECES_KEPT:
                self._laid.clear()
            laid = self._laid[key] = self._lay(items, area, p.wide or at is not None)
        surface.fblits(laid)

    def _lay(self, items: list[tuple[str, str]], area: pygame.Rect,
             row: bool) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The hints' pieces and where they go: a row in `area`, or a column down the side strip."""
        ui = self.kit.ui
        out: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if row:
            x = area.x
            for key, word in items:   # as many as fit the row (long keyboard key names take room)
                if x + _keycap_width(ui, key, word) > area.right:
                    break
                x = _keycap(out, ui, key, word, x, area.centery - 12) + 14
            return out
        s = area
        y = s.y + 2
        for key, word in items:
            cap = glyphs.badge(ui, key, 24)   # the seat's own pad family's glyph, or its key's name
            box = cap.get_rect(topleft=(s.x + 2, y))
            word_s = ui.render(word, 16, DIM)
            under = box.right + 4 + word_s.get_width() > s.right   # a long key name: the word goes under it
            if box.bottom + (word_s.get_height() if under else 0) > s.bottom:
                break      # no room left in the strip: the rest are left out, never drawn over the list
            out.append((cap, box.topleft))
            if under:
                out.append((word_s, (s.x + 2, box.bottom)))
                y += word_s.get_height()
            else:
                out.append((word_s, word_s.get_rect(midleft=(box.right + 4, box.centery)).topleft))
            y += NARROW_HINT_H
        return out


def _keycap_width(ui: "UI", key: str, word: str) -> int:
    return glyphs.badge(ui, key, 24).get_width() + 5 + ui.render(word, 20, DIM).get_width()


def _keycap(out: list[tuple[pygame.Surface, tuple[int, int]]], ui: "UI", key: str, word: str, x: int,
            y: int) -> int:
    """A small button glyph and its meaning at (x, y), added to `out` to blit; returns the right edge."""
    cap = glyphs.badge(ui, key, 24)
    box = cap.get_rect(topleft=(x, y))
    text = ui.render(word, 20, DIM)
    out += [(cap, (x, y)), (text, (box.right + 5, box.centery - text.get_height() // 2))]
    return box.right + 5 + text.get_width()
