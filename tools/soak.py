"""Soak: bots play each game headless for a long stretch of GAME time, while we watch
memory and tick times.

    python tools/soak.py [--game-minutes 30] [--games soldout,checkout] [--sample-every 3600]
                         [--frames-minutes 0]

Sold Out! plays 6-bot one-round matches (rush, memory, tidy in turn) back to
back through MallSim and the real bots; Check Out! plays 6-bot games through
TableSim and its bots. Every `--sample-every` ticks it records the resident set
(/proc/self/statm), the number of live Python objects, and the mean and p99 of
the ticks since the last sample (CPU time of the thread, so other processes on
a shared machine do not count; the real-time factor uses the wall clock). With `--frames-minutes M` it then also plays M
minutes of game time through the game scenes (MallScene / TableScene drawn at
1280x720 every tick, the window's path) and samples frame times the same way.

The matches cycle through a few seeds, so the very same match (bit for bit the
same work) comes back later: its mean tick time then over its first run is the
creep measure, free of "this match was busier" noise. The verdict also compares
the first and last quarter of the samples (after a warm-up sample): memory
growth in MB, live-object growth, and the tick/frame time ratio.
Prints one JSON object; exit 1 if memory grew more than --max-growth-mb or the
same match got slower than --max-creep.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import TICK_RATE  # noqa: E402

if TYPE_CHECKING:
    from game.bots.checkout import CheckOutBot
    from game.bots.soldout import SoldOutBot
    from game.core.scene import Scene
    from game.sim.mall_face import MallFace
    from game.sim.table import TableSim

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_mb() -> float:
    """Resident set now (not the peak), in MB."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * PAGE / 2**20
    except OSError:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] if ordered else 0.0


# ---------------------------------------------------------------- the two games, one tick at a time
def _seeds(first_seed: int, cycle: int) -> Iterator[int]:
    """first_seed, first_seed+1, ... first_seed+cycle-1, then the same again: identical matches recur,
    so a later run of a match can be timed against its first run (creep, without workload noise)."""
    n = 0
    while True:
        yield first_seed + n % cycle
        n += 1


@dataclass(eq=False)
class MatchTick:
    """How to play one tick of one match: the same object for every tick of that match."""

    seed: int                     # names the match
    play: Callable[[], None]


def soldout_ticks(first_seed: int, cycle: int = 3) -> Iterator[MatchTick]:
    """Endless 6-bot Sold Out! matches, a tick at a time."""
    from game.bots.soldout import make_soldout_bot
    from game.app.headless import build_spec
    from game.driver.match_driver import bot_seed
    from game.driver.soldout_headless import new_sim
    for seed in _seeds(first_seed, cycle):
        spec = build_spec("soldout", 6, random.Random(seed).choice(("easy", "normal", "hard", "expert")),
                          ("rush", "memory", "tidy")[seed % 3], 1, seed)
        sim, modes = new_sim(spec)
        bots = [make_soldout_bot(s, sim, bot_seed(spec.seed, s.seat)) for s in spec.seats]
        tick = MatchTick(seed, _soldout_tick(sim, bots, modes))
        while sim.phase != "match_over":
            yield tick


def _soldout_tick(sim: MallFace, bots: list[SoldOutBot], modes: list[str]) -> Callable[[], None]:
    state = {"next": 1}

    def tick() -> None:
        if sim.phase == "round_over":
            sim.start_next_round(modes[state["next"] % len(modes)])
            state["next"] += 1
        sim.step({bot.seat: bot.command(sim) for bot in bots})
    return tick


def checkout_ticks(first_seed: int, cycle: int = 4) -> Iterator[MatchTick]:
    """Endless 6-bot Check Out! games on the real-time table."""
    from game.app.headless import build_spec
    from game.sim.table import TableSim
    from game.driver.table_headless import make_bots
    for seed in _seeds(first_seed, cycle):
        spec = build_spec("checkout", 6, "normal", None, None, seed)
        sim = TableSim(spec)
        tick = MatchTick(seed, _checkout_tick(sim, make_bots(spec)))
        while not sim.over():
            yield tick


def _checkout_tick(sim: TableSim, bots: list[CheckOutBot]) -> Callable[[], None]:
    def tick() -> None:
        sim.step({i: bot.command(sim) for i, bot in enumerate(bots)})
    return tick


GAMES = {"soldout": soldout_ticks, "checkout": checkout_ticks}


Row = dict[str, Any]   # a sample, a match's figures or a verdict, as the JSON report shows it


def soak(ticks_source: Iterator[MatchTick], total_ticks: int, sample_every: int) -> Row:
    samples: list[Row] = []
    window: list[float] = []
    clock = time.thread_time   # CPU time of this thread: other processes on a shared core do not count
    start = time.perf_counter()
    runs: list[Row] = []          # one per match: seed, ticks, seconds (finished matches only count)
    last_tick_fn = None
    for n in range(1, total_ticks + 1):
        tick = next(ticks_source)
        if tick is not last_tick_fn:
            runs.append({"seed": tick.seed, "ticks": 0, "seconds": 0.0})
            last_tick_fn = tick
        t0 = clock()
        tick.play()
        spent = clock() - t0
        window.append(spent)
        runs[-1]["ticks"] += 1
        runs[-1]["seconds"] += spent
        if n % sample_every == 0:
            samples.append({"tick": n, "game_minutes": round(n / TICK_RATE / 60, 2), "rss_mb": round(rss_mb(), 2),
                            "objects": len(gc.get_objects()),
                            "mean_us": round(sum(window) / len(window) * 1e6, 2),
                            "p99_us": round(_pct(window, 99) * 1e6, 2)})
            window = []
    wall = time.perf_counter() - start
    finished = runs[:-1]   # the last match was cut off by the time limit
    for run in finished:
        run["mean_us"] = round(run["seconds"] / run["ticks"] * 1e6, 2)
        run["seconds"] = round(run["seconds"], 3)
    result: Row = {"ticks": total_ticks, "game_minutes": round(total_ticks / TICK_RATE / 60, 1), "matches": len(runs),
                   "wall_seconds": round(wall, 1), "rtf": round(total_ticks / TICK_RATE / wall, 1),
                   "samples": samples, "runs": finished, "verdict": verdict(samples, "mean_us")}
    result["verdict"].update(same_match_creep(finished))
    return result


def same_match_creep(runs: list[Row]) -> Row:
    """The same seed played again later (bit-identical work): its last run's mean tick over its first's."""
    first: dict[int, Row] = {}
    ratios = []
    for run in runs:
        if run["seed"] in first:
            earlier = first[run["seed"]]
            if run["ticks"] == earlier["ticks"]:
                ratios.append(run["mean_us"] / earlier["mean_us"])
        else:
            first[run["seed"]] = run
    if not ratios:
        return {"same_match_ratio": None}
    ratios.sort()
    return {"same_match_ratio": round(ratios[len(ratios) // 2], 3), "same_match_pairs": len(ratios)}


def verdict(samples: list[Row], timing: str) -> Row:
    """First vs last quarter of the samples (the first sample is warm-up and left out)."""
    body = samples[1:] if len(samples) > 4 else samples
    if len(body) < 2:
        return {"note": "too few samples"}
    q = max(1, len(body) // 4)
    first, last = body[:q], body[-q:]

    def mean(rows: list[Row], key: str) -> float:
        return float(sum(r[key] for r in rows)) / len(rows)
    return {"rss_first_mb": round(mean(first, "rss_mb"), 2), "rss_last_mb": round(mean(last, "rss_mb"), 2),
            "rss_growth_mb": round(mean(last, "rss_mb") - mean(first, "rss_mb"), 2),
            "rss_max_mb": max(r["rss_mb"] for r in samples),
            "objects_growth": round(mean(last, "objects") - mean(first, "objects")),
            f"{timing}_first": round(mean(first, timing), 2), f"{timing}_last": round(mean(last, timing), 2),
            "time_ratio_last_to_first": round(mean(last, timing) / mean(first, timing), 3)}


# ---------------------------------------------------------------- frames through the scenes
def frame_soak(game: str, total_ticks: int, sample_every: int, seed: int, cycle: int = 2) -> Row:
    """The game scene with 6 bots, one tick and one 1280x720 draw per frame, matches back to back."""
    import pygame

    from game import app
    from game.app.headless import build_spec
    from game.scenes import registry
    from game.scenes.menus.title import TitleScene
    pygame.init()
    screen = pygame.display.get_surface() or pygame.display.set_mode(app.LOGICAL_SIZE)
    ctx = app.make_context(load_user_files=False)
    from devkit.bench.report import skip_howtos
    skip_howtos()   # a returning player: no how-to card pausing each match

    def start(seed: int) -> Scene | None:
        ctx.stack.clear_to(TitleScene(ctx))
        ctx.stack.apply()
        mode = ("rush", "memory", "tidy")[seed % 3]   # a game without modes keeps its own (Game.spec)
        registry.start_game(ctx, build_spec(game, 6, "normal", mode, 1, seed))
        ctx.stack.apply()
        return ctx.stack.top

    seeds = _seeds(seed, cycle)
    current = next(seeds)
    scene = start(current)
    samples: list[Row] = []
    window: list[float] = []
    runs: list[Row] = [{"seed": current, "ticks": 0, "seconds": 0.0}]
    started = time.perf_counter()
    for n in range(1, total_ticks + 1):
        t0 = time.thread_time()
        app.tick(ctx)
        app.draw(ctx, screen, 0.5)
        spent = time.thread_time() - t0
        window.append(spent)
        runs[-1]["ticks"] += 1
        runs[-1]["seconds"] += spent
        if scene not in ctx.stack.scenes or _scene_over(ctx.stack.top):
            current = next(seeds)
            runs.append({"seed": current, "ticks": 0, "seconds": 0.0})
            scene = start(current)
        if n % sample_every == 0:
            samples.append({"tick": n, "rss_mb": round(rss_mb(), 2), "objects": len(gc.get_objects()),
                            "frame_mean_ms": round(sum(window) / len(window) * 1000, 3),
                            "frame_p99_ms": round(_pct(window, 99) * 1000, 3)})
            window = []
    finished = runs[:-1]
    for run in finished:
        run["mean_us"] = round(run["seconds"] / run["ticks"] * 1e6, 2)
        run["seconds"] = round(run["seconds"], 3)
    result: Row = {"game": game, "frames": total_ticks, "game_minutes": round(total_ticks / TICK_RATE / 60, 1),
                   "matches": len(runs), "wall_seconds": round(time.perf_counter() - started, 1),
                   "samples": samples, "runs": finished, "verdict": verdict(samples, "frame_mean_ms")}
    result["verdict"].update(same_match_creep(finished))
    return result


def _scene_over(top: Scene | None) -> bool:
    """A results screen (or anything that is not the game scene) on top: the match is done."""
    name = getattr(top, "name", "")
    return "result" in name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game-minutes", type=float, default=30.0, help="game time per game (default 30)")
    parser.add_argument("--games", default="soldout,checkout")
    parser.add_argument("--sample-every", type=int, default=3600, help="ticks between samples (default 3600 = 1 min)")
    parser.add_argument("--frames-minutes", type=float, default=0.0,
                        help="also play this much game time through the drawn scenes (default 0)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-growth-mb", type=float, default=10.0)
    parser.add_argument("--max-creep", type=float, default=1.25)
    args = parser.parse_args(argv)
    if "SOLDOUT_USER_DIR" not in os.environ:
        import tempfile
        os.environ["SOLDOUT_USER_DIR"] = tempfile.mkdtemp(prefix="soak-")
    total = int(args.game_minutes * 60 * TICK_RATE)
    report: Row = {"game_minutes_each": args.game_minutes, "sample_every_ticks": args.sample_every, "games": {}}
    bad = []
    for game in args.games.split(","):
        result = soak(GAMES[game](args.seed), total, args.sample_every)
        report["games"][game] = result
        v = result["verdict"]
        print(f"{game}: {result['game_minutes']} game min in {result['wall_seconds']} s ({result['rtf']}x), "
              f"{result['matches']} matches, rss {v.get('rss_first_mb')} -> {v.get('rss_last_mb')} MB, "
              f"tick {v.get('mean_us_first')} -> {v.get('mean_us_last')} us, same match replayed later "
              f"x{v.get('same_match_ratio')}", file=sys.stderr, flush=True)
        if v.get("rss_growth_mb", 0) > args.max_growth_mb or (v.get("same_match_ratio") or 1) > args.max_creep:
            bad.append(game)
    if args.frames_minutes > 0:
        frames = int(args.frames_minutes * 60 * TICK_RATE)
        report["scenes"] = {}
        for game in args.games.split(","):
            result = frame_soak(game, frames, args.sample_every, args.seed)
            report["scenes"][game] = result
            v = result["verdict"]
            print(f"{game} scene: {result['frames']} frames in {result['wall_seconds']} s, rss "
                  f"{v.get('rss_first_mb')} -> {v.get('rss_last_mb')} MB, frame {v.get('frame_mean_ms_first')} -> "
                  f"{v.get('frame_mean_ms_last')} ms (CPU), same match replayed later x{v.get('same_match_ratio')}",
                  file=sys.stderr, flush=True)
            if v.get("rss_growth_mb", 0) > args.max_growth_mb or (v.get("same_match_ratio") or 1) > args.max_creep:
                bad.append(f"{game} scene")
    report["failed"] = bad
    print(json.dumps(report))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
