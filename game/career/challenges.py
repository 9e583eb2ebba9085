"""The career's challenges, read from assets/career.toml: chapters of challenges, each a match
set-up and three star goals.

The file is checked whole before anything uses it (`load_career`): its shape by a schema, then
what a schema cannot see (a game or mode no one registered, a level that is not shipped, a goal
kind unknown or unfit for the game, an id used twice), each a one-line `CareerError` naming the
challenge. A new challenge is a few lines of TOML (docs/CAREER.md).
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game import asset
from game.career.goals import KINDS
from game.files import schema
from game.files.levels import find_level
from game.match import games
from game.match.spec import DIFFICULTIES

CAREER_FILE = "career.toml"
CAREER_VERSION = 1
STARS = 3                        # goals per challenge
MAX_OPPONENTS = 5
_ID = r"[a-z][a-z0-9_]{0,39}"
_LEVEL = schema.text(len(DIFFICULTIES[-1]) + 4, choices=DIFFICULTIES)
_GOAL = schema.table({"kind": schema.text(20, pattern=r"[a-z_]{1,20}"),
                      **{name: schema.integer(0, 100_000) for name in ("points", "seconds", "count")}},
                     required=("kind",), max_extra=0)
_CHALLENGE = schema.table({
    "id": schema.text(40, pattern=_ID), "name": schema.text(60, min_len=1), "game": schema.text(20, min_len=1),
    "mode": schema.text(20, min_len=1), "level": schema.text(40, min_len=1), "rounds": schema.integer(1, 5),
    "seed": schema.integer(0, 1 << 31), "opponents": schema.array(_LEVEL, MAX_OPPONENTS, min_len=1),
    "partner": _LEVEL, "goals": schema.array(_GOAL, STARS, min_len=STARS),
}, required=("id", "name", "game", "mode", "opponents", "goals"), max_extra=0)
_CHAPTER = schema.table({
    "id": schema.text(40, pattern=_ID), "name": schema.text(60, min_len=1), "stars_to_open": schema.integer(0, 999),
    "challenges": schema.array(_CHALLENGE, 20, min_len=1, unique=lambda c: c.get("id")),
}, required=("id", "name", "stars_to_open", "challenges"), max_extra=0)
CAREER_SCHEMA = schema.table({
    "version": schema.integer(CAREER_VERSION, CAREER_VERSION),
    "chapters": schema.array(_CHAPTER, 20, min_len=1, unique=lambda c: c.get("id")),
}, required=("version", "chapters"), max_extra=0)


class CareerError(ValueError):
    """The career file cannot be used: one line naming where and why."""


@dataclass(frozen=True, slots=True)
class Goal:
    kind: str
    params: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Challenge:
    """One challenge: the match (the player in seat 0, a team-mate in seat 1 when `partner` is
    set, then the opponents) and its three goals. `name` is a message id."""

    id: str
    name: str
    chapter: str
    game: str
    mode: str
    level: str | None
    rounds: int
    seed: int
    opponents: tuple[str, ...]
    partner: str | None
    goals: tuple[Goal, ...]

    @property
    def teams(self) -> bool:
        """A team-mate makes it a team match: the player's side against the opponents' side."""
        return self.partner is not None

    @property
    def seats(self) -> int:
        return 1 + (self.partner is not None) + len(self.opponents)


@dataclass(frozen=True, slots=True)
class Chapter:
    id: str
    name: str
    stars_to_open: int
    challenges: tuple[Challenge, ...]


@dataclass(frozen=True, slots=True)
class Career:
    chapters: tuple[Chapter, ...]

    def challenges(self) -> list[Challenge]:
        return [c for chapter in self.chapters for c in chapter.challenges]

    def find(self, challenge_id: str) -> Challenge | None:
        return next((c for c in self.challenges() if c.id == challenge_id), None)


# The shipped career, read once a process while its file stays the same: the title and the lobby
# count its stars as they open, and reading it (a TOML parse, a search of the levels folders for
# each challenge's level) was most of their first frame (6-8 ms of a 2-3 ms frame).
_SHIPPED: dict[tuple[str, int, int], Career] = {}


def load_career(path: Path | None = None) -> Career:
    """The career file (the shipped one by default, read once while it stays the same), checked
    whole; CareerError if it cannot be used (never kept: it is said again each time)."""
    if path is not None:
        return _read_career(path)
    shipped = Path(asset(CAREER_FILE))
    try:
        stat = shipped.stat()
    except OSError:
        return _read_career(shipped)     # says why it cannot be read
    key = (str(shipped), stat.st_mtime_ns, stat.st_size)
    if key not in _SHIPPED:
        _SHIPPED.clear()
        _SHIPPED[key] = _read_career(shipped)
    return _SHIPPED[key]


def _read_career(path: Path) -> Career:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CareerError(f"{path.name}: {exc}") from None
    try:
        CAREER_SCHEMA(data, "")
    except schema.SchemaError as exc:
        raise CareerError(f"{path.name}: {exc}") from None
    chapters = tuple(_chapter(raw) for raw in data["chapters"])
    ids = [c.id for chapter in chapters for c in chapter.challenges]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise CareerError(f"{path.name}: challenge {twice[0]!r} appears twice")
    return Career(chapters)


def _chapter(raw: dict[str, Any]) -> Chapter:
    return Chapter(raw["id"], raw["name"], raw["stars_to_open"],
                   tuple(_challenge(c, raw["id"]) for c in raw["challenges"]))


def _challenge(raw: dict[str, Any], chapter: str) -> Challenge:
    where = f"challenge {raw['id']!r}"
    game = games.find(raw["game"])
    if game is None:
        raise CareerError(f"{where}: no game {raw['game']!r} (one of {', '.join(games.keys())})")
    if raw["mode"] not in game.modes():
        raise CareerError(f"{where}: {raw['mode']!r} is not a mode of {game.title} ({', '.join(game.modes())})")
    level = raw.get("level")
    if level is not None and find_level(level) is None:
        raise CareerError(f"{where}: no shipped level {level!r}")
    if level is not None and "level" not in game.lobby_rows:
        raise CareerError(f"{where}: {game.title} has no levels")
    partner = raw.get("partner")
    if partner is not None and "teams" in game.unused_flags:
        raise CareerError(f"{where}: {game.title} has no team-mates ({game.unused_flags['teams']})")
    seats = 1 + (partner is not None) + len(raw["opponents"])
    if seats < game.min_seats or seats > 6:
        raise CareerError(f"{where}: {seats} seats, {game.title} takes {game.min_seats} to 6")
    goals = tuple(_goal(g, f"{where} goal {n + 1}", game.key, raw["mode"]) for n, g in enumerate(raw["goals"]))
    rounds = game.fixed_rounds or raw.get("rounds", 1)   # a rulebook's own rounds win
    return Challenge(raw["id"], raw["name"], chapter, game.key, raw["mode"], level, rounds,
                     raw.get("seed", 1), tuple(raw["opponents"]), partner, goals)


def _goal(raw: dict[str, Any], where: str, game: str, mode: str) -> Goal:
    kind = KINDS.get(raw["kind"])
    if kind is None:
        raise CareerError(f"{where}: no goal kind {raw['kind']!r} (one of {', '.join(sorted(KINDS))})")
    if kind.games and game not in kind.games:
        raise CareerError(f"{where}: {kind.key!r} is a goal for {', '.join(kind.games)} only")
    if kind.modes and mode not in kind.modes:
        raise CareerError(f"{where}: {kind.key!r} is a goal for the modes {', '.join(kind.modes)} only")
    params = {name: int(raw[name]) for name in kind.params if name in raw}
    for name, lowest in kind.params.items():
        if params.get(name, -1) < lowest:
            raise CareerError(f"{where}: {kind.key!r} needs {name} = {lowest} or more")
    extra = sorted(set(raw) - {"kind", *kind.params})
    if extra:
        raise CareerError(f"{where}: {kind.key!r} takes no {extra[0]!r}")
    return Goal(kind.key, params)
