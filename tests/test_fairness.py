"""How fair a level's seats are (game/bots/fairness.py) and what --check-level says about it."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from game import app
from game.bots.fairness import WARN_ABOVE, measure, seat_counts
from game.files.levels import LEVELS_DIR, list_levels, load_level

@pytest.mark.parametrize("path", list_levels(), ids=lambda p: p.stem)
def test_shipped_levels_are_fair_at_every_seat_count(path: Path):
    figures = {count.seats: round(count.figure, 2) for count in measure(load_level(path))}
    assert sorted(figures) == [2, 3, 4, 5, 6]
    assert all(figure <= WARN_ABOVE for figure in figures.values()), figures


@pytest.mark.parametrize("stem", ["outlet", "market", "galleria"])
def test_the_new_malls_seat_everyone_in_mirrored_pairs(stem: str):
    walks = measure(load_level(LEVELS_DIR / f"{stem}.tmx"))[-1].walks
    for left, right in ((0, 1), (2, 3), (4, 5)):
        assert walks[left].average == pytest.approx(walks[right].average)
    assert max(w.average for w in walks) / min(w.average for w in walks) <= 1.05


def test_a_seat_moved_away_shows_in_the_figure_and_only_from_its_seat_count():
    level = load_level(LEVELS_DIR / "outlet.tmx")
    x, y = level.spawns[4]
    far = dataclasses.replace(level, spawns=(*level.spawns[:4], (x - 11 * 32, y - 4 * 32), level.spawns[5]))
    before, after = measure(level), measure(far)
    assert [c.figure for c in after[:3]] == [c.figure for c in before[:3]]     # 2-4 seats: seat 5 is not there
    assert after[3].figure > WARN_ABOVE and after[4].figure > WARN_ABOVE
    worst = max(after[4].walks, key=lambda w: w.average)
    assert worst.seat == 5 and worst.piles > before[4].walks[4].piles


def test_distances_are_the_bots_walk_in_tiles():
    """A seat right beside the Starting Table is 0 tiles from it; every walk is a whole or diagonal step count."""
    level = load_level(LEVELS_DIR / "market.tmx")
    tx, ty, tw, th = level.table_rect
    beside = dataclasses.replace(level, spawns=((tx - 16, ty + 16), *level.spawns[1:]))
    assert measure(beside)[0].walks[0].table == 0
    for walk in measure(level)[-1].walks:
        assert walk.table * 10 == int(walk.table * 10)


def test_seat_counts_run_from_two_to_six():
    assert list(seat_counts(load_level(LEVELS_DIR / "boutique.tmx"))) == [2, 3, 4, 5, 6]


def test_check_level_reports_fairness_and_warns_above_the_line(tmp_path, capsys):
    assert app.main(["--check-level", "outlet"]) == 0
    out = capsys.readouterr()
    assert out.out.startswith(f"ok: {LEVELS_DIR / 'outlet.tmx'}\n") and out.err == ""
    rows = [line.split() for line in out.out.splitlines() if line.strip()[:1].isdigit()]
    assert [row[0] for row in rows] == ["2", "3", "4", "5", "6"] and all(float(row[1]) <= 1.10 for row in rows)
    text = (LEVELS_DIR / "outlet.tmx").read_text()
    text = re.sub(r'name="spawn_5" x="\d+" y="\d+"', 'name="spawn_5" x="96" y="96"', text)   # into a corner shop
    unfair = tmp_path / "unfair.tmx"
    unfair.write_text(text)
    assert app.main(["--check-level", str(unfair)]) == 0      # a warning, not a refusal
    out = capsys.readouterr()
    warnings = out.err.splitlines()
    assert warnings and all(w.startswith(f"soldout-checkout: warning: {unfair}: at ") for w in warnings)
    assert "at 5 seats seat 5 walks" in warnings[0] and "!" in out.out


def test_check_level_refuses_a_seat_that_cannot_reach_a_pile(capsys):
    path = LEVELS_DIR / "broken" / "pile_unreachable_from_a_seat.tmx"
    assert app.main(["--check-level", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"soldout-checkout: error: {path}: ") and "cannot be reached from spawn 'spawn_1' (seat 1)" in err


# ---------------------------------------------------------------- the bots' confirmation (tools/seat_fairness.py)
@pytest.mark.parametrize("x, df, p", [(3.841, 1, 0.05), (5.991, 2, 0.05), (7.815, 3, 0.05), (9.488, 4, 0.05),
                                      (11.070, 5, 0.05), (15.086, 5, 0.01), (0.5, 3, 0.9189), (0.0, 5, 1.0)])
def test_chi_square_p_values_match_the_tables(x, df, p):
    from game.app.tournament import chi_square_survival
    assert chi_square_survival(x, df) == pytest.approx(p, abs=5e-4)


def test_seat_series_counts_wins_and_splits_ties():
    from game.app.tournament import run_seats
    outcomes = iter([[0], [1], [0, 1], [0], [2], [0]])
    series = run_seats("market", 3, 6, seed=1, play=lambda spec: {"winners": next(outcomes)})
    assert series.wins == (3.5, 1.5, 1.0) and series.matches == 6
    assert series.chi_square == pytest.approx(((3.5 - 2) ** 2 + (1.5 - 2) ** 2 + 1) / 2)
    assert 0 < series.p_value < 1


def test_seat_series_plays_real_matches_on_the_level_in_every_mode():
    from game.app.tournament import run_seats
    seen = []

    def play(spec):
        from game.driver.soldout_headless import play_match
        seen.append((spec.options.level, spec.options.mode, len(spec.seats), {s.difficulty for s in spec.seats}))
        return play_match(spec)
    series = run_seats("galleria", 2, 3, seed=5, play=play)
    assert sum(series.wins) == pytest.approx(3)
    assert seen == [("galleria", mode, 2, {"expert"}) for mode in ("rush", "memory", "tidy")]
