"""A headless process imports only what its path needs (issue #46): no pygame, no records database
(sqlite3), no window, scene or render module and no translations (Babel) in any command that
opens no window, nor in a tournament's worker. Each command runs in a fresh interpreter, as a
player's or a script's would, and reports what it loaded."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAIN = ROOT / "main.py"
# What a command without a window must not load: the top of each family is enough (a submodule
# brings its package).
UNWANTED = ("pygame", "sqlite3", "babel", "game.render", "game.scenes", "game.core", "game.files.database")

# The command, run in this interpreter as `python main.py ARGS` would run it, then the modules it
# loaded on standard error (standard output is the command's own).
_RUN = r"""
import json, runpy, sys
sys.argv = [MAIN, *ARGS]
code = 0
try:
    runpy.run_path(MAIN, run_name="__main__")
except SystemExit as stop:
    code = stop.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""

# A tournament worker started by spawn (Windows, macOS): the entry script runs as __mp_main__,
# then the pool's function plays its match (Linux forks the parent, which the CLI cases cover).
_WORKER = r"""
import json, runpy, sys
runpy.run_path(MAIN, run_name="__mp_main__")
from game.app.tournament import _one
outcome = _one(("soldout", "rush", "easy", "normal", 3, False))
print(json.dumps({"code": 0 if outcome in ("win", "tie", "loss") else 1, "modules": sorted(sys.modules)}),
      file=sys.stderr)
"""


def loaded(code: str, args: list[str] | None = None) -> tuple[int, list[str], str]:
    """Run `code` in a fresh interpreter: its exit status for the command, the unwanted modules it
    loaded, and its standard output."""
    source = code.replace("MAIN", repr(str(MAIN))).replace("ARGS", repr(args or []))
    done = subprocess.run([sys.executable, "-c", source], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    unwanted = [name for name in report["modules"] if any(name == top or name.startswith(top + ".")
                                                           for top in UNWANTED)]
    return report["code"], unwanted, done.stdout


def _recorded(tmp_path: Path) -> str:
    path = tmp_path / "match.replay"
    done = subprocess.run([sys.executable, str(MAIN), "--headless", "--bots", "2", "--rounds", "1", "--seed", "5",
                           "--record", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return str(path)


COMMANDS = {
    "headless json": ["--headless", "--json", "--bots", "6", "--rounds", "1", "--seed", "1"],
    "headless text": ["--headless", "--bots", "2", "--rounds", "1", "--seed", "2"],
    "headless memory": ["--headless", "--json", "--mode", "memory", "--bots", "3", "--rounds", "1", "--seed", "3"],
    "headless level": ["--headless", "--json", "--bots", "2", "--rounds", "1", "--seed", "4", "--level", "boutique"],
    "checkout": ["--headless", "--json", "--game", "checkout", "--bots", "2", "--seed", "1"],
    "career": ["--career", "first_rush", "--headless", "--json", "--seed", "1"],
    "check level": ["--check-level", "mall"],
    "scenario": ["--scenario", str(ROOT / "tests" / "scenarios" / "soldout_rush.toml")],
    "tournament": ["--tournament", "--matches", "1", "--seed", "1", "--mode", "rush"],
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_without_a_window_loads_no_window_modules(name):
    code, unwanted, out = loaded(_RUN, COMMANDS[name])
    assert code == 0 and out
    assert unwanted == []


def test_a_replay_played_headless_loads_no_window_modules(tmp_path):
    code, unwanted, out = loaded(_RUN, ["--replay", _recorded(tmp_path), "--headless", "--json"])
    assert code == 0 and json.loads(out.splitlines()[-1])["game"] == "soldout"
    assert unwanted == []


def test_a_spawned_tournament_worker_loads_no_window_modules():
    code, unwanted, _out = loaded(_WORKER)
    assert code == 0
    assert unwanted == []


def test_a_headless_match_prints_its_json_last_and_alone():
    """What trimming the imports must keep: the JSON line is the last line of standard output, and
    nothing is said on standard error (pygame's banner, a library's complaint)."""
    done = subprocess.run([sys.executable, str(MAIN), *COMMANDS["headless json"]], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout.splitlines()[-1])["seed"] == 1
