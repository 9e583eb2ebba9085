"""Tidying Up's dresser locators hide nothing a player looks for: every shopper, every pile and
every dresser's chair stays in sight (docs/READABILITY.md). They once covered piles and chairs,
and crowded the 6-seat mall."""
from __future__ import annotations

import pygame
import pytest

from game.render import clothing
from game.render.clothing import look_of
from game.scenes.mall import draw as mall_draw
from game.scenes.mall.layout import LIST_ITEM, SCREEN
from game.scenes.mall.locator import GAP, PAD, TAB, locator_size, locator_surface
from tests.gamectx import played_mall
from tests.test_mall_scene import ctx, tick  # noqa: F401  (fixture)


class Layers(pygame.Surface):
    """A screen that logs every blit in order: (rect drawn, the source's id)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.log: list[tuple[pygame.Rect, int]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # noqa: D102
        rect = super().blit(source, dest, area, special_flags)
        self.log.append((rect, id(source)))
        return rect


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_locator_covers_a_shopper_a_pile_or_a_chair(ctx, monkeypatch, players):  # noqa: F811
    scene = played_mall(ctx, players, "tidy", 60 * 16, seed=1)
    screen = Layers(SCREEN)
    piles: set[int] = set()
    real_pile = mall_draw.pile_surface

    def pile_surface(*args, **kwargs):
        surf = real_pile(*args, **kwargs)
        piles.add(id(surf))
        return surf
    monkeypatch.setattr(mall_draw, "pile_surface", pile_surface)
    chairs_at: list[int] = []
    real_chairs = scene.view.draw_chairs
    monkeypatch.setattr(scene.view, "draw_chairs", lambda *a: (chairs_at.append(len(screen.log)), real_chairs(*a)))
    for _frame in range(4):
        screen.log.clear()
        chairs_at.clear()
        scene.draw(screen, 0.0)
        view = scene.view
        locators = {id(s) for s in view._locators.values()}
        cards = [(n, rect) for n, (rect, src) in enumerate(screen.log) if src in locators]
        assert len(cards) == len(scene.sim.dressers)
        looked_for = [(n, rect, "pile") for n, (rect, src) in enumerate(screen.log) if src in piles]
        looked_for += [(n, rect, "shopper") for n, (rect, _) in enumerate(screen.log) if rect in view.body_rects]
        looked_for += [(n, rect, "pile count") for n, (rect, _) in enumerate(screen.log) if rect in view.counts.piles]
        assert any(what == "pile" for _, _, what in looked_for) and any(w == "shopper" for _, _, w in looked_for)
        for n, rect, what in looked_for:
            hidden = [card for m, card in cards if m > n and card.colliderect(rect)]
            assert not hidden, f"a locator drawn over a {what} at {tuple(rect)}"
        # every chair ring is drawn after every locator (and before the shoppers, who may stand on it)
        assert chairs_at and chairs_at[0] > max(n for n, _ in cards)
        tick(ctx)


def test_a_locator_nobody_is_near_lets_the_mall_show_through(ctx):  # noqa: F811
    """Its paper and item boxes are see-through; its garments stay as solid (and as big) as ever."""
    scene = played_mall(ctx, 2, "tidy", 2, seed=1)
    cat = scene.sim.catalogue
    card = next(iter(cat.objectives.values()))
    looks = [look_of(cat.items[i], cat) for i in card.items]
    solid = locator_surface(looks, 1, (), False)
    far = mall_draw._paper(mall_draw.NEAR_FAR[1])
    faded = locator_surface(looks, 1, (), False, paper=far)
    assert mall_draw._paper(0) == 255 and far < 128
    w, h = locator_size(len(looks))
    between = (PAD + LIST_ITEM + GAP // 2, h - PAD - 2)          # paper between two item boxes
    assert solid.get_at(between).a == 255 and faded.get_at(between).a < 128
    box_corner = (PAD + 2, PAD + TAB + 2)                         # an item box's white corner
    assert faded.get_at(box_corner).a < 128
    look = looks[0]
    art = clothing.item_surface(look.garment, look.hex, look.pattern, LIST_ITEM, False, look.cb_hex)
    garment = [(PAD + x, PAD + TAB + y) for x in range(LIST_ITEM) for y in range(LIST_ITEM)
               if art.get_at((x, y)).a >= 250]     # the garment's body (smoothscaled: 253)
    assert len(garment) > LIST_ITEM, "no garment in the box"
    for p in garment:
        a, b = faded.get_at(p), solid.get_at(p)
        assert a.a >= 250 and max(abs(a[i] - b[i]) for i in range(3)) <= 4, (p, a, b)
