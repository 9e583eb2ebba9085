"""The memory a player's window holds, and what holds it (issue #46).

The report's older memory figure (report.bench_memory) is the dummy video and audio path; a
player's window adds the display's GL stack, the full-screen surfaces and whatever the caches
fill while the title rehearses every scene. This child opens the game as a player does (the
window fullscreen on the display the bench has: Xvfb 1920x1080 when installed, SDL picks the
audio driver; where it finds no sound device, again with SDL's disk driver, which plays in real
time into a file: the music decoded and mixed as a player hears it), runs the title's warm-up
jobs, and reads /proc/self/status:

- title: after the warm-up and `TITLE_FRAMES` frames of the title (steady);
- play: after `PLAY_FRAMES` frames of a 6-bot Rush drawn at full size (steady in play);
- results: the round played out and its results pushed over the mall: `RESULTS_FRAMES` frames
  (the reveal and then the screen at rest), the highest RSS seen while revealing and the
  steady figure at the end;
- checkout_results: the same for a 6-bot Check Out! played `PLAY_FRAMES // 2` frames, then to
  its end, its results over the table;
- peak: VmHWM at the end.

The garbage collector runs the window's policy (game.core.collector: installed where
run_window installs it, settled by the warm-up, full passes in the idle time after a present),
so the figures are the player's.

Then the breakdown at that moment: every cache of the game (entries; for the pictures' caches
bounded in bytes, what each holds, its budget and how many it evicted; and the anonymous
memory handed back when it alone is cleared: clearing the biggest first, each followed by
malloc_trim, so a cache's bytes are what it alone kept alive), the decoded music and sound
effects (their sample bytes), the display surface. What no row names is the interpreter, the
libraries' code and data (RssFile; with libLLVM and the GL driver where the window presents through
OpenGL: software GL on a machine without a GPU, unless game/app/renderer.py chose SDL's software
renderer), pygame's own allocations and the allocator's free pages.

Child: `python -m devkit.bench.memory [TITLE_FRAMES PLAY_FRAMES [RESULTS_FRAMES]]`, one JSON line out.
"""
from __future__ import annotations

import functools
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from game.core.context import Context

TITLE_FRAMES = 300     # five seconds of the title after its warm-up
PLAY_FRAMES = 600      # ten seconds of a 6-bot Rush
RESULTS_FRAMES = 900   # fifteen seconds of the round's results: the reveal, then the screen at rest
MB = 1024 * 1024
FIELDS = ("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem")


def status() -> dict[str, float]:
    """This process's resident figures (MB) from /proc/self/status; {} where there is none."""
    found: dict[str, float] = {}
    try:
        with open("/proc/self/status", encoding="ascii") as lines:
            for line in lines:
                key, _, rest = line.partition(":")
                if key in FIELDS:
                    found[key] = round(int(rest.split()[0]) / 1024, 1)   # the kernel counts kB
    except OSError:
        pass
    return found


def game_caches() -> list[tuple[str, Any]]:
    """Every cache of the game's modules, by name (module.function): the pictures' caches bounded
    in bytes (game.render.surface_cache) and functools' caches, found in the game's modules and
    their classes (not through gc.get_objects: the window's collector has frozen them by now,
    and the collector lists no frozen object)."""
    from game.render.surface_cache import CACHES
    found: dict[int, tuple[str, Any]] = {id(cache): (cache.name, cache) for cache in CACHES}
    for name, module in list(sys.modules.items()):
        if not name.startswith("game.") or module is None:
            continue
        for value in list(vars(module).values()):
            for obj in [value, *(vars(value).values() if isinstance(value, type) else ())]:
                if isinstance(obj, functools._lru_cache_wrapper) and obj.__module__ == name:
                    found.setdefault(id(obj), (f"{name}.{obj.__qualname__}", obj))
    return sorted(found.values(), key=lambda pair: pair[0])


def _anon() -> float:
    from game.core import memory
    memory.give_back()
    return status().get("RssAnon", 0.0)


def cache_breakdown() -> list[dict[str, Any]]:
    """Each cache's entries and the anonymous memory freed by clearing it alone (MB), biggest
    cache (by entries) first. Clears every cache: the last thing a child measures."""
    rows = []
    caches = game_caches()
    caches.sort(key=lambda pair: -pair[1].cache_info().currsize)
    before = _anon()
    for name, cache in caches:
        info = cache.cache_info()
        if not info.currsize:
            continue
        row: dict[str, Any] = {"cache": name, "entries": info.currsize}
        if hasattr(info, "budget"):          # bounded in bytes: what it holds, its bound, what it let go
            row.update({"held_mb": round(info.bytes / MB, 1), "budget_mb": round(info.budget / MB, 1),
                        "evicted": info.evicted})
        cache.cache_clear()
        gc.collect()
        after = _anon()
        rows.append({**row, "freed_mb": round(before - after, 1)})
        before = after
    return rows


def sample_bytes(ctx: Context) -> dict[str, float]:
    """Decoded music (tracks and jingles the mixer holds) and sound effects, in MB."""
    audio: Any = ctx.audio
    music = 0
    player = getattr(getattr(audio, "music", None), "player", None)
    library = getattr(player, "library", None)
    if library is not None:
        for track in library.tracks.values():
            music += len(track.base) * track.base.itemsize
            if track.drive is not None:
                music += len(track.drive) * track.drive.itemsize
        music += sum(len(j) * j.itemsize for j in library.jingles.values())
        for future in getattr(player, "loading", {}).values():   # decoded ahead, not yet asked for
            done = future.result() if future.done() and future.exception() is None else None
            for part in (getattr(done, "base", done), getattr(done, "drive", None)):
                music += len(part) * part.itemsize if part is not None else 0
    effects = sum(len(s.get_raw()) for s in getattr(audio, "_cache", {}).values() if s is not None)
    return {"music_mb": round(music / MB, 1), "sound_effects_mb": round(effects / MB, 1)}


def _renderer() -> str:
    """The SDL renderer presenting the window (opengl, software...), or "none"."""
    import pygame
    info = getattr(pygame.display, "_get_renderer_info", None)   # pygame-ce's, not in its stubs
    found = info() if info is not None else None
    return str(found[0]) if found else "none"


def _frames(ctx: Context, screen: pygame.Surface, count: int) -> None:
    import pygame

    from game import app
    from game.core.collector import WINDOW
    for _ in range(count):
        start = time.perf_counter()
        pygame.event.pump()
        app.tick(ctx)
        app.draw(ctx, screen, 0.5)
        pygame.display.flip()
        app.idle(ctx, time.perf_counter() + app.IDLE_SECONDS)   # the scenes' work after a present, as the window runs it
        WINDOW.idle(start + 1 / 60)                             # ... and the collector's, as WindowLoop's


def _revealed(ctx: Context, screen: pygame.Surface, frames: int) -> dict[str, Any]:
    """`frames` frames of a results screen just pushed: the highest RSS while it reveals (a sample
    every tenth of a second) and the figures at rest at the end."""
    highest = 0.0
    for done in range(0, frames, 6):
        _frames(ctx, screen, min(6, frames - done))
        highest = max(highest, status().get("VmRSS", 0.0))
    return {**status(), "highest_rss": highest}


def _results(ctx: Context, screen: pygame.Surface, frames: int) -> dict[str, Any]:
    """The mall's round played out and its results pushed over it, as the game does; `frames`
    frames of them: the highest RSS while they reveal (a sample every tenth of a second) and
    the figures at rest at the end."""
    from game.scenes.mall.round_end import soldout_results
    from game.scenes.mall.scene import MallScene
    from game.sim.mall_stage import play_out_round
    mall = ctx.stack.top
    assert isinstance(mall, MallScene)
    play_out_round(mall.sim, 1)
    mall.results_pushed = True
    ctx.stack.push(soldout_results(mall))
    ctx.stack.apply()
    return _revealed(ctx, screen, frames)


def _checkout_results(ctx: Context, screen: pygame.Surface, play_frames: int, frames: int) -> dict[str, Any]:
    """A 6-bot Check Out! from the title (back there, the warm-up jobs that coming back to a menu
    queues run first, as in the window), `play_frames` frames of it, then played to its end and
    its results pushed over the table, as the game does; as `_results` from there."""
    from game.app.headless import build_spec
    from game.scenes import registry
    from game.scenes.menus.title import TitleScene
    from game.scenes.table.match_end import checkout_results
    from game.scenes.table.scene import TableScene
    from game.core.warm import Warmer
    from game.scenes import warmup
    ctx.stack.clear_to(TitleScene(ctx))
    ctx.stack.apply()
    warmer = Warmer()
    warmup.back_in_menu(warmer, ctx, was_in_menu=False)   # a menu again: what the window's loop queues
    while warmer.pending:                                 # ... and runs, a step after a frame
        warmer.run_for(0.008)
        _frames(ctx, screen, 1)
    registry.start_game(ctx, build_spec("checkout", 6, "normal", None, 1, 5))
    ctx.stack.apply()
    _frames(ctx, screen, play_frames)
    table = ctx.stack.top
    assert isinstance(table, TableScene)
    table.fast_forward(lambda sim: sim.over())
    ctx.stack.push(checkout_results(table))
    ctx.stack.apply()
    return _revealed(ctx, screen, frames)


def child_memory(title_frames: int, play_frames: int, results_frames: int = RESULTS_FRAMES) -> dict[str, Any]:
    import pygame

    from devkit.bench.report import title_window
    from game.app.headless import build_spec
    from game.core.warm import Warmer
    from game.scenes import registry, warmup

    ctx, screen, _vsync = title_window(True)
    from game.core.collector import WINDOW
    registry.load_scene_modules()
    WINDOW.install()                 # where run_window installs it: the player's collector
    _frames(ctx, screen, 2)
    warmer = Warmer()
    warmup.queue_rehearsals(warmer, ctx)
    while warmer.pending:            # as the idle title does: a job after a frame
        warmer.run_for(0.008)
        _frames(ctx, screen, 1)
    _frames(ctx, screen, title_frames)
    out: dict[str, Any] = {"window": list(pygame.display.get_window_size()),
                           "video": pygame.display.get_driver(), "renderer": _renderer(),
                           "audio": pygame.mixer.get_driver() if pygame.mixer.get_init() else "none",
                           "warm_jobs": len(warmer.done), "title": status()}
    registry.start_game(ctx, build_spec("soldout", 6, "normal", "rush", 1, 5))
    ctx.stack.apply()
    _frames(ctx, screen, play_frames)
    out["play"] = status()
    out["results"] = _results(ctx, screen, results_frames)
    out["checkout_results"] = _checkout_results(ctx, screen, play_frames // 2, results_frames)
    out["peak_mb"] = out["checkout_results"].get("VmHWM", 0.0)
    surface = pygame.display.get_surface()
    out["display_surface_mb"] = round(surface.get_height() * surface.get_pitch() / MB, 1) if surface else 0.0
    out.update(sample_bytes(ctx))
    caches = cache_breakdown()
    out["caches"] = caches
    out["caches_mb"] = round(sum(row["freed_mb"] for row in caches), 1)
    out["after_clearing"] = status()
    return out


def _child(args: list[str], env: dict[str, str], unset: tuple[str, ...] = ()) -> dict[str, Any]:
    """Run `python -m devkit.bench.memory ARGS` in `env` (without the `unset` names) and return its JSON."""
    from devkit.bench.report import ROOT
    full = {k: v for k, v in {**os.environ, **env}.items() if k not in unset}
    proc = subprocess.run([sys.executable, "-m", "devkit.bench.memory", *args], cwd=ROOT, env=full,
                          capture_output=True, text=True, timeout=900)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"memory child failed ({proc.returncode}): {proc.stderr.strip().splitlines()[-1:]}")
    found: dict[str, Any] = json.loads(lines[-1])
    return found


def run(env: dict[str, str], frames: tuple[int, int] = (TITLE_FRAMES, PLAY_FRAMES)) -> dict[str, Any]:
    """The report's section: the child in the bench's display with the sound SDL picks (the
    window's path), and under the dummy video and audio drivers (the older figure's path)."""
    args = [str(frames[0]), str(frames[1]), str(frames[1] * RESULTS_FRAMES // PLAY_FRAMES)]   # --quick: fewer of each
    what = (f"fullscreen title after its warm-up + {frames[0]} frames, then {frames[1]} frames of a 6-bot Rush, "
            f"then {args[2]} frames of its round's results; a 6-bot Check Out! for {frames[1] // 2} "
            f"frames and {args[2]} of its results")
    dummy = _child(args, {**env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    if env.get("SDL_VIDEODRIVER") == "dummy":   # no display to open a window on (--no-xvfb, no Xvfb)
        return {"dummy": dummy, "what": what, "skipped": "window: no display (the dummy driver's figure only)"}
    window = _child(args, env, unset=("SDL_AUDIODRIVER",))
    out = {"window": window, "dummy": dummy, "what": what}
    if window.get("audio") == "none":
        # No sound device here: SDL's disk driver plays in real time into a file, so the music
        # is decoded, mixed and queued as on a player's sound card.
        with tempfile.TemporaryDirectory() as folder:
            out["window_sound"] = _child(args, {**env, "SDL_AUDIODRIVER": "disk",
                                                "SDL_DISKAUDIOFILE": os.path.join(folder, "audio.raw")})
    return out


def main(argv: list[str]) -> int:
    title, play = (int(argv[0]), int(argv[1])) if len(argv) >= 2 else (TITLE_FRAMES, PLAY_FRAMES)
    results = int(argv[2]) if len(argv) >= 3 else RESULTS_FRAMES
    print(json.dumps(child_memory(title, play, results)), flush=True)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main(sys.argv[1:]))
