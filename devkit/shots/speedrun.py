"""Screenshots of speedrunning: a run racing a PB's ghost in the mall, one at the dice table,
its results, the attempt history and segments, practice, the menu and its settings."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from game.text.i18n import N_
from game.match.commands import IDLE, Command
from game.scenes import registry
from game.scenes.speedrun.history import SpeedrunHistoryScene
from game.scenes.speedrun.menu import SpeedrunMenuScene
from game.scenes.speedrun.run import SpeedrunRunScene
from game.scenes.speedrun.settings import HOST_CHARS, FieldEditScene, SpeedrunSettingsScene
from game.scenes.speedrun.table import SpeedrunTableScene
from game.speedrun.attempts import AttemptLog
from game.speedrun.categories import RunSetup, load_categories, make_setup
from game.speedrun.demo import RouteRunner
from game.speedrun.ghost import ghost_from_replay
from game.speedrun.practice import PracticePlan
from game.speedrun.records import Records
from game.speedrun.session import RunSession

if TYPE_CHECKING:
    from game.core.context import Context
    from game.core.scene import Scene


def _set_seed(category: str, seed: int) -> RunSetup:
    """A set-seed run of `category`, the screenshot's seed picking which set seed."""
    cats = load_categories()
    return make_setup(cats[category], "set", seed_index=seed % len(cats[category].set_seeds))


def _demo_records(setup: RunSetup) -> tuple[Records, str]:
    """Records (in memory, no files) holding one earlier, slower run of the route, and its replay text:
    the HUD then has a PB, golds and a ghost to race."""
    records = Records()
    session = RunSession(setup)
    runner = RouteRunner(session.mall())
    for _ in range(25):   # a slow start: the earlier attempt hesitated
        session.step(IDLE)
    while not session.over:
        cmd = runner.command()
        # The earlier attempt wasted a little time on every 7th tick of walking.
        if session.sim.tick % 7 == 0 and (cmd.dx or cmd.dy):
            cmd = Command(cmd.dx // 2, cmd.dy // 2)
        session.step(cmd)
    out = session.final()
    ticks = out.ticks or 0
    records.add_run(setup.board, {"ticks": ticks, "real_ms": ticks * 1000 // 60,
                                  "splits": list(session.splits.times), "names": session.splits.names,
                                  "seed": setup.seed, "flags": [], "replay": None, "complete": True,
                                  "date": "2026-11-28T20:15:00"})
    board = records.board(setup.board)
    # An even older attempt had a quicker second segment: a gold to beat.
    board["best_segments"] = [s - 40 if i == 1 else s for i, s in enumerate(board["best_segments"])]
    return records, session.replay_text()


def demo_history(setup: RunSetup, count: int = 14) -> tuple[Records, AttemptLog]:
    """Records and an attempt history (in memory, no files) from route runs that hesitate
    differently: some finish, some reset."""
    records, log = Records(), AttemptLog(setup.board)
    for n in range(count):
        session = RunSession(setup, records.comparison(setup.board))
        runner = RouteRunner(session.mall())
        reset_at = 2 + n % 3 if n % 4 == 1 else None
        while not session.over:
            if reset_at is not None and len(session.splits.times) >= reset_at:
                session.abandon("reset")
                break
            cmd = runner.command()
            if session.sim.tick % (5 + n % 7) == 0 and (cmd.dx or cmd.dy):
                cmd = IDLE     # this attempt hesitated a little on every few steps
            session.step(cmd)
        out = session.final()
        entry: dict[str, Any] = {"ticks": out.ticks, "splits": list(session.splits.times), "flags": [],
                 "names": list(session.splits.names), "seed": setup.seed,
                 "outcome": "finished" if out.complete else "reset", "golds": [], "pb": False}
        if out.complete:
            verdict = records.add_run(setup.board, {**entry, "real_ms": (out.ticks or 0) * 1000 // 60,
                                                    "date": f"2026-11-{10 + n:02d}T20:00:00"})
            entry.update(pb=verdict.is_pb, golds=verdict.golds)
        else:
            entry["golds"] = records.add_reset(setup.board, entry["splits"], [])
        records.count_attempt(setup.board)
        log.add(entry)["replay"] = f"demo-{n + 1}.replay"   # named as kept: nothing is written
    for k, t in ((0, 300), (1, 240), (1, 228), (2, 410)):
        log.add_practice(k, t)
    return records, log


def _run_shot(ctx: "Context", seed: int) -> SpeedrunRunScene:
    """A demo run racing an earlier, slower one (its PB, golds and ghost)."""
    setup = _set_seed("rush", seed)
    records, ghost_text = _demo_records(setup)
    scene = SpeedrunRunScene(ctx, setup, records=records, demo=True)
    scene.ghost = ghost_from_replay(ghost_text)
    return scene


def _table_shot(ctx: "Context", seed: int) -> SpeedrunTableScene:
    return SpeedrunTableScene(ctx, _set_seed("checkout", seed), records=Records(), demo=True)


def _history_shot(tab: int) -> Callable[[Context, int], Scene]:
    def make(ctx: "Context", seed: int) -> Scene:
        setup = _set_seed("rush", seed)
        records, log = demo_history(setup)
        scene = SpeedrunHistoryScene(ctx, setup, records, log, tab=tab)
        scene.index[tab] = 1
        return scene
    return make


def _practice_run(ctx: "Context", seed: int, segment: int = 2) -> SpeedrunRunScene:
    """A practice of segment 3 of a demo PB: the route runner plays it (nothing is saved)."""
    setup = _set_seed("rush", seed)
    records, log = demo_history(setup, count=6)
    session = RunSession(setup)
    runner = RouteRunner(session.mall())
    while not session.over:
        session.step(runner.command())
    out = session.final()
    records.add_run(setup.board, {"ticks": out.ticks, "splits": list(session.splits.times), "flags": [],
                                  "names": list(session.splits.names), "seed": setup.seed, "replay": None})
    plan = PracticePlan(setup, session.replay_text(), segment, session.splits.names)
    scene = SpeedrunRunScene(ctx, setup, records=records, practice=plan, demo=True)
    scene.run.log = log
    return scene


registry.register_screenshot("speedrun", _run_shot, warmup_ticks=60 * 15)
# After the warm-up the same demo run has finished: its results are on top.
registry.register_screenshot("speedrun_results", _run_shot, warmup_ticks=60 * 34)
registry.register_screenshot("speedrun_table", _table_shot, warmup_ticks=60 * 17)
registry.register_screenshot("speedrun_attempts", _history_shot(0), warmup_ticks=1)
registry.register_screenshot("speedrun_segments", _history_shot(1), warmup_ticks=1)
registry.register_screenshot("speedrun_practice", _practice_run, warmup_ticks=60 * 3)
registry.register_screenshot("speedrun_practice_done", _practice_run, warmup_ticks=60 * 9)
registry.register_screenshot("speedrun_menu", lambda ctx, seed: SpeedrunMenuScene(ctx), warmup_ticks=1)
registry.register_screenshot("speedrun_settings", lambda ctx, seed: SpeedrunSettingsScene(ctx), warmup_ticks=1)


def _settings_one(ctx: "Context", seed: int) -> SpeedrunSettingsScene:
    """The page with LiveSplit One chosen (the link off: a screenshot opens no port)."""
    ctx.settings.livesplit_link = "one"
    return SpeedrunSettingsScene(ctx)


registry.register_screenshot("speedrun_settings_one", _settings_one, warmup_ticks=1)
registry.register_screenshot(
    "speedrun_field_edit",
    lambda ctx, seed: [SpeedrunSettingsScene(ctx),
                       FieldEditScene(ctx, N_("LIVESPLIT HOST"), "192.168.1.20", HOST_CHARS, lambda text: None)],
    warmup_ticks=1)
