"""Every attempt on a board, as LiveSplit keeps them: the history, the kept replays, the numbers.

The histories live in the records database (game/files/database.py): one row per attempt
in table `attempts` (id, outcome, ticks, real time, start, flags, splits, real splits, and
the whole attempt as `detail` while it keeps its replay), and per board, in table `boards`,
the running summary and the practice times. An attempt is any run whose timer started:
finished, reset, or not finished (a Check Out! loss). Each holds its split times (in-game
ticks, cumulative), real time at each split (ms), flags, and whether it was a PB or set golds.

Opening History reads the summary (`Summary`: the numbers, folded in one attempt at a time)
and the attempts kept in detail, never every row: the whole history is read only to export
it. The summary is checked against the rows (last id, count) and counted again from them
when it does not fit; every row is checked by the history's schemas as it is read (the
database is untrusted input), and a damaged one is left out with one line.

The JSON files older games kept (speedrun_attempts/<board>.json and its archives) are
imported once per board through their hardened loaders (game.speedrun.history_files) and
kept as they are, a backup.

Kept replays (ATTEMPT_REPLAYS: replays/speedrun/attempts/): the last KEEP_LAST
attempts, every PB and every attempt with a gold segment; older ones are deleted
once a new attempt is added and saved (only the file the game wrote for that
attempt, and only after the database stops naming it), and their entries stay in
the history without a replay.

Practice segments are logged here too (never in the records: they are no PB).

A save hands its rows to the database's worker (a transaction per save, never on the
frame); writing a replay file still costs milliseconds, so the run scenes hand add + save
to `WRITER`, one background thread that applies them in order; `flush()` waits for it and
for the database's saves (the history screen, the tests, and the interpreter at exit).
"""
from __future__ import annotations

import atexit
import collections
import json
import logging
import queue
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, cast

from game.files import database
from game.files.schema import SchemaError
from game.text.notice import N_, Notice
from game.speedrun.history_files import from_row, read_old, safe_name
from game.speedrun.splits import merge_best, segments_of
from game.files.untrusted import UntrustedError, echo, parse_json
from game.files.register import (
    ATTEMPT, ATTEMPT_REPLAYS, HISTORIES, KEEP_LAST, MAX_TICKS, MAX_TREND, OUTCOMES, PRACTICE, PRACTICE_KEEP,
    RECORDS_DB, ROW, SUMMARY,
)

MAX_DETAIL = 2000          # attempts kept in detail: the last KEEP_LAST, then the latest PBs and golds
MAX_TIMES = 50_000         # distinct finish times the summary counts exactly (then neighbours merge)


def log_folder() -> Path:
    return HISTORIES.folder_path()


def replay_folder() -> Path:
    return ATTEMPT_REPLAYS.folder_path()


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
    # (attempt id, sum of best after it) where the sum of best changed, and the last clean attempt
    sob_trend: list[tuple[int, int]] = field(default_factory=list)

    @property
    def possible_save(self) -> int | None:
        saves = [s.possible_save for s in self.segments]
        known = [v for v in saves if v is not None]
        return sum(known) if saves and len(known) == len(saves) else None


# ---------------------------------------------------------------- the running numbers
@dataclass
class Summary:
    """Everything the statistics need, folded in one attempt at a time (never recomputed per frame)."""

    attempts: int = 0
    finished: int = 0
    last_id: int = 0
    last_clean: int = 0                                   # the last attempt without a flag
    times: dict[int, int] = field(default_factory=dict)   # clean finishes: ticks -> how many
    seg_sums: list[int] = field(default_factory=list)     # per segment, over clean attempts
    seg_counts: list[int] = field(default_factory=list)
    best: list[int | None] = field(default_factory=list)  # best segments
    trend: list[tuple[int, list[int | None]]] = field(default_factory=list)   # (id, best) where best changed

    @classmethod
    def of(cls, attempts: list[dict[str, Any]]) -> "Summary":
        summary = cls()
        for attempt in attempts:
            summary.fold(attempt)
        return summary

    def fold(self, a: dict[str, Any]) -> None:
        """Count one more attempt (the next by id)."""
        self.attempts += 1
        self.last_id = int(a["id"])
        if a.get("flags"):
            return            # a flagged run teaches nothing, and is no completed run to LiveSplit
        if a.get("outcome") == "finished":
            self.finished += 1
        self.last_clean = self.last_id
        splits = list(a.get("splits") or [])
        best = merge_best(self.best, splits)
        if best != self.best:
            self.best = best
            self.trend.append((self.last_id, list(best)))
            if len(self.trend) > MAX_TREND:   # a drawing: every other old point is as good
                self.trend = self.trend[:1] + self.trend[1:-1:2] + self.trend[-1:]
        for i, seg in enumerate(segments_of(splits)):
            if i >= len(self.seg_sums):
                self.seg_sums.append(0)
                self.seg_counts.append(0)
            self.seg_sums[i] += seg
            self.seg_counts[i] += 1
        if a.get("outcome") == "finished" and a.get("ticks") is not None:
            ticks = int(a["ticks"])
            self.times[ticks] = self.times.get(ticks, 0) + 1
            if len(self.times) > MAX_TIMES:
                self._coarsen()

    def _coarsen(self) -> None:
        """Halve the times' resolution (only past MAX_TIMES distinct times: the median moves a tick)."""
        merged: dict[int, int] = {}
        for ticks, count in self.times.items():
            merged[ticks & ~1] = merged.get(ticks & ~1, 0) + count
        self.times = merged

    def stats(self, names: list[str], pb_splits: list[int] | None = None,
              best_segments: list[int | None] | None = None) -> Stats:
        """The numbers for a board whose runs split at `names`. `pb_splits` / `best_segments` (from the
        records) win over what the history alone knows: the records may be older than the history."""
        n = len(names)
        count = sum(self.times.values())
        known = list(best_segments) if best_segments else []
        for i, b in enumerate(self.best):
            if i >= len(known):
                known.append(b)
            elif known[i] is None or (b is not None and b < known[i]):  # type: ignore[operator]
                known[i] = b
        pb_segs = segments_of(list(pb_splits)) if pb_splits else []
        segments = [SegmentStats(name, pb_segs[i] if i < len(pb_segs) else None, known[i] if i < len(known) else None,
                                 self.seg_sums[i] // self.seg_counts[i] if i < len(self.seg_counts) else None,
                                 self.seg_counts[i] if i < len(self.seg_counts) else 0)
                    for i, name in enumerate(names)]
        return Stats(attempts=self.attempts, finished=self.finished,
                     average=sum(t * c for t, c in self.times.items()) // count if count else None,
                     median=self._kth((count - 1) // 2) if count else None,
                     segments=segments, sob_trend=self.sob_trend(n))

    def _kth(self, k: int) -> int:
        """The k-th smallest clean finish time (0-based): median_low for k = (count - 1) // 2."""
        seen = 0
        for ticks in sorted(self.times):
            seen += self.times[ticks]
            if seen > k:
                return ticks
        raise IndexError(k)

    def sob_trend(self, n: int) -> list[tuple[int, int]]:
        """Sum of the first n best segments, where it changed, then at the last clean attempt."""
        points: list[tuple[int, int]] = []
        if not n:
            return points
        for attempt_id, best in self.trend:
            head = best[:n]
            if len(head) == n and all(b is not None for b in head):
                sob = sum(head)   # type: ignore[arg-type]
                if not points or points[-1][1] != sob:
                    points.append((attempt_id, sob))
        if points and self.last_clean > points[-1][0]:
            points.append((self.last_clean, points[-1][1]))
        return points

    def fits(self, last_id: int) -> bool:
        """Could the attempts up to `last_id` have made this summary? (One that a hand or a bad disk
        changed is counted again rather than trusted: a segment counted zero times, say.)"""
        segments = len(self.seg_sums)
        return (self.last_id == last_id and len(self.seg_counts) == segments == len(self.best)
                and all(count >= 1 for count in self.seg_counts) and self.finished <= self.attempts
                and self.last_clean <= self.last_id and sum(self.times.values()) <= self.finished
                and all(attempt_id <= self.last_id for attempt_id, _best in self.trend))

    # ----- in the file ------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {"attempts": self.attempts, "finished": self.finished, "last_id": self.last_id,
                "last_clean": self.last_clean, "times": [[t, self.times[t]] for t in sorted(self.times)],
                "seg_sums": self.seg_sums, "seg_counts": self.seg_counts, "best": self.best,
                "trend": [[i, best] for i, best in self.trend]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Summary":
        """A summary the schema has checked (game.files.register: HISTORIES)."""
        return cls(data["attempts"], data["finished"], data["last_id"], data["last_clean"],
                   {t: c for t, c in data["times"]}, list(data["seg_sums"]), list(data["seg_counts"]),
                   list(data["best"]), [(i, list(best)) for i, best in data["trend"]])


# ---------------------------------------------------------------- the history
COLUMNS = "id, outcome, ticks, real_ms, started, flags, splits, real_splits, detail"


class AttemptLog:
    """One board's attempts in the records database. In memory: `attempts`, the detailed ones (the
    last KEEP_LAST, then every older one that keeps its replay), oldest first, and the running
    summary; every other attempt is a row of the `attempts` table, read only to export."""

    def __init__(self, board: str) -> None:
        self.board = board
        self.attempts: list[dict[str, Any]] = []
        self.practice: dict[str, list[int]] = {}
        self.summary = Summary()
        self.problems: list[str] = []     # damaged rows found while exporting (left out)
        self._last_id = 0
        self._changed: dict[int, dict[str, Any]] = {}   # attempts to write at the next save
        self._doomed: list[str] = []      # replays pruned: deleted once the database no longer names them

    @staticmethod
    def path_for(board: str) -> Path:
        """The old JSON history of the board (imported once, kept as a backup)."""
        return HISTORIES.path(f"{safe_name(board)}.json")

    # ----- loading ----------------------------------------------------------------
    @classmethod
    def load(cls, board: str) -> tuple["AttemptLog", str | None]:
        """The board's history from the records database (its old JSON files imported first if they
        never were), and one line to show if something was left out. Saves still on their way land
        first: a screen opened right after a run reads the attempt just made."""
        WRITER.flush()
        db = database.shared()
        db.flush()
        log = cls(board)
        try:
            warning = _import_files(db, board)
            problem = log._read(db)
        except sqlite3.DatabaseError as exc:      # a row too big, a page damaged since the open
            return cls(board), Notice(N_("{file} is damaged ({problem})"), file=RECORDS_DB.relative(),
                                      problem=echo(exc, 80))
        return log, warning or problem

    def _read(self, db: database.Database) -> str | None:
        found = db.read("SELECT summary, practice FROM boards WHERE board = ?", (self.board,))
        summary_text, practice_text = found[0] if found else (None, None)
        last, count = db.read("SELECT coalesce(max(id), 0), count(*) FROM attempts WHERE board = ?", (self.board,))[0]
        self._last_id = int(cast(int, last))
        self.practice = _checked(practice_text, PRACTICE, "practice") or {}
        problem = None
        for row in db.read(f"SELECT {COLUMNS} FROM attempts WHERE board = ? AND detail IS NOT NULL ORDER BY id",
                           (self.board,)):
            attempt = attempt_of(row)
            if attempt is None:
                problem = _damaged_rows(1)
            else:
                self.attempts.append(attempt)
        summary = _checked(summary_text, SUMMARY, "summary")
        self.summary = Summary.from_data(summary) if summary is not None else Summary()
        if not self.summary.fits(self._last_id) or self.summary.attempts != count:
            # Rows win over the summary: one a hand or a bad disk changed is counted again, never trusted.
            every, problem = self.every_attempt()
            self.summary = Summary.of(every)
            text = _dumps(self.summary.to_data())
            db.submit(lambda connection: _write_board(connection, self.board, "summary", text))
        return problem

    # ----- reading ----------------------------------------------------------------
    def last_id(self) -> int:
        return self._last_id

    def count(self) -> int:
        return self.summary.attempts

    def get(self, attempt_id: int) -> dict[str, Any] | None:
        """An attempt: in detail while it keeps its replay, else its time and splits (None if unknown)."""
        found = next((a for a in self.attempts if a.get("id") == attempt_id), None)
        if found is None:
            try:
                rows = database.shared().read(f"SELECT {COLUMNS} FROM attempts WHERE board = ? AND id = ?",
                                              (self.board, attempt_id))
            except sqlite3.DatabaseError:       # a row too big to read: as damaged as one that is not an attempt
                rows = []
            found = attempt_of(rows[0]) if rows else None
        return found

    def every_attempt(self) -> tuple[list[dict[str, Any]], str | None]:
        """The whole history, oldest first (for an export, never per frame), and a warning if rows were
        damaged (left out; the warning is kept in `problems` too)."""
        out: list[dict[str, Any]] = []
        damaged = 0
        try:
            for row in database.shared().rows(f"SELECT {COLUMNS} FROM attempts WHERE board = ? ORDER BY id",
                                              (self.board,)):
                attempt = attempt_of(row)
                if attempt is None:
                    damaged += 1
                else:
                    out.append(attempt)
        except sqlite3.DatabaseError as exc:
            damaged = damaged or 1
            logging.getLogger(__name__).warning("attempt history read stopped: %s", exc)
        warning = _damaged_rows(damaged) if damaged else None
        if warning:
            self.problems.append(warning)
        return out, warning

    def kept(self) -> list[dict[str, Any]]:
        """Attempts whose replay is kept, newest first."""
        return [a for a in reversed(self.attempts) if a.get("replay")]

    def replay_text(self, attempt: dict[str, Any]) -> str:
        """The attempt's kept replay (a bare name in the attempt replay folder); UntrustedError with one
        line if there is none or it cannot be read (too big, not a file, a name that is a path)."""
        name = attempt.get("replay")
        if not name:
            raise UntrustedError(Notice(N_("its replay file is missing")))
        return ATTEMPT_REPLAYS.read_text(name)

    def practice_times(self, segment: int) -> list[int]:
        return list(self.practice.get(str(segment), []))

    # ----- writing ----------------------------------------------------------------
    def add(self, attempt: dict[str, Any], replay_text: str | None = None) -> dict[str, Any]:
        """Append an attempt (its id is the next number), keep its replay, prune old replays."""
        entry = dict(attempt)
        self._last_id += 1
        entry["id"] = self._last_id
        if entry.get("outcome") not in OUTCOMES:
            entry["outcome"] = "finished" if entry.get("ticks") is not None else "reset"
        entry["replay"] = None
        if replay_text:
            name = self.replay_name(entry["id"])
            try:
                ATTEMPT_REPLAYS.write_text(replay_text, name)
                entry["replay"] = name
            except (OSError, UntrustedError):
                pass   # the history still has the attempt, only its replay is missing
        self.attempts.append(entry)
        self._changed[entry["id"]] = entry
        self.summary.fold(entry)
        self.prune()
        return entry

    def replay_name(self, attempt_id: int) -> str:
        """The name the game gives an attempt's replay: the only one it ever deletes for it."""
        return f"{safe_name(self.board)}-{attempt_id}.replay"

    def add_practice(self, segment: int, ticks: int) -> None:
        times = self.practice.setdefault(str(segment), [])
        times.append(min(MAX_TICKS, max(0, int(ticks))))
        del times[:-PRACTICE_KEEP]

    def prune(self) -> None:
        """Drop the replays of attempts that are neither recent nor a PB nor hold a gold (and, past
        MAX_DETAIL, of the oldest PBs and golds); such an attempt keeps its time and splits only. A
        replay file is deleted only if the game named it for that attempt, once the database no
        longer names it; a name that is not the game's is forgotten, its file left alone."""
        older = self.attempts[:-KEEP_LAST]        # past the window: PBs, golds and the one that just left
        kept = [a for a in older if a.get("replay") and keeps_replay(a, set())]
        too_many = {a["id"] for a in kept[:max(0, len(kept) - MAX_DETAIL)]}
        gone = set()
        for entry in older:
            if entry.get("replay") and (entry["id"] in too_many or not keeps_replay(entry, set())):
                if entry["replay"] == self.replay_name(entry["id"]):
                    self._doomed.append(entry["replay"])
                entry["replay"] = None
            if not entry.get("replay"):
                gone.add(entry["id"])
                self._changed[entry["id"]] = entry
        if gone:
            self.attempts = [a for a in self.attempts if a["id"] not in gone]

    def save(self) -> None:
        """Hand this session's changes to the database's worker (one transaction: a frame never waits
        for a disk sync), then, in a transaction after it, delete the pruned replays: a kill between
        the two leaves a file no attempt names, never an attempt naming a deleted file."""
        detailed = {a["id"] for a in self.attempts}
        rows = [_row_of(entry, entry["id"] in detailed) for _id, entry in sorted(self._changed.items())]
        self._changed.clear()
        board, summary, practice = self.board, _dumps(self.summary.to_data()), _dumps(self.practice)
        doomed, self._doomed = self._doomed, []

        def job(connection: sqlite3.Connection) -> None:
            connection.executemany(f"INSERT OR REPLACE INTO attempts (board, {COLUMNS}) "
                                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [(board, *row) for row in rows])
            _write_board(connection, board, "summary", summary)
            _write_board(connection, board, "practice", practice)

        db = database.shared()
        db.submit(job)
        if doomed:
            db.submit(lambda _connection: _delete_replays(doomed))

    # ----- numbers ----------------------------------------------------------------
    def stats(self, names: list[str], pb_splits: list[int] | None = None,
              best_segments: list[int | None] | None = None) -> Stats:
        return self.summary.stats(names, pb_splits, best_segments)


def _delete_replays(names: list[str]) -> None:
    for name in names:
        ATTEMPT_REPLAYS.delete(name)


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _row_of(a: dict[str, Any], detailed: bool) -> tuple[object, ...]:
    """An attempt as the table's columns after `board`: its detail only while it keeps its replay."""
    return (int(a["id"]), a.get("outcome", "reset"), a.get("ticks"), a.get("real_ms"), a.get("started") or "",
            _dumps(list(a.get("flags") or [])), _dumps(list(a.get("splits") or [])),
            _dumps(list(a.get("real_splits") or [])), _dumps(a) if detailed else None)


def attempt_of(row: tuple[object, ...]) -> dict[str, Any] | None:
    """A row of the `attempts` table as an attempt, or None if it is not one the game writes (the
    database is untrusted input: every column is checked by the history's own schemas)."""
    attempt_id, outcome, ticks, real_ms, started, flags, splits, real_splits, detail = row
    try:
        parts = [attempt_id, outcome, ticks, real_ms, started,
                 *(parse_json(text, "attempts") if isinstance(text, str) else None
                   for text in (flags, splits, real_splits))]
        ROW(parts, "attempts")
        if detail is None:
            return from_row(parts)
        entry = parse_json(detail, "attempts.detail") if isinstance(detail, str) else None
        ATTEMPT(entry, "attempts.detail")
    except (UntrustedError, SchemaError):
        return None
    entry = cast("dict[str, Any]", entry)
    return entry if entry["id"] == attempt_id else None


def _checked(text: object, check: Callable[[object, str], object], where: str) -> Any:
    """A JSON column checked by its schema, or None (missing or damaged: then rebuilt or empty)."""
    if not isinstance(text, str):
        return None
    try:
        value = parse_json(text, where)
        check(value, where)
    except (UntrustedError, SchemaError):
        return None
    return value


def _damaged_rows(count: int) -> str:
    # TRANSLATORS: rows of the speedrun attempt history in the records database could not be read
    return Notice.ngettext("{n} attempt of the history is damaged and left out",
                           "{n} attempts of the history are damaged and left out", count)


def _write_board(connection: sqlite3.Connection, board: str, column: str, text: str) -> None:
    connection.execute(f"INSERT INTO boards (board, {column}) VALUES (?, ?) "
                       f"ON CONFLICT (board) DO UPDATE SET {column} = excluded.{column}", (board, text))


# ---------------------------------------------------------------- the one-time import
def _import_files(db: database.Database, board: str) -> str | None:
    """The board's old JSON history and archives into the database, once, through their hardened
    loaders (game.speedrun.history_files); the files stay as they are, a backup. The loaders' warning."""
    marker = f"imported history {board}"
    if db.read("SELECT 1 FROM meta WHERE key = ?", (marker,)):
        return None
    old = read_old(board)
    if old.newer or not old.found:
        return old.warning      # none (a stat, not a read), or a newer game's: left alone, said at each start
    recent = {a["id"] for a in old.attempts[-KEEP_LAST:]}
    # In detail: the attempts the old file kept so that are recent or keep their replay (a version 1
    # file kept every attempt in detail; the others keep their time and splits, as compaction did).
    rows = [_row_of(a, a["id"] in old.detailed and (a["id"] in recent or bool(a.get("replay"))))
            for a in old.attempts]
    summary = _dumps(Summary.of(old.attempts).to_data()) if old.attempts else None
    practice = _dumps(old.practice) if old.practice else None

    def job(connection: sqlite3.Connection) -> None:
        connection.executemany(f"INSERT OR IGNORE INTO attempts (board, {COLUMNS}) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [(board, *row) for row in rows])
        if summary is not None:
            _write_board(connection, board, "summary", summary)
        if practice is not None:
            _write_board(connection, board, "practice", practice)
        connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (marker, str(len(rows))))

    try:
        db.write(job)
    except sqlite3.Error as exc:
        return Notice(HISTORIES.save_failed, error=echo(exc, 120))
    return old.warning


class Writer:
    """One background thread applying file writes in order; errors are kept for the game to show."""

    def __init__(self) -> None:
        self._queue: queue.Queue[Callable[[], None]] = queue.Queue()
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
            return database.flush_all(timeout)      # nothing was ever submitted here
        done = threading.Event()
        self.submit(done.set)
        return done.wait(timeout) and database.flush_all(timeout)

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
                self.errors.append(HISTORIES.save_warning(exc))
            except sqlite3.Error as exc:        # a database read while adding (the import, say)
                self.errors.append(Notice(HISTORIES.save_failed, error=echo(exc, 120)))
            except Exception:   # a bug in a write must not kill the writer for the writes after it
                logging.getLogger(__name__).exception("attempt history write failed")
                self.errors.append(Notice(N_("Could not save the attempt history (see the log)")))


WRITER = Writer()
atexit.register(WRITER.flush)


def keeps_replay(entry: dict[str, Any], recent: set[int]) -> bool:
    return entry["id"] in recent or bool(entry.get("pb")) or bool(entry.get("golds"))


def compute_stats(attempts: list[dict[str, Any]], names: list[str], pb_splits: list[int] | None = None,
                  best_segments: list[int | None] | None = None) -> Stats:
    """Attempts, finished runs, average and median of clean finishes, per-segment numbers and the
    sum-of-best trend, from a list of attempts (the history keeps the same numbers as it goes)."""
    return Summary.of(attempts).stats(names, pb_splits, best_segments)
