"""The stats as CSV files for a spreadsheet (the stats screen's X): in the user folder's stats/,
each written atomically (register entry STATS_EXPORTS):

- matches.csv: one row per seat of every match saved (the match's columns repeated on each);
- players.csv: each subject's stats (a profile, a name, a bot level), all games together and
  per game and mode;
- head_to_head.csv: each pair of profiles that have played together.

Proper CSV (the standard library's writer: a name with a comma, a quote or a line break is
quoted), UTF-8 with a byte-order mark so spreadsheets read accents right. Column names are
data, not translated.
"""
from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path
from typing import Iterable

from game import TICK_RATE
from game.files.database import Database
from game.files.register import STATS_EXPORTS
from game.stats.queries import GameLine, Stats, Subject, load
from game.stats.store import BOT, PROFILE

BOM = chr(0xFEFF)   # so a spreadsheet reads the file as UTF-8 (written, never drawn)
MATCH_COLUMNS = ("match", "finished", "game", "mode", "modes", "level", "seed", "seconds", "seat", "name",
                 "profile", "kind", "difficulty", "team", "score", "place", "sold_out_calls", "flips", "grabs",
                 "tiles_walked", "fastest_grab_seconds")
PLAYER_COLUMNS = ("who", "name", "profile", "game", "mode", "matches", "wins", "best_score", "sold_out_calls",
                  "flips", "grabs", "tiles_walked", "fastest_grab_seconds", "longest_win_streak", "win_streak_now")
RIVAL_COLUMNS = ("profile", "name", "rival_profile", "rival_name", "matches", "wins", "losses", "ties")


class ExportError(Exception):
    """The records could not be read for the export (the message says why)."""


def export(db: Database) -> Path:
    """Write the three files; returns the folder they are in. OSError if the folder cannot take
    them, ExportError if the records cannot be read."""
    try:
        matches = csv_text(MATCH_COLUMNS, match_rows(db))
        stats = load(db)
    except sqlite3.Error as exc:
        raise ExportError(str(exc)) from None
    STATS_EXPORTS.write_text(matches, "matches.csv")
    STATS_EXPORTS.write_text(csv_text(PLAYER_COLUMNS, player_rows(stats)), "players.csv")
    path = STATS_EXPORTS.write_text(csv_text(RIVAL_COLUMNS, rival_rows(stats)), "head_to_head.csv")
    return path.parent


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")   # what makes a spreadsheet read a cell as a formula


def csv_text(columns: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows([_cell(value) for value in row] for row in rows)
    return BOM + out.getvalue()


def _cell(value: object) -> object:
    """A player's name as text, never as a formula: a spreadsheet opening the file runs a cell that
    starts "=", "+", "-" or "@" (OWASP's CSV injection), so such a name gets a leading apostrophe."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def match_rows(db: Database) -> Iterable[tuple[object, ...]]:
    """Every seat of every match, oldest first, read a batch at a time."""
    for row in db.rows(
            "SELECT m.id, m.finished, m.game, m.mode, m.modes, m.level, m.seed, m.ticks, s.seat, s.name, s.profile,"
            " s.kind, s.difficulty, s.team, s.score, s.place, s.sold_out_calls, s.flips, s.grabs, s.walked,"
            " s.fastest_grab FROM match_seats s JOIN matches m ON m.id = s.match ORDER BY m.id, s.seat"):
        ticks, walked, fastest = row[7], row[19], row[20]
        yield (*row[:7], _seconds(ticks), *row[8:19], round(walked, 1) if isinstance(walked, float) else walked,
               _seconds(fastest))


def player_rows(stats: Stats) -> Iterable[tuple[object, ...]]:
    for subject in [*stats.profiles, *stats.everyone]:
        for line in (subject.totals, *subject.games):
            yield _player_row(subject, line)


def _player_row(subject: Subject, line: GameLine) -> tuple[object, ...]:
    who = "profile" if subject.key.startswith(PROFILE) else "bot" if subject.key.startswith(BOT) else "name"
    return (who, subject.name, subject.profile if subject.profile is not None else "", line.game or "all",
            line.mode or "all", line.matches, line.wins, line.best_score, line.sold_out_calls, line.flips, line.grabs,
            round(line.walked, 1), _seconds(line.fastest_grab), subject.longest_streak, subject.streak)


def rival_rows(stats: Stats) -> Iterable[tuple[object, ...]]:
    for subject in stats.profiles:
        for rival in subject.rivals:
            yield (subject.profile, subject.name, rival.profile, rival.name, rival.matches, rival.wins, rival.losses,
                   rival.ties)


def _seconds(ticks: object) -> object:
    return round(ticks / TICK_RATE, 2) if isinstance(ticks, int) else ""
