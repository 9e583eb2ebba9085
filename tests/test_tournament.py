"""The bot tournament: Wilson intervals, plugged-in play functions, the printed table."""
from __future__ import annotations

import io
import re

import pytest

from game.app import tournament
from game.match.spec import DIFFICULTIES, MatchSpec
from game.app.tournament import Pairing, format_row, run_field, run_pairing, run_tournament, wilson

ROW = re.compile(r"^(rush|memory|tidy|standard)\s+(\w+) v (\w+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d\.\d\d)"
                 r"\s+\[(\d\.\d\d), (\d\.\d\d)\]\s+(clear|NOT CLEAR)$")


def test_wilson_interval_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def _stronger_wins(spec: MatchSpec) -> dict:
    """A fake game: the seat with the higher level always wins; equal levels share."""
    rank = {level: i for i, level in enumerate(DIFFICULTIES)}
    best = max(rank[s.difficulty] for s in spec.seats)
    return {"winners": [s.seat for s in spec.seats if rank[s.difficulty] == best]}


def test_a_plugged_in_play_function_and_swapped_seats():
    seen = []

    def play(spec: MatchSpec) -> dict:
        seen.append((spec.seed, [s.difficulty for s in spec.seats]))
        return _stronger_wins(spec)

    pairing = run_pairing("checkout", "standard", "easy", "hard", 6, seed=40, play=play)   # a registered game
    assert (pairing.wins, pairing.ties, pairing.losses) == (6, 0, 0) and pairing.clear
    assert seen[0] == (40, ["easy", "hard"]) and seen[1] == (40, ["hard", "easy"]) and seen[2][0] == 41


def test_ties_count_half_and_a_coin_flip_is_not_clear():
    p = Pairing("soldout", "rush", "easy", "normal", 20, wins=8, ties=4, losses=8)
    assert p.rate == 0.5 and not p.clear
    assert re.match(ROW, format_row(p))
    assert format_row(p).endswith("NOT CLEAR")


def test_run_tournament_covers_every_mode_and_neighbouring_levels():
    rows = run_tournament("soldout", None, 4, seed=1, play=_stronger_wins)
    assert [(r.mode, r.low, r.high) for r in rows] == [
        (m, lo, hi) for m in ("rush", "memory", "tidy") for lo, hi in zip(DIFFICULTIES, DIFFICULTIES[1:])]
    assert all(r.rate == 1.0 for r in rows)


def test_field_rotates_seats_and_splits_shared_wins():
    rows = run_field("soldout", "rush", 8, seed=3, play=_stronger_wins)
    shares = {r.level: r.wins for r in rows}
    assert shares == {"easy": 0, "normal": 0, "hard": 0, "expert": 8}
    seats_of_expert = []

    def spy(spec: MatchSpec) -> dict:
        seats_of_expert.append(next(s.seat for s in spec.seats if s.difficulty == "expert"))
        return {"winners": [0, 1]}

    rows = run_field("soldout", "rush", 4, seed=3, play=spy)
    assert sorted(seats_of_expert) == [0, 1, 2, 3]
    assert sum(r.wins for r in rows) == pytest.approx(4)


def test_real_sold_out_matches_and_the_printed_table(monkeypatch):
    monkeypatch.setattr(tournament, "run_field", lambda *a, **k: [])   # the field is tested above
    out = io.StringIO()
    assert tournament.run_cli("soldout", "rush", 2, 5, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Sold Out! tournament: 2 matches per pairing")
    assert lines[1] == tournament.HEADER
    rows = [line for line in lines if ROW.match(line)]
    assert len(rows) == 3
    assert [ROW.match(r).group(2, 3) for r in rows] == [("normal", "easy"), ("hard", "normal"), ("expert", "hard")]
    for r in rows:
        m = ROW.match(r)
        assert int(m[4]) + int(m[5]) + int(m[6]) == 2
    assert "steps of the ladder are clear" in out.getvalue()


def test_an_unknown_game_is_one_line():
    with pytest.raises(tournament.TournamentError, match="unknown game"):
        tournament.play_function("chess")


def test_main_py_tournament_command_line(tmp_path):
    """`python main.py --tournament ...` prints the table; bad combinations are a usage error."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, SOLDOUT_USER_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "main.py", "--tournament", "--mode", "tidy", "--matches", "2",
                          "--seed", "4"], cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1] == tournament.HEADER and len([line for line in lines if ROW.match(line)]) == 3
    assert tournament.FIELD_HEADER in lines and "Traceback" not in out.stderr
    bad = subprocess.run([sys.executable, "main.py", "--matches", "3"], cwd=root, env=env,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--matches only goes with --tournament" in bad.stderr


def test_every_core_gives_exactly_the_serial_results():
    """The process pool changes how fast, never what: same seeds, same outcomes, same order."""
    for game, mode in (("soldout", "rush"), ("checkout", "standard")):
        serial = run_pairing(game, mode, "easy", "normal", 4, seed=11, jobs=1)
        parallel = run_pairing(game, mode, "easy", "normal", 4, seed=11, jobs=2)
        assert parallel == serial
    fields = [run_field("soldout", "tidy", 4, seed=3, levels=("easy", "expert"), jobs=jobs) for jobs in (1, 2)]
    assert fields[0] == fields[1]


def test_the_command_line_tournament_uses_every_core(monkeypatch):
    made = []
    real = tournament.ProcessPoolExecutor

    def counting(*args, **kwargs):
        made.append(kwargs.get("max_workers"))
        return real(*args, **kwargs)

    monkeypatch.setattr(tournament, "ProcessPoolExecutor", counting)
    monkeypatch.setattr(tournament.os, "cpu_count", lambda: 2)
    out = io.StringIO()
    assert tournament.run_cli("checkout", None, 2, 5, out) == 0
    assert made == [2]      # one pool, one worker per core, for the whole run


def test_without_a_seed_the_run_draws_fresh_seeds_and_prints_them(monkeypatch):
    """A fresh run names its first seed, and --seed with that number plays the same table."""
    monkeypatch.setattr(tournament, "run_field", lambda *a, **k: [])
    monkeypatch.setattr(tournament, "fresh_seed", lambda: 123_456)
    fresh, again = io.StringIO(), io.StringIO()
    assert tournament.run_cli("checkout", None, 2, None, fresh, jobs=1) == 0
    assert tournament.run_cli("checkout", None, 2, 123_456, again, jobs=1) == 0
    first = fresh.getvalue().splitlines()[0]
    assert "fresh seeds 123456.. (again: --seed 123456)" in first
    assert fresh.getvalue().splitlines()[1:] == again.getvalue().splitlines()[1:]
    assert "fresh" not in again.getvalue().splitlines()[0]


def test_fresh_seeds_lie_above_the_tuning_range():
    low, high = tournament.FRESH_SEEDS
    seeds = {tournament.fresh_seed() for _ in range(50)}
    assert all(low <= s < high for s in seeds) and len(seeds) > 1 and low >= 100_000


def _field(mode: str, wins: list[float], matches: int = 40) -> list[tournament.FieldRow]:
    return [tournament.FieldRow("soldout", mode, level, matches, w) for level, w in zip(DIFFICULTIES, wins)]


def test_the_field_verdict_names_a_flat_step():
    assert "rise strictly" in tournament.field_verdict(_field("rush", [0, 2, 10, 28]))
    assert "NOT" not in tournament.field_verdict(_field("rush", [0, 2, 10, 28]))
    flat = tournament.field_verdict(_field("memory", [0, 0, 9, 31]))
    assert flat.startswith("memory: the shares do NOT rise") and "normal 0.00 <= easy 0.00" in flat
    assert "3 of 3 steps with intervals apart" in tournament.field_verdict(_field("tidy", [0, 30, 100, 270], 400))
    assert tournament.field_verdict([]) == ""
