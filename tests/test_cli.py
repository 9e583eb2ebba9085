"""The command line: usage errors exit 2 with a message and no traceback; dispatch works."""
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game import VERSION, app
from game.app import headless
from game.app.cli import UsageError, parse_args

ROOT = Path(__file__).resolve().parent.parent


def run(*argv, cwd=ROOT):
    return subprocess.run([sys.executable, "main.py", *argv], cwd=cwd, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("argv, words", [
    (["--bogus"], "unrecognized arguments"),
    (["--bots", "9", "--headless"], "--bots must be 1-6"),
    (["--game", "chess"], "invalid choice"),
    (["--screenshot", "x.png"], "--screenshot needs --scene"),
])
def test_usage_errors_in_a_real_process(argv, words):
    result = run(*argv)
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert words in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


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


def test_main_returns_2_and_prints_usage(capsys):
    assert app.main(["--difficulty", "godlike"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage:") and "godlike" in err


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
        return {"game": spec.game, "mode": spec.mode, "seed": spec.seed, "ticks": 10,
                "players": [{"seat": s.seat, "team": s.team, "bot": True, "score": s.seat} for s in spec.seats],
                "winners": [2], "state_hash": "abc"}

    fake = types.ModuleType("fake_autoplay")
    fake.play_match = play_match
    monkeypatch.setitem(headless.RUNNERS, "soldout", fake)
    code = app.main(["--headless", "--json", "--bots", "4", "--seed", "7", "--mode", "memory",
                     "--rounds", "2", "--teams", "--difficulty", "hard"])
    assert code == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    assert result["seed"] == 7 and result["winners"] == [2]
    spec = seen["spec"]
    assert (spec.mode, spec.rounds, spec.teams, len(spec.seats)) == ("memory", 2, True, 4)
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
    assert "RuntimeError: kaboom" in (user_dir / app.ERROR_LOG).read_text()


def test_screenshot_in_a_real_process(tmp_path):
    out = tmp_path / "title.png"
    result = run("--screenshot", str(out), "--scene", "title", "--size", "1920x1080")
    assert result.returncode == 0, result.stderr
    import pygame
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)


def test_missing_level_and_record_folder_exit_2(tmp_path, capsys):
    assert app.main(["--headless", "--level", str(tmp_path / "nope.tmx")]) == 2
    assert "no such level" in capsys.readouterr().err
    assert app.main(["--headless", "--record", str(tmp_path / "no" / "dir" / "r.txt")]) == 2
    assert "does not exist" in capsys.readouterr().err
