"""The register of user files (game/files/register.py): every file the game keeps in the user folder
is declared there, read only through its entry, covered by a fuzzer seed, a damaged case and a kill
during its save; names stored in files are bare names that never reach outside their folder."""
from __future__ import annotations

import ast
import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hostile
from game.files import database
from game.files.untrusted import UntrustedError
from game.files.register import (
    ATTEMPT_REPLAYS, HISTORIES, PLAYER_REPLAYS, RECORD_REPLAYS, RECORDS_DB, REGISTER, SETTINGS, entry_for,
)
from game.files.userfiles import Damage, UserFile

ROOT = Path(__file__).resolve().parent.parent
READ = [entry for entry in REGISTER if entry.read]
WRITTEN = [entry for entry in REGISTER if entry.written]


# ---------------------------------------------------------------- the register itself
def test_every_entry_is_one_kind_of_file_with_a_cap_and_a_policy():
    keys = [entry.key for entry in REGISTER]
    assert len(keys) == len(set(keys))
    places = [(entry.folder, entry.pattern) for entry in REGISTER]
    assert len(places) == len(set(places))
    for entry in REGISTER:
        assert 0 < entry.cap <= 64 << 20 and isinstance(entry.damage, Damage)
        assert (entry.schema is not None) == (entry.content == "json"), entry.key
        if entry.written:
            assert entry.made is not None, f"{entry.key}: the game writes it, so it must say which names it makes"


@pytest.mark.parametrize("entry", [e for e in REGISTER if e.example is not None], ids=lambda e: e.key)
def test_each_json_files_example_passes_its_schema_and_loads_back(user_dir, entry):
    entry.schema(entry.example, "")
    name = entry.name or {"attempt_history": "rush.set.A.json", "attempt_archive": "rush.set.A-1.json",
                          "career_progress": "first_rush.json"}[entry.key]
    entry.save(entry.example, name)
    loaded = entry.load(None, name)
    assert loaded.warning is None and loaded.data == entry.example


def test_the_user_folder_is_reached_only_through_the_register():
    """No module but game/files/userfiles.py and game/files/register.py names the user folder or reads or writes
    a file in it by hand: every other reader goes through an entry (and so through the untrusted door)."""
    private = {"user_dir", "made_folder", "load_json", "save_json", "_set_aside", "_load_json_at"}
    allowed = {ROOT / "game" / "files" / "userfiles.py", ROOT / "game" / "files" / "register.py"}
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else \
                None
            if isinstance(node, ast.ImportFrom) and node.module == "game.files.userfiles":
                found += [f"{path.relative_to(ROOT)}: imports {a.name}" for a in node.names if a.name in private]
            elif name in private:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert found == []


def test_entry_for_finds_the_entry_of_each_kind_of_path():
    assert entry_for("settings.json") is SETTINGS
    assert entry_for("speedrun_attempts/rush.set.A.json") is HISTORIES
    assert entry_for("replays/speedrun/attempts/rush.set.A-3.replay") is ATTEMPT_REPLAYS
    assert entry_for("replays/speedrun/rush.set.A-20261130-100000.replay") is RECORD_REPLAYS
    assert entry_for("replays/my match.rep") is PLAYER_REPLAYS
    assert entry_for("speedrun_attempts/rush.set.A.json.corrupt-1") is None
    assert entry_for("notes.txt") is None


# ---------------------------------------------------------------- every file covered
def test_every_read_file_has_a_damaged_case_the_shell_starts_over():
    damaged = {entry_for(file).key for case in hostile.user_file_cases().values()
               for file, what in case.items() if not isinstance(what, hostile.Valid)}
    assert [entry.key for entry in READ if entry.key not in damaged] == []


def test_every_written_file_has_a_kill_during_its_save():
    assert [entry.key for entry in WRITTEN if entry.key not in hostile.KILL9] == []


def test_the_shell_over_a_whole_user_folder_reads_every_registered_file(tmp_path):
    """tools/fuzz.py mutates these samples and starts the shell over them: this is what makes each
    registered file a fuzzed one, read as a window start and a player read it."""
    user = tmp_path / "user"
    hostile.make_samples(user)
    made = {entry_for(p.relative_to(user).as_posix()) for p in user.rglob("*") if p.is_file()}
    assert None not in made, "a sample is no registered file"
    assert {e.key for e in REGISTER} == {e.key for e in made}, "an entry has no sample"
    outcome = hostile.run_case(hostile.Case("samples", [], codes=(0,), script=hostile.SHELL), user)
    assert not outcome.problems(), (outcome.problems(), outcome.stderr[-800:])
    result = json.loads(outcome.stdout.strip().splitlines()[-1])
    assert sorted(result["read"]) == sorted(entry.key for entry in READ)
    assert not [t for t in result["toasts"] if "corrupt" in t or "not valid" in t or "cannot" in t], result["toasts"]


_KILL_LOOP = """
{code}
n = 0
while True:
    save(n)
    n += 1
    if n == 3:
        print("go", flush=True)
"""


@pytest.mark.posix
@pytest.mark.parametrize("code", sorted(set(hostile.KILL9.values())),
                         ids=lambda code: "+".join(k for k, v in sorted(hostile.KILL9.items()) if v == code))
def test_a_save_killed_mid_write_leaves_every_file_whole(tmp_path, code):
    user = tmp_path / "user"
    rng = random.Random(hash(code) & 0xFFFF)
    for _kill in range(2):
        proc = subprocess.Popen([sys.executable, "-c", _KILL_LOOP.format(code=code)], cwd=ROOT,
                                env=hostile.child_env(user), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "go", proc.stderr.read()
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        check = subprocess.run([sys.executable, "-c", code + "\ncheck()\nprint('whole')"], cwd=ROOT,
                               env=hostile.child_env(user), capture_output=True, text=True, timeout=120)
        assert check.stdout.strip() == "whole", check.stderr[-800:]
    assert not list(user.rglob("*.corrupt-*"))


def test_what_the_reader_would_refuse_is_never_written(user_dir):
    """A file the game wrote and its own schema then refused would be moved aside at the next start,
    taking the good entries with it: such a save is refused instead, with a warning."""
    from game.input import mappings
    good = f"{hostile.GUID},Pad,a:b0,"
    assert mappings.save(hostile.GUID, good) is None
    assert "cannot be saved" in mappings.save("not a guid", "not a guid,Pad,a:b0,")
    assert mappings.load() == ({hostile.GUID: good}, None)


# ---------------------------------------------------------------- names, not paths
@pytest.mark.parametrize("name", [
    "/etc/passwd.replay", "../x.replay", "a/b.replay", "a\\b.replay", "..", ".", "", "x.replay\0", "C:x.replay",
    "CON.replay", "nul.replay", "com1.replay", "x" * 300 + ".replay", "x.replay.txt", ".hidden.replay", "x.json",
    "~/x.replay", "x\n.replay",
])
def test_a_stored_file_name_is_a_bare_name_of_its_folder_never_a_path(name):
    with pytest.raises(UntrustedError):
        ATTEMPT_REPLAYS.check_name(name)


def test_a_name_that_is_a_link_out_of_its_folder_is_refused_without_reading_it(user_dir, tmp_path):
    outside = tmp_path / "outside.replay"
    outside.write_text("not the game's")
    folder = ATTEMPT_REPLAYS.folder_path()
    os.symlink(outside, folder / "rush.set.A-1.replay")
    os.symlink("/dev/zero", folder / "rush.set.A-2.replay")
    os.mkfifo(folder / "rush.set.A-3.replay")
    with open(folder / "rush.set.A-4.replay", "wb") as handle:
        handle.truncate(ATTEMPT_REPLAYS.cap + 1)
    for n, problem in ((1, "outside its folder"), (2, "outside its folder"), (3, "not a regular file"), (4, "too big")):
        with pytest.raises(UntrustedError, match=problem):
            ATTEMPT_REPLAYS.read_text(f"rush.set.A-{n}.replay")


def test_the_game_deletes_only_files_it_made_in_their_folder(user_dir, tmp_path):
    sentinel = tmp_path / "sentinel"
    sentinel.mkdir()
    (sentinel / "victim.replay").write_text("mine")
    folder = ATTEMPT_REPLAYS.folder_path()
    (folder / "my own.replay").write_text("mine")
    os.symlink(sentinel / "victim.replay", folder / "rush.set.A-9.replay")     # a link named like ours
    (folder / "rush.set.A-8.replay").write_text("the game's")
    refused = ["../../../../sentinel/victim.replay", str(sentinel / "victim.replay"), "my own.replay",
               "rush.set.A-9.replay"]
    assert [ATTEMPT_REPLAYS.delete(name) for name in refused] == [False] * 4
    assert ATTEMPT_REPLAYS.delete("rush.set.A-8.replay") and not (folder / "rush.set.A-8.replay").exists()
    assert (sentinel / "victim.replay").read_text() == "mine" and (folder / "my own.replay").exists()
    assert UserFile.delete(PLAYER_REPLAYS, "my own.replay") is False          # never written: never deleted


def test_pruning_old_attempts_never_deletes_a_file_outside_the_game_folder(user_dir, tmp_path):
    """An old attempt whose `replay` is a path: the next add() pruned (unlinked) that path. A file
    can no longer hold one (the schema refuses it); held in memory, it is forgotten, not deleted."""
    from game.speedrun.attempts import KEEP_LAST, AttemptLog
    sentinel = tmp_path / "sentinel"
    sentinel.mkdir()
    victim = sentinel / "victim.replay"
    victim.write_text("mine")
    for board, name in (("rush.set.A", str(victim)), ("rush.set.B", "../../../../sentinel/victim.replay")):
        path = AttemptLog.path_for(board)       # each board's old file is imported once: one board per name
        path.write_text(json.dumps({"version": 1, "attempts": [{"id": 1, "outcome": "reset", "replay": name}]}))
        log, warning = AttemptLog.load(board)
        assert f"speedrun_attempts/{board}.json" in warning and log.count() == 0
    log = AttemptLog("rush.set.A")
    log.add({"ticks": None, "splits": [5]})
    log.attempts[0]["replay"] = "../../../../sentinel/victim.replay"
    for _ in range(KEEP_LAST + 5):
        log.add({"ticks": None, "splits": [5]}, replay_text="r\n")
        log.save()
    assert victim.read_text() == "mine" and log.attempts[0]["id"] != 1


def test_a_replay_named_by_the_history_that_is_dev_zero_or_a_fifo_is_refused_by_the_history_screen(ctx, user_dir):
    from game.scenes.speedrun.history import SpeedrunHistoryScene
    from game.speedrun.attempts import AttemptLog
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.records import Records
    setup = make_setup(load_categories()["rush"], "set", seed_index=0)
    log = AttemptLog(setup.board)
    for _ in range(2):
        log.add({"ticks": None, "splits": [5]}, replay_text="r\n")
    log.save()
    folder = ATTEMPT_REPLAYS.folder_path()
    (folder / "rush.set.A-1.replay").unlink()
    os.symlink("/dev/zero", folder / "rush.set.A-1.replay")
    (folder / "rush.set.A-2.replay").unlink()
    os.mkfifo(folder / "rush.set.A-2.replay")
    scene = SpeedrunHistoryScene(ctx, setup, Records())
    ctx.stack.push(scene)
    ctx.stack.apply()
    for index in (0, 1):
        scene.index[0] = index
        scene.watch()
    assert ctx.stack.top is scene
    assert sorted(ctx.toasts.texts()) == [
        "Attempt #1 cannot be played: replays/speedrun/attempts/rush.set.A-1.replay leads outside its folder",
        "Attempt #2 cannot be played: replays/speedrun/attempts/rush.set.A-2.replay is not a regular file"]


# ---------------------------------------------------------------- the cases that stopped the game
@pytest.mark.parametrize("language", [["de"], {"de": 1}, 5, "xx", "de\n", None])
def test_a_language_that_is_not_a_known_code_is_one_bad_value_not_a_crash(user_dir, language):
    """A list or object as `language` stopped every start (unhashable type)."""
    from game.core.settings import Settings
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / "settings.json").write_text(json.dumps({"language": language, "volume": 0.25}))
    settings, warning = Settings.load()
    assert settings.language == "" and settings.volume == 0.25
    assert warning == "settings.json: bad value for language; using the default"


def test_a_pb_with_a_null_split_is_refused_and_the_history_screen_opens(ctx, user_dir):
    """A PB split of null passed the schema and crashed the History screen (TypeError)."""
    from game.scenes.speedrun.history import SpeedrunHistoryScene
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.records import Records
    import pygame
    setup = make_setup(load_categories()["rush"], "set", seed_index=0)
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / "speedrun.json").write_text(json.dumps({"version": 1, "boards": {setup.board: {
        "pb": {"ticks": 900, "splits": [300, None, 900], "names": ["a", "b", "c"]}}}}))
    records, warning = Records.load()
    assert "speedrun.json is not valid (at boards.rush.set.A.pb.splits[1])" in warning
    scene = SpeedrunHistoryScene(ctx, setup, records)
    scene.tab = 1
    scene.draw(pygame.Surface((1280, 720)), 0.0)


# ---------------------------------------------------------------- histories that live forever
def _attempt(n: int, rng: random.Random) -> dict:
    reached = rng.randint(1, 5)
    segments = [rng.randint(280, 340) for _ in range(5)]
    splits = [sum(segments[:i + 1]) for i in range(reached)]
    done = reached == 5
    return {"outcome": "finished" if done else "reset", "ticks": splits[-1] if done else None, "splits": splits,
            "real_splits": [t * 17 for t in splits], "real_ms": splits[-1] * 17, "flags": ["assist"] if n % 13 == 0 else [],
            "names": ["Card 1", "Card 2", "Card 3", "Card 4", "SOLD OUT!"], "seed": 4, "pb": False, "golds": [],
            "started": "2026-11-30T10:00:00+00:00", "comparison": {"pb": [300, 600, 900], "best": [280, 280, 280]}}


def test_100000_attempts_stay_readable_with_every_time_and_split_kept(user_dir):
    """At about 11,500 attempts the one history file passed its read cap and came back empty."""
    from game.speedrun.attempts import AttemptLog, compute_stats
    rng = random.Random(7)
    log = AttemptLog("rush.set.A")
    made = []
    for n in range(100_000):
        made.append(log.add(_attempt(n, rng), replay_text="r\n" if n % 5000 == 0 else None))
        if n % 10_000 == 9_999:
            log.save()
    log.save()
    database.flush_all()
    size = RECORDS_DB.path().stat().st_size
    assert size < RECORDS_DB.cap // 4, size                          # well below the database's cap
    loaded, warning = AttemptLog.load("rush.set.A")
    assert warning is None and loaded.count() == 100_000
    every, problem = loaded.every_attempt()
    assert problem is None
    assert [(a["id"], a["ticks"], a["splits"], a["real_splits"]) for a in every] == \
        [(a["id"], a["ticks"], a["splits"], a["real_splits"]) for a in made]
    names = ["Card 1", "Card 2", "Card 3", "Card 4", "SOLD OUT!"]
    assert loaded.stats(names) == compute_stats(made, names)          # the running summary is exact


@pytest.mark.parametrize("change", [{"seg_counts": [0, 1, 1]}, {"seg_sums": [1]}, {"finished": 9}, {"last_id": 7},
                                    {"times": [[900, 5]]}, {"trend": [[99, [1]]]}, {"best": []}])
def test_a_summary_that_does_not_fit_its_attempts_is_counted_again(user_dir, change):
    from game.speedrun.attempts import AttemptLog, Summary, compute_stats
    from game.speedrun.history_files import from_row
    data = json.loads(json.dumps(HISTORIES.example))
    every = [from_row(r) for r in data["rows"]] + data["attempts"]
    data["summary"] = {**Summary.of(every).to_data(), **change}
    HISTORIES.save(data, "rush.set.A.json")
    log, warning = AttemptLog.load("rush.set.A")
    assert warning is None
    assert log.stats(["a", "b", "c"]) == compute_stats(every, ["a", "b", "c"])


def test_the_history_screen_works_its_numbers_out_once_not_every_frame(ctx, user_dir, monkeypatch):
    import pygame

    from game.scenes.speedrun.history import SpeedrunHistoryScene
    from game.speedrun import attempts
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.records import Records
    setup = make_setup(load_categories()["rush"], "set", seed_index=0)
    rng = random.Random(3)
    log = attempts.AttemptLog(setup.board)
    for n in range(300):
        log.add(_attempt(n, rng))
    calls = []
    real = attempts.Summary.stats
    monkeypatch.setattr(attempts.Summary, "stats", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    scene = SpeedrunHistoryScene(ctx, setup, Records(), log)
    surface = pygame.Surface((1280, 720))
    for tab in (0, 1, 0):
        scene.tab = tab
        for _ in range(20):
            scene.update({})
            scene.draw(surface, 0.0)
    assert len(calls) == 1 and len(scene.trend_line) >= 2


def test_the_trend_is_a_step_line_of_at_most_a_few_points_a_pixel():
    import pygame

    from game.scenes.speedrun.history import trend_line
    plot = pygame.Rect(0, 0, 400, 100)
    trend = [(i, 100_000 - i) for i in range(1, 50_000)]
    line = trend_line(trend, plot)
    assert len(line) <= 2 * plot.w + 2
    assert trend_line([(1, 900), (5, 800)], plot) == [(0, 0), (400, 0), (400, 100)]   # flat, then down


# ---------------------------------------------------------------- saving that cannot
def test_every_save_the_player_causes_on_a_full_folder_gives_one_toast(ctx, user_dir, monkeypatch):
    """Settings (the speedrun ones too), controls, a pad's mapping, a how-to card seen, a speedrun's
    records, history and replays, run codes, splits: each says once that it cannot be saved."""
    import pygame

    from game.files import userfiles
    from game.scenes.menus.howto import mark_seen, push_howto
    from game.scenes.menus.settings import ControlsScene, SettingsScene
    from game.scenes.speedrun.settings import SpeedrunSettingsScene
    from game.input import mappings
    from game.speedrun.attempts import WRITER

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(userfiles, "atomic_write_text", full)
    pygame.display.set_mode((1280, 720))

    def said(action) -> list[str]:
        before = list(ctx.toasts.texts())
        action()
        return [t for t in ctx.toasts.texts() if t not in before and "cannot be saved" in t]

    speedrun = SpeedrunSettingsScene(ctx)
    assert said(speedrun._toggle) == ["Your settings cannot be saved (No space left on device): "
                                      "changes last this session"]           # it said nothing before
    assert said(speedrun._toggle) == []                                      # once a session
    assert said(lambda: SettingsScene(ctx)._volume(-1)) == []
    assert said(ControlsScene(ctx)._reset) == []
    assert mappings.save(hostile.GUID, f"{hostile.GUID},Pad,a:b0,").startswith("Your settings cannot be saved")
    assert mark_seen("tidy").startswith("Your settings cannot be saved")
    push_howto(ctx, "rush")
    ctx.stack.apply()
    assert said(ctx.stack.top.close) == []            # the same sentence: already said
    run = _finished_run(ctx)
    assert WRITER.flush()
    run.update({})
    shown = [t for t in ctx.toasts.texts() if "speedrun records cannot be saved" in t]
    assert shown == ["Your speedrun records cannot be saved (No space left on device): they last this session"]


def _finished_run(ctx):
    """A rush run played to its end by the route runner in the real run scene (as a runner would)."""
    from game.scenes.speedrun.run import SpeedrunRunScene
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.demo import RouteRunner
    from game.speedrun.records import Records
    setup = make_setup(load_categories()["rush"], "set", seed_index=0)
    scene = SpeedrunRunScene(ctx, setup, records=Records())
    scene.howto_due = None
    runner = RouteRunner(scene.session.mall())
    while not scene.session.over:
        scene.run._run_step(runner.command())
    return scene
