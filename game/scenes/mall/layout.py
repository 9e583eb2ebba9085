"""Where everything of the mall screen goes at 1280x720: the map area and one HUD panel per seat.

Pure geometry (pygame Rects only), computed once per match: the map is scaled
into the top of the screen, the panels share a band along the bottom. A panel
is "wide" (card viewer left, list right) when there is room, else "narrow"
(card viewer and button hints on top, the list below in two rows). Either way
every list item is at least LIST_ITEM px: the sofa's size bar (docs/READABILITY.md).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

SCREEN = (1280, 720)
BAND_H = 244          # the HUD band along the bottom
BAND_NARROW_H = 284   # 5-6 seats: a taller band, so the list's two rows and the card both read
EDGE = 6              # margin around and between panels
HEADER_H = 30         # a panel's name row
MAX_PANEL_W = 560     # with 1-2 players the panels do not stretch across the whole screen
WIDE_FROM = 300       # panels at least this wide put the list beside the viewer
CARD_ASPECT = 0.80    # viewer card width / height
LIST_ITEM = 59        # the smallest a list / hand item box is drawn (px): the slimmest garment (a sweater, 82% of its box) >= 48 px
LIST_ROW = LIST_ITEM + 6   # one objective card's row: items plus its frame
LIST_MIN_W = 3 * LIST_ITEM + 8   # a list column must hold an objective of 3 items


@dataclass(frozen=True)
class PanelLayout:
    """One seat's panel. Every rect is in screen pixels."""

    rect: pygame.Rect
    header: pygame.Rect
    viewer: pygame.Rect      # the big card
    side: pygame.Rect        # beside the viewer: status and button hints (narrow) or nothing
    info: pygame.Rect        # the list / hand / placed cards
    hints: pygame.Rect       # button hints: a row under viewer and list (wide), the side strip (narrow)
    wide: bool

    @property
    def body(self) -> pygame.Rect:
        """Everything under the header: what the Memory study shows the list across."""
        return self.viewer.union(self.info).union(self.side).union(self.hints)


@dataclass(frozen=True)
class MallLayout:
    map_rect: pygame.Rect    # where the scaled level is drawn
    scale: float             # level px -> screen px
    panels: tuple[PanelLayout, ...]

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.map_rect.x + x * self.scale), round(self.map_rect.y + y * self.scale))


def compute_layout(level_size: tuple[int, int], seats: int) -> MallLayout:
    """The map scaled into the area above the HUD band, and `seats` panels in the band."""
    w, h = SCREEN
    n = max(1, seats)
    pw = min(MAX_PANEL_W, (w - EDGE * (n + 1)) // n)
    band = BAND_H if pw >= WIDE_FROM else BAND_NARROW_H
    area_h = h - band - EDGE
    lw, lh = level_size
    scale = min(w / lw, area_h / lh)
    mw, mh = round(lw * scale), round(lh * scale)
    map_rect = pygame.Rect((w - mw) // 2, max(0, (area_h - mh) // 2), mw, mh)
    total = pw * n + EDGE * (n - 1)
    x0 = (w - total) // 2
    y0 = h - band + EDGE // 2
    ph = band - EDGE - EDGE // 2
    panels = tuple(_panel(pygame.Rect(x0 + i * (pw + EDGE), y0, pw, ph)) for i in range(n))
    return MallLayout(map_rect, scale, panels)


def _panel(rect: pygame.Rect) -> PanelLayout:
    pad = 8
    header = pygame.Rect(rect.x + pad, rect.y + 4, rect.w - 2 * pad, HEADER_H)
    body = pygame.Rect(rect.x + pad, header.bottom + 4, rect.w - 2 * pad, rect.bottom - header.bottom - 4 - pad)
    if rect.w >= WIDE_FROM:
        hints = pygame.Rect(body.x, body.bottom - 24, body.w, 24)
        card_h = body.h - hints.h - 4
        card_w = min(round(body.h * CARD_ASPECT), body.w // 2, body.w - pad - LIST_MIN_W)
        viewer = pygame.Rect(body.x, body.y, card_w, card_h)
        info = pygame.Rect(viewer.right + pad, body.y, body.right - viewer.right - pad, card_h)
        side = pygame.Rect(viewer.right, body.y, 0, 0)
        return PanelLayout(rect, header, viewer, side, info, hints, True)
    list_h = 2 * LIST_ROW + 4
    card_h = body.h - list_h - 6
    card_w = min(body.w - 84, round(card_h * 0.95))
    viewer = pygame.Rect(body.x, body.y, card_w, card_h)
    side = pygame.Rect(viewer.right + 4, body.y, body.right - viewer.right - 4, card_h)
    info = pygame.Rect(body.x, body.bottom - list_h, body.w, list_h)
    return PanelLayout(rect, header, viewer, side, info, side, False)
