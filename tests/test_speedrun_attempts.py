"""Attempt history, kept attempt replays, LiveSplit exports with history, practice from the PB state,
and the screens that show them (driven headless, as a runner with a pad or keyboard would)."""
from __future__ import annotations

import json
import re

import pygame
import pytest

from game import app
from game.files import database
from game.match.commands import IDLE, Button, Command
from game.speedrun.attempts import KEEP_LAST, WRITER, AttemptLog, compute_stats, replay_folder
from game.speedrun.categories import load_categories, make_setup
from game.speedrun.demo import RouteRunner
from game.driver.replay import read_replay
from game.speedrun.livesplit import read_lss, to_lss
from game.speedrun.lss_export import board_lss, setup_for_board, split_names
from game.speedrun.practice import PracticeError, PracticePlan
from game.speedrun.records import Records
from game.speedrun.session import RunSession

CATS = load_categories()
RUSH_A = make_setup(CATS["rush"], "set", seed_index=0)


def route_run(setup=RUSH_A) -> RunSession:
    session = RunSession(setup)
    runner = RouteRunner(session.sim)
    while not session.over:
        session.step(runner.command())
    return session


# ---------------------------------------------------------------- the history file
def _attempt(n: int, **kw) -> dict:
    entry = {"outcome": "finished", "ticks": 1000 + n, "splits": [300 + n, 700, 1000 + n], "flags": [],
             "names": ["A", "B", "C"], "pb": False, "golds": []}
    entry.update(kw)
    return entry


def test_kept_replays_are_the_last_50_every_pb_and_every_gold(user_dir):
    log = AttemptLog("rush.set.A")
    for n in range(1, 71):
        log.add(_attempt(n, pb=n == 3, golds=[1] if n == 5 else []), replay_text=f"replay {n}\n")
    log.save()
    WRITER.flush()
    kept = {a["id"] for a in log.kept()}
    assert kept == set(range(71 - KEEP_LAST, 71)) | {3, 5}
    assert [a["id"] for a in log.attempts] == [3, 5, *range(71 - KEEP_LAST, 71)]   # the rest: time and splits
    detailed = database.shared().read("SELECT id FROM attempts WHERE board = ? AND detail IS NOT NULL ORDER BY id",
                                      ("rush.set.A",))
    assert [row[0] for row in detailed] == [3, 5, *range(71 - KEEP_LAST, 71)]
    files = {p.name for p in replay_folder().glob("*.replay")}
    assert files == {f"rush.set.A-{n}.replay" for n in kept}           # the others were deleted
    assert not list(user_dir.rglob("*.tmp"))                             # written atomically
    loaded, warning = AttemptLog.load("rush.set.A")
    assert warning is None and loaded.count() == 70 and loaded.replay_text(loaded.get(3)) == "replay 3\n"
    assert [a["id"] for a in loaded.every_attempt()[0]] == list(range(1, 71))
    assert loaded.get(1)["replay"] is None and loaded.get(1)["ticks"] == 1001   # history stays, replay gone


def test_a_damaged_history_is_set_aside_not_lost(user_dir):
    path = AttemptLog.path_for("rush.set.A")
    path.write_text('{"version": 1, "attempts": [{"id": "x"}]}')
    log, warning = AttemptLog.load("rush.set.A")
    assert log.attempts == [] and "moved to" in warning
    assert path.with_name(path.name + ".corrupt-1").is_file()


def test_a_version_1_history_is_imported_whole_and_kept(user_dir):
    """The old format kept every attempt in detail in one growing file: read, it keeps every time."""
    attempts = [{**_attempt(n % 300), "id": n, "comparison": {"pb": [], "best": []}, "replay": None}
                for n in range(1, 1201)]
    path = AttemptLog.path_for("rush.set.A")
    path.write_text(json.dumps({"version": 1, "practice": {"1": [300]}, "attempts": attempts}))
    log, warning = AttemptLog.load("rush.set.A")
    assert warning is None and log.count() == 1200 and log.practice_times(1) == [300]
    every = log.every_attempt()[0]
    assert [(a["id"], a["ticks"], a["splits"]) for a in every] == [(a["id"], a["ticks"], a["splits"]) for a in attempts]
    assert json.loads(path.read_text())["version"] == 1            # the old file stays as it was: a backup
    assert [a["id"] for a in log.attempts] == list(range(1201 - KEEP_LAST, 1201))   # detail: the last ones only


def test_a_newer_games_history_is_left_as_it_is(user_dir):
    path = AttemptLog.path_for("rush.set.A")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": 99, "attempts": [{"id": 1, "shiny": True}], "practice": {}})
    path.write_text(text, encoding="utf-8")
    log, warning = AttemptLog.load("rush.set.A")
    assert "newer version" in warning and log.attempts == []
    log.add({"ticks": 100, "splits": [100]})
    log.save()
    assert path.read_text(encoding="utf-8") == text        # never written over, never moved aside


def test_a_history_that_is_not_a_file_is_refused_without_reading(user_dir):
    path = AttemptLog.path_for("rush.set.A")
    path.mkdir(parents=True)                                 # a folder where the history should be
    log, warning = AttemptLog.load("rush.set.A")
    assert log.attempts == [] and warning


def test_stats_are_what_livesplit_would_show():
    attempts = [
        {"id": 1, "outcome": "finished", "ticks": 1000, "splits": [300, 700, 1000], "flags": []},
        {"id": 2, "outcome": "reset", "ticks": None, "splits": [250], "flags": []},
        {"id": 3, "outcome": "finished", "ticks": 1100, "splits": [320, 760, 1100], "flags": []},
        {"id": 4, "outcome": "finished", "ticks": 900, "splits": [200, 500, 900], "flags": ["assist"]},
        {"id": 5, "outcome": "finished", "ticks": 960, "splits": [290, 650, 960], "flags": []},
    ]
    st = compute_stats(attempts, ["A", "B", "C"], pb_splits=[290, 650, 960])
    assert (st.attempts, st.finished) == (5, 3)      # the flagged finish is no completed run to LiveSplit
    assert st.average == (1000 + 1100 + 960) // 3 and st.median == 1000      # flagged runs are not compared
    assert [s.best for s in st.segments] == [250, 360, 300]                   # a reset still teaches a gold
    assert [s.pb for s in st.segments] == [290, 360, 310]
    assert [s.possible_save for s in st.segments] == [40, 0, 10] and st.possible_save == 50
    assert st.sob_trend == [(1, 1000), (2, 950), (5, 910)]       # where it changed, and the last


# ---------------------------------------------------------------- LiveSplit files
TIME = re.compile(r"\d\d:\d\d:\d\d\.\d{7}")


def test_lss_with_history_round_trips_through_our_reader():
    log = [
        {"id": 1, "outcome": "finished", "ticks": 1533, "real_ms": 25700, "splits": [361, 900, 1533],
         "real_splits": [6100, 15100, 25700], "flags": [], "started": "2026-11-29T20:00:00+00:00",
         "ended": "2026-11-29T20:00:26+00:00"},
        {"id": 2, "outcome": "reset", "ticks": None, "real_ms": 9000, "splits": [340], "real_splits": [5800],
         "flags": [], "started": "2026-11-29T20:01:00+00:00"},
        {"id": 3, "outcome": "finished", "ticks": 1400, "splits": [300, 800, 1400], "flags": ["assist"]},
        {"id": 4, "outcome": "finished", "ticks": 1380, "splits": [310, 790, 1380], "flags": ["mistake"]},
    ]
    text = to_lss("Sold Out!", "The Rush (Seed A)", ["Card 1", "Card 2", "SOLD OUT!"], [361, 900, 1533],
                  [340, 539, 633], 7, attempt_log=log, pb_real=[6100, 15100, 25700])
    back = read_lss(text)
    assert back["names"] == ["Card 1", "Card 2", "SOLD OUT!"]
    assert back["pb"] == [361, 900, 1533] and back["best"] == [340, 539, 633]
    # The assisted attempt 3 was never shown to LiveSplit: not in its count nor its history, and the
    # attempts are numbered as LiveSplit numbered them. The one flagged on the way (4, LiveSplit's 3)
    # is an attempt without a time, as the link's undo-and-reset leaves it there.
    assert back["attempt_count"] == 6
    assert [(a["id"], a["ticks"]) for a in back["attempts"]] == [(1, 1533), (2, None), (3, None)]
    assert back["attempts"][0]["real_ms"] == 25700 and back["attempts"][0]["started"] == "11/29/2026 20:00:00"
    # Segment history: attempt 1 did every segment, attempt 2 only the first; flagged attempts teach nothing.
    assert [s["history"] for s in back["segments"]] == [{1: 361, 2: 340}, {1: 539}, {1: 633}]
    assert back["segments"][0]["pb_real_ms"] == 6100
    # Every time is a .NET TimeSpan with 7 fraction digits, in RealTime and GameTime elements.
    times = re.findall(r"<(RealTime|GameTime)>([^<]*)<", text)
    assert times and all(TIME.fullmatch(value) for _, value in times)
    assert {"RealTime", "GameTime"} == {tag for tag, _ in times}
    for tag in ("<AttemptCount>6</AttemptCount>", "<AttemptHistory>", "<SegmentHistory>", '<Time id="1">',
                '<SplitTime name="Personal Best">', "<BestSegmentTime>"):
        assert tag in text


def test_export_names_are_the_splits_the_link_sends(user_dir):
    session = route_run()
    assert split_names(RUSH_A) == session.splits.names
    records = Records()
    back = read_lss(board_lss(RUSH_A, records, AttemptLog(RUSH_A.board)))
    assert back["names"] == session.splits.names and back["pb"] == [None] * len(session.splits.names)
    assert setup_for_board("tidy.set.C").board == "tidy.set.C"
    assert setup_for_board("checkout").board == "checkout.set.A"


def test_export_lss_on_the_command_line(user_dir, tmp_path, capsys):
    out = tmp_path / "rush.lss"
    assert app.main(["--export-lss", "rush.set.B", "--out", str(out)]) == 0
    back = read_lss(out.read_text())
    assert back["names"] == split_names(make_setup(CATS["rush"], "set", seed_index=1))
    assert app.main(["--export-lss", "nothing"]) == 2
    assert app.main(["--export-lss", "rush.random"]) == 2
    assert app.main(["--livesplit", "localhost:notaport"]) == 2
    assert app.main(["--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "unknown speedrun category 'nothing'" in err and "Traceback" not in err


# ---------------------------------------------------------------- practice
def test_practice_starts_from_the_pb_state_at_the_split():
    pb = route_run()
    text = pb.replay_text()
    names = pb.splits.names
    for k in (0, 2, len(names) - 1):
        plan = PracticePlan(RUSH_A, text, k, names)
        session = plan.session()
        assert session.splits.times == pb.splits.times[:k]
        # The exact state: replaying the PB to that tick gives the same hash.
        again = RunSession(RUSH_A)
        ticks = list(read_replay(text).ticks())
        for commands in ticks[:session.sim_tick]:
            again.step(commands[0])
        assert again.course.state_hash() == session.course.state_hash()
        # Played on as the PB was, the segment takes the PB's time.
        for commands in ticks[session.sim_tick:]:
            if plan.result(session) is not None:
                break
            session.step(commands[0])
        assert plan.result(session) == pb.splits.segment(k)
    with pytest.raises(PracticeError):
        PracticePlan(make_setup(CATS["rush"], "set", seed_index=1), text, 1, names)
    with pytest.raises(PracticeError):
        PracticePlan(RUSH_A, text, len(names), names)


# ---------------------------------------------------------------- the scenes
@pytest.fixture
def ctx(user_dir):
    pygame.init()
    pygame.display.set_mode((1280, 720))
    context = app.make_context(load_user_files=False)
    from game.scenes.menus.howto import mark_seen
    for card in ("rush", "memory", "tidy", "checkout"):
        mark_seen(card)
    from game.scenes.menus.title import TitleScene
    context.stack.push(TitleScene(context))
    context.stack.apply()
    return context


def _play_to_end(ctx, run, limit=60 * 60):
    for _ in range(limit):
        app.tick(ctx)
        if run.session.over:
            return


def test_every_attempt_is_logged_with_its_replay_and_can_be_watched(ctx):
    from game.scenes.speedrun.history import SpeedrunHistoryScene
    from game.scenes.speedrun.menu import SpeedrunMenuScene
    from game.scenes.speedrun.run import SpeedrunRunScene
    from tests.test_speedrun_scenes import drop_howto, key, scripted, top
    menu = SpeedrunMenuScene(ctx)
    ctx.stack.push(menu)
    ctx.stack.apply()
    run = SpeedrunRunScene(ctx, RUSH_A, records=menu.records)
    ctx.stack.push(run)
    ctx.stack.apply()
    drop_howto(ctx)
    scripted(run)
    while len(run.session.splits.times) < 2:
        app.tick(ctx)
    run.run.restart()                               # attempt 1: reset after two splits
    _play_to_end(ctx, run)                          # attempt 2: finished, a PB
    for _ in range(200):
        app.tick(ctx)
    assert WRITER.flush()                           # attempts are written off the game thread
    log, _ = AttemptLog.load(RUSH_A.board)
    assert [a["outcome"] for a in log.attempts] == ["reset", "finished"]
    first, second = log.attempts
    assert len(first["splits"]) == 2 and first["names"] == run.session.splits.names and first["replay"]
    assert second["pb"] and second["ticks"] == run.session.outcome.ticks
    assert len(second["real_splits"]) == len(second["splits"])
    assert Records.load()[0].attempts(RUSH_A.board) == 2
    # The results' X writes splits holding both attempts and the segments each one finished.
    from game.scenes.speedrun.results import export_lss
    back = read_lss(open(export_lss(ctx, Records.load()[0], RUSH_A)).read())
    assert back["attempt_count"] == 2 and [a["ticks"] for a in back["attempts"]] == [None, second["ticks"]]
    assert back["segments"][0]["history"] == {1: first["splits"][0], 2: second["splits"][0]}
    assert back["pb"] == second["splits"]
    # The menu's Attempts & practice row opens the history; A on a kept attempt plays it back.
    ctx.stack.pop_until(lambda s: s.name == "speedrun_menu")
    ctx.stack.apply()
    menu.menu.index = [i.label for i in menu.menu.items].index("Attempts & practice")
    key(ctx, pygame.K_RETURN, 2)
    history = top(ctx)
    assert isinstance(history, SpeedrunHistoryScene) and history.stats.attempts == 2
    assert [a["id"] for a in history.kept] == [2, 1]
    key(ctx, pygame.K_DOWN, 2)                       # the reset attempt
    key(ctx, pygame.K_RETURN, 2)
    replay = top(ctx)
    assert isinstance(replay, SpeedrunRunScene) and replay.run.playback is not None
    for _ in range(60 * 30):
        app.tick(ctx)
        if top(ctx).name == "speedrun_results":
            break
    assert top(ctx).name == "speedrun_results"      # the replay ended where the runner reset
    assert replay.session.splits.times == first["splits"]
    assert WRITER.flush() and AttemptLog.load(RUSH_A.board)[0].attempts == log.attempts   # watching adds none


def test_history_screen_with_a_pad_and_practice_never_counts(ctx):
    from game.scenes.speedrun.history import SpeedrunHistoryScene
    from game.scenes.speedrun.practice import PracticeDoneScene
    from game.scenes.speedrun.run import SpeedrunRunScene
    from tests.test_speedrun_scenes import drop_howto, scripted, top
    run = SpeedrunRunScene(ctx, RUSH_A)
    ctx.stack.push(run)
    ctx.stack.apply()
    drop_howto(ctx)
    scripted(run)
    _play_to_end(ctx, run)
    run.exit()
    records = Records.load()[0]
    pb = records.pb(RUSH_A.board)
    history = SpeedrunHistoryScene(ctx, RUSH_A, records)
    ctx.stack.push(history)
    ctx.stack.apply()
    pad = {-1: Command(pressed=Button.RIGHT, held=Button.RIGHT)}    # a pad's d-pad: the Segments tab
    history.update(pad)
    assert history.tab == 1
    history.update({-1: Command(pressed=Button.DOWN, held=Button.DOWN)})
    history.update({-1: IDLE})
    history.update({-1: Command(pressed=Button.A)})
    ctx.stack.apply()
    practice = top(ctx)
    assert isinstance(practice, SpeedrunRunScene) and practice.run.practice.segment == 1
    assert practice.session.splits.times == pb["splits"][:1]
    scripted(practice)
    for _ in range(60 * 30):
        app.tick(ctx)
        if isinstance(top(ctx), PracticeDoneScene):
            break
    done = top(ctx)
    assert isinstance(done, PracticeDoneScene) and done.ticks is not None
    after = Records.load()[0]
    assert after.pb(RUSH_A.board) == pb and after.attempts(RUSH_A.board) == 1   # never a PB, never an attempt
    assert WRITER.flush() and AttemptLog.load(RUSH_A.board)[0].practice_times(1) == [done.ticks]
    surface = pygame.Surface((1280, 720))
    ctx.stack.draw(surface, 0.0)
    done.update({-1: Command(pressed=Button.A)})                  # again: from the PB state at once
    ctx.stack.apply()
    assert top(ctx) is practice and practice.session.splits.times == pb["splits"][:1]


def test_livesplit_settings_are_kept_and_checked(ctx, user_dir):
    from game.scenes.speedrun.settings import HOST_CHARS, FieldEditScene, SpeedrunSettingsScene
    from game.core.settings import Settings
    scene = SpeedrunSettingsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    scene.menu.update(Command(pressed=Button.RIGHT, held=Button.RIGHT))     # link on
    assert ctx.settings.livesplit is True and ctx.livesplit is not None
    results: list[str] = []
    edit = FieldEditScene(ctx, "host", "localhost", HOST_CHARS, results.append)
    ctx.stack.push(edit)
    ctx.stack.apply()
    edit.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    edit.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="z"))
    edit._spin(1)                                              # a pad's Down on the last character
    edit.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    assert results == ["localhos0"]
    scene._set_port("99999")
    scene._set_port("16835")
    saved = json.loads((user_dir / "settings.json").read_text())
    assert saved["livesplit"] is True and saved["livesplit_port"] == 16835
    (user_dir / "settings.json").write_text(json.dumps({**saved, "livesplit_port": "x", "livesplit_host": "a b"}))
    loaded, warning = Settings.load()
    assert loaded.livesplit_port == 16834 and loaded.livesplit_host == "localhost" and "livesplit" in warning
    scene.menu.update(Command(pressed=Button.RIGHT, held=Button.RIGHT))     # off again: the link closes
    assert ctx.livesplit is None


@pytest.mark.parametrize("host", ["a..b", "x" * 64 + ".example", "::1", "lan_pc"])
def test_a_host_no_connection_can_use_never_reaches_the_link(ctx, user_dir, host):
    """Typed in the editor: a toast and the old host kept. In settings.json: the default and a warning."""
    from game.scenes.speedrun.settings import SpeedrunSettingsScene
    from game.core.settings import Settings
    scene = SpeedrunSettingsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    scene._set_host(host)
    assert ctx.settings.livesplit_host == "localhost"
    assert ctx.toasts.texts()[-1] == (f"{host} is not a host name, an IPv4 address or an IPv6 address in brackets")
    scene._set_host("[::1]")                                     # an IPv6 address, in brackets, is one
    assert ctx.settings.livesplit_host == "[::1]"
    (user_dir / "settings.json").write_text(json.dumps({"version": 1, "livesplit": True, "livesplit_host": host}))
    loaded, warning = Settings.load()
    assert loaded.livesplit_host == "localhost" and "livesplit_host" in warning


def test_a_history_read_while_a_write_is_on_its_way_has_that_write(user_dir):
    """A run scene opened at once after another on the same board reads the history: it must see
    the attempt the first scene handed the writer, or its next save drops that attempt."""
    import threading
    first = AttemptLog(RUSH_A.board)
    go = threading.Event()

    def slow_write() -> None:                 # the writer is busy when the next scene reads the file
        go.wait(5)
        first.add(_attempt(1))
        first.save()
    WRITER.submit(slow_write)
    threading.Timer(0.05, go.set).start()
    second, _ = AttemptLog.load(RUSH_A.board)
    assert [a["id"] for a in second.attempts] == [1]
    second.add(_attempt(2))
    second.save()
    assert [a["id"] for a in AttemptLog.load(RUSH_A.board)[0].attempts] == [1, 2]
