"""A refused action's reason across a mall panel, for a moment: over the card viewer (and a
narrow panel's hint strip), or across the whole body when too long for that."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import TICK_RATE
from game.input.families import say
from game.render import widgets
from game.render.palette import REJECT_FILL, WHITE
from game.scenes.mall.layout import PanelLayout
from game.scenes.reasons import say_reason

if TYPE_CHECKING:
    from game.render.ui import UI
    from game.sim.mall_face import MallForPanels

REJECT_TICKS = int(2.5 * TICK_RATE)


def rejecting(sim: "MallForPanels", seat: int) -> bool:
    """Whether the seat's last refusal is still shown."""
    reason, tick = sim.rejection(seat)
    return bool(reason) and tick >= 0 and sim.tick - tick <= REJECT_TICKS


def reason(sim: "MallForPanels", seat: int, labels: dict[str, str]) -> str:
    """Why the seat's last action was refused, in the player's language and keys ("Q is for Memory")."""
    return say(say_reason(sim.rejection(seat)[0]), labels)


def draw_refusal(surface: pygame.Surface, ui: "UI", said: str, p: PanelLayout) -> None:
    """The reason, wrapped to fit over the card viewer (with the hint strip, when narrow):
    never over the list, the objective rows or another line of text. A reason too long for
    that at 16 px takes the whole panel body for its moment (the list is not drawn)."""
    box, lines, size, step = refusal_fit(ui, said, p)
    lines = lines[:max(1, (box.h - 10) // step)]
    pygame.draw.rect(surface, REJECT_FILL, box, border_radius=10)
    pygame.draw.rect(surface, WHITE, box, 2, border_radius=10)
    top = box.centery - len(lines) * step // 2
    for i, line in enumerate(lines):
        text = ui.render(line, size, WHITE)
        surface.blit(text, text.get_rect(midtop=(box.centerx, top + i * step)))


def reject_box(p: PanelLayout) -> pygame.Rect:
    """Where a refusal shows: over the card viewer, and the hint strip beside it when narrow."""
    return p.viewer.copy() if p.wide else p.viewer.union(p.side)


def refusal_fit(ui: "UI", reason: str, p: PanelLayout) -> tuple[pygame.Rect, list[str], int, int]:
    """(box, lines, font size, line step) for a refusal: in reject_box at 19 px or the 16 px floor
    (sizes are pygame's, not pixels), else across the panel's body."""
    for box in (reject_box(p), p.body):
        for size in (28, 24):
            step = ui.text.line_height(size)
            lines = widgets.wrap_text(ui, reason, size, box.w - 12)
            if len(lines) * step + 10 <= box.h and all(ui.text.width(t, size) <= box.w - 8 for t in lines):
                return box, lines, size, step     # (a word longer than the box would run over its edge)
    return box, lines, size, step
