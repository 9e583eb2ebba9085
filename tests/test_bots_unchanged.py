"""Bots decide exactly as before a speed-up: every Command they send and the headless JSON they
play to, for a handful of seeds, modes, seat counts and difficulties, against digests recorded
from the tree before (tests/data/bots_unchanged.json).

Speed work on the bots (route searches, pile choice, what a seat view caches) must not change a
single decision. The replay corpus checks one seed per mode and size; this checks more, and checks
the Commands themselves (a changed stick that happens to end in the same place still fails here).
A deliberate change of how bots play re-records the digests:
`python tests/test_bots_unchanged.py --write` (and says so in the commit).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIGESTS = ROOT / "tests" / "data" / "bots_unchanged.json"

# (mode, seats, seed, difficulty): every Sold Out! mode, 2 to 6 seats, each difficulty.
CASES = [("rush", 6, 1, "normal"), ("memory", 6, 2, "normal"), ("tidy", 6, 3, "normal"),
         ("rush", 3, 4, "easy"), ("tidy", 4, 5, "hard"), ("memory", 2, 6, "hard"),
         ("tidy", 6, 7, "easy"), ("rush", 5, 8, "hard"), ("memory", 4, 9, "expert"), ("tidy", 6, 10, "expert")]


def _name(case: tuple[str, int, int, str]) -> str:
    mode, seats, seed, difficulty = case
    return f"{mode}_{seats}p_s{seed}_{difficulty}"


def play(case: tuple[str, int, int, str], tmp: Path) -> dict[str, str]:
    """Digests of the match's Commands (every tick, every seat) and of its headless JSON."""
    from game.app.headless import build_spec
    from game.driver.replay import read_replay
    from game.driver.soldout_headless import play_match
    mode, seats, seed, difficulty = case
    spec = build_spec("soldout", seats, difficulty, mode, None, seed)
    record = tmp / f"{_name(case)}.replay"
    result = play_match(spec, record=record)
    commands = hashlib.sha256()
    for tick in read_replay(record.read_text(encoding="utf-8")).ticks():
        commands.update(repr([(c.dx, c.dy, int(c.pressed), int(c.held)) for c in tick]).encode())
    text = json.dumps(result, separators=(",", ":"))   # as `main.py --headless --json` prints it
    return {"commands": commands.hexdigest(), "json": hashlib.sha256(text.encode()).hexdigest(),
            "ticks": str(result["ticks"])}


def _recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DIGESTS.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("case", CASES, ids=[_name(c) for c in CASES])
def test_bots_send_the_same_commands(case: tuple[str, int, int, str], tmp_path: Path) -> None:
    assert play(case, tmp_path) == _recorded()[_name(case)]


def test_every_case_has_digests() -> None:
    assert sorted(_recorded()) == sorted(_name(c) for c in CASES)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    import tempfile
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as folder:
        digests = {_name(c): play(c, Path(folder)) for c in CASES}
    DIGESTS.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")
