"""Entry point: parse the command line, then run the window, a headless match,
a screenshot, a level check or the scenario runner.

Every command enters here, so each imports only what it needs, inside the function
that runs it: a headless match or a level check never loads pygame, the records database
or the translations (tests/test_headless_lean.py), and the window's first frame loads only
the title (the other scenes follow once it is on screen)."""
from __future__ import annotations

import os
import signal
import sys
import time
import traceback
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence, TextIO

from game import program_name, report_error, typed_as
from game.files import logfile
from game.app.cli import UsageError, option_words, parse_args
from game.match import games
from game.files.untrusted import echo

if TYPE_CHECKING:
    import argparse

    import pygame

    from game.core.context import Context
    from game.scenes.registry import Screenshot
    from game.core.settings import Settings

LOGICAL_SIZE = (1280, 720)
FIRST_FRAME_ONLY = "SOLDOUT_FIRST_FRAME_ONLY"   # set: the window prints when its first frame is shown, then quits
QUIT_WHEN_WARM = "SOLDOUT_QUIT_WHEN_WARM"   # set: the window quits once every warm-up job has run (tests)
IDLE_SECONDS = 0.004   # the scenes' work ahead after a present, at most (Scene.idle): a quarter of a frame


def freeze_support() -> None:
    """multiprocessing.freeze_support() where it does anything: in a frozen build, whose --tournament
    workers on Windows/macOS start at the entry point. Elsewhere it is a no-op, and importing
    multiprocessing would cost every start (a headless match's too) about 10 ms."""
    if getattr(sys, "frozen", False):
        import multiprocessing
        multiprocessing.freeze_support()


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:   # the process's own command line: its errors name the program as typed
        with typed_as(sys.argv[0] if sys.argv else ""):
            return main(sys.argv[1:])
    try:
        code = _run(list(argv))
        sys.stdout.flush()     # a closed pipe shows here, not in the interpreter's own flush at exit
        return code
    except BrokenPipeError:
        return output_closed()


def gui_main() -> int:
    """The GUI entry point (`soldout-checkout-gui`, no console window on Windows). There pythonw gives
    the program no standard streams (sys.stdout is None): they go to the null device, so a line the
    game would print costs nothing instead of failing; what matters is in the log folder."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    return main()


def _run(argv: list[str]) -> int:
    try:
        args = parse_args(argv)
    except UsageError as exc:
        return report_error(exc)
    except SystemExit as exc:  # --help / --version print and stop
        return int(exc.code or 0)
    try:
        with logfile.kept():   # warnings and tracebacks of the game's internals go to a file, not the terminal
            return dispatch(args, sys.stdout)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        raise                  # not a failure of the game: main() ends quietly
    except Exception as exc:  # last line of defence: one line for the player, details in a log
        where = _write_error_log()
        return report_error(f"{type(exc).__name__}: {echo(exc, 300)} (details in {where})", 1)


def output_closed() -> int:
    """Standard output went to a pipe that was closed (`... | head -1`): stop quietly, as a command
    killed by SIGPIPE would, with its status (128 + 13 = 141; 1 where there is no SIGPIPE). Later
    writes, the interpreter's own flush at exit included, go nowhere instead of failing again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    pipe = getattr(signal, "SIGPIPE", None)
    return 128 + pipe if pipe is not None else 1


def _write_error_log() -> str:
    from game.files.register import ERROR_LOG   # the user files: only once something went wrong
    try:
        return str(ERROR_LOG.write_text(traceback.format_exc()))
    except Exception:
        return "no log: the user folder is not writable"


def dispatch(args: argparse.Namespace, out: TextIO) -> int:
    from game.app.cli_checks import FileArgError, check_files   # each command loads its own modules (see above)
    try:
        check_files(args)      # a file that cannot be used is refused before anything runs
    except FileArgError as exc:
        return report_error(exc)
    if args.scenario:
        from game.app.scenarios import run_files
        return run_files(args.scenario, out)
    if args.check_level:
        return check_level(args.check_level, out)
    if args.tournament:
        from game.app.tournament import run_cli       # the runners, in worker processes
        return run_cli(args.game, args.mode, args.matches or 40, args.seed, out)   # no seed: fresh seeds
    if args.export_lss:
        from game.speedrun.lss_export import export_cli   # the speedrun records
        code, line = export_cli(args.export_lss, args.out)
        if code:
            return report_error(line, code)
        print(line, file=out)
        return 0
    if args.screenshot:
        return screenshot(args.screenshot, args.scene, args.seed or 0, args.size, out, args.lang)
    if args.career:
        return run_career(args, out)
    if args.headless or (args.replay and args.json):
        return run_headless(args, out)
    if args.replay:
        from game.app.headless import HeadlessError, load_replay_file   # the replay reader and runners
        try:
            load_replay_file(args.replay, args.level)    # refuse a bad replay before any window opens
        except HeadlessError as exc:
            return report_error(exc, exc.code)
    return run_window(args)


def check_level(target: str, out: TextIO) -> int:
    """The verdict and the seats' fairness go to `out`; why a level is refused, and a warning for
    seats that walk unequally far, go to stderr (a warning still exits 0)."""
    from game.app.cli_checks import FileArgError, level_file   # the level reader: only for --check-level
    try:
        path = level_file(target)
    except FileArgError as exc:
        return report_error(exc)
    from game.bots.fairness import UnfairLevel, report   # the bots' walk grid measures the seats
    from game.files.levels import LevelError, load_level       # the level reader (pytmx) as well
    try:
        lines, warnings = report(load_level(path))
    except LevelError as exc:
        return report_error(exc)
    except UnfairLevel as exc:
        return report_error(f"{echo(path)}: {exc}")
    print(f"ok: {path}", file=out)
    for line in lines:
        print(line, file=out)
    for warning in warnings:
        print(f"{program_name()}: warning: {path}: {warning}", file=sys.stderr)   # report_error's form
    return 0


def run_career(args: argparse.Namespace, out: TextIO) -> int:
    from game.app import career   # the career's challenges, bots and sims: only for --career (no pygame)
    try:
        result = career.run_challenge(args.career, args.bot_level or "normal", args.seed, args.record)
    except career.CareerCliError as exc:
        return report_error(exc, 2)
    career.emit(result, args.json, out)
    return 0


def run_headless(args: argparse.Namespace, out: TextIO) -> int:
    from game.app import headless  # the runners, bots and sims: only for --headless (no pygame)
    from game.app.cli_checks import FileArgError, level_argument
    from game.files.level_error import LevelError   # not the level reader: a Check Out! match reads no level
    try:
        if args.replay:
            result = headless.play_replay(headless.load_replay_file(args.replay, args.level))
        else:
            level = level_argument(args.level) if args.level else None
            spec = headless.spec_from_words(args.game, args.bots, args.difficulty, args.seed,
                                            {**option_words(args), "level": level})
            result = headless.play(spec, Path(args.record) if args.record else None)
    except headless.HeadlessError as exc:
        return report_error(exc, exc.code)
    except (FileArgError, LevelError) as exc:   # a --level that cannot be played: like --check-level
        return report_error(exc)
    headless.emit(result, args.json, out)
    return 0


# ---------------------------------------------------------------- building a context
def make_context(screen_size: tuple[int, int] = LOGICAL_SIZE, load_user_files: bool = True,
                 lang: str | None = None) -> Context:
    """Every service a scene needs. Warnings from corrupt files become toasts."""
    import pygame

    # pygame and the services on it: the window and screenshots only, never a headless command
    from game.core.audio import Audio, prepare_mixer
    from game.core.context import Context
    from game.core.stack import SceneStack
    from game.core.transition import SceneFade
    from game.input.bindings import Bindings
    from game.input.manager import InputManager
    from game.render.ui import UI
    from game.core.settings import Settings
    from game.files import database, level_kit   # the player's records and levels folder: the window's only
    from game.files.userfiles import remove_stale_temps

    if not pygame.get_init():
        prepare_mixer()
        pygame.init()
    warnings: list[str | None] = []
    if load_user_files:
        remove_stale_temps()   # temp files of saves killed mid-write in an earlier session
        level_kit.provide()   # the levels folder, made at start as a Tiled project: there to find, open and draw
        settings, warning = Settings.load()
        warnings.append(warning)
        bindings, warning = Bindings.load()
        warnings.append(warning)
    else:
        settings, bindings = Settings(), Bindings()
    from game.text import i18n   # the translations: the window's and screenshots' only
    # --lang, else Settings, else the system's; a screenshot (no user files) is English unless asked
    i18n.set_language(i18n.choose(lang, settings.language) if load_user_files else lang or i18n.DEFAULT)
    ctx = Context(stack=SceneStack(), input=InputManager(bindings), settings=settings, bindings=bindings,
                  audio=Audio(settings.volume, settings.music_volume), ui=UI(scale=settings.ui_scale),
                  screen_size=screen_size, fade=SceneFade())
    if load_user_files:
        warnings.append(ctx.input.load_warning)   # pad_mappings.json
        database.shared()                          # records.sqlite3: checked at start, damage said now
        warnings += database.take_warnings()
        from game.evening.store import attach
        warnings.append(attach(ctx))               # tonight: carried on from a recent start, or a new one
        from game.stats import store               # every real match the window finishes goes into the stats
        store.listen(ctx)
    for warning in warnings:
        if warning:
            ctx.toast(warning, seconds=8)
    return ctx


def tick(ctx: Context, at: float | None = None) -> None:
    """One fixed tick of the whole shell: input, top scene, toasts, deferred stack changes. `at`: the
    real time (perf_counter seconds) the tick stands for; the presses read by then are in it."""
    from game.files import database   # loaded by make_context (see above); a look-up each tick
    from game.scenes.pads import offer_setup, sync_pads   # the window's scenes: loaded once it runs (see above)
    commands = ctx.input.poll(at)
    commands[-1] = ctx.input.menu_command()
    sync_pads(ctx)   # button names, rumble settings and "find me" for this tick
    offer_setup(ctx)   # a controller SDL cannot map: its set-up, from any screen that can stop for it
    ctx.stack.update(commands)
    for warning in database.take_warnings():   # a records save the worker could not do: once a session
        ctx.save_warning(warning)
    ctx.toasts.update()
    ctx.tick += 1
    ctx.stack.apply()
    ctx.audio.update(ctx.stack.scenes)


def draw(ctx: Context, surface: pygame.Surface, alpha: float) -> None:
    from game.render.widgets import draw_toasts   # drawing: the window's only (see above)
    if ctx.fade is not None:
        ctx.fade.draw(ctx.stack, surface, ctx.tick, alpha)
    else:
        ctx.stack.draw(surface, alpha)
    shown = ctx.toasts.showing()
    if shown or ctx.toasts.pinned:
        texts = ([ctx.toasts.pinned] if ctx.toasts.pinned else []) + [said(t.text, t.count) for t in shown]
        draw_toasts(surface, ctx.ui, texts, toast_zone(ctx))


def idle(ctx: Context, until: float) -> None:
    """The scenes' work ahead (`Scene.idle`), after a present, until `until` (perf_counter); then, in
    a menu, the pictures a game let go of the other's drawn again (game.scenes.warmup.menu_idle)."""
    from game.render import surface_cache
    ctx.stack.idle(until)
    if surface_cache.shed_left():                  # only after a match: the scenes are loaded by then (see above)
        from game.scenes.warmup import menu_idle
        menu_idle(ctx, until)


def said(text: str, count: int) -> str:
    """A toast said `count` times, once: "Sky is back ×2"."""
    return f"{text} ×{count}" if count > 1 else text


def toast_zone(ctx: Context) -> pygame.Rect:
    """The top scene's toast zone; else over the hint bar, or along the top when the top scene is an
    overlay (a pause box in the middle, a game's panels under it)."""
    import pygame
    top = ctx.stack.top
    zone = top.toast_zone() if top is not None else None
    if zone is not None:
        return zone
    if top is not None and not top.opaque:
        return pygame.Rect(40, 10, 1200, 84)
    return pygame.Rect(40, 720 - 96 - 140, 1200, 140)


# ---------------------------------------------------------------- screenshots
def stage_screenshot(ctx: "Context", shot: "Screenshot", seed: int) -> None:
    """Put a screenshot's scenes on the stack and run its warm-up ticks: the frame it shows is next."""
    made = shot.factory(ctx, seed)
    for scene in (made if isinstance(made, list) else [made]):
        ctx.stack.push(scene)
    ctx.stack.apply()
    for _ in range(shot.warmup_ticks):
        tick(ctx)


def screenshot(path: str, scene: str, seed: int, size: tuple[int, int], out: TextIO,
               lang: str | None = None) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"   # no window, even where a display exists
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.scenes import registry   # the scenes and their screenshots: --screenshot only
    if not registry.screenshots_available():
        return report_error("--screenshot is developer tooling: it runs from a checkout of the game's sources "
                            "(python main.py), not from an installed game")
    shot = registry.screenshot(scene)
    if shot is None:
        return report_error(f"--scene {echo(scene, 40)!r} is not a screenshot scene; scenes: "
                            f"{', '.join(registry.screenshot_names())}")
    from game.files import database   # the records, for the scenes that show them
    pygame.init()
    pygame.display.set_mode(LOGICAL_SIZE)
    database.keep_in_memory()     # a picture of the game never touches the player's records
    ctx = make_context(load_user_files=False, lang=lang)
    stage_screenshot(ctx, shot, seed)
    surface = pygame.Surface(LOGICAL_SIZE)
    draw(ctx, surface, 0.0)
    if size != LOGICAL_SIZE:
        surface = letterboxed(surface, size)
    try:
        pygame.image.save(surface, path)
    except (pygame.error, OSError) as exc:
        return report_error(f"--screenshot {echo(path)}: cannot save it ({echo(exc, 100)})")
    print(f"saved {path} ({size[0]}x{size[1]}, scene {scene}, seed {seed})", file=out)
    return 0


def letterboxed(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The 16:9 picture scaled to fit `size`, centred on black bars, as the SCALED window shows it."""
    import pygame
    scale = min(size[0] / surface.get_width(), size[1] / surface.get_height())
    inner = (round(surface.get_width() * scale), round(surface.get_height() * scale))
    canvas = pygame.Surface(size)
    canvas.fill((0, 0, 0))
    canvas.blit(pygame.transform.smoothscale(surface, inner), ((size[0] - inner[0]) // 2, (size[1] - inner[1]) // 2))
    return canvas


# ---------------------------------------------------------------- the window
def open_display(fullscreen: bool) -> tuple[pygame.Surface, bool]:
    """A 1280x720 logical surface scaled to the window or screen; vsync where the display gives it."""
    import pygame

    from game.app import renderer
    renderer.choose()            # no GPU: SDL's software renderer, not software GL (game/app/renderer.py)
    flags = pygame.SCALED | (pygame.FULLSCREEN if fullscreen else 0)
    with warnings.catch_warnings():
        # Without a GPU renderer SDL scales in software (the performance table is measured so):
        # nothing the player can act on, so no console warning.
        warnings.filterwarnings("ignore", message="no fast renderer available")
        try:
            return pygame.display.set_mode(LOGICAL_SIZE, flags, vsync=1), True
        except pygame.error:
            return pygame.display.set_mode(LOGICAL_SIZE, flags), False


def _push_replay_viewer(ctx: Context, path: str, level: str | None = None) -> None:
    """--replay FILE in a window: the game's registered viewer plays it over the title."""
    from game.app.headless import load_replay_file   # the window's modules, loaded when it runs (see above)
    from game.scenes import registry
    replay = load_replay_file(path, level)   # already validated by dispatch()
    game = str(replay.header.get("game"))
    options = replay.header.get("options")
    if isinstance(options, dict) and isinstance(options.get("speedrun"), dict):
        game = "speedrun"             # played back with its timer and splits (game.scenes.speedrun.menu)
    viewer = registry.replay_viewer(game)
    if viewer is None:
        from game.text.i18n import _   # the translations: loaded by make_context for the window
        ctx.toast(_("This build cannot show {game} replays in a window; try --headless --json").format(
            game=games.title(game)))
    else:
        ctx.stack.push(viewer(ctx, replay))


class FrameInput:
    """A frame's input and ticks as the window takes them: every queued event at the moment the
    frame read it (to the input manager and the scenes), then the ticks due, each standing for
    its own moment, a press in a frame due no tick pulling the next tick forward (docs/PERFORMANCE.md).
    The window loop runs it; tests drive it with a clock of their own (tests/pad_loop.py)."""

    def __init__(self, ctx: Context, on_event: "Callable[[pygame.event.Event], bool] | None" = None) -> None:
        from game.core.loop import FixedStep
        self.ctx = ctx
        self.step = FixedStep()
        self.idle_ticks = 0           # ticks since the last input event (rehearsals wait for 30)
        self.on_event = on_event      # the window's own look at an event first; True: it is taken

    def run(self, events: "Iterable[pygame.event.Event]", now: float, frame_seconds: float) -> int:
        """Take `events` (read at `now`), then run the ticks `frame_seconds` is due; how many ran."""
        import pygame

        from game.core import present
        ctx = self.ctx
        pressed = False
        for event in events:
            if event.type in present.INPUT_EVENTS:
                self.idle_ticks = 0
                pressed = True
            if self.on_event is not None and self.on_event(event):
                continue
            if event.type == pygame.QUIT:
                ctx.quit()
            ctx.input.handle_event(event, now)   # read now: it belongs to this frame's last tick
            ctx.stack.handle_event(event)
        steps = self.step.advance(frame_seconds, pressed)   # a press is never left for the next frame's tick
        for at in self.step.tick_times(now, steps):
            tick(ctx, at)
        self.idle_ticks += steps
        return steps


class WindowLoop:
    """The window's frame: events, the ticks they are due, draw, present, pace (docs/PERFORMANCE.md).

    run_window runs it until the game quits; the bench's latency probe runs the same frames."""

    def __init__(self, ctx: Context, screen: pygame.Surface, vsync: bool) -> None:
        import pygame

        from game.core import present
        from game.core.debug import DebugOverlay
        from game.core.loop import ReadPoint
        from game.core.warm import Warmer
        self.ctx, self.screen, self.vsync = ctx, screen, vsync
        self.debug = DebugOverlay()
        self.debug.visible = ctx.settings.show_fps
        self.input = FrameInput(ctx, self._own_event)
        self.step = self.input.step
        self.read_point = ReadPoint(1 / (display_refresh_rate() or 60))   # with vsync: input read late in the refresh
        self.clock = pygame.time.Clock()                              # without: frames paced by sleeping
        self.presenter = present.Presenter()  # menus present only when their picture changes
        self.warmer = Warmer()                # rehearsals of the next scenes, in the menus' idle time
        self.warming = False                  # rehearsals run once the scene modules are loaded
        self.in_menu = True                   # a menu on top at the last frame (the title at first)
        self.previous = time.perf_counter()
        self.presented_at = 0.0               # perf_counter() when the last present returned

    def restart_clock(self) -> None:
        """Whatever ran since the last frame (imports, a load) is not time to catch up on."""
        self.previous = time.perf_counter()

    def _own_event(self, event: pygame.event.Event) -> bool:
        """The window's look at each event before the game's: the presenter hears them all, F3
        (the frame-time overlay) is the window's alone."""
        import pygame
        self.presenter.handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F3:
            self.debug.toggle()
            return True
        return False

    def frame(self) -> bool:
        """One frame; True when it drew and presented a picture."""
        import pygame

        from game.core import present
        ctx, step, debug = self.ctx, self.step, self.debug
        vsync = self.vsync and self.read_point.paced
        if vsync:   # wait for this refresh's read point: input read as late as the frame allows
            now = time.perf_counter()
            wait = self.read_point.read_at(now) - now
            if wait > 0:
                time.sleep(wait)
        now = time.perf_counter()
        frame_seconds, self.previous = now - self.previous, now
        events = pygame.event.get()
        work_start = time.perf_counter()
        steps = self.input.run(events, now, frame_seconds)
        tick_ms = (time.perf_counter() - work_start) * 1000 / steps if steps else None
        overlay = debug.visible or ctx.settings.show_fps     # its numbers change every frame
        shown = self.presenter.needed(ctx, None if overlay else id(self.screen))
        if shown:
            draw(ctx, self.screen, step.alpha)
            if overlay:
                debug.draw(self.screen, ctx.ui)
            flip_at = time.perf_counter()
            debug.record(frame_seconds, tick_ms, (flip_at - work_start) * 1000)
            pygame.display.flip()
            self.presented_at = time.perf_counter()
            self.read_point.presented(now, flip_at, self.presented_at)
        elif vsync:
            self.read_point.skipped(time.perf_counter())
        self._idle(vsync)
        if self.warming:
            self._back_in_menu()
        if self.warming and self.warmer.pending:
            self._warm(vsync)
        if not vsync:
            present.pace(self.clock, shown, vsync)
        return shown

    def _idle(self, vsync: bool) -> None:
        """The scenes' work ahead, after the present: never past the next read (with vsync), nor
        longer than IDLE_SECONDS (without it, where pacing sleeps the rest of the frame). Then
        the collector's pass, if one is due: it may use all the time before the next read (or,
        unpaced, the rest of the frame pace() sleeps), not just the scenes' quarter frame."""
        from game.core import present
        from game.core.collector import WINDOW
        now = time.perf_counter()
        until = now + IDLE_SECONDS
        if vsync:
            until = min(until, self.read_point.read_at(now) - 0.0005)
        if until > now:
            idle(self.ctx, until)
        WINDOW.idle(self.read_point.read_at(now) if vsync else self.previous + 1 / present.FALLBACK_FPS)

    def _back_in_menu(self) -> None:
        from game.scenes import warmup
        self.in_menu = warmup.back_in_menu(self.warmer, self.ctx, self.in_menu)

    def _warm(self, vsync: bool) -> None:
        """A rehearsal step after the present, when a menu sits idle: never past the next read."""
        from game.scenes import warmup
        if not warmup.may_warm(self.ctx, self.input.idle_ticks):
            return
        seconds = warmup.STEP_SECONDS
        if vsync:
            now = time.perf_counter()
            seconds = min(seconds, self.read_point.read_at(now) - now - 0.0005)
        if seconds > 0:
            self.warmer.run_for(seconds)


def display_refresh_rate() -> float | None:
    """The display's refresh rate in Hz, where SDL knows it."""
    import pygame
    try:
        rate = pygame.display.get_current_refresh_rate()
    except (pygame.error, AttributeError):
        return None
    return float(rate) or None


def run_window(args: argparse.Namespace) -> int:
    import pygame

    # The window's loop and its first scene: only the title before the first frame (see above).
    from game.core import collector
    from game.core.audio import prepare_mixer
    from game.scenes import registry
    from game.scenes.menus import TitleScene

    pygame.display.init()   # the display alone first: without one, the sound card is never asked (no ALSA lines)
    if pygame.display.get_driver() == "offscreen" and not os.environ.get("SDL_VIDEODRIVER"):
        # SDL found no X11 or Wayland session and fell back to drawing in memory: the game would
        # play on where nobody can see it. (A driver chosen on purpose, dummy in the tests, is kept.)
        pygame.quit()
        return report_error("no display to open the game window on: start it from a desktop session "
                            "(--headless, --screenshot and --check-level need none)", 1)
    prepare_mixer()
    pygame.init()
    pygame.display.set_caption("Sold Out! · Check Out!")
    ctx = make_context(lang=args.lang)
    ctx.record_path = args.record
    ctx.livesplit_address = args.livesplit     # --livesplit HOST:PORT: linked for this session
    if args.fullscreen:
        ctx.settings.fullscreen = True
    screen, vsync = open_display(ctx.settings.fullscreen)
    loop = WindowLoop(ctx, screen, vsync)

    def apply_display(settings: Settings) -> None:
        if bool(loop.screen.get_flags() & pygame.FULLSCREEN) != settings.fullscreen:
            loop.screen, _ = open_display(settings.fullscreen)

    ctx.apply_display = apply_display
    ctx.stack.push(TitleScene(ctx))
    if args.replay:
        _push_replay_viewer(ctx, args.replay, args.level)
    ctx.stack.apply()

    loop.frame()
    if os.environ.get(FIRST_FRAME_ONLY):
        print(f"FIRST {time.time()}", flush=True)   # tools/startup_time.py measures start-up so
    else:
        # Every scene module is imported only once the title is on screen: about 0.2 s the
        # player no longer waits for. Anything that needs one earlier (the attract factory,
        # a replay viewer, start_game) loads them itself through the registry.
        registry.load_scene_modules()
        collector.WINDOW.install()   # what is loaded now lives as long as the game: never scanned again
        for problem in registry.load_problems():
            ctx.toast(problem, seconds=8)
        from game.scenes import warmup   # after the first frame, with the other scenes
        warmup.queue_rehearsals(loop.warmer, ctx)
        loop.warming = True
        loop.restart_clock()   # the imports are not a slow frame to catch up on
        while not ctx.quit_requested and len(ctx.stack):
            loop.frame()
            if os.environ.get(QUIT_WHEN_WARM) and not loop.warmer.pending:
                print(f"WARM {len(loop.warmer.done)} steps by tick {ctx.tick}", flush=True)
                break
    ctx.stack.close()          # a run in progress is saved and its LiveSplit attempt ended ...
    from game.scenes.speedrun import close_link   # (loaded with the scenes by now)
    close_link(ctx)            # ... and those last commands sent
    collector.WINDOW.uninstall()   # CPython's own collector again, for whatever runs on in this process
    pygame.quit()
    return 0
