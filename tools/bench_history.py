"""Benchmark the speedrun History screen over a long attempt history.

Builds a board's history of N attempts (default 100,000) through the game's own
AttemptLog.add / save in a temporary user folder (rush, set seed A: five splits,
some resets, some flagged), with records holding a PB, then measures:
- open: SpeedrunHistoryScene(...) as the speedrun menu opens it (the records database
  read: the summary checked against the rows' count and last id, the detailed attempts,
  the trend line worked out), median and worst of several opens (wall clock and this
  thread's CPU);
- draw: the scene's draw() at 1280x720 on both tabs, p50 / p99 (wall and CPU);
- save: what one attempt's save costs the thread that calls it (the write itself is
  the database worker's), p50 and worst;
- the size of records.sqlite3 against its cap;
- export: every attempt read back and checked, as the .lss export does.
Targets: open < 100 ms, draw < 4 ms, save < 2 ms, the database well below its cap.

Run:  python tools/bench_history.py [--attempts N] [--opens N] [--frames N]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from game.speedrun.attempts import AttemptLog
    from game.speedrun.categories import RunSetup
    from game.speedrun.records import Records

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["SOLDOUT_USER_DIR"] = tempfile.mkdtemp(prefix="soco-bench-history-")


def build(setup: RunSetup, count: int, seed: int = 1, saves: list[float] | None = None) -> tuple[Records, AttemptLog]:
    """`count` attempts on `setup`'s board, added and saved as the run scenes do; the records with a PB."""
    from game.speedrun.attempts import AttemptLog
    from game.speedrun.lss_export import split_names
    from game.speedrun.records import Records
    rng = random.Random(seed)
    names = split_names(setup)
    log = AttemptLog(setup.board)
    records = Records()
    for n in range(count):
        segments = [rng.randint(250, 400) for _ in names]
        reached = len(names) if rng.random() < 0.6 else rng.randint(1, len(names) - 1)
        splits = [sum(segments[:i + 1]) for i in range(reached)]
        done = reached == len(names)
        flags = ["assist"] if rng.random() < 0.05 else []
        entry: dict[str, Any] = {"outcome": "finished" if done else "reset", "ticks": splits[-1] if done else None,
                                 "splits": splits, "real_splits": [t * 1000 // 60 for t in splits], "real_ms": splits[-1] * 1000 // 60,
                                 "names": names, "flags": flags, "seed": setup.seed, "started": "2026-11-30T10:00:00+00:00",
                                 "pb": False, "golds": [], "reason": "", "comparison": {"pb": [], "best": []}}
        if done and not flags:
            verdict = records.add_run(setup.board, {**entry, "date": "2026-11-30T10:00:00"})
            entry.update(pb=verdict.is_pb, golds=verdict.golds)
        records.count_attempt(setup.board)
        log.add(entry, replay_text="replay\n" if entry["pb"] or n >= count - 3 else None)
        if n % 1000 == 999 or n >= count - 200:    # batches while building; the last ones one by one, timed
            start = time.perf_counter()
            log.save()
            if saves is not None and n >= count - 200:
                saves.append((time.perf_counter() - start) * 1000)
    log.save()
    records.save()
    return records, log


def timed(action: Callable[[], object]) -> tuple[float, float]:
    """(wall ms, CPU ms of this thread) of one call."""
    wall, cpu = time.perf_counter(), time.thread_time()
    action()
    return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=100_000)
    parser.add_argument("--opens", type=int, default=9)
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args(argv)

    import pygame

    from game import app
    from game.scenes.speedrun.history import SpeedrunHistoryScene
    from game.speedrun.attempts import AttemptLog
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.records import Records
    from game.files import database
    from game.files.register import RECORDS_DB

    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    ctx = app.make_context(load_user_files=False)
    setup = make_setup(load_categories()["rush"], "set", seed_index=0)
    start = time.perf_counter()
    saves: list[float] = []
    build(setup, args.attempts, saves=saves)
    database.flush_all(600.0)
    built_s = time.perf_counter() - start
    records = Records.load()[0]
    opens = []
    scene = None
    for _ in range(args.opens):
        def open_scene() -> None:
            nonlocal scene
            scene = SpeedrunHistoryScene(ctx, setup, records)
        opens.append(timed(open_scene))
    assert scene is not None and scene.stats.attempts == args.attempts
    draws: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
    for tab in (0, 1):
        scene.tab = tab
        scene.draw(surface, 0.0)                   # text caches warm, as after the first frame
        for _ in range(args.frames):
            draws[tab].append(timed(lambda: scene.draw(surface, 0.0)))
    export = timed(lambda: AttemptLog.load(setup.board)[0].every_attempt())

    def summary(samples: list[tuple[float, float]]) -> dict[str, float]:
        walls, cpus = sorted(s[0] for s in samples), sorted(s[1] for s in samples)

        def p99(xs: list[float]) -> float:
            return xs[min(len(xs) - 1, round(0.99 * (len(xs) - 1)))]
        return {"p50_ms": round(statistics.median(walls), 2), "p99_ms": round(p99(walls), 2),
                "cpu_p50_ms": round(statistics.median(cpus), 2), "cpu_p99_ms": round(p99(cpus), 2)}

    print(json.dumps({
        "attempts": args.attempts, "built_s": round(built_s, 1),
        "database_kb": round(RECORDS_DB.path().stat().st_size / 1024, 1), "database_cap_kb": RECORDS_DB.cap // 1024,
        "save": {"median_ms": round(statistics.median(saves), 2), "worst_ms": round(max(saves), 2)},
        "open": {"median_ms": round(statistics.median(o[0] for o in opens), 1), "worst_ms": round(max(o[0] for o in opens), 1),
                 "cpu_median_ms": round(statistics.median(o[1] for o in opens), 1),
                 "cpu_worst_ms": round(max(o[1] for o in opens), 1)},
        "draw_attempts_tab": summary(draws[0]), "draw_segments_tab": summary(draws[1]),
        "export_every_attempt_ms": round(export[0]),
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
