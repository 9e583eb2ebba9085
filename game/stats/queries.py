"""The stats as stories: what the stats screen and the CSV export read from the records database.

Two views. A profile: its matches and wins per game and mode, best scores, SOLD OUT! calls,
fastest grab, longest win streak, and its head-to-head with every profile it has played. And
Everyone: every person grouped by the name their seat showed (guests and profiles alike) and the
bots of each level, so the screen tells stories before anyone makes a profile.

They read the running rows a save keeps (game/stats/store.py), a few rows a subject, so opening
the stats costs the same after 10 matches or 10,000. A row out of range (a hostile or damaged
file) is left out and counted (`Stats.skipped`), never shown or added up.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.files.database import Database
from game.files.register import MAX_TICKS
from game.stats.store import BOT, MAX_COUNT, MAX_NAME, NAME, PROFILE


@dataclass(frozen=True, slots=True)
class GameLine:
    """A subject's matches of one game in one mode (or all of them: `game` "")."""

    game: str
    mode: str
    matches: int = 0
    wins: int = 0
    best_score: int = 0
    sold_out_calls: int = 0
    flips: int = 0
    grabs: int = 0
    walked: float = 0.0
    fastest_grab: int | None = None     # ticks

    def plus(self, other: GameLine) -> GameLine:
        """Both lines' matches together (a subject's totals over its games)."""
        fastest = [t for t in (self.fastest_grab, other.fastest_grab) if t is not None]
        return GameLine(self.game, self.mode, self.matches + other.matches, self.wins + other.wins,
                        max(self.best_score, other.best_score) if self.matches else other.best_score,
                        self.sold_out_calls + other.sold_out_calls, self.flips + other.flips,
                        self.grabs + other.grabs, self.walked + other.walked, min(fastest) if fastest else None)


@dataclass(frozen=True, slots=True)
class Rival:
    """Head to head with another profile over the matches both played: `wins` placed above them,
    `losses` below, `ties` level."""

    profile: int
    name: str
    wins: int
    losses: int
    ties: int

    @property
    def matches(self) -> int:
        return self.wins + self.losses + self.ties


@dataclass(frozen=True, slots=True)
class Subject:
    """Who a page of stats is about, and all of it."""

    key: str                              # "profile:7", "name:Ada", "bot:hard"
    name: str                             # the newest name shown (a bot level's key for bots)
    totals: GameLine                      # every game and mode together
    games: tuple[GameLine, ...]           # most played first
    streak: int = 0                       # wins in a row now
    longest_streak: int = 0
    rivals: tuple[Rival, ...] = ()        # profiles only

    @property
    def bot(self) -> str | None:
        """The bot level this subject stands for, or None for a person."""
        return self.key[len(BOT):] if self.key.startswith(BOT) else None

    @property
    def profile(self) -> int | None:
        return int(self.key[len(PROFILE):]) if self.key.startswith(PROFILE) else None


@dataclass
class Stats:
    """Everything the stats screen shows: each profile, everyone, and how many rows were left out."""

    profiles: list[Subject] = field(default_factory=list)    # by name
    everyone: list[Subject] = field(default_factory=list)    # most wins first
    matches: dict[tuple[str, str], int] = field(default_factory=dict)   # (game, mode): matches played
    skipped: int = 0

    @property
    def empty(self) -> bool:
        return not self.everyone and not self.profiles


def load(db: Database) -> Stats:
    """Every subject's stats, read once (the stats screen opens with them)."""
    stats = Stats()
    names = profile_names(db, stats)
    lines = _lines(db, stats)
    streaks = _streaks(db, stats)
    rivals = _rivals(db, stats, names)
    for game, mode, count in db.read("SELECT game, mode, count(*) FROM matches GROUP BY game, mode"):
        if isinstance(game, str) and isinstance(mode, str) and isinstance(count, int):
            stats.matches[(game, mode)] = count
    for key, games in lines.items():
        totals = GameLine("", "")
        for line in games:
            totals = totals.plus(line)
        ordered = tuple(sorted(games, key=lambda g: (-g.matches, g.game, g.mode)))
        now, longest = streaks.get(key, (0, 0))
        if key.startswith(PROFILE):
            profile = int(key[len(PROFILE):])
            stats.profiles.append(Subject(key, names.get(profile, "?"), totals, ordered, now, longest,
                                          tuple(rivals.get(profile, ()))))
        else:
            stats.everyone.append(Subject(key, key.split(":", 1)[1], totals, ordered, now, longest))
    stats.profiles.sort(key=lambda s: (s.name.casefold(), s.key))
    stats.everyone.sort(key=lambda s: (-s.totals.wins, -s.totals.matches, s.name.casefold(), s.key))
    return stats


def profile_names(db: Database, stats: Stats | None = None) -> dict[int, str]:
    """Each profile's name: its profile's name now, else (a deleted profile) the newest its seats
    showed. The one place a profile's name is looked up."""
    names = {}
    for profile, name in db.read("SELECT profile, name FROM stat_subjects WHERE profile IS NOT NULL"):
        number = _count(profile, 1, 1 << 62)
        if number is not None and isinstance(name, str) and 0 < len(name) <= MAX_NAME:
            names[number] = name
        elif stats is not None:
            stats.skipped += 1
    for profile, name in db.read("SELECT id, name FROM profiles"):   # renamed since: the name it has now
        if profile in names and isinstance(name, str) and 0 < len(name) <= MAX_NAME:
            names[profile] = name
    return names


def _count(value: object, low: int = 0, high: int = MAX_COUNT) -> int | None:
    """`value` if it is a whole number in range, else None (a damaged row)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high else None


def _subject_ok(key: object) -> bool:
    if not isinstance(key, str) or len(key) > MAX_NAME + len(PROFILE) or not key.startswith((PROFILE, NAME, BOT)):
        return False
    number = key[len(PROFILE):]
    return not key.startswith(PROFILE) or (number.isascii() and number.isdigit() and len(number) < 19)


def _lines(db: Database, stats: Stats) -> dict[str, list[GameLine]]:
    lines: dict[str, list[GameLine]] = {}
    for row in db.read("SELECT * FROM stat_lines"):
        line = _line(row)
        if line is None or not _subject_ok(row[0]):
            stats.skipped += 1
        else:
            lines.setdefault(str(row[0]), []).append(line)
    return lines


def _line(row: tuple[object, ...]) -> GameLine | None:
    """A stat_lines row as a GameLine, or None when any value is out of its range."""
    if len(row) != 11:
        return None
    _key, game, mode, *numbers = row
    matches, wins, best, calls, flips, grabs = (_count(n, -MAX_COUNT if i == 2 else 0) for i, n in enumerate(numbers[:6]))
    walked, fastest = numbers[6], numbers[7]
    if (not isinstance(game, str) or not isinstance(mode, str) or len(game) > 40 or len(mode) > 40
            or matches is None or wins is None or best is None or calls is None or flips is None or grabs is None
            or not 0 < matches or wins > matches or not isinstance(walked, (int, float)) or not 0 <= walked <= MAX_COUNT):
        return None
    quickest = _count(fastest, 0, MAX_TICKS)
    if fastest is not None and quickest is None:
        return None
    return GameLine(game, mode, matches, wins, best, calls, flips, grabs, float(walked), quickest)


def _streaks(db: Database, stats: Stats) -> dict[str, tuple[int, int]]:
    out = {}
    for key, streak, longest in db.read("SELECT subject, streak, longest_streak FROM stat_subjects"):
        now, most = _count(streak), _count(longest)
        if _subject_ok(key) and now is not None and most is not None and now <= most:
            out[str(key)] = (now, most)
        else:
            stats.skipped += 1
    return out


def _rivals(db: Database, stats: Stats, names: dict[int, str]) -> dict[int, list[Rival]]:
    out: dict[int, list[Rival]] = {}
    for row in db.read("SELECT profile, rival, wins, losses, ties FROM stat_rivals"):
        profile, rival = _count(row[0], 1, 1 << 62), _count(row[1], 1, 1 << 62)
        wins, losses, ties = (_count(n) for n in row[2:])
        if profile is None or rival is None or wins is None or losses is None or ties is None or profile == rival:
            stats.skipped += 1
            continue
        out.setdefault(profile, []).append(Rival(rival, names.get(rival, "?"), wins, losses, ties))
    for rivals in out.values():
        rivals.sort(key=lambda r: (-r.matches, r.name.casefold(), r.profile))
    return out
