"""Name tags never cover a level's own words: a shop sign is text on the map, and a shopper's name
stepping round it is the rule every text on the map follows (no text over text): so does the
count of a pile a shopper holds up over its head along the top wall."""
from __future__ import annotations

import pygame
import pytest

from gamectx import mark_howto_seen, played_mall


@pytest.fixture()
def mall_ctx(ctx):
    mark_howto_seen()
    return ctx


@pytest.mark.parametrize("level", ["department", "mall"])
def test_no_name_tag_or_carried_count_covers_a_shop_sign(mall_ctx, level):
    scene = played_mall(mall_ctx, 4, "rush", 60, seed=3, level=level)
    words = scene.picture.ambience.words
    assert words, f"{level} has signs with words"
    screen = pygame.Surface((1280, 720))
    for _ in range(40):
        for _ in range(15):
            mall_ctx.stack.update({})
            mall_ctx.stack.apply()
        mall_ctx.stack.draw(screen, 0.0)
        tags = [rect for _tag, _want, rect, _colour in scene.picture.view._tags]   # the names alone
        assert tags
        counts = scene.picture.view.counts.carried     # piles held up over heads
        covered = [(text, sign) for text in tags + counts for sign in words if text.colliderect(sign)]
        assert covered == [], f"tick {scene.sim.tick}"
