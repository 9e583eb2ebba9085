"""Career progress (game/career/progress.py): stars kept per challenge in the records database,
each backed by its replay and re-judged on load; a damaged or tampered row costs its own
challenge's stars and nothing else; the files older games kept are imported once and kept."""
from __future__ import annotations

import json
import zlib

import pytest

from game.career import progress
from game.career.challenges import load_career
from game.career.worlds import play
from game.files import database
from game.files.register import CAREER_PROGRESS

CAREER = load_career()
FIRST = CAREER.challenges()[0]
SECOND = CAREER.challenges()[2]


@pytest.fixture(scope="module")
def won():
    """A run of the first challenge that wins stars, and one of another challenge."""
    first = next(o for o in (play(FIRST, FIRST.seed + k, "expert") for k in range(5)) if len(o.stars) >= 2)
    second = next(o for o in (play(SECOND, SECOND.seed + k, "expert") for k in range(5)) if o.stars)
    return first, second


def _rows(challenge_id: str) -> list[tuple[list[int], str]]:
    db = database.shared()
    assert db.flush()
    return [(json.loads(stars), zlib.decompress(blob).decode()) for stars, blob in
            db.read("SELECT stars, replay FROM career_runs WHERE challenge = ? ORDER BY n", (challenge_id,))]


def _set_rows(challenge_id: str, runs: list[tuple[object, bytes]]) -> None:
    db = database.shared()
    assert db.flush()

    def job(connection):
        connection.execute("DELETE FROM career_runs WHERE challenge = ?", (challenge_id,))
        connection.executemany("INSERT INTO career_runs (challenge, n, stars, replay) VALUES (?, ?, ?, ?)",
                               [(challenge_id, n, stars, blob) for n, (stars, blob) in enumerate(runs)])
    db.write(job)


def test_stars_are_kept_and_read_back_from_their_replays(won):
    first, second = won
    assert progress.record(first) == (frozenset(first.stars), None)
    assert progress.record(second)[1] is None
    loaded = progress.load(CAREER)
    assert loaded.warnings == []
    assert loaded.of(FIRST.id) == frozenset(first.stars) and loaded.of(SECOND.id) == frozenset(second.stars)
    assert loaded.total() == len(first.stars) + len(second.stars)
    assert loaded.opened(CAREER)[0] == CAREER.chapters[0].id
    assert _rows(FIRST.id) == [(sorted(first.stars), first.replay)]
    assert not CAREER_PROGRESS.names(), "no file is written any more"


def test_progress_survives_a_restart(won):
    first, _ = won
    progress.record(first)
    database.close_all()
    progress._VERIFIED.clear()                     # a new process judges the replay again
    assert progress.judged_total(CAREER) is None   # the badge does not wait for it
    assert progress.load(CAREER).of(FIRST.id) == frozenset(first.stars)
    assert progress.judged_total(CAREER) == len(first.stars)


def test_a_worse_run_does_not_replace_a_better_one_and_a_new_star_is_added(won):
    first, _ = won
    progress.record(first)
    lost = next(o for o in (play(FIRST, FIRST.seed + k, "easy") for k in range(20)) if not o.stars)
    assert progress.record(lost)[0] == frozenset(first.stars)
    assert _rows(FIRST.id) == [(sorted(first.stars), first.replay)]


def test_a_row_claiming_stars_its_replay_does_not_earn_costs_that_challenge_only(won):
    first, second = won
    progress.record(first)
    progress.record(second)
    claimed = [0, 1, 2] if sorted(second.stars) != [0, 1, 2] else [0]
    _set_rows(SECOND.id, [(json.dumps(claimed), zlib.compress(second.replay.encode()))])
    loaded = progress.load(CAREER)
    assert loaded.of(SECOND.id) == frozenset() and loaded.of(FIRST.id) == frozenset(first.stars)
    assert [w for w in loaded.warnings if "claims stars its replay does not earn" in w] == loaded.warnings
    assert len(loaded.warnings) == 1
    assert _rows(SECOND.id) == [] and progress.load(CAREER).warnings == [], "said once"


def test_a_replay_whose_opponents_were_edited_earns_nothing(won):
    first, _ = won
    progress.record(first)
    header, *ticks = first.replay.splitlines()
    edited = "\n".join([header, *(t.rsplit(" ", 1)[0] + " ." for t in ticks)]) + "\n"
    _set_rows(FIRST.id, [(json.dumps(sorted(first.stars)), zlib.compress(edited.encode()))])
    loaded = progress.load(CAREER)
    assert loaded.of(FIRST.id) == frozenset() and any("cannot be played" in w for w in loaded.warnings)


HOSTILE = {
    "stars not JSON": ("[0,", zlib.compress(b"x")),
    "a star out of range": ("[7]", zlib.compress(b"x")),
    "a star twice": ("[1, 1]", zlib.compress(b"x")),
    "a star as true": ("[true]", zlib.compress(b"x")),
    "replay not compressed": ("[0]", b"plain text"),
    "replay a text column": ("[0]", "text"),
    "replay a zip bomb": ("[0]", zlib.compress(b"\n" * (CAREER_PROGRESS.cap + 10), 9)),
    "replay not UTF-8": ("[0]", zlib.compress(b"\xff\xfe\x00")),
}


@pytest.mark.parametrize("stars, blob", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_row_is_skipped_with_one_line_and_the_next_win_saves_afresh(won, stars, blob):
    first, second = won
    progress.record(second)
    _set_rows(FIRST.id, [(stars, blob)])
    loaded = progress.load(CAREER)
    assert loaded.of(FIRST.id) == frozenset() and loaded.of(SECOND.id) == frozenset(second.stars)
    assert len(loaded.warnings) == 1 and "\n" not in loaded.warnings[0]
    assert progress.record(first) == (frozenset(first.stars), None)
    assert progress.load(CAREER).of(FIRST.id) == frozenset(first.stars)


def test_too_many_rows_for_a_challenge_count_for_nothing(won):
    first, _ = won
    row = (json.dumps(sorted(first.stars)), zlib.compress(first.replay.encode()))
    progress.record(first)
    _set_rows(FIRST.id, [row] * (progress.MAX_RUNS + 1))
    loaded = progress.load(CAREER)
    assert loaded.of(FIRST.id) == frozenset() and len(loaded.warnings) == 1


# ---------------------------------------------------------------- the files older games kept
def _old_file(challenge_id: str, runs: list[dict]) -> str:
    name = f"{challenge_id}.json"
    CAREER_PROGRESS.save({"version": 1, "challenge": challenge_id, "runs": runs}, name)
    return name


def test_old_files_are_imported_once_and_kept_as_a_backup(won):
    first, second = won
    one = _old_file(FIRST.id, [{"stars": sorted(first.stars), "replay": first.replay}])
    two = _old_file(SECOND.id, [{"stars": sorted(second.stars), "replay": second.replay}])
    before = {name: CAREER_PROGRESS.read_text(name) for name in (one, two)}
    loaded = progress.load(CAREER)
    assert loaded.warnings == []
    assert loaded.of(FIRST.id) == frozenset(first.stars) and loaded.of(SECOND.id) == frozenset(second.stars)
    assert {name: CAREER_PROGRESS.read_text(name) for name in (one, two)} == before, "the backup is untouched"
    (CAREER_PROGRESS.folder_path() / two).unlink()     # the import happened once: the file is no longer read
    _old_file(FIRST.id, [{"stars": [0, 1, 2], "replay": "not read again"}])
    database.close_all()
    assert progress.load(CAREER).of(SECOND.id) == frozenset(second.stars)
    assert _rows(FIRST.id) == [(sorted(first.stars), first.replay)]


def test_a_damaged_old_file_is_set_aside_at_import_with_one_line(won):
    first, _ = won
    (CAREER_PROGRESS.folder_path()).mkdir(parents=True, exist_ok=True)
    (CAREER_PROGRESS.folder_path() / f"{FIRST.id}.json").write_bytes(b"\x00garbage")
    _old_file(SECOND.id, [{"stars": [0], "replay": "claims a star with no replay behind it"}])
    loaded = progress.load(CAREER)
    assert loaded.total() == 0
    assert len(loaded.warnings) == 2, loaded.warnings      # the damaged file; the unplayable run
    assert any(p.name.startswith(f"{FIRST.id}.json.corrupt") for p in CAREER_PROGRESS.folder_path().iterdir())
    assert progress.record(first) == (frozenset(first.stars), None)


def test_a_damaged_old_file_the_titles_badge_met_first_is_still_reported_by_the_career():
    folder = CAREER_PROGRESS.folder_path()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{FIRST.id}.json").write_bytes(b'{"version": 1, "challenge": "first_rush", "runs": [{"stars": [7]}]}')
    assert progress.judged_total(CAREER) == 0          # the title's badge reads first, and imports
    loaded = progress.load(CAREER)
    assert any(f"{FIRST.id}.json" in warning for warning in loaded.warnings)


_KILL_LOOP = """
from game.career import progress
from game.files import database
db = database.shared()
n = 0
while True:
    progress._replace(db, f"c{n}", [progress.Run((n % 3,), "replay " * 200 + str(n))])
    db.flush()
    print(n, flush=True)
    n += 1
"""


@pytest.mark.posix
def test_a_kill_during_300_career_saves_loses_nothing_committed(tmp_path):
    import signal
    import subprocess
    import sys

    import hostile
    user = tmp_path / "user"
    proc = subprocess.Popen([sys.executable, "-c", _KILL_LOOP], cwd=hostile.ROOT, env=hostile.child_env(user),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    last = -1
    for line in proc.stdout:
        last = int(line)
        if last >= 300:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert last >= 300, proc.stderr.read() if proc.stderr else ""
    check = ("from game.files.database import open_records\n"
             "db, warning = open_records()\n"
             "assert warning is None, warning\n"
             "print(db.read('SELECT count(*) FROM career_runs')[0][0])\n")
    out = subprocess.run([sys.executable, "-c", check], cwd=hostile.ROOT, env=hostile.child_env(user),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-800:]
    assert int(out.stdout) >= last + 1, "a committed save was lost"
