"""Work done ahead, in the idle time of the menus, so no scene pays for it in its first frame.

A `Warmer` holds small named jobs (each a few to a few tens of milliseconds: load a file,
build a scene off screen and draw it once). The window loop runs them one at a time,
only while the player is in a menu and has not touched anything for a moment, and only
after the frame is presented, so a job never delays a picture that changes. Jobs only
fill caches: running them or not changes nothing but speed. For a player a job that fails
is logged once (to the log file, game.files.logfile) and dropped: a rehearsal must never take the
menus down. Under the tests (SOLDOUT_STRICT_WARMUP set, tests/conftest.py) it raises instead,
so a rehearsal that quietly stopped warming anything fails the suite.
"""
from __future__ import annotations

import logging
import os
import time
from collections import deque
from typing import Callable

log = logging.getLogger(__name__)

Job = Callable[[], object]
STRICT_ENV = "SOLDOUT_STRICT_WARMUP"   # set (the test suite sets it): a failing job raises
WAIT = "wait"   # a job's answer: work of its own is going on elsewhere (a thread); ask again next frame, run nothing else now


class Warmer:
    """A queue of warm-up jobs, run in order, each at most once."""

    def __init__(self, strict: bool | None = None) -> None:
        self.strict = bool(os.environ.get(STRICT_ENV)) if strict is None else strict
        self._jobs: deque[tuple[str, Job]] = deque()
        self._names: set[str] = set()
        self.done: list[tuple[str, float]] = []    # (name, seconds) of every job run, for the bench
        self._running = 0
        self.waiting = False       # the last job run answered WAIT

    def add(self, name: str, job: Job) -> None:
        """Queue `job` unless a job of that name was queued before. A job that returns True has
        more to do: it stays first in the queue and runs again next time (one step per idle frame).
        One that returns WAIT stays first too, and no other job runs in that frame: its thread
        has the interpreter to itself, not shared with a step that would take longer for it."""
        if name not in self._names:
            self._names.add(name)
            self._jobs.append((name, job))

    @property
    def pending(self) -> int:
        """Jobs not finished (one being run counts)."""
        return len(self._jobs) + self._running

    def run_one(self) -> str | None:
        """Run the next job; its name, or None when there is nothing left."""
        if not self._jobs:
            return None
        name, job = self._jobs.popleft()
        start = time.perf_counter()
        again = self.waiting = False
        self._running = 1                  # pending never reads 0 while a job is still going
        try:
            answer = job()
            self.waiting = answer == WAIT
            again = answer is True or self.waiting
        except Exception:  # a warm-up is an optimisation: never let one break the game
            if self.strict:
                raise
            log.exception("warm-up job %s failed", name)
        finally:
            self._running = 0
        self.done.append((name, time.perf_counter() - start))
        if again:
            self._jobs.appendleft((name, job))
        return name

    def run_for(self, seconds: float) -> int:
        """Run jobs until `seconds` have passed (at least one job); returns how many ran."""
        end = time.perf_counter() + seconds
        count = 0
        while self.run_one() is not None:
            count += 1
            if self.waiting or time.perf_counter() >= end:
                break
        return count

    def run_all(self) -> int:
        """Everything now (the bench and tests); returns how many jobs ran."""
        count = 0
        while self.run_one() is not None:
            count += 1
            if self.waiting:
                time.sleep(0.001)
        return count
