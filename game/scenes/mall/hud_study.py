"""Memory's study on a mall panel: the list across the whole panel, big, and under it a row of
its own for "A ready" or READY."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.render.clothing import mark_surface
from game.render.palette import READY_GREEN, WHITE
from game.scenes.mall.hud_bodies import PanelBodies
from game.scenes.mall.layout import PanelLayout
from game.text.i18n import N_, _

if TYPE_CHECKING:
    from game.sim.mall_face import MallForPanels

STUDY_ROW_H = 28     # the Memory study's "A ready" / READY row under the list


def draw_study(bodies: PanelBodies, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
    """The list across the panel, and under it a row of its own for "A ready" / READY."""
    cat = bodies.kit.cat
    row = pygame.Rect(p.body.x, p.body.bottom - STUDY_ROW_H, p.body.w, STUDY_ROW_H)
    body = p.body.copy()
    body.h -= STUDY_ROW_H + 4
    groups = [(list(cat.objectives[c].items), cat.objectives[c].bags, 0) for c in sim.shopping_list(seat)]
    gap = 6
    stacked = min((body.w - 6) // 3, (body.h - gap) // 2 - 14)
    beside = min(((body.w - gap) // 2 - 6) // 3, body.h - 14)
    size = max(stacked, beside)
    for i, (items, bags, placed) in enumerate(groups):
        if size == stacked:
            rect = pygame.Rect(body.x, body.y + i * ((body.h - gap) // 2 + gap), body.w, (body.h - gap) // 2)
        else:
            rect = pygame.Rect(body.x + i * ((body.w - gap) // 2 + gap), body.y, (body.w - gap) // 2, body.h)
        bodies.group(surface, rect, items, bags, placed, size, None)
    if sim.by_seat[seat].ready:
        mark = mark_surface("right", STUDY_ROW_H)
        ready = bodies.kit.ui.render(_("READY"), 22, WHITE)
        pill = ready.get_rect(midright=(row.right - STUDY_ROW_H - 4, row.centery)).inflate(14, 2)
        surface.blit(mark, (row.right - STUDY_ROW_H, row.y))
        pygame.draw.rect(surface, READY_GREEN, pill, border_radius=10)
        surface.blit(ready, ready.get_rect(center=pill.center))
    else:
        bodies.hints.draw(surface, seat, p, [("A", N_("ready"))], at=row)
