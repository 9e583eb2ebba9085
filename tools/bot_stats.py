"""How well the Sold Out! bots play, over many seeds: compare before and after a change to them.

    python tools/bot_stats.py                   this tree, 20 seeds per mode
    python tools/bot_stats.py --before DIR      also an older tree (an export at DIR), side by side
    python tools/bot_stats.py --seeds 40

Per mode, 6 normal bots: the match length, how rounds end (a round the mall closes on is
one the bots could not finish), bags scored and the share of button presses refused. Then 4 bots of each difficulty (easy,
normal, hard, expert) play each other: the share of matches each difficulty wins.
A change that makes bots think less often must leave these about where they were.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import json, sys
sys.path.insert(0, DIR)
from game.driver.soldout_headless import run_match
from game.rules.soldout.options import SoldOutOptions
from game.match.spec import MatchSpec, SeatSpec

def spec(mode, seed, levels):
    seats = tuple(SeatSpec(seat=i, name=f"Bot {i + 1}", kind="bot", difficulty=d) for i, d in enumerate(levels))
    return MatchSpec(game="soldout", seats=seats, options=SoldOutOptions(mode=mode), seed=seed)

out = {}
for mode in ("rush", "memory", "tidy"):
    rows = []
    for seed in range(1, SEEDS + 1):
        run = run_match(spec(mode, seed, ["normal"] * 6))
        res = run.result
        presses = sum(b.presses for b in run.bots)
        rows.append({"ticks": res["ticks"], "causes": [r["cause"] for r in res["rounds"]],
                     "bags": sum(p["score"] for p in res["players"]),
                     "refused": sum(b.rejected for b in run.bots) / presses if presses else 0.0})
    wins = {d: 0.0 for d in ("easy", "normal", "hard", "expert")}
    for seed in range(1, SEEDS + 1):
        levels = ["easy", "normal", "hard", "expert"]
        res = run_match(spec(mode, 1000 + seed, levels)).result
        for seat in res["winners"]:
            wins[levels[seat]] += 1 / len(res["winners"])
    out[mode] = {"rows": rows, "wins": wins}
print(json.dumps(out))
"""


def measure(tree: Path, seeds: int) -> dict[str, Any]:
    code = _CHILD.replace("DIR", repr(str(tree.resolve()))).replace("SEEDS", str(seeds))
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {done.stderr.strip().splitlines()[-1:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def summary(mode_stats: dict[str, Any], seeds: int) -> dict[str, Any]:
    rows = mode_stats["rows"]
    causes = [c for r in rows for c in r["causes"]]
    return {"seconds": round(sum(r["ticks"] for r in rows) / len(rows) / 60, 1),
            "mall_closed": f"{sum(c in ('time', 'stopped') for c in causes)}/{len(causes)}",
            "bags": round(sum(r["bags"] for r in rows) / len(rows), 2),
            "refused": f"{100 * sum(r['refused'] for r in rows) / len(rows):.1f}%",
            "wins": {d: f"{100 * w / seeds:.0f}%" for d, w in mode_stats["wins"].items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/bot_stats.py", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="matches per mode and table (default 20)")
    parser.add_argument("--before", help="an export of an older tree, measured the same way")
    args = parser.parse_args(argv)
    trees = ([("before", Path(args.before))] if args.before else []) + [("now", ROOT)]
    results = {name: measure(tree, args.seeds) for name, tree in trees}
    for mode in ("rush", "memory", "tidy"):
        for name, _tree in trees:
            print(f"{mode:<7} {name:<7} {json.dumps(summary(results[name][mode], args.seeds))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
