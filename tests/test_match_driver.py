"""One match driver and one bot-seed rule: a seed plays the same in the window and headless."""
import pytest

from game.bots.soldout import make_soldout_bot
from game.driver.match_driver import MatchDriver, bot_seed
from game.driver.soldout_headless import new_sim, play_match
from game.driver.table_headless import play_match as play_table
from game.app.headless import build_spec
from game.match.commands import IDLE, Command
from game.driver.replay import ReplayWriter, header_for, read_replay
from game.scenes.mall.scene import open_mall
from tests.gamectx import mark_howto_seen


def _headless_hash_at(spec, ticks: int) -> str:
    sim, _modes = new_sim(spec)
    driver = MatchDriver(sim, [s.seat for s in spec.seats])
    for s in spec.seats:
        driver.seat(s.seat, make_soldout_bot(s, sim, bot_seed(spec.seed, s.seat)).command)
    for _ in range(ticks):
        driver.step()
    return sim.state_hash()


@pytest.mark.parametrize("mode", ["rush", "tidy"])
def test_a_seed_plays_the_same_in_the_window_and_headless(ctx, mode):
    mark_howto_seen()
    spec = build_spec("soldout", 3, mode=mode, seed=5)
    scene = open_mall(ctx, spec)
    ctx.stack.push(scene)
    ctx.stack.apply()
    ticks = 60 * 30
    for _ in range(ticks):
        scene.update({})
    assert scene.sim.tick == ticks
    assert scene.sim.state_hash() == _headless_hash_at(spec, ticks)


def test_a_bot_keeps_its_seat_from_round_to_round(ctx):
    mark_howto_seen()
    scene = open_mall(ctx, build_spec("soldout", 2, mode="rush", seed=5, rounds=2))
    first = dict(scene.bots)
    assert first and scene._make_bots(first) == first


def test_the_driver_records_what_it_steps(tmp_path):
    spec = build_spec("soldout", 2, mode="rush", seed=3)
    sim, _modes = new_sim(spec)
    driver = MatchDriver(sim, [0, 1], ReplayWriter(header_for(spec)))
    driver.seat(1, lambda _sim: Command(dx=10))
    used = [driver.step({0: Command(dy=5)}) for _ in range(3)]
    assert used[0] == {0: Command(dy=5), 1: Command(dx=10)}
    assert driver.gather() == {0: IDLE, 1: Command(dx=10)}
    driver.save(tmp_path / "r.replay")
    replay = read_replay((tmp_path / "r.replay").read_text(encoding="utf-8"))
    assert [list(t) for t in replay.ticks()] == [[Command(dy=5), Command(dx=10)]] * 3


def test_headless_runners_still_play_through_the_driver():
    assert play_match(build_spec("soldout", 2, mode="memory", seed=3))["winners"]
    assert play_table(build_spec("checkout", 2, seed=3))["winners"]


def test_a_table_seed_plays_the_same_in_the_window_and_headless(ctx):
    from game.driver.table_headless import make_bots
    from game.scenes.table.scene import TableScene
    from game.sim.table import TableSim
    mark_howto_seen()
    spec = build_spec("checkout", 3, seed=7)
    scene = TableScene(ctx, spec)
    ticks = 60 * 20
    for _ in range(ticks):
        scene.update({})
    sim = TableSim(spec)
    driver = MatchDriver(sim, [0, 1, 2])
    for i, bot in enumerate(make_bots(spec)):
        driver.seat(i, bot.command)
    for _ in range(ticks):
        driver.step()
    assert scene.sim.tick == ticks and scene.sim.state_hash() == sim.state_hash()


def test_the_table_window_plays_a_headless_recording_back(ctx, tmp_path):
    from game.driver.table_headless import run_table
    from game.scenes.table.scene import TableScene
    spec = build_spec("checkout", 2, seed=4)
    sim, _bots = run_table(spec, record=tmp_path / "t.replay")
    replay = read_replay((tmp_path / "t.replay").read_text(encoding="utf-8"))
    viewer = TableScene(ctx, replay.match_spec(), replay=replay)
    assert viewer.bots == {} and viewer.driver.replaying
    while not viewer.driver.played_out():
        viewer.driver.step()
    assert viewer.sim.state_hash() == sim.state_hash()


def test_playback_stands_for_every_seat_and_pads_short_ticks():
    spec = build_spec("soldout", 2, mode="rush", seed=3)
    sim, _modes = new_sim(spec)
    driver = MatchDriver(sim, [0, 1], playback=[[Command(dx=3)], [Command(dy=4), Command(dx=1)]])
    driver.seat(1, lambda _sim: Command(dx=99))          # a replay's seat is the replay's, not a bot's
    assert driver.replaying and not driver.played_out()
    assert driver.step() == {0: Command(dx=3), 1: IDLE}
    assert driver.step() == {0: Command(dy=4), 1: Command(dx=1)}
    assert driver.played_out() and driver.gather() == {0: IDLE, 1: IDLE}
    assert sim.tick == 2


def test_start_due_round_follows_the_fixed_modes():
    spec = build_spec("soldout", 2, mode="choose", rounds=2, seed=3)
    sim, modes = new_sim(spec)
    driver = MatchDriver(sim, [0, 1], rounds=modes)
    assert driver.start_due_round() and sim.mode == modes[0]     # nothing due mid-round
    driver.rounds = modes[:1]
    sim.phase = "round_over"
    assert not driver.start_due_round() and sim.mode == modes[0]  # no second round to start
    assert [r["mode"] for r in play_match(spec)["rounds"]] == modes == ["rush", "memory"]


def test_a_speedrun_session_steps_and_records_through_its_driver():
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.session import RunSession
    cats = load_categories()
    session = RunSession(make_setup(cats["checkout"], "set", seed_index=0))
    assert session.driver.sim is session.sim and sorted(session.driver.controllers) == [1, 2, 3][:session.spec.players - 1]
    for _ in range(30):
        session.step(Command(dx=5))
    replay = read_replay(session.replay_text())
    ticks = list(replay.ticks())
    assert len(ticks) == 30 == session.sim.tick
    assert all(t[0] == Command(dx=5) and len(t) == session.spec.players for t in ticks)


def test_a_bot_seated_with_its_repeat_plays_what_its_command_plays():
    """seat_bot runs the bot's repeat in the driver: the same Commands, tick for tick, as seat()."""
    spec = build_spec("soldout", 3, mode="rush", seed=8)
    runs = []
    for fast in (True, False):
        sim, _modes = new_sim(spec)
        driver = MatchDriver(sim, [s.seat for s in spec.seats])
        for s in spec.seats:
            bot = make_soldout_bot(s, sim, bot_seed(spec.seed, s.seat))
            driver.seat_bot(s.seat, bot) if fast else driver.seat(s.seat, bot.command)
        runs.append([driver.step() for _ in range(60 * 20)])
    assert runs[0] == runs[1] and any(c.dx or c.dy for tick in runs[0] for c in tick.values())


def test_a_seat_handed_to_another_controller_stops_repeating_the_bot():
    spec = build_spec("soldout", 2, mode="rush", seed=3)
    sim, _modes = new_sim(spec)
    driver = MatchDriver(sim, [0, 1])
    bot = make_soldout_bot(spec.seats[0], sim, bot_seed(spec.seed, 0))
    driver.seat_bot(0, bot)
    driver.step()
    bot.cooldown, bot.move = 5, Command(dx=4)
    assert driver.gather()[0] == Command(dx=4)
    driver.controllers = {0: lambda _sim: Command(dy=7)}   # as the mall scene swaps its bots in
    assert driver.gather() == {0: Command(dy=7), 1: IDLE}
    driver.seat(0, lambda _sim: Command(dx=-2))
    assert driver.gather()[0] == Command(dx=-2)


def test_a_seat_handed_over_mid_match_leaves_every_bot_where_its_own_countdown_would():
    """The driver counts a seated bot's cooldown down itself (seat_bot). Handing a seat over mid-match
    must leave every bot's cooldown where the bot's own countdown (seat) would have: the same
    Commands after."""
    spec = build_spec("soldout", 3, mode="rush", seed=8)
    runs, cooldowns = [], []
    for fast in (True, False):
        sim, _modes = new_sim(spec)
        driver = MatchDriver(sim, [s.seat for s in spec.seats])
        bots = [make_soldout_bot(s, sim, bot_seed(spec.seed, s.seat)) for s in spec.seats]
        for bot in bots:
            driver.seat_bot(bot.seat, bot) if fast else driver.seat(bot.seat, bot.command)
        ticks = [driver.step() for _ in range(60 * 8 + 7)]
        driver.seat(2, lambda _sim: Command(dy=7))
        cooldowns.append([bot.cooldown for bot in bots])
        ticks += [driver.step() for _ in range(60 * 6)]
        runs.append(ticks)
    assert cooldowns[0] == cooldowns[1] and any(cooldowns[1])
    assert runs[0] == runs[1]
