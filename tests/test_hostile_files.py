"""Every hostile file of issue #13, run as the game runs it: one line and exit 2 (or toasts and
defaults for user files), within 2 s of CPU and 300 MB, and nothing the player saved is lost."""
from __future__ import annotations

import errno
import json
import os
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import hostile


def _run_all(cases, user):
    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(lambda case: hostile.run_case(case, user), cases))


def test_hostile_levels_replays_and_scenarios_get_one_line_and_exit_2(tmp_path):
    cases = (hostile.level_cases(tmp_path / "levels") + hostile.replay_cases(tmp_path / "replays", blank_mb=32)
             + hostile.scenario_cases(tmp_path / "scenarios"))
    assert len(cases) >= 55
    failures = [f"{o.case.name}: {', '.join(o.problems())}: {(o.stderr + o.stdout)[-300:]!r}"
                for o in _run_all(cases, tmp_path / "user") if o.problems()]
    assert not failures, "\n".join(failures)


def test_levels_check_level_accepts_always_draw(tmp_path):
    """Tile sizes at the edges of what is allowed: accepted ones play and draw in the mall scene."""
    cases = []
    for size, codes in ((16, (0,)), (64, (0, 2))):   # the shipped sheet holds only 4 tiles of 64 px
        path = hostile.tile_size_level(tmp_path, size)
        cases.append(hostile.Case(f"draw:tiles_{size}", [str(path)], codes=codes, script="tests/hostile_level.py"))
    cases.append(hostile.Case("draw:shipped", [str(hostile.LEVELS / "mall.tmx")], codes=(0,),
                              script="tests/hostile_level.py"))
    failures = [f"{o.case.name}: {o.problems()} {o.stderr[-300:]}" for o in _run_all(cases, tmp_path / "u")
                if o.problems()]
    assert not failures, "\n".join(failures)


# ---------------------------------------------------------------- user files
def _sentinel(folder):
    """A folder beside the user folder holding a file of the player's: nothing the game does may touch it."""
    folder.mkdir()
    (folder / "victim.replay").write_text("the player's own file, outside the game's folder")
    return folder


def _untouched(folder) -> bool:
    return [p.name for p in folder.iterdir()] == ["victim.replay"] and \
        (folder / "victim.replay").read_text() == "the player's own file, outside the game's folder"


@pytest.mark.parametrize("name", sorted(hostile.user_file_cases()))
def test_hostile_user_files_give_toasts_and_defaults(tmp_path, name):
    from game.files.register import entry_for
    from game.files.userfiles import Damage
    files = hostile.user_file_cases()[name]
    user, sentinel = tmp_path / "user", _sentinel(tmp_path / "sentinel")
    for file, what in files.items():
        hostile.place(user, file, what, sentinel)
    outcome = hostile.run_case(hostile.Case(name, [], codes=(0,), script=hostile.SHELL), user)
    assert not outcome.problems(), (outcome.problems(), outcome.stderr[-500:])
    result = json.loads(outcome.stdout.strip().splitlines()[-1])
    toasts = result["toasts"]
    assert all("\n" not in t and len(t) < 400 for t in toasts), toasts
    assert _untouched(sentinel), "a file outside the user folder was touched"
    for file, what in files.items():
        entry = entry_for(file)
        assert entry is not None, f"{file} is no registered user file"
        if isinstance(what, hostile.Valid):
            continue
        if entry.damage is Damage.REFUSE:        # a replay: left as it is, refused when used (or not listed)
            assert not isinstance(what, bytes) or (user / file).read_bytes() == what
            continue
        assert any(file in t for t in toasts), f"no toast about {file}: {toasts}"
        if isinstance(what, bytes) and any(file in t and "moved to" in t for t in toasts):
            kept = [p.read_bytes() for p in (user / file).parent.glob((user / file).name + "*") if p.is_file()]
            assert what in kept, f"{file}: the player's bytes are gone"
    if name.endswith("_newer"):
        file, data = next(iter(files.items()))
        assert (user / file).read_bytes() == data, "a newer version's file was changed"
        assert any("made by a newer version" in t for t in toasts), toasts
        assert not list(user.glob(file + ".corrupt-*")), "a newer version's file was moved aside as corrupt"


def test_settings_unknown_keys_survive_a_save(user_dir):
    from game.core.settings import Settings
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / "settings.json").write_text(json.dumps({"volume": 0.5, "from_the_future": {"a": [1, 2]}}))
    settings, warning = Settings.load()
    assert warning is None and settings.volume == 0.5
    settings.volume = 0.25
    assert settings.save() is None
    saved = json.loads((user_dir / "settings.json").read_text())
    assert saved["from_the_future"] == {"a": [1, 2]} and saved["volume"] == 0.25


def test_bindings_unknown_keys_survive_a_save(user_dir):
    from game.input.bindings import Bindings
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / "bindings.json").write_text(json.dumps({"keyboard": {"left": {"A": 1073741882}}, "gyro": {"x": 1}}))
    bindings, warning = Bindings.load()
    assert warning is None
    bindings.save()
    assert json.loads((user_dir / "bindings.json").read_text())["gyro"] == {"x": 1}


def test_newer_settings_are_never_overwritten_but_apply_for_the_session(user_dir):
    from game.core.settings import Settings
    user_dir.mkdir(parents=True, exist_ok=True)
    data = b'{"version": 99, "volume": 0.3, "new_thing": 1}'
    (user_dir / "settings.json").write_bytes(data)
    settings, warning = Settings.load()
    assert "made by a newer version" in warning and settings == Settings()
    settings.volume = 0.1
    settings.save()
    assert (user_dir / "settings.json").read_bytes() == data
    assert settings.volume == 0.1


def test_newer_speedrun_records_are_left_alone(user_dir):
    from game.speedrun.records import Records, replay_folder
    user_dir.mkdir(parents=True, exist_ok=True)
    data = b'{"version": 2, "boards": {"k": {"pb": {"ticks": 5, "replay": "k.replay"}}}}'
    (user_dir / "speedrun.json").write_bytes(data)
    (replay_folder() / "k.replay").write_text("kept")
    records, warning = Records.load()
    assert "made by a newer version" in warning and records.data["boards"] == {}
    records.count_attempt("rush")
    records.save()
    records.prune_replays()
    assert (user_dir / "speedrun.json").read_bytes() == data
    assert (replay_folder() / "k.replay").read_text() == "kept"


def test_saved_files_follow_the_umask(user_dir):
    from game.core.settings import Settings
    old = os.umask(0o022)
    try:
        Settings().save()
        assert (user_dir / "settings.json").stat().st_mode & 0o777 == 0o644
        os.umask(0o077)
        Settings(volume=0.5).save()
        assert (user_dir / "settings.json").stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(old)


def test_stale_temp_files_of_killed_saves_are_removed_at_start(user_dir):
    from game.files.userfiles import remove_stale_temps
    (user_dir / "replays" / "speedrun").mkdir(parents=True)
    old = [user_dir / ".settings.json.ab12cd_3.tmp", user_dir / "replays" / "speedrun" / ".x.replay.zz99zz99.tmp"]
    fresh = user_dir / ".bindings.json.qwertyui.tmp"
    mine = user_dir / "notes.tmp"
    for path in [*old, fresh, mine]:
        path.write_text("half a save")
    hour_ago = time.time() - 3600
    for path in [*old, mine]:
        os.utime(path, (hour_ago, hour_ago))
    assert remove_stale_temps() == 2
    assert not any(p.exists() for p in old)
    assert fresh.exists() and mine.exists()   # a save in progress elsewhere; not a file of ours


def test_unwritable_data_folder_the_game_starts_plays_and_says_so_once(tmp_path, monkeypatch):
    """A data folder that cannot be created (here: its parent is a file; on a read-only disk the same
    OSError): the shell starts, settings apply for the session, and each kind of record says once that
    it cannot be saved: the settings, and the records database (opened at start since #43)."""
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    outcome = hostile.run_case(hostile.Case("unwritable", [], codes=(0,), script=hostile.SHELL), blocker / "user")
    assert not outcome.problems(), (outcome.problems(), outcome.stderr[-500:])
    result = json.loads(outcome.stdout.strip().splitlines()[-1])
    cannot = [t for t in result["toasts"] if "cannot be saved" in t]
    assert sorted(t.split(" cannot")[0] for t in cannot) == ["Your settings", "Your speedrun records"], result["toasts"]
    assert result["volume"] == pytest.approx(0.7)    # the change applied anyway


def test_full_data_folder_settings_scene_and_records_do_not_raise(user_dir, monkeypatch):
    import pygame

    from game import app
    from game.files import userfiles
    from game.scenes.menus.settings import ControlsScene, SettingsScene
    from game.speedrun import records

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(userfiles, "atomic_write_text", full)
    pygame.display.set_mode((1280, 720))
    ctx = app.make_context()
    scene = SettingsScene(ctx)
    scene._volume(-1)
    scene._toggle("show_fps")
    ControlsScene(ctx)._reset()
    assert ctx.settings.volume == pytest.approx(0.7) and ctx.settings.show_fps
    assert sum("cannot be saved" in t for t in ctx.toasts.texts()) == 1
    assert records.save_replay("k", "text") is None


def test_headless_record_into_a_read_only_place_is_one_line(tmp_path, monkeypatch):
    from game import app
    from game.app import headless

    def refuse(self, path):
        raise OSError(errno.EROFS, "Read-only file system")
    from game.driver.replay import ReplayWriter
    monkeypatch.setattr(ReplayWriter, "save", refuse)
    assert headless  # the runner module is what writes the replay
    code = app.main(["--headless", "--bots", "2", "--seed", "3", "--record", str(tmp_path / "r.replay")])
    assert code == 2


def test_echo_keeps_one_printable_line():
    from game.files.untrusted import echo
    text = echo("a\nb\x1b[31mc\x00" + "x" * 500)
    assert "\n" not in text and "\x1b" not in text and text.isprintable() and len(text) <= 83


def test_strict_int_takes_ascii_digits_only():
    from game.files.untrusted import strict_int
    assert strict_int("42", 0, 100) == 42 and strict_int("-3", -5, 5) == -3
    for bad in ("\u00b2", "\u0663", "1_000", " 1", "1.0", "9" * 5000, "", "0x10"):
        assert strict_int(bad, -10**30, 10**30) is None, bad
    assert strict_int("101", 0, 100) is None


def test_reader_refuses_fifos_devices_and_folders_without_blocking(tmp_path):
    from game.files.untrusted import UntrustedError, read_bytes
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero", tmp_path):
        with pytest.raises(UntrustedError, match="not a|folder"):
            read_bytes(path, 1 << 20)
    big = tmp_path / "big"
    with open(big, "wb") as handle:
        handle.truncate(5 << 20)
    with pytest.raises(UntrustedError, match=re.escape("the limit is 1 MB")):
        read_bytes(big, 1 << 20)
