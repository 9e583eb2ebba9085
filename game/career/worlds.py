"""Playing a challenge: its match, the player's seat by a bot or by a replay, its `Facts`.

`spec_for` makes the challenge's MatchSpec (the player in seat 0, a team-mate in seat 1, then
the opponents). `play` runs it with a bot in every seat, recording it; `replayed` re-runs a
recorded challenge from its replay: the people's seats (the player's, and a team-mate played by
a person) press what the replay says, while every other seat is played again by its bot and
must press exactly what the replay recorded for it. So a replay cannot buy stars by making the
opponents stand still: it earns what its player's own presses earn against the real bots.

Each game's world is one small adapter here (`WORLDS`, by game key), since a career match
collects more than the headless runners' JSON: every event and, for Check Out!, the scores
as the bonus round begins.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Mapping, Protocol, Sequence

from game.bots.checkout import CheckOutBot
from game.bots.soldout import make_soldout_bot
from game.career.challenges import Challenge
from game.career.goals import Event, Facts, Verdict, KINDS
from game.driver.match_driver import MatchDriver, bot_seed, recorder
from game.driver.replay import Replay, ReplayWriter
from game.driver.soldout_headless import new_sim, result_json, tick_limit
from game.driver.table_headless import TICK_LIMIT, result as table_result
from game.match import games
from game.match.commands import Command
from game.match.seats import identities
from game.match.spec import MatchSpec, SeatSpec
from game.sim.table import new_table
from game.sim.table_events import BiddingBegan

PLAYER = 0       # the player's seat; a team-mate sits in seat 1


class ReplayMismatch(ValueError):
    """A replay that does not play as the challenge does (one line why)."""


def spec_for(challenge: Challenge, seed: int, player: str = "normal", people: int = 0) -> MatchSpec:
    """The challenge's match. `player`: the bot level in the player's seat; `people`: how many of
    the player's side are people (their seats are "human": 1 the player, 2 with a team-mate)."""
    names = identities()
    team = 0 if challenge.teams else None
    seats = [SeatSpec(PLAYER, names[0].name, "human" if people >= 1 else "bot", player, team)]
    if challenge.partner is not None:
        seats.append(SeatSpec(1, names[1].name, "human" if people >= 2 else "bot", challenge.partner, team))
    for level in challenge.opponents:
        n = len(seats)
        seats.append(SeatSpec(n, names[n].name, "bot", level, None if team is None else 1))
    game = games.get(challenge.game)
    options = game.options_from({"mode": challenge.mode, "rounds": challenge.rounds, "teams": challenge.teams,
                                 "level": challenge.level})
    return game.spec(tuple(seats), seed, options)


def our_seats(spec: MatchSpec) -> tuple[int, ...]:
    """The player's side: the player and a team-mate on the player's team."""
    mine = spec.seats[PLAYER].team
    return tuple(s.seat for s in spec.seats if s.seat == PLAYER or (mine is not None and s.team == mine))


class Tape:
    """A replay's ticks standing in for the people's seats, checking the bots' against it."""

    def __init__(self, replay: Replay, keys: Sequence[int], people: Sequence[int]) -> None:
        self._ticks: Iterator[list[Command]] = replay.ticks()
        self._keys = list(keys)
        self._people = frozenset(people)
        self._now: list[Command] = []

    def people(self) -> dict[int, Command]:
        recorded = next(self._ticks, None)
        if recorded is None:
            raise ReplayMismatch("the replay ends before the match does")
        self._now = recorded
        return {key: recorded[i] for i, key in enumerate(self._keys) if key in self._people}

    def check(self, used: Mapping[int, Command]) -> None:
        for i, key in enumerate(self._keys):
            if key not in self._people and used.get(key) != self._now[i]:
                raise ReplayMismatch(f"seat {key + 1} does not play as its bot does")

    def finish(self) -> None:
        if next(self._ticks, None) is not None:
            raise ReplayMismatch("the replay goes on after the match is over")


class World(Protocol):
    """One game's career match: play it, bots in the seats not on `tape`, into Facts."""

    def __call__(self, spec: MatchSpec, writer: ReplayWriter | None, tape: Callable[[Sequence[int]], Tape] | None,
                 people: Sequence[int]) -> Facts: ...


def _mall(spec: MatchSpec, writer: ReplayWriter | None, tape: Callable[[Sequence[int]], Tape] | None,
          people: Sequence[int]) -> Facts:
    sim, modes = new_sim(spec)
    keys = [s.seat for s in spec.seats]
    driver = MatchDriver(sim, keys, writer, rounds=modes)
    taped = tape(keys) if tape is not None else None
    for seat in spec.seats:
        if taped is None or seat.seat not in people:
            driver.seat_bot(seat.seat, make_soldout_bot(seat, sim, bot_seed(spec.seed, seat.seat)))
    events: list[Event] = []
    limit = tick_limit(sim, len(modes))
    while sim.phase != "match_over" and sim.tick < limit:
        if sim.phase == "round_over":
            driver.start_due_round()
        used = driver.step(taped.people() if taped is not None else None)
        if taped is not None:
            taped.check(used)
        events.extend(sim.events)
    if taped is not None:
        taped.finish()
    result = result_json(spec, sim)
    mistakes: dict[int, int] = {}
    for rnd in result["rounds"]:
        for row in rnd["players"]:
            mistakes[row["seat"]] = mistakes.get(row["seat"], 0) + row["mistakes"]
    return Facts(sim.tick, {p["seat"]: p["score"] for p in result["players"]}, tuple(result["winners"]),
                 our_seats(spec), tuple(events), mistakes=mistakes)


def _table(spec: MatchSpec, writer: ReplayWriter | None, tape: Callable[[Sequence[int]], Tape] | None,
           people: Sequence[int]) -> Facts:
    sim = new_table(spec)
    keys = list(range(spec.players))     # the table keys seats by index
    driver = MatchDriver(sim, keys, writer)
    taped = tape(keys) if tape is not None else None
    for i, seat in enumerate(spec.seats):
        if taped is None or seat.seat not in people:
            driver.seat(i, CheckOutBot(i, seat.difficulty, spec.seed).command)
    events: list[Event] = []
    bonus: dict[int, int] | None = None
    while not sim.over() and sim.tick < TICK_LIMIT:
        used = driver.step(taped.people() if taped is not None else None)
        if taped is not None:
            taped.check(used)
        events.extend(sim.events)
        if bonus is None and any(isinstance(e, BiddingBegan) for e in sim.events):
            bonus = {spec.seats[s.seat].seat: s.total for s in sim.scores()}
    if taped is not None:
        taped.finish()
    result = table_result(spec, sim)
    return Facts(sim.tick, {p["seat"]: p["score"] for p in result["players"]}, tuple(result["winners"]),
                 our_seats(spec), tuple(events), sets={p["seat"]: p["sets"] for p in result["players"]},
                 bonus_scores=bonus)


WORLDS: dict[str, World] = {"soldout": _mall, "checkout": _table}


@dataclass(frozen=True, slots=True)
class Outcome:
    """A challenge played: its facts, each goal's verdict, and the replay (when recorded)."""

    challenge: Challenge
    spec: MatchSpec
    facts: Facts
    verdicts: tuple[Verdict, ...]
    replay: str | None = None

    @property
    def stars(self) -> tuple[int, ...]:
        """The goals met (0, 1, 2: their places on the card)."""
        return tuple(n for n, v in enumerate(self.verdicts) if v.met)


def judge(challenge: Challenge, facts: Facts) -> tuple[Verdict, ...]:
    return tuple(KINDS[goal.kind].judge(facts, goal.params) for goal in challenge.goals)


def play(challenge: Challenge, seed: int | None = None, player: str = "normal", record: bool = True) -> Outcome:
    """The challenge with a bot at `player` level in the player's seat (the headless command, the
    balance tool). Its replay says so: played back, that bot plays the seat again."""
    spec = spec_for(challenge, challenge.seed if seed is None else seed, player)
    writer = recorder(spec) if record else None
    facts = WORLDS[challenge.game](spec, writer, None, ())
    return Outcome(challenge, spec, facts, judge(challenge, facts), writer.text() if writer is not None else None)


def replayed(challenge: Challenge, replay: Replay) -> Outcome:
    """The challenge re-run from its replay (ReplayMismatch when it is not this challenge's or
    its bots do not play as recorded)."""
    spec = replay.match_spec()
    people = [s.seat for s in spec.seats if s.kind == "human"]
    if not people_fit(spec, people):
        raise ReplayMismatch("only the player's side may be played by people")
    expected = spec_for(challenge, spec.seed, spec.seats[PLAYER].difficulty, people=len(people))
    if _shape(expected) != _shape(spec):
        raise ReplayMismatch(f"the replay is not a match of challenge {challenge.id!r}")
    facts = WORLDS[challenge.game](spec, None, lambda keys: Tape(replay, keys, people), people)
    return Outcome(challenge, spec, facts, judge(challenge, facts))


def people_fit(spec: MatchSpec, people: Sequence[int]) -> bool:
    """People may sit only on the player's side, the player first (a team-mate joins the player)."""
    return list(people) == list(range(len(people))) and set(people) <= set(our_seats(spec))


def _shape(spec: MatchSpec) -> tuple[object, ...]:
    """What must match between a challenge and a replay of it (not the names, nor the seed)."""
    seats = tuple((s.seat, s.kind, s.team, s.difficulty if s.kind == "bot" else "") for s in spec.seats)
    game = games.get(spec.game)
    head = game.header(spec.options)
    level = head["level"].removesuffix(".tmx").rsplit("/", 1)[-1] if head["level"] else None
    return (spec.game, head["mode"], head["rounds"], head["teams"], level, seats, game.schedule(spec))
