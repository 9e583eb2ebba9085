"""Headless Check Out! on the real-time table: bots in every seat play a whole
game of TableSim through Commands, as fast as the CPU allows.

`play_match(spec, record=None)` returns DESIGN.md's result JSON (the
`--headless --game checkout` runner); with `record` every tick's commands are
saved as a replay (game.driver.replay). `play_replay(replay)` re-simulates a replay's
commands (no bots) and returns the same JSON, bit for bit. `run_table(spec)`
returns the finished sim and bots for tests and measurements.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import TICK_RATE
from game.bots.checkout import CheckOutBot
from game.driver.match_driver import MatchDriver, recorder
from game.match.spec import MatchSpec
from game.rules.checkout import Catalogue
from game.sim.table import new_table
from game.sim.table_face import TableFace

if TYPE_CHECKING:
    from game.driver.replay import Replay

# A real game lasts a few minutes; this is a guard against a stuck table, not a rule.
TICK_LIMIT = 60 * 60 * TICK_RATE


class TableStuck(RuntimeError):
    """The game did not finish within TICK_LIMIT ticks."""


def make_bots(spec: MatchSpec, seed: int | None = None) -> list[CheckOutBot]:
    base = spec.seed if seed is None else seed
    return [CheckOutBot(i, s.difficulty, base) for i, s in enumerate(spec.seats)]


def run_table(spec: MatchSpec, catalogue: Catalogue | None = None, tick_limit: int = TICK_LIMIT,
              record: Path | str | None = None) -> tuple[TableFace, list[CheckOutBot]]:
    """Play the whole game with a bot in every seat; returns (sim, bots)."""
    sim = new_table(spec, catalogue)
    bots = make_bots(spec)
    writer = recorder(spec) if record is not None else None
    driver = MatchDriver(sim, list(range(len(bots))), writer)   # the table keys seats by index
    for i, bot in enumerate(bots):
        driver.seat(i, bot.command)
    while not sim.over():
        if sim.tick >= tick_limit:
            raise TableStuck(f"Check Out! table did not finish in {tick_limit} ticks (seed {spec.seed})")
        driver.step()
    if record is not None:
        driver.save(record)
    return sim, bots


def result(spec: MatchSpec, sim: TableFace) -> dict[str, Any]:
    """DESIGN.md's result JSON for a finished table."""
    scores = sim.scores()
    return {
        "game": "checkout",
        "mode": "standard",
        "seed": spec.seed,
        "ticks": sim.tick,
        "players": [{
            "seat": spec.seats[s.seat].seat, "team": spec.seats[s.seat].team,
            "bot": spec.seats[s.seat].kind == "bot",
            "score": s.total, "stars": s.stars, "tokens": s.tokens, "sets": s.sets,
        } for s in scores],
        "winners": [spec.seats[w].seat for w in sim.winners()],
        "state_hash": sim.state_hash(),
    }


def play_match(spec: MatchSpec, record: Path | str | None = None) -> dict[str, Any]:
    """One whole game with bots in every seat (spec.seats[i].difficulty); DESIGN.md's JSON."""
    sim, _ = run_table(spec, record=record)
    return result(spec, sim)


def play_replay(replay: Replay) -> dict[str, Any]:
    """Re-simulate a replay's commands (no bots): the same JSON as the run that recorded it."""
    spec = replay.match_spec()
    sim = new_table(spec)
    driver = MatchDriver(sim, list(range(spec.players)), playback=replay.ticks())
    while not driver.played_out():
        driver.step()
    return result(spec, sim)

