"""Tidying Up's dresser locators: the copy of each dresser's card drawn on the map.

A locator is made to be recognised from the sofa, not to copy the card's look: no
heading, its items side by side in LIST_ITEM boxes (the slimmest garment >= 48 px,
docs/READABILITY.md), ticks on what is filled, the bags as a tab on its top edge.
Where dressers crowd, a locator moves further out from its chair (with a leader line
back to it) rather than shrinking.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.render import clothing
from game.render.icons import bag_icon, rounded_card
from game.scenes.mall.layout import LIST_ITEM

PAD = 4          # card edge to item box
GAP = 3          # between item boxes
TAB = 12         # the bag tab's room at the top
BAG = 18         # a bag icon on the tab
PAPER = (255, 247, 228)
BORDER = (226, 170, 60)


def locator_size(items: int) -> tuple[int, int]:
    """A locator's size for a card of `items` items."""
    return 2 * PAD + items * LIST_ITEM + (items - 1) * GAP, 2 * PAD + TAB + LIST_ITEM


def locator_surface(looks: Sequence[Any], bags: int, filled: Sequence[bool], colourblind: bool) -> pygame.Surface:
    """The locator for a dresser's card: items (catalogue items) with ticks where filled."""
    w, h = locator_size(len(looks))
    card = rounded_card((w, h), PAPER, BORDER, border_ratio=0.03)
    for i in range(bags):
        card.blit(bag_icon(BAG), (PAD + 2 + i * (BAG + 2), 1))
    tick = round(LIST_ITEM * 0.36)
    for i, look in enumerate(looks):
        slot = pygame.Rect(PAD + i * (LIST_ITEM + GAP), PAD + TAB, LIST_ITEM, LIST_ITEM)
        pygame.draw.rect(card, (255, 255, 255), slot, border_radius=LIST_ITEM // 8)
        # through the module, so a measuring test sees every garment drawn
        art = clothing.item_surface(look.garment, look.hex, look.pattern, LIST_ITEM, colourblind, look.cb_hex)
        card.blit(art, slot.topleft)
        if i < len(filled) and filled[i]:
            card.blit(clothing.mark_surface("filled", tick), (slot.right - tick + tick // 6, slot.top - tick // 3))
    return card


def place_locators(wanted: Sequence[tuple[int, int, int, tuple[int, int]]], area: pygame.Rect,
                   half: int, strip_h: int, avoid: Sequence[pygame.Rect] = ()) -> dict[int, pygame.Rect]:
    """Where each locator goes: wanted = (index, chair x, chair y, size) in screen px.

    Beside the chair (above, below, left or right) where that covers no other locator, no pile
    (`avoid`) and stays on the map; else the same sides further out, step by step; else the
    spot that covers the least (another locator counting most). Each rect includes the count
    strip under the card."""
    taken: list[pygame.Rect] = []
    spots: dict[int, pygame.Rect] = {}
    for index, cx, cy, (cw, ch) in wanted:
        full = ch + strip_h
        best: tuple[int, pygame.Rect] | None = None
        for out in (0, 16, 32, 56, 84, 120, 160):
            xs = (cx - cw // 2, cx - half, cx + half - cw)
            choices = ([pygame.Rect(x, cy - half - out - full, cw, full) for x in xs]
                       + [pygame.Rect(x, cy + half + out, cw, full) for x in xs]
                       + [pygame.Rect(cx + half + out, cy - full // 2, cw, full),
                          pygame.Rect(cx - half - out - cw, cy - full // 2, cw, full)])
            for rect in choices:
                if not area.contains(rect):
                    continue
                cover = (4 * sum(rect.clip(t).w * rect.clip(t).h for t in taken)
                         + sum(rect.clip(t).w * rect.clip(t).h for t in avoid))
                if best is None or cover < best[0]:
                    best = (cover, rect)
            if best is not None and best[0] == 0:
                break
        if best is None:      # a chair at the map's edge: above it, clamped to the map
            rect = pygame.Rect(0, 0, cw, full)
            rect.midbottom = (cx, cy - half)
            best = (0, rect.clamp(area))
        taken.append(best[1])
        spots[index] = best[1]
    return spots
