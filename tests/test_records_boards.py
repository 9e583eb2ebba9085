"""speedrun.json: damage is quarantined at the smallest unit (issue #39). One board's damaged PB (a
null split) moved the whole file aside, and every other board's PBs vanished from the game."""
from __future__ import annotations

import json
from pathlib import Path

from game.speedrun.records import Records

GOOD = {"pb": {"ticks": 900, "splits": [300, 600, 900], "names": ["a", "b", "c"]}, "best_segments": [290, 300, 300],
        "leaderboard": [], "last": [], "attempts": 4}
BAD = {"pb": {"ticks": 900, "splits": [300, None, 900], "names": ["a", "b", "c"]}}


def _write(user: Path, boards: dict[str, object]) -> bytes:
    user.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"version": 1, "boards": boards}).encode()
    (user / "speedrun.json").write_bytes(data)
    return data


def test_one_damaged_board_costs_only_itself(user_dir: Path) -> None:
    written = _write(user_dir, {"rush.set.A": BAD, "memory.set.B": GOOD, "tidy.set.C": GOOD})
    records, warning = Records.load()
    assert records.pb("memory.set.B") == GOOD["pb"] and records.pb("tidy.set.C") == GOOD["pb"]
    assert records.pb("rush.set.A") is None
    assert warning is not None and "\n" not in warning
    assert "speedrun.json is not valid (at boards.rush.set.A.pb.splits[1])" in warning
    assert "a copy is kept in speedrun.json.corrupt-1" in warning
    assert (user_dir / "speedrun.json.corrupt-1").read_bytes() == written     # the player's bytes kept


def test_the_next_start_has_the_other_boards_and_no_second_copy(user_dir: Path) -> None:
    _write(user_dir, {"rush.set.A": BAD, "memory.set.B": GOOD})
    Records.load()
    records, warning = Records.load()
    assert warning is None and records.pb("memory.set.B") == GOOD["pb"]
    assert not (user_dir / "speedrun.json.corrupt-2").exists()


def test_a_file_that_is_not_records_at_all_is_still_moved_aside_whole(user_dir: Path) -> None:
    user_dir.mkdir(parents=True)
    (user_dir / "speedrun.json").write_text('{"version": 1, "boards": []}')
    records, warning = Records.load()
    assert warning is not None and "moved to speedrun.json.corrupt-1" in warning
    assert records.data["boards"] == {}


def test_a_save_after_a_run_costs_the_frame_one_board_not_every_board(user_dir):
    """A player with 300 boards: the results screen's save hands one board to the database's worker
    (it serialised and checked all 300 on the frame: 15 ms a save)."""
    import statistics
    import time

    from game.files import database
    records = Records()
    for board in range(300):
        for i in range(12):
            records.add_run(f"board{board}", {"ticks": 900 + i, "splits": list(range(100, 120)), "flags": [],
                                              "seed": i, "date": "2026-11-29T10:00:00"})
    records.save()
    database.shared().flush()
    loaded, warning = Records.load()
    assert warning is None and len(loaded.data["boards"]) == 300
    times = []
    for _ in range(21):
        loaded.count_attempt("board7")
        started = time.perf_counter()
        loaded.save()
        times.append(time.perf_counter() - started)
    assert statistics.median(times) < 0.002, f"{statistics.median(times) * 1000:.2f} ms a save"
    database.shared().flush()
    assert Records.load()[0].attempts("board7") == 21


def test_a_damaged_board_in_the_database_is_left_out_once_and_its_bytes_kept(user_dir):
    import sqlite3

    from game.files import database
    records = Records()
    for board in ("rush.set.A", "rush.set.B"):
        records.add_run(board, {"ticks": 900, "splits": [300, 900], "flags": [], "seed": 1,
                                "date": "2026-11-29T10:00:00"})
    records.save()
    database.close_all()
    connection = sqlite3.connect(user_dir / "records.sqlite3")
    connection.execute("UPDATE boards SET records = ? WHERE board = 'rush.set.B'", ('{"pb": {"ticks": "fast"}}',))
    connection.commit()
    connection.close()
    loaded, warning = Records.load()
    assert warning and "1 board" in warning and set(loaded.data["boards"]) == {"rush.set.A"}
    again, warning = Records.load()
    assert warning is None and set(again.data["boards"]) == {"rush.set.A"}, "said at every start"
    kept = database.shared().read("SELECT value FROM meta WHERE key = 'damaged board rush.set.B'")
    assert kept == [('{"pb": {"ticks": "fast"}}',)]
