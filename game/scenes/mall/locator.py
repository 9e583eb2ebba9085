"""Tidying Up's dresser locators: the copy of each dresser's card drawn on the map.

A locator is made to be recognised from the sofa, not to copy the card's look: no
heading, its items side by side in LIST_ITEM boxes (the slimmest garment >= 48 px,
docs/READABILITY.md), ticks on what is filled, the bags as a tab on its top edge.
It goes where it hides least of the mall (placement.py: walls and shelves before open
floor, never over another locator, nor over the Starting Table where every shopper starts)
and moves further out from its chair (with a leader line back to it) rather than shrinking.
The map draws it under the piles and shoppers, rings its chair over it, and fades it while a
shopper is under or near it (Fades).
"""
from __future__ import annotations

from typing import Any, Sequence

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


def locator_surface(looks: Sequence[Any], bags: int, filled: Sequence[bool], colourblind: bool) -> pygame.Surface:
    """The locator for a dresser's card: items (catalogue items) with ticks where filled."""
    w, h = locator_size(len(looks))
    card = rounded_card((w, h), PAPER, BORDER, border_ratio=0.03)
    slots = [pygame.Rect(PAD + i * (LIST_ITEM + GAP), PAD + TAB, LIST_ITEM, LIST_ITEM) for i in range(len(looks))]
    for slot in slots:
        pygame.draw.rect(card, WHITE, slot, border_radius=LIST_ITEM // 8)
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


FADED = 0.4          # a card's opacity while a shopper is under or near it
NEAR = 24            # px round a card within which a shopper counts as near
FADE_TICKS = 9       # ticks (0.15 s) from solid to faded, or back


class Fades:
    """Each dresser card's opacity: it fades while a shopper is under or near it, so the floor and
    the shopper show through, and comes back once they leave; eased over FADE_TICKS of the
    simulation's ticks (a paused match holds still), at once with Reduced motion."""

    def __init__(self) -> None:
        self.shown: dict[int, float] = {}
        self.tick: int | None = None

    def advance(self, tick: int, cards: dict[int, pygame.Rect], bodies: Sequence[pygame.Rect],
                instant: bool) -> None:
        """Ease each card toward faded (a shopper's body within NEAR px of it) or solid, by the
        ticks since last time; the first time at once (a round does not open with cards fading)."""
        elapsed = FADE_TICKS if self.tick is None else min(max(0, tick - self.tick), FADE_TICKS)
        self.tick = tick
        for index, rect in cards.items():
            target = FADED if rect.inflate(2 * NEAR, 2 * NEAR).collidelist(bodies) >= 0 else 1.0
            now = self.shown.get(index, 1.0)
            step = 1.0 if instant else (1.0 - FADED) * elapsed / FADE_TICKS
            self.shown[index] = min(target, now + step) if now < target else max(target, now - step)

    def alpha(self, index: int) -> int:
        """The card's surface alpha, 0-255."""
        return round(255 * self.shown.get(index, 1.0))
