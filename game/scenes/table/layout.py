"""Where everything sits on the 1280x720 dice table: seat panels left and right,
products in the middle (at the places game.sim.table_cursor gives the cursors),
the checkout board with its queue spaces and bargains below, the top bar."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.sim.table_cursor import Place

SCREEN = (1280, 720)
SIDE_W = 244                   # a seat panel's width
MARGIN = 8
CENTRE = pygame.Rect(SIDE_W + 2 * MARGIN, 0, SCREEN[0] - 2 * (SIDE_W + 2 * MARGIN), SCREEN[1])
TOP_BAR = pygame.Rect(CENTRE.x, 6, CENTRE.w, 54)
PRODUCTS = pygame.Rect(CENTRE.x, 68, CENTRE.w, 392)
BOARD = pygame.Rect(CENTRE.x, 468, CENTRE.w, 246)
QUEUE_ROW = pygame.Rect(BOARD.x + 16, BOARD.y + 40, BOARD.w - 32, 50)
BARGAIN_ROW = pygame.Rect(BOARD.x + 12, BOARD.y + 96, BOARD.w - 24, BOARD.h - 102)
CARD_GAP = 12
MAX_CARD_W = 156
MAX_WIDE = 1.35                # a card at most this much wider than tall


@dataclass(frozen=True, slots=True)
class SeatPanel:
    seat: int
    rect: pygame.Rect
    left: bool        # on the left side of the table


def seat_panels(players: int) -> list[SeatPanel]:
    """Even seats down the left, odd seats down the right, each column centred."""
    panels = []
    for side in (0, 1):
        seats = list(range(side, players, 2))
        count = len(seats)
        h = min(232, (SCREEN[1] - 2 * MARGIN - (count - 1) * MARGIN) // max(1, count))
        top = (SCREEN[1] - count * h - (count - 1) * MARGIN) // 2
        x = MARGIN if side == 0 else SCREEN[0] - MARGIN - SIDE_W
        for i, seat in enumerate(seats):
            panels.append(SeatPanel(seat, pygame.Rect(x, top + i * (h + MARGIN), SIDE_W, h), side == 0))
    return sorted(panels, key=lambda p: p.seat)


def card_rects(places: list[Place], area: pygame.Rect, max_w: int = MAX_CARD_W,
               ratio: float = 4 / 3) -> list[pygame.Rect]:
    """One rect per place, the grid centred in `area`, cards as big as fit (w x w*ratio)."""
    if not places:
        return []
    half_cols = max(x for x, _ in places) + 2
    rows = max(r for _, r in places) + 1
    w = min(max_w, (area.w - (half_cols // 2 - 1) * CARD_GAP) // max(1, half_cols // 2))
    h = int(min(w * ratio, (area.h - (rows - 1) * CARD_GAP) / rows))
    # A crowded board (the bonus round) is short of height, not width: the cards get wider
    # rather than smaller, so names and stars keep a readable size.
    w = min(w, round(h * MAX_WIDE))
    step = (w + CARD_GAP) / 2
    grid_w = (half_cols / 2) * w + (half_cols / 2 - 1) * CARD_GAP
    grid_h = rows * h + (rows - 1) * CARD_GAP
    x0 = area.x + (area.w - grid_w) / 2
    y0 = area.y + (area.h - grid_h) / 2
    return [pygame.Rect(round(x0 + x * step), round(y0 + r * (h + CARD_GAP)), w, h) for x, r in places]


def solo_rects(places: list[Place], products: int, area: pygame.Rect) -> list[pygame.Rect]:
    """Solo bonus: products as cards in the upper part, the player's dice as a row below, on the
    right: the left keeps room for the two control hints beside them."""
    dice_h = 96
    top = pygame.Rect(area.x, area.y, area.w, area.h - dice_h - CARD_GAP)
    rects = card_rects(places[:products], top)
    dice = places[products:]
    side = 76
    total = len(dice) * side + (len(dice) - 1) * 24
    x0 = area.right - 12 - total
    y = area.bottom - dice_h + (dice_h - side) // 2
    rects += [pygame.Rect(x0 + i * (side + 24), y, side, side) for i in range(len(dice))]
    return rects


def queue_spaces(players: int) -> list[pygame.Rect]:
    """Queue spaces 0..players-1, left to right (the first to join sits rightmost)."""
    gap = 10
    w = min(150, (QUEUE_ROW.w - (players - 1) * gap) // players)
    total = players * w + (players - 1) * gap
    x0 = QUEUE_ROW.centerx - total // 2
    return [pygame.Rect(x0 + i * (w + gap), QUEUE_ROW.y, w, QUEUE_ROW.h) for i in range(players)]
