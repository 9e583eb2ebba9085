"""A scene left for good is freed by reference counting, not by the collector (issue #46).

The window's collector freezes what lives at each settle (game/core/collector.py): a scene open then
(the lobby a match came back to, the career, the settings) and held in a reference cycle by its own
menu rows or helpers would stay alive once left, until a resettle unfreezes everything and passes
over every object (20-40 ms). So with the collector off, nothing of a scene is left once the stack
has let it go and the fade is over."""
from __future__ import annotations

import gc
import weakref
from typing import Iterator

import pygame
import pytest

from game import app
from game.core import collector
from game.core.collector import Collector
from game.scenes import registry
from game.scenes.menus.title import TitleScene

# The menus a player rests in, and the scenes over play that close (each staged as its screenshot is).
SCENES = ["lobby", "lobby_profiles", "stats", "evening", "settings", "controls", "career", "career_card",
          "career_result", "speedrun_menu", "speedrun_settings", "results", "podium_4", "checkout_results",
          "pause", "mode_choice", "speedrun", "speedrun_table"]


@pytest.fixture
def ctx(ctx):
    registry.load_screenshots()
    if not registry.screenshots_available():
        pytest.skip("the screenshot scenes (devkit.shots) are not installed")
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    return ctx


def _frames(ctx, count: int) -> None:
    surface = pygame.Surface(app.LOGICAL_SIZE)
    for _ in range(count):
        app.tick(ctx)
        app.draw(ctx, surface, 0.0)


def _until_the_fade_is_over(ctx) -> None:
    _frames(ctx, 1)
    while ctx.fade is not None and ctx.fade.active:
        _frames(ctx, 1)


@pytest.fixture
def no_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    yield
    gc.enable()


@pytest.mark.parametrize("name", SCENES)
def test_a_scene_left_is_freed_without_the_collector(ctx, no_collector, name):
    shot = registry.screenshot(name)
    assert shot is not None, name
    app.stage_screenshot(ctx, shot, 1)
    _frames(ctx, 3)
    left = [weakref.ref(scene) for scene in ctx.stack.scenes if not isinstance(scene, TitleScene)]
    assert left
    ctx.stack.clear_to(TitleScene(ctx))
    ctx.stack.apply()
    _until_the_fade_is_over(ctx)
    assert [type(ref()).__name__ for ref in left if ref() is not None] == []


@pytest.fixture
def policy(monkeypatch) -> Iterator[Collector]:
    """The window's collector policy installed, as the stack reports to it."""
    managed = Collector()
    gc.collect()
    managed.install()
    monkeypatch.setattr(collector, "WINDOW", managed)
    yield managed
    managed.uninstall()
    gc.collect()


def test_leaving_the_lobby_for_the_title_costs_no_full_pass(ctx, policy):
    ctx.stack.push(registry.LOBBY(ctx))
    ctx.stack.apply()
    _frames(ctx, 3)
    policy.settle()                      # frozen while open: as a resettle back from a match leaves it
    lobby = weakref.ref(ctx.stack.top)
    ctx.stack.pop()                      # Escape in an empty lobby: back to the title
    ctx.stack.apply()
    _until_the_fade_is_over(ctx)
    assert lobby() is None               # freed by reference counting, frozen or not
    while policy.resettle():
        pass
    assert policy.full_resettles == 0 and policy.settled == 2
