"""One benchmark report: `python -m game.bench` prints one JSON object with, each beside
a baseline measured in the same run (so numbers compare across machines):

- headless real-time factor per mode (rush, memory, tidy, checkout) with 6 bots;
  baseline: an empty tick (the same loop calling a step that does nothing).
- frame time p50/p99 of each scene (one tick + one draw, as the window does at
  60 Hz; wall clock, and the frame's own CPU time beside it) at 1280x720 and 1920x1080 under the dummy video driver; the game draws
  a 1280x720 logical screen that SDL scales to the window, so 1920x1080 adds a
  software scale of every frame (the worst case: no GPU). Baseline: blitting a
  static full-screen surface at that size.
- start-up to the first frame, in a fresh process; baseline: `python -c "import pygame"`.
- restart: the speedrun's one-button reset (SpeedrunRunScene.restart, then the
  next tick and frame); baseline: building a bare MallSim from cached data.
- peak memory (peak resident set, VmHWM / ru_maxrss) of a process that starts the game and plays a
  Sold Out! and a Check Out! match on screen; baseline: a process that only
  initialises pygame and opens the display.

Targets (DESIGN/issue 9): RTF >= 300, frame p99 < 8 ms at 1280x720, first frame
< 1 s, restart < 200 ms, peak memory < 150 MB. `targets_met` says which hold, by
the wall clock and by CPU time (on a shared machine other processes steal the
core; CPU time is what our own code cost).

Options: --frames N (frames per scene and size, default 180), --scenes a,b,c
(default: every registered scene), --seeds N (matches per mode, default 2),
--quick (fewer of everything, for a smoke run).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"rtf_min": 300, "frame_p99_ms_720p": 8.0, "first_frame_s": 1.0, "restart_ms": 200.0,
           "peak_memory_mb": 150.0}
SIZES = {"1280x720": (1280, 720), "1920x1080": (1920, 1080)}


# ---------------------------------------------------------------- frame time
def measure_mall_frames(frames: int = 300, players: int = 6, seed: int = 3) -> dict:
    """Frame time of the mall at 1280x720 in software rendering, after a few seconds of play.

    Returns p50/p99 in ms of MallScene.draw (the sim steps between frames, so
    avatars move), and the same run's baseline: blitting the static background
    alone; as wall time and as the thread's CPU time (on a loaded machine the
    wall p99 is the scheduler's, not the frame's). Works headless (dummy video
    driver) when no display is open.
    """
    import pygame

    from game.app import make_context
    from game.scenes.mall import MallScene, demo_spec
    from game.scenes.mall_layout import SCREEN
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not pygame.get_init():
        pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode(SCREEN)
    ctx = make_context(load_user_files=False)
    scene = MallScene(ctx, demo_spec(players, "rush", seed), pilot=True)
    ctx.stack.push(scene)
    ctx.stack.apply()
    target = pygame.Surface(SCREEN).convert()
    for _ in range(60 * 5):
        scene.update({})
    scene.draw(target, 0.0)
    times, base, cpu, cpu_base = [], [], [], []
    wall, work = time.perf_counter, time.thread_time   # wall clock, and this thread's CPU time
    for i in range(frames):
        scene.update({})
        start, start_cpu = wall(), work()
        scene.draw(target, (i % 4) / 4)
        times.append((wall() - start) * 1000)
        cpu.append((work() - start_cpu) * 1000)
        start, start_cpu = wall(), work()
        target.blit(scene.static, (0, 0))
        base.append((wall() - start) * 1000)
        cpu_base.append((work() - start_cpu) * 1000)

    def p(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)

    # Wall times include being preempted on a busy machine; CPU times are the frame's own work.
    result = {"frames": frames, "players": players, "p50_ms": p(times, 0.5), "p99_ms": p(times, 0.99),
              "mean_ms": round(statistics.fmean(times), 3),
              "baseline_p50_ms": p(base, 0.5), "baseline_p99_ms": p(base, 0.99),
              "cpu_p50_ms": p(cpu, 0.5), "cpu_p99_ms": p(cpu, 0.99),
              "cpu_baseline_p50_ms": p(cpu_base, 0.5), "cpu_baseline_p99_ms": p(cpu_base, 0.99)}
    result["p99_vs_baseline"] = round(result["p99_ms"] / max(1e-6, result["baseline_p99_ms"]), 1)
    result["cpu_p99_vs_baseline"] = round(result["cpu_p99_ms"] / max(1e-6, result["cpu_baseline_p99_ms"]), 1)
    return result


def _env() -> dict:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- real-time factor
def _six_bots(game: str, mode: str, seed: int):
    from game.headless import build_spec
    return build_spec(game, 6, "normal", None if game == "checkout" else mode, 1, seed)


def _time_soldout(spec) -> tuple[int, float, float]:
    from game.driver.soldout_headless import run_match
    start, cpu = time.perf_counter(), time.process_time()
    run = run_match(spec)
    return run.sim.tick, time.perf_counter() - start, time.process_time() - cpu


def _time_checkout(spec) -> tuple[int, float, float]:
    from game.driver.table_headless import run_table
    start, cpu = time.perf_counter(), time.process_time()
    sim, _bots = run_table(spec)
    return sim.tick, time.perf_counter() - start, time.process_time() - cpu


def empty_tick_seconds(ticks: int = 200_000) -> float:
    """The loop a headless match runs, with a step and bots that do nothing: the floor."""
    from game.input.commands import IDLE
    seats = list(range(6))

    def step(commands) -> None:
        return None

    start = time.perf_counter()
    for _ in range(ticks):
        step({seat: IDLE for seat in seats})
    return (time.perf_counter() - start) / ticks


def bench_rtf(seeds: int) -> dict:
    from game import TICK_RATE
    empty = empty_tick_seconds()
    out: dict = {"baseline_empty_tick_us": round(empty * 1e6, 3),
                 "baseline_rtf": round(1 / (empty * TICK_RATE))}
    for mode in ("rush", "memory", "tidy", "checkout"):
        ticks = 0
        seconds = cpu = 0.0
        for seed in range(1, seeds + 1):
            if mode == "checkout":
                t, s, c = _time_checkout(_six_bots("checkout", mode, seed))
            else:
                t, s, c = _time_soldout(_six_bots("soldout", mode, seed))
            ticks += t
            seconds += s
            cpu += c
        per_tick = seconds / max(1, ticks)
        out[mode] = {"rtf": round(ticks / TICK_RATE / seconds, 1), "rtf_cpu": round(ticks / TICK_RATE / cpu, 1),
                     "ticks": ticks, "seconds": round(seconds, 3),
                     "tick_us": round(per_tick * 1e6, 2), "ratio_to_empty_tick": round(per_tick / empty, 1)}
        _log(f"rtf {mode}: {out[mode]['rtf']}x")
    return out


# ---------------------------------------------------------------- frames
def _context():
    import pygame

    from game import app
    if not pygame.get_init():
        pygame.init()
    screen = pygame.display.get_surface() or pygame.display.set_mode(app.LOGICAL_SIZE)
    return app.make_context(load_user_files=False), screen


def skip_howtos() -> None:
    """Mark every how-to card seen (a returning player), so a match starts without its card."""
    try:
        from game.scenes import howto
    except ImportError:
        return
    for card in sorted(howto.HOWTO_DIR.glob("*.toml")):
        howto.mark_seen(card.stem)


def _build_shot(name: str, seed: int = 1):
    from game import app
    from game.scenes import registry
    ctx, screen = _context()
    shot = registry.screenshot(name)
    made = shot.factory(ctx, seed)
    for scene in (made if isinstance(made, list) else [made]):
        ctx.stack.push(scene)
    ctx.stack.apply()
    for _ in range(shot.warmup_ticks):
        app.tick(ctx)
    return ctx, screen


def _frame_times(ctx, screen, frames: int, size: tuple[int, int]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (this thread) seconds of each frame. On a shared machine the wall clock
    also counts time other processes held the core; the CPU time is what the frame itself cost."""
    import pygame

    from game import app
    big = pygame.Surface(size) if size != screen.get_size() else None
    wall, cpu = [], []
    for i in range(frames):
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.tick(ctx)
        app.draw(ctx, screen, (i % 10) / 10)
        if big is not None:
            pygame.transform.scale(screen, size, big)
        wall.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
    return wall, cpu


def _blit_baseline(size: tuple[int, int], frames: int) -> list[float]:
    import pygame
    target = pygame.Surface(size)
    static = pygame.Surface(size)
    static.fill((40, 90, 140))
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        target.blit(static, (0, 0))
        times.append(time.perf_counter() - start)
    return times


def bench_frames(frames: int, names: list[str] | None) -> dict:
    from game.scenes import registry
    _context()
    skip_howtos()
    names = names or registry.screenshot_names()
    out: dict = {}
    for label, size in SIZES.items():
        base = _blit_baseline(size, max(frames, 200))
        b50, b99 = _pct(base, 50) * 1000, _pct(base, 99) * 1000
        row: dict = {"baseline_static_blit_ms": {"p50": round(b50, 3), "p99": round(b99, 3)}}
        for name in names:
            try:
                ctx, screen = _build_shot(name)
                _frame_times(ctx, screen, 1, size)   # the very first frame fills caches: not steady state
                times, cpu = _frame_times(ctx, screen, frames, size)
            except Exception as exc:  # a broken scene is a finding, not the end of the report
                row[name] = {"error": f"{type(exc).__name__}: {exc}"}
                continue
            p50, p99 = _pct(times, 50) * 1000, _pct(times, 99) * 1000
            row[name] = {"p50_ms": round(p50, 2), "p99_ms": round(p99, 2), "max_ms": round(max(times) * 1000, 2),
                         "cpu_p50_ms": round(_pct(cpu, 50) * 1000, 2), "cpu_p99_ms": round(_pct(cpu, 99) * 1000, 2),
                         "p99_ratio_to_blit": round(p99 / b99, 1) if b99 else None}
        out[label] = row
        worst = max((v["p99_ms"], k) for k, v in row.items() if isinstance(v, dict) and "p99_ms" in v)
        worst_cpu = max((v["cpu_p99_ms"], k) for k, v in row.items() if isinstance(v, dict) and "p99_ms" in v)
        _log(f"frames {label}: worst p99 {worst[0]} ms ({worst[1]}), worst CPU p99 {worst_cpu[0]} ms "
             f"({worst_cpu[1]})")
    return out


# ---------------------------------------------------------------- start-up and memory (subprocess)
_CHILD = r"""
import os, resource, sys, time
sys.path.insert(0, ROOT)
import pygame
from game import app
from game.scenes import registry
from game.scenes.title import TitleScene
pygame.init()
ctx = app.make_context()
screen, _vsync = app.open_display(False)
for problem in registry.load_scene_modules():
    ctx.toast(problem)
ctx.stack.push(TitleScene(ctx))
ctx.stack.apply()
app.tick(ctx)
app.draw(ctx, screen, 0.0)
pygame.display.flip()
print("FIRST", time.time(), flush=True)
# A player who has played before: the how-to cards are not shown again (they would pause the match).
from game.scenes import howto
for card in sorted(howto.HOWTO_DIR.glob("*.toml")):
    howto.mark_seen(card.stem)
usage = resource.getrusage(resource.RUSAGE_SELF)
print("FIRSTCPU", usage.ru_utime + usage.ru_stime, flush=True)
from game.headless import build_spec
for game, mode in (("soldout", "rush"), ("soldout", "tidy"), ("checkout", None)) if FRAMES else ():
    ctx.stack.clear_to(TitleScene(ctx))
    ctx.stack.apply()
    registry.start_game(ctx, build_spec(game, 6, "normal", mode, 1, 5))
    ctx.stack.apply()
    for i in range(FRAMES):
        app.tick(ctx)
        app.draw(ctx, screen, 0.5)
        pygame.display.flip()
print("MAXRSS", HWM(), flush=True)
"""

_BASE_CHILD = r"""
import pygame
pygame.init()
pygame.display.set_mode((1280, 720))
print("MAXRSS", HWM(), flush=True)
"""

# The child's own peak resident set in KiB. Not ru_maxrss: Linux carries the parent's peak
# into a forked child's ru_maxrss, so a child of a big bench process would report the bench.
_HWM = r"""
def HWM():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""


def _spawn_until(code: str, marker: str, env: dict) -> tuple[float, dict[str, str], str]:
    start_wall = time.time()
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    elapsed = time.perf_counter() - start
    found = {}
    for line in proc.stdout.splitlines():
        key, _, value = line.partition(" ")
        found[key] = value
    if proc.returncode != 0:
        raise RuntimeError(f"child failed ({proc.returncode}): {proc.stderr.strip().splitlines()[-1:]}")
    if marker == "FIRST":
        return float(found["FIRST"]) - start_wall, found, proc.stderr
    return elapsed, found, proc.stderr


def _temp_user_dir() -> str:
    """A throwaway user folder (never the player's own records), removed when the bench exits."""
    import atexit
    import shutil
    import tempfile
    folder = tempfile.mkdtemp(prefix="bench-user-")
    atexit.register(shutil.rmtree, folder, True)
    return folder


def bench_startup_and_memory(runs: int, frames: int) -> tuple[dict, dict]:
    env = _env()
    env["SOLDOUT_USER_DIR"] = _temp_user_dir()
    def child(frames: int) -> str:
        return _HWM + _CHILD.replace("ROOT", repr(str(ROOT))).replace("FRAMES", str(frames))
    firsts, cpus = [], []
    for _ in range(runs):   # start-up only: the first frame, then out
        first, found, _err = _spawn_until(child(0), "FIRST", env)
        firsts.append(first)
        cpus.append(float(found["FIRSTCPU"]))
    _first, found, _err = _spawn_until(child(frames), "FIRST", env)   # then one long run for memory
    rss = [int(found["MAXRSS"])]
    imports = [_spawn_until('import pygame', "", env)[0] for _ in range(runs)]
    base_rss = int(_spawn_until(_HWM + _BASE_CHILD, "", env)[1]["MAXRSS"])
    first = statistics.median(firsts)
    base = statistics.median(imports)
    startup = {"first_frame_s": round(first, 3), "runs": [round(f, 3) for f in firsts],
               "first_frame_cpu_s": round(statistics.median(cpus), 3),
               "baseline_import_pygame_s": round(base, 3), "ratio": round(first / base, 1)}
    peak = max(rss) / 1024   # Linux reports KiB
    memory = {"peak_mb": round(peak, 1), "baseline_pygame_display_mb": round(base_rss / 1024, 1),
              "ratio": round(peak / (base_rss / 1024), 2),
              "what": f"start the game, then {frames} frames each of Sold Out! rush, tidy and Check Out! (6 bots)"}
    _log(f"first frame {startup['first_frame_s']} s, peak memory {memory['peak_mb']} MB")
    return startup, memory


# ---------------------------------------------------------------- restart
def bench_restart(repeats: int) -> dict:
    from game import app
    from game.scenes import registry
    from game.driver.soldout_headless import new_sim
    if registry.screenshot("speedrun") is None:
        return {"error": "no speedrun scene registered"}
    ctx, screen = _context()
    shot = registry.screenshot("speedrun")
    made = shot.factory(ctx, 1)
    scenes = made if isinstance(made, list) else [made]
    for scene in scenes:
        ctx.stack.push(scene)
    ctx.stack.apply()
    run_scene = next(s for s in scenes if hasattr(s, "restart"))
    for _ in range(120):
        app.tick(ctx)
    times = []
    for _ in range(repeats):
        for _ in range(30):
            app.tick(ctx)
        start = time.perf_counter()
        run_scene.restart()
        app.tick(ctx)
        app.draw(ctx, screen, 0.0)
        times.append(time.perf_counter() - start)
    spec = run_scene.spec
    base = []
    for _ in range(repeats):
        start = time.perf_counter()
        new_sim(spec)
        base.append(time.perf_counter() - start)
    p50, mx = _pct(times, 50) * 1000, max(times) * 1000
    b50 = _pct(base, 50) * 1000
    out = {"p50_ms": round(p50, 2), "max_ms": round(mx, 2), "repeats": repeats,
           "what": "SpeedrunRunScene.restart() + the next tick + the next frame",
           "baseline_new_mallsim_ms": round(b50, 2), "ratio": round(p50 / b50, 1) if b50 else None}
    _log(f"restart p50 {out['p50_ms']} ms")
    return out


# ---------------------------------------------------------------- the report
def targets_met(report: dict) -> dict:
    rtf = report.get("rtf", {})
    frames = report.get("frames", {}).get("1280x720", {})
    p99s = [v["p99_ms"] for v in frames.values() if isinstance(v, dict) and "p99_ms" in v]
    cpu99 = [v["cpu_p99_ms"] for v in frames.values() if isinstance(v, dict) and "cpu_p99_ms" in v]
    return {
        "rtf_min": min((rtf[m]["rtf"] for m in ("rush", "memory", "tidy", "checkout") if m in rtf), default=None),
        "rtf_ok": all(rtf[m]["rtf"] >= TARGETS["rtf_min"] for m in ("rush", "memory", "tidy", "checkout")
                      if m in rtf),
        "rtf_cpu_min": min((rtf[m]["rtf_cpu"] for m in ("rush", "memory", "tidy", "checkout") if m in rtf),
                           default=None),
        "rtf_cpu_ok": all(rtf[m]["rtf_cpu"] >= TARGETS["rtf_min"] for m in ("rush", "memory", "tidy", "checkout")
                          if m in rtf),
        "frame_p99_720p_worst_ms": max(p99s, default=None),
        "frame_ok": bool(p99s) and max(p99s) < TARGETS["frame_p99_ms_720p"],
        "frame_cpu_p99_720p_worst_ms": max(cpu99, default=None),
        "frame_cpu_ok": bool(cpu99) and max(cpu99) < TARGETS["frame_p99_ms_720p"],
        "first_frame_ok": report.get("startup", {}).get("first_frame_s", 99) < TARGETS["first_frame_s"],
        "first_frame_cpu_ok": report.get("startup", {}).get("first_frame_cpu_s", 99) < TARGETS["first_frame_s"],
        "restart_ok": report.get("restart", {}).get("p50_ms", 1e9) < TARGETS["restart_ms"],
        "memory_ok": report.get("memory", {}).get("peak_mb", 1e9) < TARGETS["peak_memory_mb"],
    }


def run(args: argparse.Namespace) -> dict:
    os.environ.update({k: v for k, v in _env().items() if k.startswith(("SDL_", "PYGAME_"))})
    if "SOLDOUT_USER_DIR" not in os.environ:   # never touch the player's own records
        os.environ["SOLDOUT_USER_DIR"] = _temp_user_dir()
    report: dict = {"machine": {"python": sys.version.split()[0], "cpus": os.cpu_count(),
                                "load": [round(x, 2) for x in os.getloadavg()]}}
    steps: list[tuple[str, Callable[[], object]]] = [
        ("rtf", lambda: bench_rtf(args.seeds)),
        ("frames", lambda: bench_frames(args.frames, args.scenes.split(",") if args.scenes else None)),
        ("restart", lambda: bench_restart(args.restarts)),
    ]
    for key, step in steps:
        try:
            report[key] = step()
        except Exception as exc:  # report what broke and go on with the rest
            report[key] = {"error": f"{type(exc).__name__}: {exc}"}
    try:
        report["startup"], report["memory"] = bench_startup_and_memory(args.runs, args.child_frames)
    except Exception as exc:
        report["startup"] = report["memory"] = {"error": f"{type(exc).__name__}: {exc}"}
    report["bench_process_maxrss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    report["targets"] = TARGETS
    report["targets_met"] = targets_met(report)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description="one benchmark report, as JSON")
    parser.add_argument("--frames", type=int, default=180, help="frames per scene and size (default 180)")
    parser.add_argument("--scenes", help="comma-separated scene names (default: every registered scene)")
    parser.add_argument("--seeds", type=int, default=2, help="headless matches per mode (default 2)")
    parser.add_argument("--runs", type=int, default=3, help="start-up runs (default 3; the median counts)")
    parser.add_argument("--restarts", type=int, default=20, help="speedrun restarts timed (default 20)")
    parser.add_argument("--child-frames", type=int, default=3600,
                        help="frames per match in the memory run (default 3600: a minute of each)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: few frames, one seed, one run")
    parser.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.frames, args.seeds, args.runs, args.restarts, args.child_frames = 20, 1, 1, 3, 60
    report = run(args)
    print(json.dumps(report, indent=args.indent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
