"""The replay corpus: recorded matches of every mode must replay to their recorded end.

Each tests/data/replays/NAME.replay was recorded with `--headless --record`;
NAME.expected.json holds that run's state hash, tick count and winners. A change
that alters what a seed and commands produce (rules, simulation, deal) fails
here, so refactors prove they kept behaviour. Where the bots were changed on
purpose since (the README's changelog says when), NAME.bots.json holds what bots
with the replay's seed play to now; the replay itself must still verify. Played through the command line,
the contract that outlives any internal reshuffle.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "replays"
REPLAYS = sorted(CORPUS.glob("*.replay"))


def test_corpus_covers_every_mode_and_seat_count():
    names = {path.stem for path in REPLAYS}
    for mode in ("soldout_rush", "soldout_memory", "soldout_tidy", "checkout"):
        assert {f"{mode}_2p_s3", f"{mode}_6p_s3"} <= names


@pytest.mark.parametrize("replay", REPLAYS, ids=[path.stem for path in REPLAYS])
def test_replay_reaches_recorded_state(replay: Path):
    expected = json.loads(replay.with_suffix(".expected.json").read_text(encoding="utf-8"))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--replay", str(replay), "--headless", "--json"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert {key: result[key] for key in expected} == expected
    # a real game, not a degenerate one: no round of a bots' match waits out the closing time
    assert [r["cause"] for r in result.get("rounds", []) if r.get("cause") == "time"] == []


def _headless_args(header: dict) -> list[str]:
    """The command line that recorded a corpus replay, read back from its header."""
    args = ["--headless", "--game", header["game"], "--bots", str(len(header["seats"])), "--seed", str(header["seed"])]
    if header["game"] == "soldout":
        args += ["--mode", header["mode"], "--rounds", str(header["rounds"])] + (["--teams"] if header["teams"] else [])
    return args


def bots_expected(replay: Path) -> Path:
    """What bots with the replay's seed play to: NAME.bots.json where the bots have changed
    since the replay was recorded (their commands still replay to NAME.expected.json: the
    simulation did not change), else NAME.expected.json."""
    own = replay.with_suffix(".bots.json")
    return own if own.exists() else replay.with_suffix(".expected.json")


@pytest.mark.parametrize("replay", REPLAYS, ids=[path.stem for path in REPLAYS])
def test_bots_play_the_recorded_match_again(replay: Path):
    """Bots given the same seed make the same choices: a change to how bots think (a faster search,
    a narrower view) that alters a decision fails here, where the replays alone cannot see it.
    A deliberate change of the bots re-records NAME.bots.json (see the README's changelog)."""
    header = json.loads(replay.read_text(encoding="utf-8").split("\n", 1)[0].split(" ", 2)[2])
    expected = json.loads(bots_expected(replay).read_text(encoding="utf-8"))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *_headless_args(header), "--json"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert {key: result[key] for key in expected} == expected
