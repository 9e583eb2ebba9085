"""Saving a finished match in the records database, and the rule for a row the readers trust.

`listen(ctx)` puts a `Saver` among the context's match listeners: each MatchRecord a real match in
the window leaves (game.core.context.Context.finished_match) is written on the database's worker
in one transaction: the match and its seats, and the running stats the screen reads (stat_lines,
stat_subjects, stat_rivals: see the migration in game/files/database.py), so a frame never waits
for the disk and opening the stats never adds up 10,000 matches.

Which matches count: every match played in the window to its end with the lobby's seats, the
career's challenges included (real matches played by real people, with a real podium); never the
title's attract demos, a replay being watched, a warm-up or rehearsal, or a speedrun attempt (a
speedrun keeps its own records). The scenes decide (game/scenes/match_report.py).

A subject is who the stats are about: "profile:7" (a profile, whatever name it showed), "name:Ada"
(every person's seat by the name it showed: guests and profiles alike, for the Everyone view) or
"bot:hard" (the bots of a level). The tables are STRICT, so the quick_check on open proves every
value's type; the ranges a hostile file could still break are checked as each row is read
(game/stats/queries.py), and a running row out of range is left alone by a save, never added to.
"""
from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from game.files import database
from game.files.register import MAX_TICKS
from game.match.record import MatchRecord, SeatLine

if TYPE_CHECKING:
    from game.core.context import Context

MIXED = "mixed"            # a match whose rounds were played in more than one mode
MAX_COUNT = 1 << 40        # any count, score or distance beyond is damage, not a record
MAX_NAME = 64
PROFILE, NAME, BOT = "profile:", "name:", "bot:"


def mode_of(modes: tuple[str, ...]) -> str:
    """The match's mode for the stats: its rounds' one mode, or MIXED."""
    return modes[0] if len(set(modes)) == 1 else MIXED


def subjects_of(line: SeatLine) -> list[str]:
    """Whose stats a seat counts for: its name's (or its bot level's), and its profile's."""
    if line.kind == "bot":
        return [BOT + line.difficulty]
    return [NAME + line.name[:MAX_NAME]] + ([f"{PROFILE}{line.profile}"] if line.profile is not None else [])


# The running rows' columns a save adds to; a row whose values a save could overflow is left alone.
_IN_RANGE = " AND ".join(f"{{t}}.{column} BETWEEN -{MAX_COUNT} AND {MAX_COUNT}" for column in (
    "matches", "wins", "best_score", "sold_out_calls", "flips", "grabs", "walked"))
_LINE = (
    "INSERT INTO stat_lines VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (subject, game, mode) DO UPDATE SET"
    " matches = matches + 1, wins = wins + excluded.wins, best_score = max(best_score, excluded.best_score),"
    " sold_out_calls = sold_out_calls + excluded.sold_out_calls, flips = flips + excluded.flips,"
    " grabs = grabs + excluded.grabs, walked = walked + excluded.walked,"
    " fastest_grab = min(coalesce(fastest_grab, excluded.fastest_grab), coalesce(excluded.fastest_grab, fastest_grab))"
    " WHERE " + _IN_RANGE.format(t="stat_lines"))
_SUBJECT = (
    "INSERT INTO stat_subjects VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (subject) DO UPDATE SET"
    " name = excluded.name, last_match = excluded.last_match,"
    " streak = CASE WHEN excluded.streak THEN streak + 1 ELSE 0 END,"
    " longest_streak = max(longest_streak, CASE WHEN excluded.streak THEN streak + 1 ELSE 0 END)"
    f" WHERE stat_subjects.streak BETWEEN 0 AND {MAX_COUNT} AND stat_subjects.longest_streak BETWEEN 0 AND {MAX_COUNT}")
_RIVAL = (
    "INSERT INTO stat_rivals VALUES (?, ?, ?, ?, ?) ON CONFLICT (profile, rival) DO UPDATE SET"
    " wins = wins + excluded.wins, losses = losses + excluded.losses, ties = ties + excluded.ties"
    f" WHERE stat_rivals.wins + stat_rivals.losses + stat_rivals.ties BETWEEN 0 AND {MAX_COUNT}")


def write(connection: sqlite3.Connection, record: MatchRecord) -> int:
    """Insert `record` and add it to the running stats (the caller's transaction); returns the match's id."""
    cursor = connection.execute(
        "INSERT INTO matches (game, mode, modes, level, seed, ticks, finished) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (record.game, mode_of(record.modes), ",".join(record.modes), record.level, record.seed,
         min(record.ticks, MAX_TICKS), record.finished))
    match = int(cursor.lastrowid or 0)
    connection.executemany(
        "INSERT INTO match_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(match, line.seat, line.name[:MAX_NAME] or "?", line.profile, line.kind, line.difficulty, line.team,
          line.score, line.place, line.sold_out_calls, line.flips, line.grabs, float(line.walked), line.fastest_grab)
         for line in record.seats])
    mode = mode_of(record.modes)
    for line in record.seats:
        won = int(line.place == 1)
        for subject in subjects_of(line):
            connection.execute(_LINE, (subject, record.game, mode, won, line.score, line.sold_out_calls, line.flips,
                                       line.grabs, float(line.walked), line.fastest_grab))
            profile = line.profile if subject.startswith(PROFILE) else None
            connection.execute(_SUBJECT, (subject, profile, line.name[:MAX_NAME] or "?", match, won, won))
    connection.executemany(_RIVAL, _rivalries(record))
    return match


def _rivalries(record: MatchRecord) -> list[tuple[int, int, int, int, int]]:
    """Each ordered pair of different profiles in the match: (profile, rival, won, lost, tied)."""
    seated = [line for line in record.seats if line.profile is not None and line.kind != "bot"]
    return [(one.profile, other.profile, int(one.place < other.place), int(one.place > other.place),
             int(one.place == other.place))
            for one in seated for other in seated
            if one.profile is not None and other.profile is not None and one.profile != other.profile]


class Saver:
    """A match listener that writes each record on `db`'s worker, in one transaction. The database is
    found and its worker started once, when the listener is made: a frame's call only queues the job
    (finding the file again would touch the disk, and a thread waiting on the disk or starting a
    thread hands the interpreter to another thread for milliseconds)."""

    def __init__(self, db: database.Database) -> None:
        self.db = db
        db.start()

    def __call__(self, record: MatchRecord) -> None:
        self.db.submit(lambda connection: _save_job(connection, record))


def _save_job(connection: sqlite3.Connection, record: MatchRecord) -> None:
    write(connection, record)


def listen(ctx: Context) -> None:
    """Save every real match the window finishes in the records database (once per context)."""
    if not any(isinstance(listener, Saver) for listener in ctx.match_listeners):
        ctx.match_listeners.append(Saver(database.shared()))
