"""The command line: usage errors exit 2 with a message and no traceback; dispatch works."""
import json
import os
import signal
import stat
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game import VERSION, app, program_name
from game.app.cli import UsageError, parse_args
from game.files.register import ERROR_LOG
from game.match import games

ROOT = Path(__file__).resolve().parent.parent


def run(*argv, cwd=ROOT):
    return subprocess.run([sys.executable, "main.py", *argv], cwd=cwd, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("argv, words", [
    (["--bogus"], "unrecognized arguments: --bogus (main.py --help lists the options)"),
    (["--bots", "9", "--headless"], "--bots must be 1-6"),
    (["--game", "chess"], "--game must be one of soldout, checkout, not 'chess'"),
    (["--screenshot", "x.png"], "--screenshot needs --scene"),
])
def test_usage_errors_in_a_real_process_are_one_line(argv, words):
    result = run(*argv)
    assert result.returncode == 2
    assert result.stderr.startswith("main.py: error: ") and result.stderr.count("\n") == 1, result.stderr
    assert words in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("argv, words", [
    (["--rounds", "0"], "--rounds must be 1-5"),
    (["--seed", "-3"], "--seed must be 0-18446744073709551615"),
    (["--seed", "abc"], "whole number"),
    (["--size", "10x10", "--screenshot", "a.png", "--scene", "title"], "size must be between"),
    (["--json"], "--json only goes with"),
    (["--game", "checkout", "--mode", "rush"], "--mode is for Sold Out!"),
    (["--game", "checkout", "--headless", "--bots", "1"], "at least 2 players"),
    (["--headless", "--check-level", "x.tmx"], "cannot be used together"),
    (["--record", "a", "--replay", "b"], "not both"),
])
def test_cross_checks(argv, words):
    with pytest.raises(UsageError, match=words.replace("-", r"\-").replace("!", r"\!").replace("+", r"\+")):
        parse_args(argv)


def test_main_returns_2_with_one_line(capsys):
    assert app.main(["--difficulty", "godlike"]) == 2
    err = capsys.readouterr().err
    assert err == f"{program_name()}: error: --difficulty must be one of easy, normal, hard, expert, not 'godlike'\n"


def test_version_and_help(capsys):
    assert app.main(["--version"]) == 0
    assert VERSION in capsys.readouterr().out
    assert app.main(["--help"]) == 0
    assert "--screenshot" in capsys.readouterr().out


def test_defaults_match_the_contract():
    args = parse_args([])
    assert (args.game, args.bots, args.difficulty, args.size) == ("soldout", 4, "normal", (1280, 720))


def test_missing_replay_and_missing_level_exit_2(tmp_path, capsys):
    assert app.main(["--replay", str(tmp_path / "none.replay")]) == 2
    assert "cannot read replay" in capsys.readouterr().err
    bad = tmp_path / "bad.replay"
    bad.write_text("not a replay\n")
    assert app.main(["--replay", str(bad), "--headless", "--json"]) == 2
    assert "bad.replay" in capsys.readouterr().err
    assert app.main(["--check-level", str(tmp_path / "nope.tmx")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_unknown_scene_lists_the_scenes(tmp_path, capsys):
    assert app.main(["--screenshot", str(tmp_path / "x.png"), "--scene", "nowhere"]) == 2
    err = capsys.readouterr().err
    assert "nowhere" in err and "title" in err and "lobby" in err


def test_headless_dispatch_prints_json_last(monkeypatch, capsys):
    seen = {}

    def play_match(spec):
        seen["spec"] = spec
        return {"game": spec.game, "mode": spec.options.mode, "seed": spec.seed, "ticks": 10,
                "players": [{"seat": s.seat, "team": s.team, "bot": True, "score": s.seat} for s in spec.seats],
                "winners": [2], "state_hash": "abc"}

    fake = types.ModuleType("fake_autoplay")
    fake.play_match = play_match
    monkeypatch.setattr(games.get("soldout"), "runner", lambda: fake)
    code = app.main(["--headless", "--json", "--bots", "4", "--seed", "7", "--mode", "memory",
                     "--rounds", "2", "--teams", "--difficulty", "hard"])
    assert code == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    assert result["seed"] == 7 and result["winners"] == [2]
    spec = seen["spec"]
    assert (spec.options.mode, spec.options.rounds, spec.teams, len(spec.seats)) == ("memory", 2, True, 4)
    assert [s.team for s in spec.seats] == [0, 1, 0, 1]
    assert all(s.kind == "bot" and s.difficulty == "hard" for s in spec.seats)
    assert app.main(["--headless", "--bots", "3", "--seed", "7"]) == 0
    assert "WINNER" in capsys.readouterr().out


def test_unexpected_error_is_one_line_and_logged(monkeypatch, capsys, user_dir):
    def boom(args, out):
        raise RuntimeError("kaboom")
    monkeypatch.setattr(app, "dispatch", boom)
    assert app.main([]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "kaboom" in err
    assert "RuntimeError: kaboom" in (user_dir / ERROR_LOG.relative()).read_text()


def test_screenshot_in_a_real_process(tmp_path):
    out = tmp_path / "title.png"
    result = run("--screenshot", str(out), "--scene", "title", "--size", "1920x1080")
    assert result.returncode == 0, result.stderr
    import pygame
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)


def test_a_screenshot_never_touches_the_players_records(tmp_path):
    """The title reads the career's stars and the lobby the profiles, from the records: a picture of
    them is staged in memory, so the player's database is never created, opened or set aside."""
    user = tmp_path / "user"
    user.mkdir()
    (user / "records.sqlite3").write_bytes(b"not a database, and the player's to keep")
    env = {**os.environ, "SOLDOUT_USER_DIR": str(user)}
    for scene in ("title", "lobby_profiles"):
        done = subprocess.run([sys.executable, "main.py", "--screenshot", str(tmp_path / f"{scene}.png"),
                               "--scene", scene], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in user.iterdir()) == ["records.sqlite3"]
    assert (user / "records.sqlite3").read_bytes() == b"not a database, and the player's to keep"


def test_missing_level_and_record_folder_exit_2(tmp_path, capsys):
    assert app.main(["--headless", "--level", str(tmp_path / "nope.tmx")]) == 2
    assert "no such level" in capsys.readouterr().err
    assert app.main(["--headless", "--record", str(tmp_path / "no" / "dir" / "r.txt")]) == 2
    assert "does not exist" in capsys.readouterr().err


# ---------------------------------------------------------------- values the command line cannot use
def _value_options() -> list[str]:
    """Every option that takes a value, read from the parser: a new one is covered at once."""
    from game.app.cli import build_parser
    return [a.option_strings[0] for a in build_parser()._actions if a.option_strings and a.nargs != 0]


def test_the_value_options_are_the_ones_the_table_below_expects():
    assert {"--replay", "--record", "--level", "--check-level", "--export-lss", "--out", "--screenshot",
            "--scene", "--scenario", "--seed", "--livesplit", "--lang"} <= set(_value_options())


@pytest.mark.parametrize("blank", ["", " ", "\t", "  \n"])
@pytest.mark.parametrize("flag", _value_options())
def test_an_empty_or_blank_value_is_refused_for_every_option(flag, blank):
    with pytest.raises(UsageError) as caught:
        parse_args([flag, blank])
    assert str(caught.value).startswith(f"{flag} needs ") and "empty value" in str(caught.value)


@pytest.mark.parametrize("argv", [
    ["--headless", "--replay", "", "--json"],      # used to play a fresh random match and exit 0
    ["--headless", "--record", ""],                # used to write nothing and exit 0
    ["--headless", "--level", ""],                 # used to play the default level
    ["--check-level", ""], ["--replay", ""], ["--export-lss", ""],   # used to open the game window
    ["--export-lss", "rush", "--out", ""],         # used to write to the default path
    ["--screenshot", "", "--scene", "mall"],       # used to blame --scene
])
def test_the_empty_values_that_were_silently_ignored_exit_2_with_one_line(argv, capsys, monkeypatch):
    monkeypatch.setattr(app, "run_window", lambda args: pytest.fail("the window opened"))
    assert app.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "empty value" in captured.err


@pytest.mark.parametrize("argv, words", [
    (["--headless", "--seed", "1_000"], "--seed must be a whole number 0-18446744073709551615 in the digits 0-9"),
    (["--headless", "--rounds", "٣"], "--rounds must be a whole number 1-5 in the digits 0-9, not '٣'"),
    (["--headless", "--bots", "+3"], "--bots must be a whole number 1-6 in the digits 0-9, not '+3'"),
    (["--headless", "--bots", " 3"], "--bots must be a whole number"),
    (["--headless", "--seed", "３"], "--seed must be a whole number"),     # a full-width digit
    (["--headless", "--seed", "1e3"], "--seed must be a whole number"),
    (["--tournament", "--matches", "0x10"], "--matches must be a whole number"),
    (["--headless", "--seed", "9" * 5000], "--seed must be 0-18446744073709551615"),
    (["--headless", "--seed", "-1"], "--seed must be 0-18446744073709551615, not '-1'"),
    (["--screenshot", "a.png", "--scene", "title", "--size", "１９２０x1080"], "--size must look like 1280x720"),
])
def test_numbers_are_ascii_digits_only(argv, words):
    with pytest.raises(UsageError) as caught:
        parse_args(argv)
    assert words in str(caught.value)


def test_plain_numbers_are_still_numbers():
    args = parse_args(["--headless", "--seed", "007", "--bots", "3", "--rounds", "2"])
    assert (args.seed, args.bots, args.rounds) == (7, 3, 2)


def test_an_option_whose_own_check_names_it_is_not_named_twice():
    with pytest.raises(UsageError) as caught:
        parse_args(["--livesplit", "local host:1"])
    assert str(caught.value).count("--livesplit") == 1


# ---------------------------------------------------------------- one error line, named as typed
@pytest.mark.parametrize("argv", [
    ["--bots", "9", "--headless"],                     # a usage error
    ["--check-level", "no_such_level.tmx"],            # a file that cannot be used
    ["--scenario", "no_such_scenario.toml"],
    ["--replay", "no_such.replay", "--headless", "--json"],
    ["--screenshot", "x.png", "--scene", "nowhere"],
    ["--export-lss", "marathon"],
])
def test_every_error_has_one_prefix_with_the_name_typed(argv, tmp_path):
    for command in ([sys.executable, str(ROOT / "main.py")], [str(Path(sys.executable).parent / "soldout-checkout")]):
        if not Path(command[-1]).exists():
            continue          # the command exists in an installed venv only
        done = subprocess.run([*command, *argv], cwd=tmp_path, capture_output=True, text=True, timeout=120)
        lines = [line for line in done.stderr.splitlines()]
        assert done.returncode == 2 and len(lines) == 1, (command, argv, done.stderr)
        assert lines[0].startswith(f"{Path(command[-1]).name}: error: "), lines


# ---------------------------------------------------------------- messages that name the real problem
@pytest.fixture
def fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    path = tmp_path / "pipe.png"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("argv, words", [
    (["--check-level", "{fifo}"], "pipe.png: is not a regular file, not a level"),
    (["--check-level", "/dev/zero"], "/dev/zero: is not a regular file, not a level"),
    (["--headless", "--level", "{fifo}"], "that is not a regular file (a device or a pipe)"),
    (["--scenario", "{fifo}"], "pipe.png: is not a regular file, not a scenario file"),
    (["--replay", "{fifo}", "--headless", "--json"], "pipe.png: is not a regular file, not a replay"),
    (["--headless", "--record", "{fifo}"], "--record {fifo}: that is not a regular file (a device or a pipe)"),
    (["--export-lss", "rush", "--out", "{fifo}"], "--out {fifo}: that is not a regular file (a device or a pipe)"),
    (["--scenario", "{empty}"], "empty.toml: is empty, not a scenario file"),
    (["--replay", "{empty}", "--headless", "--json"], "empty.toml: is empty, not a replay"),
    (["--check-level", "{empty}"], "empty.toml: is empty, not a level"),
])
def test_a_file_that_cannot_be_used_is_named_for_what_it_is(argv, words, fifo, tmp_path, capsys):
    empty = tmp_path / "empty.toml"
    empty.write_text("\n  \n")
    argv = [a.format(fifo=fifo, empty=empty) for a in argv]
    assert app.main(argv) == 2
    err = capsys.readouterr().err
    assert words.format(fifo=fifo) in err and err.count("\n") == 1, err
    assert stat.S_ISFIFO(fifo.stat().st_mode)         # never replaced by a file (as --out once did)


# ---------------------------------------------------------------- --help
def test_help_documents_every_option_and_lists_the_scenes_and_boards(capsys):
    from game.app.cli import build_parser
    from game.scenes import registry
    from game.speedrun.categories import load_categories
    undocumented = [a.option_strings[0] for a in build_parser()._actions if not (a.help or "").strip()]
    assert undocumented == []
    assert app.main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())     # argparse wraps lines
    missing = [name for name in registry.screenshot_names() + list(load_categories()) if name not in text]
    assert missing == []
    assert "screenshot scenes (--scene NAME)" in text and "speedrun boards (--export-lss BOARD)" in text


def test_a_screenshot_into_a_pipe_is_refused_not_left_waiting_for_a_reader(fifo):
    """pygame would open the pipe and wait for a reader for ever: a subprocess, so a regression fails."""
    done = run("--screenshot", str(fifo), "--scene", "title")
    assert done.returncode == 2 and done.stderr == f"main.py: error: --screenshot {fifo}: that is not a regular " \
        "file (a device or a pipe); give a file name\n"


# ---------------------------------------------------------------- output into a closed pipe
@pytest.mark.parametrize("argv", [
    ["--tournament", "--game", "checkout", "--matches", "2"],
    ["--scenario", *map(str, sorted((ROOT / "tests" / "scenarios").glob("*.toml"))[:3])],
    ["--headless", "--game", "checkout", "--bots", "2", "--seed", "1", "--json"],
])
def test_output_into_a_closed_pipe_ends_quietly_with_the_sigpipe_status(argv, user_dir):
    """`main.py --tournament | head -1` used to say "error: BrokenPipeError", exit 1 and write error.log."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    proc.stdout.close()           # the reader is gone before the first line arrives
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=300) == (128 + signal.SIGPIPE if hasattr(signal, "SIGPIPE") else 1)
    assert err == b""
    assert not (user_dir / ERROR_LOG.relative()).exists()
