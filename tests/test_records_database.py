"""The player's records database (game/files/database.py): opened as untrusted input, damage set
aside, saves on a worker that never hides a failure, commits that survive a kill -9."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hostile
from game.files import database
from game.files.database import SCHEMA_VERSION, open_records

ROOT = Path(__file__).resolve().parent.parent


def _path(user_dir: Path) -> Path:
    return user_dir / "records.sqlite3"


def _fresh(user_dir: Path) -> None:
    db, warning = open_records()
    assert warning is None
    db.write(lambda c: c.execute("INSERT INTO meta VALUES ('k', 'v')"))
    db.close()


def test_a_fresh_database_is_wal_versioned_and_opened_with_the_untrusted_pragmas(user_dir):
    db, warning = open_records()
    assert warning is None and db.path == _path(user_dir)
    assert db.read("PRAGMA journal_mode") == [("wal",)]
    assert db.read("PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert db.read("PRAGMA trusted_schema") == [(0,)]
    assert db.read("PRAGMA cell_size_check") == [(1,)]
    assert db.read("PRAGMA mmap_size") == [(0,)]
    db.close()


def test_records_survive_a_reopen(user_dir):
    _fresh(user_dir)
    db, warning = open_records()
    assert warning is None and db.read("SELECT value FROM meta WHERE key = 'k'") == [("v",)]
    db.close()


def _garbage(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 64)


def _truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 100])


def _torn_page(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for i in range(4096 + 8, min(len(data), 4096 * 3), 7):   # the second and third pages scribbled on
        data[i] ^= 0x5A
    path.write_bytes(bytes(data))


def _wrong_schema(path: Path) -> None:
    path.unlink()
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE meta (key TEXT, value BLOB, evil TEXT)")
    connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    connection.commit()
    connection.close()


def _extra_trigger(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TRIGGER t AFTER INSERT ON meta BEGIN DELETE FROM meta; END")
    connection.commit()
    connection.close()


def _link(path: Path) -> None:
    target = path.with_name("elsewhere.sqlite3")
    os.replace(path, target)
    os.symlink(target, path)


def _fifo(path: Path) -> None:
    path.unlink()
    for tail in ("-wal", "-shm"):
        if path.with_name(path.name + tail).exists():
            path.with_name(path.name + tail).unlink()
    os.mkfifo(path)


def _wal_link(path: Path) -> None:
    os.symlink("/dev/zero", path.with_name(path.name + "-wal"))


def _huge(path: Path) -> None:
    with open(path, "r+b") as handle:
        handle.truncate(database.RECORDS_DB.cap + 1)


@pytest.mark.posix
@pytest.mark.parametrize("damage", [_garbage, _truncated, _torn_page, _wrong_schema, _extra_trigger, _link, _fifo,
                                    _wal_link, _huge], ids=lambda f: f.__name__.strip("_"))
def test_a_damaged_database_is_set_aside_and_a_fresh_one_starts(user_dir, damage):
    _fresh(user_dir)
    damage(_path(user_dir))
    db, warning = open_records()
    assert warning is not None and "records.sqlite3" in warning and "corrupt-1" in warning, warning
    assert os.path.lexists(user_dir / "records.sqlite3.corrupt-1"), "the damaged copy is kept"
    assert db.read("SELECT count(*) FROM meta") == [(0,)]
    assert db.read("PRAGMA quick_check") == [("ok",)]
    db.close()


def test_a_huge_row_is_refused_when_read_never_loaded(user_dir):
    _fresh(user_dir)
    connection = sqlite3.connect(_path(user_dir))
    connection.execute("INSERT INTO meta VALUES ('big', ?)", ("x" * (database.MAX_VALUE * 4),))
    connection.commit()
    connection.close()
    db, _warning = open_records()
    with pytest.raises(sqlite3.DataError):
        db.read("SELECT value FROM meta WHERE key = 'big'")
    db.close()


def test_a_newer_games_database_is_left_alone_and_the_session_lives_in_memory(user_dir):
    _fresh(user_dir)
    connection = sqlite3.connect(_path(user_dir))
    connection.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    before = _path(user_dir).read_bytes()
    db, warning = open_records()
    assert warning is not None and "newer" in warning and db.path is None
    db.write(lambda c: c.execute("INSERT INTO meta VALUES ('x', 'y')"))
    db.close()
    assert _path(user_dir).read_bytes() == before


def test_a_save_runs_on_the_worker_and_a_frame_does_not_wait_for_it(user_dir):
    db, _warning = open_records()
    started = time.perf_counter()
    for n in range(200):
        db.submit(lambda c, n=n: c.execute("INSERT INTO meta VALUES (?, 'v')", (f"k{n}",)))
    submitted = time.perf_counter() - started
    assert db.flush()
    assert db.read("SELECT count(*) FROM meta") == [(200,)]
    assert submitted / 200 < 0.002, f"a submit took {submitted / 200 * 1000:.3f} ms"
    db.close()


def test_a_failing_save_rolls_back_and_surfaces(user_dir):
    db, _warning = open_records()

    def broken(connection: sqlite3.Connection) -> None:
        connection.execute("INSERT INTO meta VALUES ('half', 'v')")
        raise KeyError("a bug in a save")

    db.submit(broken)
    assert db.flush()
    assert db.read("SELECT count(*) FROM meta") == [(0,)], "the half-done save was rolled back"
    assert len(db.take_errors()) == 1
    assert [type(e) for e in database.FAILURES] == [KeyError]
    database.FAILURES.clear()
    db.close()


def test_a_save_the_disk_refuses_is_one_line_not_a_failure(user_dir):
    db, _warning = open_records()
    db.submit(lambda c: c.execute("INSERT INTO nowhere VALUES (1)"))
    assert db.flush()
    assert len(db.take_errors()) == 1 and database.FAILURES == []
    db.close()


_KILL_LOOP = """
from game.files.database import open_records
db, warning = open_records()
assert warning is None, warning
n = 0
while True:
    db.write(lambda c, n=n: c.execute("INSERT INTO meta VALUES (?, ?)", (f"k{n:06}", "v" * 200)))
    print(n, flush=True)
    n += 1
"""


@pytest.mark.posix
def test_a_kill_during_1000_saves_loses_nothing_committed(tmp_path):
    user = tmp_path / "user"
    proc = subprocess.Popen([sys.executable, "-c", _KILL_LOOP], cwd=ROOT, env=hostile.child_env(user),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    last = -1
    assert proc.stdout is not None
    for line in proc.stdout:
        last = int(line)
        if last >= 1000:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert last >= 1000, proc.stderr.read() if proc.stderr else ""
    check = ("from game.files.database import open_records\n"
             "db, warning = open_records()\n"
             "assert warning is None, warning\n"
             "print(db.read('SELECT count(*) FROM meta')[0][0])\n")
    out = subprocess.run([sys.executable, "-c", check], cwd=ROOT, env=hostile.child_env(user),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-800:]
    assert int(out.stdout) >= last + 1, "a committed save was lost"
    assert not list(user.glob("*.corrupt-*"))


def test_saves_still_queued_when_the_game_quits_are_written(tmp_path):
    user = tmp_path / "user"
    script = ("import time\n"
              "from game.files import database\n"
              "def slow(c):\n"
              "    time.sleep(0.3)\n"
              "    c.execute(\"INSERT INTO meta VALUES ('last', 'saved')\")\n"
              "database.shared().submit(slow)\n")
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=hostile.child_env(user), check=True, timeout=60)
    check = ("from game.files import database\n"
             "print(database.shared().read(\"SELECT value FROM meta WHERE key = 'last'\"))\n")
    out = subprocess.run([sys.executable, "-c", check], cwd=ROOT, env=hostile.child_env(user),
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[('saved',)]", out.stderr[-500:]
