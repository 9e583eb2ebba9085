"""The simulation half of the benchmark: bots on a big map, and tournaments on every core.

- big map: 6 bots on a generated 200x200-tile level (devkit/bench/bigmap.py), each mode. Every tick's
  CPU time (bots + simulation) is taken in three runs of the same seed; a tick's cost is its
  least of the three (the match is deterministic, so the same tick does the same work: a
  slower run was the machine, not the tick). Reported: the worst tick, p99 and mean; the same
  measured on the shipped mall as the baseline. Target: no tick over 2 ms.
- tournament: the same pairing of matches serially and on a process pool over every core;
  wall time of each, and whether the results are identical.
"""
from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.files.levels import Level


def _match_ticks(level: Level, mode: str, seed: int, ticks: int) -> list[float]:
    """CPU seconds of each tick (bots' commands + sim.step) of one 6-bot match on `level`."""
    from game.bots.soldout import make_soldout_bot
    from game.app.headless import build_spec
    from game.games import SOLD_OUT
    from game.sim import preload
    from game.driver.match_driver import bot_seed
    from game.sim.mall import new_mall
    spec = build_spec("soldout", 6, "normal", mode, 1, seed)
    sim = new_mall(spec, level, preload.soldout_catalogue(), spec.seed, mode=SOLD_OUT.schedule(spec)[0])
    bots = [make_soldout_bot(s, sim, bot_seed(spec.seed, s.seat)) for s in spec.seats]
    out = []
    clock = time.thread_time
    while sim.tick < ticks and sim.phase not in ("round_over", "match_over"):
        start = clock()
        sim.step({bot.seat: bot.command(sim) for bot in bots})
        out.append(clock() - start)
    return out


def _least_of(runs: list[list[float]]) -> list[float]:
    n = min(len(r) for r in runs)
    return [min(r[i] for r in runs) for i in range(n)]


def _stats(per_tick: list[float]) -> dict[str, Any]:
    ordered = sorted(per_tick)
    return {"ticks": len(per_tick), "max_ms": round(ordered[-1] * 1000, 3),
            "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 3),
            "mean_us": round(sum(per_tick) / len(per_tick) * 1e6, 1),
            "over_2ms": sum(1 for t in per_tick if t > 0.002)}


def bench_big_map(ticks: int = 3600, runs: int = 3, modes: tuple[str, ...] = ("rush", "memory", "tidy")) -> dict[str, Any]:
    from devkit.bench.bigmap import generated_level
    from game.files.levels import load_level, resolve_level
    from game.bots.pathfind import POPS_PER_TICK
    big = generated_level(200, seed=1)
    mall = load_level(resolve_level(None, 6))
    out: dict[str, Any] = {"level": f"{big.width}x{big.height} generated ({len(big.pile_spots)} pile spots)",
                 "search_budget_per_tick": POPS_PER_TICK, "what": f"{ticks} ticks, 6 normal bots, least of {runs} runs"}
    for mode in modes:
        _match_ticks(mall, mode, 3, 60)      # imports and caches outside the timing
        big_ticks = _least_of([_match_ticks(big, mode, 3, ticks) for _ in range(runs)])
        mall_ticks = _least_of([_match_ticks(mall, mode, 3, ticks) for _ in range(runs)])
        out[mode] = {"big": _stats(big_ticks), "baseline_shipped_mall": _stats(mall_ticks)}
    return out


def bench_tournament(matches: int = 40, runs: int = 3) -> dict[str, Any]:
    """The same pairing serially and on a process pool over every core, `runs` times each in turn;
    the speed-up from the least wall time of each (the run the other processes on the machine
    disturbed least: the code's own speed, as the median is the machine's mood)."""
    from game.app.tournament import default_jobs, run_pairing
    jobs = default_jobs()
    run_pairing("soldout", "rush", "easy", "normal", 2, seed=1, jobs=1)   # imports and caches, untimed
    serial_times, pool_times, identical = [], [], True
    for _ in range(runs):
        start = time.perf_counter()
        serial = run_pairing("soldout", "rush", "easy", "normal", matches, seed=1, jobs=1)
        serial_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        pooled = run_pairing("soldout", "rush", "easy", "normal", matches, seed=1, jobs=jobs)
        pool_times.append(time.perf_counter() - start)
        identical = identical and serial == pooled
    serial_s, pooled_s = min(serial_times), min(pool_times)
    return {"matches": matches, "jobs": jobs, "cores": os.cpu_count(), "runs": runs,
            "serial_s": round(serial_s, 2), "pool_s": round(pooled_s, 2),
            "serial_runs_s": [round(t, 2) for t in serial_times], "pool_runs_s": [round(t, 2) for t in pool_times],
            "speedup": round(serial_s / pooled_s, 2) if pooled_s else None, "identical": identical,
            "what": f"least wall time of {runs} runs each, serial and pool in turn (pool start-up included)"}
