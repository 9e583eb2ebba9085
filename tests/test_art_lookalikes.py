"""Look-alikes at list size: a scarf is a loop with a hole in it, so a blue scarf never reads as
blue trousers (it did: a band with two tails hanging from it)."""
from __future__ import annotations

import pygame

from game.render.clothing import item_surface
from game.scenes.mall.layout import LIST_ITEM


def _holes(surf: pygame.Surface) -> int:
    """See-through areas enclosed by the garment (not connected to the image's border)."""
    empty = pygame.mask.from_surface(surf, 8)
    empty.invert()
    w, h = empty.get_size()
    count = 0
    for part in empty.connected_components(12):
        box = part.get_bounding_rects()[0]
        if box.left > 0 and box.top > 0 and box.right < w and box.bottom < h:
            count += 1
    return count


def test_a_scarf_has_the_neck_hole_and_trousers_do_not():
    pygame.init()
    assert _holes(item_surface("scarf", "#2F6FD0", "plain", LIST_ITEM)) >= 1
    assert _holes(item_surface("trousers", "#2F6FD0", "plain", LIST_ITEM)) == 0
