"""Tidying Up's dresser locators hide nothing a player looks for: every shopper, every pile and
every dresser's chair stays in sight (docs/READABILITY.md). They once covered piles and chairs,
and crowded the 6-seat mall."""
from __future__ import annotations

import pygame
import pytest

from game.render.clothing import look_of
from game.scenes.mall import draw as mall_draw
from game.scenes.mall.layout import LIST_ITEM, SCREEN
from game.scenes.mall.locator import FADED, NEAR, PAD, TAB, locator_surface
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
        strips = {id(s) for s in view.counts.strips.values()}
        looked_for += [(n, rect, "dresser count") for n, (rect, src) in enumerate(screen.log) if src in strips]
        tags = [want for _, want, _, _ in view._tags] + [drawn for _, _, drawn, _ in view._tags]
        looked_for += [(n, rect, "name tag") for n, (rect, _) in enumerate(screen.log) if rect in tags]
        kinds = {what for _, _, what in looked_for}
        assert {"pile", "shopper", "name tag"} <= kinds, kinds
        for n, rect, what in looked_for:
            hidden = [card for m, card in cards if m > n and card.colliderect(rect)]
            assert not hidden, f"a locator drawn over a {what} at {tuple(rect)}"
        # every chair ring is drawn after every locator (and before the shoppers, who may stand on it)
        assert chairs_at and chairs_at[0] > max(n for n, _ in cards)
        tick(ctx)


def _stand(scene, point: tuple[int, int] | None) -> None:
    """Every shopper to the screen `point` (None: far off the map, away from every card)."""
    from game.sim.tuning import FP
    layout = scene.layout
    x, y = point if point is not None else (-2000, -2000)
    for av in scene.sim.avatars:
        av.body.x = av.body.prev_x = round((x - layout.map_rect.x) / layout.scale * FP)
        av.body.y = av.body.prev_y = round((y - layout.map_rect.y) / layout.scale * FP)


def _faded_alphas(scene, point, ticks, reduced_motion=False):
    """The alpha each dresser card is blitted with, frame by frame, every shopper at `point`."""
    view = scene.view
    screen = Layers(SCREEN)
    seen = []
    _stand(scene, point)
    for _ in range(ticks):
        screen.log.clear()
        view.draw_dressers(screen, scene.sim, (0, 0), reduced_motion)
        locators = {id(s): s for s in view._locators.values()}
        seen.append([locators[src].get_alpha() for _, src in screen.log if src in locators])
        scene.sim.tick += 1          # the fade rides the simulation's ticks (render only: nothing else runs)
    return seen


def _first_card(scene) -> tuple[int, pygame.Rect]:
    spots = scene.view._dresser_spots(scene.sim)
    first = min(spots)
    return [d.index for d in scene.sim.dressers].index(first), spots[first]


def test_a_card_with_a_shopper_near_fades_smoothly_and_comes_back(ctx):  # noqa: F811
    """Ruling: a dresser card a shopper stands under or near fades, over a few frames, so the floor
    and the shopper show through; solid again once they leave. (Before, a card was drawn most
    solid exactly when a shopper was near it.)"""
    scene = played_mall(ctx, 2, "tidy", 2, seed=1)
    n, card = _first_card(scene)
    alone = _faded_alphas(scene, None, 3)
    assert all(a == 255 for frame in alone for a in frame), "a card nobody is near is solid"
    going = [frame[n] for frame in _faded_alphas(scene, card.center, 12)]
    assert going[-1] <= 255 * FADED + 1, going
    assert any(255 * FADED + 1 < a < 254 for a in going), f"no frame between solid and faded: {going}"
    assert going == sorted(going, reverse=True)
    back = [frame[n] for frame in _faded_alphas(scene, None, 12)]
    assert back[-1] == 255 and back == sorted(back) and back[0] < 255


def test_only_the_card_a_shopper_is_near_fades(ctx):  # noqa: F811
    scene = played_mall(ctx, 4, "tidy", 2, seed=1)
    n, card = _first_card(scene)
    frames = _faded_alphas(scene, (card.centerx, card.bottom + NEAR // 2), 12)
    assert frames[-1][n] < 128, "a shopper just under the card: it fades"
    spots = scene.view._dresser_spots(scene.sim)
    near = pygame.Rect(card.centerx, card.bottom + NEAR // 2, 1, 1)
    for m, d in enumerate(scene.sim.dressers):
        if m != n and not spots[d.index].inflate(4 * NEAR, 4 * NEAR + 200).colliderect(near):
            assert frames[-1][m] == 255, "a card nobody is near stays solid"


def test_reduced_motion_fades_a_card_at_once(ctx):  # noqa: F811
    scene = played_mall(ctx, 2, "tidy", 2, seed=1)
    n, card = _first_card(scene)
    _faded_alphas(scene, None, 2, reduced_motion=True)
    frames = _faded_alphas(scene, (card.left - NEAR // 2, card.top), 2, reduced_motion=True)
    assert frames[0][n] == round(255 * FADED)


def test_a_faded_card_keeps_the_colour_blind_patterns(ctx, monkeypatch):  # noqa: F811
    """Colour-blind mode: the card that fades is the same colour-blind card, only see-through."""
    ctx.settings.colourblind = True
    seen: list[bool] = []
    real = mall_draw.locator_surface
    monkeypatch.setattr(mall_draw, "locator_surface", lambda *a: (seen.append(a[3]), real(*a))[1])
    scene = played_mall(ctx, 2, "tidy", 2, seed=1)
    n, card = _first_card(scene)
    frames = _faded_alphas(scene, card.center, 12)
    assert frames[-1][n] < 128 and seen and all(seen)


def test_a_card_drawn_see_through_lets_the_floor_show(ctx):  # noqa: F811
    """pygame blends a surface alpha with the card's own per-pixel alpha: a faded card over a red
    floor lets the red through, its garments included."""
    scene = played_mall(ctx, 2, "tidy", 2, seed=1)
    cat = scene.sim.catalogue
    card = next(iter(cat.objectives.values()))
    looks = [look_of(cat.items[i], cat) for i in card.items]
    art = locator_surface(looks, 1, (), False)
    floor = pygame.Surface(art.get_size())
    floor.fill((255, 0, 0))
    art.set_alpha(round(255 * FADED))
    floor.blit(art, (0, 0))
    middle = (PAD + LIST_ITEM // 2, PAD + TAB + LIST_ITEM // 2)     # a garment's middle
    assert floor.get_at(middle).r > 150


def test_a_shopper_drawn_beside_a_card_fades_it_though_its_feet_are_further(ctx):  # noqa: F811
    """A crowd is drawn apart (render only): the body a player sees against the card, not where the
    feet stand in the simulation, decides; a body reaches up over a card from below it too."""
    scene = played_mall(ctx, 2, "tidy", 2, seed=1)
    n, card = _first_card(scene)
    _stand(scene, None)
    scene.view.body_rects = [pygame.Rect(card.right + NEAR // 2, card.top, 40, 70)]
    frames = _faded_alphas(scene, None, 12)
    assert frames[-1][n] < 128
    scene.view.body_rects = []
    _stand(scene, (card.centerx, card.bottom + NEAR + 40))   # feet below the card, the head over its edge
    assert _faded_alphas(scene, (card.centerx, card.bottom + NEAR + 40), 12)[-1][n] < 128
