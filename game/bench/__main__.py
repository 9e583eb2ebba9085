"""Runs the benchmark report (devkit/bench/report.py) with every flag and output unchanged.

The benchmark is developer tooling: it runs from a checkout (devkit/ beside game/), never from an
installed wheel, which does not carry it; there it says so in one line."""
import sys

import game

if __name__ == "__main__":
    if not game.reach_devkit():
        sys.exit(game.report_error("the benchmark runs from a checkout of the game's sources "
                                   "(devkit/ is not installed with the game)"))
    from devkit.bench.report import main
    sys.exit(main())
