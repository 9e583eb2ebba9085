"""The mall under its round's results and the table under its match's: their full-screen layers
let go while the results cover them; the mall's built again in the idle frames before it is next
drawn, and drawn the same (issue #46)."""
from __future__ import annotations

import pygame

from game.app.headless import build_spec
from game.scenes import registry
from game.scenes.mall.round_end import soldout_results
from game.scenes.mall.scene import MallScene
from game.sim.mall_stage import play_out_round

FAR = 1e12   # an `until` that any build fits before
PAST = 0.0   # ... and one that none does


def _mall(ctx) -> MallScene:
    registry.start_game(ctx, build_spec("soldout", 4, "normal", "rush", 2, 5))
    ctx.stack.apply()
    mall = ctx.stack.top
    assert isinstance(mall, MallScene)
    return mall


def _frame(mall: MallScene) -> pygame.Surface:
    screen = pygame.Surface((1280, 720))
    mall.draw(screen, 0.5)
    return screen


def test_results_let_the_mall_layers_go_and_idle_builds_them_again_the_same(ctx):
    mall = _mall(ctx)
    play_out_round(mall.sim, 1)
    before = _frame(mall)
    assert mall.picture.static is not None and mall.picture.shown is not None
    mall.results_pushed = True
    soldout_results(mall)
    assert mall.picture.static is None and mall.picture.shown is None and mall.hud.laid is None
    assert not mall.picture.build_ahead(PAST)       # no time left: the draw builds it, as before
    assert mall.picture.static is None
    assert mall.picture.build_ahead(FAR)
    assert mall.picture.static is not None and not mall.picture.build_ahead(FAR)   # once
    after = _frame(mall)
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")


def test_the_mall_idle_builds_the_layer_before_its_other_work(ctx):
    mall = _mall(ctx)
    _frame(mall)
    mall.picture.drop_layers()
    mall.idle(FAR)
    assert mall.picture.static is not None


def test_checkout_results_let_the_table_layers_go(ctx):
    from game.scenes.table.match_end import checkout_results
    from game.scenes.table.scene import TableScene
    registry.start_game(ctx, build_spec("checkout", 4, "normal", None, 1, 5))
    ctx.stack.apply()
    table = next(s for s in ctx.stack.scenes if isinstance(s, TableScene))   # a how-to card may be over it
    table.draw(pygame.Surface((1280, 720)), 0.5)
    assert table.picture.static is not None and table.picture.shown is not None
    table.fast_forward(lambda sim: sim.over())
    checkout_results(table)
    assert table.picture.static is None and table.picture.shown is None and table.picture.view.static is None
