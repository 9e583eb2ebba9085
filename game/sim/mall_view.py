"""What one seat's player can see in the mall: a read-only window onto MallSim.

A bot gets only this (`MallSim.seat_view(seat)`), so "a bot never peeks" holds by
construction: a pile's cards are reachable only through the seat's own held pile
(its shown card); other players' hands only when they are team-mates (a team's
hands are on show to each other); a Memory list only during the study phase. The
Starting Table, the dressers, where avatars and piles stand and how tall piles are
are public. Every query reads the live simulation; nothing here changes it.
"""
from __future__ import annotations

from typing import Any, NamedTuple, TYPE_CHECKING

from game.files.levels import Rect
from game.rules.soldout import Catalogue
from game.rules.soldout.family import RuleFamily
from game.sim.mall_events import MallPhase
from game.sim.tuning import FP

if TYPE_CHECKING:
    from game.sim.mall import Dresser, MallSim


class ListCard(NamedTuple):
    """One objective card of a side's list as its players see it (SeatView.side_objectives)."""

    card: str | None       # None while the list is hidden
    items: int
    bags: int
    placed: int            # cards put on it so far


class SeatView:
    """Read-only queries for one seat (its engine player is `player`, its side `side()`)."""

    __slots__ = ("_sim", "_seat", "player")

    def __init__(self, sim: MallSim, seat: int) -> None:
        self._sim = sim
        self._seat = seat
        self.player = sim.player_of[seat]

    # ----- the match and the store (public) -------------------------------------------
    @property
    def tick(self) -> int:
        return self._sim.tick

    def bot_cache(self) -> dict[str, Any]:
        """A scratch dict the match's bots share (their path finding and its per-tick budget):
        nothing of the match's state, never hashed."""
        return self._sim.bot_cache

    @property
    def phase(self) -> MallPhase:
        return self._sim.phase


    @property
    def family(self) -> RuleFamily:
        """The round's rules: what the hand does, where a card goes, who ends the round."""
        return self._sim.round.family

    @property
    def round_serial(self) -> int:
        """Changes exactly when a new round is dealt."""
        return self._sim.round_serial

    def state_serial(self) -> tuple[int, int]:
        """Changes whenever a card changes place (a new round; a card taken, delivered, placed
        or put back): what a bot worked out from where the cards are stays true while this
        stays the same. Picking up, flipping and putting down a pile leave it alone."""
        sim = self._sim
        return sim.round_serial, sim.card_moves

    @property
    def catalogue(self) -> Catalogue:
        return self._sim.catalogue

    @property
    def tile_size(self) -> int:
        return self._sim.level.tile_size

    @property
    def table_rect(self) -> Rect:
        return self._sim.level.table_rect

    @property
    def flip_ticks(self) -> int:
        return self._sim.t.flip_ticks

    @property
    def hold_ticks(self) -> int:
        return self._sim.t.hold_ticks

    def walkable_grid(self) -> tuple[bytes, ...]:
        return self._sim.walkable_grid()

    def position(self, seat: int | None = None) -> tuple[int, int]:
        """An avatar's centre (this seat's by default): everyone sees where everyone stands."""
        b = self._sim.by_seat[self._seat if seat is None else seat].body   # Avatar.pos spelled out
        return b.x // FP, b.y // FP


    def avatars_near(self, x: int, y: int, r: int) -> list[tuple[int, int, int]]:
        """(seat, x, y) of every other avatar whose centre lies within `r` px of (x, y) on both
        axes, in seat order, for a bot looking who is in its way
        (asked at every step it steers; nearly always nobody, so nothing is built for the rest)."""
        lo_x, hi_x = (x - r) * FP, (x + r + 1) * FP   # x - r <= bx // FP <= x + r, in units
        lo_y, hi_y = (y - r) * FP, (y + r + 1) * FP
        me = self._seat
        out = []
        for a in self._sim.avatars:
            b = a.body
            bx = b.x
            if lo_x <= bx < hi_x:
                by = b.y
                if lo_y <= by < hi_y and a.seat != me:
                    out.append((a.seat, bx // FP, by // FP))
        return out

    def floor_piles(self) -> list[tuple[int, int, int]]:
        """(pile, x, y) of the piles lying on the floor."""
        return self._sim.floor_piles()

    def pile_on_floor(self, pile: int | None) -> tuple[int, int] | None:
        """Where a pile lies, or None if it is gone or someone holds it."""
        return None if pile is None else self._sim.floor.on_floor(pile)

    def pile_count(self, pile: int) -> int:
        """How tall a pile is (its cards' backs are public; their faces are not)."""
        return self._sim.pile_count(pile)

    def dressers(self) -> list[Dresser]:
        """Tidying Up: the dressers and where their chairs stand."""
        return list(self._sim.dressers)

    # ----- this seat ---------------------------------------------------------------------
    def last_flip(self) -> int:
        return self._sim.by_seat[self._seat].last_flip

    def held_pile(self) -> int | None:
        return self._sim.round.held.get(self.player)   # MallSim.held_pile, one call fewer

    def shown_card(self) -> str | None:
        """The card showing on the pile this seat holds: the only card inside a pile it sees."""
        return self._sim.shown_card(self._seat)

    def carried(self) -> str | None:
        return self._sim.round.carried.get(self.player)   # MallSim.carried, one call fewer


    def _list_on_show(self) -> bool:
        """Whether the side's list is on show to its players now: always, but where the family
        studies its list, only in the study phase (then it is hidden until the results)."""
        return not self._sim.round.family.studies_list or self._sim.phase == MallPhase.STUDY

    def shopping_list(self) -> list[str]:
        """The side's objective cards while its list is on show (_list_on_show), else none."""
        if not self._list_on_show():
            return []
        return self._sim.shopping_list(self._seat)

    def rejection(self) -> tuple[str, int]:
        return self._sim.rejection(self._seat)

    def at_table(self) -> bool:
        return self._sim.at_table(self._seat)

    def dresser_in_reach(self) -> Dresser | None:
        return self._sim.dresser_in_reach(self._seat)

    def nearest_pile(self) -> int | None:
        return self._sim.nearest_pile(self._seat)

    def preview_spot(self) -> tuple[int, int, bool]:
        return self._sim.preview_spot(self._seat)

    # ----- this seat's side --------------------------------------------------------------
    def side(self) -> int:
        return self._sim.round.side(self.player)

    def side_hand_cards(self) -> list[str]:
        """Memory: the cards this side holds as the player sees them: with teams, every
        team-mate's hand (on show to the team); alone, the player's own hand."""
        rnd = self._sim.round
        if rnd.sides < rnd.players:
            return [c for m in rnd.members(rnd.side(self.player)) for c in rnd.hands[m]]
        return self._sim.hand(self._seat)


    def mates_carrying(self) -> set[str]:
        """Rush: cards the player's team-mates are carrying to the Starting Table."""
        rnd = self._sim.round
        mates = [m for m in rnd.members(rnd.side(self.player)) if m != self.player]
        return {rnd.carried[m] for m in mates if m in rnd.carried}

    def side_table(self) -> list[tuple[tuple[str, ...], list[tuple[str, int]]]]:
        """The side's objective cards on the Starting Table: (pictured items, placed (card,
        player) pairs), in slot order. While the list is hidden (_list_on_show) what the cards
        picture is not seen: () for each."""
        rnd = self._sim.round
        shown = self._list_on_show()
        return [(rnd.pictured(slot.card) if shown else (), list(slot.placed))
                for slot in rnd.tables[rnd.side(self.player)]]

    def side_objectives(self) -> list[ListCard]:
        """The side's objective cards on the Starting Table, in slot order: each card (None while
        the list is hidden: _list_on_show), how many items and bags it pictures (its back says as
        much) and how many cards lie on it."""
        rnd = self._sim.round
        shown = self._list_on_show()
        objectives = rnd.catalogue.objectives
        return [ListCard(slot.card if shown else None, len(rnd.pictured(slot.card)), objectives[slot.card].bags,
                         len(slot.placed)) for slot in rnd.tables[rnd.side(self.player)]]

    def hand_size(self) -> int:
        """Memory: how many cards the player (or the team together) may hold."""
        return self._sim.round.hand_size(self.player)

    def table_refuses(self) -> bool:
        """Rush with the assist: the Starting Table would refuse the carried card."""
        return self._sim.round.table_refuses(self.player)

    # ----- the dressers (public) ----------------------------------------------------------
    def dresser_cards(self) -> list[str]:
        """Tidying Up: each dresser's objective card, by dresser index."""
        return [slot.card for slot in self._sim.round.dressers]

    def placed_at_dressers(self) -> list[str]:
        """Tidying Up: the cards this player has placed at the dressers (they lie face up)."""
        return [item for slot in self._sim.round.dressers for item, who in slot.placed if who == self.player]

    def cards_on_dressers(self) -> int:
        """How many cards have been placed at the dressers so far."""
        return sum(len(slot.placed) for slot in self._sim.round.dressers)

    def filled(self, dresser: int, item: str) -> bool:
        return self._sim.round.filled(dresser, item)

    def dresser_counts(self, dresser: int) -> list[int]:
        """Per side: right minus wrong cards at this dresser (the cards lie face up)."""
        return self._sim.round.dresser_counts(dresser)
