"""Benchmark the mall simulation: ticks per second with 6 avatars and 9 piles.

Reports, in one run, the cost of a busy tick (6 avatars walking, bumping,
picking up, flipping and putting down piles) and of an empty tick (the same
MallSim.step call with nothing to simulate), and the ratio between them.
Target: at least 300x real time (a tick well under 55 us).

Run:  python tools/bench_mall_sim.py [--ticks N]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import TICK_RATE  # noqa: E402
from game.match.commands import Button, Command  # noqa: E402
from game.rules.soldout.options import SoldOutOptions
from game.files.levels import levels_for_players, load_level  # noqa: E402
from game.match.spec import MatchSpec, SeatSpec  # noqa: E402
from game.rules.soldout import load_catalogue  # noqa: E402
from game.sim.mall import MallSim  # noqa: E402
from game.sim.mall_events import MallPhase  # noqa: E402


def scripted_commands(ticks: int, seats: int, seed: int) -> list[dict[int, Command]]:
    """Pre-built commands (so their making is not timed): wander, tap A/B now and then, hold X."""
    rng = random.Random(seed)
    out: list[dict[int, Command]] = []
    stick = [(0, 0)] * seats
    for t in range(ticks):
        cmds = {}
        for s in range(seats):
            if t % 40 == s * 6:
                stick[s] = (rng.randint(-16, 16), rng.randint(-16, 16))
            pressed = Button.NONE
            roll = rng.random()
            if roll < 0.012:
                pressed = Button.A
            elif roll < 0.018:
                pressed = Button.B
            held = Button.X if (t // 90 + s) % 3 == 0 else Button.NONE
            cmds[s] = Command(stick[s][0], stick[s][1], pressed, held | pressed)
        out.append(cmds)
    return out


def make_sim(seed: int) -> MallSim:
    seats = tuple(SeatSpec(i, f"P{i}") for i in range(6))
    spec = MatchSpec("soldout", seats, SoldOutOptions(mode="rush", rounds=10**6), seed)
    return MallSim(spec, load_level(levels_for_players(6)), load_catalogue(), seed)


def time_ticks(sim: MallSim, commands: list[dict[int, Command]], rounds: list[int]) -> float:
    """Step through the commands; a finished round is followed by another Rush (timed too)."""
    step = sim.step
    start = time.perf_counter()
    for cmds in commands:
        step(cmds)
        if sim.phase == "round_over":
            rounds[0] += 1
            sim.start_next_round("rush")
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ticks", type=int, default=30000, help="busy ticks to time (default 30000)")
    args = parser.parse_args(argv)
    ticks = max(1000, args.ticks)

    sim = make_sim(1)
    while sim.phase != "playing":
        sim.step({})
    commands = scripted_commands(ticks, 6, 2)
    rounds = [0]
    busy = time_ticks(sim, commands, rounds)

    empty_sim = make_sim(1)
    empty_sim.phase = MallPhase.MATCH_OVER  # nothing to simulate: the cost of the call itself
    idle: list[dict[int, Command]] = [{}] * ticks
    empty = time_ticks(empty_sim, idle, [0])

    per_busy = busy / ticks * 1e6
    per_empty = empty / ticks * 1e6
    rate = ticks / busy
    print(f"mall simulation, 6 avatars, 9 piles, {ticks} ticks ({rounds[0]} Rush rounds finished)")
    print(f"  busy tick : {per_busy:7.2f} us  ({rate:,.0f} ticks/s = {rate / TICK_RATE:,.0f}x real time)")
    print(f"  empty tick: {per_empty:7.2f} us  (busy / empty = {busy / empty:.1f})")
    print(f"  target    : >= 300x real time -> {'OK' if rate / TICK_RATE >= 300 else 'TOO SLOW'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
