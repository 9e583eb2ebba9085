"""The change tokens counted out of a queue space at checkout rise beside its number, never over it
(the first coin covered the "2" of the space it rose from). Geometry from the real scene: the
table in its checkout, drawn at 1280x720, its coins tagged where they are blitted."""
from __future__ import annotations

import pygame
import pytest

from devkit.shots.table import _in_checkout
from game import app
from game.render import tabletop
from game.scenes.table import draw
from game.scenes.table.layout import queue_spaces
from game.scenes.table.scene import TableScene, demo_spec
from tests.textprobe import TextProbe

COIN = "change token"


@pytest.fixture()
def table(monkeypatch):
    probe = TextProbe(monkeypatch)

    def coin(size: int) -> pygame.Surface:
        made = tabletop.token_surface(size)
        probe.tag(made, "shape", COIN)
        return made
    monkeypatch.setattr(draw, "token_surface", coin)
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    ctx = app.make_context(load_user_files=False)
    yield probe, ctx
    pygame.quit()


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("tokens", [1, 5, 8])
def test_change_coins_never_cover_a_queue_spaces_number(table, players, tokens):
    probe, ctx = table
    scene = TableScene(ctx, demo_spec(players, 3), demo=True)
    scene.fast_forward(_in_checkout)
    ctx.stack.push(scene)
    ctx.stack.apply()
    sim = scene.sim
    spaces = queue_spaces(sim.n)
    numbers = {str(sim.n - i): space for i, space in enumerate(spaces)}
    for seat in sim.queue():
        for age in (sim.tuning.turn_pause // 2, sim.tuning.turn_pause):    # rising, and at the top
            sim.change = (seat, tokens, sim.tick - age)
            screen = probe.screen()
            ctx.stack.draw(screen, 0.0)
            items = probe.items(screen)
            labels = [rect for kind, label, rect in items if kind == "text" and rect.colliderect(numbers.get(label, pygame.Rect(0, 0, 0, 0)))]
            coins = [rect for kind, label, rect in items if label == COIN]
            assert len(labels) == sim.n and len(coins) >= 1
            assert [(coin, label) for coin in coins for label in labels if coin.colliderect(label)] == [], (seat, age)
