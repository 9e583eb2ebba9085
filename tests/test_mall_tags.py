"""Avatar name tags in the mall never cover each other when players bunch up."""
import itertools

import pygame

from game.scenes.mall_draw import stack_tags


def test_tags_of_avatars_standing_together_do_not_overlap():
    rects = [pygame.Rect(100 + 6 * i, 200, 70, 20) for i in range(6)]    # six bunched-up players
    placed = stack_tags(rects)
    assert len(placed) == 6
    for a, b in itertools.combinations(placed, 2):
        assert not a.colliderect(b)
    assert placed[-1] == rects[-1]                       # the front-most tag stays put
    assert all(p.x == r.x and p.bottom <= r.bottom for p, r in zip(placed, rects))


def test_tags_apart_stay_where_they_are():
    rects = [pygame.Rect(0, 0, 50, 20), pygame.Rect(200, 0, 50, 20), pygame.Rect(0, 100, 50, 20)]
    assert stack_tags(rects) == rects
