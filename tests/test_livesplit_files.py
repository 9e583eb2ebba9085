"""The exported .lss through LiveSplit's own load-time clean-up: every history time survives it.

Always: a port of LiveSplit 1.8.37's IRun.FixSplits (tests/livesplit_model.py), on hand-made and
generated attempt histories, and the file's round trip (parse, clean up, save, parse: the same).
Where node is installed: the official livesplit-core JavaScript bindings (tests/livesplit_core,
`npm ci --prefix tests/livesplit_core`; .ci/run installs it), LiveSplit One's own parser and
clean-up, on the same files. Their TimeSpan holds microseconds (livesplit-core 0.10.2, the last
version on npm), so there the times are compared to the microsecond.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.speedrun.livesplit import to_lss, units
from tests.livesplit_model import Time, fix_splits, history_of, parse_lss, save_lss

NAMES = ["Card 1", "Card 2", "Card 3", "SOLD OUT!"]
CHECK = Path(__file__).parent / "livesplit_core" / "check.js"
PACKAGE = CHECK.parent / "node_modules" / "livesplit-core"


def _attempt(n: int, splits: list[int], real: list[int], outcome: str = "finished", flags=()) -> dict:
    return {"id": n, "outcome": outcome, "ticks": splits[-1] if outcome == "finished" else None,
            "splits": splits, "real_splits": real, "real_ms": real[-1] if real else 0, "flags": list(flags),
            "started": f"2026-11-30T20:{n:02d}:00+00:00", "ended": f"2026-11-30T20:{n:02d}:40+00:00"}


# Seven attempts of the kind: two finishes, resets (one before the first split), a flagged
# finish, an assisted one, one quit mid-run. The records' bests (ticks) are lower than any history
# time on two segments and missing on one, the PB's real times known.
SEVEN = [
    _attempt(1, [361, 900, 1290, 1533], [6100, 15100, 21650, 25700]),
    _attempt(2, [340], [5800], "reset"),
    _attempt(3, [], [], "reset"),
    _attempt(4, [355, 880, 1250, 1490], [6000, 14900, 21100, 25300]),
    _attempt(5, [300, 700, 1100, 1400], [5000, 11700, 18300, 23400], flags=["mistake"]),
    _attempt(6, [280, 650, 1000, 1300], [4700, 10900, 16700, 21700], flags=["assist"]),
    _attempt(7, [350, 890], [5900, 14950], "reset"),
]


def export(log: list[dict], best: list[int | None], pb: list[int], pb_real: list[int]) -> str:
    return to_lss("Sold Out!", "The Rush (Seed A)", NAMES, pb, best, len(log), attempt_log=log, pb_real=pb_real)


def seven() -> str:
    return export(SEVEN, [330, None, 380, 240], [355, 880, 1250, 1490], [6000, 14900, 21100, 25300])


def clean_history_times(log: list[dict]) -> int:
    return sum(len(a["splits"]) for a in log if not a["flags"])


# ---------------------------------------------------------------- LiveSplit 1.8's clean-up, ported
def test_the_clean_up_keeps_every_history_time_of_seven_attempts():
    text = seven()
    run = parse_lss(text)
    before = history_of(run)
    assert run.history_count() == clean_history_times(SEVEN) == 11
    fix_splits(run)
    assert history_of(run) == before                 # not one entry gone, not one time changed
    assert all(s.best.real is not None and s.best.game is not None for s in run.segments)
    again = parse_lss(save_lss(run))                 # round trip: save, parse, clean up again
    fix_splits(again)
    assert history_of(again) == before
    assert [a.index for a in again.attempts] == [1, 2, 3, 4, 5, 6] and again.attempt_count == 6   # LiveSplit's numbers
    assert [a.time.game for a in again.attempts] == [units(1533), None, None, units(1490), None, None]


def test_the_old_shape_lost_the_whole_history():
    """Best segments in Game Time only beside history in both methods: the clean-up keeps nothing."""
    text = seven()
    run = parse_lss(text)
    for seg in run.segments:
        seg.best.real = None
    fix_splits(run)
    assert run.history_count() == 0


def test_a_segment_time_is_what_livesplit_subtracts_from_the_live_split_times():
    """LiveSplit stores split times cut to 100 ns and subtracts them: the file does the same."""
    run = parse_lss(seven())
    pb = [units(t) for t in (355, 880, 1250, 1490)]
    assert [s.history[4].game for s in run.segments] == [b - a for a, b in zip([0] + pb, pb)]
    assert run.segments[1].history[4].game == units(880) - units(355) == 87_500_000
    assert [s.pb.game for s in run.segments] == pb


histories = st.lists(
    st.tuples(st.lists(st.integers(1, 900), min_size=0, max_size=4), st.lists(st.integers(1, 20_000), min_size=4,
              max_size=4), st.sampled_from(["finished", "reset", "dnf"]),
              st.sampled_from([(), ("mistake",), ("assist",), ("speed",)])),
    min_size=1, max_size=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories, st.lists(st.one_of(st.none(), st.integers(1, 900)), min_size=4, max_size=4), st.data())
def test_no_history_time_is_ever_lost_or_changed(raw, best, data):
    log = []
    for n, (steps, real_steps, outcome, flags) in enumerate(raw, start=1):
        if outcome == "finished":
            steps = (steps + [60, 60, 60, 60])[:4]
        splits = [sum(steps[:i + 1]) for i in range(len(steps))]
        real = [sum(real_steps[:i + 1]) for i in range(len(steps))]
        log.append(_attempt(n, splits, real, outcome, flags))
    finished = [a for a in log if a["outcome"] == "finished" and not a["flags"]]
    pb = data.draw(st.sampled_from(finished)) if finished else None
    text = export(log, best, pb["splits"] if pb else [], pb["real_splits"] if pb else [])
    run = parse_lss(text)
    before = history_of(run)
    assert run.history_count() == clean_history_times(log)
    fix_splits(run)
    assert history_of(run) == before
    again = parse_lss(save_lss(run))
    fix_splits(again)
    assert history_of(again) == before


# ---------------------------------------------------------------- livesplit-core itself (node)
def install_livesplit_core() -> None:
    """Install the pinned package once, so the README's one test command needs no npm step.

    Offline or without npm the tests skip with the reason, except under CI (CI=true), where
    .ci/run has installed it and a missing package is a failure."""
    npm = shutil.which("npm")
    done = None
    if npm is not None:
        done = subprocess.run([npm, "ci", "--prefix", str(CHECK.parent), "--no-audit", "--no-fund", "--silent"],
                              capture_output=True, text=True, timeout=300)
    if PACKAGE.is_dir():
        return
    why = "npm is not installed" if done is None else f"`npm ci` failed: {done.stderr.strip()[-200:]}"
    if os.environ.get("CI"):
        pytest.fail(f"livesplit-core is missing under CI ({why})")
    pytest.skip(f"livesplit-core could not be installed here ({why}); the ported clean-up above always runs")


def node_check(*args: str) -> dict:
    if shutil.which("node") is None:
        pytest.skip("node is not installed: livesplit-core's own clean-up is checked where it is "
                    "(the ported clean-up above always runs)")
    if not PACKAGE.is_dir():
        install_livesplit_core()
    done = subprocess.run(["node", str(CHECK), *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def microseconds(history: list[dict[int, Time]]) -> list[dict[int, tuple]]:
    def cut(value: int | None) -> int | None:
        return None if value is None else value // 10
    return [{i: (cut(t.real), cut(t.game)) for i, t in seg.items()} for seg in history]


def test_livesplit_core_keeps_every_history_time_through_its_round_trip(tmp_path):
    text = seven()
    path = tmp_path / "rush.lss"
    path.write_text(text, encoding="utf-8")
    out = node_check("roundtrip", str(path))
    want = microseconds(history_of(parse_lss(text)))
    assert out["before"] == 11
    for saved in (out["saved"], out["again"]):          # cleaned up, saved, parsed, cleaned up and saved
        run = parse_lss(saved)
        assert microseconds(history_of(run)) == want
        assert [a.index for a in run.attempts] == [1, 2, 3, 4, 5, 6]


def test_livesplit_core_on_the_shape_the_game_used_to_write(tmp_path):
    """The issue's finding, by LiveSplit One's own code: best segments in Game Time only lose it all."""
    run = parse_lss(seven())
    for seg in run.segments:
        seg.best.real = None
    path = tmp_path / "old.lss"
    path.write_text(save_lss(run), encoding="utf-8")
    out = node_check("roundtrip", str(path))
    assert out["before"] == 11 and parse_lss(out["saved"]).history_count() == 0


def livesplit_core_drive(tmp_path: Path, lss: str, commands: list[str]) -> dict:
    """livesplit-core's Timer, loaded with `lss`, fed the commands the game's link sent."""
    (tmp_path / "start.lss").write_text(lss, encoding="utf-8")
    (tmp_path / "commands.txt").write_text("\n".join(commands) + "\n", encoding="utf-8")
    return node_check("drive", str(tmp_path / "start.lss"), str(tmp_path / "commands.txt"))


def test_livesplit_core_timer_takes_the_links_commands(tmp_path):
    from game.speedrun.livesplit import timespan
    empty = to_lss("Sold Out!", "The Rush (Seed A)", NAMES[:2], [], [])
    commands = ["getcurrenttimerphase", "starttimer", f"setgametime {timespan(1)}",
                "pausegametime", f"setgametime {timespan(361)}", "split", "unpausegametime",
                "pausegametime", f"setgametime {timespan(900)}", "split", "reset",
                "getcurrenttimerphase", "starttimer", f"setgametime {timespan(1)}",
                "pausegametime", f"setgametime {timespan(300)}", "split", "unpausegametime", "unsplit", "reset"]
    out = livesplit_core_drive(tmp_path, empty, commands)
    phases = [phase for _line, phase, _game in out["trace"]]
    assert phases[1] == "Running" and phases[9] == "Ended" and phases[10] == "NotRunning"
    assert [round(game * 1e6) for line, _p, game in out["trace"] if line == "split"] == [6_016_666, 15_000_000, 5_000_000]
    run = parse_lss(out["saved"])
    assert [a.time.game for a in run.attempts] == [150_000_000, None]          # the flagged one has no time
    assert [s.pb.game for s in run.segments] == [60_166_660, 150_000_000]      # to the microsecond
    assert [sorted(s.history) for s in run.segments] == [[1], [1]]             # and taught nothing


def test_livesplit_core_timer_fed_by_the_link_learns_what_the_file_holds(tmp_path):
    """The seven attempts through the game's link (to the LiveSplit-faithful server, which records
    the command stream), then that stream into livesplit-core's Timer: it ends with the attempts,
    PB and segment history (Game Time) the exported file holds, to its microsecond."""
    from game.speedrun.livesplit_link import LiveSplitLink
    from tests.livesplit_server import FaithfulLiveSplit
    empty = to_lss("Sold Out!", "The Rush (Seed A)", NAMES, [], [])
    server = FaithfulLiveSplit(run=parse_lss(empty))
    link = LiveSplitLink("127.0.0.1", server.port, backoff_steps=(0.05,), stable_after=0.1)
    try:
        for a in SEVEN:
            if "assist" in a["flags"]:
                continue                                 # never linked
            link.start_run(1)
            finish = a["outcome"] == "finished"
            for i, t in enumerate(a["splits"]):
                last = finish and i == len(a["splits"]) - 1
                if last and a["flags"]:
                    break                                # a flagged finish is no split: it is taken back
                link.split(t, last=last)
            link.end_attempt(flagged=bool(a["flags"]))
        assert server.wait_for(lambda s: len(s.run.attempts) == 6 and s.timer.phase == "NotRunning"), server.lines
    finally:
        link.close()
        server.close()
    assert server.problems() == []
    out = livesplit_core_drive(tmp_path, empty, server.lines)
    live = parse_lss(out["saved"])

    def us(ticks: int) -> int:                           # a split time as livesplit-core 0.10 keeps it
        return units(ticks) // 10
    want = [{} for _ in NAMES]
    seen = [a for a in SEVEN if "assist" not in a["flags"]]
    for n, a in enumerate(seen, start=1):
        if not a["flags"]:
            for i, t in enumerate(a["splits"]):
                want[i][n] = (us(t) - (us(a["splits"][i - 1]) if i else 0)) * 10
    assert [{i: t.game for i, t in seg.items()} for seg in history_of(live)] == want
    assert [a.time.game for a in live.attempts] == [us(1533) * 10, None, None, us(1490) * 10, None, None]
    assert [s.pb.game for s in live.segments] == [us(t) * 10 for t in (355, 880, 1250, 1490)]
    # ... and the exported file, read by livesplit-core, says the same. This version cuts each time to
    # the microsecond where LiveSplit keeps 100 ns: a segment it subtracts from two cut split times may
    # be a microsecond off the file's cut segment (at 100 ns they agree: the port above checks that).
    (tmp_path / "export.lss").write_text(seven(), encoding="utf-8")
    filed = history_of(parse_lss(node_check("roundtrip", str(tmp_path / "export.lss"))["saved"]))
    assert [sorted(seg) for seg in filed] == [sorted(seg) for seg in want]
    assert all(abs(filed[k][i].game // 10 - want[k][i] // 10) <= 1 for k in range(len(NAMES)) for i in want[k])
