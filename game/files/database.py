"""The player's records: one SQLite database in the user folder (register entry RECORDS_DB).

Records that grow (speedrun attempts, PBs and golds; profiles, stats and evenings as
they come) live here rather than in hand-made JSON files: SQLite's commits are atomic,
so a kill -9 mid-save loses at most the save under way, never one already committed.

The file is untrusted input like every other user file, so it is opened the way
SQLite's own guidance for untrusted databases says (sqlite.org/security.html):
- only a regular file under its size cap (never a link, a FIFO or a folder; its -wal
  and -shm companions neither): lstat before opening;
- `trusted_schema=OFF` (no function in a view or trigger the file defines runs),
  `cell_size_check=ON`, `mmap_size=0`, and a length limit on strings and blobs
  (a huge row is refused when read, never loaded whole);
- a `quick_check` on open, and the schema compared object for object with the one
  the migrations make: a table, index, view or trigger the game did not make is damage.
A damaged database is set aside (records.sqlite3.corrupt-N, its -wal and -shm beside
it), the game starts a fresh one and says so in one line. A database a newer game made
is left alone: this session's records then live in memory only.

Saves go through `Database.submit`: a worker thread runs each job in its own
transaction, in order, so a frame never waits for a disk sync. A job that fails
rolls back; an OSError-like failure becomes one line for a toast (`take_errors`),
anything else is a bug kept in `FAILURES` (the tests fail on it) and logged.
"""
from __future__ import annotations

import atexit
import logging
import os
import queue
import sqlite3
import stat
import threading
from pathlib import Path
from typing import Callable, Iterator

from game.text.notice import N_, Notice, join
from game.files.register import RECORDS_DB
from game.files.untrusted import echo

MAX_VALUE = 1 << 20           # bytes in one string or blob: a row of the game's is a few hundred
COMPANIONS = ("-wal", "-shm")
Job = Callable[[sqlite3.Connection], None]

# Each migration takes the schema from version i to i + 1 (index i). Never edit one that shipped:
# add the next. The schema a database must have is what these make, object for object.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
        # One row per board: its records (PB, golds, top 10, last runs: RECORD_BOARD's shape, as JSON),
        # the history's running summary and its practice times.
        "CREATE TABLE boards (board TEXT PRIMARY KEY, records TEXT, summary TEXT, practice TEXT) WITHOUT ROWID",
        # Every attempt of every board; `detail` is the whole attempt while it keeps its replay.
        "CREATE TABLE attempts (board TEXT NOT NULL, id INTEGER NOT NULL, outcome TEXT NOT NULL, ticks INTEGER,"
        " real_ms INTEGER, started TEXT NOT NULL, flags TEXT NOT NULL, splits TEXT NOT NULL,"
        " real_splits TEXT NOT NULL, detail TEXT, PRIMARY KEY (board, id)) WITHOUT ROWID",
    ),
    (
        # The evenings (game/evening/store.py): one row each, `last` the time of its latest match (or
        # its start); an evening not closed and recent carries on when the game starts again.
        "CREATE TABLE evenings (id INTEGER PRIMARY KEY, started TEXT NOT NULL, last TEXT NOT NULL,"
        " closed INTEGER NOT NULL DEFAULT 0)",
        # Each match of an evening, in order: a MatchRecord as JSON.
        "CREATE TABLE evening_matches (evening INTEGER NOT NULL, n INTEGER NOT NULL, record TEXT NOT NULL,"
        " PRIMARY KEY (evening, n)) WITHOUT ROWID",
        # The career's kept runs (game/career/progress.py): per challenge, the runs that back its stars
        # (their stars as JSON, their replays zlib-compressed, the replay text's SHA-256: the title's
        # badge finds a run judged this session by it, without inflating the replay).
        "CREATE TABLE career_runs (challenge TEXT NOT NULL, n INTEGER NOT NULL, stars TEXT NOT NULL,"
        " replay BLOB NOT NULL, digest TEXT NOT NULL DEFAULT '', PRIMARY KEY (challenge, n)) WITHOUT ROWID",
    ),
    (
        # The players' profiles (game/files/profiles.py): checked again on every read, as untrusted.
        # `colour` a seat identity's index (NULL: none), `rumble` a settings level (NULL: the settings'),
        # `bindings` JSON {button: pad button}, `created` / `last_used` ISO 8601 local time.
        "CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL, character TEXT, colour INTEGER,"
        " assist INTEGER NOT NULL DEFAULT 0, rumble TEXT, bindings TEXT, created TEXT NOT NULL,"
        " last_used TEXT NOT NULL)",
        # NOCASE folds ASCII only: profiles.py also compares casefolded names before a save.
        "CREATE UNIQUE INDEX profiles_name ON profiles (name COLLATE NOCASE)",
    ),
    (
        # The stats (game/stats/store.py). One row per match played in the window and one per seat of it: the
        # record itself (the CSV export reads it). `mode` is the match's one mode ("mixed" when its rounds had
        # several), `modes` every round's, comma-separated.
        "CREATE TABLE matches (id INTEGER PRIMARY KEY, game TEXT NOT NULL, mode TEXT NOT NULL, modes TEXT NOT NULL,"
        " level TEXT NOT NULL, seed INTEGER NOT NULL, ticks INTEGER NOT NULL, finished TEXT NOT NULL) STRICT",
        "CREATE INDEX matches_by_game ON matches (game, mode)",     # Everyone's games: matches per game and mode
        "CREATE TABLE match_seats (match INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, name TEXT NOT NULL, profile INTEGER, kind TEXT NOT NULL, difficulty TEXT NOT NULL,"
        " team INTEGER, score INTEGER NOT NULL, place INTEGER NOT NULL, sold_out_calls INTEGER NOT NULL,"
        " flips INTEGER NOT NULL, grabs INTEGER NOT NULL, walked REAL NOT NULL, fastest_grab INTEGER,"
        " PRIMARY KEY (match, seat)) STRICT, WITHOUT ROWID",
        # What the stats screen reads, kept up to date by the same transaction that saves a match, so 10,000
        # matches open as fast as one: per subject ("profile:7", "name:Ada", "bot:hard"), game and mode ...
        "CREATE TABLE stat_lines (subject TEXT NOT NULL, game TEXT NOT NULL, mode TEXT NOT NULL,"
        " matches INTEGER NOT NULL, wins INTEGER NOT NULL, best_score INTEGER NOT NULL,"
        " sold_out_calls INTEGER NOT NULL, flips INTEGER NOT NULL, grabs INTEGER NOT NULL, walked REAL NOT NULL,"
        " fastest_grab INTEGER, PRIMARY KEY (subject, game, mode)) STRICT, WITHOUT ROWID",
        # ... per subject: its newest name and its win streaks (now, and the longest) ...
        "CREATE TABLE stat_subjects (subject TEXT PRIMARY KEY, profile INTEGER, name TEXT NOT NULL,"
        " last_match INTEGER NOT NULL, streak INTEGER NOT NULL, longest_streak INTEGER NOT NULL) STRICT, WITHOUT ROWID",
        # ... and per pair of profiles that played one match together: who placed above whom how often.
        "CREATE TABLE stat_rivals (profile INTEGER NOT NULL, rival INTEGER NOT NULL, wins INTEGER NOT NULL,"
        " losses INTEGER NOT NULL, ties INTEGER NOT NULL, PRIMARY KEY (profile, rival)) STRICT, WITHOUT ROWID",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

FAILURES: list[BaseException] = []     # bugs in a save job (tests/conftest.py fails a test that leaves one)


class Damaged(Exception):
    """The database cannot be used as it is (the message says why, for the toast)."""


class Database:
    """An open records database: reads on the caller's thread, saves on the worker, one lock between."""

    def __init__(self, connection: sqlite3.Connection, path: Path | None) -> None:
        self.connection = connection
        self.path = path                      # None: in memory (a newer game's file, or no folder)
        self.lock = threading.RLock()
        self.errors: list[str] = []
        self._errors_lock = threading.Lock()    # never the database's: a frame asking never waits for a save
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._worker: threading.Thread | None = None

    # ----- reading ----------------------------------------------------------------
    def read(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """Every row of a query (the lock held: never while the worker is mid-transaction)."""
        with self.lock:
            return list(self.connection.execute(sql, params))

    def rows(self, sql: str, params: tuple[object, ...] = (), size: int = 2000) -> Iterator[tuple[object, ...]]:
        """A long query's rows a batch at a time (an export of 100,000 attempts)."""
        with self.lock:
            cursor = self.connection.execute(sql, params)
            while batch := cursor.fetchmany(size):
                yield from batch

    # ----- writing ----------------------------------------------------------------
    def write(self, job: Job) -> None:
        """Run `job` now in one transaction (rolled back if it raises, which it passes on)."""
        with self.lock:
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                job(self.connection)
            except BaseException:
                self.connection.execute("ROLLBACK")
                raise
            self.connection.execute("COMMIT")

    def submit(self, job: Job) -> None:
        """Run `job` on the worker, in its own transaction, after every job submitted before it."""
        self.start()
        self._queue.put(job)

    def start(self) -> None:
        """Start the worker if it is not running (a caller that saves from a frame starts it ahead:
        a thread starting takes the interpreter from the frame for milliseconds)."""
        if self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(target=self._run, name="records-writer", daemon=True)
            self._worker.start()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted save is done (True), or `timeout` seconds (False)."""
        if self._worker is None:
            return True
        done = threading.Event()
        self.submit(lambda _connection: done.set())
        return done.wait(timeout)

    def take_errors(self) -> list[str]:
        with self._errors_lock:
            out, self.errors = self.errors, []
        return out

    def close(self) -> None:
        self.flush()
        if self._worker is not None:
            self._queue.put(None)
            self._worker.join(5.0)
        with self.lock:
            self.connection.close()

    def _run(self) -> None:
        while (job := self._queue.get()) is not None:
            try:
                self.write(job)
            except (sqlite3.OperationalError, OSError) as exc:      # a full disk, a locked or read-only file
                with self._errors_lock:
                    self.errors.append(Notice(RECORDS_DB.save_failed, error=echo(exc, 120)))
            except BaseException as exc:      # a bug: kept for the tests, logged, the worker goes on
                FAILURES.append(exc)
                logging.getLogger(__name__).exception("a records save failed")
                with self._errors_lock:
                    self.errors.append(Notice(RECORDS_DB.save_failed, error=type(exc).__name__))


# ---------------------------------------------------------------- opening
def open_records() -> tuple[Database, str | None]:
    """The player's records database, and one line to show if it had to be set aside or cannot be
    written (then the records live in memory for this session). Never raises."""
    try:
        RECORDS_DB.confined(writing=True)
        path = RECORDS_DB.path()
        RECORDS_DB.folder_path()
    except OSError as exc:
        return in_memory(), Notice(RECORDS_DB.save_failed, error=echo(exc, 120))
    try:
        return open_at(path), None
    except Damaged as exc:
        warning = set_aside(path, Notice(N_("{file} is damaged ({problem})"), file=RECORDS_DB.relative(),
                                         problem=exc.args[0] if exc.args else ""))
    except Newer:
        return in_memory(), Notice(N_("{file} was made by a newer version of the game; it is left as it is"),
                                   file=RECORDS_DB.relative())
    except (sqlite3.Error, OSError) as exc:
        return in_memory(), Notice(RECORDS_DB.save_failed, error=echo(exc, 120))
    try:
        return open_at(path), warning
    except (Damaged, Newer, sqlite3.Error, OSError) as exc:   # the folder will not hold a fresh one either
        return in_memory(), join(warning, Notice(RECORDS_DB.save_failed, error=echo(exc, 120))) or warning


class Newer(Exception):
    """The database's schema version is above this game's."""


def in_memory() -> Database:
    connection = _connect(":memory:")
    _migrate(connection, 0)
    return Database(connection, None)


def open_at(path: Path) -> Database:
    """Open (or make) the database at `path`: Damaged if it must be set aside, Newer if a newer game's."""
    _check_files(path)
    connection = _connect(str(path))
    try:
        version = _checked(connection)
        _migrate(connection, version)
    except sqlite3.DatabaseError as exc:
        connection.close()
        raise Damaged(echo(exc, 80)) from None
    except BaseException:
        connection.close()
        raise
    return Database(connection, path)


def _check_files(path: Path) -> None:
    """The database and its companions are regular files under the cap, or missing."""
    for candidate in (path, *(path.with_name(path.name + tail) for tail in COMPANIONS)):
        try:
            info = os.lstat(candidate)
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(info.st_mode):
            raise Damaged(Notice(N_("{file} is a link"), file=candidate.name))
        if not stat.S_ISREG(info.st_mode):
            raise Damaged(Notice(N_("{file} is not a regular file"), file=candidate.name))
        if info.st_size > RECORDS_DB.cap:
            raise Damaged(Notice(N_("{file} is too big"), file=candidate.name))


def _connect(target: str) -> sqlite3.Connection:
    # isolation_level=None: transactions are the game's own (Database.write), one per save.
    connection = sqlite3.connect(target, isolation_level=None, check_same_thread=False, timeout=5.0)
    connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE)
    connection.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, 100_000)
    for pragma in ("trusted_schema=OFF", "cell_size_check=ON", "mmap_size=0", "foreign_keys=ON"):
        connection.execute(f"PRAGMA {pragma}")
    return connection


def _checked(connection: sqlite3.Connection) -> int:
    """The database's schema version once its pages and its schema are found sound."""
    rows = list(connection.execute("PRAGMA quick_check"))
    if rows != [("ok",)]:
        raise Damaged(echo(rows[0][0] if rows else "quick_check", 80))
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise Newer()
    if version < 0:
        raise Damaged(Notice(N_("an unknown schema version")))
    found = sorted(_schema_of(connection))
    if found != sorted(expected_schema(version)):
        raise Damaged(Notice(N_("tables the game did not make")))
    if version and connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        connection.execute("PRAGMA journal_mode=WAL")
    return version


def _schema_of(connection: sqlite3.Connection) -> list[tuple[str, str, str]]:
    return [(str(kind), str(name), str(sql)) for kind, name, sql
            in connection.execute("SELECT type, name, coalesce(sql, '') FROM sqlite_schema")]


_EXPECTED: dict[int, list[tuple[str, str, str]]] = {}


def expected_schema(version: int) -> list[tuple[str, str, str]]:
    """The schema objects the migrations make up to `version` (worked out once, in memory)."""
    if version not in _EXPECTED:
        connection = sqlite3.connect(":memory:", isolation_level=None)
        for step in MIGRATIONS[:version]:
            for sql in step:
                connection.execute(sql)
        _EXPECTED[version] = _schema_of(connection)
        connection.close()
    return _EXPECTED[version]


def _migrate(connection: sqlite3.Connection, version: int) -> None:
    """Bring the schema to SCHEMA_VERSION, one migration per transaction (a kill between two leaves
    a database at the first one's version, migrated on from there next time)."""
    if connection.execute("PRAGMA journal_mode=WAL").fetchone()[0] not in ("wal", "memory"):
        raise Damaged(Notice(N_("it cannot keep a write-ahead log")))
    connection.execute("PRAGMA synchronous=FULL")
    for number in range(version, SCHEMA_VERSION):
        connection.execute("BEGIN IMMEDIATE")
        try:
            for sql in MIGRATIONS[number]:
                connection.execute(sql)
            connection.execute(f"PRAGMA user_version={number + 1}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")


def set_aside(path: Path, problem: str) -> str:
    """Move the database and its companions to name.corrupt-N (the same N), kept for the player."""
    n = 1
    while any(path.with_name(f"{path.name}{tail}.corrupt-{n}").exists() or
              path.with_name(f"{path.name}{tail}.corrupt-{n}").is_symlink() for tail in ("", *COMPANIONS)):
        n += 1
    try:
        for tail in ("", *COMPANIONS):
            source = path.with_name(path.name + tail)
            if source.exists() or source.is_symlink():
                os.replace(source, path.with_name(f"{path.name}{tail}.corrupt-{n}"))
    except OSError as exc:
        # TRANSLATORS: after "records.sqlite3 is damaged (...); " (the file could not be renamed)
        return join(problem, Notice(N_("could not be moved aside ({error}); using defaults"),
                                    error=exc.strerror or exc)) or problem
    # TRANSLATORS: after "records.sqlite3 is damaged (...); " ({aside} the damaged file's new name)
    return join(problem, Notice(N_("moved to {aside}, starting fresh records"),
                                aside=f"{path.name}.corrupt-{n}")) or problem


# ---------------------------------------------------------------- the one database of a process
_SHARED: dict[str, Database] = {}
_PENDING: list[str] = []


def shared() -> Database:
    """The records database of the user folder in use, opened on first use and kept (a warning from
    opening it waits in `take_warnings` for the shell's toasts)."""
    key = str(RECORDS_DB.path())
    found = _SHARED.get(key)
    if found is None:
        found, warning = open_records()
        _SHARED[key] = found
        if warning:
            _PENDING.append(warning)
    return found


def keep_in_memory() -> None:
    """This process's records live in memory only: a `--screenshot` stages its scenes' records there
    and never opens, creates or sets aside the player's database."""
    _SHARED.setdefault(str(RECORDS_DB.path()), in_memory())


def take_warnings() -> list[str]:
    """Lines to show once: opening trouble, and saves that failed since the last call."""
    out = list(_PENDING)
    _PENDING.clear()
    for database in _SHARED.values():
        out += database.take_errors()
    return out


def flush_all(timeout: float = 10.0) -> bool:
    """Wait for the saves of every open database (True when all landed within `timeout` each)."""
    return all([database.flush(timeout) for database in list(_SHARED.values())])


def close_all() -> None:
    """Finish every save and close (the interpreter at exit, and the tests between user folders)."""
    while _SHARED:
        _SHARED.popitem()[1].close()


atexit.register(close_all)     # saves still queued on the worker (a daemon thread) land before the exit
