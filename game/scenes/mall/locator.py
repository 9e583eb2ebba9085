"""Tidying Up's dresser locators: the copy of each dresser's card drawn on the map.

A locator is made to be recognised from the sofa, not to copy the card's look: no
heading, its items side by side in LIST_ITEM boxes (the slimmest garment >= 48 px,
docs/READABILITY.md), ticks on what is filled, the bags as a tab on its top edge.
It goes where it hides least of the mall (walls and shelves before open floor, never
over another locator, nor over the Starting Table where every shopper starts) and moves
further out from its chair (with a leader line back to it) rather than shrinking. The map draws it under the piles and shoppers, rings its
chair over it, and lets its paper fade while no shopper is near.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.render import clothing
from game.render.icons import bag_icon, rounded_card
from game.render.palette import PAPER, PAPER_EDGE, WHITE
from game.scenes.mall.layout import LIST_ITEM

PAD = 4          # card edge to item box
GAP = 3          # between item boxes
TAB = 12         # the bag tab's room at the top
BAG = 18         # a bag icon on the tab
BORDER = PAPER_EDGE


def locator_size(items: int) -> tuple[int, int]:
    """A locator's size for a card of `items` items."""
    return 2 * PAD + items * LIST_ITEM + (items - 1) * GAP, 2 * PAD + TAB + LIST_ITEM


def locator_surface(looks: Sequence[Any], bags: int, filled: Sequence[bool], colourblind: bool,
                    paper: int = 255) -> pygame.Surface:
    """The locator for a dresser's card: items (catalogue items) with ticks where filled.

    `paper` < 255 draws the card and the item boxes see-through (the garments, bags and ticks stay
    solid): a locator nobody is near lets the mall under it show."""
    w, h = locator_size(len(looks))
    card = rounded_card((w, h), PAPER, BORDER, border_ratio=0.03)
    slots = [pygame.Rect(PAD + i * (LIST_ITEM + GAP), PAD + TAB, LIST_ITEM, LIST_ITEM) for i in range(len(looks))]
    for slot in slots:
        pygame.draw.rect(card, WHITE, slot, border_radius=LIST_ITEM // 8)
    if paper < 255:    # alpha times paper/255, colours kept
        card.fill((255, 255, 255, paper), special_flags=pygame.BLEND_RGBA_MULT)
    for i in range(bags):
        card.blit(bag_icon(BAG), (PAD + 2 + i * (BAG + 2), 1))
    tick = round(LIST_ITEM * 0.36)
    for i, (look, slot) in enumerate(zip(looks, slots)):
        # through the module, so a measuring test sees every garment drawn
        art = clothing.item_surface(look.garment, look.hex, look.pattern, LIST_ITEM, colourblind, look.cb_hex)
        card.blit(art, slot.topleft)
        if i < len(filled) and filled[i]:
            card.blit(clothing.mark_surface("filled", tick), (slot.right - tick + tick // 6, slot.top - tick // 3))
    return card


OUTS = (0, 16, 32, 56, 84, 120, 160)   # px from the chair a locator may move out, step by step
AVOID_WEIGHT = 6      # per px of a pile or a dresser's chair


def place_locators(wanted: Sequence[tuple[int, int, int, tuple[int, int]]], area: pygame.Rect,
                   half: int, strip_h: int, avoid: Sequence[pygame.Rect] = (),
                   floor: Callable[[pygame.Rect], int] | None = None,
                   clear: Sequence[pygame.Rect] = ()) -> dict[int, pygame.Rect]:
    """Where each locator goes: wanted = (index, chair x, chair y, size) in screen px.

    Never over `clear` (the Starting Table and the floor round it where every shopper starts)
    while any spot beside the chair is free of it.

    Beside the chair (above, below, left or right) or further out on those sides, on the map, at
    the spot that hides least: never another locator where any spot is free of them; then piles
    and chairs (`avoid`), the floor shoppers walk on (`floor(rect)`: its px under rect; walls,
    shelves and the unused table cost nothing) and each px moved away from the chair. Each rect
    includes the count strip under the card.

    Placed one by one, a locator can take the room a later one needed: the dressers are placed
    in their order and in reverse, and then hugging their chairs (the floor not counted), and the
    arrangement with the least locator over locator, then the least hidden, wins."""
    tries = [_arrange(wanted, area, half, strip_h, avoid, floor, clear),
             _arrange(wanted[::-1], area, half, strip_h, avoid, floor, clear),
             _arrange(wanted, area, half, strip_h, avoid, None, clear)]
    return min(tries, key=lambda spots: _score(list(spots.values()), avoid, floor))


def _score(rects: list[pygame.Rect], avoid: Sequence[pygame.Rect],
           floor: Callable[[pygame.Rect], int] | None) -> tuple[int, int]:
    overlap = sum(_covered(rect, rects[n + 1:]) for n, rect in enumerate(rects))
    return overlap, sum(AVOID_WEIGHT * _covered(rect, avoid) + (floor(rect) if floor is not None else 0)
                        for rect in rects)


def _arrange(wanted: Sequence[tuple[int, int, int, tuple[int, int]]], area: pygame.Rect, half: int,
             strip_h: int, avoid: Sequence[pygame.Rect], floor: Callable[[pygame.Rect], int] | None,
             clear: Sequence[pygame.Rect] = ()) -> dict[int, pygame.Rect]:
    """One greedy pass of place_locators, in the order given."""
    taken: list[pygame.Rect] = []
    spots: dict[int, pygame.Rect] = {}
    for index, cx, cy, (cw, ch) in wanted:
        full = ch + strip_h
        best: tuple[tuple[int, int], pygame.Rect] | None = None
        for out in OUTS:
            xs = (cx - cw // 2, cx - half, cx + half - cw)
            choices = ([pygame.Rect(x, cy - half - out - full, cw, full) for x in xs]
                       + [pygame.Rect(x, cy + half + out, cw, full) for x in xs]
                       + [pygame.Rect(cx + half + out, cy - full // 2, cw, full),
                          pygame.Rect(cx - half - out - cw, cy - full // 2, cw, full)])
            for rect in choices:
                if not area.contains(rect) or rect.collidelist(clear) >= 0:
                    continue
                cover = (_covered(rect, taken), AVOID_WEIGHT * _covered(rect, avoid)
                         + (floor(rect) if floor is not None else 0) + out * cw)
                if best is None or cover < best[0]:
                    best = (cover, rect)
            if floor is None and best is not None and best[0] == (0, 0):
                break       # hugging the chairs: the first spot that hides nothing
        if best is None:      # a chair at the map's edge: above it, clamped to the map
            rect = pygame.Rect(0, 0, cw, full)
            rect.midbottom = (cx, cy - half)
            best = ((0, 0), rect.clamp(area))
        taken.append(best[1])
        spots[index] = best[1]
    return spots


def _covered(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    """Px of `rect` under each of `others`, summed (only those it meets are clipped)."""
    covered = 0
    for i in rect.collidelistall(others):
        clip = rect.clip(others[i])
        covered += clip.w * clip.h
    return covered
