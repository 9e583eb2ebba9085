"""The window half of the benchmark: what a player sees and feels, measured in a real window.

Each measure runs in a child process (`python -m devkit.bench.window KIND ...`, one JSON line
out) so it gets a fresh display and nothing the bench did before: under Xvfb when it is
installed (software GL: presenting costs what it costs on a laptop without a GPU driver),
otherwise under SDL's dummy driver, and the report says which. Kinds:

- frames: a scripted session through the game's scenes in the real window (the 1080p run
  opens the game fullscreen on a 1920x1080 screen: SDL's own SCALED path, as the game
  does). Each scene: its first frame (built as the real change builds it: the scene's
  construction, its first tick, draw and present) and 120+ steady frames (tick + draw +
  display.flip). Before the session the menus' warm-up jobs run, as they do while the
  title sits idle. Baseline: a bare window presenting a static full-screen picture.
- idle: CPU share of the title over some seconds once its warm-up jobs are done (as the
  game runs it: run_window), of the title with nothing moving, and of a bare vsync window
  presenting the same picture at 60 Hz.
- startup: process start to the first presented frame through `main.py`'s own path.
- latency: press to present through the game's own window loop (devkit/bench/latency.py);
  `latency PRESSES window|fullscreen SCENES plain` runs the loop as it was before the read
  point and the early tick, for comparison.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from devkit.bench.report import ROOT   # the checkout the bench runs from

if TYPE_CHECKING:
    import pygame

    from game.core.context import Context
    from game.core.warm import Warmer

Change = Callable[["Context"], None]               # what the game does in the frame that changes scene
Prepare = Callable[["Context"], Change]             # untimed: leaves the last scene, returns the change


# ---------------------------------------------------------------- the display the children use
@contextlib.contextmanager
def display(use_xvfb: bool = True) -> Iterator[dict[str, Any]]:
    """Environment for a child: an Xvfb screen (1920x1080) when possible, else the dummy driver.
    Yields {"env": {...}, "display": "xvfb" | "dummy", "note": why}."""
    env = {"SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    xvfb = shutil.which("Xvfb") if use_xvfb else None
    if xvfb is None:
        note = "Xvfb not installed: dummy video driver, no real present" if use_xvfb else "--no-xvfb: dummy driver"
        yield {"env": {**env, "SDL_VIDEODRIVER": "dummy"}, "display": "dummy", "note": note}
        return
    number = 90 + os.getpid() % 100
    while Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
        number += 1
    proc = subprocess.Popen([xvfb, f":{number}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.05)
        yield {"env": {**env, "SDL_VIDEODRIVER": "x11", "DISPLAY": f":{number}", "BENCH_XVFB_PID": str(proc.pid)},
               "display": "xvfb", "note": "Xvfb 1920x1080, software rendering"}
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


def run_child(kind: str, args: list[str], env: dict[str, str], timeout: float = 900) -> dict[str, Any]:
    """Run `python -m devkit.bench.window KIND ARGS` and return its JSON line."""
    full = {**os.environ, **env}
    proc = subprocess.run([sys.executable, "-m", "devkit.bench.window", kind, *args], cwd=ROOT, env=full,
                          capture_output=True, text=True, timeout=timeout)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"{kind} child failed ({proc.returncode}): {proc.stderr.strip().splitlines()[-1:]}")
    found: dict[str, Any] = json.loads(lines[-1])
    return found


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def passes(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several passes of the frames child, as one report: the first pass's figures, and for each
    scene its own work p99 in each pass and the p99 of each frame's least over the passes.
    The passes play the same frames (fresh processes, the same seeds, no input: the matches are
    deterministic), so a frame's least is its own cost with less of what other processes on a
    shared machine added; a first render costs the same in every pass (each starts cold)."""
    out = dict(runs[0])
    for name, row in out.items():
        if not (isinstance(row, dict) and "own_cpu_ms" in row):
            continue
        series = [run[name]["own_cpu_ms"] for run in runs if isinstance(run.get(name), dict) and
                  len(run[name].get("own_cpu_ms", ())) == len(row["own_cpu_ms"])]
        least = [min(frame) for frame in zip(*series)]
        out[name] = {**row, "own_cpu_p99_passes_ms": [round(_pct(s, 99), 2) for s in series],
                     "own_cpu_p99_least_ms": round(_pct(least, 99), 2)}
    for run in (out, *runs):
        for row in run.values():
            if isinstance(row, dict):
                row.pop("own_cpu_ms", None)
    out["passes"] = len(runs)
    return out


# ---------------------------------------------------------------- child: frames
def _scene_builders() -> list[tuple[str, Prepare]]:
    """(name, prepare(ctx) -> change(ctx)) in the order a player meets them. `prepare` is not
    timed (leaving the last scene, playing a round out before its results); `change` is what
    the game does in the frame that changes scene, and is timed with that frame."""
    from game.app.headless import build_spec
    from game.scenes import registry
    from game.scenes.menus.title import TitleScene

    def back_to_title(ctx: Context) -> None:
        ctx.stack.clear_to(TitleScene(ctx))
        ctx.stack.apply()

    def title_a_while(ctx: Context) -> None:
        """The title's time after its presents before a demo (it starts after 45 s untouched) or a
        speedrun (chosen in its menu): what a match let go of the other game's pictures is drawn
        again there (game.scenes.warmup.menu_idle: ~0.9 s of drawing, a quarter frame at a time)."""
        from game import app
        from game.render import surface_cache
        back_to_title(ctx)
        for _ in range(60 * 45):
            if not surface_cache.shed_left():
                break
            app.idle(ctx, time.perf_counter() + app.IDLE_SECONDS)

    def shot(name: str) -> Prepare:
        def prepare(ctx: Context) -> Change:
            back_to_title(ctx)
            registry.load_screenshots()   # the staging code is the bench's, not the change's: load it untimed
            staged = registry.screenshot(name)
            assert staged is not None, name

            def change(ctx: Context) -> None:
                made = staged.factory(ctx, 1)
                for scene in (made if isinstance(made, list) else [made]):
                    ctx.stack.push(scene)
            return change
        return prepare

    def game(kind: str, players: int, mode: str | None) -> Prepare:
        def prepare(ctx: Context) -> Change:
            back_to_title(ctx)
            return lambda ctx: registry.start_game(ctx, build_spec(kind, players, "normal", mode, 2, 5))
        return prepare

    def results(ctx: Context) -> Change:
        from game.scenes.mall.round_end import soldout_results
        from game.scenes.mall.scene import MallScene
        from game.sim.mall_stage import play_out_round
        mall = ctx.stack.top
        assert isinstance(mall, MallScene)
        play_out_round(mall.sim, 1)          # the round, played out before the clock starts
        mall.results_pushed = True
        return lambda ctx: ctx.stack.push(soldout_results(mall))

    def checkout_results(ctx: Context) -> Change:
        from game.scenes.table.match_end import checkout_results
        from game.scenes.table.scene import TableScene
        table = ctx.stack.top
        assert isinstance(table, TableScene)
        table.fast_forward(lambda sim: sim.over())
        return lambda ctx: ctx.stack.push(checkout_results(table))

    def attract(ctx: Context) -> Change:
        title_a_while(ctx)
        factory = registry.attract_factory()
        assert factory is not None
        return lambda ctx: ctx.stack.push(factory(ctx))

    def speedrun(ctx: Context) -> Change:
        from game.scenes.speedrun.run import SpeedrunRunScene
        from game.speedrun.categories import load_categories, make_setup
        from game.speedrun.records import Records
        title_a_while(ctx)
        setup = make_setup(load_categories()["rush"], "set", seed_index=1)
        # As the speedrun menu starts a run (the player's records: none in the bench's folder).
        return lambda ctx: ctx.stack.push(SpeedrunRunScene(ctx, setup, records=Records()))

    def in_play(kind: str, players: int, mode: str | None, start: bool = True) -> Prepare:
        """A match well into its play (past the countdown and a Memory study, bots running about,
        carrying and dropping): the steady frames show every motion and effect. Not timed as a
        change: the row's first frame is one more frame of play."""
        def prepare(ctx: Context) -> Change:
            if start:
                game(kind, players, mode)(ctx)(ctx)
                ctx.stack.apply()
            _play_on(ctx, PLAY_ON_TICKS)
            return lambda ctx: None
        return prepare

    return [("title", shot("title")), ("lobby", shot("lobby")), ("mall", game("soldout", 4, "rush")),
            ("results", results), ("mall_6_tidy", game("soldout", 6, "tidy")),
            ("mall_6_tidy_play", in_play("soldout", 6, "tidy", start=False)), ("results_6", results),
            ("mall_6_rush_play", in_play("soldout", 6, "rush")), ("mall_6_memory_play", in_play("soldout", 6, "memory")),
            ("table", game("checkout", 4, None)), ("checkout_results", checkout_results),
            ("table_6_play", in_play("checkout", 6, None)), ("checkout_results_6", checkout_results),
            ("attract", attract), ("speedrun_menu", shot("speedrun_menu")), ("speedrun", speedrun)]


IN_PLAY = ("_play",)      # rows measured well into a match: no change frame of their own
PLAY_ON_TICKS = 5 * 60    # ticks played (undrawn) past the countdown or study before such a row


def _play_on(ctx: Context, ticks: int) -> None:
    """Tick the game (undrawn) until its match is in play, then `ticks` more. A frame is drawn
    first (the fade into the match starts at its first drawn frame, and is over by the end) and
    one last (the scene's first full picture, which the game draws under the fade's veil)."""
    import pygame

    from game import app
    screen = pygame.display.get_surface()
    if screen is not None:
        app.draw(ctx, screen, 0.0)
    from game.scenes.mall.scene import MallScene
    from game.scenes.table.scene import TableScene
    from game.sim.table import PLAYING

    def playing() -> bool:
        top = ctx.stack.top
        if isinstance(top, MallScene):
            return top.sim.phase == "playing"
        return isinstance(top, TableScene) and top.sim.phase in PLAYING

    for _ in range(60 * 60):
        if playing():
            break
        app.tick(ctx)
    for _ in range(ticks):
        app.tick(ctx)
    if screen is not None:
        app.draw(ctx, screen, 0.0)   # the scene's first picture in full (under the veil in the game)


def child_frames(frames: int, fullscreen: bool, scenes: list[str] | None, warm: bool) -> dict[str, Any]:
    import pygame

    from game import app
    from devkit.bench.report import title_window
    from game.scenes import registry

    ctx, screen, vsync = title_window(fullscreen)
    app.tick(ctx)
    app.draw(ctx, screen, 0.0)
    pygame.display.flip()
    registry.load_scene_modules()
    from game.core.collector import WINDOW
    WINDOW.install()                 # the garbage collector managed, as run_window does
    done: list[tuple[str, float]] = []
    warm_cpu = time.process_time()
    if warm:                         # "cold": no warm-up (or a tree from before there was one)
        from game.core.warm import Warmer
        from game.scenes import warmup
        warmer = Warmer()
        warmup.queue_rehearsals(warmer, ctx)
        warmer.run_all()             # what the idle title does, a job per idle frame
        done = warmer.done
    warm_cpu = time.process_time() - warm_cpu
    out: dict[str, Any] = {"window": list(pygame.display.get_window_size()), "driver": pygame.display.get_driver(),
                 "vsync": vsync, "warm_jobs": len(done), "warm_cpu_s": round(warm_cpu, 2),
                 "warm_longest_job_ms": round(max((d for _n, d in done), default=0) * 1000, 1),
                 "warm_jobs_over_2_frames": sum(1 for _n, d in done if d > 2 / 60)}   # a press at the title waits them out
    static = screen.copy()
    wall, cpu = [], []
    for _ in range(max(frames, 120)):
        start, start_cpu = time.perf_counter(), time.thread_time()
        screen.blit(static, (0, 0))
        pygame.event.pump()
        pygame.display.flip()
        wall.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
    out["baseline_static_present_ms"] = _summary(wall, cpu)
    for name, build in _scene_builders():
        if scenes and name not in scenes:
            continue
        try:
            out[name] = _scene_frames(ctx, screen, build, frames, changes=not name.endswith(IN_PLAY))
        except Exception as exc:  # a broken scene is a finding, not the end of the report
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
    return out


def _summary(wall: list[float], cpu: list[float]) -> dict[str, Any]:
    return {"p50_ms": round(_pct(wall, 50) * 1000, 2), "p99_ms": round(_pct(wall, 99) * 1000, 2),
            "cpu_p50_ms": round(_pct(cpu, 50) * 1000, 2), "cpu_p99_ms": round(_pct(cpu, 99) * 1000, 2)}


def _frame(ctx: Context, screen: pygame.Surface) -> tuple[float, float, float, float]:
    """One frame: events, a tick, draw, present, then the scenes' work ahead (`app.idle`, as the
    window runs it). Returns the frame's own work (the tick and the draw, without the present)
    and the work ahead, each as (wall, CPU) seconds."""
    import pygame

    from game import app
    from game.core.collector import WINDOW
    pygame.event.pump()
    start, start_cpu = time.perf_counter(), time.thread_time()
    app.tick(ctx)
    app.draw(ctx, screen, 0.5)
    own, own_cpu = time.perf_counter() - start, time.thread_time() - start_cpu
    pygame.display.flip()
    ahead, ahead_cpu = time.perf_counter(), time.thread_time()
    app.idle(ctx, ahead + app.IDLE_SECONDS)
    WINDOW.idle(start + 1 / 60)   # the collector's pass, when due, in the rest of the frame (WindowLoop._idle)
    return own, own_cpu, time.perf_counter() - ahead, time.thread_time() - ahead_cpu


def _scene_frames(ctx: Context, screen: pygame.Surface, build: Prepare, frames: int,
                  changes: bool = True) -> dict[str, Any]:
    """The change frame (the change + tick + draw + present: the change's first frame), then the
    fade's frames after it (their worst seen, and the new scene's first draw under full black,
    are reported apart), then steady frames: each whole (with the present) and its own work
    (tick + draw) apart.
    `changes`: False for a row that goes on in the scene already there (its first frame is not
    a change)."""
    change = build(ctx)
    start, start_cpu = time.perf_counter(), time.thread_time()
    change(ctx)
    ctx.stack.apply()
    *_own, idle, idle_cpu = _frame(ctx, screen)
    # The change, its tick, draw and present; the work ahead after the present is not the frame's
    first, first_cpu = time.perf_counter() - start - idle, time.thread_time() - start_cpu - idle_cpu
    # The fade that follows belongs to the change, not to the steady frames: the worst of its
    # frames the player sees is reported (a frame over the refresh would be a hitch in the
    # fade). The new scene's first draw comes half-way through, under full black
    # (game/core/transition.py): unseen, it only holds the black a little longer; apart too.
    fading, hidden, hidden_cpu, seen, seen_cpu = 0, None, None, first, first_cpu
    fade = ctx.fade
    while fade is not None and fade.active and fading < 240:   # 4 s: a fade that never ends is no fade
        unseen = not fade.shown_new
        start, start_cpu = time.perf_counter(), time.thread_time()
        _frame(ctx, screen)
        took, took_cpu = time.perf_counter() - start, time.thread_time() - start_cpu
        if unseen and fade.shown_new:
            hidden, hidden_cpu = took, took_cpu
        else:
            seen, seen_cpu = max(seen, took), max(seen_cpu, took_cpu)
        fading += 1
    wall, cpu, own, own_cpu, ahead = [], [], [], [], []
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.thread_time()
        work, work_cpu, idle, _idle_cpu = _frame(ctx, screen)
        wall.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        own.append(work)
        own_cpu.append(work_cpu)
        ahead.append(idle)
    row = _summary(wall, cpu)
    p99, cpu99 = _pct(wall, 99), _pct(cpu, 99)
    row.update({"own_p50_ms": round(_pct(own, 50) * 1000, 2), "own_p99_ms": round(_pct(own, 99) * 1000, 2),
                "own_cpu_p50_ms": round(_pct(own_cpu, 50) * 1000, 2),
                "own_cpu_p99_ms": round(_pct(own_cpu, 99) * 1000, 2),
                "ahead_p99_ms": round(_pct(ahead, 99) * 1000, 2), "ahead_max_ms": round(max(ahead) * 1000, 2),
                "own_cpu_ms": [round(x * 1000, 3) for x in own_cpu]})   # each frame's: passes() takes their least
    if changes:
        row.update({"first_ms": round(first * 1000, 2), "first_cpu_ms": round(first_cpu * 1000, 2), "fade_frames": fading,
                    "fade_worst_seen_ms": round(seen * 1000, 2), "fade_worst_seen_cpu_ms": round(seen_cpu * 1000, 2),
                    "hidden_first_draw_ms": None if hidden is None else round(hidden * 1000, 2),
                    "hidden_first_draw_cpu_ms": None if hidden_cpu is None else round(hidden_cpu * 1000, 2),
                    "first_to_p99": round(first / p99, 1) if p99 else None,
                    "first_to_p99_cpu": round(first_cpu / cpu99, 1) if cpu99 else None})
    return row


# ---------------------------------------------------------------- child: idle CPU
def child_idle(what: str, seconds: float) -> dict[str, Any]:
    """CPU share (of one core) over `seconds`: the title run by the game's own loop, the same
    with nothing moving, or a bare window presenting a static picture at 60 Hz."""
    import pygame
    if what == "bare":
        return _bare_window(seconds)
    from game import app
    from game.scenes.menus import title
    title.ATTRACT_AFTER_TICKS = 1 << 30          # the title stays the title (no attract demo)
    if what == "still":
        title.ANIMATION_TICKS = 1 << 30          # nothing on the title moves
    captured: list[Warmer] = []
    from game.scenes import warmup
    real_queue = warmup.queue_rehearsals

    def queue(warmer: Warmer, ctx: Context) -> None:
        captured.append(warmer)
        real_queue(warmer, ctx)

    warmup.queue_rehearsals = queue
    flips = [0]
    real_flip = pygame.display.flip

    def flip() -> None:
        flips[0] += 1
        real_flip()

    pygame.display.flip = flip
    result: dict[str, Any] = {}

    def watch() -> None:
        deadline = time.monotonic() + 300
        while (not captured or captured[0].pending) and time.monotonic() < deadline:
            time.sleep(0.1)
        result["warm_s"] = round(sum(d for _n, d in captured[0].done), 2) if captured else None
        time.sleep(1.0)
        start_cpu, start, start_flips = time.process_time(), time.perf_counter(), flips[0]
        time.sleep(seconds)
        cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start
        result.update({"cpu_share": round(cpu / wall, 4), "presents_per_s": round((flips[0] - start_flips) / wall, 1),
                       "seconds": round(wall, 1)})
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=watch, daemon=True).start()

    app.run_window(argparse.Namespace(record=None, fullscreen=False, replay=None, livesplit=None, lang=None))
    result["what"] = what
    return result


def _bare_window(seconds: float) -> dict[str, Any]:
    import pygame

    from game import app
    from devkit.bench.report import title_window
    ctx, screen, vsync = title_window(False, returning=False)
    app.draw(ctx, screen, 0.0)            # the same picture the title shows
    picture = screen.copy()
    clock = pygame.time.Clock()
    for _ in range(30):
        pygame.event.get()
        pygame.display.flip()
    start_cpu, start, frames = time.process_time(), time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        pygame.event.get()
        screen.blit(picture, (0, 0))
        pygame.display.flip()
        frames += 1
        clock.tick(60)
    wall = time.perf_counter() - start
    return {"what": "bare", "cpu_share": round((time.process_time() - start_cpu) / wall, 4),
            "presents_per_s": round(frames / wall, 1), "seconds": round(wall, 1), "vsync": vsync}


# ---------------------------------------------------------------- start-up
_FIRST_PRESENT = r"""
import sys, time, os
sys.path.insert(0, ROOT)
os.chdir(ROOT)
import pygame
_flip = pygame.display.flip
def _first():
    _flip()
    print("PRESENTED", time.time(), flush=True)
    os._exit(0)
pygame.display.flip = _first
from game.app import main
sys.exit(main([]))
"""

_BARE_PRESENT = r"""
import time
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720), pygame.SCALED)
screen.fill((40, 90, 140))
pygame.display.flip()
print("PRESENTED", time.time(), flush=True)
"""


def _until_presented(code: str, env: dict[str, str]) -> float:
    full = {**os.environ, **env}
    start = time.time()
    proc = subprocess.run([sys.executable, "-c", code.replace("ROOT", repr(str(ROOT)))], cwd=ROOT, env=full,
                          capture_output=True, text=True, timeout=120)
    for line in proc.stdout.splitlines():
        if line.startswith("PRESENTED"):
            return float(line.split()[1]) - start
    raise RuntimeError(f"no frame presented ({proc.returncode}): {proc.stderr.strip().splitlines()[-1:]}")


def startup(runs: int, env: dict[str, str]) -> dict[str, Any]:
    """`main.py` (the real start-up: imports, user files, display, title) to its first present;
    baselines: `import pygame`, and a bare window's first present. Medians of `runs`."""
    game = [_until_presented(_FIRST_PRESENT, env) for _ in range(runs)]
    bare = [_until_presented(_BARE_PRESENT, env) for _ in range(runs)]
    imports = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import pygame"], env={**os.environ, **env}, capture_output=True)
        imports.append(time.perf_counter() - start)
    first = statistics.median(game)
    return {"first_present_s": round(first, 3), "runs": [round(x, 3) for x in game],
            "baseline_bare_window_s": round(statistics.median(bare), 3),
            "baseline_import_pygame_s": round(statistics.median(imports), 3),
            "ratio_to_bare_window": round(first / statistics.median(bare), 1)}


def main(argv: list[str]) -> int:
    kind = argv[0]
    if kind == "frames":
        frames, fullscreen = int(argv[1]), argv[2] == "fullscreen"
        scenes = [s for s in argv[3].split(",") if s] if len(argv) > 3 and argv[3] != "-" else None
        warm = not (len(argv) > 4 and argv[4] == "cold")
        out = child_frames(frames, fullscreen, scenes, warm)
    elif kind == "idle":
        out = child_idle(argv[1], float(argv[2]))
    elif kind == "latency":
        from devkit.bench.latency import child_latency
        presses, fullscreen = int(argv[1]), argv[2] == "fullscreen"
        scenes = [s for s in argv[3].split(",") if s] if len(argv) > 3 and argv[3] != "-" else None
        out = child_latency(presses, fullscreen, scenes, plain=len(argv) > 4 and argv[4] == "plain")
    else:
        print(f"unknown kind {kind}", file=sys.stderr)
        return 2
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main(sys.argv[1:]))
