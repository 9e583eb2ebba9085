"""The stats at scale (issue #43 point 5): `python -m game.bench --only stats`.

Builds a records database of N matches (default 10,000: two to six seats each, four profiles,
guests and bots, both games, every mode) in the bench's temporary user folder through the game's
own save (game.stats.store.write, the job each match's save runs), then measures:
- open: the stats screen as the title opens it (StatsScene: every subject's stats read from the
  database) and its first frame drawn at 1280x720, median and worst of several opens after the
  title's idle warm-up (game/scenes/warmup.py: rehearse_stats); beside it the first open before
  that warm-up (its text sizes and glyphs drawn for the first time) and the read alone;
- save: what one match's save costs the frame that makes it (a Saver queues the job; the
  database's worker writes it), median and worst of 200 saves a frame apart, and the worker's
  own time per save (its transaction and commit);
- the database's size against its cap.
Targets: open < 100 ms, a save < 2 ms on the frame, judged in this thread's CPU time (what the
screen and the save cost, whatever else the machine runs: on a loaded 2-core machine any thread
may wait several milliseconds for a core), the wall clock beside it.
"""
from __future__ import annotations

import random
import sqlite3
import statistics
import time
from typing import Any

from game.match.record import MatchRecord, SeatLine

PROFILES = (("Ada", 1), ("Bruno", 2), ("Chloé", 3), ("Dev", 4))
GUESTS = ("Orange", "Sky", "Green", "Yellow")
MODES = (("soldout", ("rush",)), ("soldout", ("memory",)), ("soldout", ("tidy",)),
         ("soldout", ("rush", "tidy", "memory")), ("checkout", ("standard",)))


LEVELS = {"soldout": "mall", "checkout": ""}   # each game's level in the made-up matches


def season(rng: random.Random, n: int) -> MatchRecord:
    """A made-up match: its seats, scores, places (ties shared) and facts."""
    game, modes = rng.choice(MODES)
    people = rng.sample([*PROFILES, *((name, None) for name in GUESTS)], rng.randint(1, 4))
    bots = rng.randint(0 if len(people) > 1 else 1, 6 - len(people))
    scores = [rng.randint(0, 40) for _ in range(len(people) + bots)]
    lines = []
    for seat, score in enumerate(scores):
        bot = seat >= len(people)
        name, profile = ("Mint", None) if bot else people[seat]
        lines.append(SeatLine(seat, name, profile, "bot" if bot else "human", rng.choice(("easy", "hard")) if bot else "",
                              None, score, 1 + sum(other > score for other in scores), rng.randint(0, 2),
                              rng.randint(0, 60), rng.randint(0, 15), rng.uniform(20, 400), rng.randint(40, 900)))
    return MatchRecord(game, modes, LEVELS[game], n, rng.randint(3000, 30000),
                       "2026-12-06T20:00:00+01:00", tuple(lines))


def bench_stats(matches: int = 10_000, opens: int = 9, saves: int = 200) -> dict[str, Any]:
    from devkit.bench.report import _context
    from game.files import database
    from game.files.register import RECORDS_DB
    from game.scenes.menus.stats import StatsScene
    from game.stats import store
    rng = random.Random(43)
    db = database.shared()
    records = [season(rng, n) for n in range(matches)]
    started = time.perf_counter()

    def build(connection: sqlite3.Connection) -> None:
        for record in records:
            store.write(connection, record)
    db.write(build)
    built_s = time.perf_counter() - started
    ctx, screen = _context()
    from game.scenes.menus.title import TitleScene
    from game.scenes.warmup import rehearse_stats
    TitleScene(ctx).draw(screen, 0.0)     # the screen opens from the title: the window's own first frame is not its
    started = time.perf_counter()
    StatsScene(ctx, db).draw(screen, 0.0)
    cold_ms = (time.perf_counter() - started) * 1000     # before the title's idle warmed its text
    for _step in rehearse_stats(ctx):     # what the title's idle time does (game/scenes/warmup.py)
        pass
    open_ms, read_ms, open_cpu_ms = [], [], []
    for _ in range(opens):
        started, cpu = time.perf_counter(), time.thread_time()
        scene = StatsScene(ctx, db)
        read_ms.append((time.perf_counter() - started) * 1000)
        scene.draw(screen, 0.0)
        open_ms.append((time.perf_counter() - started) * 1000)
        open_cpu_ms.append((time.thread_time() - cpu) * 1000)
    worker_ms: list[float] = []

    def timed(record: MatchRecord) -> None:
        def job(connection: sqlite3.Connection) -> None:
            began = time.perf_counter()
            store.write(connection, record)
            worker_ms.append((time.perf_counter() - began) * 1000)
        db.submit(job)
    saver = store.Saver(db)
    frame_ms, frame_cpu_ms = [], []
    for n in range(saves):
        record = season(rng, matches + n)
        started, cpu = time.perf_counter(), time.thread_time()
        if n % 2:
            saver(record)                # the game's own listener
        else:
            timed(record)                # the same job, timed on the worker
        frame_ms.append((time.perf_counter() - started) * 1000)
        frame_cpu_ms.append((time.thread_time() - cpu) * 1000)
        time.sleep(1 / 60)
    db.flush()
    size = RECORDS_DB.path().stat().st_size
    return {"matches": matches, "seats": sum(len(r.seats) for r in records), "build_s": round(built_s, 2),
            "profiles": len(scene.stats.profiles), "everyone": len(scene.stats.everyone),
            "open_p50_ms": round(statistics.median(open_ms), 2), "open_max_ms": round(max(open_ms), 2),
            "open_cpu_max_ms": round(max(open_cpu_ms), 2),
            "open_cold_ms": round(cold_ms, 1), "read_p50_ms": round(statistics.median(read_ms), 2),
            "save_frame_p50_ms": round(statistics.median(frame_ms), 3), "save_frame_max_ms": round(max(frame_ms), 3),
            "save_frame_p99_ms": round(sorted(frame_ms)[len(frame_ms) * 99 // 100 - 1], 3),
            "save_frame_cpu_max_ms": round(max(frame_cpu_ms), 3),
            "save_worker_p50_ms": round(statistics.median(worker_ms), 2),
            "save_worker_max_ms": round(max(worker_ms), 2),
            "database_mb": round(size / 2 ** 20, 2), "cap_mb": RECORDS_DB.cap // 2 ** 20}
