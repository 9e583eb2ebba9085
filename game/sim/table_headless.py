"""Headless Check Out! on the real-time table: bots in every seat play a whole
game of TableSim through Commands, as fast as the CPU allows.

`play_match(spec)` returns DESIGN.md's result JSON (the `--headless --game
checkout` runner); `run_table(spec)` returns the finished sim and bots for tests
and measurements.
"""
from __future__ import annotations

from game import TICK_RATE
from game.match import MatchSpec
from game.rules.checkout import Catalogue
from game.sim.table import TableSim

# A real game lasts a few minutes; this is a guard against a stuck table, not a rule.
TICK_LIMIT = 60 * 60 * TICK_RATE


class TableStuck(RuntimeError):
    """The game did not finish within TICK_LIMIT ticks."""


def make_bots(spec: MatchSpec, seed: int | None = None) -> list:
    from game.bots.checkout import CheckOutBot
    base = spec.seed if seed is None else seed
    return [CheckOutBot(i, s.difficulty, base) for i, s in enumerate(spec.seats)]


def run_table(spec: MatchSpec, catalogue: Catalogue | None = None,
              tick_limit: int = TICK_LIMIT) -> tuple[TableSim, list]:
    """Play the whole game with a bot in every seat; returns (sim, bots)."""
    sim = TableSim(spec, catalogue)
    bots = make_bots(spec)
    while not sim.over():
        if sim.tick >= tick_limit:
            raise TableStuck(f"Check Out! table did not finish in {tick_limit} ticks (seed {spec.seed})")
        sim.step({i: bot.command(sim) for i, bot in enumerate(bots)})
    return sim, bots


def result(spec: MatchSpec, sim: TableSim) -> dict:
    """DESIGN.md's result JSON for a finished table."""
    scores = sim.game.scores()
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
        "winners": [spec.seats[w].seat for w in sim.game.winners()],
        "state_hash": sim.state_hash(),
    }


def play_match(spec: MatchSpec, catalogue: Catalogue | None = None) -> dict:
    """One whole game with bots in every seat (spec.seats[i].difficulty); DESIGN.md's JSON."""
    sim, _ = run_table(spec, catalogue)
    return result(spec, sim)
