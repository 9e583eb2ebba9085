"""Memory a left scene held goes at once, and what the allocator freed goes back to the system.

The rehearsals (game.scenes.warmup) build whole matches off screen. Their scenes, matches and
pictures hold each other in cycles, so what refcounting does not free waits for the collector's
next full pass: in a real window 130 MB of rehearsed layers stayed until then. With the collector
off, nothing of a finished rehearsal may still hold a picture layer."""
from __future__ import annotations

import gc
import sys

import pygame
import pytest

from game import app
from game.core import memory
from game.core.warm import Warmer
from game.scenes import registry, warmup
from game.scenes.mall.picture import MallPicture
from game.scenes.table.picture import TablePicture


@pytest.fixture()
def ctx():
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    context = app.make_context(load_user_files=False)
    registry.load_scene_modules()
    return context


def _layers_alive() -> list[object]:
    """Pictures anywhere in memory (reachable or garbage) that still hold a layer."""
    return [o for o in gc.get_objects()
            if (isinstance(o, MallPicture) and o.static is not None)
            or (isinstance(o, TablePicture) and (o.static is not None or o.hud.laid is not None))]


@pytest.mark.parametrize("rehearsal", ["mall", "table"])
def test_a_finished_rehearsal_holds_no_layer_without_the_collector(ctx, rehearsal):
    gc.collect()
    gc.disable()
    try:
        steps = (warmup.rehearse_mall(ctx, 3, "rush") if rehearsal == "mall"
                 else warmup.rehearse_table(ctx, 3))
        for _ in steps:
            pass
        del steps
        assert _layers_alive() == []
    finally:
        gc.enable()


def test_a_table_left_lets_its_layers_go(ctx):
    from game.match.spec import MatchSpec, SeatSpec
    seats = tuple(SeatSpec(i, f"P{i}", "bot", "normal") for i in range(2))
    registry.start_game(ctx, MatchSpec("checkout", seats, seed=5))
    ctx.stack.apply()
    table = ctx.stack.scenes[0]
    app.draw(ctx, pygame.Surface(app.LOGICAL_SIZE), 0.0)
    picture = table.picture
    assert picture.static is not None and picture.hud.laid is not None
    ctx.stack.close()
    assert picture.static is None and picture.shown is None and picture.hud.laid is None
    assert picture.view.static is None


def test_coming_back_to_a_menu_queues_the_memory_back_once(ctx):
    from game.scenes.menus.title import TitleScene
    warmer = Warmer()
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    assert warmup.back_in_menu(warmer, ctx, was_in_menu=True) is True
    assert warmer.pending == 0                     # still in the menu: nothing to give back
    assert warmup.back_in_menu(warmer, ctx, was_in_menu=False) is True
    assert warmer.pending == 2 and warmer.run_all() and warmer.pending == 0   # the collector settles, then the memory goes back


def test_giving_back_works_where_the_allocator_can():
    assert memory.give_back() is sys.platform.startswith("linux")   # the project's machines run glibc


def test_the_memory_back_job_lets_the_item_shading_go():
    # Only drawing a new item uses the shading; the warm-up has drawn them all by its last job.
    from game.render import clothing
    pygame.init()
    clothing.item_surface("scarf", "#2E86C1", "plain", 57)
    assert clothing._shading.cache_info().currsize >= 1
    warmup.give_back()
    assert clothing._shading.cache_info().currsize == 0
    assert clothing.item_surface("scarf", "#2E86C1", "plain", 58).get_size() == (58, 58)   # made again when needed
