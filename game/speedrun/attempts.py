"""Every attempt on a board, as LiveSplit keeps them: the history, the kept replays, the numbers.

One history per board (game.files.register.HISTORIES: speedrun_attempts/<board>.json),
written atomically; a file that cannot be read is moved aside and the history
starts empty with a one-line warning. An attempt is any run whose timer started:
finished, reset, or not finished (a Check Out! loss). Each holds its split times
(in-game ticks, cumulative), real time at each split (ms), flags, and whether it
was a PB or set golds.

A history lives forever without growing past its cap:
- the last KEEP_LAST attempts keep every detail; older ones keep their time and
  splits (id, outcome, ticks, real time, start, flags, splits, real splits) as
  one compact row each, and every ARCHIVE_ROWS rows move to an archive file of
  their own (HISTORY_ARCHIVES: speedrun_attempts/archive/<board>-<n>.json) that
  is written once and read only to export the whole history;
- the numbers the History screen shows are kept as a running summary
  (`Summary`), updated by each attempt, so opening it reads one small file
  however many attempts there were.

Kept replays (ATTEMPT_REPLAYS: replays/speedrun/attempts/): the last KEEP_LAST
attempts, every PB and every attempt with a gold segment; older ones are deleted
once a new attempt is added and saved (only the file the game wrote for that
attempt, and only after the history stops naming it), and their entries stay in
the history without a replay.

Practice segments are logged here too (never in the records: they are no PB).

Writing a history and a replay costs tens of milliseconds (serialising, fsync), too
much for a one-button reset: the run scenes hand the write to `WRITER`, one
background thread that applies them in order; `flush()` waits for it (the history
screen, the tests, and the interpreter at exit).
"""
from __future__ import annotations

import atexit
import collections
import json
import logging
import queue
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, cast

from game.text.notice import N_, Notice
from game.speedrun.splits import merge_best, segments_of
from game.files.untrusted import UntrustedError
from game.files.register import (
    ARCHIVE_ROWS, ATTEMPT_REPLAYS, HISTORIES, HISTORY_ARCHIVES, HISTORY_VERSION, KEEP_LAST, MAX_TICKS, MAX_TREND,
    OUTCOMES, PRACTICE_KEEP,
)

MAX_DETAIL = 2000          # attempts kept in detail: the last KEEP_LAST, then the latest PBs and golds
MAX_TIMES = 50_000         # distinct finish times the summary counts exactly (then neighbours merge)


def log_folder() -> Path:
    return HISTORIES.folder_path()


def replay_folder() -> Path:
    return ATTEMPT_REPLAYS.folder_path()


def _safe(board: str) -> str:
    return "".join(c if c.isascii() and (c.isalnum() or c in ".-_") else "_" for c in board)


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


# ---------------------------------------------------------------- compact rows
def to_row(a: dict[str, Any]) -> list[Any]:
    """An attempt's time and splits, without the detail (names, comparison, replay, seed...)."""
    real = a.get("real_ms")
    return [int(a["id"]), a.get("outcome", "reset"), a.get("ticks"), real if real is not None else None,
            a.get("started") or "", list(a.get("flags") or []), list(a.get("splits") or []),
            list(a.get("real_splits") or [])]


def from_row(row: list[Any]) -> dict[str, Any]:
    attempt_id, outcome, ticks, real_ms, started, flags, splits, real_splits = row
    return {"id": attempt_id, "outcome": outcome, "ticks": ticks, "real_ms": real_ms, "started": started,
            "flags": flags, "splits": splits, "real_splits": real_splits, "replay": None}


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


# ---------------------------------------------------------------- the history
class AttemptLog:
    """One board's attempts: `attempts` holds the detailed ones (the last KEEP_LAST, then every
    older one that keeps its replay), oldest first; `rows` the compact rows not yet archived."""

    def __init__(self, board: str, data: dict[str, Any] | None = None) -> None:
        self.board = board
        self.name = f"{_safe(board)}.json"
        data = data if data is not None else {"version": HISTORY_VERSION, "attempts": [], "rows": [],
                                              "archived": 0, "compacted": 0, "practice": {}}
        # Where this history lives, fixed now: a write done later by WRITER still lands here.
        self.path = HISTORIES.path(self.name)
        self.attempts: list[dict[str, Any]] = data["attempts"]
        self.rows: list[list[Any]] = data.get("rows", [])
        self.archived: int = data.get("archived", 0)       # archive files 1..archived are written
        # Every attempt up to this id has its row (never below the last row: new ids always rise).
        self.compacted: int = max(data.get("compacted", 0), self.rows[-1][0] if self.rows else 0)
        self.practice: dict[str, list[int]] = data.get("practice", {})
        summary = data.get("summary")
        self.summary = Summary.from_data(summary) if summary is not None else Summary.of(self.attempts)
        self._text: dict[int, str] = {}   # attempt id -> its JSON, reused by every save (see save())
        self._row_text: list[str] = [_dumps(row) for row in self.rows]
        self._doomed: list[str] = []      # replays pruned: deleted once the history no longer names them
        self.problems: list[str] = []     # damaged archives found while exporting (moved aside)
        self.newer = False                # the file is a newer game's: never written over

    # ----- files ------------------------------------------------------------------
    @staticmethod
    def path_for(board: str) -> Path:
        return HISTORIES.path(f"{_safe(board)}.json")

    @classmethod
    def load(cls, board: str) -> tuple["AttemptLog", str | None]:
        """The board's history through the register (size cap, no FIFOs, its schema); a damaged one is
        moved aside, one from a newer game is left as it is and not written this session. An older
        file (every attempt in detail) is compacted as it is read. Writes still on their way (WRITER)
        land first: a run scene opened right after another on the same board would otherwise read
        the file without the last attempt and save over it."""
        WRITER.flush()
        name = f"{_safe(board)}.json"
        loaded = HISTORIES.load(None, name)
        if loaded.newer:
            log = cls(board)
            log.newer = True
            return log, Notice(N_("{file} was made by a newer version of the game; it is left as it is"),
                               file=HISTORIES.relative(name))
        if loaded.data is None:
            return cls(board), loaded.warning
        data = cast("dict[str, Any]", loaded.data)   # the register's schema checked its shape
        if data["version"] == 1:
            return cls._upgraded(board, data), None
        log = cls(board, data)
        if log.archived == 0 or "summary" not in data or not log.summary.fits(log.last_id()) \
                or log.summary.attempts != log.expected_count():
            # Rows win over the summary: every row is in this file (a few ms to count), or the summary
            # does not fit what the files hold. With archives, every_attempt() rebuilds it too.
            every, problem = log.every_attempt()
            log.summary = Summary.of(every)
            return log, problem
        return log, None

    def expected_count(self) -> int:
        """How many attempts the history's files hold: full archives, rows, and the newest attempts
        not yet compacted (ids are unique and ascending, so each is one attempt)."""
        return (self.archived * ARCHIVE_ROWS + len(self.rows)
                + sum(1 for a in self.attempts if a["id"] > self.compacted))

    @classmethod
    def _upgraded(cls, board: str, data: dict[str, Any]) -> "AttemptLog":
        """A version 1 history (every attempt in detail, one ever-growing file) compacted, and saved so
        at once: the next start reads the small file."""
        log = cls(board, {"attempts": [], "practice": data.get("practice", {})})
        for attempt in data["attempts"]:
            log.attempts.append(attempt)
            log.summary.fold(attempt)
        log.compact()
        try:
            log.save()
        except OSError:
            pass        # a read-only folder: compacted again at the next start, nothing lost
        return log

    def save(self) -> None:
        """Write the history atomically: full archives first (each once), then the board's file. Each
        attempt is serialised once and its text kept: one json.dumps of thousands of attempts would
        hold the interpreter lock for tens of ms (a hitch in the run going on meanwhile)."""
        if self.newer:
            return      # a newer game's history: this session's attempts are not written over it
        while len(self.rows) >= ARCHIVE_ROWS:
            self._archive()
        parts = []
        for entry in self.attempts:
            text = self._text.get(entry["id"])
            if text is None:
                text = self._text[entry["id"]] = _dumps(entry)
            parts.append(text)
        HISTORIES.write_text(
            f'{{"version":{HISTORY_VERSION},"archived":{self.archived},"compacted":{self.compacted},'
            f'"practice":{_dumps(self.practice)},"summary":{_dumps(self.summary.to_data())},'
            f'"rows":[{",".join(self._row_text)}],\n"attempts":[' + ",\n".join(parts) + "]}\n", self.name)
        for name in self._doomed:         # after the save: a kill before it leaves no name without its file
            ATTEMPT_REPLAYS.delete(name)
        self._doomed.clear()

    def _archive(self) -> None:
        """The oldest ARCHIVE_ROWS rows to archive file archived + 1 (OSError: nothing changes). A kill
        before the board's file is written leaves that archive unnamed by it: rewritten next time."""
        number = self.archived + 1
        rows = self._row_text[:ARCHIVE_ROWS]
        # Each archive says whose and which it is: a swapped or foreign one is found (_checked_archives).
        head = f'{{"version":{HISTORY_VERSION},"board":{_dumps(self.board)},"number":{number},"rows":[\n'
        HISTORY_ARCHIVES.write_text(head + ",\n".join(rows) + "]}\n", self._archive_name(number))
        self.archived = number
        del self.rows[:ARCHIVE_ROWS]
        del self._row_text[:ARCHIVE_ROWS]

    def _archive_name(self, number: int) -> str:
        return f"{_safe(self.board)}-{number}.json"

    # ----- reading ----------------------------------------------------------------
    def last_id(self) -> int:
        return max(self.attempts[-1]["id"] if self.attempts else 0, self.compacted)

    def count(self) -> int:
        return self.summary.attempts

    def get(self, attempt_id: int) -> dict[str, Any] | None:
        """An attempt in detail, or as its compact row (None if it is archived or unknown)."""
        found = next((a for a in self.attempts if a.get("id") == attempt_id), None)
        if found is None:
            found = next((from_row(r) for r in self.rows if r[0] == attempt_id), None)
        return found

    def every_attempt(self) -> tuple[list[dict[str, Any]], str | None]:
        """The whole history, oldest first (archives read: for an export, not for a screen), and a
        warning if an archive was damaged (it is moved aside; its attempts are left out). The
        warning is also kept in `problems` for whoever shows the export."""
        out: list[dict[str, Any]] = []
        warning = None
        for rows, problem in self._checked_archives():
            out += [from_row(r) for r in rows]
            warning = warning or problem
        if warning:
            self.problems.append(warning)
        out += [from_row(r) for r in self.rows]
        detail = {a["id"]: a for a in self.attempts}
        out = [detail.get(a["id"], a) for a in out]
        out += [a for a in self.attempts if a["id"] > self.compacted]
        if warning is None:
            self.summary = Summary.of(out)      # every row read: the summary is theirs, never the file's
        return out, warning

    def _checked_archives(self) -> Iterator[tuple[list[list[Any]], str | None]]:
        """The archives as one set: each of this board, in its place (its number, and attempt ids
        after the archive before it and before the rows), ARCHIVE_ROWS rows. One that is not is left
        out with a warning (a swapped, foreign or cut one), never read as if it fitted."""
        after = 0
        before = self.rows[0][0] if self.rows else self.compacted + 1
        for number, data, problem in self._archives():
            rows: list[list[Any]] = data["rows"] if data is not None else []
            if problem is None and not self._in_place(number, data or {}, after, before):
                # TRANSLATORS: an archive file of a board's attempt history that is another board's, or out of place
                problem = Notice(N_("{file} does not belong in this history: the attempts it holds are left out"),
                                 file=HISTORY_ARCHIVES.relative(self._archive_name(number)))
            if problem is None:
                after = rows[-1][0]
            yield ([] if problem else rows), problem

    def _in_place(self, number: int, data: dict[str, Any], after: int, before: int) -> bool:
        """Is archive `number` this board's, and is it whole and between its neighbours? (An archive
        an older game wrote says neither board nor number: its attempt ids alone place it.)"""
        rows = data.get("rows") or []
        return (data.get("board", self.board) == self.board and data.get("number", number) == number
                and len(rows) == ARCHIVE_ROWS and rows[0][0] > after and rows[-1][0] < before)

    def _archives(self) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
        """(number, its data or None, problem) of the archives 1..archived there are: found by listing
        the folder, never by walking the count the history holds (a count of 2^30 is one line, not hours)."""
        present = self._archive_numbers()
        missing = self.archived - len(present)
        if missing:
            first = next((n for n, want in zip(present, range(1, self.archived + 1)) if n != want),
                         len(present) + 1)
            # TRANSLATORS: {n} archive files of an attempt history are gone, {file} the first of them
            yield 0, None, Notice.ngettext(
                "{n} archive is missing ({file}): the attempts it held are left out",
                "{n} archives are missing (the first is {file}): the attempts they held are left out",
                missing, file=HISTORY_ARCHIVES.relative(self._archive_name(first)))
        for number in present:
            name = self._archive_name(number)
            loaded = HISTORY_ARCHIVES.load(None, name)
            if isinstance(loaded.data, dict):
                yield number, loaded.data, None
            else:
                yield number, None, loaded.warning or Notice(
                    N_("{file} is missing: the attempts it held are left out"), file=HISTORY_ARCHIVES.relative(name))

    def _archive_numbers(self) -> list[int]:
        """The numbers 1..archived of this board's archive files in the folder, ascending."""
        prefix = f"{_safe(self.board)}-"
        numbers = []
        for name in HISTORY_ARCHIVES.names():
            digits = name[len(prefix):-len(".json")] if name.startswith(prefix) else ""
            if digits.isascii() and digits.isdigit() and 1 <= int(digits) <= self.archived:
                numbers.append(int(digits))
        return sorted(numbers)

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
        """Append an attempt (its id is the next number), keep its replay, prune old replays, compact."""
        entry = dict(attempt)
        entry["id"] = self.last_id() + 1
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
        self.summary.fold(entry)
        self.prune()
        self.compact()
        return entry

    def replay_name(self, attempt_id: int) -> str:
        """The name the game gives an attempt's replay: the only one it ever deletes for it."""
        return f"{_safe(self.board)}-{attempt_id}.replay"

    def add_practice(self, segment: int, ticks: int) -> None:
        times = self.practice.setdefault(str(segment), [])
        times.append(min(MAX_TICKS, max(0, int(ticks))))
        del times[:-PRACTICE_KEEP]

    def prune(self) -> None:
        """Drop the replays of attempts that are neither recent nor a PB nor hold a gold (and, past
        MAX_DETAIL, of the oldest PBs and golds). Only a file the game named for that attempt is
        deleted, once the history is saved; a name that is not the game's is forgotten, its file
        left alone."""
        older = self.attempts[:-KEEP_LAST]        # past the window: PBs, golds and the one that just left
        kept = [a for a in older if a.get("replay") and keeps_replay(a, set())]
        too_many = {a["id"] for a in kept[:max(0, len(kept) - MAX_DETAIL)]}
        for entry in older:
            if entry.get("replay") and (entry["id"] in too_many or not keeps_replay(entry, set())):
                if entry["replay"] == self.replay_name(entry["id"]):
                    self._doomed.append(entry["replay"])
                entry["replay"] = None
                entry.pop("comparison", None)
                self._text.pop(entry["id"], None)

    def compact(self) -> None:
        """Every attempt older than the last KEEP_LAST becomes a compact row; its detail stays only while
        it keeps a replay."""
        first = len(self.attempts)
        while first and self.attempts[first - 1]["id"] > self.compacted:
            first -= 1
        leaving = self.attempts[first:max(first, len(self.attempts) - KEEP_LAST)]
        for entry in leaving:
            row = to_row(entry)
            self.rows.append(row)
            self._row_text.append(_dumps(row))
            self.compacted = entry["id"]
        gone = {a["id"] for a in leaving if not a.get("replay")}
        if gone:
            self.attempts = [a for a in self.attempts if a["id"] not in gone]
            for attempt_id in gone:
                self._text.pop(attempt_id, None)

    # ----- numbers ----------------------------------------------------------------
    def stats(self, names: list[str], pb_splits: list[int] | None = None,
              best_segments: list[int | None] | None = None) -> Stats:
        return self.summary.stats(names, pb_splits, best_segments)


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
                self.errors.append(HISTORIES.save_warning(exc))
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
