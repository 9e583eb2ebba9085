"""Start-up time to the first frame of the window, for any way the game is installed.

    python tools/startup_time.py                                  # this checkout: python main.py
    python tools/startup_time.py --runs 9 -- ~/.local/bin/soldout-checkout
    python tools/startup_time.py -- dist/soldout-checkout/soldout-checkout

Each run starts the command afresh (dummy video and audio drivers, a throwaway user
folder) with SOLDOUT_FIRST_FRAME_ONLY set: the window prints the wall-clock time of
its first frame and quits. Prints the median and the range, in seconds.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def first_frame_seconds(command: list[str], user_dir: str) -> float:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SOLDOUT_FIRST_FRAME_ONLY": "1", "SOLDOUT_USER_DIR": user_dir}
    start = time.time()
    done = subprocess.run(command, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, timeout=120)
    for line in done.stdout.splitlines():
        if line.startswith("FIRST "):
            return float(line.split()[1]) - start
    raise RuntimeError(f"{command[0]}: no first frame (exit {done.returncode}): {done.stderr.strip()[-300:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="start-up time to the first frame")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("command", nargs="*", help="the game's command (default: python main.py)")
    args = parser.parse_args(argv)
    command = args.command or [sys.executable, str(ROOT / "main.py")]
    with tempfile.TemporaryDirectory(prefix="startup-user-") as user_dir:
        first_frame_seconds(command, user_dir)   # warm the disk cache: a player's second start is typical
        times = [first_frame_seconds(command, user_dir) for _ in range(args.runs)]
    print(f"{' '.join(command)}: first frame median {statistics.median(times):.2f} s "
          f"(min {min(times):.2f}, max {max(times):.2f}, {args.runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
