"""A mall panel's card viewer: the shown card of the pile held (how many cards it has on a
ribbon) or the card carried (where it goes), big enough to tell variants apart from a sofa; an
empty slot saying what to do when the hands are free; and the hints for what the buttons do."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.render import widgets
from game.render.clothing import item_card
from game.render.icons import text_surface
from game.render.palette import DIM, RIBBON_CARRY, RIBBON_PILE, SLOT_EMPTY, SLOT_FILL, WHITE
from game.render.text import NARROWEST, min_font_size
from game.scenes.mall.hud_bodies import PANELS
from game.scenes.mall.hud_hints import Hints
from game.scenes.mall.hud_kit import PanelKit
from game.scenes.mall.layout import PanelLayout
from game.text.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.sim.mall_face import MallForPanels

EDGE_PAD = 2         # room around a kept empty card slot: its dashes are 2 px wide, centred on its edge


class CardViewer:
    def __init__(self, kit: PanelKit, hints: Hints) -> None:
        self.kit = kit
        self.hints = hints

    def draw(self, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        kit = self.kit
        v = p.viewer
        panel = PANELS[sim.seat_view(seat).family.destination]
        pile = sim.held_pile(seat)
        carried = sim.carried(seat)
        card = sim.shown_card(seat)
        if pile is not None and card is not None:
            surface.blit(item_card(kit.cat.items[card], v.size, colourblind=kit.cb, colours=kit.cat), v)
            self._ribbon(surface, v, ngettext("{n} card", "{n} cards", sim.pile_count(pile)), RIBBON_PILE)
            keys = [("X", N_("flip")), ("A", N_("take")), ("B", N_("drop"))]
            self.hints.draw(surface, seat, p, panel.browsing(sim, seat, p, keys))
        elif carried is not None:
            surface.blit(item_card(kit.cat.items[carried], v.size, colourblind=kit.cb, colours=kit.cat), v)
            where, keys = panel.carrying(sim, seat)
            self._ribbon(surface, v, _(where), RIBBON_CARRY)
            self.hints.draw(surface, seat, p, keys)
        else:
            said = {"playing": N_("Find a pile"), "study": N_("Get ready!"), "countdown": N_("Get ready!")}.get(sim.phase)
            key = ("empty", v.size)
            art = kit.pieces.get(key)
            if art is None:
                art = kit.keep(key, _empty_viewer(v.size))
            surface.blit(art, (v.x - EDGE_PAD, v.y - EDGE_PAD))
            if said:   # drawn on the panel: at a large UI scale its lines may reach past the slot
                self._centred_lines(surface, _(said), v.inflate(-8, -8))
            if panel.idle_hints:
                self.hints.draw(surface, seat, p, [("A", N_("pick up"))] if sim.phase == "playing" else [])

    def _centred_lines(self, surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
        """`text` in DIM lines centred in `box`, at 26 or as large as fits it (a large UI scale)."""
        ui = self.kit.ui
        for size in range(26, 0, -2):
            lines = widgets.wrap_text(ui, text, size, box.w, narrows=True)
            step = ui.text.line_height(size) - 4
            if len(lines) * step <= box.h + 4 or ui.text.font(size).get_height() <= ui.text.font(0).get_height():
                break
        for i, line in enumerate(lines):
            drawn = ui.render(line, size, DIM, max_width=box.w)    # a word that cannot break narrows
            surface.blit(drawn, drawn.get_rect(center=(box.centerx, box.centery + round((i - (len(lines) - 1) / 2) * step))))

    def _ribbon(self, surface: pygame.Surface, v: pygame.Rect, text: str, fill: tuple[int, int, int]) -> None:
        """A label across the card's foot; on a narrow viewer it narrows (never shrinks under the
        sofa bar), then takes two lines ("to" / "DRESSER")."""
        kit = self.kit
        key = ("ribbon", text, fill, v.w, kit.ui.text.scale)
        art = kit.pieces.get(key)
        if art is None:
            art = kit.keep(key, self._ribbon_art(v.w, text, fill))
        surface.blit(art, art.get_rect(midbottom=(v.centerx, v.bottom - 4)))

    def _ribbon_art(self, width: int, text: str, fill: tuple[int, int, int]) -> pygame.Surface:
        room = width - 12
        lines = [text]
        if self.kit.ui.text.width(text, 20) * NARROWEST > room and " " in text:
            cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - len(text) / 2))
            lines = [text[:cut], text[cut + 1:]]
        labels = [text_surface(line, min_font_size(), WHITE, max_width=room)
                  for line in lines]
        h = sum(label.get_height() for label in labels) - 4 * (len(labels) - 1)
        rect = pygame.Rect(0, 0, max(label.get_width() for label in labels) + 12, h + 4)
        out = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(out, fill, rect, border_radius=8)
        y = rect.y + 2
        for label in labels:
            out.blit(label, label.get_rect(midtop=(rect.centerx, y)))
            y += label.get_height() - 4
        return out


def _empty_viewer(size: tuple[int, int]) -> pygame.Surface:
    """No card in hand: an empty slot at (EDGE_PAD, EDGE_PAD), room around it for the dashes'
    width over its edge."""
    out = pygame.Surface((size[0] + 2 * EDGE_PAD, size[1] + 2 * EDGE_PAD), pygame.SRCALPHA)
    v = pygame.Rect((EDGE_PAD, EDGE_PAD), size)
    pygame.draw.rect(out, SLOT_FILL, v, border_radius=12)
    _dashed_round(out, SLOT_EMPTY, v)
    return out


def _dashed_round(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect) -> None:
    """A dashed frame (an empty slot)."""
    dash = 6
    for x in range(rect.left + 6, rect.right - 6, dash * 2):
        end = min(x + dash, rect.right - 6)
        pygame.draw.line(surface, colour, (x, rect.top), (end, rect.top), 2)
        pygame.draw.line(surface, colour, (x, rect.bottom - 1), (end, rect.bottom - 1), 2)
    for y in range(rect.top + 6, rect.bottom - 6, dash * 2):
        end = min(y + dash, rect.bottom - 6)
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end), 2)
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end), 2)
