"""Name tags never cover a level's own words: a shop sign is text on the map, and a shopper's name
stepping round it is the rule every text on the map follows (no text over text): so does the
count of a pile a shopper holds up over its head along the top wall, and a tag's leader line
back to a shopper standing under a sign (it ran into the sign's words)."""
from __future__ import annotations

import pygame
import pytest

from game.render.ambient import sign_words
from game.text import i18n
from gamectx import mark_howto_seen, played_mall


@pytest.fixture()
def mall_ctx(ctx):
    mark_howto_seen()
    yield ctx
    i18n.set_language(i18n.DEFAULT)


@pytest.mark.parametrize("level,code", [("department", "en"), ("department", "de"), ("mall", "en")])
def test_no_name_tag_carried_count_or_leader_line_covers_a_shop_sign(mall_ctx, level, code):
    i18n.set_language(code)
    scene = played_mall(mall_ctx, 4, "rush", 60, seed=3, level=level)
    signs = scene.picture.ambience.words
    layout = scene.picture.layout
    words = sign_words(scene.sim.level, layout.map_rect, layout.scale)    # the words on the signs
    assert signs and words, f"{level} has signs with words"
    screen = pygame.Surface((1280, 720))
    for _ in range(40):
        for _ in range(15):
            mall_ctx.stack.update({})
            mall_ctx.stack.apply()
        mall_ctx.stack.draw(screen, 0.0)
        view = scene.picture.view
        tags = [rect for _tag, _want, rect, _colour in view._tags]   # the names alone
        assert tags
        counts = view.counts.carried     # piles held up over heads
        covered = [(text, sign) for text in tags + counts for sign in signs if text.colliderect(sign)]
        crossed = [(start, end) for start, end, _colour in view.leaders() for word in words if word.clipline(start, end)]
        assert covered == [] and crossed == [], f"tick {scene.sim.tick}"
