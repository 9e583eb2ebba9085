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


def loaded(code: str, args: list[str] | None = None,
           unwanted_tops: tuple[str, ...] = UNWANTED) -> tuple[int, list[str], str]:
    """Run `code` in a fresh interpreter: its exit status for the command, the modules it loaded
    among `unwanted_tops` (each a module and its submodules), and its standard output."""
    source = code.replace("MAIN", repr(str(MAIN))).replace("ARGS", repr(args or []))
    done = subprocess.run([sys.executable, "-c", source], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    unwanted = [name for name in report["modules"] if any(name == top or name.startswith(top + ".")
                                                           for top in unwanted_tops)]
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


# A game's headless match loads only its own game (issue #46): Check Out! at the dice table never
# the Sold Out! bots (their walk grids), the mall, the level reader, Tiled's or the XML parsers;
# Sold Out! never the table, its rules or its bots. Both games' objects stay registered (the
# command line names them), Sold Out!'s with its options alone: its modes load when asked about.
NOT_CHECK_OUT = ("game.bots.soldout", "game.bots.difficulty", "game.bots.errands", "game.bots.walking",
                 "game.bots.search", "game.bots.pathfind", "game.bots.memory", "game.bots.fairness",
                 "game.sim.mall", "game.sim.mall_avatar", "game.sim.mall_controls", "game.sim.mall_face",
                 "game.sim.mall_fixtures", "game.sim.mall_floor", "game.sim.mall_view", "game.sim.physics",
                 "game.sim.tuning", "game.driver.soldout_headless", "game.rules.soldout.modes",
                 "game.rules.soldout.catalogue", "game.rules.soldout.events", "game.rules.soldout.engine",
                 "game.rules.soldout.match", "game.files.levels", "game.files.level_files", "pytmx",
                 "xml", "defusedxml")
NOT_SOLD_OUT = ("game.rules.checkout", "game.bots.checkout", "game.bots.checkout_plan", "game.sim.table",
                "game.sim.table_face", "game.sim.table_view", "game.sim.table_events", "game.sim.table_turns",
                "game.sim.table_cursor", "game.sim.table_tuning", "game.driver.table_headless")
# What only a replay read or written needs: a match played afresh without --record loads none of it.
NOT_UNRECORDED = ("game.driver.replay", "game.files.register", "game.files.userfiles", "platformdirs")
# What no match asks for: the dice's exact chances as fractions (the rules' tests and tools do).
NOT_PLAYED = ("fractions",)


@pytest.mark.parametrize("args", [COMMANDS["checkout"],
                                  ["--headless", "--game", "checkout", "--bots", "6", "--seed", "2"]])
def test_a_check_out_match_loads_nothing_of_sold_out_nor_a_replay(args):
    code, unwanted, out = loaded(_RUN, args, NOT_CHECK_OUT + NOT_UNRECORDED + NOT_PLAYED)
    assert code == 0 and ("Check Out!" in out or '"game":"checkout"' in out)
    assert unwanted == []


@pytest.mark.parametrize("name", ["headless json", "headless memory", "headless level"])
def test_a_sold_out_match_loads_nothing_of_check_out_nor_a_replay(name):
    # A level named on the command line is looked for in the player's levels folder too (the
    # user-file register says where): that run keeps the register.
    lean = NOT_UNRECORDED if "--level" not in COMMANDS[name] else ()
    code, unwanted, out = loaded(_RUN, COMMANDS[name], NOT_SOLD_OUT + lean)
    assert code == 0 and json.loads(out.splitlines()[-1])["game"] == "soldout"
    assert unwanted == []


def test_a_check_out_replay_played_headless_reads_no_level(tmp_path):
    """A Check Out! replay names no level: reading it loads the replay reader, not the level
    reader nor anything of Sold Out!'s match."""
    path = tmp_path / "table.replay"
    done = subprocess.run([sys.executable, str(MAIN), *COMMANDS["checkout"], "--record", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    code, unwanted, out = loaded(_RUN, ["--replay", str(path), "--headless", "--json"], NOT_CHECK_OUT)
    assert code == 0 and json.loads(out.splitlines()[-1]) == json.loads(done.stdout.splitlines()[-1])
    assert unwanted == []


def test_a_recorded_match_still_loads_the_replay_writer(tmp_path):
    """The other side of NOT_UNRECORDED: with --record the writer is loaded and the file written
    (the lazy import is taken, not skipped)."""
    path = tmp_path / "table.replay"
    code, unwanted, _out = loaded(_RUN, [*COMMANDS["checkout"], "--record", str(path)], ("game.driver.replay",))
    assert code == 0 and unwanted == ["game.driver.replay"] and path.stat().st_size > 0
