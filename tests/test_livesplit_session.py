"""Seven speedrun attempts in the game's own loop (app.tick: input, the scene stack, the deferred stack
changes), with a LiveSplit 1.8 server as LiveSplit's source has it (tests/livesplit_server.py) loaded with
the board's exported splits, as a runner sets it up: finished, reset, paused, flagged on the way, reset
at once, finished and left for the menu, and the window closed mid-run.

LiveSplit must reject or ignore nothing, keep every finished attempt with the game's time, split at the
game's times, learn nothing from the flagged one, and end up holding what the game's next .lss export
holds; that export keeps every history time through LiveSplit's load-time clean-up."""
from __future__ import annotations

from typing import Callable

import pygame
import pytest

from game import app
from game.scenes.menus.title import TitleScene
from game.scenes.speedrun import link as speedrun_link
from game.scenes.speedrun.pause import SpeedrunPauseScene
from game.scenes.speedrun.run import SpeedrunRunScene
from game.speedrun.attempts import WRITER, AttemptLog
from game.speedrun.categories import load_categories, make_setup
from game.speedrun.livesplit import units
from game.speedrun.lss_export import board_lss
from game.speedrun.records import Records
from tests.livesplit_model import fix_splits, history_of, parse_lss
from tests.livesplit_server import FaithfulLiveSplit
from tests.test_speedrun_scenes import drop_howto, key, scripted, top

SETUP = make_setup(load_categories()["rush"], "set", seed_index=0)
LIMIT = 60 * 120          # ticks: no attempt here runs two minutes


@pytest.fixture
def ctx(user_dir):
    pygame.init()
    pygame.display.set_mode((1280, 720))
    context = app.make_context(load_user_files=False)
    from game.scenes.menus.howto import mark_seen
    mark_seen("rush")
    context.stack.push(TitleScene(context))
    context.stack.apply()
    return context


def start_run(ctx) -> SpeedrunRunScene:
    run = SpeedrunRunScene(ctx, SETUP)
    ctx.stack.push(run)
    ctx.stack.apply()
    drop_howto(ctx)
    scripted(run)
    ctx.livesplit.backoff_steps = (0.05, 0.1, 0.2)
    return run


def play_until(ctx, run, done) -> None:
    for _ in range(LIMIT):
        if done(run.session):
            return
        app.tick(ctx)
    raise AssertionError("the attempt did not get there")


def splits(n: int):
    return lambda session: len(session.splits.times) >= n


def to_results(ctx, run) -> None:
    """The attempt ends and its results have been up long enough to hear a press."""
    from game.scenes.speedrun.results import SEEN_TICKS
    play_until(ctx, run, lambda session: session.over and top(ctx).name == "speedrun_results")
    for _ in range(SEEN_TICKS):
        app.tick(ctx)


def test_seven_attempts_in_the_game_loop_leave_livesplit_and_the_lss_agreeing(ctx):
    empty = board_lss(SETUP, Records(), AttemptLog(SETUP.board))
    server = FaithfulLiveSplit(run=parse_lss(empty))        # LiveSplit with the splits the game exported
    ctx.livesplit_address = ("127.0.0.1", server.port)
    try:
        played = seven_attempts(ctx, server)
    finally:
        speedrun_link.close(ctx, timeout=1)
        server.close()
    check_livesplit_agrees(server, played)


def seven_attempts(ctx, server, mid_run: Callable[[], None] | None = None,
                   linked: Callable[[], None] | None = None) -> list[tuple[str, list[int], int | None]]:
    """The seven attempts, played through the window's tick loop; returns (what, the game's splits,
    the game's time) for each. `linked` runs once the first attempt's link exists (LiveSplit One
    connects then); `mid_run` in the third attempt, after its first split."""
    played: list[tuple[str, list[int], int | None]] = []

    def note(what: str, run) -> None:
        out = run.session.outcome
        played.append((what, list(run.session.splits.times), out.ticks if out and out.complete else None))

    run = start_run(ctx)
    if linked is not None:
        linked()
    to_results(ctx, run)                                    # 1: finished
    note("finished", run)
    key(ctx, pygame.K_r, 0)                                 # R on the results: the next attempt
    play_until(ctx, run, splits(2))
    key(ctx, pygame.K_r, 0)                                 # 2: reset after two splits
    played.append(("reset", played_splits(run, 2), None))
    play_until(ctx, run, splits(1))
    if mid_run is not None:
        mid_run()
    key(ctx, pygame.K_ESCAPE, 30)                           # 3: paused half a second ...
    assert isinstance(top(ctx), SpeedrunPauseScene)
    key(ctx, pygame.K_ESCAPE, 0)
    assert top(ctx) is run
    to_results(ctx, run)                                    # ... and finished
    note("paused", run)
    key(ctx, pygame.K_r, 0)
    play_until(ctx, run, splits(2))
    run.session.course.mistakes = lambda: 1                 # 4: a wrong card on the way: flagged
    to_results(ctx, run)
    note("flagged", run)
    assert run.session.outcome.flags == ["mistake"]
    key(ctx, pygame.K_r, 0)
    play_until(ctx, run, lambda session: session.timer.started and session.igt() > 20)
    key(ctx, pygame.K_r, 0)                                 # 5: reset before the first split
    played.append(("reset at once", [], None))
    to_results(ctx, run)                                    # 6: finished, the results left with B
    note("finished, left", run)
    key(ctx, pygame.K_ESCAPE, 2)
    assert run not in ctx.stack.scenes
    run = start_run(ctx)                                    # 7: a new run, the window closed mid-run
    play_until(ctx, run, splits(3))
    played.append(("quit", list(run.session.splits.times), None))
    ctx.stack.close()                                       # what the window does as it closes
    speedrun_link.close(ctx, timeout=speedrun_link.FLUSH_SECONDS)
    assert server.wait_for(lambda s: len(s.run.attempts) == 7 and s.timer.phase == "NotRunning"), server.problems()
    WRITER.flush()
    return played


def check_livesplit_agrees(server, played: list[tuple[str, list[int], int | None]],
                           problems: list[str] | None = None) -> None:
    """What LiveSplit (or LiveSplit One) holds after the seven attempts is what the game played and
    what its next .lss export holds. `problems`: the server's, when some of them are expected."""
    assert (server.problems() if problems is None else problems) == []    # nothing rejected, nothing ignored
    assert [what for what, _s, _t in played] == ["finished", "reset", "paused", "flagged", "reset at once",
                                                 "finished, left", "quit"]
    # LiveSplit split at the game's own times. The flagged attempt's went out live too (a mistake is
    # secret until the run ends), all but its finish, and were taken back then.
    live_times = [times[:-1] if what == "flagged" else times for what, times, _t in played]
    assert [t.game for t in server.splits] == [units(t) for times in live_times for t in times]
    # Every attempt is there; every finished one with the game's time, the flagged one without.
    assert [a.time.game for a in server.run.attempts] == [units(t) if t is not None else None for _w, _s, t in
                                                         [p if p[0] != "flagged" else (p[0], p[1], None)
                                                          for p in played]]
    assert server.run.attempt_count == 7
    # What LiveSplit learned live is what the game's next .lss export holds (Game Time, to 100 ns).
    records, _ = Records.load()
    log, _ = AttemptLog.load(SETUP.board)
    exported = parse_lss(board_lss(SETUP, records, log))
    live = history_of(server.run)
    assert [{i: t.game for i, t in seg.items()} for seg in history_of(exported)] == \
        [{i: t.game for i, t in seg.items()} for seg in live]
    assert [s.best.game for s in exported.segments] == [s.best.game for s in server.run.segments]
    assert [s.pb.game for s in exported.segments] == [s.pb.game for s in server.run.segments]
    assert exported.attempt_count == 7 and 4 not in {i for seg in live for i in seg}
    # And the export keeps every history time through LiveSplit's load-time clean-up.
    before = history_of(exported)
    assert exported.history_count() == sum(len(s) for w, s, _t in played if w != "flagged")
    fix_splits(exported)
    assert history_of(exported) == before
    print(f"\n{len(server.lines)} commands to LiveSplit, {len(server.problems())} rejected or ignored "
          f"({len(server.problems()) - len(problems) if problems is not None else 0} of them expected); "
          f"{len(server.splits)} splits; {sum(1 for a in server.run.attempts if a.time.game is not None)} "
          f"finishes stored; {exported.history_count()} of {sum(len(s) for s in before)} history times kept")


def played_splits(run, n: int) -> list[int]:
    """The splits of the attempt just reset: the history's last entry (the scene has a new session)."""
    WRITER.flush()
    log, _ = AttemptLog.load(SETUP.board)
    times = log.attempts[-1]["splits"]
    assert len(times) == n
    return list(times)
