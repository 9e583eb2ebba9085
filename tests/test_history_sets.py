"""The attempt histories older games kept as a set of files (issue #39) are imported once into the
records database (issue #43) through their hardened loaders: a count in a file never drives a loop
(the archives are listed, not counted up to), a swapped or foreign archive is found and left out,
the summary is counted from the rows, never taken from a file. In the database, the summary is
checked against the rows and counted again when it does not fit, and each row by the schemas."""
from __future__ import annotations

import json
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from game.files import database
from game.speedrun import history_files
from game.speedrun.attempts import AttemptLog, Summary, compute_stats

BOARD = "rush.set.A"
NAMES = ["Card 1", "Card 2", "SOLD OUT!"]
ROWS = 5          # rows per archive in these tests (the game's is 1,000)
KEEP = 3          # attempts in detail


@pytest.fixture(autouse=True)
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_files, "ARCHIVE_ROWS", ROWS)


def _attempt(n: int) -> dict[str, Any]:
    return {"id": n, "outcome": "finished", "ticks": 900 + n % 7, "real_ms": 15000, "started": "",
            "flags": [], "splits": [300, 600, 900 + n % 7], "real_splits": [5000, 10000, 15000]}


def _row(a: dict[str, Any]) -> list[Any]:
    return [a["id"], a["outcome"], a["ticks"], a["real_ms"], a["started"], a["flags"], a["splits"], a["real_splits"]]


def _archive(user: Path, board: str, number: int) -> Path:
    return user / "speedrun_attempts" / "archive" / f"{board}-{number}.json"


def _history_file(user: Path, board: str = BOARD) -> Path:
    return user / "speedrun_attempts" / f"{board}.json"


def _old_set(user: Path, board: str, count: int, bare: bool = False) -> list[dict[str, Any]]:
    """A history as older games wrote it: full archives of ROWS rows, the rows left, KEEP in detail
    (`bare`: archives as the oldest games wrote them, saying neither board nor number)."""
    every = [_attempt(n) for n in range(1, count + 1)]
    compacted = every[:-KEEP]
    archived = len(compacted) // ROWS
    for number in range(1, archived + 1):
        rows = [_row(a) for a in compacted[(number - 1) * ROWS:number * ROWS]]
        head = {} if bare else {"board": board, "number": number}
        path = _archive(user, board, number)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"version": 2, **head, "rows": rows}))
    path = _history_file(user, board)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "version": 2, "archived": archived, "compacted": compacted[-1]["id"] if compacted else 0, "practice": {},
        "rows": [_row(a) for a in compacted[archived * ROWS:]], "attempts": every[-KEEP:],
        "summary": Summary.of(every).to_data()}))
    return every


def _ids(log: AttemptLog) -> list[int]:
    return [a["id"] for a in log.every_attempt()[0]]


def test_a_huge_archive_count_costs_what_the_archives_present_cost(user_dir: Path) -> None:
    """The schema allows 2^30 archives; loading walked that many names (94 s for 100,000)."""
    path = _history_file(user_dir)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 2, "archived": 1 << 30, "compacted": 1 << 40, "rows": [],
                                "attempts": [], "practice": {}}))
    start = time.process_time()
    log, warning = AttemptLog.load(BOARD)
    assert time.process_time() - start < 1.0
    assert warning is not None and "1,073,741,824 archives are missing" in warning and "\n" not in warning
    assert log.every_attempt() == ([], None) and log.count() == 0


def test_archives_swapped_are_found_never_imported_out_of_order(user_dir: Path) -> None:
    _old_set(user_dir, BOARD, 23)          # 4 archives of 5 rows, then 3 in detail
    one, two = _archive(user_dir, BOARD, 1), _archive(user_dir, BOARD, 2)
    swap = one.with_suffix(".swap")
    one.rename(swap)
    two.rename(one)
    swap.rename(two)
    log, warning = AttemptLog.load(BOARD)
    assert warning is not None and "does not belong in this history" in warning
    found = _ids(log)
    assert found == sorted(found) and len(set(found)) == len(found) and log.count() == len(found)


def test_archives_swapped_from_an_older_game_are_found_by_their_attempt_ids(user_dir: Path) -> None:
    _old_set(user_dir, BOARD, 23, bare=True)
    one, two = _archive(user_dir, BOARD, 1), _archive(user_dir, BOARD, 2)
    data_one, data_two = one.read_bytes(), two.read_bytes()
    one.write_bytes(data_two)
    two.write_bytes(data_one)
    log, warning = AttemptLog.load(BOARD)
    found = _ids(log)
    assert warning is not None and found == sorted(found)


def test_an_archive_copied_from_another_board_is_found(user_dir: Path) -> None:
    _old_set(user_dir, "memory.set.B", 23)
    _old_set(user_dir, BOARD, 23)
    shutil.copy(_archive(user_dir, "memory.set.B", 2), _archive(user_dir, BOARD, 2))
    log, warning = AttemptLog.load(BOARD)
    assert warning is not None and "rush.set.A-2.json does not belong" in warning
    assert 6 not in _ids(log) and 11 in _ids(log)


def test_a_whole_set_is_imported_once_and_kept_as_a_backup(user_dir: Path) -> None:
    _old_set(user_dir, BOARD, 23)
    files = {p: p.read_bytes() for p in (user_dir / "speedrun_attempts").rglob("*.json")}
    log, warning = AttemptLog.load(BOARD)
    assert warning is None and _ids(log) == list(range(1, 24)) and log.count() == 23
    assert [a["id"] for a in log.attempts] == [21, 22, 23]           # the detailed ones stay detailed
    assert {p: p.read_bytes() for p in files} == files                # the files are left as they were
    _history_file(user_dir).write_text(json.dumps({"version": 2, "archived": 0, "compacted": 0, "rows": [],
                                                   "attempts": [_attempt(1)], "practice": {}}))
    again, warning = AttemptLog.load(BOARD)
    assert warning is None and again.count() == 23                    # imported once: never again


def test_a_summary_that_fits_but_lies_in_the_old_file_is_never_imported(user_dir: Path) -> None:
    """A hand made the best segments and the finish times better than any attempt: the rows win."""
    every = _old_set(user_dir, BOARD, 60)
    path = _history_file(user_dir)
    data = json.loads(path.read_text())
    data["summary"]["best"] = [1, 1, 1]
    data["summary"]["times"] = [[5, 1]] + data["summary"]["times"][1:]
    path.write_text(json.dumps(data))
    log, warning = AttemptLog.load(BOARD)
    assert warning is None and log.stats(NAMES) == compute_stats(every, NAMES)


def _set_summary(text: str) -> None:
    database.shared().write(lambda c: c.execute("UPDATE boards SET summary = ? WHERE board = ?", (text, BOARD)))


@pytest.mark.parametrize("change", ["count", "last id", "not json", "wrong shape"])
def test_a_summary_in_the_database_that_does_not_fit_the_rows_is_counted_again(user_dir: Path, change: str) -> None:
    every = _old_set(user_dir, BOARD, 23)
    AttemptLog.load(BOARD)
    data = Summary.of(every).to_data()
    if change == "count":
        data["attempts"] = 1000
    elif change == "last id":
        data["last_id"] = 7
    text = {"not json": "{", "wrong shape": '{"attempts": "many"}'}.get(change, json.dumps(data))
    _set_summary(text)
    log, warning = AttemptLog.load(BOARD)
    assert warning is None and log.count() == 23 and log.stats(NAMES) == compute_stats(every, NAMES)
    database.shared().flush()
    stored = database.shared().read("SELECT summary FROM boards WHERE board = ?", (BOARD,))[0][0]
    assert json.loads(str(stored)) == Summary.of(every).to_data()       # and saved counted


@pytest.mark.parametrize("column, value", [("splits", "not json"), ("splits", '[1, "x"]'), ("outcome", "won"),
                                           ("detail", '{"id": 999, "outcome": "finished"}'), ("real_ms", "fast"),
                                           ("ticks", -5)])
def test_a_damaged_row_is_left_out_with_one_line(user_dir: Path, column: str, value: str | None) -> None:
    _old_set(user_dir, BOARD, 23)
    AttemptLog.load(BOARD)

    def damage(connection: sqlite3.Connection) -> None:
        connection.execute(f"UPDATE attempts SET {column} = ? WHERE board = ? AND id = 22", (value, BOARD))

    database.shared().write(damage)
    log, warning = AttemptLog.load(BOARD)
    every, problem = log.every_attempt()
    assert problem is not None and "1 attempt of the history is damaged" in problem
    assert [a["id"] for a in every] == [n for n in range(1, 24) if n != 22]


def test_a_row_too_big_to_read_is_one_line_never_a_crash(user_dir: Path) -> None:
    """The database refuses a value past its length limit when read: History opens empty and says so."""
    _old_set(user_dir, BOARD, 23)
    AttemptLog.load(BOARD)
    huge = "[" + "1," * (database.MAX_VALUE // 2) + "1]"
    database.shared().flush()
    path = database.shared().path
    assert path is not None
    hand = sqlite3.connect(path)          # another program's connection: no length limit of the game's
    with hand:
        hand.execute("UPDATE attempts SET detail = ? WHERE board = ? AND id = 23", (huge, BOARD))
    hand.close()
    log, warning = AttemptLog.load(BOARD)
    assert warning is not None and "records.sqlite3 is damaged" in warning and log.count() == 0
    assert log.get(23) is None and log.every_attempt()[1] is not None
