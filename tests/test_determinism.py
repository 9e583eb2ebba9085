"""Determinism across processes: same seed and commands -> the same state hash, bit for bit,
in another process and under another PYTHONHASHSEED.

1. For every mode (rush, memory, tidy, checkout) and several seeds, a match recorded
   in one process (`main.py --headless --record F --json`) replays in another
   (`main.py --replay F --headless --json`) to the same JSON and state_hash.
   Should a game's runner stop recording, two fresh processes with different
   PYTHONHASHSEED still play the same seed and are compared, and the test fails.
2. The simulations themselves under random hands (tools/monkey.py's Masher):
   MallSim in every mode and the Check Out! table, run in two processes with
   different hash seeds, end in the same state hash.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAIN = str(ROOT / "main.py")
MODES = ["rush", "memory", "tidy", "checkout"]
SEEDS = [3, 41, 2026]


def _env(user: Path, hashseed: str) -> dict:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                SOLDOUT_USER_DIR=str(user), PYTHONHASHSEED=hashseed)


def _run_all(jobs: list[tuple[list[str], str]], user: Path, timeout: float = 240) -> list[subprocess.CompletedProcess]:
    """Run (argv, hashseed) jobs two at a time (the CI machine has 2 cores); results in order."""
    results: list = [None] * len(jobs)
    pending = list(enumerate(jobs))
    running: list = []
    while pending or running:
        while pending and len(running) < 3:
            i, (argv, hashseed) = pending.pop(0)
            proc = subprocess.Popen([sys.executable, *argv], cwd=ROOT, env=_env(user, hashseed),
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            running.append((i, argv, proc))
        i, argv, proc = running.pop(0)
        out, err = proc.communicate(timeout=timeout)
        results[i] = subprocess.CompletedProcess(argv, proc.returncode, out, err)
    return results


def _game_args(mode: str, seed: int) -> list[str]:
    if mode == "checkout":
        return ["--game", "checkout", "--bots", "4", "--seed", str(seed)]
    return ["--game", "soldout", "--mode", mode, "--bots", "4", "--seed", str(seed)]


def _result(proc: subprocess.CompletedProcess) -> dict:
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, f"{proc.args}: exit {proc.returncode}\n{proc.stderr}"
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _cannot_record(proc: subprocess.CompletedProcess) -> bool:
    return proc.returncode != 0 and "not available yet" in proc.stderr


def test_record_in_one_process_replays_in_another(tmp_path):
    user = tmp_path / "user"
    record_jobs = []
    for mode in MODES:
        for seed in SEEDS:
            replay = tmp_path / f"{mode}-{seed}.replay"
            record_jobs.append(([MAIN, "--headless", "--json", *_game_args(mode, seed), "--record", str(replay)],
                                str(seed)))
    recorded = _run_all(record_jobs, user)
    replay_jobs, fresh_jobs, checks = [], [], []
    for (argv, _), proc, (mode, seed) in zip(record_jobs, recorded,
                                            [(m, s) for m in MODES for s in SEEDS]):
        replay = argv[-1]
        if _cannot_record(proc):
            # Not wired for this game yet: two processes, two hash seeds, one seed.
            fresh_jobs.append(([MAIN, "--headless", "--json", *_game_args(mode, seed)], "0"))
            fresh_jobs.append(([MAIN, "--headless", "--json", *_game_args(mode, seed)], "4242"))
            checks.append(("fresh", mode, seed, None))
        else:
            first = _result(proc)
            assert Path(replay).is_file(), f"{mode} seed {seed}: --record wrote nothing"
            replay_jobs.append(([MAIN, "--replay", replay, "--headless", "--json"], str(seed + 17)))
            checks.append(("replay", mode, seed, first))
    replays = iter(_run_all(replay_jobs, user))
    fresh = iter(_run_all(fresh_jobs, user))
    unrecorded = []
    for kind, mode, seed, first in checks:
        if kind == "replay":
            again = _result(next(replays))
            assert again["state_hash"] == first["state_hash"], f"{mode} seed {seed}: replay diverged"
            assert again == first, f"{mode} seed {seed}: replay JSON differs"
        else:
            a, b = _result(next(fresh)), _result(next(fresh))
            assert a["state_hash"] == b["state_hash"], f"{mode} seed {seed}: differs under another PYTHONHASHSEED"
            assert a == b
            unrecorded.append(mode)
        assert first is None or (first["seed"] == seed and first["mode"] in (mode, "standard"))
    # Both games record and replay now: a game that stops doing so fails here (after the
    # fresh-process comparison above has still checked it).
    assert not unrecorded, f"--record/--replay not available for {sorted(set(unrecorded))}"


_SIM_SCRIPT = """
import json, random, sys
sys.path.insert(0, ".")
from tools import monkey
out = {}
for mode in monkey.MODES:
    sim = monkey.make_mall(SEED, 5, mode, teams=(mode == "tidy"), rounds=2, limit_ticks=1500)
    hands = {s: monkey.Masher(random.Random(SEED * 10 + s)) for s in sim.seats}
    for tick in range(3500):
        if sim.phase == "round_over":
            sim.start_next_round(monkey.MODES[tick % 3])
        sim.step({s: c for s, h in hands.items() if (c := h.next()) is not None})
    out[mode] = [sim.tick, sim.phase, sim.state_hash()]
table = monkey.make_table(SEED, 4)
if table is not None:
    hands = {s: monkey.Masher(random.Random(SEED * 10 + s), monkey.BUTTONS) for s in range(4)}
    for tick in range(3000):
        table.step({s: c for s, h in hands.items() if (c := h.next()) is not None})
    game = monkey._find_game(table)
    out["table"] = [getattr(table, "state_hash", game.state_hash)()]
print(json.dumps(out))
"""


@pytest.mark.parametrize("seed", [7, 1234])
def test_simulations_under_random_hands_match_across_processes(tmp_path, seed):
    script = _SIM_SCRIPT.replace("SEED", str(seed))
    runs = _run_all([(["-c", script], "1"), (["-c", script], "987654")], tmp_path / "user")
    first, second = (_result(r) for r in runs)
    assert first == second
    assert set(first) >= {"rush", "memory", "tidy"}
