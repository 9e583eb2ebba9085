"""A headless Sold Out! match loads only its own game: start-up is most of a short match's time."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Modules a headless Sold Out! match has no use for: the speedrun verifier (replays of runs
# only) and Check Out!'s rules, table and bots.
NOT_NEEDED = ("game.speedrun.verify", "game.speedrun.courses", "game.rules.checkout", "game.sim.table",
              "game.bots.checkout")


def test_a_headless_soldout_match_loads_no_other_game() -> None:
    code = ("import sys; from game.app import main;"
            "code = main(['--headless', '--json', '--bots', '2', '--rounds', '1', '--seed', '3']);"
            f"loaded = sorted(set({NOT_NEEDED!r}) & set(sys.modules)); print(loaded);"
            "sys.exit(3 if loaded or code else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, timeout=120, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
