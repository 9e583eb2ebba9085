"""Tidying Up's dresser locators: the copy of each dresser's card drawn on the map.

A locator is made to be recognised from the sofa, not to copy the card's look: no
heading, its items side by side in LIST_ITEM boxes (the slimmest garment >= 48 px,
docs/READABILITY.md), ticks on what is filled, the bags as a tab on its top edge.
It goes where it hides least of the mall (walls and shelves before open floor, never
over another locator, nor over the Starting Table where every shopper starts) and moves
further out from its chair (with a leader line back to it) rather than shrinking. The map draws it under the piles and shoppers, rings its
chair over it, and fades it while a shopper is under or near it (Fades).
"""
from __future__ import annotations

import math
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


OUTS = (0, 16, 32, 56, 84, 120, 160)   # px from the chair a locator may move out, step by step
GRID = 16             # px between the spots tried anywhere on the map (beside the chair is tried too)
AVOID_WEIGHT = 6      # per px of a pile or a dresser's chair
LEADER = 32           # per px from the chair: a leader line hides floor too, and one across the map is hard
                      # to follow (at 8 the cards hid 2 % less floor, but lines crossed the whole boutique)


def place_locators(wanted: Sequence[tuple[int, int, int, tuple[int, int]]], area: pygame.Rect,
                   half: int, strip_h: int, avoid: Sequence[pygame.Rect] = (),
                   floor: Callable[[pygame.Rect], int] | None = None,
                   clear: Sequence[pygame.Rect] = ()) -> dict[int, pygame.Rect]:
    """Where each locator goes: wanted = (index, chair x, chair y, size) in screen px.

    Never over `clear` (the Starting Table and the floor round it where every shopper starts)
    while any spot is free of it.

    Beside the chair (above, below, left or right, moved out step by step) or anywhere on the map
    (with a leader line back to the chair), at the spot that hides least: never another locator
    where any spot is free of them; then the floor shoppers walk on (`floor(rect)`: its px under
    rect; walls, shelves, shop fronts and the map's margins cost nothing), piles and chairs
    (`avoid`) and the leader line's length. Each rect includes the count strip under the card.

    Placed one by one, a locator can take the room a later one needed: the dressers are placed
    in their order and in reverse, and then hugging their chairs (the floor not counted), and the
    arrangement with the least locator over locator, then the least hidden, wins."""
    ranked = _ranked(wanted, area, half, strip_h, avoid, floor, clear)
    tries = [_arrange(wanted, ranked), _arrange(wanted[::-1], ranked),
             _arrange(wanted, _ranked(wanted, area, half, strip_h, avoid, None, clear))]
    chairs = {index: (cx, cy) for index, cx, cy, _ in wanted}
    return min(tries, key=lambda spots: _score(spots, chairs, avoid, floor))


def _score(spots: dict[int, pygame.Rect], chairs: dict[int, tuple[int, int]], avoid: Sequence[pygame.Rect],
           floor: Callable[[pygame.Rect], int] | None) -> tuple[int, int]:
    rects = list(spots.values())
    overlap = sum(_covered(rect, rects[n + 1:]) for n, rect in enumerate(rects))
    return overlap, sum(_cost(rect, chairs[index], avoid, floor) for index, rect in spots.items())


def _cost(rect: pygame.Rect, chair: tuple[int, int], avoid: Sequence[pygame.Rect],
          floor: Callable[[pygame.Rect], int] | None) -> int:
    """What a locator at `rect` hides, besides other locators."""
    return _hides(rect, avoid, floor) + LEADER * _reach(rect, chair)


def _hides(rect: pygame.Rect, avoid: Sequence[pygame.Rect], floor: Callable[[pygame.Rect], int] | None) -> int:
    """The piles and chairs under `rect`, and the walkable floor."""
    return AVOID_WEIGHT * _covered(rect, avoid) + (floor(rect) if floor is not None else 0)


def _reach(rect: pygame.Rect, point: tuple[int, int]) -> int:
    """Px from `point` to the nearest edge of `rect` (0 inside): the leader line's length."""
    dx = max(rect.left - point[0], 0, point[0] - rect.right)
    dy = max(rect.top - point[1], 0, point[1] - rect.bottom)
    return round(math.hypot(dx, dy))


def _beside(cx: int, cy: int, size: tuple[int, int], half: int) -> list[pygame.Rect]:
    """The rects a locator of `size` may take beside a chair at (cx, cy), moved out step by step."""
    cw, full = size
    spots = []
    for out in OUTS:
        for x in (cx - cw // 2, cx - half, cx + half - cw):
            spots += [pygame.Rect(x, cy - half - out - full, cw, full), pygame.Rect(x, cy + half + out, cw, full)]
        spots += [pygame.Rect(cx + half + out, cy - full // 2, cw, full),
                  pygame.Rect(cx - half - out - cw, cy - full // 2, cw, full)]
    return spots


def _anywhere(size: tuple[int, int], area: pygame.Rect) -> list[pygame.Rect]:
    """Every GRID px over the map, for a locator of `size`."""
    cw, full = size
    return [pygame.Rect(x, y, cw, full) for y in range(area.top, area.bottom - full + 1, GRID)
            for x in range(area.left, area.right - cw + 1, GRID)]


def _ranked(wanted: Sequence[tuple[int, int, int, tuple[int, int]]], area: pygame.Rect, half: int,
            strip_h: int, avoid: Sequence[pygame.Rect], floor: Callable[[pygame.Rect], int] | None,
            clear: Sequence[pygame.Rect]) -> dict[int, list[pygame.Rect]]:
    """Per dresser, its spots on the map clear of `clear`, least hiding first (without `floor`:
    beside the chair only); a chair with none gets the spot above it, clamped to the map. What a
    spot hides but its leader line is the same for every dresser: worked out once a spot (the
    cards come in two sizes, so most of the map's spots are shared)."""
    ranked = {}
    grids: dict[tuple[int, int], list[pygame.Rect]] = {}
    hidden: dict[tuple[int, int, int, int], int] = {}

    def cost(rect: pygame.Rect, chair: tuple[int, int]) -> int:
        key = (rect.x, rect.y, rect.w, rect.h)
        if key not in hidden:
            hidden[key] = _hides(rect, avoid, floor)
        return hidden[key] + LEADER * _reach(rect, chair)

    for index, cx, cy, (cw, ch) in wanted:
        size = (cw, ch + strip_h)
        spots = [rect for rect in _beside(cx, cy, size, half) if area.contains(rect) and rect.collidelist(clear) < 0]
        if floor is not None:
            if size not in grids:
                grids[size] = [rect for rect in _anywhere(size, area) if rect.collidelist(clear) < 0]
            spots += grids[size]
        spots.sort(key=lambda rect: cost(rect, (cx, cy)))
        if not spots:
            rect = pygame.Rect(0, 0, cw, ch + strip_h)
            rect.midbottom = (cx, cy - half)
            spots = [rect.clamp(area)]
        ranked[index] = spots
    return ranked


def _arrange(wanted: Sequence[tuple[int, int, int, tuple[int, int]]],
             ranked: dict[int, list[pygame.Rect]]) -> dict[int, pygame.Rect]:
    """One greedy pass of place_locators, in the order given: each dresser's least hiding spot
    over no locator placed before it (else the one over the least of them)."""
    taken: list[pygame.Rect] = []
    spots: dict[int, pygame.Rect] = {}
    for index, *_ in wanted:
        choices = ranked[index]
        best = next((rect for rect in choices if rect.collidelist(taken) < 0), None)
        if best is None:
            best = min(choices, key=lambda rect: _covered(rect, taken))
        taken.append(best)
        spots[index] = best
    return spots


def _covered(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    """Px of `rect` under each of `others`, summed (only those it meets are clipped)."""
    covered = 0
    for i in rect.collidelistall(others):
        clip = rect.clip(others[i])
        covered += clip.w * clip.h
    return covered
