"""Speedrun building blocks: categories and seeds, the tick timer, splits and their colours,
records (atomic, corrupt files set aside, a kill mid-save), LiveSplit export."""
from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.driver.replay import header_for
from game.files import database

from game.speedrun.categories import (CategoryError, daily_seed, load_categories, make_setup, setup_from_header,
                                      spec_for)
from game.speedrun.livesplit import timespan, to_lss
from game.speedrun.records import FILE_NAME, Records
from game.speedrun.splits import Comparison, Splits, merge_best, segments_of
from game.speedrun.timer import RunTimer, format_ms, format_ticks

ROOT = Path(__file__).resolve().parent.parent
CATS = load_categories()


# ---------------------------------------------------------------- categories
def test_every_category_has_three_variants_and_solo_seats():
    assert {"rush", "memory", "tidy", "checkout"} <= set(CATS)
    for cat in CATS.values():
        for variant in ("set", "random", "daily"):
            setup = make_setup(cat, variant, seed=5, today=dt.date(2026, 11, 29))
            spec = spec_for(setup)
            assert [s.kind for s in spec.seats][0] == "human"
            assert sum(s.kind == "human" for s in spec.seats) == 1
            assert spec.speedrun is not None and spec.speedrun.category == cat.id
            again = setup_from_header({"seed": spec.seed, "options": header_for(spec)["options"]})
            assert again.board == setup.board and again.seed == setup.seed


def test_set_daily_and_random_seeds():
    rush = CATS["rush"]
    assert make_setup(rush, "set", seed_index=2).seed == rush.set_seeds[2]
    assert make_setup(rush, "set", seed_index=2).board == "rush.set.C"
    day = dt.date(2026, 11, 29)
    a = make_setup(rush, "daily", today=day)
    assert a.seed == daily_seed("2026-11-29") == make_setup(CATS["tidy"], "daily", today=day).seed
    assert a.board == "rush.daily.2026-11-29"
    assert daily_seed("2026-11-30") != a.seed
    assert make_setup(rush, "random", seed=77).seed == 77
    with pytest.raises(CategoryError):
        make_setup(rush, "set", seed_index=99)
    with pytest.raises(CategoryError):
        make_setup(rush, "weekly")


def test_assist_and_speed_are_flags():
    rush = CATS["rush"]
    assert make_setup(rush, "set").flags() == []
    assert make_setup(rush, "set", assist=True, speed=50).flags() == ["assist", "speed"]
    assert spec_for(make_setup(rush, "set", assist=True)).options.assist is True


def test_bad_category_file_is_one_line(tmp_path):
    bad = tmp_path / "s.toml"
    bad.write_text('[[category]]\nid = "x"\nname = "X"\ngame = "chess"\nmode = "m"\nset_seeds = [1]\n')
    with pytest.raises(CategoryError) as err:
        load_categories(bad)
    assert "chess" in str(err.value) and "\n" not in str(err.value)


# ---------------------------------------------------------------- timer
def test_format_ticks_truncates_to_hundredths():
    assert format_ticks(0) == "0:00.00"
    assert format_ticks(1) == "0:00.01"        # 16.7 ms
    assert format_ticks(59) == "0:00.98"
    assert format_ticks(60 * 61 + 30) == "1:01.50"
    assert format_ticks(60 * 3600) == "1:00:00.00"
    assert format_ticks(-75, sign=True) == "-1.25"
    assert format_ticks(75, sign=True) == "+1.25"
    assert format_ticks(None) == "-"
    assert format_ms(61_509) == "1:01.50"


def test_timer_counts_from_first_input_to_the_end_tick_inclusive():
    timer = RunTimer()
    timer.tick(5, playing=False, had_input=True)     # countdown: input ignored
    timer.tick(6, playing=True, had_input=False)     # playing, no input yet
    assert not timer.started and timer.elapsed(6) == 0
    timer.tick(7, playing=True, had_input=True)
    assert timer.start_tick == 7 and timer.elapsed(7) == 1
    timer.tick(8, playing=True, had_input=True)
    assert timer.elapsed(20) == 14
    timer.stop(20)
    assert timer.finished and timer.elapsed(99) == 14 and timer.at(20) == 14


# ---------------------------------------------------------------- splits
def test_split_states_follow_livesplit():
    comp = Comparison(pb=[100, 200, 300, 400], best_segments=[90, 100, 95, 100])
    s = Splits(["a", "b", "c", "d"], comp)
    s.split(95)      # ahead 5, segment 95 > best 90
    assert s.delta(0) == -5 and s.state(0) == "ahead_gaining"
    s.split(198)     # ahead 2 but lost 3 on the segment (103 > PB's 100)
    assert s.state(1) == "ahead_losing"
    s.split(310)     # behind 10, segment 112 vs PB 100: losing
    assert s.state(2) == "behind_losing"
    s.split(395)     # segment 85 < best 100: gold
    assert s.state(3) == "best" and s.is_best_segment(3)
    assert s.done and s.final_time() == 395
    assert s.pace() == [-5, -2, 10, -5]
    comp2 = Comparison(pb=[100, 200], best_segments=[10, 10])
    t = Splits(["a", "b"], comp2)
    t.split(130)
    t.split(220)     # still behind (+20) but gained 10
    assert t.state(1) == "behind_gaining"


def test_live_delta_shows_only_when_losing_time():
    s = Splits(["a", "b"], Comparison(pb=[100, 200]))
    assert s.live_delta(90) == (None, "none")
    delta, state = s.live_delta(130)
    assert delta == 30 and state == "behind_losing"
    assert Splits(["a"]).live_delta(50) == (None, "none")   # no PB: nothing to compare


def test_best_possible_time():
    s = Splits(["a", "b", "c"], Comparison(pb=[100, 200, 300], best_segments=[80, 90, 95]))
    assert s.best_possible(10) == 80 + 90 + 95
    assert s.best_possible(120) == 120 + 90 + 95          # this segment is already slower than its best
    s.split(100)
    assert s.best_possible(150) == 100 + 90 + 95
    assert Splits(["a"]).best_possible(5) is None


def test_best_segments_and_sum_of_best():
    assert segments_of([10, 25, 45]) == [10, 15, 20]
    assert merge_best([12, None, 30], [10, 25, 45]) == [10, 15, 20]
    assert merge_best([8, 10], [10, 25, 45]) == [8, 10, 20]
    assert Comparison(best_segments=[8, 10, 20]).sum_of_best() == 38
    assert Comparison(best_segments=[8, None]).sum_of_best() is None


# ---------------------------------------------------------------- records
def _run(ticks, splits, flags=(), seed=1):
    return {"ticks": ticks, "splits": splits, "flags": list(flags), "seed": seed, "names": ["a", "b"]}


def test_records_pb_leaderboard_and_flags(user_dir):
    rec = Records()
    v = rec.add_run("rush.set.A", _run(500, [200, 500]))
    assert v.is_pb and v.previous_pb is None and v.rank == 1
    v = rec.add_run("rush.set.A", _run(450, [210, 450], flags=["assist"]))
    assert not v.is_pb and v.rank is None                       # flagged: never a PB
    assert rec.pb("rush.set.A")["ticks"] == 500
    assert rec.board("rush.set.A")["best_segments"] == [200, 300]   # flagged runs teach nothing
    v = rec.add_run("rush.set.A", _run(480, [190, 480]))
    assert v.is_pb and v.previous_pb == 500 and v.golds == [0, 1]
    v = rec.add_run("rush.set.A", {"ticks": None, "splits": [150], "flags": [], "seed": 1})   # a DNF
    assert not v.is_pb and v.golds == [0]
    for t in range(20):
        rec.add_run("rush.set.A", _run(600 + t, [300, 600 + t]))
    top = rec.leaderboard("rush.set.A")
    assert len(top) == 10 and [r["ticks"] for r in top[:2]] == [480, 500]
    assert all("date" in r and "seed" in r for r in top)
    assert len(rec.last_runs("rush.set.A")) == 10
    rec.save()
    again, warning = Records.load()
    assert warning is None and again.data == json.loads(json.dumps(rec.data))
    assert again.comparison("rush.set.A").pb == [190, 480]


def test_corrupt_records_are_moved_aside(user_dir):
    """An old game's speedrun.json is read once, when the records database imports it (each round here
    a player folder without a database yet)."""
    (user_dir / FILE_NAME).parent.mkdir(parents=True, exist_ok=True)
    for n, data in enumerate([b'{"version": 1, "boards": {', b'[1, 2]', b'\xff\xfe', b'{"version": 0}'], start=1):
        database.close_all()
        for old in user_dir.glob("records.sqlite3*"):
            old.unlink()
        (user_dir / FILE_NAME).write_bytes(data)
        rec, warning = Records.load()
        assert rec.data["boards"] == {} and warning and "\n" not in warning
        assert not (user_dir / FILE_NAME).exists()
        assert (user_dir / f"{FILE_NAME}.corrupt-{n}").read_bytes() == data


_SAVER = """
import sys, time
from game.files import database
from game.speedrun.records import Records
rec = Records()
runs = [{"ticks": 1000 - i, "splits": list(range(100_000 + i, 100_000 + i + 200)), "flags": [], "seed": i,
         "date": "2026-11-29"} for i in range(400)]
rec.data["boards"]["rush.set.A"] = {"pb": runs[-1], "best_segments": [1] * 200, "leaderboard": runs[-10:],
                                    "last": runs, "attempts": 0}   # a big row: kills land mid-write
print("ready", flush=True)         # before the worker can print: one line each
if sys.argv[1] == "stall":
    def stalled(connection):        # a slow disk: the new records written, the transaction not committed
        connection.execute("UPDATE boards SET records = NULL")
        print("in save", flush=True)
        time.sleep(30)
    database.shared().submit(stalled)
n = 0
while True:
    n += 1
    rec.count_attempt("rush.set.A")
    rec.save()
    database.shared().flush()
"""


def _kill_saver(user_dir, mode: str, wait_for: bytes, delay: float = 0.0) -> Records:
    database.close_all()              # the child writes the same database: this process lets go of it
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", _SAVER, mode], cwd=ROOT, env=env, stdout=subprocess.PIPE)
    try:
        assert proc.stdout.readline().strip() == b"ready"
        if wait_for:
            assert proc.stdout.readline().strip() == wait_for
        time.sleep(delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    loaded, warning = Records.load()
    assert warning is None, warning            # never half a save
    assert not list(user_dir.glob("*.corrupt-*"))
    return loaded


@pytest.mark.posix
def test_kill_during_save_leaves_the_previous_records_intact(user_dir):
    rec = Records()
    rec.add_run("rush.set.A", _run(500, [200, 500]))
    rec.save()
    database.shared().flush()
    # Killed inside a save (its rows written, the transaction not committed): the old records stand.
    loaded = _kill_saver(user_dir, "stall", b"in save")
    assert loaded.pb("rush.set.A")["ticks"] == 500 and loaded.board("rush.set.A")["attempts"] == 0
    # Killed at a random moment of a save loop: the old records or a whole new save, never a mix.
    loaded = _kill_saver(user_dir, "loop", b"", delay=0.3)
    board = loaded.board("rush.set.A")
    assert (board["pb"]["ticks"], board["attempts"] >= 1) in ((500, False), (601, True))


# ---------------------------------------------------------------- LiveSplit
def test_lss_export_is_livesplit_xml():
    text = to_lss("Sold Out!", "The Rush (Seed A)", ["Card 1", "SOLD OUT!"], [361, 1533], [300, None], 7,
                  [{"ticks": 1533, "date": "2026-11-29T12:00:00"}])
    root = ET.fromstring(text.split("\n", 1)[1])
    assert root.tag == "Run" and root.get("version") == "1.7.0"
    assert root.findtext("GameName") == "Sold Out!" and root.findtext("CategoryName") == "The Rush (Seed A)"
    assert root.findtext("AttemptCount") == "7"
    segs = root.find("Segments").findall("Segment")
    assert [s.findtext("Name") for s in segs] == ["Card 1", "SOLD OUT!"]
    pb = segs[1].find("SplitTimes").find("SplitTime")
    assert pb.get("name") == "Personal Best" and pb.findtext("GameTime") == "00:00:25.5500000"
    assert segs[0].find("BestSegmentTime").findtext("GameTime") == "00:00:05.0000000"
    # No best known for the last segment: the PB's own segment is the best, as LiveSplit's clean-up makes it.
    assert segs[1].find("BestSegmentTime").findtext("GameTime") == "00:00:19.5333334"
    assert segs[1].find("BestSegmentTime").find("RealTime") is None       # no real time known anywhere
    attempt = root.find("AttemptHistory").find("Attempt")
    assert attempt.findtext("GameTime") == "00:00:25.5500000" and attempt.get("started") == "11/29/2026 12:00:00"
    assert timespan(1) == "00:00:00.0166666" and timespan(60 * 3661) == "01:01:01.0000000"
