"""Benchmark the Check Out! dice table: simulation speed and frame time.

Simulation (same run, three numbers):
- bots: a whole 6-seat game with 6 bots (their thinking included), ticks/s;
- sim: the same game's recorded commands replayed into a fresh TableSim, so only
  TableSim.step is timed, ticks/s;
- empty: TableSim.step with six idle seats (the floor of a tick), ticks/s.
Target: at least 300x real time, i.e. 18,000 ticks/s.

Frames at 1280x720 (software surface, dummy video driver): the 6-seat table
mid-round with the bots playing, p50/p99 of TableScene.draw (wall clock, and
this thread's CPU time, which a busy shared machine does not inflate), against
a baseline of blitting the pre-rendered static layer alone. Target p99 < 8 ms.

Run:  python tools/bench_table.py [--frames N] [--seed N]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import TICK_RATE  # noqa: E402
from game.match.commands import IDLE  # noqa: E402
from game.match.spec import MatchSpec, SeatSpec  # noqa: E402
from game.games.checkout import CheckOutOptions
from game.sim.table import TableSim  # noqa: E402
from game.driver.table_headless import make_bots  # noqa: E402


def bot_spec(seed: int, players: int = 6, difficulty: str = "normal") -> MatchSpec:
    seats = tuple(SeatSpec(i, f"Bot{i}", "bot", difficulty) for i in range(players))
    return MatchSpec("checkout", seats, CheckOutOptions(), seed)


def sim_speed(seed: int = 1) -> dict[str, float]:
    """Ticks per second: bots + sim, sim alone (replayed commands), and empty ticks."""
    spec = bot_spec(seed)
    sim = TableSim(spec)
    bots = make_bots(spec)
    recorded = []
    start = time.perf_counter()
    while not sim.over():
        commands = {i: bot.command(sim) for i, bot in enumerate(bots)}
        recorded.append(commands)
        sim.step(commands)
    with_bots = time.perf_counter() - start
    replay = TableSim(spec)
    start = time.perf_counter()
    for commands in recorded:
        replay.step(commands)
    alone = time.perf_counter() - start
    assert replay.state_hash() == sim.state_hash(), "the replay diverged"
    empty = TableSim(spec)
    idle = {i: IDLE for i in range(6)}
    start = time.perf_counter()
    for _ in range(len(recorded)):
        empty.step(idle)
    floor = time.perf_counter() - start
    ticks = len(recorded)
    return {"ticks": ticks, "bots": ticks / with_bots, "sim": ticks / alone, "empty": ticks / floor,
            "game_seconds": ticks / TICK_RATE}


def frame_times(frames: int = 600, seed: int = 4) -> dict[str, float]:
    """Milliseconds per TableScene.draw (p50, p99) and per static blit (p50, p99)."""
    import pygame

    from game import app
    from game.scenes.table.scene import TableScene, demo_spec
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    ctx = app.make_context(load_user_files=False)
    scene = TableScene(ctx, demo_spec(6, seed, "normal"), demo=True)
    scene.fast_forward(lambda sim: sim.phase == "frenzy" and sim.tick > sim.countdown_end + 60)
    scene.draw(screen, 0.0)
    draws, blits, cpu = [], [], []
    for _ in range(frames):
        scene.update({-1: IDLE})
        start, start_cpu = time.perf_counter(), time.thread_time()
        scene.draw(screen, 0.0)
        draws.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        static = scene.picture.static
        assert static is not None   # built by the first draw
        start = time.perf_counter()
        screen.blit(static, (0, 0))
        blits.append(time.perf_counter() - start)
    pygame.quit()

    def pct(values: list[float], p: float) -> float:
        ordered = sorted(values)
        return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    return {"draw_p50": pct(draws, 0.5), "draw_p99": pct(draws, 0.99),
            "cpu_p50": pct(cpu, 0.5), "cpu_p99": pct(cpu, 0.99),
            "static_p50": pct(blits, 0.5), "static_p99": pct(blits, 0.99)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    s = sim_speed(args.seed)
    print(f"table sim, 6 bot seats, one whole game of {s['ticks']} ticks ({s['game_seconds']:.0f} s of play):")
    print(f"  bots + sim   {s['bots']:>9,.0f} ticks/s  ({s['bots'] / TICK_RATE:,.0f}x real time)")
    print(f"  sim alone    {s['sim']:>9,.0f} ticks/s  ({s['sim'] / TICK_RATE:,.0f}x real time)")
    print(f"  empty ticks  {s['empty']:>9,.0f} ticks/s  (baseline)")
    f = frame_times(args.frames)
    print(f"table frame at 1280x720, 6 seats mid-round ({args.frames} frames):")
    print(f"  draw         p50 {f['draw_p50']:.2f} ms   p99 {f['draw_p99']:.2f} ms")
    print(f"  draw (CPU)   p50 {f['cpu_p50']:.2f} ms   p99 {f['cpu_p99']:.2f} ms  (thread CPU time: "
          "immune to other processes)")
    print(f"  static blit  p50 {f['static_p50']:.2f} ms   p99 {f['static_p99']:.2f} ms  (baseline)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
