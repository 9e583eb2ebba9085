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
