"""Headless Sold Out! through the mall simulation: bots in every seat, no pygame, full speed.

`play_match(spec, record=None) -> dict` plays the whole match tick by tick,
each bot sending the same Commands a pad would, and returns DESIGN.md's JSON.
With `record` every tick's commands are written as a replay
(game.driver.replay.ReplayWriter). `replay_match(replay) -> dict` re-simulates a
replay's commands (no bots) and returns the same JSON, bit for bit.

Between rounds the next round starts at once, before the next tick, in the
mode the game's schedule gives (Game.schedule: "choose" takes rush, memory, tidy
in turn): a replay is played back by its recorded schedule, or the same rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import TICK_RATE
from game.sim import preload
from game.bots.soldout import SoldOutBot, make_soldout_bot
from game.driver.match_driver import MatchDriver, bot_seed, recorder
from game.files.levels import Level, load_level, resolve_level
from game.match import games
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout import Catalogue, load_catalogue, modes
from game.rules.soldout.options import SoldOutOptions, options_of
from game.sim.mall import new_mall
from game.sim.mall_face import MallFace

if TYPE_CHECKING:
    from game.driver.replay import Replay

_CATALOGUE: list[Catalogue] = []
_LEVELS: dict[str, Level] = {}


def _catalogue() -> Catalogue:
    if not _CATALOGUE:
        _CATALOGUE.append(load_catalogue())
    return _CATALOGUE[0]


def _level(spec: MatchSpec) -> Level:
    path = str(resolve_level(options_of(spec).level, len(spec.seats)))
    if path not in _LEVELS:   # levels never change while the program runs
        _LEVELS[path] = load_level(path)
    return _LEVELS[path]


def new_sim(spec: MatchSpec) -> tuple[MallFace, list[str]]:
    """The mall for a spec and the mode of every round."""
    if not 1 <= len(spec.seats) <= 6:
        raise ValueError("Sold Out! is played by 1 to 6 players")
    modes = games.get(spec.game).schedule(spec)
    sim = new_mall(spec, _level(spec), _catalogue(), spec.seed, mode=modes[0], tuning=preload.soldout_tuning())
    return sim, modes


def tick_limit(sim: MallFace, rounds: int) -> int:
    """No match can last longer than this: every phase of every round at its longest, and then some."""
    t = sim.t
    return rounds * (t.study_ticks + t.countdown_ticks + t.limit_ticks + t.freeze_ticks + 60) + 60


@dataclass
class MatchRun:
    """A finished match: its JSON result plus the bots (for their statistics)."""

    result: dict[str, Any]
    bots: list[SoldOutBot]
    sim: MallFace


def run_match(spec: MatchSpec, record: Path | str | None = None) -> MatchRun:
    """Play a whole match with a bot in every seat (whatever the seat's kind)."""
    sim, modes = new_sim(spec)
    driver = MatchDriver(sim, [s.seat for s in spec.seats], recorder(spec) if record is not None else None,
                         rounds=modes)
    bots = [make_soldout_bot(s, sim, bot_seed(spec.seed, s.seat)) for s in spec.seats]
    for bot in bots:
        driver.seat_bot(bot.seat, bot)
    limit = tick_limit(sim, len(modes))
    step = driver.step
    while sim.phase != "match_over" and sim.tick < limit:
        if sim.phase == "round_over":
            driver.start_due_round()
        step()
    if record is not None:
        driver.save(record)
    return MatchRun(result_json(spec, sim), bots, sim)


def play_match(spec: MatchSpec, record: Path | str | None = None) -> dict[str, Any]:
    """DESIGN.md's headless JSON for a match played by bots through the simulation."""
    return run_match(spec, record).result


def replay_match(replay: Replay) -> dict[str, Any]:
    """Re-simulate a replay's commands (no bots) and return the same JSON as the recorded run."""
    spec = replay.match_spec()
    sim, modes = new_sim(spec)
    driver = MatchDriver(sim, [s.seat for s in spec.seats], playback=replay.ticks(), rounds=modes)
    while not driver.played_out() and sim.phase != "match_over" and driver.start_due_round():
        driver.step()
    return result_json(spec, sim)


play_replay = replay_match  # the name game/app/headless.py looks for


def result_json(spec: MatchSpec, sim: MallFace) -> dict[str, Any]:
    """game, mode, seed, ticks, players, winners, state_hash, rounds (DESIGN.md)."""
    seats = sorted(spec.seats, key=lambda s: s.seat)
    match = sim.match
    rounds = []
    for res in match.results:
        rounds.append({"mode": res.mode, "cause": res.cause,
                       "players": [{"seat": s.seat, "scored": list(res.scored[p]), "mistakes": res.mistakes[p]}
                                   for p, s in enumerate(seats)]})
    return {
        "game": "soldout", "mode": options_of(spec).mode, "seed": spec.seed, "ticks": sim.tick,
        "players": [{"seat": s.seat, "team": s.team if spec.teams else None, "bot": s.kind == "bot",
                     "score": match.player_total(p)} for p, s in enumerate(seats)],
        "winners": [seats[p].seat for p in match.winners()] if match.results else [],
        "state_hash": sim.state_hash(),
        "rounds": rounds,
    }


def benchmark(players: int = 6, seeds: tuple[int, ...] = (1, 2, 3, 4, 5), level: str = "normal") -> list[dict[str, Any]]:
    """Headless real-time factor of all-bot matches per mode, beside the cost of an empty tick.

    Times are CPU time of this process (the machine may be shared). An empty tick is the simulation alone with every avatar standing still (the floor
    of what a tick costs); the ratio says how much the bots and the walking add.
    """
    import time


    rows = []
    for mode in modes.keys():
        seats = tuple(SeatSpec(i, f"Bot {i + 1}", kind="bot", difficulty=level) for i in range(players))
        run_match(MatchSpec("soldout", seats, SoldOutOptions(mode=mode), seed=0))   # warm the caches (level, fields)
        ticks = 0
        start = time.process_time()
        for seed in seeds:
            ticks += run_match(MatchSpec("soldout", seats, SoldOutOptions(mode=mode), seed=seed)).result["ticks"]
        busy = (time.process_time() - start) / ticks
        sim, _modes = new_sim(MatchSpec("soldout", seats, SoldOutOptions(mode=mode), seed=1))
        while sim.phase != "playing":
            sim.step({})
        start = time.process_time()
        for _ in range(3000):
            sim.step({})
        empty = (time.process_time() - start) / 3000
        rows.append({"mode": mode, "players": players, "ticks": ticks, "tick_us": busy * 1e6,
                     "empty_tick_us": empty * 1e6, "ratio_to_empty": busy / empty,
                     "realtime_factor": 1 / (busy * TICK_RATE)})
    return rows


if __name__ == "__main__":   # python -m game.driver.soldout_headless: the bots' speed, per mode
    for row in benchmark():
        print(f"{row['mode']:<7} {row['players']} bots: {row['realtime_factor']:6.0f}x real time  "
              f"({row['tick_us']:.1f} us a tick over {row['ticks']} ticks; empty tick {row['empty_tick_us']:.1f} us, "
              f"x{row['ratio_to_empty']:.1f})")
