"""Screenshots of the stats screen: a season of matches between four profiles, guests and bots
(`stats`, and each of its pages), and the screen before any match (`stats_empty`)."""
from __future__ import annotations

import random
import sqlite3
from typing import TYPE_CHECKING, Callable

from game.files import database
from game.match.record import MatchRecord, SeatLine
from game.scenes import registry
from game.scenes.menus.stats import StatsScene
from game.stats import store

if TYPE_CHECKING:
    from game.core.context import Context

PEOPLE = (("Ada", 1), ("Bruno", 2), ("Chloé", 3), ("Dev", 4), ("Orange", None), ("Sky", None))
MODES = (("soldout", ("rush",)), ("soldout", ("memory",)), ("soldout", ("rush", "tidy", "memory")),
         ("checkout", ("standard",)))


def season(seed: int, matches: int = 60) -> database.Database:
    """An in-memory records database holding `matches` made-up matches (the same for a seed)."""
    rng = random.Random(seed)
    db = database.in_memory()
    records = [_match(rng, n) for n in range(matches)]

    def write_all(connection: sqlite3.Connection) -> None:
        for record in records:
            store.write(connection, record)
    db.write(write_all)
    return db


LEVELS = {"soldout": "mall", "checkout": ""}   # each game's level in the sample season


def _match(rng: random.Random, n: int) -> MatchRecord:
    game, modes = rng.choice(MODES)
    people = rng.sample(PEOPLE, rng.randint(2, 4))
    bots = [("Mint", "hard")] if rng.random() < 0.4 else []
    scores = [rng.randint(4, 30) for _ in range(len(people) + len(bots))]
    lines = []
    for seat, score in enumerate(scores):
        name, profile = people[seat] if seat < len(people) else (bots[0][0], None)
        bot = seat >= len(people)
        lines.append(SeatLine(seat, name, profile, "bot" if bot else "human", "hard" if bot else "", None, score,
                              1 + sum(1 for other in scores if other > score), rng.randint(0, 2), rng.randint(3, 40),
                              rng.randint(2, 12), rng.uniform(40, 260), rng.randint(70, 600)))
    return MatchRecord(game, modes, LEVELS[game], n + 1, rng.randint(5000, 20000),
                       f"2026-12-{1 + n // 10:02d}T20:{n % 60:02d}:00", tuple(lines))


def _shot(who: int, page: int) -> Callable[["Context", int], StatsScene]:
    def shot(ctx: "Context", seed: int) -> StatsScene:
        scene = StatsScene(ctx, season(seed or 7))
        scene.who, scene.page = who, page
        return scene
    return shot


registry.register_screenshot("stats", _shot(0, 0), warmup_ticks=1)
registry.register_screenshot("stats_games", _shot(0, 1), warmup_ticks=1)
registry.register_screenshot("stats_profile", _shot(1, 0), warmup_ticks=1)
registry.register_screenshot("stats_profile_games", _shot(1, 1), warmup_ticks=1)
registry.register_screenshot("stats_head_to_head", _shot(1, 2), warmup_ticks=1)
registry.register_screenshot("stats_empty", lambda ctx, seed: StatsScene(ctx, database.in_memory()), warmup_ticks=1)
