"""Speedrun categories and seed variants, read from assets/speedrun.toml.

A run is fully described by a `RunSetup` (category, variant, seed, assist,
speed); `spec_for(setup)` turns it into the MatchSpec the simulation plays and
the replay header records, so a replay alone says which board its time is for.
"""
from __future__ import annotations

from typing import Any

import datetime as _dt
import hashlib
import random
import tomllib
from dataclasses import dataclass
from pathlib import Path

from game import asset
from game.match import games
from game.match.spec import MatchSpec, SeatSpec, SpeedrunTag
from game.text.notice import N_, Notice

DATA_PATH = asset("speedrun.toml")
VARIANTS = ("set", "random", "daily")
SEED_LETTERS = "ABCDEFGHIJ"
NORMAL_SPEED = 100  # percent: anything else is flagged
# Flags a run has from its first tick (RunSetup.flags): such a run is another game, never linked to LiveSplit.
SETUP_FLAGS = ("assist", "speed")
RANDOM_SEED_MAX = 999_999_999


class CategoryError(Exception):
    """A bad speedrun data file or setup; str() is one line naming the problem."""


@dataclass(frozen=True)
class Category:
    id: str
    name: str
    game: str                 # soldout | checkout
    mode: str
    blurb: str
    split_rule: str           # what a split is, in words
    level: str | None = None  # Sold Out! level file
    bots: int = 0             # Check Out!: bot opponents
    difficulty: str = "normal"
    set_seeds: tuple[int, ...] = ()


@dataclass(frozen=True)
class RunSetup:
    """Everything that decides a run: the same setup and inputs give the same run."""

    category: Category
    variant: str              # set | random | daily
    seed: int
    date: str = ""            # daily: the YYYY-MM-DD the seed came from
    seed_index: int = 0       # set: which of the fixed seeds (0 = A)
    assist: bool = False
    speed: int = NORMAL_SPEED

    @property
    def board(self) -> str:
        """The records key: runs on one board compare with each other (and race one ghost)."""
        base = f"{self.category.id}.{self.variant}"
        if self.variant == "set":
            return f"{base}.{SEED_LETTERS[self.seed_index]}"
        if self.variant == "daily":
            return f"{base}.{self.date}"
        return base

    @property
    def seed_label(self) -> Notice:
        """How the seed is shown to the player."""
        if self.variant == "set":
            return Notice(N_("Seed {letter} ({seed})"), letter=SEED_LETTERS[self.seed_index], seed=self.seed)
        if self.variant == "daily":
            return Notice(N_("Daily {date} ({seed})"), date=self.date, seed=self.seed)
        return Notice(N_("Random seed {seed}"), seed=self.seed)

    def flags(self) -> list[str]:
        """Reasons this run can never be a main-category PB, known before it starts (SETUP_FLAGS)."""
        out = []
        if self.assist:
            out.append("assist")
        if self.speed != NORMAL_SPEED:
            out.append("speed")
        return out


def load_categories(path: Path | str = DATA_PATH) -> dict[str, Category]:
    """Every category by id, in file order; CategoryError on a bad file."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CategoryError(f"{path}: {exc}") from None
    out: dict[str, Category] = {}
    for n, entry in enumerate(data.get("category", []), start=1):
        where = f"{path}: category {n}"
        try:
            cat = Category(id=str(entry["id"]), name=str(entry["name"]), game=str(entry["game"]),
                           mode=str(entry["mode"]), blurb=str(entry.get("blurb", "")),
                           split_rule=str(entry.get("split", "")), level=entry.get("level"),
                           bots=int(entry.get("bots", 0)), difficulty=str(entry.get("difficulty", "normal")),
                           set_seeds=tuple(int(s) for s in entry.get("set_seeds", ())))
        except (KeyError, TypeError, ValueError) as exc:
            raise CategoryError(f"{where}: missing or bad {exc}") from None
        game = games.find(cat.game)
        if game is None:
            raise CategoryError(f"{where}: game must be {' or '.join(games.keys())}, not {cat.game!r}")
        if cat.mode not in game.round_modes():
            raise CategoryError(f"{where}: mode must be one of {', '.join(game.round_modes())}, not {cat.mode!r}")
        if not 1 <= len(cat.set_seeds) <= len(SEED_LETTERS):
            raise CategoryError(f"{where}: set_seeds needs 1 to {len(SEED_LETTERS)} seeds")
        if cat.id in out:
            raise CategoryError(f"{where}: id {cat.id!r} is used twice")
        out[cat.id] = cat
    if not out:
        raise CategoryError(f"{path}: no [[category]] entries")
    return out


def daily_seed(date: _dt.date | str) -> int:
    """The seed of a day: sha256 of 'YYYY-MM-DD', so every player gets the same deal that day."""
    text = date if isinstance(date, str) else date.isoformat()
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:4], "big") % RANDOM_SEED_MAX


def make_setup(category: Category, variant: str, *, seed_index: int = 0, seed: int | None = None,
               today: _dt.date | None = None, assist: bool = False, speed: int = NORMAL_SPEED) -> RunSetup:
    """A RunSetup for a variant. Random seeds come from the OS (never the game's generators)."""
    if variant == "set":
        if not 0 <= seed_index < len(category.set_seeds):
            raise CategoryError(Notice(N_("{category} has no seed {n}"), category=Notice(category.name), n=seed_index + 1))
        return RunSetup(category, "set", category.set_seeds[seed_index], seed_index=seed_index,
                        assist=assist, speed=speed)
    if variant == "daily":
        day = (today or _dt.date.today()).isoformat()
        return RunSetup(category, "daily", daily_seed(day), date=day, assist=assist, speed=speed)
    if variant == "random":
        value = seed if seed is not None else random.SystemRandom().randint(1, RANDOM_SEED_MAX)
        return RunSetup(category, "random", value, assist=assist, speed=speed)
    raise CategoryError(f"unknown variant {variant!r}; use one of {', '.join(VARIANTS)}")


def spec_for(setup: RunSetup, runner_name: str = "Runner") -> MatchSpec:
    """The MatchSpec of a run: seat 0 is the runner; options carry everything the verifier needs."""
    cat = setup.category
    seats = [SeatSpec(0, runner_name, "human")]
    seats += [SeatSpec(i, f"Bot {i}", "bot", cat.difficulty) for i in range(1, cat.bots + 1)]
    tag = SpeedrunTag(cat.id, setup.variant, setup.date, setup.seed_index, setup.speed, setup.assist)
    game = games.get(cat.game)
    options = game.options_from({"mode": cat.mode, "rounds": 1, "level": cat.level, "assist": setup.assist})
    return game.spec(tuple(seats), setup.seed, options, speedrun=tag)


def setup_from_header(header: dict[str, Any], categories: dict[str, Category] | None = None) -> RunSetup:
    """Rebuild the RunSetup a replay was recorded with; CategoryError if it is not a speedrun."""
    info = header.get("options", {}).get("speedrun")
    if not isinstance(info, dict):
        raise CategoryError(Notice(N_("this replay is not a speedrun")))
    cats = categories if categories is not None else load_categories()
    cat = cats.get(str(info.get("category")))
    if cat is None:
        raise CategoryError(Notice(N_("unknown speedrun category {name}"), name=repr(info.get("category"))))
    variant = info.get("variant")
    if variant not in VARIANTS:
        raise CategoryError(Notice(N_("unknown speedrun variant {name}"), name=repr(variant)))
    try:
        return RunSetup(cat, variant, int(header["seed"]), date=str(info.get("date", "")),
                        seed_index=int(info.get("seed_index", 0)),
                        assist=bool(header.get("options", {}).get("assist", False)),
                        speed=int(info.get("speed", NORMAL_SPEED)))
    except (TypeError, ValueError):
        raise CategoryError(Notice(N_("the speedrun header is damaged"))) from None
