"""The command line never silently ignores a user (issue: "a command line that never silently
ignores you"): every flag works where it is used or is refused with exit 2 and one line on stderr."""
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import app
from game.app import cli
from game.app.cli import FLAG_MODES, RUN_MODES, UsageError, parse_args
from tests.level_folder import own_level

ROOT = Path(__file__).resolve().parent.parent
REPLAYS = ROOT / "tests" / "data"


def run(*argv, cwd=ROOT):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def refused(argv, words: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_args(argv)
    assert words in str(caught.value), str(caught.value)


# ---------------------------------------------------------------- flags outside their mode
@pytest.mark.parametrize("argv, flag, mode", [
    (["--bots", "3"], "--bots", "the game window"),
    (["--teams"], "--teams", "the game window"),
    (["--difficulty", "hard"], "--difficulty", "the game window"),
    (["--size", "1920x1080"], "--size", "the game window"),
    (["--game", "checkout"], "--game", "the game window"),
    (["--seed", "3"], "--seed", "the game window"),
    (["--level", "boutique"], "--level", "the game window"),
    (["--replay", "r.rep", "--headless", "--json", "--bots", "3"], "--bots", "--replay FILE --headless"),
    (["--replay", "r.rep", "--headless", "--seed", "3"], "--seed", "--replay FILE --headless"),
    (["--replay", "r.rep", "--headless", "--size", "1920x1080"], "--size", "--replay FILE --headless"),
    (["--replay", "r.rep", "--bots", "2"], "--bots", "--replay FILE (in the window)"),
    (["--headless", "--fullscreen"], "--fullscreen", "--headless"),
    (["--headless", "--size", "1920x1080"], "--size", "--headless"),
    (["--screenshot", "a.png", "--scene", "mall", "--bots", "3"], "--bots", "--screenshot"),
    (["--tournament", "--difficulty", "hard"], "--difficulty", "--tournament"),
    (["--check-level", "x.tmx", "--seed", "2"], "--seed", "--check-level"),
])
def test_a_flag_outside_its_mode_is_refused_naming_its_mode(argv, flag, mode):
    refused(argv, f"{flag} only goes with ")
    refused(argv, f"not with {mode}")


def test_even_a_default_value_typed_out_is_refused_outside_its_mode():
    refused(["--bots", "4"], "--bots only goes with --headless")
    refused(["--difficulty", "normal"], "--difficulty only goes with --headless")


def test_flags_in_their_modes_are_accepted_with_the_defaults_filled_in():
    args = parse_args(["--headless", "--bots", "5", "--teams", "--difficulty", "hard", "--seed", "2"])
    assert (args.bots, args.teams, args.difficulty, args.game) == (5, True, "hard", "soldout")
    args = parse_args(["--screenshot", "a.png", "--scene", "mall", "--size", "1920x1080", "--seed", "4"])
    assert args.size == (1920, 1080)
    args = parse_args(["--replay", "r.rep", "--headless", "--json"])
    assert args.json and args.replay
    assert cli.run_mode(parse_args(["--replay", "r.rep", "--json"])) == "headless_replay"   # JSON means no window
    args = parse_args(["--record", "x.rep", "--fullscreen"])
    assert args.record == "x.rep" and args.fullscreen
    assert parse_args(["--tournament", "--game", "checkout", "--matches", "2", "--seed", "3"]).matches == 2


def test_the_flag_table_is_complete_and_names_real_modes():
    """A new option must say where it belongs: every option of the parser is in FLAG_MODES or selects a mode."""
    selectors = {*cli.MODE_OPTIONS, "replay", "help", "version"}
    dests = {a.dest for a in cli.build_parser()._actions}
    assert dests - selectors - set(FLAG_MODES) == set(), "say where each new option belongs in FLAG_MODES (game/app/cli.py)"
    assert all(set(modes) <= set(RUN_MODES) for modes in FLAG_MODES.values())
    assert set(cli.MODE_OPTIONS) <= set(RUN_MODES)


@pytest.mark.parametrize("argv", [
    ["--replay", "r.rep", "--screenshot", "a.png", "--scene", "title"],
    ["--replay", "r.rep", "--tournament"],
    ["--replay", "r.rep", "--check-level", "x.tmx"],
])
def test_replay_with_another_mode_is_refused(argv):
    refused(argv, "cannot be used together")


# ---------------------------------------------------------------- what the rulebooks refuse
def test_check_out_has_no_teams():
    refused(["--headless", "--game", "checkout", "--bots", "4", "--teams"], "Check Out! has no teams")


@pytest.mark.parametrize("bots", ["1", "2", "3"])
def test_teams_of_one_are_refused_with_the_rule(bots):
    refused(["--headless", "--teams", "--bots", bots], "teams have 2 or 3 players")


@pytest.mark.parametrize("bots", ["4", "5", "6"])
def test_teams_of_two_or_three_are_accepted(bots):
    assert parse_args(["--headless", "--teams", "--bots", bots]).teams


# ---------------------------------------------------------------- files named on the command line
def test_record_into_a_folder_is_refused_before_the_match(tmp_path, monkeypatch, capsys):
    played = []
    monkeypatch.setattr("game.app.headless.play", lambda *a, **k: played.append(a))
    assert app.main(["--headless", "--record", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is a folder" in err and err.count("\n") == 1
    assert played == []


def test_record_where_nothing_can_be_written_is_refused_before_the_match(monkeypatch, capsys):
    played = []
    monkeypatch.setattr("game.app.headless.play", lambda *a, **k: played.append(a))
    assert app.main(["--headless", "--record", "/proc/match.rep"]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and err.count("\n") == 1
    assert played == []


def test_record_into_a_folder_is_refused_before_the_window_opens(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(app, "run_window", lambda args: pytest.fail("the window opened"))
    assert app.main(["--record", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_check_level_on_a_folder_says_it_is_a_folder_on_stderr(tmp_path, capsys):
    assert app.main(["--check-level", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"{cli.program_name()}: error: {tmp_path}: is a folder, not a level\n"


def test_check_level_errors_go_to_stderr_and_the_verdict_to_stdout(capsys):
    assert app.main(["--check-level", str(ROOT / "levels" / "broken" / "no_table.tmx")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "no_table.tmx" in captured.err
    assert app.main(["--check-level", str(ROOT / "levels" / "mall.tmx")]) == 0
    assert capsys.readouterr().out.startswith("ok: ")


def test_scenario_file_errors_go_to_stderr(tmp_path, capsys):
    assert app.main(["--scenario", str(tmp_path / "nope.toml")]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"{cli.program_name()}: error: ") and "nope.toml: no such file" in captured.err
    assert "error" not in captured.out


def test_level_names_the_path_the_user_gave(tmp_path):
    """`--level empty.txt` used to report levels/empty.tmx, a path the user never typed."""
    (tmp_path / "empty.txt").write_text("")
    result = run("--headless", "--level", "empty.txt", "--seed", "1", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "main.py: error: empty.txt: is empty, not a level\n", result.stderr
    missing = run("--headless", "--level", "gone.txt", cwd=tmp_path)
    assert missing.returncode == 2 and "--level gone.txt: no such level file" in missing.stderr


def test_level_by_shipped_name_and_by_a_relative_path(tmp_path):
    """From another folder: `--level boutique` (shipped) and `--level my.tmx` (the user's own copy)."""
    own_level(tmp_path / "levels")
    for level in ("boutique", "boutique.tmx", "levels/my.tmx"):
        result = run("--headless", "--level", level, "--bots", "2", "--seed", "1", "--json", cwd=tmp_path)
        assert result.returncode == 0, (level, result.stderr)


def test_level_by_the_name_of_one_in_the_players_levels_folder(tmp_path, user_dir, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert app.main(["--headless", "--level", "my", "--bots", "2", "--seed", "1"]) == 2
    assert "no level of that name among the shipped ones" in capsys.readouterr().err
    own_level(user_dir / "levels")
    for name in ("my", "my.tmx"):
        assert app.main(["--headless", "--level", name, "--bots", "2", "--seed", "1"]) == 0, capsys.readouterr().err


def test_level_given_as_a_folder_is_refused(tmp_path, capsys):
    assert app.main(["--headless", "--level", str(tmp_path)]) == 2
    assert "that is a folder" in capsys.readouterr().err


@pytest.mark.parametrize("typed, named", [
    ("/home/me/.local/bin/soldout-checkout", "soldout-checkout"),
    ("main.py", "main.py"),
    ("/src/game/main.py", "main.py"),
    ("-c", "soldout-checkout"),
])
def test_errors_use_the_name_the_program_was_started_by(typed, named, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [typed, "--bots", "3"])
    assert app.main() == 2      # the process's own command line, as main.py and the installed command run it
    err = capsys.readouterr().err
    assert err.startswith(f"{named}: error: --bots") and err.count("\n") == 1
    assert cli.program_name() == "soldout-checkout"     # the name is the running command's, not left behind


@pytest.mark.parametrize("host", ["/work/.venv/bin/pytest", "/usr/bin/ipython3", "tools/soak.py"])
def test_the_game_run_inside_another_program_does_not_take_its_name(host, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [host, "-q"])
    assert app.main(["--bots", "3"]) == 2
    assert capsys.readouterr().err.startswith("soldout-checkout: error: --bots")
    assert cli.program_name() == "soldout-checkout"


# ---------------------------------------------------------------- screenshots
@pytest.mark.parametrize("name", ["out.txt", "out", "out.gif"])
def test_screenshot_to_a_type_pygame_cannot_write_is_refused(name):
    refused(["--screenshot", name, "--scene", "title"], "name it e.g. shot.png")


def test_screenshot_types_pygame_writes_are_accepted():
    for name in ("a.png", "a.JPG", "a.jpeg", "a.bmp", "a.tga"):
        assert parse_args(["--screenshot", name, "--scene", "title"]).screenshot == name


def test_an_odd_size_is_letterboxed_not_stretched():
    pygame.init()
    picture = pygame.Surface((1280, 720))
    picture.fill((200, 100, 50))
    boxed = app.letterboxed(picture, (1280, 1000))
    assert boxed.get_size() == (1280, 1000)
    assert boxed.get_at((640, 10))[:3] == (0, 0, 0) and boxed.get_at((640, 990))[:3] == (0, 0, 0)
    assert boxed.get_at((640, 500))[:3] == (200, 100, 50) and boxed.get_at((2, 500))[:3] == (200, 100, 50)
    wide = app.letterboxed(picture, (2000, 720))
    assert wide.get_at((10, 360))[:3] == (0, 0, 0) and wide.get_at((1000, 360))[:3] == (200, 100, 50)


# ---------------------------------------------------------------- quiet ordinary use
def test_opening_the_window_prints_no_warning(recwarn):
    pygame.init()
    app.open_display(False)
    assert [str(w.message) for w in recwarn] == []
    pygame.display.quit()


def test_the_window_opens_without_a_word_on_stderr(tmp_path):
    """It used to print `Warning: no fast renderer available` under the dummy video driver."""
    env = {**os.environ, app.FIRST_FRAME_ONLY: "1"}
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("FIRST ")
    assert done.stderr == ""


def test_the_bench_leaves_no_user_folder_behind():
    """Each benchmark run used to leave a bench-user-* folder in the temp directory."""
    done = subprocess.run([sys.executable, "-c", "from devkit.bench.report import _temp_user_dir; print(_temp_user_dir())"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    folder = Path(done.stdout.strip())
    assert folder.name.startswith("bench-user-") and not folder.exists()


@pytest.mark.parametrize("argv", [["--check-level", "x" * 300 + ".tmx"], ["--headless", "--level", "x" * 300],
                                  ["--headless", "--record", "x" * 300]])
def test_a_name_too_long_for_the_os_is_one_line_and_exit_2(argv):
    done = run(*argv)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_seed_a_replay_cannot_hold_is_refused():
    with pytest.raises(UsageError, match="--seed"):
        parse_args(["--headless", "--seed", str(1 << 64)])
    assert parse_args(["--headless", "--seed", str((1 << 64) - 1)]).seed == (1 << 64) - 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="only Linux can lack a display server")
def test_the_window_without_a_display_says_so_instead_of_playing_invisibly(tmp_path):
    """With no X11 or Wayland session SDL falls back to its offscreen driver: the game used to run
    there, a window nobody could see, until killed."""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_RUNTIME_DIR"] = str(runtime)       # else SDL itself complains that it is unset
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "main.py: error: no display to open the game window on: start it from a desktop " \
        "session (--headless, --screenshot and --check-level need none)\n"
