"""A headless match as a whole process (issue #46): `python -m game.bench --only process`.

The command line, a tournament's workers and the tests that spawn the game pay the start-up every
time, which the in-process RTF (report.py's rtf) leaves out. Each run here starts

    python main.py --headless --json --bots 6 --rounds 3 --seed 1      (each Sold Out! mode)
    python main.py --headless --json --game checkout --bots 6 --seed 1 (a whole Check Out! match)

afresh and times it from spawn to exit: the wall clock, and the child's CPU time (user + system)
from its own resource usage (os.wait4). RTF = the match's game seconds (its JSON's ticks / 60)
over the wall seconds (by CPU time beside it). Beside them, in the same run: `python -c pass`
(the interpreter's own start) and `python -c "import pygame"`. Each command runs once untimed
first (its bytecode cached, its files in the page cache: a player's second start, as an
installed game has its bytecode compiled at install), then `runs` times; the median counts.

The headless path's imports: the Rush's command under `-X importtime`, the sum of every module's
own import time less the bare interpreter's (its `site`, codecs...), median of `runs`; with the
count of modules, the costliest ones, and whether any the path must not load was loaded (pygame,
sqlite3, Babel, the window's modules: tests/test_headless_lean.py pins the same).

With `--before DIR` (an export of an older tree) the same commands of DIR's main.py run in turn
with this tree's, which goes first alternating run by run, so both meet the same load.
Target: the Rush and Check Out! >= 300x by the wall clock; Memory and Tidying Up are reported
beside them.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TICK_RATE = 60
# The rows: (name, the command line after main.py).
COMMANDS = (("rush", ["--headless", "--json", "--bots", "6", "--rounds", "3", "--seed", "1"]),
            ("memory", ["--headless", "--json", "--mode", "memory", "--bots", "6", "--rounds", "3", "--seed", "1"]),
            ("tidy", ["--headless", "--json", "--mode", "tidy", "--bots", "6", "--rounds", "3", "--seed", "1"]),
            ("checkout", ["--headless", "--json", "--game", "checkout", "--bots", "6", "--seed", "1"]))
BASELINES = (("python_pass", ["-c", "pass"]), ("import_pygame", ["-c", "import pygame"]))
UNWANTED = ("pygame", "sqlite3", "babel", "game.render", "game.scenes", "game.core", "game.files.database")


def child_env() -> dict[str, str]:
    """The children's environment: the bench's (dummy drivers, its throwaway user folder), with
    the bytecode cache allowed, as a player's Python has it."""
    from devkit.bench.report import _env
    env = _env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, str, str]:
    """Run `command` to its end: (wall seconds, its CPU seconds, its stdout, its stderr).
    RuntimeError when it fails."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(child.pid, 0)   # this child's own rusage, not every child's
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)   # reaped here: Popen must not wait again
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace")
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(command[1:4])}... exited {child.returncode}: {stderr.strip()[-300:]}")
    return wall, usage.ru_utime + usage.ru_stime, stdout, stderr


def _match_row(walls: list[float], cpus: list[float], ticks: int) -> dict[str, Any]:
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    game_seconds = ticks / TICK_RATE
    return {"rtf": round(game_seconds / wall, 1), "rtf_cpu": round(game_seconds / cpu, 1), "ticks": ticks,
            "game_s": round(game_seconds, 1), "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
            "walls_s": [round(w, 3) for w in walls], "cpus_s": [round(c, 3) for c in cpus]}


def _play(tree: Path, args: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    wall, cpu, out, _err = timed([sys.executable, str(tree / "main.py"), *args], tree, env)
    return wall, cpu, int(json.loads(out.strip().splitlines()[-1])["ticks"])


def _trees(before: str | None) -> dict[str, Path]:
    return {"now": ROOT, **({"before": Path(before).resolve()} if before else {})}


def _warmed(trees: dict[str, Path], args: list[str], env: dict[str, str]) -> tuple[dict[str, Path], str | None]:
    """Each tree's command run once untimed (bytecode and files cached): the trees that ran it, and
    why the older one could not (a tree from before one of these options), if it could not."""
    ran = dict(trees)
    for key, tree in trees.items():
        try:
            _play(tree, args, env)
        except RuntimeError as exc:
            if key == "now":
                raise
            del ran[key]
            return ran, str(exc)
    return ran, None


def matches(runs: int, before: str | None = None) -> dict[str, Any]:
    """Every row's whole process, `runs` times after a warm-up, each tree in turn."""
    env = child_env()
    out: dict[str, Any] = {}
    for name, args in COMMANDS:
        trees, refused = _warmed(_trees(before), args, env)
        taken: dict[str, tuple[list[float], list[float]]] = {key: ([], []) for key in trees}
        ticks: dict[str, int] = {}
        for r in range(runs):
            for key in (list(trees) if r % 2 == 0 else list(reversed(trees))):
                wall, cpu, ticks[key] = _play(trees[key], args, env)
                taken[key][0].append(wall)
                taken[key][1].append(cpu)
        out[name] = _match_row(*taken["now"], ticks["now"])
        if "before" in trees:
            out[name]["before"] = _match_row(*taken["before"], ticks["before"])
        elif refused:
            out[name]["before"] = {"error": refused}
    return out


def baselines(runs: int) -> dict[str, Any]:
    """The interpreter alone, and the interpreter importing pygame: medians of `runs` after one."""
    env = child_env()
    out: dict[str, Any] = {}
    for name, args in BASELINES:
        timed([sys.executable, *args], ROOT, env)
        walls, cpus = zip(*(timed([sys.executable, *args], ROOT, env)[:2] for _ in range(runs)))
        out[name] = {"wall_s": round(statistics.median(walls), 3), "cpu_s": round(statistics.median(cpus), 3)}
    return out


def import_times(stderr: str) -> dict[str, int]:
    """`-X importtime`'s report as {module: its own import time in microseconds}."""
    found: dict[str, int] = {}
    for line in stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        own, _cumulative, name = line.split(":", 1)[1].split("|")
        if own.strip().isdigit():
            found[name.strip()] = int(own)
    return found


# The Rush's command run in the interpreter as `python main.py` runs it, then what it loaded on
# stderr (-X importtime also lists an import that failed: pytmx's own try of a pygame held off).
_LOADED = r"""
import json, runpy, sys
sys.argv = [MAIN, *ARGS]
try:
    runpy.run_path(MAIN, run_name="__main__")
finally:
    print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def unwanted(tree: Path, env: dict[str, str]) -> list[str]:
    """The families of modules a headless command must not load that the Rush's command loaded."""
    main = str(tree / "main.py")
    code = _LOADED.replace("MAIN", repr(main)).replace("ARGS", repr(COMMANDS[0][1]))
    loaded = json.loads(timed([sys.executable, "-c", code], tree, env)[3].strip().splitlines()[-1])
    return sorted({top for name in loaded for top in UNWANTED if name == top or name.startswith(top + ".")})


def imports(runs: int, tree: Path = ROOT) -> dict[str, Any]:
    """The headless path's imports: the Rush's command under -X importtime, less the bare
    interpreter's own; the median of `runs`, the costliest modules (their least), and what it
    loaded that it must not."""
    env = child_env()
    path_args = [sys.executable, "-X", "importtime", str(tree / "main.py"), *COMMANDS[0][1]]
    bare_args = [sys.executable, "-X", "importtime", "-c", "pass"]
    timed(path_args, tree, env)
    totals: list[int] = []
    least: dict[str, int] = {}
    for _ in range(runs):
        bare = import_times(timed(bare_args, tree, env)[3])
        found = import_times(timed(path_args, tree, env)[3])
        totals.append(sum(found.values()) - sum(bare.values()))
        least = {name: min(us, least.get(name, us)) for name, us in found.items() if name not in bare}
    costliest = sorted(least.items(), key=lambda kv: -kv[1])[:8]
    return {"ms": round(statistics.median(totals) / 1000, 1), "runs_ms": [round(t / 1000, 1) for t in totals],
            "modules": len(least), "costliest_ms": {name: round(us / 1000, 2) for name, us in costliest},
            "unwanted": unwanted(tree, env)}


def run(runs: int, before: str | None = None) -> dict[str, Any]:
    """The section: each row's whole process, the baselines, the path's imports."""
    out: dict[str, Any] = {"what": f"main.py --headless --json, 6 bots, 3 rounds (Check Out!: a whole match); "
                                   f"median of {runs} after a warm-up",
                           **matches(runs, before), "baseline": baselines(runs), "imports": imports(runs)}
    if before:
        out["before_dir"] = str(before)
        try:
            out["imports_before"] = imports(runs, Path(before).resolve())
        except (RuntimeError, ValueError, IndexError) as exc:   # a tree whose command or report differs
            out["imports_before"] = {"error": f"{type(exc).__name__}: {exc}"}
    return out
