"""Press-to-present latency: how long from a button going down on a pad to the end of the present
of the first frame whose picture shows what the press did.

A virtual game controller (SDL's virtual joystick, devkit/vpad.py) sits in seat 0. A second thread
presses a d-pad button at random moments, unaligned with the frames, and notes the time the button
went down; the main thread runs the game's own window loop (`game.app.WindowLoop`, the frames
`run_window` runs) and, after each frame it presented, reads what the press changes in the state
that frame drew:

- menu: the title's highlighted item (down, up, down ...);
- mall: the facing of seat 0's shopper, drawn as the nose on its body the frame the tick sets it,
  never interpolated (left, right, left ...: each press turns it);
- table: seat 0's cursor on the dice table (left, right, ...), drawn where the tick put it.

Nothing else moves those (bots play the other seats; the probe's seat is otherwise idle), so the
first presented frame that draws a changed value is the one that shows the press. The button is let
go once that frame is out (a tap of 20-40 ms, as a thumb makes), and the next press comes after a
random pause of 0.1-0.3 s (shorter than the d-pad's auto-repeat delay would matter: each press is
one fresh edge). A press the state never answers within a second (the table between turns, a
phase that ignores the d-pad) is counted as unanswered and left out of the percentiles.

The ideal beside the figures is what a loop that reads input once a tick and shows it at the next
display refresh cannot avoid: the wait for the next tick (0 to 1 tick, uniform) and one frame to
draw and present it; at 60 Hz, 1.5 frames (25 ms) at the median and 2 frames (33.3 ms) at worst.
"""
from __future__ import annotations

import os
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Hashable

if TYPE_CHECKING:
    from game.app import WindowLoop
    from game.core.context import Context
    from game.match.spec import MatchSpec
    from devkit.vpad import VirtualPad

FRAME_MS = 1000 / 60
IDEAL_FRAMES = {"p50": 1.5, "p99": 1.99}     # U(0, 1) tick of waiting + 1 frame: its quantiles
TARGET_P99_FRAMES = 2.0
PAUSE_S = (0.1, 0.3)       # between one press's release and the next press
ANSWER_S = 1.0             # a press not shown by then is unanswered
SETTLE_S = 1.0             # frames run before the first press (the scene's first frames, a countdown)
READY_WAIT_S = 30.0        # the longest a press waits for the scene to take one (the table between rounds)


@dataclass
class Press:
    """One press: when it went down, the state drawn before it, and when a frame first showed it.
    `waited_*`: readings of run_queue_waits, at the first frame to start after the press (waits
    before it stay in the figure: it errs long) and at the frame that showed it; `presents`:
    frames presented since the press."""
    down_at: float
    before: Hashable
    waited_down: dict[str, int] | None = None
    shown_at: float | None = None
    waited_shown: dict[str, int] = field(default_factory=dict)
    presents: int = 0
    done: threading.Event = field(default_factory=threading.Event)

    @property
    def own_ms(self) -> float:
        """The latency less the game thread's waits for a core: what a machine with a free core shows."""
        assert self.shown_at is not None
        return (self.shown_at - self.down_at) * 1000 - waited_between(self.waited_down or {}, self.waited_shown) / 1e6


SERVER_PID = "BENCH_XVFB_PID"   # the display server's process id, when the bench started one


def run_queue_waits(skip: int) -> dict[str, int]:
    """Nanoseconds each thread of this process but `skip` (the presser), and the display server
    the bench started (presents wait on it), has spent runnable but waiting for a core another
    process held (Linux; empty where the kernel keeps no schedstats). The renderer works in
    threads of its own (Mesa's llvmpipe): their waits hold up the present too."""
    paths = {tid: f"/proc/self/task/{tid}/schedstat" for tid in os.listdir("/proc/self/task") if tid != str(skip)}
    server = os.environ.get(SERVER_PID)
    if server:
        paths["server"] = f"/proc/{server}/schedstat"
    waited = {}
    for name, path in paths.items():
        try:
            with open(path) as stat:
                waited[name] = int(stat.read().split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return waited


def waited_between(before: dict[str, int], after: dict[str, int]) -> int:
    """Nanoseconds the game was held up for cores between two readings, counted so it never
    flatters: the game's own thread and the server in full, of the renderer's threads (which wait
    side by side) only the one that waited longest."""
    main, server = str(threading.main_thread().native_id), "server"
    deltas = {name: after[name] - before.get(name, after[name]) for name in after}
    others = [d for name, d in deltas.items() if name not in (main, server)]
    return deltas.get(main, 0) + deltas.get(server, 0) + max(others, default=0)


@dataclass
class Probe:
    """A scene to probe: how to put it on the stack, whether a press can act now, what it changes."""
    name: str
    buttons: tuple[str, str]                     # pressed in turn
    start: Callable[[Context, int], None]          # (ctx, seat 0's pad instance id)
    ready: Callable[[Context], bool]
    effect: Callable[[Context], Hashable]


def _menu() -> Probe:
    from game.scenes.menus import title
    from game.scenes.menus.title import TitleScene
    title.ATTRACT_AFTER_TICKS = 1 << 30          # the title stays the title (no attract demo)

    def start(ctx: Context, _pad: int) -> None:
        ctx.stack.clear_to(TitleScene(ctx))

    def effect(ctx: Context) -> Hashable:
        top = ctx.stack.top
        return top.menu.index if isinstance(top, TitleScene) else None

    return Probe("menu", ("down", "up"), start, lambda ctx: isinstance(ctx.stack.top, TitleScene), effect)


def _human_spec(game: str, players: int, mode: str | None, seed: int) -> MatchSpec:
    from dataclasses import replace

    from game.app.headless import build_spec
    spec = build_spec(game, players, "normal", mode, 1, seed)
    return replace(spec, seats=(replace(spec.seats[0], kind="human"), *spec.seats[1:]))


def _mall() -> Probe:
    from game.scenes import registry
    from game.scenes.mall.scene import MallScene

    def start(ctx: Context, pad: int) -> None:
        ctx.input.assign(("pad", pad), 0)
        registry.start_game(ctx, _human_spec("soldout", 6, "rush", 7))

    def mall(ctx: Context) -> MallScene | None:
        top = ctx.stack.top
        return top if isinstance(top, MallScene) else None

    def ready(ctx: Context) -> bool:
        scene = mall(ctx)
        return scene is not None and scene.sim.phase == "playing"

    def effect(ctx: Context) -> Hashable:
        scene = mall(ctx)
        return None if scene is None else scene.sim.avatars[0].facing

    return Probe("mall", ("left", "right"), start, ready, effect)


def _table() -> Probe:
    from game.scenes import registry
    from game.scenes.table.scene import TableScene
    from game.sim.table import COUNTDOWN, PLAYING

    def start(ctx: Context, pad: int) -> None:
        ctx.input.assign(("pad", pad), 0)
        registry.start_game(ctx, _human_spec("checkout", 6, None, 7))

    def table(ctx: Context) -> TableScene | None:
        top = ctx.stack.top
        return top if isinstance(top, TableScene) else None

    def ready(ctx: Context) -> bool:
        scene = table(ctx)
        return scene is not None and (scene.sim.phase in PLAYING or scene.sim.phase == COUNTDOWN)

    def effect(ctx: Context) -> Hashable:
        scene = table(ctx)
        return None if scene is None else scene.sim.seats[0].cursor

    return Probe("table", ("left", "right"), start, ready, effect)


PROBES: dict[str, Callable[[], Probe]] = {"menu": _menu, "mall": _mall, "table": _table}


class Presser(threading.Thread):
    """Presses the pad at random moments; the main thread marks each press shown."""

    def __init__(self, pad: VirtualPad, probe: Probe, presses: int, seed: int) -> None:
        super().__init__(daemon=True)
        self.own_id = 0      # the presser's thread id, once it runs (its waits are not the game's)
        self.pad, self.probe, self.presses = pad, probe, presses
        self.random = random.Random(seed)
        self.ready = threading.Event()      # set by the main thread while a press can act
        self.drawn: Hashable = None         # the effect's value in the last frame presented
        self.pending: Press | None = None
        self.log: list[Press] = []
        self.finished = threading.Event()

    def run(self) -> None:
        self.own_id = threading.get_native_id()
        try:
            for i in range(self.presses):
                time.sleep(self.random.uniform(*PAUSE_S))
                if not self.ready.wait(READY_WAIT_S):
                    break
                button = self.probe.buttons[i % 2]
                press = Press(0.0, self.drawn)
                self.pad.button(button, True)
                press.down_at = time.perf_counter()
                self.pending = press
                press.done.wait(ANSWER_S)
                self.pending = None
                self.pad.button(button, False)
                self.log.append(press)
        finally:
            self.finished.set()


def probe_scene(loop: WindowLoop, pad: VirtualPad, probe: Probe, presses: int, seed: int) -> dict[str, object]:
    """Run the game's frames while a Presser presses; the latency of each press, summarised."""
    ctx = loop.ctx
    probe.start(ctx, pad.instance_id)
    ctx.stack.apply()
    settle = time.perf_counter() + SETTLE_S
    while time.perf_counter() < settle or not probe.ready(ctx):
        loop.frame()
        if time.perf_counter() > settle + 30:
            return {"error": f"{probe.name} never became ready"}
    presser = Presser(pad, probe, presses, seed)
    presser.drawn = probe.effect(ctx)
    presser.start()
    frames = 0
    start_cpu, start = time.process_time(), time.perf_counter()
    while not presser.finished.is_set():
        top, waited = time.perf_counter(), run_queue_waits(presser.own_id)
        early = presser.pending
        if early is not None and early.waited_down is None and early.down_at <= top:
            early.waited_down = waited
        if probe.ready(ctx):
            presser.ready.set()
        else:
            presser.ready.clear()
        shown = loop.frame()
        frames += 1
        if not shown:
            continue
        drawn = probe.effect(ctx)
        pending = presser.pending
        if pending is not None and not pending.done.is_set():
            pending.presents += 1
            if drawn != pending.before:
                pending.shown_at = loop.presented_at
                pending.waited_shown = run_queue_waits(presser.own_id)
                if pending.waited_down is None:   # pressed during the frame that showed it
                    pending.waited_down = pending.waited_shown
                pending.done.set()
        presser.drawn = drawn
    presser.join(1.0)
    row = summarise(presser.log, frames / (time.perf_counter() - start),
                    (time.process_time() - start_cpu) / (time.perf_counter() - start))
    point = loop.read_point
    row["read_point"] = {"lead_ms": round(point.lead * 1000, 2), "refresh_ms": round(point.refresh * 1000, 2),
                         "late_presents": point.late, "on_time_presents": point.on_time}
    return row


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))] if ordered else 0.0


def summarise(log: list[Press], fps: float, cpu_share: float) -> dict[str, object]:
    """p50/p99 in ms and in 60 Hz frames beside the ideal; the presses never shown counted apart."""
    answered = [p for p in log if p.shown_at is not None]
    shown = [(p.shown_at - p.down_at) * 1000 for p in answered if p.shown_at is not None]
    own = [p.own_ms for p in answered]
    p50, p99 = _pct(shown, 50), _pct(shown, 99)
    return {"presses": len(log), "answered": len(shown), "unanswered": len(log) - len(shown),
            "p50_ms": round(p50, 1), "p99_ms": round(p99, 1), "max_ms": round(max(shown, default=0.0), 1),
            "min_ms": round(min(shown, default=0.0), 1),
            "p50_frames": round(p50 / FRAME_MS, 2), "p99_frames": round(p99 / FRAME_MS, 2),
            "own_p50_ms": round(_pct(own, 50), 1), "own_p99_ms": round(_pct(own, 99), 1),
            "own_p99_frames": round(_pct(own, 99) / FRAME_MS, 2),
            "presents_p50": _pct([p.presents for p in answered], 50),
            "presents_p99": _pct([p.presents for p in answered], 99),
            "ideal_p50_ms": round(IDEAL_FRAMES["p50"] * FRAME_MS, 1), "ideal_p99_ms": round(IDEAL_FRAMES["p99"] * FRAME_MS, 1),
            "frames_per_s": round(fps, 1), "cpu_share": round(cpu_share, 3),
            "samples": [[round(x, 1), round(p.own_ms, 1), p.presents] for x, p in zip(shown, answered)]}


def child_latency(presses: int, fullscreen: bool, scenes: list[str] | None, plain: bool = False) -> dict[str, object]:
    """Open the game's window, attach a pad for seat 0, probe each scene in turn. `plain`: the
    loop as it was before the read point and the early tick (for comparison: input read right
    after each present, a frame due no tick runs none)."""
    import pygame

    from devkit.bench.report import title_window
    from devkit.vpad import VirtualPad
    from game import app
    from game.core.warm import Warmer
    from game.scenes import registry, warmup

    sys.setswitchinterval(0.0005)   # the presser gets the interpreter within half a millisecond
    ctx, screen, vsync = title_window(fullscreen)
    loop = app.WindowLoop(ctx, screen, vsync)
    if plain:
        from game.core.loop import FixedStep, ReadPoint
        loop.step = FixedStep(lead=0.0)
        loop.read_point = ReadPoint(loop.read_point.refresh, shrink=0.0)
    loop.frame()
    registry.load_scene_modules()
    from game.core.collector import WINDOW
    WINDOW.install()                  # the garbage collector managed, as run_window does
    warmer = Warmer()                 # what the idle title does in its first seconds, done up front
    warmup.queue_rehearsals(warmer, ctx)
    warmer.run_all()
    pad = VirtualPad()
    loop.restart_clock()
    out: dict[str, object] = {"window": list(pygame.display.get_window_size()), "vsync": vsync, "plain_loop": plain,
                              "refresh_hz": app.display_refresh_rate()}
    for index, name in enumerate(scenes or list(PROBES)):
        out[name] = probe_scene(loop, pad, PROBES[name](), presses, seed=index + 1)
    pad.detach()
    return out
