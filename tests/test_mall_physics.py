"""Mall physics and pile handling: walls, pushing, pick-up / put-down legality, the flip interval."""
from __future__ import annotations

import dataclasses
import itertools
import random

from game.match.commands import Button, Command
from game.sim.mall_events import Flipped, PutDown
from game.sim.tuning import FP, load_tuning
from tests.test_mall_rounds import Driver, make_sim


def _inside_solid(sim, av) -> bool:
    b, h = av.body, sim.t.half
    return sim.grid.box_blocked(b.x - h, b.y - h, b.x + h, b.y + h)


def _place(av, x: int, y: int) -> None:
    av.body.x, av.body.y = x * FP, y * FP
    av.body.vx = av.body.vy = 0


def test_never_inside_a_solid_tile_after_random_sticks():
    sim = make_sim(6, "rush", seed=11)
    drv = Driver(sim)
    drv.until_phase("playing")
    rng = random.Random(3)
    cmds: dict[int, Command] = {}
    for i in range(1000):
        if i % 15 == 0:
            cmds = {s: Command(rng.randint(-16, 16), rng.randint(-16, 16)) for s in range(6)}
        sim.step(cmds)
        for av in sim.avatars:
            assert not _inside_solid(sim, av), (i, av.seat, av.pos)


def test_walking_into_a_wall_stops_flush():
    sim = make_sim(2, "rush")
    drv = Driver(sim)
    drv.until_phase("playing")
    av = sim.by_seat[0]
    for _ in range(400):
        drv.step({0: Command(0, -16)})  # straight up until the shop's back wall or furniture
    assert not _inside_solid(sim, av)
    assert av.body.vy == 0
    top = av.body.y - sim.t.half
    assert top % (sim.level.tile_size * FP) == 0  # resting exactly on a tile edge


def test_two_avatars_walking_into_each_other_separate():
    sim = make_sim(2, "rush")
    drv = Driver(sim)
    drv.until_phase("playing")
    a, b = sim.by_seat[0], sim.by_seat[1]
    # an open stretch of floor in the boutique (row 13 is free from x 2 to 32)
    _place(a, 4 * 32 + 16, 13 * 32 + 16)
    _place(b, 9 * 32 + 16, 13 * 32 + 16)
    for _ in range(120):
        drv.step({0: Command(16, 0), 1: Command(-16, 0)})
        gap = abs(a.body.x - b.body.x)
        assert gap > sim.t.half  # pushing is soft but they never pass through each other
    for _ in range(20):
        drv.step()
    d2 = (a.body.x - b.body.x) ** 2 + (a.body.y - b.body.y) ** 2
    assert d2 >= (2 * sim.t.half) ** 2 - 2 * FP * FP  # no overlap persists
    assert not _inside_solid(sim, a) and not _inside_solid(sim, b)


def test_pick_up_needs_reach_and_put_down_uses_the_preview():
    sim = make_sim(2, "rush")
    drv = Driver(sim)
    drv.until_phase("playing")
    drv.press(0, Button.A)
    assert sim.rejection(0)[0] == "No pile within reach"
    pid, x, y = sim.floor_piles()[0]
    drv.walk_to(0, (x, y))
    drv.press(0, Button.A)
    assert sim.held_pile(0) == pid
    assert pid not in [p for p, _, _ in sim.floor_piles()]
    px, py, legal = sim.preview_spot(0)
    assert legal
    drv.press(0, Button.B)
    assert sim.held_pile(0) is None and sim.piles[pid] == (px, py)
    assert [e for e in sim.events if isinstance(e, PutDown)]


def test_put_down_never_on_a_pile_wall_table_or_chair():
    sim = make_sim(2, "rush")
    drv = Driver(sim)
    drv.until_phase("playing")
    pid, x, y = sim.floor_piles()[0]
    other = sim.floor_piles()[1]
    tx, ty, tw, th = sim.level.table_rect
    chair = sim.level.chairs[0]
    assert not sim.floor.spot_legal(other[1], other[2], pid)            # on another pile
    assert not sim.floor.spot_legal(other[1] + 10, other[2] - 10, pid)  # overlapping it
    assert not sim.floor.spot_legal(16, 16, pid)                         # in the corner wall
    assert not sim.floor.spot_legal(tx + tw // 2, ty + th // 2, pid)     # on the table
    assert not sim.floor.spot_legal(tx - 4, ty + 8, pid)                 # hanging over its edge
    assert not sim.floor.spot_legal(chair[0], chair[1], pid)             # on a chair
    # facing the table from right next to it: the preview slides to a legal spot
    drv.walk_to(0, (x, y))
    drv.press(0, Button.A)
    drv.stand_next_to(0, Driver(sim).table_tiles())
    av = sim.by_seat[0]
    cx, cy = tx + tw // 2, ty + th // 2
    av.body.fx = (cx > av.pos[0]) - (cx < av.pos[0]) if abs(cx - av.pos[0]) > tw // 2 else 0
    av.body.fy = (cy > av.pos[1]) - (cy < av.pos[1]) if abs(cy - av.pos[1]) > th // 2 else 0
    sx, sy, legal = sim.preview_spot(0)
    assert legal and sim.floor.spot_legal(sx, sy, pid)
    h = sim.t.pile_half
    assert not (tx - h < sx < tx + tw + h and ty - h < sy < ty + th + h)


def test_put_down_refused_when_there_is_no_room():
    sim = make_sim(2, "rush", tuning=dataclasses.replace(load_tuning(), search_radius=0))
    drv = Driver(sim)
    drv.until_phase("playing")
    pid, x, y = sim.floor_piles()[0]
    drv.walk_to(0, (x, y))
    drv.press(0, Button.A)
    for _ in range(200):
        drv.step({0: Command(0, -16)})  # face and touch the wall above
    for _ in range(200):
        drv.step({0: Command(-16, 0)})  # into the corner
    for _ in range(3):
        drv.step({0: Command(-16, -16)})
    x0, y0, legal = sim.preview_spot(0)
    assert not legal
    drv.press(0, Button.B)
    assert sim.held_pile(0) == pid
    assert sim.rejection(0) == ("No room to put the pile down here", sim.tick)


def test_flip_interval_enforced_for_mashing_and_holding():
    sim = make_sim(2, "rush")
    drv = Driver(sim)
    drv.until_phase("playing")
    pid, x, y = sim.floor_piles()[0]
    drv.walk_to(0, (x, y))
    drv.press(0, Button.A)
    interval = sim.t.flip_ticks
    assert interval == round(load_tuning().flip_ticks) and interval >= 6

    def count(commands) -> int:
        flips = 0
        for cmd in commands:
            sim.step({0: cmd})
            flips += sum(1 for e in sim.events if isinstance(e, Flipped))
        return flips

    drv.wait(interval)
    mash = count([Command(pressed=Button.X, held=Button.X)] * (interval * 5))
    assert mash == 5
    drv.wait(interval)
    hold = count([Command(pressed=Button.X, held=Button.X)] + [Command(held=Button.X)] * (interval * 5 - 1))
    assert hold == 5
    drv.press(1, Button.X)
    assert sim.rejection(1)[0] == "You are not holding a pile"


def test_carrying_a_pile_is_slower():
    sim = make_sim(2, "rush")
    drv = Driver(sim)
    drv.until_phase("playing")
    pid, x, y = sim.floor_piles()[0]
    drv.walk_to(0, (x, y))
    drv.press(0, Button.A)
    assert sim.held_pile(0) == pid
    _place(sim.by_seat[0], 5 * 32 + 16, 13 * 32 + 16)  # open floor in the boutique
    _place(sim.by_seat[1], 5 * 32 + 16, 14 * 32 + 16)
    for _ in range(25):
        drv.step({0: Command(16, 0), 1: Command(16, 0)})
    assert sim.by_seat[0].body.vx == sim.t.carry_top < sim.by_seat[1].body.vx == sim.t.top


def test_nobody_moves_during_the_countdown():
    sim = make_sim(2, "rush")
    start = [av.pos for av in sim.avatars]
    for _ in range(sim.t.countdown_ticks - 1):
        sim.step({0: Command(16, 0), 1: Command(0, -16, Button.A, Button.A)})
        assert sim.phase == "countdown"
    assert [av.pos for av in sim.avatars] == start
    sim.step({})
    assert sim.phase == "playing"


def test_sim_modules_do_not_import_pygame():
    import subprocess
    import sys

    code = ("import sys, game.sim.mall, game.sim.physics, game.sim.tuning; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_bad_tuning_file_is_one_clear_error(tmp_path):
    import pytest

    from game.sim.tuning import TUNING_PATH, TuningError

    broken = tmp_path / "tuning.toml"
    broken.write_text(TUNING_PATH.read_text().replace("top_speed = 190", "top_speed = \"fast\""))
    with pytest.raises(TuningError, match=r"tuning\.toml: \[avatar\] top_speed must be a number"):
        load_tuning(broken)
    missing = tmp_path / "short.toml"
    missing.write_text("[avatar]\nhalf_size = 10\n")
    with pytest.raises(TuningError, match=r"missing \[avatar\] top_speed"):
        load_tuning(missing)
    # true is not a speed (the mall once read it as 1; the table's file always refused it)
    yes = tmp_path / "bool.toml"
    yes.write_text(TUNING_PATH.read_text().replace("top_speed = 190", "top_speed = true"))
    with pytest.raises(TuningError, match=r"\[avatar\] top_speed must be a number"):
        load_tuning(yes)


def test_moving_bodies_in_one_pass_is_two_axis_moves_each():
    """move_bodies (the open-2x2-block short cut) lands exactly where move_axis x then y lands,
    walls, corners and the map's edge included, for every box size up to a whole cell."""
    from game.sim.physics import Body, move_axis, move_bodies
    sim = make_sim(2, "rush")
    grid, u = sim.grid, sim.grid.unit
    rng = random.Random(7)
    for half in (sim.t.half, u // 2, u // 4):
        for _ in range(3000):
            x = rng.randrange(-u, (grid.w + 1) * u)
            y = rng.randrange(-u, (grid.h + 1) * u)
            vx, vy = rng.randint(-3 * FP, 3 * FP), rng.randint(-3 * FP, 3 * FP)
            fast, slow = Body(x, y), Body(x, y)
            fast.vx, fast.vy, slow.vx, slow.vy = vx, vy, vx, vy
            move_bodies(grid, [fast], half)
            if slow.vx and move_axis(grid, slow, half, slow.vx, 0):
                slow.vx = 0
            if slow.vy and move_axis(grid, slow, half, 0, slow.vy):
                slow.vy = 0
            assert (fast.x, fast.y, fast.vx, fast.vy) == (slow.x, slow.y, slow.vx, slow.vy), (half, x, y, vx, vy)


def test_a_new_round_takes_its_facing_from_the_stick_even_if_the_command_is_the_same_object():
    """The simulation remembers each avatar's last stick (a repeated Command object is not worked
    out again); a new round's fresh body must still turn to that stick on its first step."""
    sim = make_sim(1, "rush", rounds=2)
    drv = Driver(sim)
    drv.until_phase("playing")
    left = Command(-16, 0)
    sim.step({0: left})
    assert sim.by_seat[0].facing == (-1, 0)
    sim.round.end_round("time")
    while sim.phase != "round_over":   # the same Command all along: nothing else clears the memory
        sim.step({0: left})
    sim.start_next_round("rush")
    while sim.phase != "playing":
        sim.step({0: left})
    assert sim.by_seat[0].facing == (0, -1)      # a new round faces into the shop
    sim.step({0: left})
    assert sim.by_seat[0].facing == (-1, 0)


def test_dresser_in_reach_is_the_nearest_chair_by_box_gap():
    """dresser_in_reach (spelled out for speed) against the plain rule: the chair tile with the
    least gap to the avatar's box, within reach, the first of equals."""
    sim = make_sim(4, "tidy", seed=5)
    av = sim.by_seat[0]
    ts = sim.level.tile_size
    rng = random.Random(9)
    found = 0
    for _ in range(3000):
        d = rng.choice(sim.dressers)
        _place(av, d.x + rng.randint(-60, 60), d.y + rng.randint(-60, 60))
        best = None
        for chair in sim.dressers:
            gap = sim.fixtures.gap2(av, (chair.x - ts // 2, chair.y - ts // 2, ts, ts))
            if gap <= sim.t.reach_dresser ** 2 and (best is None or gap < best[0]):
                best = (gap, chair)
        assert sim.dresser_in_reach(0) == (best[1] if best else None)
        found += best is not None
    assert found > 1000


def test_skipped_pushing_passes_change_nothing():
    """The pushing pass is skipped while no two shoppers can have come within reach since the
    last one (Crowd.apart): six shoppers pushing sticks at random, bumping into each other
    and the shelves, end every tick exactly where a mall that runs every pass puts them."""
    skipping, every = make_sim(6, "rush", seed=5), make_sim(6, "rush", seed=5)
    every.crowd.stride = 0                      # separate() then never allows a skip
    for sim in (skipping, every):
        Driver(sim).until_phase("playing")
    rng = random.Random(11)
    sticks = [Command(rng.randint(-16, 16), rng.randint(-16, 16)) for _ in range(40)]
    cmds: dict[int, Command] = {}
    skipped = close = 0
    reach = 2 * every.t.half
    for i in range(3000):
        if i % 20 == 0:                    # now and then everyone heads for the same corner
            cmds = {av.seat: rng.choice(sticks) if i % 200 else Command(-16, 16) for av in every.avatars}
        skipped += skipping.crowd.apart > 0
        skipping.step(cmds)
        every.step(cmds)
        close += any(abs(a.x - b.x) < reach and abs(a.y - b.y) < reach
                     for a, b in itertools.combinations(every.crowd.bodies, 2))
        assert [(b.x, b.y, b.vx, b.vy) for b in skipping.crowd.bodies] == \
               [(b.x, b.y, b.vx, b.vy) for b in every.crowd.bodies], i
        if every.phase != "playing":
            break
    assert skipped > 300 and close > 100, "the test must cover skipped passes and pushes"
    assert every.state_hash() == skipping.state_hash()


def test_the_same_stick_held_through_a_put_down_walks_at_the_walking_speed_again():
    """The mall keeps a shopper's last stick worked out while the same Command object comes
    again; putting the pile down (or picking one up) changes the top speed, so the stick is
    worked out again even though the Command object is the same."""
    from game.sim.physics import target_velocity
    sim = make_sim(1, "rush")
    drv = Driver(sim)
    drv.until_phase("playing")
    av = sim.avatars[0]
    pile, (x, y) = next(iter(sim.floor.piles.items()))
    _place(av, x, y)
    drv.press(av.seat, Button.A)
    assert sim.held_pile(av.seat) == pile
    sim.step({av.seat: Command(16, 0)})
    assert av.aim[1] == target_velocity(16, 0, sim.t.carry_top)[0], "holding: the carrying speed"
    down = Command(16, 0, Button.B, Button.B)        # the one object, tick after tick
    sim.step({av.seat: down})
    assert sim.held_pile(av.seat) is None            # put down in that tick's button pass
    sim.step({av.seat: down})
    assert av.aim[1] == target_velocity(16, 0, sim.t.top)[0], "put down: the walking speed"


def test_a_staged_crowd_is_the_crowd_the_mall_moves():
    # gather() gives every shopper a new body: the tick must move those, not the spawn's (it
    # kept its lists of the old bodies, so a staged shopper stood still under a held stick)
    from game.sim.mall_stage import gather
    sim = make_sim(2, "rush")
    Driver(sim).until_phase("playing")
    ts = sim.level.tile_size
    gather(sim, 9 * ts + ts // 2, 13 * ts + ts // 2)
    av = sim.by_seat[0]
    staged = (av.body.x, av.body.y)
    for _ in range(30):
        sim.step({0: Command(16, 0)})
    assert (av.body.x, av.body.y) != staged
    assert not _inside_solid(sim, av)
