"""Deliberate bonus bids: a person's bid locks on a hold of A, and a bid of 0 asks "sit out?" first.

The bidding rule itself is the simulation's: A locks the chosen bid (game/sim/table_turns.py),
and bots press it once, as they always have. Between a person's device and the simulation this
guard passes A on only when it was meant: pressed after the bids opened and held for HOLD_TICKS
(a thumb mashing A as the screen appears never holds that long), and, for a bid of 0, held a
second time after the panel asked "Sit out?". What reaches the simulation is what is recorded,
so a replay plays the same bids back.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.match.commands import Button, Command
from game.render.widgets import HOLD_TICKS
from game.rules.checkout import BIDDING
from game.sim.table_face import TableForBids


@dataclass
class BidHold:
    """One person's A on the bidding screen."""

    holding: int = 0          # ticks A has been held since a press made while the bids were open
    asked: bool = False       # "Sit out?" is on the panel: a second hold at 0 sits out
    choice: int = 0           # the bid the question was asked about


class BidGuard:
    """Filters the people's Commands while bids are open; `state(seat)` tells the panel what to say."""

    def __init__(self, people: list[int]) -> None:
        self.holds = {seat: BidHold() for seat in people}

    def state(self, seat: int) -> BidHold | None:
        return self.holds.get(seat)

    def filter(self, sim: TableForBids, commands: dict[int, Command]) -> dict[int, Command]:
        """`commands` with each person's A held back during BIDDING, and let through on the tick a
        deliberate hold completes."""
        if sim.phase != BIDDING:
            for hold in self.holds.values():
                hold.holding, hold.asked = 0, False
            return commands
        out = dict(commands)
        for seat, hold in self.holds.items():
            cmd = commands.get(seat)
            if cmd is None or sim.bid_made(seat):
                continue
            locks = self._step(hold, cmd, sim.seats[seat].bid_choice)
            pressed = (cmd.pressed | Button.A) if locks else (cmd.pressed & ~Button.A)
            out[seat] = Command(cmd.dx, cmd.dy, pressed, cmd.held & ~Button.A)
        return out

    @staticmethod
    def _step(hold: BidHold, cmd: Command, choice: int) -> bool:
        """Count the hold; True on the tick it locks the bid."""
        if hold.asked and choice != hold.choice:
            hold.asked = False                  # the bid changed: the question is gone
        if cmd.pressed & Button.A:
            hold.holding = 1
        elif cmd.held & Button.A and hold.holding:
            hold.holding += 1
        else:
            hold.holding = 0
        if hold.holding < HOLD_TICKS:
            return False
        hold.holding = 0
        if choice == 0 and not hold.asked:
            hold.asked, hold.choice = True, 0   # a second hold sits out
            return False
        hold.asked = False
        return True
