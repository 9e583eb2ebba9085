"""Every attempt on a board, as LiveSplit keeps them: the history, the kept replays, the numbers.

One JSON file per board (user_dir()/speedrun_attempts/<board>.json), written
atomically; a file that cannot be read is moved aside and the history starts
empty with a one-line warning. An attempt is any run whose timer started:
finished, reset, or not finished (a Check Out! loss). Each holds its split
times (in-game ticks, cumulative), real time at each split (ms), flags, and
whether it was a PB or set golds.

Kept replays (replays_dir()/speedrun/attempts/): the last KEEP_LAST attempts,
every PB and every attempt with a gold segment; older ones are deleted when a
new attempt is added, and their entries stay in the history without a replay.

Practice segments are logged here too (never in the records: they are no PB).

Writing a long history and a replay costs tens of milliseconds (serialising,
fsync), too much for a one-button reset: the run scenes hand the write to
`WRITER`, one background thread that applies them in order; `flush()` waits
for it (the history screen, the tests, and the interpreter at exit).
"""
from __future__ import annotations

import atexit
import collections
import json
import logging
import queue
import statistics
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from game.notice import N_, Notice
from game.replay import replays_dir
from game.speedrun.splits import merge_best, segments_of
from game.userfiles import atomic_write_text, load_json, set_aside, user_dir

KEEP_LAST = 50
PRACTICE_KEEP = 20
LOG_VERSION = 1
OUTCOMES = ("finished", "reset", "dnf")


def log_folder() -> Path:
    folder = user_dir() / "speedrun_attempts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def replay_folder() -> Path:
    folder = replays_dir() / "speedrun" / "attempts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _safe(board: str) -> str:
    return "".join(c if c.isalnum() or c in ".-_" else "_" for c in board)


@dataclass
class SegmentStats:
    name: str
    pb: int | None            # the PB's segment time
    best: int | None          # best segment ever
    average: int | None       # mean of every completed segment (clean attempts)
    count: int                # how many attempts completed this segment

    @property
    def possible_save(self) -> int | None:
        """LiveSplit's 'possible time save': PB segment minus best segment."""
        if self.pb is None or self.best is None:
            return None
        return max(0, self.pb - self.best)


@dataclass
class Stats:
    attempts: int
    finished: int             # clean finishes: what LiveSplit counts as completed runs
    average: int | None
    median: int | None
    segments: list[SegmentStats] = field(default_factory=list)
    sob_trend: list[tuple[int, int]] = field(default_factory=list)   # (attempt id, sum of best after it)

    @property
    def possible_save(self) -> int | None:
        saves = [s.possible_save for s in self.segments]
        return sum(saves) if saves and all(v is not None for v in saves) else None  # type: ignore[misc]


class AttemptLog:
    """One board's attempts, oldest first."""

    def __init__(self, board: str, data: dict | None = None) -> None:
        self.board = board
        self.data = data if data is not None else {"version": LOG_VERSION, "attempts": [], "practice": {}}
        # Where this history lives, fixed now: a write done later by WRITER still lands here.
        self.path = self.path_for(board)
        self.replays = replay_folder()
        self._text: dict[int, str] = {}   # attempt id -> its JSON, reused by every save (see save())
        self.newer = False                # the file is a newer game's: never written over

    # ----- files ------------------------------------------------------------------
    @staticmethod
    def path_for(board: str) -> Path:
        return log_folder() / f"{_safe(board)}.json"

    @classmethod
    def load(cls, board: str) -> tuple["AttemptLog", str | None]:
        """The board's history through the user-file reader (size cap, no FIFOs); a damaged one is
        moved aside, one from a newer game is left as it is and not written this session.
        Writes still on their way (WRITER) land first: a run scene opened right after another on the
        same board would otherwise read the file without the last attempt and save over it."""
        WRITER.flush()
        name = cls.path_for(board).relative_to(user_dir()).as_posix()
        missing = object()
        data, warning = load_json(name, missing)
        if data is missing:
            return cls(board), warning
        found = data.get("version") if isinstance(data, dict) else None
        if isinstance(found, int) and not isinstance(found, bool) and found > LOG_VERSION:
            log = cls(board)
            log.newer = True
            return log, Notice(N_("{file} was made by a newer version of the game; it is left as it is"), file=name)
        if not _valid(data):
            return cls(board), set_aside(name, Notice(N_("{file} is not an attempt history"), file=name))
        data.setdefault("practice", {})
        return cls(board, data), None

    def save(self) -> None:
        """Write the whole history atomically. Each attempt is serialised once and its text kept:
        one json.dumps of thousands of attempts would hold the interpreter lock for tens of ms
        (a hitch in the run going on meanwhile); small dumps of new attempts do not."""
        if self.newer:
            return      # a newer game's history: this session's attempts are not written over it
        parts = []
        for entry in self.attempts:
            text = self._text.get(entry["id"])
            if text is None:
                text = self._text[entry["id"]] = json.dumps(entry, separators=(",", ":"))
            parts.append(text)
        practice = json.dumps(self.data["practice"], separators=(",", ":"))
        atomic_write_text(self.path, f'{{"version":{LOG_VERSION},"practice":{practice},"attempts":[' +
                          ",".join(parts) + "]}\n")

    # ----- reading ----------------------------------------------------------------
    @property
    def attempts(self) -> list[dict]:
        return self.data["attempts"]

    def get(self, attempt_id: int) -> dict | None:
        return next((a for a in self.attempts if a.get("id") == attempt_id), None)

    def kept(self) -> list[dict]:
        """Attempts whose replay is kept, newest first."""
        return [a for a in reversed(self.attempts) if a.get("replay")]

    def replay_text(self, attempt: dict) -> str | None:
        name = attempt.get("replay")
        if not name:
            return None
        try:
            return (self.replays / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def practice_times(self, segment: int) -> list[int]:
        return list(self.data["practice"].get(str(segment), []))

    # ----- writing ----------------------------------------------------------------
    def add(self, attempt: dict, replay_text: str | None = None) -> dict:
        """Append an attempt (its id is the next number), keep its replay, prune old replays."""
        entry = dict(attempt)
        entry["id"] = (self.attempts[-1]["id"] + 1) if self.attempts else 1
        if entry.get("outcome") not in OUTCOMES:
            entry["outcome"] = "finished" if entry.get("ticks") is not None else "reset"
        entry["replay"] = None
        if replay_text:
            name = f"{_safe(self.board)}-{entry['id']}.replay"
            try:
                atomic_write_text(self.replays / name, replay_text)
                entry["replay"] = name
            except OSError:
                pass   # the history still has the attempt, only its replay is missing
        self.attempts.append(entry)
        self.prune()
        return entry

    def add_practice(self, segment: int, ticks: int) -> None:
        times = self.data["practice"].setdefault(str(segment), [])
        times.append(int(ticks))
        del times[:-PRACTICE_KEEP]

    def prune(self) -> None:
        """Drop the replays of attempts that are neither recent nor a PB nor hold a gold."""
        recent = {a["id"] for a in self.attempts[-KEEP_LAST:]}
        for entry in self.attempts:
            if entry.get("replay") and not keeps_replay(entry, recent):
                try:
                    (self.replays / entry["replay"]).unlink()
                except OSError:
                    pass
                entry["replay"] = None
                entry.pop("comparison", None)
                self._text.pop(entry["id"], None)

    # ----- numbers ----------------------------------------------------------------
    def stats(self, names: list[str], pb_splits: list[int] | None = None,
              best_segments: list[int | None] | None = None) -> Stats:
        return compute_stats(self.attempts, names, pb_splits, best_segments)


class Writer:
    """One background thread applying file writes in order; errors are kept for the game to show."""

    def __init__(self) -> None:
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.errors: collections.deque[str] = collections.deque(maxlen=4)

    def submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="attempt-writer", daemon=True)
                self._thread.start()
        self._queue.put(job)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every submitted write is done (True), or `timeout` seconds (False)."""
        if self._thread is None:
            return True      # nothing was ever submitted
        done = threading.Event()
        self.submit(done.set)
        return done.wait(timeout)

    def take_errors(self) -> list[str]:
        out = []
        while self.errors:
            out.append(self.errors.popleft())
        return out

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            try:
                job()
            except OSError as exc:
                self.errors.append(Notice(N_("Could not save the attempt history: {error}"), error=exc.strerror or exc))
            except Exception:   # a bug in a write must not kill the writer for the writes after it
                logging.getLogger(__name__).exception("attempt history write failed")
                self.errors.append(Notice(N_("Could not save the attempt history (see the log)")))


WRITER = Writer()
atexit.register(WRITER.flush)


def keeps_replay(entry: dict, recent: set[int]) -> bool:
    return entry["id"] in recent or bool(entry.get("pb")) or bool(entry.get("golds"))


def compute_stats(attempts: list[dict], names: list[str], pb_splits: list[int] | None = None,
                  best_segments: list[int | None] | None = None) -> Stats:
    """Attempts, finished runs, average and median of clean finishes, per-segment numbers and
    the sum-of-best after every attempt. `pb_splits` / `best_segments` (from the records) win
    over what the history alone knows: the records may be older than the history."""
    n = len(names)
    clean = [a for a in attempts if not a.get("flags")]
    times = sorted(a["ticks"] for a in clean if a.get("outcome") == "finished" and a.get("ticks") is not None)
    best: list[int | None] = []
    trend: list[tuple[int, int]] = []
    seg_sums = [0] * n
    seg_counts = [0] * n
    for a in attempts:
        if a.get("flags"):
            continue
        splits = list(a.get("splits", []))
        best = merge_best(best, splits)
        for i, seg in enumerate(segments_of(splits)[:n]):
            seg_sums[i] += seg
            seg_counts[i] += 1
        if n and len(best) >= n and all(b is not None for b in best[:n]):
            trend.append((int(a["id"]), sum(best[:n])))  # type: ignore[arg-type]
    known = list(best_segments) if best_segments else []
    for i, b in enumerate(best):
        if i >= len(known):
            known.append(b)
        elif known[i] is None or (b is not None and b < known[i]):  # type: ignore[operator]
            known[i] = b
    pb_segs = segments_of(list(pb_splits)) if pb_splits else []
    segments = [SegmentStats(name,
                             pb_segs[i] if i < len(pb_segs) else None,
                             known[i] if i < len(known) else None,
                             seg_sums[i] // seg_counts[i] if seg_counts[i] else None,
                             seg_counts[i]) for i, name in enumerate(names)]
    return Stats(attempts=len(attempts),
                 # as LiveSplit counts completed runs: a flagged finish has no time there (livesplit.teaches)
                 finished=sum(1 for a in attempts if a.get("outcome") == "finished" and not a.get("flags")),
                 average=sum(times) // len(times) if times else None,
                 median=int(statistics.median_low(times)) if times else None,
                 segments=segments, sob_trend=trend)


def _valid(data: object) -> bool:
    if not isinstance(data, dict) or data.get("version") != LOG_VERSION:
        return False
    attempts = data.get("attempts")
    if not isinstance(attempts, list) or not isinstance(data.get("practice", {}), dict):
        return False
    for a in attempts:
        if not isinstance(a, dict) or not isinstance(a.get("id"), int):
            return False
        splits = a.get("splits", [])
        if not isinstance(splits, list) or not all(isinstance(s, int) for s in splits):
            return False
        if a.get("ticks") is not None and not isinstance(a.get("ticks"), int):
            return False
    for times in data.get("practice", {}).values():
        if not isinstance(times, list) or not all(isinstance(t, int) for t in times):
            return False
    return True


