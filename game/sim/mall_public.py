"""What everyone in front of the TV sees of the mall's round: a read-only public view.

The drawing code reads the round through this (`sim.public_view()`) rather than through
the rulebook behind the simulation: who plays on which side, the cards lying on the
Starting Table and at the dressers (face up, or counted from their backs), and how the
round ended. No pile's cards, no hand, no hidden list are in it.

Two wider views sit beside it, each named for who may hold it: `RoundReveal`, the
results' view once a round is over (hands and lists face up), and `OmniscientView`,
for the speedrun referee and the demo pilots, which know where every card lies.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    from game.rules.soldout.engine import Round
    from game.rules.soldout.family import RuleFamily
    from game.sim.mall import MallSim


class MallPublicView:
    """Read-only public queries over a live MallSim."""

    __slots__ = ("_sim",)

    def __init__(self, sim: MallSim) -> None:
        self._sim = sim

    def _round(self) -> Round:
        return self._sim.round

    def sides(self) -> int:
        return self._round().sides

    def members(self, side: int) -> list[int]:
        """The engine players of a side, in order."""
        return self._round().members(side)

    def side_of(self, player: int) -> int:
        return self._round().side(player)

    def cards_on_table(self, side: int) -> int:
        """Rush: how many cards a side has delivered to its part of the Starting Table."""
        return sum(len(slot.placed) for slot in self._round().tables[side])

    def table_objectives(self, side: int) -> list[str]:
        """Rush: a side's objective cards, face up on the Starting Table, in slot order."""
        return [slot.card for slot in self._round().tables[side]]

    def dresser_cards(self) -> list[str]:
        """Tidying Up: each dresser's objective card, by dresser index."""
        return [slot.card for slot in self._round().dressers]

    def filled(self, dresser: int, item: str) -> bool:
        return self._round().filled(dresser, item)

    def dresser_counts(self, dresser: int) -> list[int]:
        """Per side: right minus wrong cards at this dresser."""
        return self._round().dresser_counts(dresser)

    def placed_by_side(self, dresser: int, side: int) -> bool:
        """Whether any player of the side has placed a card at this dresser."""
        rnd = self._round()
        return any(rnd.side(p) == side for _, p in rnd.dressers[dresser].placed)

    def cause(self) -> str:
        """Why the round ended ("" while it runs): "sold_out", "all_filled", "time"..."""
        return self._round().cause

    def sold_out_by(self) -> int | None:
        """The side that called SOLD OUT!, if one did."""
        return self._round().sold_out_by

    def mode(self) -> str:
        return self._round().mode

    def family(self) -> RuleFamily:
        """The round's rules: what the hand does, where a card goes, who ends the round."""
        return self._round().family

    def cards_to_go(self, side: int) -> int:
        """How many more cards the side must bring before the round can end, counted from what
        the screen shows (its family says how: the empty places on the side's objective cards,
        the free places in its hands, the pictured items no dresser has yet)."""
        rnd = self._round()
        return rnd.family.cards_to_go(rnd, side)

    def dresser_placed(self, dresser: int) -> list[str]:
        """Tidying Up: the cards placed at a dresser, in order (face up)."""
        return [card for card, _ in self._round().dressers[dresser].placed]


class RoundReveal(MallPublicView):
    """The round as the results show it once it is over: the hands and the hidden lists are
    turned face up, and each objective card's and dresser's outcome is known. Asking while
    the round still runs is a mistake (it would show hidden cards): RuntimeError."""

    __slots__ = ("_kept",)

    def __init__(self, sim: MallSim) -> None:
        super().__init__(sim)
        self._kept = sim.round      # this round, even once the next is dealt behind the results

    def _round(self) -> Round:
        return self._kept

    def _ended(self) -> Round:
        rnd = self._kept
        if not rnd.over:
            raise RuntimeError("the round is still being played: its hands and lists are hidden")
        return rnd

    def hand(self, player: int) -> list[str]:
        return list(self._ended().hands[player])

    def objective_right(self, side: int, slot: int) -> bool:
        """Whether a side's objective card scored."""
        return self._ended().objective_right(side, slot)

    def dresser_winner(self, dresser: int) -> int | None:
        """Tidying Up: the side that scored a dresser (None: a tie or nobody placed)."""
        return self._ended().dresser_winner(dresser)

    def found_items(self, side: int, slot: int) -> list[str]:
        """The cards that count for one of the side's objective cards (put on it, or in hand)."""
        return self._ended().found_items(side, slot)

    def wrong_cards(self, side: int, slot: int) -> list[str]:
        """Cards put on one of the side's objective cards that it does not picture."""
        return self._ended().wrong_cards(side, slot)

    def unlisted(self, side: int) -> list[str]:
        """Cards the side held that are on no objective card of its list."""
        return self._ended().unlisted(side)


class OmniscientView(MallPublicView):
    """Everything about the round, read-only, for those entitled to know it all: the speedrun
    referee (who judges a solo run) and the demo pilots that show a learned route. Never a
    bot's or a player's view: it tells where every card lies."""

    __slots__ = ()

    def where_is(self, card: str) -> tuple[Any, ...]:
        """("pile", pile) / ("hand", player) / ("carried", player) / ("table", side, slot) / ..."""
        return self._round().where_is(card)

    def pictured(self, objective: str) -> tuple[str, ...]:
        return self._round().pictured(objective)

    def hand(self, player: int) -> list[str]:
        return list(self._round().hands[player])

    def carried(self, player: int) -> str | None:
        return self._round().carried.get(player)

    def over(self) -> bool:
        return self._round().over

    def mistakes(self, player: int) -> int:
        """Wrong cards a player has put down (Rush, Tidying Up)."""
        return self._round().mistakes[player]

    def player_mistakes(self, player: int) -> int:
        return self._round().player_mistakes(player)

    def score(self, side: int) -> int:
        """Bags the side has scored this round so far."""
        return self._round().scores()[side]

    def scored(self, side: int) -> list[str]:
        """The objective cards the side scored this round."""
        return self._round().scored(side)

    def course_items(self, side: int) -> list[str]:
        """The items a solo run is after (its family says which)."""
        rnd = self._round()
        return rnd.family.course_items(rnd, side)

    def course_progress(self, player: int, items: int) -> int:
        """The run's split-worthy steps so far (its family says which)."""
        rnd = self._round()
        return rnd.family.course_progress(rnd, player, items)

    def course_flaw(self, player: int, items: list[str]) -> str:
        """What spoils a completed run ("" for a clean one)."""
        rnd = self._round()
        return rnd.family.course_flaw(rnd, player, items)
