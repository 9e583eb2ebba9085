"""Avatar name tags in the mall never cover each other when players bunch up."""
import itertools

import pygame

from game.scenes.mall.draw import stack_tags


def test_tags_of_avatars_standing_together_do_not_overlap():
    rects = [pygame.Rect(100 + 6 * i, 200, 70, 20) for i in range(6)]    # six bunched-up players
    placed = stack_tags(rects)
    assert len(placed) == 6
    for a, b in itertools.combinations(placed, 2):
        assert not a.colliderect(b)
    assert placed[-1] == rects[-1]                       # the front-most tag stays put
    assert all(p.bottom <= r.bottom for p, r in zip(placed, rects))   # never down over the bodies


def test_a_crowds_tags_fan_out_into_a_cluster_not_a_tower():
    """Six names stacked straight up stood six tags tall, the top one far from its shopper at
    the end of a long leader line (issue #40): they now take the nearest free spot, to a side too."""
    rects = [pygame.Rect(100 + 6 * i, 200, 70, 20) for i in range(6)]
    placed = stack_tags(rects)
    assert max(r.bottom - p.bottom for p, r in zip(placed, rects)) <= 2 * 22     # three rows at most
    assert max(abs(p.centerx - r.centerx) for p, r in zip(placed, rects)) <= 2 * 74


def test_tags_apart_stay_where_they_are():
    rects = [pygame.Rect(0, 0, 50, 20), pygame.Rect(200, 0, 50, 20), pygame.Rect(0, 100, 50, 20)]
    assert stack_tags(rects) == rects


def test_name_tags_step_past_a_dressers_count_strip():
    """Tidying Up's "-1" count strips used to be drawn under the avatars' name tags."""
    strip = pygame.Rect(100, 100, 80, 22)
    tag = pygame.Rect(110, 110, 50, 20)
    moved = stack_tags([tag], [strip])[0]
    assert not moved.colliderect(strip)
    assert moved.bottom == strip.top and moved.x == tag.x


def test_a_shopper_hidden_behind_another_shows_through():
    """Orange used to vanish behind Green at the table: now its outline is drawn over Green."""
    from game.match.seats import identities
    from game.scenes.mall.draw import AvatarSprite, see_through
    pygame.init()
    ids = identities()
    back, front = AvatarSprite(ids[0], "Orange", 0.8, False), AvatarSprite(ids[2], "Green", 0.8, False)
    surface = pygame.Surface((100, 100))
    rect = pygame.Rect(30, 30, back.size, back.size)
    surface.blit(back.body, rect)
    surface.blit(front.body, rect)
    see_through(surface, [(back, back.size, back.size, rect, 0), (front, front.size, front.size, rect, 1)], [rect, rect])
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)}
    assert tuple(ids[0].colour) in colours


def test_a_shopper_behind_a_card_or_the_shutter_shows_through():
    """Hidden by the card carried over a head in front of it, or by the closing shutter: outlined."""
    from game.match.seats import identities
    from game.scenes.mall.draw import AvatarSprite, see_through
    pygame.init()
    back = AvatarSprite(identities()[1], "Sky", 0.8, False)
    rect = pygame.Rect(30, 30, back.size, back.size)
    for occluders, covers in (([rect, rect.inflate(-4, -4)], []), ([rect], [rect.move(0, back.size // 3)])):
        surface = pygame.Surface((100, 100))
        see_through(surface, [(back, back.size, back.size, rect, 0)], occluders, covers)
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(100) for y in range(100)}
        assert tuple(identities()[1].colour) in colours
    surface = pygame.Surface((100, 100))
    see_through(surface, [(back, back.size, back.size, rect, 0)], [rect], [rect.move(0, back.size - 4)])
    assert tuple(identities()[1].colour) not in {tuple(surface.get_at((x, y)))[:3] for x in range(100) for y in range(100)}


def test_a_tag_pushed_off_the_map_goes_below_instead():
    """A name tag stacked upwards past the map's top edge was cut off there (mall_tidy)."""
    bounds = pygame.Rect(0, 0, 400, 300)
    blocker = pygame.Rect(90, 0, 80, 20)          # a count strip at the very top
    tags = [pygame.Rect(100, 5, 60, 20)]
    placed = stack_tags(tags, [blocker], bounds)
    assert bounds.contains(placed[0]) and not placed[0].colliderect(blocker)
    edge = stack_tags([pygame.Rect(-20, 100, 60, 20)], [], bounds)   # past the left edge: slid back in
    assert bounds.contains(edge[0])
