"""Rumble and the find-me pulse only read the match: the same commands give the same state hash with them."""
import random

import pygame

from game.match.spec import MatchSpec
from game.scenes.menus.howto import mark_seen
from game.scenes.mall.scene import demo_spec, open_mall
from game.scenes.mall.layout import SCREEN
from game.scenes.pads.feel import Rumbler, rumble_table
from test_mall_scene import scripted


def run(spec: MatchSpec, feel: bool) -> str:
    from game.app import make_context
    pygame.init()
    pygame.display.set_mode(SCREEN)
    ctx = make_context(load_user_files=False)
    mark_seen("rush")
    scene = open_mall(ctx, spec)
    if not feel:
        scene.rumbler = None
    ctx.stack.push(scene)
    ctx.stack.apply()
    surface = pygame.Surface(SCREEN)
    rng = random.Random(9)
    humans = [s.seat for s in spec.seats if s.kind == "human"]
    for i in range(700):
        if feel and i % 50 == 0:
            ctx.input.find_me(humans[0])
        ctx.stack.update(scripted(rng, humans))
        ctx.stack.apply()
        if feel:
            ctx.stack.draw(surface, 0.5)
    return scene.sim.state_hash()


def test_feel_never_changes_the_match():
    spec = demo_spec(2, "rush", seed=21)
    assert run(spec, feel=True) == run(spec, feel=False)


def test_every_rumble_names_a_real_event():
    table = rumble_table()
    assert set(table) == {"soldout", "checkout"}
    for events in table.values():
        for strength, ms in events.values():
            assert 0 < strength <= 1 and 0 < ms <= 500


def test_a_bump_rumbles_once_when_avatars_meet():
    class Body:
        def __init__(self, x, y):
            self.x, self.y = x, y

    class Av:
        def __init__(self, seat, x):
            self.seat, self.body = seat, Body(x, 0)

    class Sim:
        events: list = []
        t = type("T", (), {"half": 10})()
        avatars = [Av(0, 0), Av(1, 100)]

    fired = []
    rumbler = Rumbler.__new__(Rumbler)
    rumbler.feel, rumbler.touching, rumbler.seat_of = {"bump": (0.3, 50)}, set(), lambda s: s
    rumbler.fire = lambda event, seat: fired.append((event, seat))
    sim = Sim()
    rumbler.mall(sim)
    sim.avatars[1].body.x = 15                 # now touching
    rumbler.mall(sim)
    rumbler.mall(sim)                          # still touching: no second rumble
    assert fired == [("bump", 0), ("bump", 1)]
