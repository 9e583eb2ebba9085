"""Speedrun scenes headless: the menu starts a run with the device that pressed A, a run is timed,
paused, reset, finished, saved and shown; results export .lss and run codes; a pasted code plays back."""
from __future__ import annotations

import io

import pygame
import pytest

from game import app
from game.files import database
from game.match.commands import Command
from game.render.widgets import HOLD_TICKS
from game.scenes.speedrun.menu import RunCodeScene, SpeedrunMenuScene
from game.scenes.speedrun.results import SEEN_TICKS, SpeedrunResultsScene
from game.scenes.speedrun.run import SpeedrunRunScene
from game.scenes.menus.title import TitleScene
from game.speedrun.categories import load_categories, make_setup
from game.speedrun.demo import RouteRunner
from game.speedrun.records import Records, replay_folder
from tests.menus import select_row

CATS = load_categories()


@pytest.fixture
def ctx(user_dir):
    pygame.init()
    pygame.display.set_mode((1280, 720))
    context = app.make_context(load_user_files=False)
    from game.scenes.menus.howto import mark_seen
    for card in ("rush", "memory", "tidy", "checkout"):
        mark_seen(card)          # runners have seen the how-to cards; the test test_howto covers them
    context.stack.push(TitleScene(context))
    context.stack.apply()
    return context   # no pygame.quit(): cached fonts elsewhere must stay valid


def key(ctx, code, ticks=1):
    ctx.input.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    ctx.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.tick(ctx)
    ctx.input.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    for _ in range(ticks):
        app.tick(ctx)


def held_key(ctx, code, ticks):
    """`code` held down for `ticks` ticks, then let go."""
    ctx.input.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    ctx.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    for _ in range(ticks):
        app.tick(ctx)
    ctx.input.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    app.tick(ctx)


def top(ctx):
    return ctx.stack.scenes[-1]


def drop_howto(ctx):
    while top(ctx).name == "howto":
        ctx.stack.pop()
        ctx.stack.apply()


def scripted(run: SpeedrunRunScene) -> None:
    """Play the run with the route runner through the scene's own device hook."""
    state = {"runner": None, "session": None}

    def command() -> Command:
        if state["session"] is not run.session:
            state["session"] = run.session
            state["runner"] = RouteRunner(run.session.sim)
        return state["runner"].command()
    run.run._runner_command = command


def test_menu_starts_a_run_with_the_device_that_pressed_a(ctx):
    menu = SpeedrunMenuScene(ctx)
    ctx.stack.push(menu)
    ctx.stack.apply()
    assert menu.menu.selected.label == "START RUN"
    select_row(lambda code: key(ctx, code, 2), menu.menu, "Seed")
    key(ctx, pygame.K_RIGHT, 2)
    assert menu._seed_text().startswith("Set B")
    select_row(lambda code: key(ctx, code, 2), menu.menu, "START RUN")
    key(ctx, pygame.K_RETURN, 2)       # the right keyboard's A
    drop_howto(ctx)
    run = top(ctx)
    assert isinstance(run, SpeedrunRunScene) and run.run.device == ("kb", "right")
    assert run.run.setup.board == "rush.set.B"
    surface = pygame.Surface((1280, 720))
    run.draw(surface, 0.0)


def _start(ctx, cid="rush", **kw) -> SpeedrunRunScene:
    run = SpeedrunRunScene(ctx, make_setup(CATS[cid], "set", seed_index=0, **kw))
    ctx.stack.push(run)
    ctx.stack.apply()
    drop_howto(ctx)
    scripted(run)
    return run


def test_pause_stops_in_game_time_and_reset_is_one_button(ctx):
    run = _start(ctx)
    for _ in range(60 * 10):
        if run.session.timer.started:
            break
        app.tick(ctx)
    assert run.session.timer.started
    for _ in range(60):
        app.tick(ctx)
    igt = run.session.igt()
    key(ctx, pygame.K_ESCAPE, 1)
    assert top(ctx).name == "pause"
    for _ in range(90):
        app.tick(ctx)
    assert run.session.igt() == igt                 # in-game time stood still
    assert run.run.real_ms() > 0
    key(ctx, pygame.K_ESCAPE, 1)                    # Escape again: back to the run
    ctx.stack.pop() if top(ctx).name == "pause" else None
    ctx.stack.apply()
    assert top(ctx) is run
    old = run.session
    key(ctx, pygame.K_r, 0)                         # R: restart
    assert run.session is not old and old.outcome.reason == "reset"
    assert run.session.igt() == 0 and run.run.restart_ms is not None
    assert 0 < run.session.course.countdown_left() <= 60          # a reset skips to "1 ... GO!"
    print(f"\nscene restart: {run.run.restart_ms:.2f} ms")
    assert run.run.records.attempts(run.run.setup.board) == 1


def test_a_finished_run_is_saved_shown_exported_and_restarted(ctx, user_dir):
    run = _start(ctx)
    for _ in range(60 * 60):
        app.tick(ctx)
        if isinstance(top(ctx), SpeedrunResultsScene):
            break
    results = top(ctx)
    assert isinstance(results, SpeedrunResultsScene)
    out = run.session.outcome
    assert out.complete and run.run.verdict.is_pb and run.run.verdict.rank == 1
    database.shared().flush()
    saved = Records.load()[0].data
    pb = saved["boards"]["rush.set.A"]["pb"]
    assert pb["ticks"] == out.ticks and (replay_folder() / pb["replay"]).is_file()
    results.draw(pygame.Surface((1280, 720)), 0.0)
    key(ctx, pygame.K_RETURN, 1)                    # too soon: the time is seen first
    assert top(ctx) is results
    for _ in range(SEEN_TICKS):
        app.tick(ctx)
    key(ctx, pygame.K_RCTRL, 1)                     # X on the right keyboard: export .lss
    lss = user_dir / "splits" / "rush.set.A.lss"
    assert lss.is_file() and "<GameTime>" in lss.read_text()
    key(ctx, pygame.K_SLASH, 1)                     # Y: run code saved (and copied where a clipboard exists)
    code = (user_dir / "runcodes" / "rush.set.A.txt").read_text().strip()
    from game.speedrun.verify import verify_text
    assert verify_text(code)["speedrun"]["igt_ticks"] == out.ticks
    key(ctx, pygame.K_RETURN, 1)                    # a tap of A: the results stay (a leftover tap restarted the run)
    assert top(ctx) is results
    held_key(ctx, pygame.K_RETURN, HOLD_TICKS)      # A held: run again
    assert top(ctx) is run and not run.session.over
    for _ in range(60 * 60):                        # the second attempt (countdown skipped) verifies too
        app.tick(ctx)
        if run.session.over:
            break
    from game.driver.replay import to_code
    again = verify_text(to_code(run.session.replay_text()))
    assert again["speedrun"]["igt_ticks"] == run.session.outcome.ticks
    assert run.ghost is not None and run.ghost.end_tick is not None   # the new PB is the ghost now


def test_a_pasted_run_code_plays_back_and_verifies(ctx, user_dir):
    from game.driver.replay import to_code
    from game.speedrun.session import RunSession
    setup = make_setup(CATS["tidy"], "set", seed_index=1)
    session = RunSession(setup)
    runner = RouteRunner(session.sim)
    while not session.over:
        session.step(runner.command())
    scene = RunCodeScene(ctx, Records())
    ctx.stack.push(scene)
    ctx.stack.apply()
    scene.text = "not a code"
    scene.play()
    assert "run code" in scene.error
    scene.text = to_code(session.replay_text())
    scene.play()
    ctx.stack.apply()
    playback = top(ctx)
    assert isinstance(playback, SpeedrunRunScene) and playback.run.playback is not None
    for _ in range(60 * 60):
        app.tick(ctx)
        if isinstance(top(ctx), SpeedrunResultsScene):
            break
    assert isinstance(top(ctx), SpeedrunResultsScene)
    assert playback.session.outcome.ticks == session.outcome.ticks
    assert Records.load()[0].data["boards"] == {}       # watching a code changes no records


@pytest.mark.parametrize("name", ["speedrun_menu", "speedrun", "speedrun_table"])
def test_screenshots_render(name, tmp_path):
    out = io.StringIO()
    path = tmp_path / f"{name}.png"
    assert app.screenshot(str(path), name, 1, (1280, 720), out) == 0
    assert path.stat().st_size > 10_000


def test_first_run_shows_the_how_to_card_on_top(ctx, user_dir):
    from game.scenes.menus import howto
    (user_dir / howto.SEEN_FILE).unlink()
    run = SpeedrunRunScene(ctx, make_setup(CATS["tidy"], "set"))
    ctx.stack.push(run)
    ctx.stack.apply()
    app.tick(ctx)
    assert top(ctx).name == "howto" and ctx.stack.scenes[-2] is run


def test_check_out_run_restarts_and_draws(ctx):
    from game.scenes.speedrun.table import SpeedrunTableScene
    run = SpeedrunTableScene(ctx, make_setup(CATS["checkout"], "set"), records=Records())
    ctx.stack.push(run)
    ctx.stack.apply()
    surface = pygame.Surface((1280, 720))
    for _ in range(300):
        app.tick(ctx)
    run.draw(surface, 0.0)
    old = run.session
    run.run.restart()
    app.tick(ctx)
    run.draw(surface, 0.0)        # the new session's view draws (its background is rebuilt)
    assert run.session is not old and run.picture.sim is run.session.sim and run.picture.hud.sim is run.session.sim


def test_half_speed_practice_steps_every_other_tick_and_is_flagged(ctx):
    run = _start(ctx, speed=50)
    start = run.session.sim.tick
    for _ in range(40):
        app.tick(ctx)
    assert run.session.sim.tick - start == 20
    assert "speed" in run.session.flags()


def test_title_has_a_speedrun_entry(ctx):
    title = top(ctx)
    title.menu.index = [item.label for item in title.menu.items].index("Speedrun")
    key(ctx, pygame.K_RETURN, 1)
    assert top(ctx).name == "speedrun_menu"


def test_window_replay_of_a_speedrun_opens_the_playback(ctx, tmp_path):
    from game.speedrun.session import RunSession
    setup = make_setup(CATS["rush"], "daily")
    session = RunSession(setup)
    runner = RouteRunner(session.sim)
    while not session.over:
        session.step(runner.command())
    path = tmp_path / "run.replay"
    path.write_text(session.replay_text())
    app._push_replay_viewer(ctx, str(path))
    ctx.stack.apply()
    scene = top(ctx)
    assert isinstance(scene, SpeedrunRunScene) and scene.run.playback is not None and scene.run.setup.variant == "daily"


def test_the_runners_replugged_pad_plays_on(ctx):
    from vpad import VirtualPad

    def frame() -> None:
        for event in pygame.event.get():
            ctx.input.handle_event(event)
        app.tick(ctx)

    pad = VirtualPad()
    back = None
    try:
        frame()
        run = SpeedrunRunScene(ctx, make_setup(CATS["rush"], "set", seed_index=0),
                               device=("pad", pad.instance_id), records=Records(), ghost=False)
        ctx.stack.push(run)
        ctx.stack.apply()
        drop_howto(ctx)
        frame()
        pad.detach()
        frame()
        assert top(ctx).name != run.name            # paused: the clock stops without its runner
        back = VirtualPad()
        frame()
        ctx.stack.pop()                             # the runner resumes
        ctx.stack.apply()
        frame()
        assert run.run.device == ("pad", back.instance_id) and top(ctx) is run
        frame()
        assert top(ctx) is run                      # not paused again
    finally:
        if back is not None:
            back.detach()


def test_the_ghost_is_drawn_under_the_name_tags(ctx):
    """The PB ghost (once a translucent circle) was drawn over the runner's name tag (the `speedrun` shot)."""
    from game.scenes import registry
    shot = registry.screenshot("speedrun")
    app.stage_screenshot(ctx, shot, 1)
    run = ctx.stack.top
    order: list[int] = []

    class Screen(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):  # noqa: D102
            order.append(id(source))
            return super().blit(source, dest, area, special_flags)
    run.draw(Screen((1280, 720)), 0.0)
    assert run.ghost_drawn is not None and id(run.ghost_drawn) in order, "no ghost drawn"
    tags = [order.index(id(tag)) for tag, *_ in run.picture.view._tags]
    assert tags and order.index(id(run.ghost_drawn)) < min(tags)
