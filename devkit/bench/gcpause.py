"""The garbage collector's pauses in a window's frames (docs/PERFORMANCE.md, "The garbage collector").

A child process (`python -m devkit.bench.gcpause POLICY FRAMES SOAK`, one JSON line out) plays
the scenes a player meets (title, lobby, a 6-seat mall starting and well into play, its
results, the 6-seat dice table in play) in a window on the display the bench gives it, after
the menus' warm-up, with `gc.callbacks` timing every collection. POLICY: "python" (CPython's
own, as the game was) or "managed" (game.core.collector, as the window runs it now: installed
after the scene modules load, settled by the warm-up, the oldest generation collected after a
frame's present when the time before the next frame's read allows). A frame is events, tick,
draw and present; each collection that starts inside one counts against it, by generation;
those after the present (the loop's idle time) are counted apart. Then SOAK frames of a
6-bot Rush, its tracked objects and RSS sampled: memory flat means cycles are still freed. Last,
back at the title, the resettle's steps; then (the window's policy) the lobby opened, frozen open
and left for the title: the next resettle needs no pass over every object.
"""
from __future__ import annotations

import gc
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any, Callable

from devkit.bench.report import ROOT

if TYPE_CHECKING:
    import pygame

    from game.core.context import Context

SCENES = ("title", "lobby", "mall_6_tidy", "mall_6_tidy_play", "results_6", "table_6_play")
FRAME = 1 / 60   # the next frame's read, counted from this one's (the dummy driver's presents do not wait)


class Timer:
    """A gc.callbacks hook: every collection as (generation, start, seconds)."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, float, float]] = []
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._start = now
        else:
            self.seen.append((info["generation"], self._start, now - self._start))

    def between(self, start: float, end: float) -> list[tuple[int, float, float]]:
        return [c for c in self.seen if start <= c[1] < end]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] if ordered else 0.0


def _by_generation(found: list[tuple[int, float, float]]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for gen in (0, 1, 2):
        took = [s for g, _at, s in found if g == gen]
        out[f"gen{gen}"] = {"count": len(took), "total_ms": round(sum(took) * 1000, 2),
                            "max_ms": round(max(took, default=0.0) * 1000, 2)}
    return out


def _frames(ctx: "Context", screen: "pygame.Surface", frames: int, timer: Timer,
            change: "Callable[[Context], None]") -> dict[str, Any]:
    """`frames` frames as the window runs them, the first with the change of scene (the scene
    built, pushed and drawn: the frame a player's press leads to); the collections inside each
    and after it."""
    import pygame

    from game import app
    from game.core.collector import WINDOW
    took: list[float] = []
    cpu: list[float] = []      # the thread's CPU time: a collection's cost, whatever else the machine runs
    first = 0.0
    inside: list[tuple[int, float, float]] = []
    after: list[tuple[int, float, float]] = []
    for frame in range(frames):
        start, start_cpu = time.perf_counter(), time.thread_time()
        if frame == 0:
            change(ctx)
            ctx.stack.apply()
        pygame.event.pump()
        app.tick(ctx)
        app.draw(ctx, screen, 0.5)
        pygame.display.flip()
        end = time.perf_counter()
        cpu.append(time.thread_time() - start_cpu)
        app.idle(ctx, min(end + app.IDLE_SECONDS, start + FRAME))
        WINDOW.idle(start + FRAME)           # as WindowLoop._idle: the time before the next read
        took.append(end - start)
        if frame == 0:
            first = end - start
        inside += timer.between(start, end)
        after += timer.between(end, time.perf_counter())
    return {"frames": frames, "p50_ms": round(_pct(took, 50) * 1000, 2), "p99_ms": round(_pct(took, 99) * 1000, 2),
            "worst_ms": round(max(took) * 1000, 2),
            "cpu_p99_ms": round(_pct(cpu, 99) * 1000, 2), "cpu_worst_ms": round(max(cpu) * 1000, 2), "change_ms": round(first * 1000, 2), "in_frames": _by_generation(inside),
            "after_present": _by_generation(after)}


def _soak(ctx: "Context", screen: "pygame.Surface", frames: int) -> dict[str, Any]:
    """A 6-bot Rush drawn for `frames` frames (new matches as each ends: the scene's own flow),
    tracked objects and RSS every tenth of the way."""
    import pygame

    from devkit.bench.memory import status
    from game import app
    from game.app.headless import build_spec
    from game.core.collector import WINDOW
    from game.scenes import registry
    registry.start_game(ctx, build_spec("soldout", 6, "normal", "rush", 3, 5))
    ctx.stack.apply()
    samples = []
    for frame in range(frames):
        start = time.perf_counter()
        pygame.event.pump()
        app.tick(ctx)
        app.draw(ctx, screen, 0.5)
        pygame.display.flip()
        WINDOW.idle(start + FRAME)
        if frame % max(1, frames // 10) == 0 or frame == frames - 1:
            samples.append({"frame": frame, "objects": len(gc.get_objects()), "rss_mb": status().get("VmRSS")})
    return {"frames": frames, "samples": samples}


def _resettle(ctx: "Context", screen: "pygame.Surface") -> dict[str, Any]:
    """Back to the title from the soak's match, as a player quits, the title drawn until the loop
    would run warm-up jobs: the jobs that coming back to a menu queues (the collector's resettle, the memory handed back), each step timed
    by the thread's CPU time as the warmer runs it (one step per idle frame, 8 ms a step)."""
    from game.core.collector import WINDOW
    from game.core.warm import Warmer
    from game.scenes import warmup
    from game.scenes.menus.title import TitleScene
    import pygame

    from game import app
    ctx.stack.clear_to(TitleScene(ctx))
    ctx.stack.apply()
    for _ in range(warmup.IDLE_TICKS):       # the loop runs warm-up jobs once a menu has sat idle this long
        app.tick(ctx)
        app.draw(ctx, screen, 0.5)
        pygame.display.flip()
    warmer = Warmer()
    warmup.back_in_menu(warmer, ctx, was_in_menu=False)
    steps: list[tuple[str, float]] = []
    while warmer.pending:
        start = time.thread_time()
        name = warmer.run_one()
        steps.append((name or "", time.thread_time() - start))
    collector = [took * 1000 for name, took in steps if name.startswith("collector")]
    return {"collector_steps_ms": [round(took, 2) for took in collector],
            "collector_worst_ms": round(max(collector, default=0.0), 2),
            "full_resettles": WINDOW.full_resettles,
            "other_steps_ms": [round(took * 1000, 2) for name, took in steps if not name.startswith("collector")]}


def _lobby_and_back(ctx: "Context", screen: "pygame.Surface") -> dict[str, Any]:
    """The lobby opened from the title and settled while open (as the resettle on coming back from a
    match to the lobby freezes it), then left for the title, and the next resettle run: its steps
    (thread CPU time) and whether it needed the pass over every object (a left scene still alive:
    the lobby held in a cycle by its rows and seat profiles did)."""
    import pygame

    from game import app
    from game.core.collector import WINDOW
    from game.scenes import registry, warmup

    def frames(count: int) -> None:
        for _ in range(count):
            app.tick(ctx)
            app.draw(ctx, screen, 0.5)
            pygame.display.flip()
    ctx.stack.push(registry.LOBBY(ctx))
    ctx.stack.apply()
    frames(warmup.IDLE_TICKS)
    while WINDOW.resettle():
        pass
    before = WINDOW.full_resettles
    ctx.stack.pop()
    ctx.stack.apply()
    frames(warmup.IDLE_TICKS)
    steps, more = [], True
    while more:
        start = time.thread_time()
        more = WINDOW.resettle()
        steps.append(round((time.thread_time() - start) * 1000, 2))
    return {"steps_ms": steps, "full_passes": WINDOW.full_resettles - before}


def child(policy: str, frames: int, soak: int) -> dict[str, Any]:
    import pygame

    from devkit.bench.report import title_window
    from devkit.bench.window import _scene_builders
    from game import app
    from game.core.collector import WINDOW
    from game.core.warm import Warmer
    from game.scenes import registry, warmup
    ctx, screen, _vsync = title_window(False)
    app.tick(ctx)
    app.draw(ctx, screen, 0.0)
    pygame.display.flip()
    registry.load_scene_modules()
    if policy == "managed":
        WINDOW.install()                      # where run_window does
    warmer = Warmer()
    warmup.queue_rehearsals(warmer, ctx)
    timer = Timer()
    gc.callbacks.append(timer)
    warmer.run_all()                          # the idle title's warm-up (settles the collector)
    out: dict[str, Any] = {"policy": policy, "thresholds": list(gc.get_threshold()),
                           "frozen": gc.get_freeze_count(), "warm_up": _by_generation(timer.seen)}
    for name, build in _scene_builders():
        if name in SCENES:
            out[name] = _frames(ctx, screen, frames, timer, build(ctx))
    out["soak"] = _soak(ctx, screen, soak)
    out["resettle"] = _resettle(ctx, screen)
    if policy == "managed":
        out["lobby_to_title"] = _lobby_and_back(ctx, screen)
    out["idle_runs"], out["forced"], out["settled"] = WINDOW.idle_runs, WINDOW.forced, WINDOW.settled
    out["settle_jobs_ms"] = [round(took * 1000, 1) for name, took in warmer.done if name.startswith("collector")]
    out["young_passes_since_full"] = gc.get_count()[2]
    start = time.perf_counter()
    gc.collect()     # what one full pass costs now: every object (CPython's), or those since the freeze
    out["full_collection_ms"] = round((time.perf_counter() - start) * 1000, 2)
    return out


def run(env: dict[str, str], frames: int, soak: int) -> dict[str, Any]:
    """Both policies, each in its own child on the bench's display, one after the other."""
    import subprocess
    out: dict[str, Any] = {}
    for policy in ("python", "managed"):
        proc = subprocess.run([sys.executable, "-m", "devkit.bench.gcpause", policy, str(frames), str(soak)],
                              cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, timeout=1800)
        lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
        if proc.returncode != 0 or not lines:
            raise RuntimeError(f"gc child failed ({proc.returncode}): {proc.stderr.strip().splitlines()[-3:]}")
        out[policy] = json.loads(lines[-1])
    return out


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print(json.dumps(child(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))), flush=True)
