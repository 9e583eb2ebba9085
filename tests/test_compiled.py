"""The optional compiled build (tools/build_fast.py, game/compiled.py) plays exactly as the plain
Python: the same Commands from the bots and the same match, bit for bit.

Both paths run from one tree: a build's extensions lie beside the .py files and SOLDOUT_PURE=1
imports the .py files instead. Without a build there is one path only and the comparison is
skipped; `python tools/build_fast.py` makes one (the .so files are never committed).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.compiled import FAST_MODULES, PURE_ENV

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from build_fast import built_files  # noqa: E402

BUILT = bool(built_files())
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled build (python tools/build_fast.py)")

# A bots' match per mode and seat count, recorded: its JSON and every Command it sent.
_PLAY = r"""
import hashlib, json, sys, tempfile, os
from game.app.headless import build_spec
from game.driver.replay import read_replay
from game.driver.soldout_headless import play_match
from game.compiled import compiled_modules
out = {}
for mode, seats, seed, level in json.loads(sys.argv[1]):
    record = os.path.join(tempfile.mkdtemp(), "m.replay")
    result = play_match(build_spec("soldout", seats, level, mode, None, seed), record=record)
    commands = hashlib.sha256()
    for tick in read_replay(open(record, encoding="utf-8").read()).ticks():
        commands.update(repr([(c.dx, c.dy, int(c.pressed), int(c.held)) for c in tick]).encode())
    out[f"{mode}_{seats}_{seed}_{level}"] = [result, commands.hexdigest()]
print(json.dumps({"compiled": compiled_modules(), "matches": out}))
"""
CASES = [("rush", 6, 1, "normal"), ("memory", 4, 9, "expert"), ("tidy", 4, 5, "hard"), ("tidy", 6, 7, "easy")]


def _play(pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", _PLAY, json.dumps(CASES)], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


@needs_build
def test_the_compiled_build_plays_exactly_as_the_plain_python():
    compiled, plain = _play(pure=False), _play(pure=True)
    assert compiled["compiled"] == list(FAST_MODULES)     # every module of the build ran compiled
    assert plain["compiled"] == []                          # and none with SOLDOUT_PURE=1
    assert compiled["matches"] == plain["matches"]


# A 200x200 map's match: its own caches and search budget (NavGrid.for_match), 900 ticks.
_BIG = r"""
from devkit.bench.bigmap import generated_level
from game.app.headless import build_spec
from game.bots.soldout import make_soldout_bot
from game.driver import soldout_headless as sh
from game.games import SOLD_OUT
from game.sim.mall import MallSim
spec = build_spec("soldout", 6, "normal", "tidy", 1, 4)
sim = MallSim(spec, generated_level(200, seed=1), sh._catalogue(), spec.seed, mode=SOLD_OUT.schedule(spec)[0])
bots = [make_soldout_bot(s, sim, sh.bot_seed(spec.seed, s.seat)) for s in spec.seats]
while sim.tick < 900:
    sim.step({bot.seat: bot.command(sim) for bot in bots})
print(sim.state_hash())
"""


@needs_build
def test_a_big_map_plays_the_same_compiled():
    runs = []
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
        if pure:
            env[PURE_ENV] = "1"
        done = subprocess.run([sys.executable, "-c", _BIG], capture_output=True, text=True, timeout=300,
                              cwd=ROOT, env=env)
        assert done.returncode == 0, done.stderr
        runs.append(done.stdout.strip().splitlines()[-1])
    assert runs[0] == runs[1]


def test_a_stale_or_partial_build_is_not_used(tmp_path):
    """The modules of a build call each other inside it: one edited after the build would run as
    the code it was before. Such a build, or one missing a module, is left alone entirely."""
    import importlib.machinery
    from game.compiled import build_state
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    sources, built = [], []
    for name in FAST_MODULES:
        source = tmp_path.joinpath(*name.split(".")[1:]).with_suffix(".py")
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("", encoding="utf-8")
        os.utime(source, (1000, 1000))
        sources.append(source)
        built.append(source.with_name(source.stem + suffix))
    assert build_state(str(tmp_path)) == "none"
    for path in built:
        path.write_bytes(b"")
        os.utime(path, (2000, 2000))
    assert build_state(str(tmp_path)) == "current"
    os.utime(sources[2], (3000, 3000))          # a module edited after the build
    assert build_state(str(tmp_path)) == "stale"
    os.utime(sources[2], (1000, 1000))
    built[0].unlink()                           # a build without one of its modules
    assert build_state(str(tmp_path)) == "stale"
