"""What everyone in front of the TV sees of the mall's round: a read-only public view.

The drawing code reads the round through this (`MallPublicView(sim)`) rather than through
the rulebook behind the simulation: who plays on which side, the cards lying on the
Starting Table and at the dressers (face up, or counted from their backs), and how the
round ended. No pile's cards, no hand, no hidden list are in it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.sim.mall import MallSim


class MallPublicView:
    """Read-only public queries over a live MallSim."""

    __slots__ = ("_sim",)

    def __init__(self, sim: MallSim) -> None:
        self._sim = sim

    def sides(self) -> int:
        return self._sim.round.sides

    def members(self, side: int) -> list[int]:
        """The engine players of a side, in order."""
        return self._sim.round.members(side)

    def side_of(self, player: int) -> int:
        return self._sim.round.side(player)

    def cards_on_table(self, side: int) -> int:
        """Rush: how many cards a side has delivered to its part of the Starting Table."""
        return sum(len(slot.placed) for slot in self._sim.round.tables[side])

    def table_objectives(self, side: int) -> list[str]:
        """Rush: a side's objective cards, face up on the Starting Table, in slot order."""
        return [slot.card for slot in self._sim.round.tables[side]]

    def dresser_cards(self) -> list[str]:
        """Tidying Up: each dresser's objective card, by dresser index."""
        return [slot.card for slot in self._sim.round.dressers]

    def filled(self, dresser: int, item: str) -> bool:
        return self._sim.round.filled(dresser, item)

    def dresser_counts(self, dresser: int) -> list[int]:
        """Per side: right minus wrong cards at this dresser."""
        return self._sim.round.dresser_counts(dresser)

    def placed_by_side(self, dresser: int, side: int) -> bool:
        """Whether any player of the side has placed a card at this dresser."""
        rnd = self._sim.round
        return any(rnd.side(p) == side for _, p in rnd.dressers[dresser].placed)

    def cause(self) -> str:
        """Why the round ended ("" while it runs): "sold_out", "all_filled", "time"..."""
        return self._sim.round.cause

    def sold_out_by(self) -> int | None:
        """The side that called SOLD OUT!, if one did."""
        return self._sim.round.sold_out_by
