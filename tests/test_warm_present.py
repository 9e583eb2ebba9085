"""Idle menus present only when their picture changes; rehearsals fill the caches a scene's
first frame needs, in the menus' idle time, without touching the game's own state or files."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.match.games import LIKELY_SEATS
from game import app
from game.core import present
from game.core.present import FALLBACK_FPS, Presenter, pace, picture_key
from game.core.scene import Scene
from game.core.warm import Warmer
from game.files import database
from game.files.register import ERROR_LOG
from game.match.commands import Command
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout.options import SoldOutOptions
from game.scenes import registry, warmup
from game.scenes.menus.title import ANIMATION_TICKS, TitleScene


REPO = Path(__file__).resolve().parent.parent


@pytest.fixture()
def ctx():
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    context = app.make_context(load_user_files=False)
    registry.load_scene_modules()
    return context


class _Static(Scene):
    def picture_key(self):
        return "still"


def test_a_still_picture_is_presented_once(ctx):
    ctx.stack.push(_Static(ctx))
    ctx.stack.apply()
    presenter = Presenter()
    assert presenter.needed(ctx) and not presenter.needed(ctx) and not presenter.needed(ctx)
    presenter.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert presenter.needed(ctx)                       # the window asked for a fresh picture
    ctx.toast("hello")
    assert presenter.needed(ctx) and presenter.needed(ctx)   # toasts move every tick


def test_a_scene_without_a_picture_key_presents_every_frame(ctx):
    ctx.stack.push(Scene(ctx))
    ctx.stack.apply()
    presenter = Presenter()
    assert all(presenter.needed(ctx) for _ in range(5))
    assert picture_key(ctx) is None


def test_a_game_scene_is_drawn_every_frame_by_the_window_loop(ctx):
    """The table and the mall keep their drawing in a `picture` object: the window loop must not
    take that for a picture key (it once called it, and the window fell over entering a match)."""
    from game.scenes.table import TableScene
    seats = tuple(SeatSpec(i, f"P{i}", "human", "normal") for i in range(2))
    ctx.stack.push(TableScene(ctx, MatchSpec("checkout", seats, seed=3)))
    ctx.stack.apply()
    presenter = Presenter()
    assert picture_key(ctx) is None and all(presenter.needed(ctx, id(ctx)) for _ in range(3))


def test_an_overlay_without_a_key_forces_the_frames_below_too(ctx):
    class Overlay(Scene):
        opaque = False
    ctx.stack.push(_Static(ctx))
    ctx.stack.push(Overlay(ctx))
    ctx.stack.apply()
    assert picture_key(ctx) is None


def test_the_idle_title_presents_at_its_animation_rate(ctx):
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    presenter = Presenter()
    shown = 0
    for _ in range(120):
        app.tick(ctx)
        shown += presenter.needed(ctx)
    assert 120 // ANIMATION_TICKS <= shown <= 120 // ANIMATION_TICKS + 1   # not 120
    ctx.input.menu_command = lambda: Command(dy=16)
    app.tick(ctx)
    assert presenter.needed(ctx)                       # a move in the menu shows at once


def test_pacing_sleeps_unless_a_vsynced_present_did():
    calls = []

    class Clock:
        def tick(self, fps):
            calls.append(fps)

    pace(Clock(), presented=True, vsync=True)
    assert calls == []
    pace(Clock(), presented=False, vsync=True)
    pace(Clock(), presented=True, vsync=False)
    assert calls == [FALLBACK_FPS, FALLBACK_FPS] and FALLBACK_FPS == 60


def test_the_warmer_runs_each_job_once_in_order_steps_and_survives_failures():
    ran = []
    steps = iter([True, True, False])

    def stepping():
        ran.append("step")
        return next(steps)

    def broken():
        raise RuntimeError("boom")

    warmer = Warmer(strict=False)     # as for a player: the broken job is logged and dropped
    warmer.add("a", lambda: ran.append("a"))
    warmer.add("a", lambda: ran.append("again"))
    warmer.add("s", stepping)
    warmer.add("x", broken)
    warmer.add("b", lambda: ran.append("b"))
    assert warmer.run_all() == 6 and ran == ["a", "step", "step", "step", "b"]
    assert warmer.pending == 0 and warmer.run_one() is None


def test_rehearsals_warm_the_first_frame_and_leave_the_game_alone(ctx, monkeypatch):
    user = Path(os.environ["SOLDOUT_USER_DIR"])
    database.shared()     # the game opens its records at start (tonight's evening), before any rehearsal
    before = sorted(p.name for p in user.rglob("*")) if user.exists() else []
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    warmer = Warmer()
    warmup.queue_rehearsals(warmer, ctx)
    assert warmer.run_all() > 0
    assert [type(s) for s in ctx.stack.scenes] == [TitleScene] and ctx.seats == [] and not ctx.toasts.items
    assert (sorted(p.name for p in user.rglob("*")) if user.exists() else []) == before   # nothing saved

    from game.render import level_art, text
    made = []
    monkeypatch.setattr(level_art, "render_level", lambda *a, **k: made.append("level") or pygame.Surface((8, 8)))
    real_font = pygame.font.Font
    monkeypatch.setattr(text.pygame.font, "Font", lambda *a: made.append("font") or real_font(*a))
    seats = tuple(SeatSpec(i, f"P{i}", "human" if i < 2 else "bot", "normal") for i in range(4))
    registry.start_game(ctx, MatchSpec("soldout", seats, seed=9, options=SoldOutOptions(mode="rush", rounds=2)))
    ctx.stack.apply()
    app.draw(ctx, pygame.Surface(app.LOGICAL_SIZE), 0.0)
    assert made == []            # the level surface and every font were ready before the first frame


def test_rehearsals_read_the_lobbys_levels_so_it_opens_on_them(ctx, monkeypatch):
    """The lobby lists every level, each read and checked (15-25 ms a level): the rehearsals read
    them a step at a time while the title idles, not the lobby's first frame."""
    from game.files import levels
    from game.scenes.menus.lobby import LobbyScene
    monkeypatch.setattr(levels, "_LOADED", {})          # as in a fresh process
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    warmer = Warmer()
    warmup.queue_rehearsals(warmer, ctx)
    ran: list[str | None] = []
    while warmer.pending and ("lobby levels" not in ran or ran[-1] == "lobby levels"):   # to that job's end
        ran.append(warmer.run_one())
    assert "lobby levels" in ran
    real_load = levels.load_level
    loaded: list[object] = []
    monkeypatch.setattr(levels, "load_level", lambda path: loaded.append(path) or real_load(path))
    lobby = LobbyScene(ctx)
    assert len(lobby.levels) >= 2 and loaded == []


def test_the_hyphenation_dictionary_is_read_on_a_thread_while_no_other_step_runs(monkeypatch):
    """Its 50-90 ms of parsing was one rehearsal step, holding a press at the idle title that long.
    On a thread, the frames go on; the warmer runs no other step beside it (sharing the
    interpreter, the steps beside it took twice as long), and what the thread raised is the warmer's."""
    import threading

    from game.core.warm import WAIT
    from game.render import text
    text._dictionary.cache_clear()
    go = threading.Event()
    readers: list[str] = []
    real = warmup.load_hyphenation

    def held_back(code: str) -> None:
        go.wait(5)
        readers.append(threading.current_thread().name)
        real(code)
    monkeypatch.setattr(warmup, "load_hyphenation", held_back)
    warmer = Warmer()
    warmer.add("hyphenation", warmup.read_hyphenation())
    warmer.add("next", lambda: None)
    assert warmer.run_for(0.05) == 1 and warmer.waiting       # the thread reads: this frame runs nothing else
    assert warmer.run_for(0.05) == 1 and warmer.pending == 2
    go.set()
    warmer.run_all()
    assert [name for name, _ in warmer.done][-2:] == ["hyphenation", "next"]
    assert readers == ["hyphenation"]
    assert text._dictionary.cache_info().currsize == 1      # the first long word finds it read

    def broken(code: str) -> None:
        raise OSError("hyph_en_GB.dic: no such file")
    monkeypatch.setattr(warmup, "load_hyphenation", broken)
    job = warmup.read_hyphenation()
    with pytest.raises(OSError, match="hyph_en_GB"):       # the warmer logs it, or the tests fail
        while job() == WAIT:
            go.wait(0.001)


def test_rehearsals_wait_for_an_idle_menu(ctx):
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    assert not warmup.may_warm(ctx, warmup.IDLE_TICKS - 1)
    assert warmup.may_warm(ctx, warmup.IDLE_TICKS)
    ctx.stack.push(Scene(ctx))       # a game scene on top: never
    ctx.stack.apply()
    assert not warmup.may_warm(ctx, 10_000)


def test_present_module_names_the_input_events():
    assert pygame.KEYDOWN in present.INPUT_EVENTS and pygame.WINDOWEXPOSED not in present.INPUT_EVENTS


def test_run_for_stops_after_its_time_but_always_runs_one():
    warmer = Warmer()
    for i in range(5):
        warmer.add(str(i), lambda: None)
    assert warmer.run_for(0.0) == 1 and warmer.pending == 4
    assert warmer.run_for(10.0) == 4 and warmer.pending == 0


def test_the_fps_overlay_presents_every_frame_even_over_a_still_picture(ctx):
    ctx.stack.push(_Static(ctx))
    ctx.stack.apply()
    presenter = Presenter()
    assert presenter.needed(ctx, None) and presenter.needed(ctx, None)
    assert presenter.needed(ctx, 1) and not presenter.needed(ctx, 1)
    assert presenter.needed(ctx, 2)                  # a new screen surface (fullscreen toggled)


def test_the_clothing_art_notes_what_it_draws_only_while_noting():
    """The rehearsals note the sizes the mall drew clothing at (then draw every other item there)."""
    from game.render import clothing
    pygame.init()
    drawn = clothing.Drawn()
    clothing.item_surface("tshirt", "#cc3344", "plain", 50)                 # not noting: not noted
    with clothing.noting(drawn):
        clothing.item_surface("hoodie", "#3344cc", "dots", 64, colourblind=True)
        clothing.objective_surface([("tshirt", "#cc3344", "plain"), ("hoodie", "#3344cc", "dots")], 1, (120, 160),
                                   filled=[True, False])
    clothing.item_surface("sweater", "#33cc44", "stripes", 72)
    assert (64, True) in drawn.items and not {(50, False), (72, False)} & drawn.items   # (and the card's items)
    assert drawn.objectives == {(2, (120, 160), (True, False), (), False, "SHOPPING LIST")}


def test_a_failing_job_raises_under_the_tests_and_is_logged_once_for_a_player(user_dir, caplog):
    def broken():
        raise RuntimeError("boom")

    strict = Warmer()                  # the suite sets SOLDOUT_STRICT_WARMUP (tests/conftest.py)
    strict.add("x", broken)
    with pytest.raises(RuntimeError):
        strict.run_one()
    assert strict.pending == 0

    from game.files import logfile
    player = Warmer(strict=False)
    player.add("x", broken)
    player.add("y", lambda: None)
    with logfile.kept():
        assert player.run_all() == 2
    assert [r.getMessage() for r in caplog.records] == ["warm-up job x failed"]
    assert (user_dir / "logs" / "game.log").read_text().count("RuntimeError: boom") == 1


def _used_profile() -> None:
    """A player's folder after some evenings: every how-to card seen, settings changed."""
    from game.scenes.menus import howto
    from game.core.settings import Settings
    for card in sorted(p.stem for p in howto.HOWTO_DIR.glob("*.toml")):
        howto.mark_seen(card)
    assert not Settings(colourblind=True, ui_scale=1.25, language="de", show_fps=True).save()


@pytest.mark.parametrize("profile", ["fresh", "used"])
def test_the_window_left_idle_on_the_title_warms_every_scene_and_prints_nothing(profile, user_dir):
    """The real main.py window loop, idle on the title until every rehearsal has run (the
    window quits then: bounded by the warm-up's own work, not by a sleep)."""
    import subprocess
    import sys
    if profile == "used":
        _used_profile()
    env = {**os.environ, app.QUIT_WHEN_WARM: "1"}
    done = subprocess.run([sys.executable, str(REPO / "main.py")], env=env,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert done.stderr == "" and done.returncode == 0
    steps = int(done.stdout.split("WARM ")[1].split()[0])
    assert steps > len(LIKELY_SEATS) * 4           # every job ran, most of them in several steps
    assert not (user_dir / ERROR_LOG.relative()).exists()
    assert not (user_dir / "logs" / "game.log").exists()


def test_a_warning_logged_while_the_game_runs_goes_to_the_log_file_not_the_terminal(user_dir):
    """Python prints a logged warning on stderr when nothing else takes it: the game's go to game.log."""
    import subprocess
    import sys
    script = ("import logging, sys\nfrom game import app\n"
              "app.dispatch = lambda args, out: logging.getLogger('game.x').warning('a sound would not load') or 0\n"
              "sys.exit(app.main([]))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    assert "WARNING game.x: a sound would not load" in (user_dir / "logs" / "game.log").read_text()
