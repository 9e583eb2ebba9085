"""A message on a page that fills the screen down to its hint bar (the stats, the career's list of
challenges) never lies over the page's words: "Tonight carries on: 2 matches so far", said as the
game opens, sat in the shell's default zone on the page's lowest rows (a profile's tiles walked,
the career's ninth challenge)."""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.render import widgets
from game.scenes import registry
from game.text import i18n
from tests.textprobe import TextProbe

MESSAGES = ["Tonight carries on: 2 matches so far", "Stats saved to a file in your data folder"]


def _toasts_area(ctx) -> pygame.Rect:
    """Where the shell draws this frame's messages (their panels' pixels)."""
    layer = pygame.Surface(app.LOGICAL_SIZE, pygame.SRCALPHA)
    layer.fill((0, 0, 0, 0))
    widgets.draw_toasts(layer, ctx.ui, MESSAGES, app.toast_zone(ctx))
    return layer.get_bounding_rect()


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("scene", ["stats", "stats_profile", "stats_games", "stats_head_to_head", "career"])
def test_a_message_leaves_the_page_readable(monkeypatch, scene, code):
    probe = TextProbe(monkeypatch)
    pygame.init()
    try:
        pygame.display.set_mode(app.LOGICAL_SIZE)
        ctx = app.make_context(load_user_files=False, lang=code)
        app.stage_screenshot(ctx, registry.screenshot(scene), 1)
        screen = probe.screen()
        ctx.stack.draw(screen, 0.0)
        words = probe.texts(screen)
        assert words, "the page has words"
        area = _toasts_area(ctx)
        assert area.h > 0, "the messages are drawn"
        assert [label for label, rect in words if rect.colliderect(area)] == []
    finally:
        i18n.set_language(i18n.DEFAULT)
        pygame.quit()
