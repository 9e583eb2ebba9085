"""The map's counts never sit on each other: a carried pile's count steps clear of the counts fixed
to the floor (a dresser's strip, a floor pile's count) when its shopper walks under one, and of a
shop sign's words when its shopper walks along the top wall."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.mall.counts import MapCounts


@pytest.fixture
def counts():
    pygame.init()
    yield MapCounts(20, 26)
    pygame.quit()


def _badge(_side: int) -> pygame.Surface:
    return pygame.Surface((18, 18))


@pytest.mark.parametrize("offset", [(0, 0), (6, 4), (-10, 8), (14, -6)])
def test_a_carried_count_never_covers_a_dressers_strip(counts, offset):
    counts.new_strips()
    counts.new_piles()
    counts.new_carried()
    strip = counts.strip(((0, 1),), _badge, (300, 200))
    counts.pile(10, (strip.centerx + offset[0], strip.centery + offset[1]), carried=True)
    assert not counts.carried[0].colliderect(strip)
    assert abs(counts.carried[0].centerx - strip.centerx - offset[0]) <= 3 * counts.carried[0].width


def test_a_carried_count_never_covers_a_floor_piles_count(counts):
    counts.new_strips()
    counts.new_piles()
    counts.new_carried()
    counts.pile(9, (100, 100))
    counts.pile(10, (104, 102), carried=True)
    assert not counts.carried[0].colliderect(counts.piles[0])


def test_a_carried_count_in_the_open_stays_over_its_shopper(counts):
    counts.new_strips()
    counts.new_piles()
    counts.new_carried()
    counts.strip(((0, 1),), _badge, (300, 200))
    counts.pile(10, (100, 100), carried=True)
    assert counts.carried[0].center == (100, 100)


@pytest.mark.parametrize("offset", [(0, 0), (-40, 6), (50, 10)])
def test_a_carried_count_never_covers_a_shop_sign(counts, offset):
    sign = pygame.Rect(400, 4, 150, 20)
    counts.new_strips()
    counts.new_piles()
    counts.new_carried([sign])
    counts.pile(9, (sign.centerx + offset[0], sign.centery + offset[1]), carried=True)
    assert not counts.carried[0].colliderect(sign)
    assert abs(counts.carried[0].centery - sign.centery - offset[1]) <= 2 * counts.carried[0].height
