"""How often is each career star won? Each challenge played by bots of each level in the player's seat.

    python tools/career_balance.py [CHALLENGE ...] [--tries N] [--levels easy,normal,hard,expert]
                                   [--chapter ID] [--first N]

For every challenge (default: all of assets/career.toml; or a chapter's, or those named), N tries
per bot level in the player's seat (seeds: the challenge's seed, +1, +2...; the opponents as
the challenge sets them) and, per goal, how many tries won its star. Prints the Markdown table
docs/CAREER.md keeps, and flags a star no level won (every star must be winnable by some bot)
and a first chapter's first star a normal bot wins in fewer than half its tries. Runs in one
process: the machine may be shared (run it under `nice`).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.career.challenges import Challenge, load_career  # noqa: E402
from game.career.worlds import play  # noqa: E402
from game.match.spec import DIFFICULTIES  # noqa: E402

Tally = dict[str, list[int]]    # bot level -> stars won per goal


def measure(challenge: Challenge, levels: list[str], tries: int) -> Tally:
    tally: Tally = {}
    for level in levels:
        won = [0] * len(challenge.goals)
        for k in range(tries):
            for star in play(challenge, challenge.seed + k, level, record=False).stars:
                won[star] += 1
        tally[level] = won
    return tally


def row(challenge: Challenge, tally: Tally, tries: int) -> str:
    cells = [" / ".join(str(tally[level][n]) for level in tally) for n in range(len(challenge.goals))]
    goals = ", ".join(g.kind + "".join(f" {v}" for v in g.params.values()) for g in challenge.goals)
    return f"| {challenge.chapter} | {challenge.id} | {goals} | {' | '.join(cells)} |"


def problems(challenge: Challenge, tally: Tally, tries: int, first: bool) -> list[str]:
    found = [f"{challenge.id}: star {n + 1} ({goal.kind}) won by no bot level"
             for n, goal in enumerate(challenge.goals) if not any(tally[level][n] for level in tally)]
    if first and "normal" in tally and tally["normal"][0] * 2 < tries:
        found.append(f"{challenge.id}: a normal bot wins the first star in {tally['normal'][0]} of {tries} tries")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("challenges", nargs="*", metavar="CHALLENGE")
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--levels", default=",".join(DIFFICULTIES))
    parser.add_argument("--chapter", default=None)
    args = parser.parse_args(argv)
    levels = [level for level in args.levels.split(",") if level]
    if not set(levels) <= set(DIFFICULTIES) or args.tries < 1:
        parser.error(f"--levels takes {', '.join(DIFFICULTIES)}; --tries 1 or more")
    career = load_career()
    chosen = [c for c in career.challenges() if (not args.challenges or c.id in args.challenges)
              and (args.chapter is None or c.chapter == args.chapter)]
    first = career.chapters[0].id
    print(f"{args.tries} tries per bot level ({' / '.join(levels)}); each cell: tries that won the star\n")
    print("| chapter | challenge | goals | star 1 | star 2 | star 3 |\n|---|---|---|---|---|---|")
    found: list[str] = []
    for challenge in chosen:
        tally = measure(challenge, levels, args.tries)
        print(row(challenge, tally, args.tries), flush=True)
        found += problems(challenge, tally, args.tries, challenge.chapter == first
                          and challenge is career.chapters[0].challenges[0])
    for line in found:
        print(f"\n- {line}", end="")
    print()
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
