"""Every script in tools/ still starts: a module moved or renamed under it fails here, not the
next time someone runs the tool.

Two checks per tool. Its imports (at the top and inside functions, where most tools import the
game lazily) each name a module and a name that exist. And its entry point runs in a child
process with the smallest arguments that do real work (a few ticks, one level, a copy of a
replay; output in a temporary folder), or `--help` where any real run takes minutes (music_check
plays 27 s of audio, build_dist runs PyInstaller) or would rewrite the repository's own files
(make_sounds, make_tileset: loaded without running main). tools/fuzz.py has its own test.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
OWN_TEST = {"fuzz", "fuzz_classes"}   # tools/fuzz.py and its generators: tests/test_fuzz_tool.py runs them
FIRST_PARTY = ("game", "devkit", "tests")


@dataclass(frozen=True)
class Run:
    argv: tuple[str, ...]              # after `python tools/NAME.py`; {tmp} is the test's folder
    says: str                          # a piece of what it prints (stdout or stderr) when it worked
    code: int = 0
    needs: str | None = None           # an optional package it cannot start without


RUNS = {
    "ambient_cost": Run(("market", "--frames", "5"), "market       median"),
    "balance": Run(("--help",), "--check"),        # its --check is tests/test_checkout_balance.py
    "bench_history": Run(("--attempts", "30", "--opens", "1", "--frames", "2"), '"draw_attempts_tab"'),
    "bench_mall_sim": Run(("--ticks", "60"), "busy tick"),
    "bench_table": Run(("--frames", "2"), "static blit"),
    "bot_stats": Run(("--seeds", "1"), "tidy    now"),
    "build_dist": Run(("--help",), "--dist"),
    "build_fast": Run(("--help",), "--clean"),
    "career_balance": Run(("first_rush", "--tries", "1", "--levels", "normal"), "| first_rush |"),
    "cast_sheet": Run(("{tmp}/cast.png", "--size", "24", "--palette", "seats"), "cast.png"),
    "contact_sheet": Run(("{tmp}/art",), "contact sheets written"),
    "i18n": Run((), "python tools/i18n.py check", code=2),   # its check is tests/test_i18n.py
    "level_sheet": Run(("boutique", "--out", "{tmp}/levels"), "boutique.png"),
    "make_music": Run(("--help",), "usage:", needs="mido"),
    "make_sounds": Run((), ""),                     # loaded only: main() rewrites assets/sounds
    "make_tileset": Run((), ""),                    # loaded only: main() rewrites levels/*.tsx, assets/tiles
    "monkey": Run(("--minutes", "0.01", "--only", "table", "--ticks", "200"), '"failures": []'),
    "motion_sheet": Run(("{tmp}/motion.png", "--scene", "title", "--ticks", "1"), "1 frames"),
    "music_check": Run(("--help",), "--wav"),
    "restamp_replays": Run(("{tmp}/old.replay",), "old.replay: rules "),
    "seat_fairness": Run(("boutique", "--matches", "2", "--seats", "2", "--jobs", "1"), "| boutique | 2 | 2 |"),
    "soak": Run(("--game-minutes", "0.05", "--sample-every", "60"), '"failed": []'),
    "startup_time": Run(("--runs", "1"), "first frame median"),
    "type_sheet": Run(("{tmp}/type",), "compare.png"),
}
LOADED_ONLY = {"make_sounds", "make_tileset"}


def tool_names() -> list[str]:
    return sorted(path.stem for path in TOOLS.glob("*.py"))


def test_every_tool_has_a_smoke_run():
    assert sorted(RUNS) == sorted(set(tool_names()) - OWN_TEST), "give the new tool a Run in RUNS"


# ---------------------------------------------------------------- imports
def first_party_imports(path: Path) -> list[tuple[str, str | None]]:
    """(module, name) for every import of the game's own code in a file, at any depth; name is
    None for `import module`."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [(node.module, alias.name) for alias in node.names]
    local = {p.stem for p in (ROOT / "tests").glob("*.py")}   # tests/vpad.py, put on sys.path by the monkey
    return [(f"tests.{module}" if module in local else module, name) for module, name in found
            if module.split(".")[0] in FIRST_PARTY or module in local]


def missing_imports(path: Path) -> list[str]:
    missing = []
    for module, name in first_party_imports(path):
        try:
            imported = importlib.import_module(module)
        except ModuleNotFoundError:
            missing.append(module)
            continue
        if name is not None and not hasattr(imported, name) and not is_submodule(imported, name):
            missing.append(f"{module}.{name}")
    return missing


def is_submodule(package: object, name: str) -> bool:
    """`from package import name` where name is a module not imported yet."""
    where = getattr(package, "__name__", "")
    return hasattr(package, "__path__") and importlib.util.find_spec(f"{where}.{name}") is not None


@pytest.mark.parametrize("name", tool_names())
def test_what_a_tool_imports_exists(name):
    assert missing_imports(TOOLS / f"{name}.py") == []


def test_the_import_check_sees_a_moved_module(tmp_path):
    moved = tmp_path / "moved.py"
    moved.write_text("def main():\n    from game.sim.no_such_module import MallSim\n"
                     "    from game.match.spec import NoSuchSpec\n", encoding="utf-8")
    assert missing_imports(moved) == ["game.sim.no_such_module", "game.match.spec.NoSuchSpec"]


# ---------------------------------------------------------------- entry points
def old_replay(folder: Path) -> None:
    """A corpus replay stamped with rules revision 1, for restamp_replays to bring up to date."""
    first, _, rest = (ROOT / "tests" / "data" / "replays" / "checkout_2p_s11.replay").read_text(
        encoding="utf-8").partition("\n")
    magic, fmt, header = first.split(" ", 2)
    old = {**json.loads(header), "rules": 1}
    (folder / "old.replay").write_text(f"{magic} {fmt} {json.dumps(old)}\n{rest}", encoding="utf-8")


def run_tool(name: str, run: Run, folder: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               SOLDOUT_USER_DIR=str(folder / "user"), TMPDIR=str(folder))   # nothing lands outside the folder
    script = str(TOOLS / f"{name}.py")
    if name in LOADED_ONLY:
        argv = ["-c", f"import runpy; assert callable(runpy.run_path({script!r}, run_name='smoke')['main'])"]
    else:
        argv = [script, *(arg.format(tmp=folder) for arg in run.argv)]
    return subprocess.run([sys.executable, *argv], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL)


@pytest.mark.slow        # a child process each, 40 s together; the import checks above stay fast
@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_tool_starts_and_does_its_smallest_job(name, tmp_path):
    run = RUNS[name]
    if run.needs is not None:
        pytest.importorskip(run.needs, reason=f"tools/{name}.py needs {run.needs} (the `music` extra)")
    if name == "restamp_replays":
        old_replay(tmp_path)
    done = run_tool(name, run, tmp_path)
    said = done.stdout + done.stderr
    assert "Traceback" not in said, said
    assert done.returncode == run.code, said
    assert run.says in said, said


@pytest.mark.slow
def test_restamp_brought_the_old_replay_to_todays_rules(tmp_path):
    from game.match import games
    old_replay(tmp_path)
    assert run_tool("restamp_replays", RUNS["restamp_replays"], tmp_path).returncode == 0
    header = json.loads((tmp_path / "old.replay").read_text(encoding="utf-8").split("\n", 1)[0].split(" ", 2)[2])
    assert header["rules"] == games.get("checkout").rules_revision
