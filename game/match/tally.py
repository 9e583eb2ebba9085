"""Counting a match as it is played, for its record (game.match.record.MatchRecord).

A game hands out a `Tally` for a match (`Game.tally(spec)`); whoever steps the match lets it
`observe` the world after every tick (MatchDriver.watch), and at the end `record` builds the
MatchRecord from what it counted and the world's final state. The game's own part is what it
counts (`observe`) and how a seat scores and ranks (`scores`, `ranks`); places, ties and the
record's shape are the same for every game, here. Plain Python: a headless match, a replay
and the window count the same facts from the same ticks.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Generic, Mapping, Protocol, TypeVar

from game.match.record import MatchRecord, SeatLine
from game.match.spec import MatchSpec


class World(Protocol):
    """What every tally reads of a match's world (the mall's face, the table's, a toy game's)."""

    @property
    def tick(self) -> int: ...


W = TypeVar("W", bound=World)


@dataclass(slots=True)
class Facts:
    """One seat's counted facts (SeatLine's fields of the same names)."""

    sold_out_calls: int = 0
    flips: int = 0
    grabs: int = 0
    walked: float = 0.0
    fastest_grab: int | None = None

    def grabbed_after(self, ticks: int) -> None:
        """A grab `ticks` after its start (a round's, a roll's): the fastest is kept."""
        self.grabs += 1
        if ticks >= 0 and (self.fastest_grab is None or ticks < self.fastest_grab):
            self.fastest_grab = ticks


class Tally(ABC, Generic[W]):
    """A match's facts, counted tick by tick; `record()` once it is over."""

    teams_rank = True      # team-mates share a place (a game whose rulebook has no teams says False)

    def __init__(self, spec: MatchSpec) -> None:
        self.spec = spec
        self.facts = {seat.seat: Facts() for seat in spec.seats}

    def observe(self, world: W) -> None:
        """Count the last tick's events (called after every tick of the match)."""

    @abstractmethod
    def scores(self, world: W) -> dict[int, int]:
        """Each seat's final score, as the podium shows it."""

    def ranks(self, world: W) -> dict[int, tuple[int, ...]]:
        """What orders the seats (higher is better; equal ranks share a place): the score, unless
        the rulebook breaks ties (Check Out!'s tokens)."""
        return {seat: (score,) for seat, score in self.scores(world).items()}

    def modes(self, world: W) -> tuple[str, ...]:
        """Each round's mode, in order: the game's schedule, unless the world knows the rounds it played."""
        from game.match import games     # the registry (its module names this one only for typing)
        game = games.find(self.spec.game)
        return tuple(game.schedule(self.spec)) if game is not None else self.spec.schedule

    def level(self, world: W) -> str:
        """The level's map name ("" for a game without levels)."""
        return ""

    def record(self, world: W, finished: str, profiles: Mapping[int, int | None]) -> MatchRecord:
        """The finished match: `finished` is the records' clock (local ISO time), `profiles` each
        seat's profile (a seat not in it is a guest or a bot)."""
        scores = self.scores(world)
        places = self.places(world)
        lines = []
        for seat in sorted(self.spec.seats, key=lambda s: s.seat):
            facts = self.facts[seat.seat]
            bot = seat.kind == "bot"
            lines.append(SeatLine(
                seat=seat.seat, name=seat.name, profile=None if bot else profiles.get(seat.seat), kind=seat.kind,
                difficulty=seat.difficulty if bot else "", team=seat.team if self._teams() else None,
                score=scores[seat.seat], place=places[seat.seat], sold_out_calls=facts.sold_out_calls,
                flips=facts.flips, grabs=facts.grabs, walked=round(facts.walked, 2), fastest_grab=facts.fastest_grab))
        return MatchRecord(game=self.spec.game, modes=self.modes(world), level=self.level(world), seed=self.spec.seed,
                           ticks=world.tick, finished=finished, seats=tuple(lines))

    def places(self, world: W) -> dict[int, int]:
        """1 + how many sides ranked strictly above a seat's side: tied sides share a place, and the
        next place skips as many as shared (1, 1, 3). A side is a team when teams are on, else a seat."""
        ranks = self.ranks(world)
        side_of = {s.seat: (s.team if self._teams() and s.team is not None else -1 - s.seat) for s in self.spec.seats}
        best: dict[int, tuple[int, ...]] = {}
        for seat, side in side_of.items():
            best[side] = max(best.get(side, ranks[seat]), ranks[seat])
        return {seat: 1 + sum(1 for rank in best.values() if rank > best[side]) for seat, side in side_of.items()}

    def _teams(self) -> bool:
        return self.spec.teams and self.teams_rank
