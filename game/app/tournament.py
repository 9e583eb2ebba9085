"""Bot tournaments: many seeded headless matches between difficulties, win rates with 95% CIs.

`python main.py --tournament [--game G] [--mode M] [--matches N] [--seed S]`
plays every pairing of neighbouring levels (easy v normal, normal v hard,
hard v expert) head to head, N matches each per mode. Match i uses seed
S + i // 2 and swaps the seats on odd i, so each deal is played from both
sides. A tie counts as half a win. The interval is Wilson's score interval,
which stays inside 0..1 and behaves at rates near 0 or 1. Without --seed the run
draws fresh seeds (S from 100000..999999, above every range the bots were tuned on)
and prints S, so the same table can be played again with --seed S.

Each game plugs in a play function `play(spec: MatchSpec) -> dict` (DESIGN.md's
headless JSON, `winners` a list of seats): Sold Out! plays through the mall
simulation, Check Out! through the dice table simulation.

Matches are independent and seeded, so they run on every core (one process
pool for the whole tournament) and give exactly the serial results: outcomes
are collected in match order whichever process finished first.
"""
from __future__ import annotations

import math
import os
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Sequence, TextIO, TypeVar

from game import report_error
from game.games import SOLD_OUT
from game.rules.soldout.options import SoldOutOptions
from game.match import games
from game.match.spec import DIFFICULTIES, MatchSpec, SeatSpec

PlayFn = Callable[[MatchSpec], dict[str, Any]]
T = TypeVar("T")
Z95 = 1.959964  # two-sided 95% normal quantile
FRESH_SEEDS = (100_000, 1_000_000)   # fresh runs start here: clear of the tuning seeds (docs/BOTS.md)

def game_modes(game: str) -> tuple[str, ...]:
    """The modes a tournament of `game` plays (every concrete mode of the game, in turn)."""
    return tuple(games.get(game).round_modes())


class TournamentError(Exception):
    """A tournament that cannot be run (a game without a headless runner); one line."""


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion wins/n (ties may count as halves)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def fresh_seed() -> int:
    """A first seed nobody chose (not reproducible by design: the caller prints it)."""
    low, high = FRESH_SEEDS
    return low + secrets.randbelow(high - low)


def play_function(game: str) -> PlayFn:
    """The game's headless play function."""
    found = games.find(game)
    if found is None:
        raise TournamentError(f"unknown game {game!r}; use {' or '.join(games.keys())}")
    return found.runner().play_match


@dataclass(frozen=True)
class Pairing:
    """One head-to-head series: `high` (the stronger level on paper) against `low`."""

    game: str
    mode: str
    low: str
    high: str
    matches: int
    wins: int      # matches `high` won alone
    ties: int      # both shared the win
    losses: int

    @property
    def rate(self) -> float:
        return (self.wins + self.ties / 2) / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + self.ties / 2, self.matches)

    @property
    def clear(self) -> bool:
        """Does `high` beat `low` clearly: the whole 95% interval above one half?"""
        return self.interval[0] > 0.5


def match_spec(game: str, mode: str, levels: Sequence[str], seed: int) -> MatchSpec:
    """An all-bot match: one seat per entry of `levels`, in seat order."""
    seats = tuple(SeatSpec(seat=i, name=f"{level} bot", kind="bot", difficulty=level)
                  for i, level in enumerate(levels))
    chosen = games.get(game)
    return chosen.spec(seats, seed, chosen.options_from({"mode": mode, "rounds": 1}))


def _one(job: tuple[str, str, str, str, int, bool], play: PlayFn | None = None) -> str:
    """Play one match of a pairing; 'win', 'tie' or 'loss' from the stronger level's side."""
    game, mode, low, high, seed, swap = job
    levels = (high, low) if swap else (low, high)
    result = (play or play_function(game))(match_spec(game, mode, levels, seed))
    high_seat, low_seat = (0, 1) if swap else (1, 0)
    winners = set(result.get("winners", []))
    if high_seat in winners and low_seat in winners:
        return "tie"
    return "win" if high_seat in winners else "loss"


def default_jobs() -> int:
    """Worker processes for a tournament: one per core."""
    return max(1, os.cpu_count() or 1)


def _map(fn: Callable[..., T], work: list[Any], jobs: int, pool: Executor | None, play: PlayFn | None) -> list[T]:
    """fn over work in order: in `pool` (or a new one for `jobs` > 1), or here for a custom `play`."""
    if play is not None or (pool is None and jobs <= 1) or len(work) < 2:
        return [fn(job, play) for job in work]
    if pool is not None:
        return list(pool.map(fn, work, chunksize=_chunk(len(work), jobs)))
    with ProcessPoolExecutor(max_workers=jobs) as own:
        return list(own.map(fn, work, chunksize=_chunk(len(work), jobs)))


def _chunk(n: int, jobs: int) -> int:
    """Big enough to save round trips, small enough that every worker gets several chunks."""
    return max(1, min(4, n // (4 * max(1, jobs))))


def run_pairing(game: str, mode: str, low: str, high: str, matches: int, seed: int,
                jobs: int = 1, play: PlayFn | None = None, pool: Executor | None = None) -> Pairing:
    """`matches` games of `high` against `low`. A custom `play` runs in this process (jobs ignored)."""
    work = [(game, mode, low, high, seed + i // 2, i % 2 == 1) for i in range(matches)]
    outcomes = _map(_one, work, jobs, pool, play)
    return Pairing(game, mode, low, high, matches, outcomes.count("win"), outcomes.count("tie"),
                   outcomes.count("loss"))


def run_tournament(game: str, modes: Sequence[str] | None = None, matches: int = 40, seed: int = 1,
                   levels: Sequence[str] = DIFFICULTIES, jobs: int = 1,
                   progress: Callable[[Pairing], None] | None = None,
                   play: PlayFn | None = None, pool: Executor | None = None) -> list[Pairing]:
    """Neighbouring levels head to head in every mode; one Pairing per (mode, level pair).

    `play` plugs in any game's play function (default: the game's headless runner)."""
    if play is None:
        play_function(game)  # fail early, with one line, if the game cannot play headless
    modes = list(modes or game_modes(game))
    if pool is None and jobs > 1 and play is None:
        with ProcessPoolExecutor(max_workers=jobs) as own:
            return run_tournament(game, modes, matches, seed, levels, jobs, progress, play, own)
    results = []
    for mode in modes:
        for low, high in zip(levels, levels[1:]):
            pairing = run_pairing(game, mode, low, high, matches, seed, jobs, play, pool)
            results.append(pairing)
            if progress is not None:
                progress(pairing)
    return results


@dataclass(frozen=True)
class FieldRow:
    """A level's share of wins in matches where every level has one seat (a shared win is split)."""

    game: str
    mode: str
    level: str
    matches: int
    wins: float

    @property
    def rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.matches)


def _field_one(job: tuple[str, str, tuple[str, ...], int], play: PlayFn | None = None) -> dict[str, float]:
    game, mode, levels, seed = job
    result = (play or play_function(game))(match_spec(game, mode, levels, seed))
    winners = [seat for seat in result.get("winners", []) if 0 <= seat < len(levels)]
    share: dict[str, float] = {level: 0.0 for level in levels}
    for seat in winners:
        share[levels[seat]] += 1 / len(winners)
    return share


def run_field(game: str, mode: str, matches: int, seed: int, levels: Sequence[str] = DIFFICULTIES,
              jobs: int = 1, play: PlayFn | None = None, pool: Executor | None = None) -> list[FieldRow]:
    """One bot per level in every match; the seats rotate each match so no level keeps a spawn."""
    n = len(levels)
    work = [(game, mode, tuple(levels[(i + k) % n] for k in range(n)), seed + i // n) for i in range(matches)]
    shares = _map(_field_one, work, jobs, pool, play)
    return [FieldRow(game, mode, level, matches, sum(s[level] for s in shares)) for level in levels]


# ---------------------------------------------------------------- seats: does where you start decide who wins?
@dataclass(frozen=True)
class SeatSeries:
    """Wins by seat over `matches` one-round matches of equal bots on one level (a shared win is split)."""

    level: str
    seats: int
    matches: int
    wins: tuple[float, ...]

    @property
    def chi_square(self) -> float:
        """Pearson's statistic against every seat winning equally often."""
        return chi_square_uniform(self.wins)

    @property
    def p_value(self) -> float:
        """The chance of wins at least this uneven if the seats were equal (df = seats - 1)."""
        return chi_square_survival(self.chi_square, self.seats - 1)


def chi_square_uniform(counts: Sequence[float]) -> float:
    total = sum(counts)
    if total <= 0:
        return 0.0
    expected = total / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)


def chi_square_survival(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with `df` degrees of freedom (closed forms for whole df)."""
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        return math.exp(-half) * sum(half ** i / math.factorial(i) for i in range(df // 2))
    tail: float = sum(half ** (i - 0.5) / math.gamma(i + 0.5) for i in range(1, df // 2 + 1))
    return math.erfc(math.sqrt(half)) + math.exp(-half) * tail


def seat_spec(level: str, seats: int, mode: str, seed: int, difficulty: str) -> MatchSpec:
    players = tuple(SeatSpec(seat=i, name=f"Bot {i + 1}", kind="bot", difficulty=difficulty) for i in range(seats))
    return SOLD_OUT.spec(players, seed, SoldOutOptions(mode=mode, rounds=1, level=level))   # levels: the mall's


def _seat_one(job: tuple[str, int, str, int, str], play: PlayFn | None = None) -> tuple[float, ...]:
    level, seats, mode, seed, difficulty = job
    result = (play or play_function(SOLD_OUT.key))(seat_spec(level, seats, mode, seed, difficulty))
    winners = [seat for seat in result.get("winners", []) if 0 <= seat < seats]
    return tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(seats))


def run_seats(level: str, seats: int, matches: int, seed: int = 1, difficulty: str = "expert", jobs: int = 1,
              play: PlayFn | None = None, pool: Executor | None = None) -> SeatSeries:
    """`matches` one-round matches of `seats` equal bots on `level`, the modes in turn, seeds seed, seed+1..."""
    modes = game_modes(SOLD_OUT.key)
    work = [(level, seats, modes[i % len(modes)], seed + i, difficulty) for i in range(matches)]
    shares = _map(_seat_one, work, jobs, pool, play)
    return SeatSeries(level, seats, matches, tuple(sum(s[seat] for s in shares) for seat in range(seats)))


def field_verdict(rows: Sequence[FieldRow]) -> str:
    """One line on a mode's field: do the shares rise strictly with the level (rows easy first)?"""
    if not rows:
        return ""
    mode = rows[0].mode
    falls = [f"{hi.level} {hi.rate:.2f} <= {lo.level} {lo.rate:.2f}"
             for lo, hi in zip(rows, rows[1:]) if hi.wins <= lo.wins]
    if falls:
        return f"{mode}: the shares do NOT rise strictly with the level ({'; '.join(falls)})"
    apart = sum(hi.interval[0] > lo.interval[1] for lo, hi in zip(rows, rows[1:]))
    return (f"{mode}: the shares rise strictly with the level; "
            f"{apart} of {len(rows) - 1} steps with intervals apart")


FIELD_HEADER = f"{'mode':<9}{'level':<9}{'matches':>8}{'wins':>8}{'win share':>11}  {'95% CI':<14}"


def format_field_row(row: FieldRow) -> str:
    lo, hi = row.interval
    return (f"{row.mode:<9}{row.level:<9}{row.matches:>8}{row.wins:>8.1f}{row.rate:>11.2f}"
            f"  [{lo:.2f}, {hi:.2f}]")


HEADER = f"{'mode':<9}{'pairing':<19}{'wins':>5}{'ties':>6}{'losses':>8}{'win rate':>10}  {'95% CI':<14}  ladder"


def format_row(p: Pairing) -> str:
    lo, hi = p.interval
    return (f"{p.mode:<9}{p.high + ' v ' + p.low:<19}{p.wins:>5}{p.ties:>6}{p.losses:>8}{p.rate:>10.2f}"
            f"  [{lo:.2f}, {hi:.2f}]    {'clear' if p.clear else 'NOT CLEAR'}")


def run_cli(game: str, mode: str | None, matches: int, seed: int | None, out: TextIO,
            jobs: int | None = None) -> int:
    """`main.py --tournament`: print the table as it is played, on every core unless `jobs` says
    otherwise; `seed` None draws fresh seeds. Exit 0 (2: the game cannot play headless)."""
    fresh = seed is None
    seed = fresh_seed() if seed is None else seed
    jobs = default_jobs() if jobs is None else jobs
    if jobs > 1:
        try:
            play_function(game)
        except TournamentError:
            jobs = 1          # reported below, with one line, before any pool starts
        else:
            pool = ProcessPoolExecutor(max_workers=jobs)
            try:
                return _run_cli(game, mode, matches, seed, out, jobs, pool, fresh)
            finally:   # stopped early (the output pipe closed, Ctrl+C): the matches not begun are dropped
                pool.shutdown(wait=True, cancel_futures=True)
    return _run_cli(game, mode, matches, seed, out, jobs, None, fresh)


def _run_cli(game: str, mode: str | None, matches: int, seed: int, out: TextIO, jobs: int,
             pool: Executor | None, fresh: bool = False) -> int:
    title = games.title(game)
    seeds = f"fresh seeds {seed}.. (again: --seed {seed})" if fresh else f"seeds {seed}.."
    print(f"{title} tournament: {matches} matches per pairing, {seeds}, "
          "win rate of the stronger level (a tie counts half)", file=out)
    print(HEADER, file=out)
    try:
        results = run_tournament(game, [mode] if mode else None, matches, seed, jobs=jobs,
                                 progress=lambda p: print(format_row(p), file=out, flush=True), pool=pool)
    except TournamentError as exc:
        return report_error(exc)
    clear = sum(p.clear for p in results)
    print(f"{clear} of {len(results)} steps of the ladder are clear (95% interval above 0.50)", file=out)
    levels = len(DIFFICULTIES)
    print(f"\nOne bot per level at the same table, seats rotating: {matches} matches per mode "
          f"(an even share would be {1 / levels:.2f})", file=out)
    print(FIELD_HEADER, file=out)
    verdicts = []
    for mode in [mode] if mode else game_modes(game):
        rows = run_field(game, mode, matches, seed, jobs=jobs, pool=pool)
        for row in rows:
            print(format_field_row(row), file=out, flush=True)
        verdicts.append(field_verdict(rows))
    for line in verdicts:
        if line:
            print(line, file=out)
    return 0
