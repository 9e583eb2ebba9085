"""Render-only motion in the mall: it follows the sim's events and never changes the sim."""
from __future__ import annotations

import pygame

from game.scenes.mall.scene import MallScene, demo_spec, piloted_mall
from game.scenes.mall.fx import FLY_TICKS, MallFx
from game.scenes.mall.layout import SCREEN
from game.sim.mall_events import Delivered
from game.sim.tuning import FP
from tests.test_mall_scene import ctx  # noqa: F401  (fixture)


def _scene(ctx, players=2, mode="rush", seed=3) -> MallScene:  # noqa: F811
    scene = piloted_mall(ctx, demo_spec(players, mode, seed))
    ctx.stack.push(scene)
    ctx.stack.apply()
    return scene


def _first_delivery(scene: MallScene, limit: int = 60 * 120) -> Delivered:
    while scene.sim.tick < limit:
        scene.update({})
        hit = next((e for e in scene.sim.events if isinstance(e, Delivered)), None)
        if hit is not None:
            return hit
    raise AssertionError("no delivery")


def test_drawing_every_frame_leaves_the_state_hash_alone(ctx):  # noqa: F811
    drawn, plain = _scene(ctx), _scene(ctx)
    screen = pygame.Surface(SCREEN)
    for i in range(60 * 20):
        drawn.update({})
        plain.update({})
        drawn.draw(screen, (i % 3) / 3)
    assert drawn.sim.tick == plain.sim.tick
    assert drawn.sim.state_hash() == plain.sim.state_hash()


def test_a_delivered_card_flies_then_lands_with_a_pop(ctx):  # noqa: F811
    scene = _scene(ctx)
    seat = _first_delivery(scene).seat
    fx = scene.picture.fx_tick()
    side = scene.sim.round.side(scene.sim.player_of[seat])
    assert len(fx.flights) == 1 and fx.in_flight(scene.sim) == {side: 1}, "the card is in the air"
    start = fx.flight_at(fx.flights[0], 0.0)
    for _ in range(FLY_TICKS // 2):
        scene.update({})
    middle = fx.flight_at(fx.flights[0], 0.0)
    assert middle[2] > start[2] and middle[:2] != start[:2]
    for _ in range(FLY_TICKS):
        scene.update({})
    assert not fx.flights and fx.in_flight(scene.sim) == {}
    assert fx.pops and "/" in fx.pops[0].text, "Rush pops count cards, never right or wrong"
    assert fx.particles


def test_two_shoppers_meeting_knock_each_other_back(ctx):  # noqa: F811
    scene = _scene(ctx)
    sim = scene.sim
    while sim.phase != "playing":
        scene.update({})
    fx = MallFx(sim, {0: (255, 0, 0), 1: (0, 0, 255)})
    a, b = sim.avatars[0].body, sim.avatars[1].body
    b.x, b.y = a.x + 12 * FP, a.y          # touching (boxes of 2 x 10 px)
    fx.step(sim)
    da = fx.pose(sim.avatars[0].seat, 0.5)
    db = fx.pose(sim.avatars[1].seat, 0.5)
    assert da[0] < 0 < db[0], "each is pushed away from the other"
    for _ in range(20):
        fx.step(sim)
    assert fx.pose(sim.avatars[0].seat, 0.0)[0] == 0.0, "and it settles"


def test_the_landing_shake_follows_the_setting(ctx):  # noqa: F811
    scene = _scene(ctx)
    _first_delivery(scene)
    for _ in range(FLY_TICKS):
        scene.update({})
    fx = scene.picture.fx_tick()
    assert fx.shake(True) != (0, 0)
    assert fx.shake(False) == (0, 0)


def test_a_sides_table_count_stays_on_its_part_of_the_table_in_its_teams_colour(ctx):  # noqa: F811
    """The x/5 counts rose in a neutral colour and stacked over the name tags round the table."""
    from game.render import teams
    from game.scenes.mall.draw import seat_teams
    scene = piloted_mall(ctx, demo_spec(4, "rush", 3, teams=2))
    ctx.stack.push(scene)
    ctx.stack.apply()
    seat = _first_delivery(scene).seat
    fx = scene.picture.fx_tick()
    end = fx.flights[0].end
    for _ in range(FLY_TICKS + 1):
        scene.update({})
    pop = next(p for p in fx.pops if "/" in p.text)
    assert pop.fixed and (pop.x, pop.y) == end                      # on the side's cell of the table
    assert pop.colour == teams.look(seat_teams(scene.sim)[seat]).colour
    y = pop.y
    for _ in range(10):
        scene.update({})
    assert pop.y == y                                               # it does not rise into the tags
    scene.draw(pygame.Surface(SCREEN), 0.5)
