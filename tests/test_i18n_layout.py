"""Every screenshot scene, in every language and at the smallest, default and largest UI scale:
no text is cut off by its box (or the screen) and no text overlaps another. German runs about 30%
longer than English, and the largest UI scale makes every text half as large again: this is where
it would show.

Every text is also at least TEXT_MIN_PX tall as drawn, in every language (docs/READABILITY.md).

An overlay (pause, set-up wizard...) is checked on its own: the dimmed scene under it is drawn
first and its texts are not counted against the overlay's. No screen has a problem in any language,
English included (the speedrun timers' digits, one glyph to a cell, once touched by their outlines).
"""
from __future__ import annotations

from functools import lru_cache

import pygame
import pytest

from game import app
from game.text import i18n
from game.scenes import registry
from game.render.text import TEXT_MIN_PX
from game.files.register import UI_SCALE_MAX, UI_SCALE_MIN
from tests.textprobe import TextProbe

LANGUAGES = tuple(code for code in i18n.LANGUAGES if code != i18n.DEFAULT)


def _problems(monkeypatch, name: str | registry.Screenshot, code: str, scale: float = 1.0) -> list[str]:
    """Texts overlapping, cut off or under TEXT_MIN_PX in one frame of a screenshot scene (by name,
    or a Screenshot of its own: the same factory at another seat count), at a UI scale."""
    probe = TextProbe(monkeypatch)
    pygame.init()
    try:
        pygame.display.set_mode(app.LOGICAL_SIZE)
        ctx = app.make_context(load_user_files=False, lang=code)
        ctx.settings.ui_scale = scale
        ctx.ui.set_scale(scale)
        shot = registry.screenshot(name) if isinstance(name, str) else name
        app.stage_screenshot(ctx, shot, 1)
        screen = probe.screen()
        scenes = ctx.stack.scenes
        for scene in scenes[:-1]:
            scene.draw(screen, 0.0)
        screen.items.clear()            # only the top scene's texts are compared with each other
        probe.clipped.clear()
        scenes[-1].draw(screen, 0.0)
        return probe.overlaps(screen) + [f"cut off: {label!r}" for label in dict.fromkeys(probe.clipped)] \
            + [f"small: {text}" for text in probe.small(screen, TEXT_MIN_PX)]
    finally:
        i18n.set_language(i18n.DEFAULT)
        pygame.quit()


@lru_cache(maxsize=None)
def _english_problems(name: str) -> tuple[str, ...]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        return tuple(_problems(monkeypatch, name, "en"))


@pytest.mark.parametrize("name", registry.screenshot_names())
def test_every_text_is_16_px_tall_in_english(name):
    """The sofa bar in pixels: "size 16" was 11 px tall; every text drawn is TEXT_MIN_PX or more."""
    small = [p for p in _english_problems(name) if p.startswith("small:")]
    assert small == []


@pytest.mark.parametrize("name", registry.screenshot_names())
def test_no_text_overlaps_or_is_cut_in_english(name):
    assert [p for p in _english_problems(name) if not p.startswith("small:")] == []


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", registry.screenshot_names())
def test_the_scene_fits_in_the_language(monkeypatch, name, code):
    assert _problems(monkeypatch, name, code) == []


# The smallest and largest UI scale (Settings > UI scale) in every language, English included; the
# default (1.0) is the tests above. Staging a scene costs more than checking it: the matrix takes
# about 2 minutes on one core (57 scenes x 4 languages x 2 scales).
@pytest.mark.parametrize("scale", [UI_SCALE_MIN, UI_SCALE_MAX])
@pytest.mark.parametrize("code", tuple(i18n.LANGUAGES))
@pytest.mark.parametrize("name", registry.screenshot_names())
def test_the_scene_fits_at_every_ui_scale(monkeypatch, name, code, scale):
    assert _problems(monkeypatch, name, code, scale) == []
