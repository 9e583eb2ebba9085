"""What one seat's player can see at the dice table: a read-only window onto TableSim.

A Check Out! bot gets only this (`TableSim.seat_view(seat)`), so it cannot peek by
construction: the decks are not in it, other players' bids are not in it while they
are secret (only whether each has bid), and dice show their faces only once they
have landed. The products on the table and who holds them, the bargains on offer,
the queue, the BONUS space, the set-aside products and the rules are public; this
seat's own cursor, dice, tokens and bid are its own. Every query reads the live
simulation and hands back copies; nothing here changes it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.rules.checkout import BONUS_SOLO, Catalogue, CheckoutPhase
from game.rules.checkout.catalogue import RuleNumbers
from game.sim.table_cursor import Place
from game.sim.table_events import TableStage

if TYPE_CHECKING:
    from game.sim.table import TableSim


class PublicSeat(NamedTuple):
    """What everyone at the table sees of one seat (`TableSim.public_seat(seat)`)."""
    tokens: int
    products: tuple[str, ...]        # won so far
    bargains: tuple[str, ...]        # bought so far
    dice: int                        # dice this round
    hand: tuple[int, ...]            # unplaced dice; 0 = no face showing (not rolled, or tumbling)
    in_queue: bool
    queue_place: int | None          # 1 = first in the queue
    queued: int                      # unspent dice in the queue
    spent: int                       # queue dice paid for bargains or turned into change
    holding: bool                    # still in the round with dice in hand
    fits: int                        # products the showing faces could grab now
    bid_made: bool                   # whether, never how much


class TableSeatView:
    """Read-only queries for one seat of the dice table."""

    __slots__ = ("_sim", "seat")

    def __init__(self, sim: TableSim, seat: int) -> None:
        self._sim = sim
        self.seat = seat

    # ----- the match (public) ----------------------------------------------------------
    @property
    def tick(self) -> int:
        return self._sim.tick

    @property
    def phase(self) -> CheckoutPhase | TableStage:
        """The table's phase (with the 3-2-1 countdown and the bids' reveal)."""
        return self._sim.phase

    @property
    def catalogue(self) -> Catalogue:
        """Every product and bargain card there is (the cards, not the decks' order)."""
        return self._sim.catalogue

    @property
    def rules(self) -> RuleNumbers:
        return self._sim.game.rules

    def table(self) -> list[tuple[str, int | None]]:
        """(product, holder seat or None) of the products on the table, in table order."""
        return [(t.id, t.holder) for t in self._sim.game.table]

    def places(self) -> list[Place]:
        """Where the cursor can go this phase."""
        return self._sim.places()

    def display(self) -> list[str]:
        """The bargains on offer, in display order."""
        return list(self._sim.game.display)

    def queue_length(self) -> int:
        return len(self._sim.game.queue)

    def supply(self) -> int:
        """Change tokens left in the supply."""
        return self._sim.game.supply

    def bonus(self) -> int:
        """Tokens lying on the BONUS space."""
        return self._sim.game.bonus

    def bonus_taker(self) -> int | None:
        return self._sim.game.bonus_taker

    def set_aside(self) -> list[str]:
        """Products kept face up for the bonus round."""
        return list(self._sim.game.set_aside)

    def last_holder(self) -> int | None:
        """The one player still holding dice, if only one is."""
        return self._sim.game.last_holder()

    def visible_hand(self, seat: int | None = None) -> list[int] | None:
        """A seat's unplaced dice (this seat's by default) as everyone sees them; None while
        they tumble."""
        return self._sim.visible_hand(self.seat if seat is None else seat)

    def checkout_seat(self) -> int | None:
        return self._sim.checkout_seat()

    def solo_seat(self) -> int | None:
        return self._sim.solo_seat

    def solo_dice(self) -> list[int]:
        """The solo bonus round: the lone bidder's dice, set face by face in view of all."""
        seat = self._sim.solo_seat
        if seat is None or self._sim.game.phase != BONUS_SOLO:
            return []
        return list(self._sim.game.players[seat].hand)

    # ----- this seat ------------------------------------------------------------------
    def ready(self) -> bool:
        return self._sim.seats[self.seat].ready

    def holding(self) -> bool:
        """Still in the round with dice in hand."""
        return self._sim.game.players[self.seat].holding

    def tumbling(self) -> bool:
        return self._sim.tumbling(self.seat)

    def land_tick(self) -> int:
        """The tick this seat's current roll lands."""
        return self._sim.seats[self.seat].land_tick

    def cursor(self) -> int:
        return self._sim.seats[self.seat].cursor

    def bargain_cursor(self) -> int:
        return self._sim.seats[self.seat].bargain

    def bid_choice(self) -> int:
        return self._sim.seats[self.seat].bid_choice

    def bid_made(self) -> bool:
        return self._sim.game.bid_made(self.seat)

    def bid_limit(self) -> int:
        return self._sim.bid_limit(self.seat)

    def products(self) -> list[str]:
        """Every product this seat has won so far."""
        return list(self._sim.game.players[self.seat].products)

    def grabbed(self) -> list[str]:
        """Products this seat grabbed this round."""
        return list(self._sim.game.players[self.seat].grabbed)

    def rolls(self) -> int:
        return self._sim.game.players[self.seat].rolls

    def queued(self) -> int:
        """This seat's unspent dice in the queue."""
        return self._sim.game.players[self.seat].queued

    def price(self, bargain: str) -> int:
        """What a bargain costs this seat now (promos included)."""
        return self._sim.game.price(self.seat, bargain)
