"""The Check Out! rules engine: a plain state machine over the catalogue.

No clock, no pygame, no global random: the `random.Random` handed in makes every
shuffle and roll. Actions are applied in the order they arrive; each returns a
`Result` that is either ok or rejected with a reason a player can read.
See the package docstring (game/rules/checkout/__init__.py) for the API.
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.rules.phases import Phase

from .catalogue import Catalogue
from .dice import covers, say_faces, take_dice
from .scoring import Score, score_players, winners


class CheckoutPhase(Phase):
    """Phases, in the order a game passes through them (a phase equals its name)."""

    FRENZY = "frenzy"            # a normal round: rolling, grabbing, queueing
    CHECKOUT = "checkout"        # queue turns: buying bargains
    ROUND_END = "round_end"      # results of the round shown; next_round() goes on
    BIDDING = "bidding"          # bonus round: secret bids of change tokens for dice
    BONUS = "bonus"              # bonus round played like a round, no checkout
    BONUS_SOLO = "bonus_solo"    # only one bidder: they set their dice and grab
    OVER = "over"                # final scores stand


FRENZY, CHECKOUT, ROUND_END, BIDDING = (CheckoutPhase.FRENZY, CheckoutPhase.CHECKOUT, CheckoutPhase.ROUND_END,
                                        CheckoutPhase.BIDDING)
BONUS, BONUS_SOLO, OVER = CheckoutPhase.BONUS, CheckoutPhase.BONUS_SOLO, CheckoutPhase.OVER
PLAYING = (FRENZY, BONUS, BONUS_SOLO)

UNROLLED = 0                 # the face of a die that has not been rolled this round


@dataclass(frozen=True, slots=True)
class Result:
    """What happened to one action: ok, or rejected with a reason."""

    ok: bool
    reason: str = ""


OK = Result(True)


def _no(reason: str) -> Result:
    return Result(False, reason)


def _id_list(product_ids: Sequence[str] | str) -> list[str]:
    """A lone id counts as one product, not as a list of letters."""
    return [product_ids] if isinstance(product_ids, str) else list(product_ids)


@dataclass(slots=True)
class Player:
    seat: int
    tokens: int = 0
    products: list[str] = field(default_factory=list)   # every product won so far
    bargains: list[str] = field(default_factory=list)   # every bargain bought so far
    # this round
    dice: int = 0                  # dice this player has this round
    hand: list[int] = field(default_factory=list)  # faces of unplaced dice (0 = not rolled)
    placed: int = 0                # dice sitting on products
    queued: int = 0                # dice in the queue, still unspent
    spent: int = 0                 # queue dice paid for bargains or turned into change
    in_queue: bool = False
    rolls: int = 0
    grabbed: list[str] = field(default_factory=list)    # products grabbed this round
    bid: int | None = None         # bonus-round bid, secret until all have bid

    @property
    def holding(self) -> bool:
        """Still in the round with dice in hand."""
        return bool(self.hand) and not self.in_queue


@dataclass(slots=True)
class TableProduct:
    id: str
    holder: int | None = None
    dice: list[int] = field(default_factory=list)


class CheckoutGame:
    """One game of Check Out! for `players` seats (numbered 0..players-1)."""

    def __init__(self, catalogue: Catalogue, players: int, rng: random.Random,
                 product_deck: Sequence[str] | None = None,
                 bargain_deck: Sequence[str] | None = None) -> None:
        rules = catalogue.rules
        if not rules.players_min <= players <= rules.players_max:
            raise ValueError(f"Check Out! needs {rules.players_min} to {rules.players_max} players, not {players}")
        self.catalogue = catalogue
        self.rules = rules
        self.rng = rng
        self.product_deck = self._deck(product_deck, catalogue.products, "product")
        self.bargain_deck = self._deck(bargain_deck, catalogue.bargains, "bargain")
        self.players = [Player(seat) for seat in range(players)]
        self.supply = rules.change_tokens
        self.bonus = 0               # tokens on the BONUS space
        self.discarded = 0           # tokens out of the game
        self.round = 1
        self.phase: CheckoutPhase = FRENZY
        self.table: list[TableProduct] = []
        self.display: list[str] = []     # bargains on offer
        self.set_aside: list[str] = []   # unclaimed products kept for the bonus round
        self.bargains_discarded: list[str] = []
        self.products_discarded: list[str] = []
        self.queue: list[int] = []       # seats in the order they joined (first = rightmost space)
        self.turn = 0                    # index into queue during checkout
        self.bonus_taker: int | None = None
        self.actions = 0                 # actions applied (ok ones), a clock for the record
        self._deal_round()

    def _deck(self, given: Sequence[str] | None, known: dict[str, Any], kind: str) -> list[str]:
        if given is None:
            deck = list(known)
            self.rng.shuffle(deck)
            return deck
        unknown = [i for i in given if i not in known]
        if unknown or len(set(given)) != len(given):
            raise ValueError(f"bad {kind} deck: unknown or repeated ids {unknown or list(given)}")
        return list(given)

    # ------------------------------------------------------------------ queries
    def holders(self) -> list[int]:
        """Seats still holding dice in the current round."""
        return [p.seat for p in self.players if p.holding]

    def last_holder(self) -> int | None:
        """The only player still holding dice while others have left: they may not roll."""
        held = self.holders()
        return held[0] if self.phase in (FRENZY, BONUS) and len(held) == 1 else None

    def checkout_player(self) -> int | None:
        """Whose checkout turn it is (None outside the checkout phase)."""
        return self.queue[self.turn] if self.phase == CHECKOUT else None

    def queue_space(self, seat: int) -> int | None:
        """Board space of a queued player: spaces 0..players-1 left to right, filled from the right."""
        if seat not in self.queue:
            return None
        return len(self.players) - 1 - self.queue.index(seat)

    def product_at(self, product_id: str) -> TableProduct | None:
        return next((t for t in self.table if t.id == product_id), None)

    def price(self, seat: int, bargain_id: str) -> int:
        """What this bargain costs this player now: the promo price when its condition holds."""
        bargain = self.catalogue.bargains[bargain_id]
        if self.promo_applies(seat, bargain_id):
            assert bargain.promo_price is not None, "a promo condition comes with its price (catalogue check)"
            return bargain.promo_price
        return bargain.price

    def promo_applies(self, seat: int, bargain_id: str) -> bool:
        bargain = self.catalogue.bargains[bargain_id]
        if bargain.condition is None:
            return False
        if bargain.condition == "last":
            return self.display == [bargain_id]
        products = self.catalogue.products
        return any(products[p].category == bargain.condition for p in self.players[seat].grabbed)

    def grabbable(self, seat: int) -> list[str]:
        """Free products on the table that this player's current faces could grab, each on its own."""
        player = self.players[seat]
        if not player.holding or UNROLLED in player.hand:
            return []
        products = self.catalogue.products
        return [t.id for t in self.table
                if t.holder is None and covers(products[t.id].faces, player.hand)]

    def bid_made(self, seat: int) -> bool:
        return self.players[seat].bid is not None

    def revealed_bids(self) -> list[int] | None:
        """The bonus bids once everybody has chosen (None while they are still secret)."""
        if self.round <= self.rules.normal_rounds or self.phase == BIDDING:
            return None
        return [p.bid or 0 for p in self.players]

    def scores(self) -> list[Score]:
        return score_players(self.players, self.catalogue)

    def winners(self) -> list[int]:
        """Seats of the winners (most points, then most tokens; a remaining tie shares)."""
        return winners(self.scores())

    def tokens_total(self) -> int:
        return self.supply + self.bonus + self.discarded + sum(p.tokens for p in self.players)

    # ------------------------------------------------------------------ checks
    def _seat(self, seat: int) -> Result | None:
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            return _no(f"There is no player {seat}")
        return None

    def _seat_in(self, seat: int, phase: CheckoutPhase, other_phase: str) -> Result | None:
        """_seat, and the table must be in `phase` (else the reason `other_phase`)."""
        bad = self._seat(seat)
        if bad or self.phase == phase:
            return bad
        return _no(other_phase)

    def _name(self, product_id: str) -> str:
        product = self.catalogue.products.get(product_id)
        return product.name if product else repr(product_id)

    def _in_round(self, seat: int, verb: str) -> Result | None:
        if self.phase not in PLAYING:
            return _no(f"You can only {verb} while the dice are rolling")
        player = self.players[seat]
        if player.in_queue:
            return _no("You have already checked out this round")
        if not player.hand:
            if self.phase in (BONUS, BONUS_SOLO) and player.dice == 0:
                return _no("You bought no dice for the bonus round")
            return _no("You have no dice left this round")
        return None

    # ------------------------------------------------------------------ actions
    def check_roll(self, seat: int) -> Result:
        """Would `roll` succeed now? The same answer and reason, with nothing changed."""
        bad = self._seat(seat) or self._in_round(seat, "roll")
        if bad:
            return bad
        if self.phase == BONUS_SOLO:
            return _no("You are the only one in the bonus round: set your dice instead of rolling")
        if self.last_holder() == seat:
            return _no("You are the last player holding dice: no more rolling, grab what you can")
        return OK

    def roll(self, seat: int, faces: Sequence[int] | None = None) -> Result:
        """Roll every unplaced die. `faces` forces the result (scenarios/tests only)."""
        verdict = self.check_roll(seat)
        if not verdict.ok:
            return verdict
        player = self.players[seat]
        if faces is None:
            player.hand = [self.rng.randint(1, 6) for _ in player.hand]
        else:
            if len(faces) != len(player.hand) or not all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
                return _no(f"A roll of {len(player.hand)} dice needs {len(player.hand)} faces from 1 to 6")
            player.hand = list(faces)
        player.rolls += 1
        return self._done()

    def set_faces(self, seat: int, faces: Sequence[int]) -> Result:
        """The only bonus-round participant turns their unplaced dice to any faces."""
        bad = self._seat_in(seat, BONUS_SOLO, "Only the sole player of a bonus round may set their dice")
        if bad:
            return bad
        bad = self._in_round(seat, "set dice")
        if bad:
            return bad
        player = self.players[seat]
        if len(faces) != len(player.hand) or not all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
            return _no(f"Set your {len(player.hand)} dice to {len(player.hand)} faces from 1 to 6")
        player.hand = list(faces)
        return self._done()

    def check_grab(self, seat: int, product_ids: Sequence[str]) -> Result:
        """Would `grab` succeed now? The same answer and reason, with nothing changed."""
        bad = self._seat(seat) or self._in_round(seat, "grab")
        if bad:
            return bad
        player = self.players[seat]
        if UNROLLED in player.hand:
            verb = "Set" if self.phase == BONUS_SOLO else "Roll"
            return _no(f"{verb} your dice first")
        ids = _id_list(product_ids)
        bad = self._grab_targets(ids)
        if bad:
            return bad
        needed = [face for pid in ids for face in self.catalogue.products[pid].faces]
        if not covers(needed, player.hand):
            if len(ids) == 1:
                return _no(f"Those dice don't show {say_faces(needed)}")
            names = " and ".join(self._name(pid) for pid in ids)
            return _no(f"Those dice can't cover {names} at once: that needs {say_faces(needed)}")
        return OK

    def plan_grab(self, seat: int, product_ids: Sequence[str]) -> list[int] | None:
        """Indexes into the player's hand of the dice a grab would place (None if it would fail),
        in product order: lets the table highlight or animate exactly those dice."""
        if not self.check_grab(seat, product_ids).ok:
            return None
        free = list(enumerate(self.players[seat].hand))
        used: list[int] = []
        for pid in _id_list(product_ids):
            for face in self.catalogue.products[pid].faces:
                at = next(i for i, (_, f) in enumerate(free) if f == face)  # first die showing it
                used.append(free.pop(at)[0])
        return used

    def grab(self, seat: int, product_ids: Sequence[str]) -> Result:
        """Place dice from the current roll on every listed product at once."""
        verdict = self.check_grab(seat, product_ids)
        if not verdict.ok:
            return verdict
        player = self.players[seat]
        products = self.catalogue.products
        for pid in _id_list(product_ids):
            spot = self.product_at(pid)
            assert spot is not None, "check_grab found every product on the table"
            spot.holder = seat
            spot.dice = list(products[pid].faces)
            player.hand = take_dice(products[pid].faces, player.hand)
            player.placed += len(products[pid].faces)
            player.grabbed.append(pid)
            player.products.append(pid)
        self._after_leaving()
        return self._done()

    def _grab_targets(self, ids: list[str]) -> Result | None:
        if not ids:
            return _no("Choose at least one product to grab")
        if len(set(ids)) != len(ids):
            return _no("You listed the same product twice")
        for pid in ids:
            spot = self.product_at(pid)
            if spot is None:
                return _no(f"{self._name(pid)} is not on the table")
            if spot.holder is not None:
                return _no(f"{self._name(pid)} is already taken")
        return None

    def join_queue(self, seat: int) -> Result:
        """Put every remaining die on the rightmost empty queue space; the round ends for you."""
        bad = self._seat(seat) or self._in_round(seat, "join the queue")
        if bad:
            return bad
        player = self.players[seat]
        if self.phase == BONUS_SOLO:
            # The sole participant is done grabbing: the bonus round ends.
            player.spent += len(player.hand)
            player.hand = []
            self._finish_bonus()
            return self._done()
        player.queued = len(player.hand)
        player.hand = []
        player.in_queue = True
        self.queue.append(seat)
        if self.phase == BONUS and self.bonus_taker is None:
            self.bonus_taker = seat
            player.tokens += self.bonus
            self.bonus = 0
        self._after_leaving()
        return self._done()

    def finish_last_holder(self) -> Result:
        """The last player's window is over: their dice join the queue by themselves."""
        seat = self.last_holder()
        if seat is None:
            return _no("Nobody is the last player holding dice")
        return self.join_queue(seat)

    def buy(self, seat: int, bargain_id: str) -> Result:
        """Buy a bargain on your checkout turn, at the promo price when its condition holds."""
        bad = self._seat_in(seat, CHECKOUT, "Bargains are bought at checkout")
        if bad:
            return bad
        player = self.players[seat]
        if not player.in_queue:
            return _no("You have no dice in the queue, so you cannot buy anything")
        if self.checkout_player() != seat:
            return _no("It is not your turn to check out")
        bargain = self.catalogue.bargains.get(bargain_id)
        if bargain is None or bargain_id not in self.display:
            name = bargain.name if bargain else repr(bargain_id)
            return _no(f"{name} is not on offer")
        cost = self.price(seat, bargain_id)
        if cost > player.queued:
            return _no(f"{bargain.name} costs {cost} dice and you have {player.queued} left in the queue")
        player.queued -= cost
        player.spent += cost
        player.bargains.append(bargain_id)
        self.display.remove(bargain_id)
        return self._done()

    def end_checkout_turn(self, seat: int) -> Result:
        """Finish your checkout: each unspent queue die becomes 1 change token while the supply lasts."""
        bad = self._seat_in(seat, CHECKOUT, "It is not the checkout")
        if bad:
            return bad
        if self.checkout_player() != seat:
            return _no("It is not your turn to check out")
        player = self.players[seat]
        change = min(player.queued, self.supply)
        self.supply -= change
        player.tokens += change
        player.spent += player.queued
        player.queued = 0
        self.turn += 1
        if self.turn >= len(self.queue):
            self._end_round()
        return self._done()

    def next_round(self) -> Result:
        """Leave the round results: deal the next round, or go to the bonus-round bids."""
        if self.phase != ROUND_END:
            return _no("The round is not over yet")
        if self.round < self.rules.normal_rounds:
            self.round += 1
            self._deal_round()
        else:
            self.round += 1
            self.phase = BIDDING
        return self._done()

    def bid(self, seat: int, tokens: int) -> Result:
        """Secretly spend 0-5 change tokens on bonus-round dice; revealed when all have bid."""
        bad = self._seat_in(seat, BIDDING, "Bids are made before the bonus round")
        if bad:
            return bad
        player = self.players[seat]
        if player.bid is not None:
            return _no("You have already chosen your bid")
        top = self.rules.bonus_bid_max
        if not isinstance(tokens, int) or not 0 <= tokens <= top:
            return _no(f"Bid 0 to {top} tokens")
        if tokens > player.tokens:
            return _no(f"You only have {player.tokens} change tokens")
        player.bid = tokens
        if all(p.bid is not None for p in self.players):
            self._start_bonus()
        return self._done()

    # ------------------------------------------------------------------ flow
    def _done(self) -> Result:
        self.actions += 1
        return OK

    def _deal_round(self) -> None:
        count = self.rules.products_per_player * len(self.players)
        self.table = [TableProduct(pid) for pid in self._draw(self.product_deck, count)]
        self.display = self._draw(self.bargain_deck, len(self.players))
        self.queue, self.turn = [], 0
        for player in self.players:
            self._reset_round(player, self.rules.dice_per_player)
        self.phase = FRENZY

    @staticmethod
    def _draw(deck: list[str], count: int) -> list[str]:
        """Take up to `count` cards from the top; a short deck deals what it has."""
        drawn = deck[:count]
        del deck[:count]
        return drawn

    @staticmethod
    def _reset_round(player: Player, dice: int) -> None:
        player.dice, player.hand = dice, [UNROLLED] * dice
        player.placed = player.queued = player.spent = player.rolls = 0
        player.in_queue = False
        player.grabbed = []

    def _after_leaving(self) -> None:
        """After a grab or a queue join: start checkout (or end the bonus) when nobody holds dice."""
        if self.holders():
            return
        if self.phase == FRENZY:
            self.phase = CHECKOUT
            self.turn = 0
            if not self.queue:
                self._end_round()
        else:
            self._finish_bonus()

    def _end_round(self) -> None:
        self.set_aside.extend(t.id for t in self.table if t.holder is None)
        self.bargains_discarded.extend(self.display)
        self.table, self.display, self.queue, self.turn = [], [], [], 0
        added = min(self.rules.bonus_tokens_per_round, self.supply)
        self.supply -= added
        self.bonus += added
        for player in self.players:
            self._reset_round(player, 0)
        self.phase = ROUND_END

    def _start_bonus(self) -> None:
        for player in self.players:
            assert player.bid is not None, "everyone has bid before the bonus round starts"
            self.supply += player.bid      # spent change goes back to the supply
            player.tokens -= player.bid
        extra = self._draw(self.product_deck, self.rules.bonus_extra_products)
        self.table = [TableProduct(pid) for pid in self.set_aside + extra]
        self.set_aside = []
        self.queue, self.turn = [], 0
        for player in self.players:
            self._reset_round(player, player.bid or 0)   # every bid is set (checked above)
        bidders = [p for p in self.players if p.bid]
        if not bidders:
            self._finish_bonus()
        elif len(bidders) == 1:
            self.phase = BONUS_SOLO
        else:
            self.phase = BONUS

    def _finish_bonus(self) -> None:
        """The bonus round is over: leftover dice earn nothing; untaken BONUS tokens are discarded."""
        self.discarded += self.bonus
        self.bonus = 0
        self.products_discarded.extend(t.id for t in self.table if t.holder is None)
        for player in self.players:
            player.spent += len(player.hand) + player.queued
            player.hand, player.queued = [], 0
        self.phase = OVER

    # ------------------------------------------------------------------ record
    def state_dict(self) -> dict[str, Any]:
        """Everything that matters about the game, as plain JSON-able data."""
        return {
            "phase": self.phase, "round": self.round, "supply": self.supply,
            "bonus": self.bonus, "discarded": self.discarded, "turn": self.turn,
            "queue": list(self.queue), "bonus_taker": self.bonus_taker,
            "table": [[t.id, t.holder, list(t.dice)] for t in self.table],
            "display": list(self.display), "set_aside": list(self.set_aside),
            "product_deck": list(self.product_deck), "bargain_deck": list(self.bargain_deck),
            "bargains_discarded": list(self.bargains_discarded),
            "products_discarded": list(self.products_discarded),
            "players": [{
                "seat": p.seat, "tokens": p.tokens, "products": list(p.products),
                "bargains": list(p.bargains), "dice": p.dice, "hand": list(p.hand),
                "placed": p.placed, "queued": p.queued, "spent": p.spent,
                "in_queue": p.in_queue, "rolls": p.rolls, "grabbed": list(p.grabbed), "bid": p.bid,
            } for p in self.players],
        }

    def state_hash(self) -> str:
        """sha256 of a canonical dump of the state: equal hashes, equal games."""
        dump = json.dumps(self.state_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(dump.encode("utf-8")).hexdigest()

    def preset(self, *, round: int | None = None, tokens: Sequence[int] | None = None,
               bonus: int | None = None, products: Sequence[Sequence[str]] | None = None,
               bargains: Sequence[Sequence[str]] | None = None,
               set_aside: Sequence[str] | None = None) -> None:
        """Start from a mid-game position (scenarios and tests), before any action.

        Tokens come out of the supply; products and bargains are ones already won in
        earlier rounds; `set_aside` products wait for the bonus round."""
        if self.actions:
            raise ValueError("preset() must come before the first action")
        if round is not None:
            if not 1 <= round <= self.rules.normal_rounds:
                raise ValueError(f"round must be 1 to {self.rules.normal_rounds}")
            self.round = round
        for seat, count in enumerate(tokens or []):
            self.players[seat].tokens += count
            self.supply -= count
        if bonus is not None:
            self.bonus += bonus
            self.supply -= bonus
        if self.supply < 0:
            raise ValueError("preset takes more tokens than the supply holds")
        for seat, won in enumerate(products or []):
            self._take_out(won, self.product_deck, self.catalogue.products)
            self.players[seat].products.extend(won)
        for seat, won in enumerate(bargains or []):
            self._take_out(won, self.bargain_deck, self.catalogue.bargains)
            self.players[seat].bargains.extend(won)
        if set_aside:
            self._take_out(set_aside, self.product_deck, self.catalogue.products)
            self.set_aside.extend(set_aside)

    def _take_out(self, ids: Sequence[str], deck: list[str], known: dict[str, Any]) -> None:
        """Cards a preset hands out leave the deck; one already dealt this round is an error."""
        dealt = [t.id for t in self.table] + self.display
        for card in ids:
            if card not in known:
                raise ValueError(f"unknown id {card!r}")
            if card in dealt:
                raise ValueError(f"{card!r} is already dealt this round")
            if card in deck:
                deck.remove(card)
