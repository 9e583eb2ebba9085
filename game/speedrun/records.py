"""Speedrun records in the user folder: PBs, best segments, last runs, a top-10 board per board key.

They live in the records database (game/files/database.py: table `boards`, one row per
board, its records as JSON checked against RECORD_BOARD whenever read: a damaged board
costs only itself). The JSON file older games kept (user_dir()/speedrun.json) is imported
once, through its hardened loader, on the first start that finds no import done; the file
itself stays as a backup and is never written again. Replays of finished runs
live in replays_dir()/speedrun/ and are named in the records, so a PB always
has its replay (the ghost, the run code).

Only clean runs (no flag) can be a PB, enter the leaderboard or improve best
segments; flagged runs are kept in the last runs with their flags shown.
"""
from __future__ import annotations

from typing import Any, cast

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path

import json
import sqlite3

from game.files import database
from game.files.schema import SchemaError
from game.files.untrusted import echo, parse_json
from game.text.i18n import N_, _
from game.text.notice import Notice, join, message_of
from game.speedrun.splits import Comparison, merge_best
from game.files.untrusted import UntrustedError
from game.files.register import RECORD_BOARD, RECORD_REPLAYS, RECORDS, RECORDS_DB, RECORDS_VERSION

FILE_NAME = RECORDS.relative()
TOP = 10
LAST = 10
FLAG_NAMES = {"mistake": N_("mistake"), "assist": N_("assist on"), "speed": N_("game speed changed")}


def replay_folder() -> Path:
    return RECORD_REPLAYS.folder_path()


@dataclass
class Verdict:
    """What a finished attempt did to the records (the results screen says it)."""

    run: dict[str, Any]
    is_pb: bool
    previous_pb: int | None
    rank: int | None            # leaderboard place, 1-based, if it made the top 10
    golds: list[int]            # split indexes that were new best segments


class Records:
    def __init__(self, data: dict[str, Any] | None = None, newer: bool = False) -> None:
        self.data: dict[str, Any] = data if data is not None else {"version": RECORDS_VERSION, "boards": {}}
        self.newer = newer          # the file is a newer game's: this session's records are not saved
        self._saved: set[str] = set()      # boards the database holds as they are here
        self._dirty: set[str] = set()      # boards changed since (count_attempt, add_run, add_reset)

    # ----- loading and saving -----------------------------------------------------
    @classmethod
    def load(cls) -> tuple["Records", str | None]:
        """The records from the database (speedrun.json imported first if it never was), and one line
        to show when a board was damaged (left out) or the old file could not be imported."""
        db = database.shared()
        db.flush()      # saves still on the worker land first: a screen opened after a run reads them
        warning = _import_json(db)
        boards: dict[str, Any] = {}
        damaged: list[str] = []
        try:
            for key, text in db.read("SELECT board, records FROM boards WHERE records IS NOT NULL"):
                board = _board_of(text, str(key))
                if board is None:
                    damaged.append(str(key))
                else:
                    boards[str(key)] = board
        except sqlite3.DatabaseError as exc:       # a row too big, a page damaged since the open
            return cls(), Notice(N_("{file} is damaged ({problem})"), file=RECORDS_DB.relative(),
                                 problem=echo(exc, 80))
        if damaged:
            db.submit(lambda connection: _set_aside_boards(connection, damaged))
            # TRANSLATORS: a board's records in the records database could not be read; they are left out
            warning = Notice.ngettext("the records of {n} board are left out", "the records of {n} boards are left out",
                                      len(damaged))
        records = cls({"version": RECORDS_VERSION, "boards": boards})
        records._saved = set(boards)
        return records, warning

    def save(self) -> None:
        """Hand every board to the database's worker (one transaction): a frame never waits for the
        disk. What the next start would refuse is never written (SchemaError)."""
        if self.newer:
            return
        rows = []
        boards = self.data["boards"]
        # Only the boards a run changed (and any added by hand): one board's text, never all of them.
        for key in sorted(self._dirty | (boards.keys() - self._saved)):
            if key not in boards:
                continue
            RECORD_BOARD(boards[key], f"boards.{echo(key, 40)}")
            rows.append((str(key), json.dumps(boards[key], separators=(",", ":"))))
        self._saved |= {key for key, _text in rows}
        self._dirty.clear()
        if rows:
            database.shared().submit(lambda connection: _write_boards(connection, rows))

    def try_save(self) -> str | None:
        """save() that never raises: None when handed over, else the one line to show (a save the worker
        could not do is said by database.take_warnings)."""
        try:
            self.save()
        except SchemaError as exc:
            return Notice(RECORDS.save_failed, error=echo(exc, 120))
        return None

    # ----- reading ----------------------------------------------------------------
    def board(self, key: str) -> dict[str, Any]:
        return self.data["boards"].get(key) or _empty_board()

    def pb(self, key: str) -> dict[str, Any] | None:
        return self.board(key).get("pb")

    def comparison(self, key: str) -> Comparison:
        board = self.board(key)
        pb = board.get("pb")
        return Comparison(pb=list(pb["splits"]) if pb else [], best_segments=list(board.get("best_segments", [])))

    def leaderboard(self, key: str) -> list[dict[str, Any]]:
        return list(self.board(key).get("leaderboard", []))

    def last_runs(self, key: str) -> list[dict[str, Any]]:
        return list(self.board(key).get("last", []))

    def attempts(self, key: str) -> int:
        return int(self.board(key).get("attempts", 0))

    # ----- writing ----------------------------------------------------------------
    def _changed(self, key: str) -> dict[str, Any]:
        """The board `key` (made if new), marked for the next save."""
        self._dirty.add(key)
        return cast("dict[str, Any]", self.data["boards"].setdefault(key, _empty_board()))

    def count_attempt(self, key: str) -> None:
        board = self._changed(key)
        board["attempts"] = int(board.get("attempts", 0)) + 1

    def add_run(self, key: str, run: dict[str, Any]) -> Verdict:
        """Record a finished attempt (complete or not). `run` holds at least ticks (None for a DNF),
        splits, flags, seed. Returns what changed; call save() afterwards."""
        board = self._changed(key)
        run = dict(run)
        run.setdefault("date", _dt.datetime.now().isoformat(timespec="seconds"))
        clean = not run.get("flags") and run.get("ticks") is not None
        old = board.get("pb")
        old_ticks = old["ticks"] if old else None
        golds: list[int] = []
        if not run.get("flags"):
            before = list(board.get("best_segments", []))
            board["best_segments"] = merge_best(before, list(run.get("splits", [])))
            golds = [i for i, (a, b) in enumerate(zip(before, board["best_segments"])) if a is not None and b < a]
        is_pb = clean and (old_ticks is None or run["ticks"] < old_ticks)
        if is_pb:
            board["pb"] = run
        rank = None
        if clean:
            top = sorted(board.get("leaderboard", []) + [run], key=lambda r: (r["ticks"], r["date"]))[:TOP]
            board["leaderboard"] = top
            rank = next((i + 1 for i, r in enumerate(top) if r is run), None)
        board["last"] = ([run] + board.get("last", []))[:LAST]
        return Verdict(run, is_pb, old_ticks, rank, golds)

    def add_reset(self, key: str, splits: list[int], flags: list[str]) -> list[int]:
        """A reset attempt still teaches best segments (as LiveSplit does); returns the new golds."""
        if flags or not splits:
            return []
        board = self._changed(key)
        before = list(board.get("best_segments", []))
        board["best_segments"] = merge_best(before, splits)
        return [i for i, (a, b) in enumerate(zip(before, board["best_segments"])) if a is not None and b < a]

    def referenced_replays(self) -> set[str]:
        names = set()
        for board in self.data["boards"].values():
            for run in [board.get("pb")] + board.get("leaderboard", []) + board.get("last", []):
                if run and run.get("replay"):
                    names.add(run["replay"])
        return names

    def prune_replays(self) -> None:
        """Delete speedrun replays no record points at any more (old resets of the last-runs list):
        only files named as the game names them (RECORD_REPLAYS.made), regular files in their folder."""
        if self.newer:
            return   # the records naming them are in a file this version cannot read
        keep = self.referenced_replays()
        for name in RECORD_REPLAYS.names():
            if name not in keep:
                RECORD_REPLAYS.delete(name)


def save_replay(key: str, text: str, when: _dt.datetime | None = None) -> str | None:
    """Write a run's replay next to the records; returns its file name (None if the folder cannot take it)."""
    return write_replay(key, text, when)[0]


def write_replay(key: str, text: str, when: _dt.datetime | None = None) -> tuple[str | None, str | None]:
    """save_replay, and the one line to show when the replay could not be saved."""
    when = when or _dt.datetime.now()
    base = f"{key}-{when.strftime('%Y%m%d-%H%M%S')}"
    folder = replay_folder()
    name, n = f"{base}.replay", 1
    while (folder / name).exists():
        n += 1
        name = f"{base}-{n}.replay"
    try:
        RECORD_REPLAYS.write_text(text, name)
    except OSError as exc:
        return None, RECORD_REPLAYS.save_warning(exc)
    except UntrustedError as exc:      # a board key that cannot be a file name: no replay, said once
        return None, message_of(exc)
    return name, None


def read_replay_text(name: str) -> str | None:
    """A replay the records name (a bare name in the speedrun replay folder), or None if it cannot be read."""
    try:
        return RECORD_REPLAYS.read_text(name)
    except UntrustedError:
        return None


def replay_text(name: str) -> str:
    """read_replay_text, or UntrustedError saying why not (one line for the player)."""
    return RECORD_REPLAYS.read_text(name)


def flag_text(flags: list[str]) -> str:
    """The flags in the player's language (only the run screens show them)."""
    return ", ".join(_(FLAG_NAMES[f]) if f in FLAG_NAMES else f for f in flags)


def _without_damaged_boards(data: dict[str, Any]) -> str | None:
    """Check each board on its own and drop the damaged ones (a copy of the file as it was is kept
    beside it): one board's damaged PB never hides the other boards' records. The warning, or None."""
    damaged: list[SchemaError] = []
    for key, board in list(data["boards"].items()):
        try:
            RECORD_BOARD(board, f"boards.{echo(key, 40)}")
        except SchemaError as exc:
            damaged.append(exc)
            del data["boards"][key]
    if not damaged:
        return None
    where = Notice(N_("{file} is not valid (at {where})"), file=FILE_NAME, where=echo(damaged[0].where, 40))
    # TRANSLATORS: after "speedrun.json is not valid (at ...); ": only the damaged boards' records are dropped
    left = Notice.ngettext("the records of {n} board are left out", "the records of {n} boards are left out",
                           len(damaged))
    return RECORDS.keep_copy(cast(Notice, join(where, left)))


IMPORTED = "imported speedrun.json"


def _import_json(db: database.Database) -> str | None:
    """speedrun.json into the database, once (its hardened loader: size cap, schema, each board checked on
    its own); the file is kept as it is, a backup. The warning the loader gave, if any."""
    if db.read("SELECT 1 FROM meta WHERE key = ?", (IMPORTED,)):
        return None
    loaded = RECORDS.load(None)
    if loaded.newer:
        return loaded.warning      # a newer game's file: left alone, not imported, said at each start
    data = cast("dict[str, Any] | None", loaded.data)
    warning = loaded.warning
    boards: dict[str, Any] = {}
    if data is not None:
        warning = _without_damaged_boards(data) or warning
        boards = data["boards"]
    rows = [(str(key), json.dumps(board, separators=(",", ":"))) for key, board in boards.items()]

    def job(connection: sqlite3.Connection) -> None:
        _write_boards(connection, rows)
        connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (IMPORTED, str(len(rows))))

    try:
        db.write(job)
    except sqlite3.Error as exc:
        return Notice(RECORDS.save_failed, error=echo(exc, 120))
    return warning


def _set_aside_boards(connection: sqlite3.Connection, keys: list[str]) -> None:
    """Damaged boards' records moved to `meta` as they are (the player's bytes kept, said once)."""
    for key in keys:
        connection.execute("INSERT OR REPLACE INTO meta SELECT 'damaged board ' || board, records FROM boards "
                           "WHERE board = ? AND records IS NOT NULL", (key,))
        connection.execute("UPDATE boards SET records = NULL WHERE board = ?", (key,))


def _write_boards(connection: sqlite3.Connection, rows: list[tuple[str, str]]) -> None:
    connection.executemany("INSERT INTO boards (board, records) VALUES (?, ?) "
                           "ON CONFLICT (board) DO UPDATE SET records = excluded.records", rows)


def _board_of(text: object, key: str) -> dict[str, Any] | None:
    """A board's records as the database holds them, or None if they are not what the game writes."""
    if not isinstance(text, str):
        return None
    try:
        board = parse_json(text, f"boards.{echo(key, 40)}")
        RECORD_BOARD(board, f"boards.{echo(key, 40)}")
    except (UntrustedError, SchemaError):
        return None
    return cast("dict[str, Any]", board)


def _empty_board() -> dict[str, Any]:
    return {"pb": None, "best_segments": [], "leaderboard": [], "last": [], "attempts": 0}
