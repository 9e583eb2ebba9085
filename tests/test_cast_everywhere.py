"""The cast wherever a player is shown (issue #40): the podium and results wear the seat's
colour-blind pattern as the map and lobby do, the podium's shadow fits the figure, the mode
choice shows portraits, and the speedrun's PB ghost is the runner's character, translucent."""
from __future__ import annotations

import pygame
import pytest

from devkit.shots import mall as mall_shots
from game.match.seats import identities
from game.render import figure as figure_module
from game.render.cast import default_for
from game.render.figure import Look, figure
from game.scenes import results_fx
from game.scenes.mall import results as mall_results
from game.scenes.results_fx import PODIUM_AREA, STAND, Podium, Standing, shopper
from tests.test_mall_scene import ctx  # noqa: F401  (fixture)


def _spy(monkeypatch, module, name):
    """Every Look `module.name` (figure or portrait) is asked to draw, in order."""
    seen: list[Look] = []
    real = getattr(module, name)

    def spy(character, look, *args, **kwargs):
        seen.append(look)
        return real(character, look, *args, **kwargs)
    monkeypatch.setattr(module, name, spy)
    return seen


@pytest.mark.parametrize("colourblind", [False, True])
def test_the_podiums_shoppers_wear_their_seats_pattern_in_colour_blind_mode(ctx, monkeypatch, colourblind):  # noqa: F811
    ids = identities()[:4]
    podium = Podium([Standing([i.name], 10 - n, n + 1, [i]) for n, i in enumerate(ids)], PODIUM_AREA, ctx.sound,
                    colourblind=colourblind)
    podium.finish()
    seen = _spy(monkeypatch, results_fx, "figure")
    podium.draw(pygame.Surface((1280, 720), pygame.SRCALPHA), 0.0)
    assert {look.shape for look in seen} == {i.shape for i in ids}
    assert {look.pattern for look in seen} == ({i.index for i in ids} if colourblind else {None})
    assert all(look.pattern in (None, next(i.index for i in ids if i.shape == look.shape)) for look in seen)


def test_the_round_results_portraits_wear_their_seats_pattern_in_colour_blind_mode(ctx, monkeypatch):  # noqa: F811
    ctx.settings.colourblind = True
    mall, results = mall_shots.results_shot(4, "rush")(ctx, 3)
    seen = _spy(monkeypatch, mall_results, "portrait")
    for side in range(4):
        results._badges(pygame.Surface((1280, 720), pygame.SRCALPHA), side, 0, 40, 40)
    expected = {mall.identities[s].index for s in mall.sim.seats}
    assert len(seen) == 4 and {look.pattern for look in seen} == expected


def test_a_portrait_in_colour_blind_mode_shows_the_pattern():
    """The pattern shows in a portrait's disc (its shoulders), not only on a full figure."""
    figure_module.clear_cache()
    ident = identities()[1]
    plain = figure_module.portrait(default_for(1), Look(ident.hex, ident.shape), 48)
    marked = figure_module.portrait(default_for(1), Look(ident.hex, ident.shape, ident.index), 48)
    differ = sum(plain.get_at((x, y)) != marked.get_at((x, y)) for x in range(48) for y in range(48))
    assert differ > 20


def _ink_columns(surface: pygame.Surface, row: int) -> tuple[int, int]:
    xs = [x for x in range(surface.get_width()) if surface.get_at((x, row)).a > 0]
    return min(xs), max(xs)


@pytest.mark.parametrize("seat", range(6))
def test_the_podium_shadow_is_as_wide_as_the_figure_not_the_old_shape(seat):
    ident = identities()[seat]
    size, feet = 160, (200, 300)
    surface = pygame.Surface((400, 400), pygame.SRCALPHA)
    shopper(surface, ident, size, feet)
    standing = figure(default_for(seat), Look(ident.hex, ident.shape), round(size * STAND), "idle", 0)
    body = standing.surface.get_bounding_rect(1).w
    left, right = _ink_columns(surface, feet[1])   # the shadow's widest row, at the feet
    assert right - left + 1 <= body + 2
    assert right - left + 1 >= body * 0.8        # still under the whole figure
    assert abs((left + right) / 2 - feet[0]) <= 2


def test_the_mode_choice_shows_each_choosers_portrait_in_its_seat_colour_and_shape(ctx, monkeypatch):  # noqa: F811
    from game.scenes.mall import mode_choice
    ctx.settings.colourblind = True
    ids = identities()
    picked = (default_for(5), default_for(2))
    chooser = mode_choice.Chooser((ids[1].name, ids[3].name), (ids[1], ids[3]), (1, 3), "memory", picked)
    scene = mode_choice.ModeChoiceScene(ctx, lambda mode: None, chooser)
    drawn: list[tuple[object, Look, int]] = []
    real = mode_choice.portrait

    def spy(character, look, size):
        drawn.append((character, look, size))
        return real(character, look, size)
    monkeypatch.setattr(mode_choice, "portrait", spy)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 0.0)
    assert [c for c, _, _ in drawn] == list(picked)
    assert [(look.colour, look.shape, look.pattern) for _, look, _ in drawn] == \
        [(ids[1].hex, ids[1].shape, 1), (ids[3].hex, ids[3].shape, 3)]
    assert all(size >= 48 for _, _, size in drawn)     # a face read from the sofa


def test_the_round_results_give_the_chooser_the_characters_the_mall_drew(ctx):  # noqa: F811
    mall, results = mall_shots.results_shot(4, "rush")(ctx, 3)
    chooser = results.chooser()
    seats = [s for s in mall.sim.seats if mall.identities[s] in chooser.identities]
    assert seats
    assert list(chooser.shoppers) == [mall.picture.cast[s] for s in seats]
    assert [chooser.shopper(k) for k in range(len(chooser.identities))] == list(chooser.shoppers)


def _saturation(c: pygame.Color) -> int:
    return max(c.r, c.g, c.b) - min(c.r, c.g, c.b)


def test_the_pb_ghost_is_the_runners_character_washed_out_and_see_through():
    from game.scenes.speedrun.ghost_art import GHOST_ALPHA, GhostArt, GhostPose
    ident = identities()[0]
    runner = figure(default_for(3), Look(ident.hex, ident.shape), 60, "walk", 2, True)
    ghost = GhostArt(default_for(3), ident.shape, 60).frame(GhostPose("walk", 2, True))
    assert ghost.feet == runner.feet and ghost.surface.get_size() == runner.surface.get_size()
    shape = pygame.mask.from_surface(runner.surface, 127)
    assert pygame.mask.from_surface(ghost.surface, 127).overlap_area(shape, (0, 0)) == shape.count()   # its silhouette
    assert ghost.surface.get_alpha() == GHOST_ALPHA < 160                  # see-through
    inked = [(x, y) for x in range(runner.surface.get_width()) for y in range(runner.surface.get_height())
             if shape.get_at((x, y))]
    assert max(_saturation(ghost.surface.get_at(p)) for p in inked) < 40   # no seat colour left
    assert sum(ghost.surface.get_at(p).r for p in inked) > sum(runner.surface.get_at(p).r for p in inked)  # paler


def test_the_ghost_walks_faces_and_carries_as_the_pb_moved():
    from game.scenes.speedrun.ghost_art import ghost_pose
    assert ghost_pose((0, 0), False, False, 9).state == "idle"
    walking = ghost_pose((-3, 0), False, False, 9)
    assert walking.state == "walk" and walking.left
    assert ghost_pose((0, 0), False, True, 9).left                        # stands facing where it went
    assert ghost_pose((0, 2), True, False, 9).state == "carry"
    assert len({ghost_pose((2, 0), False, False, t).frame for t in range(40)}) == 8   # a whole stride


def test_the_speedrun_draws_its_ghost_as_the_runners_character(ctx):  # noqa: F811
    from game import app
    from game.scenes import registry
    app.stage_screenshot(ctx, registry.screenshot("speedrun"), 1)
    run = ctx.stack.top
    run.draw(pygame.Surface((1280, 720)), 0.0)
    assert run.ghost_drawn is not None
    art = run._ghost_art
    assert art.character == run.picture.cast[0] and art.look.shape == run.picture.view.sprites[0].identity.shape
    w, h = run.ghost_drawn.get_size()
    assert h > w * 1.1          # a standing figure, not the old round token


def test_the_dice_tables_seat_portraits_follow_colour_blind_mode_even_switched_mid_game(ctx, monkeypatch):  # noqa: F811
    from devkit.shots import table as table_shots
    from game.scenes.table import hud as table_hud
    scene = table_shots._shot(4)(ctx, 3)
    seen = _spy(monkeypatch, table_hud, "portrait")
    scene.draw(pygame.Surface((1280, 720)), 0.0)
    assert len(seen) == 4 and {look.pattern for look in seen} == {None}
    seen.clear()
    ctx.settings.colourblind = True                     # the pause menu's switch
    scene.draw(pygame.Surface((1280, 720)), 0.0)
    assert sorted(look.pattern for look in seen) == [0, 1, 2, 3]


def test_the_mall_panels_portraits_follow_colour_blind_mode_even_switched_mid_match(ctx, monkeypatch):  # noqa: F811
    from game.scenes.mall import hud_header as mall_hud
    from game.scenes.mall.scene import demo_spec, piloted_mall
    scene = piloted_mall(ctx, demo_spec(4, "rush", 3))
    ctx.stack.push(scene)
    ctx.stack.apply()
    seen = _spy(monkeypatch, mall_hud, "portrait")
    scene.draw(pygame.Surface((1280, 720)), 0.0)
    assert seen and {look.pattern for look in seen} == {None}
    seen.clear()
    ctx.settings.colourblind = True                     # switched in Settings, from the pause menu
    scene.resume()
    scene.draw(pygame.Surface((1280, 720)), 0.0)
    assert sorted({look.pattern for look in seen}) == [0, 1, 2, 3]


def test_the_dice_tables_results_rows_and_podium_wear_the_pattern_in_colour_blind_mode(ctx, monkeypatch):  # noqa: F811
    from devkit.shots import table as table_shots
    from game.scenes.table import results as table_results
    ctx.settings.colourblind = True
    table, results = table_shots._played_out(ctx, 4, 3)
    rows = _spy(monkeypatch, table_results, "portrait")
    results.draw(pygame.Surface((1280, 720)), 0.0)
    assert sorted(look.pattern for look in rows) == [0, 1, 2, 3]
    results.show_podium()
    assert results.podium is not None and results.podium.colourblind
