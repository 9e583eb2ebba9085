"""The turn-taking phases of the dice table, a part of TableSim (game/sim/table.py):
checkout turns in queue order, the round's results, the secret bonus bids and the
solo bonus round. Split off to keep each module short; TableSim inherits it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.match.commands import IDLE, Button, Command
from game.rules.checkout import BIDDING
from game.sim.table_cursor import Place, move
from game.sim.table_events import BidStep, Bought, Landed, SeatReady, TableEvent, TokensChanged

if TYPE_CHECKING:
    from game.rules.checkout import Catalogue, CheckoutGame
    from game.sim.table import Seat
    from game.sim.table_tuning import TableTuning

_A, _B, _X, _Y = int(Button.A), int(Button.B), int(Button.X), int(Button.Y)


def bargain_places(count: int) -> list[Place]:
    """Bargains at checkout sit in one row."""
    return [(2 * i, 0) for i in range(count)]


class TurnPhases:
    """Checkout, round end, bids and the solo bonus round (mixed into TableSim)."""

    if TYPE_CHECKING:   # what TableSim provides
        game: CheckoutGame
        catalogue: Catalogue
        tuning: TableTuning
        seats: list[Seat]
        events: list[TableEvent]
        tick: int
        turn_start: int
        hold_until: int
        solo_seat: int | None
        change: tuple[int, int, int] | None
        round_gains: list[dict[str, Any]]

        def turn_order(self, commands: dict[int, Command]) -> list[int] | range: ...
        def places(self) -> list[Place]: ...
        def checkout_seat(self) -> int | None: ...
        def affordable(self, seat: int) -> list[str]: ...
        def _direction(self, s: Seat, cmd: Command) -> tuple[int, int]: ...
        def _move_cursor(self, s: Seat, cmd: Command) -> None: ...
        def _reject(self, s: Seat, reason: str, sound: bool = True) -> None: ...
        def _roll(self, s: Seat) -> None: ...
        def _grab(self, s: Seat) -> None: ...
        def _queue(self, s: Seat, auto: bool = False) -> None: ...

    # ------------------------------------------------------------------ solo bonus
    def _soloist(self) -> int:
        """The lone bidder's seat (always set while the phase is bonus_solo)."""
        assert self.solo_seat is not None, "no solo seat outside the solo bonus round"
        return self.solo_seat

    def _solo(self, cmd: Command) -> None:
        s = self.seats[self._soloist()]
        if cmd is IDLE:
            s.move_dir = (0, 0)
            return
        self._move_cursor(s, cmd)
        pressed = int(cmd.pressed)
        table = len(self.game.table)
        if pressed & (_A | _B) and s.cursor >= table:
            self._turn_die(s, s.cursor - table, 1 if pressed & _A else -1)
        elif pressed & _A:
            self._grab(s)
        if pressed & _X:
            if s.cursor < table:
                self._fit_dice(s, self.game.table[s.cursor].id)
            else:
                self._roll(s)         # the engine explains that the lone bidder sets dice instead
        if pressed & _Y:
            self._queue(s)
        s.cursor = min(s.cursor, len(self.places()) - 1)

    def _fit_dice(self, s: Seat, product_id: str) -> None:
        """Solo bonus shortcut: turn dice to this product's faces and grab it at once. Dice
        already showing a needed face are used as they are; the others are taken from the
        end of the row, so dice set by hand at the front stay as they were."""
        hand = [f or 1 for f in self.game.players[s.seat].hand]
        needed = list(self.catalogue.products[product_id].faces)
        if len(needed) > len(hand):
            self._reject(s, f"{self.catalogue.products[product_id].name} needs {len(needed)} dice;"
                            f" you have {len(hand)} left")
            return
        spare = list(range(len(hand)))
        for face in list(needed):
            if face in [hand[i] for i in spare]:
                spare.remove(next(i for i in spare if hand[i] == face))
                needed.remove(face)
        for face, i in zip(needed, reversed(spare)):
            hand[i] = face
        result = self.game.set_faces(s.seat, hand)
        if not result.ok:
            self._reject(s, result.reason)
            return
        self.events.append(Landed(s.seat, None))
        self._grab(s)

    def _turn_die(self, s: Seat, die: int, step: int) -> None:
        hand = list(self.game.players[s.seat].hand)
        if not 0 <= die < len(hand):
            return
        hand = [f or 1 for f in hand]
        hand[die] = (hand[die] - 1 + step) % 6 + 1
        result = self.game.set_faces(s.seat, hand)
        if result.ok:
            self.events.append(Landed(s.seat, hand[die]))
        else:
            self._reject(s, result.reason)

    # ------------------------------------------------------------------ checkout
    def _checkout(self, commands: dict[int, Command]) -> None:
        seat = self.checkout_seat()
        if seat is None:
            return
        s = self.seats[seat]
        cmd = commands.get(seat, IDLE)
        if cmd is IDLE:
            s.move_dir = (0, 0)
        else:
            dx, dy = self._direction(s, cmd)
            if dx:
                s.bargain = move(bargain_places(len(self.game.display)), s.bargain, dx, 0)
            pressed = int(cmd.pressed)
            if pressed & _A and self.game.display:
                bargain = self.game.display[min(s.bargain, len(self.game.display) - 1)]
                result = self.game.buy(seat, bargain)
                if result.ok:
                    self.round_gains[seat]["bargains"].append(bargain)
                    self.events.append(Bought(seat, bargain))
                    s.bargain = min(s.bargain, max(0, len(self.game.display) - 1))
                else:
                    self._reject(s, result.reason)
            if pressed & _Y:
                self._end_turn(seat)
                return
        waited = self.tick - self.turn_start
        if waited >= self.tuning.turn_max or (waited >= self.tuning.turn_auto and not self.affordable(seat)):
            self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        before = self.game.players[seat].tokens
        if not self.game.end_checkout_turn(seat).ok:
            return
        change = self.game.players[seat].tokens - before
        self.round_gains[seat]["tokens"] += change
        self.change = (seat, change, self.tick)
        self.events.append(TokensChanged(seat, change))
        self.hold_until = self.tick + self.tuning.turn_pause
        self.turn_start = self.hold_until
        nxt = self.game.checkout_player()
        if nxt is not None:
            self.seats[nxt].bargain = 0

    # ------------------------------------------------------------------ round end / bids
    def _round_end(self, commands: dict[int, Command]) -> None:
        for seat in self.turn_order(commands):
            cmd = commands.get(seat, IDLE)
            if cmd is not IDLE and int(cmd.pressed) & _A and not self.seats[seat].ready:
                self.seats[seat].ready = True
                self.events.append(SeatReady(seat))
        waited = self.tick - self.turn_start
        all_ready = all(s.ready for s in self.seats)
        if (all_ready and waited >= self.tuning.round_end_min) or waited >= self.tuning.round_end_max:
            self.game.next_round()

    def bid_limit(self, seat: int) -> int:
        return min(self.game.rules.bonus_bid_max, self.game.players[seat].tokens)

    def _bidding(self, commands: dict[int, Command]) -> None:
        for seat in self.turn_order(commands):
            s = self.seats[seat]
            cmd = commands.get(seat, IDLE)
            s.peek = bool(int(cmd.held) & _Y) and not self.game.bid_made(seat)
            if cmd is IDLE or self.game.bid_made(seat):
                s.move_dir = (0, 0)
                continue
            dx, dy = self._direction(s, cmd)
            step = dx or -dy
            if step:
                choice = min(max(0, s.bid_choice + step), self.bid_limit(seat))
                if choice != s.bid_choice:   # one sound for every step: it never says which number
                    self.events.append(BidStep(seat))
                s.bid_choice = choice
            if int(cmd.pressed) & _A:
                self._lock_bid(s)
        if self.game.phase == BIDDING and self.tick - self.turn_start >= self.tuning.bid_max:
            for s in self.seats:
                if not self.game.bid_made(s.seat):
                    self._lock_bid(s)

    def _lock_bid(self, s: Seat) -> None:
        result = self.game.bid(s.seat, s.bid_choice)
        if result.ok:
            self.events.append(SeatReady(s.seat))
        else:
            self._reject(s, result.reason)
