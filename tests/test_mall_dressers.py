"""Dresser cards: headed "DRESSER" in the panel's zoom; the map's locators follow colour-blind mode."""
from __future__ import annotations

import pygame
import pytest

from game.render.clothing import objective_art
from game.rules.soldout import load_catalogue
from game.scenes.mall import draw as mall_draw
from game.scenes.mall import locator as mall_locator
from tests.test_mall_scene import ctx, demo_spec, start, tick  # noqa: F401  (fixture)


def test_the_dresser_heading_differs_from_a_shopping_list():
    pygame.init()
    cat = load_catalogue()
    objective = next(iter(cat.objectives.values()))
    listed = objective_art(objective, cat, (280, 140))
    dresser = objective_art(objective, cat, (280, 140), title="DRESSER")
    assert listed is not dresser
    assert pygame.image.tobytes(listed, "RGBA") != pygame.image.tobytes(dresser, "RGBA")


def test_a_heading_too_small_to_read_is_left_out():
    """A card too small for a 16 px heading shows its items only (no 9 px text on the map)."""
    pygame.init()
    cat = load_catalogue()
    objective = next(iter(cat.objectives.values()))
    plain = objective_art(objective, cat, (160, 76), title="")
    small = objective_art(objective, cat, (160, 76), title="DRESSER")
    assert pygame.image.tobytes(plain, "RGBA") == pygame.image.tobytes(small, "RGBA")


@pytest.mark.parametrize("colourblind", [False, True])
def test_map_dressers_follow_the_colour_blind_setting(ctx, monkeypatch, colourblind):  # noqa: F811
    ctx.settings.colourblind = colourblind
    seen: list[bool] = []
    real = mall_locator.locator_surface

    def spy(looks, bags, filled, cb, **kwargs):
        seen.append(cb)
        return real(looks, bags, filled, cb, **kwargs)

    monkeypatch.setattr(mall_draw, "locator_surface", spy)
    scene = start(ctx, demo_spec(2, "tidy", seed=4))
    for _ in range(5):
        tick(ctx)
    scene.draw(pygame.display.get_surface(), 0.0)
    assert seen, "the tidy round drew no dresser"
    assert all(cb is colourblind for cb in seen)
