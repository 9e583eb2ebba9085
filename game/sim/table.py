"""The Check Out! dice table: a fixed-tick real-time game over the rules engine.

The engine (game.rules.checkout) decides what is legal; this module adds time:
tumbling dice, a cursor per seat, the 3-2-1-GO before each round, the last
player's countdown, checkout turns, secret bids and their reveal. No pygame, no
clock, no global random: the engine's `random.Random(seed)` makes every roll.
Advance it with `step(commands)` at 60 ticks a second.

Controls (one Command per seat per tick)
----------------------------------------
- Stick / d-pad: move your cursor one card at a time (holding repeats) over the
  products; at checkout over the bargains; while bidding up/down (or
  left/right) choose 0-5; in the solo bonus round over products and your dice.
- X: roll every die you have not placed. The dice tumble for `tumble` seconds;
  the faces are decided at once but hidden until they land, and you cannot
  grab while they tumble.
- A: grab the product under your cursor with the faces showing (the engine
  picks the dice; several products from one roll = A on each in turn). At
  checkout: buy the bargain under your cursor. Bidding: lock your bid (others
  only see "ready"). Round results: ready for the next round. Solo bonus, on
  a die: turn it up one face (B: down one face); X on a product turns dice
  to its faces and grabs it in one go.
- Y: join the queue (your remaining dice go to the rightmost empty space and
  your round is over). At checkout: end your turn (leftover dice -> change
  tokens). Solo bonus: finish the bonus round.

Same-tick races
---------------
Within a tick the seats act in an order drawn for that tick from the match
seed (game/sim/simultaneous.py, as in the mall), so any seat is as likely as
any other to go before it and a replay resolves every race identically. (A
rotating order, t % n first, let seat 1 go before seat 2 in n - 1 ticks of n.) When two seats grab the same product in one tick, the first
in that order gets it; the other is told "<name> got <product> first" and the
race is recorded in `races` (shown on the product for both to see).

Phases (`phase`): "countdown" -> "frenzy" -> "checkout" -> "round_end" ... ->
"bidding" -> "reveal" -> "countdown" -> "bonus" | "bonus_solo" -> "over".
`events` lists what happened in the last step (for sounds and effects).
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Union

from game import TICK_RATE
from game.sim import preload
from game.match.commands import IDLE, Button, Command
from game.match.spec import MatchSpec
from game.rules.checkout import (BIDDING, BONUS, BONUS_SOLO, CHECKOUT, FRENZY, OVER, ROUND_END, Score,
                                 Catalogue, CheckoutGame, CheckoutPhase)
from game.rules.checkout.catalogue import RuleNumbers
from game.sim.simultaneous import tick_order
from game.sim.table_cursor import Place, grid, move
from game.sim.table_events import (BiddingBegan, BidsRevealed, BonusTaken, CheckoutBegan, Countdown, GameOver, Go, Grabbed,
                                   LastPlayer, LastTick, Queued, RaceWon, Refused, Rolled, RoundClosed, TableEvent,
                                   TableStage)
from game.sim.table_tuning import TableTuning
from game.sim.table_view import PublicSeat, TableSeatView
from game.sim.table_turns import TurnPhases, bargain_places  # noqa: F401 (bargain_places: for the scene and bots)

if TYPE_CHECKING:
    from game.sim.table_face import TableFace

COUNTDOWN, REVEAL = TableStage.COUNTDOWN, TableStage.REVEAL
TablePhase = Union[CheckoutPhase, TableStage]
PLAYING = (FRENZY, BONUS)

_A, _X, _Y = int(Button.A), int(Button.X), int(Button.Y)
_UP, _DOWN, _LEFT, _RIGHT = int(Button.UP), int(Button.DOWN), int(Button.LEFT), int(Button.RIGHT)
_DIRS = _UP | _DOWN | _LEFT | _RIGHT


@dataclass(frozen=True, slots=True)
class Race:
    """Two or more seats grabbed one product in the same tick: the winner and who lost."""

    tick: int
    product: str
    winner: int
    losers: tuple[int, ...]


class Seat:
    """One seat's controls state. The scene and bots read it; only the sim writes."""

    __slots__ = ("seat", "name", "cursor", "bargain", "bid_choice", "land_tick", "reason",
                 "reason_tick", "rejections", "ready", "move_dir", "move_at", "peek")

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name
        self.cursor = 0            # product (or solo die) target index
        self.bargain = 0           # bargain index at checkout
        self.bid_choice = 0        # bonus bid being chosen
        self.land_tick = 0         # the current roll shows its faces from this tick
        self.reason = ""           # the last rejection, in words
        self.reason_tick = -1
        self.rejections = 0        # actions the engine (or the table) refused
        self.ready = False         # round results: ready to go on
        self.move_dir = (0, 0)     # direction held, for repeats
        self.move_at = 0           # tick of the next repeat
        self.peek = False          # bidding: Y held this tick, the owner looks at the secret bid

    def state(self) -> list[Any]:
        return [self.cursor, self.bargain, self.bid_choice, self.land_tick, self.reason,
                self.reason_tick, self.rejections, self.ready, list(self.move_dir), self.move_at]


@lru_cache(maxsize=128)
def _grid(products: int, dice: int) -> list[Place]:
    return grid(products, dice)


class TableSim(TurnPhases):
    """A whole game of Check Out! in real time for spec.players seats."""

    def __init__(self, spec: MatchSpec, catalogue: Catalogue | None = None, seed: int | None = None,
                 tuning: TableTuning | None = None) -> None:
        self.spec = spec
        self.catalogue = catalogue or preload.checkout_catalogue()   # parsed once per process
        self.tuning = tuning or preload.checkout_tuning()
        self.seed = spec.seed if seed is None else seed
        self.game = CheckoutGame(self.catalogue, spec.players, random.Random(self.seed))
        self.n = spec.players
        self.seats = [Seat(i, seat.name) for i, seat in enumerate(spec.seats)]
        self.tick = 0
        self.events: list[TableEvent] = []   # the last step's
        self.races: dict[str, Race] = {}                  # product id -> its latest same-tick race
        self.countdown_end = 0       # first tick of play after the 3-2-1
        self.reveal_until = 0        # bids stay revealed until this tick
        self.last_deadline: int | None = None  # the last player's dice queue at this tick
        self.hold_until = 0          # checkout: the change is being counted until this tick
        self.turn_start = 0          # checkout turn / bidding / round results / solo start
        self.revealed: list[int] | None = None
        self.solo_seat: int | None = None
        self.change: tuple[int, int, int] | None = None   # (seat, tokens, tick) of the last checkout turn
        self.bonus_grab: tuple[int, int, int] | None = None  # (seat, tokens, tick): who took the BONUS
        self.round_gains = self._empty_gains()
        self.rounds: list[list[dict[str, Any]]] = []                # gains of every finished round
        self._seen = self.game.phase
        self._grabbed_now: dict[str, int] = {}
        self._start_countdown(0)

    # ------------------------------------------------------------------ queries
    @property
    def phase(self) -> TablePhase:
        if self.tick < self.reveal_until:
            return REVEAL
        if self.game.phase in (FRENZY, BONUS, BONUS_SOLO) and self.tick < self.countdown_end:
            return COUNTDOWN
        return self.game.phase

    def order(self, tick: int | None = None) -> list[int]:
        """The seats in the order they act in `tick` (drawn for the tick; see the module docstring)."""
        return tick_order(self.seed, self.tick if tick is None else tick, range(self.n), int)

    def turn_order(self, commands: dict[int, Command]) -> list[int] | range:
        """The seats in this tick's order where two or more of them act (a Command that is not
        IDLE); seat order where one or none does: an idle seat's turn touches only that seat,
        so the order cannot matter, and drawing it was a fifth of a headless table's time."""
        acting = sum(cmd is not IDLE for cmd in commands.values())
        return self.order() if acting > 1 else range(self.n)

    def tumbling(self, seat: int) -> bool:
        return self.tick < self.seats[seat].land_tick

    def visible_hand(self, seat: int) -> list[int] | None:
        """The faces of a seat's unplaced dice as everyone sees them; None while they tumble."""
        return None if self.tumbling(seat) else list(self.game.players[seat].hand)

    def places(self) -> list[Place]:
        """Cursor targets of the current phase (products, or products + the solo player's dice)."""
        dice = len(self.game.players[self._soloist()].hand) if self.game.phase == BONUS_SOLO else 0
        return _grid(len(self.game.table), dice)

    def countdown_left(self) -> int:
        return max(0, self.countdown_end - self.tick)

    def last_player(self) -> tuple[int, int] | None:
        """(seat, ticks left) while the last-player countdown runs."""
        seat = self.game.last_holder()
        if seat is None or self.last_deadline is None or self.phase not in PLAYING:
            return None
        return seat, max(0, self.last_deadline - self.tick)

    def turn_left(self) -> int:
        """Ticks before the current checkout turn / bidding / solo round ends by itself."""
        limits: dict[str, int] = {CHECKOUT: self.tuning.turn_max, BIDDING: self.tuning.bid_max,
                                  BONUS_SOLO: self.tuning.solo_max, ROUND_END: self.tuning.round_end_max}
        limit = limits.get(self.phase)
        return 0 if limit is None else max(0, self.turn_start + limit - self.tick)

    def checkout_seat(self) -> int | None:
        return self.game.checkout_player() if self.tick >= self.hold_until else None

    def affordable(self, seat: int) -> list[str]:
        queued = self.game.players[seat].queued
        return [b for b in self.game.display if self.game.price(seat, b) <= queued]

    def over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[Score]:
        """Everyone's points so far (public: won cards and tokens lie in front of each player)."""
        return self.game.scores()

    def winners(self) -> list[int]:
        return self.game.winners()

    @property
    def rules(self) -> RuleNumbers:
        return self.game.rules

    def tokens(self, seat: int) -> int:
        return self.game.players[seat].tokens

    def bid_made(self, seat: int) -> bool:
        """Whether a seat has locked its bonus bid (the amount stays secret until the reveal)."""
        return self.game.bid_made(seat)

    def products_won(self, seat: int) -> list[str]:
        return list(self.game.players[seat].products)

    def bargains_bought(self, seat: int) -> list[str]:
        return list(self.game.players[seat].bargains)

    def table_products(self) -> list[str]:
        """The products on the table, in table order."""
        return [t.id for t in self.game.table]

    def display(self) -> list[str]:
        """The bargains on offer, in display order."""
        return list(self.game.display)

    def next_deal_unseen(self) -> list[str]:
        """The products the next round will deal, from the top of the deck: hidden from every
        player. For drawing ahead only (rendering cards before they are needed), never shown."""
        game = self.game
        return list(game.product_deck[:game.rules.products_per_player * len(game.players)])

    def stage_bid(self, seat: int, amount: int) -> None:
        """A stage direction (screenshots, tests): lock a seat's bonus bid without its buttons."""
        self.game.bid(seat, amount)

    def public_seat(self, seat: int) -> PublicSeat:
        """One seat as everyone at the table sees it (no tumbling face, no bid amount)."""
        game = self.game
        player = game.players[seat]
        tumbling = self.tumbling(seat)
        return PublicSeat(
            tokens=player.tokens, products=tuple(player.products), bargains=tuple(player.bargains),
            dice=player.dice, hand=tuple(0 for _ in player.hand) if tumbling else tuple(player.hand),
            in_queue=player.in_queue, queue_place=game.queue.index(seat) + 1 if seat in game.queue else None,
            queued=player.queued, spent=player.spent, holding=player.holding, fits=0 if tumbling else len(game.grabbable(seat)),
            bid_made=game.bid_made(seat))

    @property
    def rules_phase(self) -> CheckoutPhase:
        """The rulebook's phase (`phase` without the 3-2-1 countdown and the bids' reveal)."""
        return self.game.phase

    def table_spots(self) -> list[tuple[str, int | None]]:
        """(product, holder seat or None) of the products on the table, in table order."""
        return [(t.id, t.holder) for t in self.game.table]

    def fitting(self, seat: int) -> list[str]:
        """The free products a seat's landed dice could grab now ([] while they tumble)."""
        return [] if self.tumbling(seat) else self.game.grabbable(seat)

    def queue(self) -> list[int]:
        """Seats in the order they joined the queue."""
        return list(self.game.queue)

    def queue_space(self, seat: int) -> int | None:
        return self.game.queue_space(seat)

    def price(self, seat: int, bargain: str) -> int:
        return self.game.price(seat, bargain)

    def promo_applies(self, seat: int, bargain: str) -> bool:
        return self.game.promo_applies(seat, bargain)

    def bonus_tokens(self) -> int:
        """Tokens lying on the BONUS space, and who took them (None: nobody yet)."""
        return self.game.bonus

    def bonus_taker(self) -> int | None:
        return self.game.bonus_taker

    def buyer(self) -> int | None:
        """Checkout: whose turn it is by the rules (`checkout_seat` waits for the change to be counted)."""
        return self.game.checkout_player()

    def round_number(self) -> int:
        """The round being played (past the normal rounds: the bonus round)."""
        return self.game.round

    def seat_view(self, seat: int) -> TableSeatView:
        """What this seat's player can see (read-only, live): all a bot is given."""
        return TableSeatView(self, seat)

    # ------------------------------------------------------------------ the tick
    def step(self, commands: dict[int, Command]) -> None:
        """Advance one tick with one Command per seat (missing seats idle)."""
        self.events = []
        self._grabbed_now = {}
        self._sync()   # an engine action made outside step() (tests, presets) is caught up first
        phase = self.phase
        if phase in PLAYING:
            for seat in self.turn_order(commands):
                self._play(self.seats[seat], commands.get(seat, IDLE))
        elif phase == BONUS_SOLO:
            self._solo(commands.get(self._soloist(), IDLE))
        elif phase == CHECKOUT:
            self._checkout(commands)
        elif phase == ROUND_END:
            self._round_end(commands)
        elif phase == BIDDING:
            self._bidding(commands)
        elif phase == COUNTDOWN:
            for seat in self.turn_order(commands):
                self._move_cursor(self.seats[seat], commands.get(seat, IDLE))
        self._timers()
        self._sync()
        self.tick += 1

    # ------------------------------------------------------------------ input
    def _direction(self, s: Seat, cmd: Command) -> tuple[int, int]:
        """The one-cell step this tick's command asks for (with hold-to-repeat), or (0, 0)."""
        buttons = int(cmd.held) | int(cmd.pressed)
        limit = self.tuning.stick_threshold
        dx = -1 if buttons & _LEFT or cmd.dx <= -limit else 1 if buttons & _RIGHT or cmd.dx >= limit else 0
        dy = -1 if buttons & _UP or cmd.dy <= -limit else 1 if buttons & _DOWN or cmd.dy >= limit else 0
        if dx and dy:  # one axis at a time: the stronger push wins (the d-pad's left/right)
            if abs(cmd.dy) > abs(cmd.dx):
                dx = 0
            else:
                dy = 0
        want = (dx, dy)
        if want == (0, 0):
            s.move_dir = want
            return want
        if want != s.move_dir or int(cmd.pressed) & _DIRS:   # a fresh press always moves
            s.move_dir = want
            s.move_at = self.tick + self.tuning.repeat_delay
            return want
        if self.tick >= s.move_at:
            s.move_at = self.tick + self.tuning.repeat_every
            return want
        return (0, 0)

    def _move_cursor(self, s: Seat, cmd: Command) -> None:
        if cmd is IDLE:
            s.move_dir = (0, 0)
            return
        dx, dy = self._direction(s, cmd)
        if dx or dy:
            s.cursor = move(self.places(), s.cursor, dx, dy)

    def _reject(self, s: Seat, reason: str, sound: bool = True) -> None:
        s.reason, s.reason_tick = reason, self.tick
        s.rejections += 1
        if sound:
            self.events.append(Refused(s.seat, reason))

    # ------------------------------------------------------------------ frenzy / bonus
    def _play(self, s: Seat, cmd: Command) -> None:
        if cmd is IDLE:
            s.move_dir = (0, 0)
            return
        self._move_cursor(s, cmd)
        pressed = int(cmd.pressed)
        if pressed & _A:
            self._grab(s)
        if pressed & _Y:
            self._queue(s)
        if pressed & _X:
            self._roll(s)

    def _roll(self, s: Seat) -> None:
        if self.tumbling(s.seat):
            self._reject(s, "Your dice are still rolling")
            return
        result = self.game.roll(s.seat)
        if not result.ok:
            self._reject(s, result.reason)
            return
        s.land_tick = self.tick + self.tuning.tumble
        self.events.append(Rolled(s.seat, len(self.game.players[s.seat].hand)))

    def _grab(self, s: Seat) -> None:
        table = self.game.table
        if not table:
            return
        if self.tumbling(s.seat):
            self._reject(s, "Wait for your dice to land")
            return
        spot = table[min(s.cursor, len(table) - 1)]
        result = self.game.grab(s.seat, [spot.id])
        if result.ok:
            self._grabbed_now[spot.id] = s.seat
            self.round_gains[s.seat]["products"].append(spot.id)
            self.events.append(Grabbed(s.seat, spot.id))
            return
        winner = self._grabbed_now.get(spot.id)
        if winner is not None and winner != s.seat:
            old = self.races.get(spot.id)
            losers = (old.losers if old and old.tick == self.tick else ()) + (s.seat,)
            self.races[spot.id] = Race(self.tick, spot.id, winner, losers)
            name = self.catalogue.products[spot.id].name
            # The winner by seat, never by name: a name is the player's (a profile's), and the reason is
            # in the state hash. The table's panels say the name (game/scenes/reasons.py, SEAT_MARK).
            self._reject(s, f"{seat_mark(winner)} got {name} first (same moment)")
            self.events.append(RaceWon(winner, spot.id))
            return
        self._reject(s, result.reason)

    def _queue(self, s: Seat, auto: bool = False) -> None:
        had_bonus = self.game.bonus_taker
        player = self.game.players[s.seat]
        dice, tokens = len(player.hand), player.tokens
        result = self.game.join_queue(s.seat)
        if not result.ok:
            self._reject(s, result.reason)
            return
        self.events.append(Queued(s.seat, dice, auto))
        if had_bonus is None and self.game.bonus_taker == s.seat:
            self.round_gains[s.seat]["tokens"] += player.tokens - tokens
            self.bonus_grab = (s.seat, player.tokens - tokens, self.tick)
            self.events.append(BonusTaken(s.seat, player.tokens - tokens))

    # ------------------------------------------------------------------ timers and phases
    def _timers(self) -> None:
        left = self.countdown_end - self.tick
        if self.game.phase in (FRENZY, BONUS, BONUS_SOLO) and self.tick >= self.reveal_until:
            if left > 0 and left % TICK_RATE == 0:
                self.events.append(Countdown(left // TICK_RATE))
            elif left == 0:
                self.events.append(Go())
        if self.phase in PLAYING:
            seat = self.game.last_holder()
            if seat is None:
                self.last_deadline = None
            elif self.last_deadline is None:
                start = max(self.tick, self.seats[seat].land_tick)
                self.last_deadline = start + self.tuning.last_player
                self.events.append(LastPlayer(seat, self.tuning.last_player))
            elif self.tick >= self.last_deadline:
                self._queue(self.seats[seat], auto=True)
            elif (self.last_deadline - self.tick) % TICK_RATE == 0:
                self.events.append(LastTick(seat, (self.last_deadline - self.tick) // TICK_RATE))
        elif self.phase == BONUS_SOLO and self.tick - self.turn_start >= self.tuning.solo_max:
            self._queue(self.seats[self._soloist()], auto=True)

    def _sync(self) -> None:
        """React to the engine changing phase during this tick."""
        phase = self.game.phase
        if phase == self._seen:
            return
        previous, self._seen = self._seen, phase
        after = self.tick + 1
        if phase == CHECKOUT:
            self.turn_start = self.hold_until = after + self.tuning.turn_pause
            self.last_deadline = None
            for s in self.seats:
                s.bargain = 0
            self.events.append(CheckoutBegan())
        elif phase == ROUND_END:
            self.last_deadline = None
            self._close_round(after)
        elif phase == FRENZY:
            self._new_round()
            self._start_countdown(after)
        elif phase == BIDDING:
            self.turn_start = after
            for s in self.seats:
                s.bid_choice = 0
            self.events.append(BiddingBegan())
        elif previous == BIDDING:
            self._reveal(after)
        if phase == OVER:
            self.last_deadline = None
            if previous != BIDDING:
                self._close_round(after)
            self.events.append(GameOver(tuple(self.game.winners())))

    def _close_round(self, after: int) -> None:
        self.rounds.append(self.round_gains)
        self.turn_start = after
        for s in self.seats:
            s.ready = False
        self.events.append(RoundClosed(self.game.round))

    def _reveal(self, after: int) -> None:
        self.revealed = self.game.revealed_bids()
        self.reveal_until = after + self.tuning.reveal
        self.events.append(BidsRevealed(None if self.revealed is None else tuple(self.revealed)))
        self._new_round()
        if self.game.phase == BONUS_SOLO:
            self.solo_seat = self.game.holders()[0]
            self.game.set_faces(self.solo_seat, [1] * len(self.game.players[self.solo_seat].hand))
        if self.game.phase in (BONUS, BONUS_SOLO):
            self._start_countdown(self.reveal_until)
            self.turn_start = self.countdown_end

    def _new_round(self) -> None:
        self.round_gains = self._empty_gains()
        self.races = {}
        self.change = None
        for s in self.seats:
            s.cursor = s.bargain = 0
            s.land_tick = 0
            s.ready = False

    def _start_countdown(self, start: int) -> None:
        self.countdown_end = start + self.tuning.countdown

    def _empty_gains(self) -> list[dict[str, Any]]:
        return [{"products": [], "bargains": [], "tokens": 0} for _ in range(self.n)]

    # ------------------------------------------------------------------ record
    def state_dict(self) -> dict[str, Any]:
        return {
            "tick": self.tick, "game": self.game.state_dict(),
            "seats": [s.state() for s in self.seats],
            "timers": [self.countdown_end, self.reveal_until, self.last_deadline, self.hold_until,
                       self.turn_start, self.solo_seat, self.bonus_grab and list(self.bonus_grab)],
            "races": [[r.tick, r.product, r.winner, list(r.losers)] for r in self.races.values()],
        }

    def state_hash(self) -> str:
        """sha256 of the whole table (engine + timers + cursors): equal hashes, equal games."""
        dump = json.dumps(self.state_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(dump.encode("utf-8")).hexdigest()


def seat_mark(seat: int) -> str:
    """A seat as a reason names it ("#2"): the same whoever sits there (game/scenes/reasons.py SEAT_MARK)."""
    return f"#{seat + 1}"


def new_table(spec: MatchSpec, catalogue: Catalogue | None = None, seed: int | None = None,
              tuning: TableTuning | None = None) -> TableFace:
    """A new game at the dice table, handed out by its face (game/sim/table_face.py): how
    everyone outside game/sim holds it."""
    return TableSim(spec, catalogue, seed, tuning)
