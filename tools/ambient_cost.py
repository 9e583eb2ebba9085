"""What a level's ambient life costs a frame: its features drawn over the level's cached picture
at the game's 1280x720 (SDL scales that to the screen), for each level, in thread CPU time (what
the game itself spends, not the machine's other work).

    python tools/ambient_cost.py [LEVEL ...] [--frames N]

Prints each level's median, p99 and largest frame (ms). The budget is 0.5 ms at p99 (issue #41);
`python -m game.bench` judges it per level (its `ambient` section, devkit/bench/ambient.py).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from devkit.bench.ambient import frame_times  # noqa: E402
from game.files.levels import list_levels  # noqa: E402
from game.scenes.mall.layout import SCREEN  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("levels", nargs="*", help="level names (default: every shipped level)")
    parser.add_argument("--frames", type=int, default=1000)
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode(SCREEN)
    for name in args.levels or [p.stem for p in list_levels()]:
        times = frame_times(name, max(1, args.frames))
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"{name:12} median {times[len(times) // 2]:.3f} ms  p99 {p99:.3f} ms  max {times[-1]:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
