"""An attempt history is a set of files, checked as a set (issue #39): a count in a file never drives
a loop (the archives are listed, not counted up to), archives say whose and which they are so a
swapped or foreign one is found, and the summary is rebuilt from the rows, never trusted over them."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from game.speedrun import attempts
from game.speedrun.attempts import AttemptLog, Summary

BOARD = "rush.set.A"
NAMES = ["Card 1", "Card 2", "SOLD OUT!"]


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Archives of 5 rows and 3 attempts in detail: a few dozen attempts make several archives."""
    monkeypatch.setattr(attempts, "ARCHIVE_ROWS", 5)
    monkeypatch.setattr(attempts, "KEEP_LAST", 3)


def _played(board: str, count: int) -> AttemptLog:
    log = AttemptLog(board)
    for n in range(count):
        log.add({"ticks": 900 + n % 7, "splits": [300, 600, 900 + n % 7], "flags": []})
        log.save()
    return log


def _archive(user: Path, board: str, number: int) -> Path:
    return user / "speedrun_attempts" / "archive" / f"{board}-{number}.json"


def _history_file(user: Path, board: str = BOARD) -> Path:
    return user / "speedrun_attempts" / f"{board}.json"


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
    every, problem = log.every_attempt()
    assert time.process_time() - start < 1.0
    assert every == [] and problem is not None and "1,073,741,824 archives are missing" in problem
    assert warning is not None and "\n" not in warning


def test_archives_swapped_are_found_never_exported_out_of_order(user_dir: Path, small: None) -> None:
    log = _played(BOARD, 23)          # 4 archives of 5 rows, then rows and 3 in detail
    assert log.archived == 4 and _ids(log) == list(range(1, 24))
    one, two = _archive(user_dir, BOARD, 1), _archive(user_dir, BOARD, 2)
    swap = one.with_suffix(".swap")
    one.rename(swap)
    two.rename(one)
    swap.rename(two)
    again, _ = AttemptLog.load(BOARD)
    ids, problem = again.every_attempt()
    assert problem is not None and "does not belong in this history" in problem
    found = [a["id"] for a in ids]
    assert found == sorted(found) and len(set(found)) == len(found)


def test_archives_swapped_from_an_older_game_are_found_by_their_attempt_ids(user_dir: Path, small: None) -> None:
    _played(BOARD, 23)
    for number in (1, 2):            # as an older game wrote them: no board, no number
        path = _archive(user_dir, BOARD, number)
        data = json.loads(path.read_text())
        path.write_text(json.dumps({"version": 2, "rows": data["rows"]}))
    one, two = _archive(user_dir, BOARD, 1), _archive(user_dir, BOARD, 2)
    data_one, data_two = one.read_bytes(), two.read_bytes()
    one.write_bytes(data_two)
    two.write_bytes(data_one)
    log, _ = AttemptLog.load(BOARD)
    every, problem = log.every_attempt()
    found = [a["id"] for a in every]
    assert problem is not None and found == sorted(found)


def test_an_archive_copied_from_another_board_is_found(user_dir: Path, small: None) -> None:
    _played("memory.set.B", 23)
    _played(BOARD, 23)
    shutil.copy(_archive(user_dir, "memory.set.B", 2), _archive(user_dir, BOARD, 2))
    log, _ = AttemptLog.load(BOARD)
    _every, problem = log.every_attempt()
    assert problem is not None and "rush.set.A-2.json does not belong" in problem


def test_a_whole_set_of_archives_reads_without_a_word(user_dir: Path, small: None) -> None:
    _played(BOARD, 23)
    log, warning = AttemptLog.load(BOARD)
    every, problem = log.every_attempt()
    assert warning is None and problem is None and [a["id"] for a in every] == list(range(1, 24))


def test_a_summary_that_fits_but_lies_is_rebuilt_from_the_rows(user_dir: Path) -> None:
    """A hand made the best segments and the finish times better than any attempt: the rows win."""
    log = _played(BOARD, 60)
    truth = log.stats(NAMES)
    path = _history_file(user_dir)
    data = json.loads(path.read_text())
    data["summary"]["best"] = [1, 1, 1]
    data["summary"]["times"] = [[5, 1]] + data["summary"]["times"][1:]
    path.write_text(json.dumps(data))
    again, warning = AttemptLog.load(BOARD)
    assert warning is None
    assert again.stats(NAMES) == truth


def test_with_archives_a_summary_whose_count_does_not_fit_is_rebuilt(user_dir: Path, small: None) -> None:
    log = _played(BOARD, 23)
    truth = log.stats(NAMES)
    path = _history_file(user_dir)
    data = json.loads(path.read_text())
    data["summary"]["attempts"] = 1000
    path.write_text(json.dumps(data))
    again, _ = AttemptLog.load(BOARD)
    assert again.stats(NAMES) == truth and again.count() == 23


def test_an_export_rebuilds_the_summary_from_every_archived_row(user_dir: Path, small: None) -> None:
    log = _played(BOARD, 23)
    truth = Summary.of(log.every_attempt()[0])
    path = _history_file(user_dir)
    data = json.loads(path.read_text())
    data["summary"]["best"] = [1, 1, 1]
    path.write_text(json.dumps(data))
    again, _ = AttemptLog.load(BOARD)
    again.every_attempt()
    assert again.summary == truth
