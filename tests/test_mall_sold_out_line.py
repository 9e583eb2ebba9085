"""The SOLD OUT! moment: the "Orange called it!" line steps past the name tags, and past the stamp's
words too (in German at 2 seats it once stepped up onto them: `mall_sold_out_2`)."""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.text import i18n
from game.scenes import registry


@pytest.mark.parametrize("name", ["mall_sold_out", "mall_sold_out_2"])
@pytest.mark.parametrize("code", ["en", "de"])
def test_the_callers_line_never_sits_on_the_stamp(name, code):
    pygame.init()
    try:
        pygame.display.set_mode(app.LOGICAL_SIZE)
        ctx = app.make_context(load_user_files=False, lang=code)
        shot = registry.screenshot(name)
        scene = shot.factory(ctx, 1)
        ctx.stack.push(scene)
        ctx.stack.apply()
        blits: list[tuple[int, pygame.Rect]] = []

        class Screen(pygame.Surface):
            def blit(self, source, dest, area=None, special_flags=0):  # noqa: D102
                done = super().blit(source, dest, area, special_flags)
                blits.append((id(source), done))
                return done
        scene.draw(Screen(app.LOGICAL_SIZE), 0.0)
        overlay = scene.picture.overlay
        stamps = {id(s) for s in overlay._stamps.values()}
        stamp = [rect for src, rect in blits if src in stamps]
        line = overlay._text(overlay._caller_text(scene.sim), 36, (255, 244, 227), 3)
        at = [rect for src, rect in blits if src == id(line)]
        assert stamp and at, "no stamp or no caller's line drawn"
        words = stamp[-1].inflate(-60, -stamp[-1].h // 3)
        assert not at[-1].colliderect(words)
    finally:
        i18n.set_language(i18n.DEFAULT)
        pygame.quit()
