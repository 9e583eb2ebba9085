"""Do the seats win equally often? All-expert bot matches on each level, a chi-square test per seat count.

    python tools/seat_fairness.py [LEVEL ...] [--matches N] [--seats 2,3,4,5,6] [--seed S] [--jobs J]

For each level (default: every shipped one) and seat count, N one-round matches of expert bots
(the Rush, Memory and Tidying Up in turn, seeds S, S+1, ...): wins by seat (a shared win is
split), Pearson's chi-square against equal wins (df = seats - 1) and its p-value. A seat count
is flagged when p is below 0.05 divided by the number of tests run (Bonferroni): with 30 tests
(six levels, 2-6 seats), one p under 0.05 turns up by chance alone in most runs. Prints a Markdown table.
"""
from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.files.levels import list_levels  # noqa: E402
from game.app.tournament import SeatSeries, default_jobs, run_seats  # noqa: E402

ALPHA = 0.05


def row(series: SeatSeries, threshold: float) -> str:
    wins = " / ".join(f"{w:g}" for w in series.wins)
    flag = "**seat effect**" if series.p_value < threshold else "no"
    return (f"| {series.level} | {series.seats} | {series.matches} | {wins} | {series.chi_square:.2f} | "
            f"{series.p_value:.3f} | {flag} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("levels", nargs="*")
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seats", default="2,3,4,5,6")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    args = parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    levels = args.levels or [p.stem for p in list_levels()]
    counts = [int(n) for n in args.seats.split(",")]
    threshold = ALPHA / (len(levels) * len(counts))
    print(f"{args.matches} one-round matches of expert bots per row; flagged below p = {threshold:.4f} "
          f"(0.05 / {len(levels) * len(counts)} tests)\n")
    print("| level | seats | matches | wins by seat | chi-square | p | flagged |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for level in levels:
            for seats in counts:
                series = run_seats(level, seats, args.matches, args.seed, jobs=args.jobs, pool=pool)
                print(row(series, threshold), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
