"""What a seat's buttons do in the mall while a round is played, and what the engine's answers
move on the map.

- A: pick up the nearest pile within reach / take the shown card of the held pile / hand the
  carried card in where the family sends it (a drop-off, below).
- X: flip the held pile, at most once per `flip_interval` (held: keeps flipping at that pace).
- B: put the held pile down at the preview spot; while carrying a card next to a pile, put
  the card back into it; with a hand open, put the chosen hand card back.
- LB / RB: choose what the next card goes onto (a drop-off's choice).
- Y (where the family lets a player call): hold for `hold_sold_out` seconds = SOLD OUT!.

What differs with where a taken card goes (the family's `Destination`) is a `DropOff`, one per
place: the hand, the Starting Table, the dressers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from game.match.commands import Button
from game.rules.soldout import Result
from game.rules.soldout.events import PileCreated, PilePutDown, PileRemoved, RoundOver, SoldOut
from game.rules.soldout.family import Destination
from game.sim.mall_avatar import Avatar
from game.sim.mall_events import (CARD_MOVES, ActionEvent, Called, Delivered, Flipped, HandBack, Picked, PileGone, Placed,
                                  PutDown, Rejected, Returned, RoundEnded, Selected, SoldOutCalled, Took)

if TYPE_CHECKING:
    from game.sim.mall import MallSim

# Buttons as plain ints: IntFlag arithmetic costs microseconds per tick.
_A, _B, _X, _Y = int(Button.A), int(Button.B), int(Button.X), int(Button.Y)
_LB, _RB = int(Button.LB), int(Button.RB)


class DropOff:
    """What the buttons do with a taken card where a family sends it. The default: nothing to
    choose, no place to hand a card in, B as ever."""

    bring_reason = ""      # A while carrying, with neither the place nor a pile within reach

    def select(self, controls: Controls, av: Avatar, delta: int) -> None:
        """LB / RB: choose what the next card goes onto."""

    def drop(self, controls: Controls, av: Avatar) -> bool:
        """A while carrying a card: hand it in if the place is within reach (True: done)."""
        return False

    def press_b(self, controls: Controls, av: Avatar) -> None:
        controls.press_b(av)


class HandCards(DropOff):
    """Destination.HAND: LB / RB choose a hand card (held, they show the hand); B with the hand
    open puts the chosen card back into the held pile."""

    def select(self, controls: Controls, av: Avatar, delta: int) -> None:
        size = len(controls.sim.round.hands[av.player])
        if size:
            av.hand_index = (av.hand_index + delta) % size
            controls.sim.events.append(Selected(av.seat, av.hand_index))

    def press_b(self, controls: Controls, av: Avatar) -> None:
        # An input of its own, so a near-miss on SOLD OUT! never undoes a player's work.
        if av.hand_open:
            controls.hand_back(av)
        else:
            controls.press_b(av)


class TableDelivery(DropOff):
    """Destination.TABLE: at the Starting Table A delivers onto the chosen objective card; LB / RB
    cycle auto -> first card -> second card -> auto ("auto" picks the matching card)."""

    bring_reason = "Bring the card to the Starting Table"

    def select(self, controls: Controls, av: Avatar, delta: int) -> None:
        rnd = controls.sim.round
        options: list[int | None] = [None, *range(len(rnd.tables[rnd.side(av.player)]))]
        av.target_slot = options[(options.index(av.target_slot) + delta) % len(options)]
        controls.sim.events.append(Selected(av.seat, av.target_slot))

    def drop(self, controls: Controls, av: Avatar) -> bool:
        sim = controls.sim
        if not sim.fixtures.at_table(av):
            return False
        card = sim.round.carried[av.player]
        if controls.apply(av, sim.round.deliver(av.player, av.target_slot), Delivered(av.seat, card)):
            av.target_slot = None
        return True


class DresserPlacement(DropOff):
    """Destination.DRESSER: A places the card at the nearest dresser within reach."""

    bring_reason = "Bring the card to a dresser"

    def drop(self, controls: Controls, av: Avatar) -> bool:
        sim = controls.sim
        d = sim.fixtures.dresser_in_reach(av)
        if d is None:
            return False
        card = sim.round.carried[av.player]
        controls.apply(av, sim.round.place_at_dresser(av.player, d.index), Placed(av.seat, card, d.index))
        return True


DROP_OFFS: dict[Destination, DropOff] = {Destination.HAND: HandCards(), Destination.TABLE: TableDelivery(),
                                         Destination.DRESSER: DresserPlacement()}


class Controls:
    """The buttons of the playing phase, acting on the sim's round and map."""

    def __init__(self, sim: MallSim) -> None:
        self.sim = sim
        self.drop_off: DropOff = DropOff()

    def new_round(self) -> None:
        self.drop_off = DROP_OFFS[self.sim.round.family.destination]

    def buttons(self, av: Avatar, pressed: int, held: int) -> None:
        rnd = self.sim.round
        if pressed & (_LB | _RB):
            self.drop_off.select(self, av, 1 if pressed & _RB else -1)
        if pressed & _A:
            self.press_a(av)
        if rnd.over:
            return
        if (held | pressed) & _X:
            self.flip(av, bool(pressed & _X))
        if pressed & _B:
            self.drop_off.press_b(self, av)
        if rnd.family.player_calls:
            self.hold_y(av, held)
        elif pressed & _Y:
            self.reject(av, "Y is for Memory: your hand and SOLD OUT!")

    def press_a(self, av: Avatar) -> None:
        sim = self.sim
        rnd = sim.round
        p = av.player
        if p in rnd.carried:
            if self.drop_off.drop(self, av):
                return
            pile = sim.floor.nearest(*av.pos)
            if pile is not None:  # let the engine say why a card-carrier may not pick up
                self.apply(av, rnd.pick_up(p, pile), Picked(av.seat, pile))
            else:
                self.reject(av, self.drop_off.bring_reason)
            return
        if p in rnd.held:
            pile = rnd.held[p]
            shown = rnd.shown(pile)
            self.apply(av, rnd.take(p), Took(av.seat, shown, pile))
            av.hand_index = max(0, len(rnd.hands[p]) - 1)
            return
        pile = sim.floor.nearest(*av.pos)
        if pile is None:
            self.reject(av, "No pile within reach")
            return
        self.apply(av, rnd.pick_up(p, pile), Picked(av.seat, pile))

    def flip(self, av: Avatar, fresh_press: bool) -> None:
        sim = self.sim
        if av.player not in sim.round.held:
            if fresh_press:
                self.reject(av, "You are not holding a pile")
            return
        if sim.tick - av.last_flip < sim.t.flip_ticks:
            return  # handled, not scanned: a held X keeps flipping at the interval
        res = sim.round.flip(av.player)
        if self.apply(av, res, Flipped(av.seat, sim.round.held.get(av.player))):
            av.last_flip = sim.tick

    def press_b(self, av: Avatar) -> None:
        sim = self.sim
        rnd = sim.round
        p = av.player
        if p in rnd.held:
            x, y, legal = sim.floor.preview(av)
            if not legal:
                self.reject(av, "No room to put the pile down here")
                return
            pile = rnd.held[p]
            res = rnd.put_down(p)
            if res.ok:
                sim.floor.piles[pile] = (x, y)
            self.apply(av, res, PutDown(av.seat, pile), skip_put=True)
            return
        if p in rnd.carried:
            near = sim.floor.nearest(*av.pos)
            if near is None:
                self.reject(av, "Put the card back into a pile: stand next to one")
                return
            self.apply(av, rnd.return_card(p, near), Returned(av.seat, near))
            return
        self.apply(av, rnd.put_down(p), PutDown(av.seat, None))

    def hold_y(self, av: Avatar, held: int) -> None:
        """Hold Y to call SOLD OUT!; letting go early does nothing at all (the meter empties)."""
        if held & _Y:
            av.y_ticks += 1
            if av.y_ticks == self.sim.t.hold_ticks:
                self.apply(av, self.sim.round.call_sold_out(av.player), Called(av.seat))
            return
        av.y_ticks = 0

    def hand_back(self, av: Avatar) -> None:
        """The chosen hand card back into the held pile."""
        hand = self.sim.round.hands[av.player]
        index = min(av.hand_index, max(0, len(hand) - 1))
        card = hand[index] if hand else None
        res = self.sim.round.hand_to_pile(av.player, index)
        if self.apply(av, res, HandBack(av.seat, card)):
            av.hand_index = max(0, min(av.hand_index, len(hand) - 1))

    # ----- results of engine actions ---------------------------------------------------
    def reject(self, av: Avatar, reason: str) -> None:
        av.reject_reason = reason
        av.reject_tick = self.sim.tick
        self.sim.events.append(Rejected(av.seat, reason))

    def apply(self, av: Avatar | None, res: Result, event: ActionEvent | None, skip_put: bool = False) -> bool:
        """Record an engine result: a rejection for the seat, or the seat's event (None: the
        sim's own stop) plus what the engine's events move on the map."""
        if not res.ok:
            if av is not None:
                self.reject(av, res.reason)
            return False
        sim = self.sim
        sim.floor.moved()
        if isinstance(event, CARD_MOVES):
            sim.card_moves += 1
        events = sim.events
        if event is not None:
            events.append(event)
        for ev in res.events:
            match ev:
                case PilePutDown(player=player, pile=pile):
                    if not skip_put:
                        sim.floor.place(pile, sim.avatars[player].pos)
                case PileCreated(player=player, pile=pile):
                    sim.floor.place(pile, sim.avatars[player].pos)
                case PileRemoved(pile=pile):
                    sim.floor.remove(pile)
                    events.append(PileGone(pile))
                case SoldOut(side=side):
                    sim.sold_out_seat = av.seat if av is not None else None
                    events.append(SoldOutCalled(side, sim.sold_out_seat))
                case RoundOver(cause=cause):
                    events.append(RoundEnded(cause))
                case _:
                    assert_never(ev)
        return True
