"""The career's progress: the stars won, each backed by the replay that earned it.

The runs live in the records database (game/files/database.py, table `career_runs`): per
challenge at most one run per star (the replay of the best result for each star, as a speedrun
keeps its PB's), its stars as JSON and its replay compressed. On load each run is re-judged from
its replay (game/career/worlds.py `replayed`: the bots play again) and must earn exactly the stars
it claims, or that challenge's runs are dropped with one line: a database edited by hand cannot
claim a star its replay does not earn, and a bad row costs its own challenge's stars, nothing else.

Older games kept one file per challenge (the register's CAREER_PROGRESS, career/<id>.json): they
are imported once, through the register's loader (size cap, schema; a damaged one is moved
aside), and kept as they are, a backup. A save is one transaction on the records' worker, so a
kill -9 loses at most the save under way.

All storage is here, behind `load`, `stars_of`, `record`, `warm` and `judged_total`.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import zlib
from dataclasses import dataclass, field
from typing import Iterator, cast

from game.career.challenges import Career, Challenge, load_career
from game.career.worlds import Outcome, ReplayMismatch, replayed
from game.driver.replay import ReplayError, read_replay
from game.files import database
from game.files.register import CAREER_PROGRESS, RECORDS_DB
from game.files.untrusted import UntrustedError, decode_text, echo, inflate, parse_json
from game.text.notice import N_, Notice

IMPORTED = "imported career"      # the meta row that says the old files were imported
MAX_RUNS = 3                      # one per star at most


@dataclass(frozen=True, slots=True)
class Run:
    """A kept run: the stars it earned and its replay."""

    stars: tuple[int, ...]
    replay: str


_VERIFIED: dict[tuple[str, str], tuple[int, ...]] = {}   # (challenge, replay digest) -> stars: once a process


@dataclass
class Progress:
    """Stars per challenge (their places 0-2 on its card), and the warnings met on loading."""

    stars: dict[str, frozenset[int]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def of(self, challenge_id: str) -> frozenset[int]:
        return self.stars.get(challenge_id, frozenset())

    def total(self) -> int:
        return sum(len(won) for won in self.stars.values())

    def opened(self, career: Career) -> list[str]:
        """The chapters the stars won open (by id, in order)."""
        total = self.total()
        return [chapter.id for chapter in career.chapters if chapter.stars_to_open <= total]


def verified_stars(challenge: Challenge, replay_text: str) -> tuple[int, ...]:
    """The stars a replay earns, re-judged (ReplayError / ReplayMismatch when it is not a run of it)."""
    key = (challenge.id, _digest(replay_text))
    if key not in _VERIFIED:
        _VERIFIED[key] = replayed(challenge, read_replay(replay_text)).stars
    return _VERIFIED[key]


def _digest(replay_text: str) -> str:
    return hashlib.sha256(replay_text.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- the rows
def _stored(db: database.Database, challenge: Challenge) -> list[Run] | None:
    """The challenge's runs as the database holds them, unjudged; None when a row is not one the
    game writes (the database is untrusted input: every column is checked)."""
    runs = []
    for stars_text, blob in db.read("SELECT stars, replay FROM career_runs WHERE challenge = ? ORDER BY n LIMIT ?",
                                    (challenge.id, MAX_RUNS + 1)):
        try:
            stars = parse_json(stars_text, "career_runs.stars") if isinstance(stars_text, str) else None
            if not isinstance(blob, bytes) or not _stars_fit(stars):
                return None
            text = decode_text(inflate(blob, CAREER_PROGRESS.cap), "career_runs.replay")
        except UntrustedError:
            return None
        runs.append(Run(tuple(sorted(cast("list[int]", stars))), text))     # _stars_fit checked them
    return runs if len(runs) <= MAX_RUNS else None


def _stars_fit(stars: object) -> bool:
    return (isinstance(stars, list) and 0 < len(stars) <= 3 and len(set(stars)) == len(stars)
            and all(type(star) is int and 0 <= star <= 2 for star in stars))


def _row(run: Run) -> tuple[str, bytes, str]:
    return json.dumps(list(run.stars)), zlib.compress(run.replay.encode("utf-8"), 6), _digest(run.replay)


INSERT = "INSERT OR REPLACE INTO career_runs (challenge, n, stars, replay, digest) VALUES (?, ?, ?, ?, ?)"


def _replace(db: database.Database, challenge_id: str, runs: list[Run]) -> None:
    """The challenge's runs become `runs`, in one transaction on the records' worker."""
    rows = [(challenge_id, n, *_row(run)) for n, run in enumerate(runs)]

    def job(connection: sqlite3.Connection) -> None:
        connection.execute("DELETE FROM career_runs WHERE challenge = ?", (challenge_id,))
        connection.executemany(INSERT, rows)
    db.submit(job)


def _runs(db: database.Database, challenge: Challenge, warnings: list[str]) -> list[Run]:
    """The challenge's runs, each re-judged; runs that fail are dropped (one line said)."""
    try:
        runs = _stored(db, challenge)
    except sqlite3.DatabaseError as exc:      # a page damaged since the open, a row too big
        warnings.append(Notice(N_("{file} is damaged ({problem})"), file=RECORDS_DB.relative(), problem=echo(exc, 80)))
        return []
    if runs is None:
        return _dropped(db, challenge, warnings, Notice(N_("the career's runs of {challenge} are damaged"),
                                                        challenge=challenge.id))
    for run in runs:
        try:
            earned = verified_stars(challenge, run.replay)
        except (ReplayError, ReplayMismatch) as exc:
            return _dropped(db, challenge, warnings, Notice(N_("{challenge}: a kept replay cannot be played ({error})"),
                                                            challenge=challenge.id, error=str(exc)))
        if sorted(earned) != sorted(run.stars):
            return _dropped(db, challenge, warnings, Notice(N_("{challenge}: a kept run claims stars its replay "
                                                               "does not earn"), challenge=challenge.id))
    return runs


def _dropped(db: database.Database, challenge: Challenge, warnings: list[str], problem: str) -> list[Run]:
    """A challenge's runs that cannot count: said once, and gone from the records (its stars with them)."""
    # TRANSLATORS: after "{challenge}: a kept replay cannot be played (...); " and the like
    warnings.append(Notice(N_("{problem}; its stars are left out"), problem=problem))
    _replace(db, challenge.id, [])
    return []


def _records(warnings: list[str]) -> database.Database:
    """The records database, the old files imported into it first if they never were; saves
    still on their way land first (a screen opened right after a win reads the win)."""
    db = database.shared()
    db.flush()
    try:
        if not db.read("SELECT 1 FROM meta WHERE key = ?", (IMPORTED,)):
            _import_files(db, warnings)
    except sqlite3.DatabaseError as exc:
        warnings.append(Notice(N_("{file} is damaged ({problem})"), file=RECORDS_DB.relative(), problem=echo(exc, 80)))
    return db


def _import_files(db: database.Database, warnings: list[str]) -> None:
    """Every old progress file into the database, once, through the register's loader (a damaged
    file is moved aside with its line); the files stay as they are, a backup. The runs are judged
    as every run is, when read."""
    rows: list[tuple[str, int, str, bytes, str]] = []
    for name in CAREER_PROGRESS.names():
        loaded = CAREER_PROGRESS.load(None, name)
        if loaded.warning is not None:
            warnings.append(str(loaded.warning))
        data = loaded.data
        if not isinstance(data, dict) or loaded.newer or f"{data.get('challenge')}.json" != name:
            continue
        runs = [Run(tuple(sorted(run["stars"])), run["replay"]) for run in data["runs"]]
        problem = _unearned(str(data["challenge"]), runs[:MAX_RUNS])
        if problem is not None:       # said naming the old file (the player knows it), and not imported
            warnings.append(Notice(N_("{file}: {problem}; its stars are left out"),
                                   file=CAREER_PROGRESS.relative(name), problem=problem))
            continue
        rows += [(str(data["challenge"]), n, *_row(run)) for n, run in enumerate(runs[:MAX_RUNS])]

    def job(connection: sqlite3.Connection) -> None:
        connection.executemany(INSERT, rows)
        connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (IMPORTED, str(len(rows))))
    try:
        db.write(job)
    except sqlite3.Error as exc:
        warnings.append(Notice(CAREER_PROGRESS.save_failed, error=echo(exc, 120)))


def _unearned(challenge_id: str, runs: list[Run]) -> str | None:
    """Why an old file's runs cannot count (a challenge the career no longer has, a replay that
    cannot be played or earns other stars), or None: they are judged as they come in."""
    challenge = load_career().find(challenge_id)
    if challenge is None:
        return str(Notice(N_("no challenge {challenge} in the career"), challenge=challenge_id))
    for run in runs:
        try:
            earned = verified_stars(challenge, run.replay)
        except (ReplayError, ReplayMismatch) as exc:
            return Notice(N_("a kept replay cannot be played ({error})"), error=str(exc))
        if sorted(earned) != sorted(run.stars):
            return Notice(N_("a kept run claims stars its replay does not earn"))
    return None


def load(career: Career) -> Progress:
    """Every challenge's stars, each re-judged from its replay (what `warm` judged ahead is not
    judged again; its warnings are said here)."""
    progress = Progress(warnings=_HELD.copy())
    _HELD.clear()
    db = _records(progress.warnings)
    for challenge in career.challenges():
        runs = _runs(db, challenge, progress.warnings)
        won = frozenset(star for run in runs for star in run.stars)
        if won:
            progress.stars[challenge.id] = won
    return progress


_HELD: list[str] = []   # warnings met while judging ahead, said by the next load


def warm(career: Career) -> Iterator[None]:
    """Judge the challenges' replays ahead, one challenge a step (the menus' idle time: the
    career screen and the title's badge then read progress without a pause)."""
    db = _records(_HELD)
    for challenge in career.challenges():
        _runs(db, challenge, _HELD)
        yield None


def judged_total(career: Career) -> int | None:
    """The stars won, if every kept run has been judged this session (else None): the title's
    badge, which never makes the title wait for a replay. It reads each run's digest, never its
    replay: a digest that lies finds no judged run (the badge waits for the judging), or finds
    one whose stars a real replay of that challenge earned."""
    warnings: list[str] = []
    db = _records(warnings)
    _HELD.extend(warnings)           # the career screen's next load says them
    try:
        rows = db.read("SELECT challenge, digest FROM career_runs")
    except sqlite3.DatabaseError:
        return None
    kept = {(challenge, digest) for challenge, digest in rows if isinstance(challenge, str) and isinstance(digest, str)}
    total = 0
    for challenge in career.challenges():
        won: set[int] = set()
        for key in sorted(key for key in kept if key[0] == challenge.id):
            if key not in _VERIFIED:
                return None
            won |= set(_VERIFIED[key])
        total += len(won)
    return total


def record(outcome: Outcome) -> tuple[frozenset[int], str | None]:
    """Keep `outcome` if it earns a star its challenge has no run for yet, or more stars than a
    kept run; returns the stars now won, and a line if the save could not be made (a save that
    fails on the records' worker is said by the shell's toasts)."""
    challenge = outcome.challenge
    warnings: list[str] = []
    db = _records(warnings)
    runs = _runs(db, challenge, warnings)
    mine = set(outcome.stars)
    if outcome.replay is None or not mine:
        return frozenset(s for run in runs for s in run.stars), None
    kept = _best([*runs, Run(tuple(sorted(mine)), outcome.replay)])
    _replace(db, challenge.id, kept)
    return frozenset(s for run in kept for s in run.stars), None


def _best(runs: list[Run]) -> list[Run]:
    """The fewest runs that back every star, those with the most stars first (a tie: the earlier)."""
    ranked = sorted(enumerate(runs), key=lambda pair: (-len(pair[1].stars), pair[0]))
    kept: list[Run] = []
    backed: set[int] = set()
    for _n, run in ranked:
        stars = set(run.stars)
        if not stars <= backed:
            kept.append(run)
            backed |= stars
    return kept


def stars_of(progress: Progress, challenge: Challenge) -> frozenset[int]:
    return progress.of(challenge.id)
