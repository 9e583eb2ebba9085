"""Every screenshot scene, in every language: no text is cut off by its box (or the screen) and no
text overlaps another. German runs about 30% longer than English: this is where it would show.

An overlay (pause, set-up wizard...) is checked on its own: the dimmed scene under it is drawn
first and its texts are not counted against the overlay's. A few English screens already have
texts touching (pile counts under name tags, the speedrun HUD over the mall's margin): those are
layout matters of their own, so a translation must add nothing to what English shows.
"""
from __future__ import annotations

from functools import lru_cache

import pygame
import pytest

from game import app, i18n
from game.scenes import registry
from tests.textprobe import TextProbe

LANGUAGES = tuple(code for code in i18n.LANGUAGES if code != i18n.DEFAULT)


def _problems(monkeypatch, name: str, code: str) -> list[str]:
    probe = TextProbe(monkeypatch)
    pygame.init()
    try:
        pygame.display.set_mode(app.LOGICAL_SIZE)
        ctx = app.make_context(load_user_files=False, lang=code)
        shot = registry.screenshot(name)
        made = shot.factory(ctx, 1)
        for scene in made if isinstance(made, list) else [made]:
            ctx.stack.push(scene)
        ctx.stack.apply()
        for _ in range(shot.warmup_ticks):
            app.tick(ctx)
        screen = probe.screen()
        scenes = ctx.stack.scenes
        for scene in scenes[:-1]:
            scene.draw(screen, 0.0)
        screen.items.clear()            # only the top scene's texts are compared with each other
        probe.clipped.clear()
        scenes[-1].draw(screen, 0.0)
        return probe.overlaps(screen) + [f"cut off: {label!r}" for label in dict.fromkeys(probe.clipped)]
    finally:
        i18n.set_language(i18n.DEFAULT)
        pygame.quit()


@lru_cache(maxsize=None)
def _english(name: str) -> int:
    with pytest.MonkeyPatch.context() as monkeypatch:
        return len(_problems(monkeypatch, name, "en"))


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", registry.screenshot_names())
def test_the_scene_fits_in_the_language(monkeypatch, name, code):
    problems = _problems(monkeypatch, name, code)
    assert len(problems) <= _english(name), problems


# English screens with texts touching today (measured 2026-11-30): pile counts under name tags in
# the mall, the speedrun HUD over the mall's margin, the bid reveal's rows. No other may join them.
# After this round's merge two more show the same kind of thing: a pile count under a name tag in
# the attract demo, a name tag cut at the map's edge in Tidying Up (open in the readability issue).
KNOWN_IN_ENGLISH = {"mall", "mall_pads", "mall_rush_2", "mall_sold_out_2", "speedrun", "speedrun_practice",
                    "speedrun_practice_done", "speedrun_table", "table_bonus", "table_reveal",
                    "attract", "mall_tidy"}


def test_the_english_baseline_is_not_a_blanket_pass():
    """Every other screen has no problem at all in English, so every language must have none there."""
    names = registry.screenshot_names()
    assert {name for name in names if _english(name)} <= KNOWN_IN_ENGLISH
