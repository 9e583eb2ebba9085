"""What a Check Out! match counts for the records (game.match.tally): dice rolls (the record's
flips), products grabbed, and the fastest grab after a roll. The table keys seats by their index
in the spec; the record by seat number."""
from __future__ import annotations

from game.match.spec import MatchSpec
from game.match.tally import Tally
from typing import assert_never

from game.sim.table_events import (
    BiddingBegan, BidStep, BidsRevealed, BonusTaken, Bought, CheckoutBegan, Countdown, GameOver, Go, Grabbed, Landed,
    LastPlayer, LastTick, Queued, RaceWon, Refused, Rolled, RoundClosed, SeatReady, TableEvent, TokensChanged,
)
from game.sim.table_face import TableFace


class CheckOutTally(Tally[TableFace]):
    teams_rank = False     # the table plays without teams, whatever the lobby said

    def __init__(self, spec: MatchSpec) -> None:
        super().__init__(spec)
        self._seat_of = [seat.seat for seat in spec.seats]
        self._rolled_at: dict[int, int] = {}     # a seat's index -> the tick of its roll not yet grabbed from

    def observe(self, world: TableFace) -> None:
        for event in world.events:
            self._count(event, world.tick)

    def _count(self, event: TableEvent, tick: int) -> None:
        match event:
            case Rolled(seat=index):
                self.facts[self._seat_of[index]].flips += 1
                self._rolled_at[index] = tick
            case Grabbed(seat=index):
                rolled = self._rolled_at.pop(index, None)
                facts = self.facts[self._seat_of[index]]
                if rolled is None:
                    facts.grabs += 1
                else:
                    facts.grabbed_after(tick - rolled)
            case (Refused() | RaceWon() | Queued() | BonusTaken() | LastPlayer() | LastTick() | Landed() | Bought()
                  | TokensChanged() | SeatReady() | BidStep() | Countdown() | Go() | CheckoutBegan() | BiddingBegan()
                  | GameOver() | RoundClosed() | BidsRevealed()):
                pass       # no fact the records keep
            case _:
                assert_never(event)

    def modes(self, world: TableFace) -> tuple[str, ...]:
        """Its one mode once (the record's contract for Check Out!: its rounds are the rulebook's)."""
        return tuple(dict.fromkeys(super().modes(world)))

    def scores(self, world: TableFace) -> dict[int, int]:
        return {self._seat_of[score.seat]: score.total for score in world.scores()}

    def ranks(self, world: TableFace) -> dict[int, tuple[int, ...]]:
        """Most points, then most change tokens (the rulebook's tie-break); still level: a shared place."""
        return {self._seat_of[score.seat]: (score.total, score.tokens) for score in world.scores()}
