"""Check Out! bots: they play the dice table through the same Commands a pad sends.

`CheckOutBot(seat, difficulty, seed).command(sim)` is called once per tick and
returns one Command: it pushes the d-pad one card at a time and presses X, A,
Y like a person, with a reaction time and a pace per difficulty (data in
assets/checkout/tuning.toml, [bots.*]). It is given only its seat's view of
the table (`sim.seat_view(seat)`, game/sim/table_view.py): dice once they land,
the products, bargains, queue and its own tokens; no deck, no secret bid.

Depth of thought by level: easy grabs the first product it notices and
overlooks some; normal takes the dearest single product; hard the best
combination of products for the dice showing; expert also values sets and
promos, samples re-rolls against what its dice would buy in the queue, and
plays the bonus round's BONUS race and solo rule. Every level bids what the products set
aside are worth to it, up to its share of the tokens (easy bots hold most back).
"""
from __future__ import annotations

import random
from collections import Counter

from game.match.commands import IDLE, Button, Command
from game.rules.checkout import BIDDING, BONUS, BONUS_SOLO, CHECKOUT, FRENZY, ROUND_END
from game.rules.checkout.catalogue import CATEGORIES
from game.sim.table_face import TableFace
from game.sim.table_view import TableSeatView
from game.sim.table_turns import bargain_places
from game.sim.table_cursor import Place, move
from game.sim import preload
from game.sim.table_tuning import TableTuning, ticks

from .checkout_plan import (Candidate, best_combo, best_faces, buy_plan, queue_values,
                            sampled_roll_value)

_PRESS = {b: Command(pressed=b, held=b) for b in (Button.A, Button.B, Button.X, Button.Y)}
_DIRS = {(1, 0): Button.RIGHT, (-1, 0): Button.LEFT, (0, 1): Button.DOWN, (0, -1): Button.UP}
_PUSH = {d: Command(pressed=b, held=b) for d, b in _DIRS.items()}


def _toward(places: list[Place], cursor: int, target: int) -> tuple[int, int] | None:
    """The push that brings the cursor closest to the target (None if none helps)."""
    tx, tr = places[target]

    def distance(i: int) -> tuple[int, int]:
        x, r = places[i]
        return abs(r - tr), abs(x - tx)

    here = distance(cursor)
    best = None
    for d in _DIRS:
        there = move(places, cursor, *d)
        if distance(there) < here and (best is None or distance(there) < distance(move(places, cursor, *best))):
            best = d
    return best


class CheckOutBot:
    """One bot seat. Deterministic for a seed: its own Random, apart from the dice."""

    def __init__(self, seat: int, difficulty: str = "normal", seed: int = 0,
                 tuning: TableTuning | None = None) -> None:
        tuning = tuning or preload.checkout_tuning()   # parsed once per version of the file, not per bot
        if difficulty not in tuning.bots:
            raise ValueError(f"unknown bot difficulty {difficulty!r}; expected one of {', '.join(tuning.bots)}")
        self.seat = seat
        self.difficulty = difficulty
        self.level = tuning.bots[difficulty]
        self.depth = int(self.level["depth"])
        self.rng = random.Random(seed * 1_000_003 + seat * 7919 + 11)
        self.reaction = ticks(self.level["reaction"])
        self.step = ticks(self.level["step"])
        self.jitter = int(self.level["jitter"] * 60)
        self.wait_until = 0
        self.seen_phase = ""
        self.seen_land = -1
        self.noticed: set[str] = set()
        self.presses = 0          # buttons pressed (A/X/Y/B), for the rejection rate

    # ------------------------------------------------------------------ timing
    def _delay(self, base: int) -> int:
        return base + (self.rng.randint(0, self.jitter) if self.jitter else 0)

    def _push(self, view: TableSeatView, places: list[Place], cursor: int, target: int) -> Command:
        d = _toward(places, cursor, target)
        self.wait_until = view.tick + self._delay(self.step)
        return IDLE if d is None else _PUSH[d]

    def _press(self, view: TableSeatView, button: Button, pause: int | None = None) -> Command:
        self.presses += 1
        self.wait_until = view.tick + (self._delay(self.step) if pause is None else pause)
        return _PRESS[button]

    # ------------------------------------------------------------------ the tick
    def command(self, sim: TableFace) -> Command:
        """This tick's Command for the bot's seat: it looks only through its seat's view."""
        if sim.tick < self.wait_until:   # _think's first test, before a view is made for it
            return IDLE
        return self._think(sim.seat_view(self.seat))

    def _think(self, view: TableSeatView) -> Command:
        tick = view.tick
        if tick < self.wait_until:
            return IDLE
        phase = view.phase
        if phase != self.seen_phase:
            self.seen_phase = phase
            self.wait_until = tick + self._delay(self.reaction)
            return IDLE
        if phase in (FRENZY, BONUS):
            return self._frenzy(view)
        if phase == CHECKOUT:
            return self._checkout(view)
        if phase == BIDDING:
            return self._bid(view)
        if phase == BONUS_SOLO:
            return self._solo(view)
        if phase == ROUND_END:
            if not view.ready():
                return self._press(view, Button.A, 30)
        self.wait_until = tick + 10
        return IDLE

    # ------------------------------------------------------------------ frenzy
    def _value(self, view: TableSeatView, pid: str) -> float:
        products = view.catalogue.products
        product = products[pid]
        value = float(product.stars)
        if self.depth >= 3:
            counts = Counter(products[p].category for p in view.products())
            if counts[product.category] == min(counts[c] for c in CATEGORIES):
                value += view.rules.set_bonus * 0.6  # moves a set closer
            if product.category not in {products[p].category for p in view.grabbed()}:
                value += 0.5 * sum(1 for b in view.display()
                                   if view.catalogue.bargains[b].condition == product.category)
        return value

    def _candidates(self, view: TableSeatView, only_noticed: bool) -> list[Candidate]:
        products = view.catalogue.products
        return [(pid, products[pid].faces, self._value(view, pid)) for pid, holder in view.table()
                if holder is None and (not only_noticed or pid in self.noticed)]

    def _grab_plan(self, view: TableSeatView, hand: list[int]) -> list[str]:
        candidates = self._candidates(view, only_noticed=True)
        have = Counter(hand)
        fits = [c for c in candidates if all(have[f] >= n for f, n in Counter(c[1]).items())]
        if not fits:
            return []
        if self.depth == 0:
            return [fits[0][0]]
        if self.depth == 1:
            return [max(fits, key=lambda c: c[2])[0]]
        return best_combo(hand, fits)[1]

    def _frenzy(self, view: TableSeatView) -> Command:
        tick = view.tick
        if not view.holding():
            self.wait_until = tick + 20
            return IDLE
        if view.tumbling():
            self.wait_until = view.land_tick() + self._delay(self.reaction)
            return IDLE
        if view.phase == BONUS and self.depth >= 2 and view.bonus_taker() is None and view.bonus() >= 3:
            return self._press(view, Button.Y)   # the race for the BONUS tokens
        hand = view.visible_hand() or []
        last = view.last_holder() == self.seat
        if 0 in hand:
            return self._press(view, Button.Y if last else Button.X, self.reaction)
        if view.land_tick() != self.seen_land:
            self.seen_land = view.land_tick()
            miss = self.level["miss"]
            self.noticed = {pid for pid, _ in view.table() if self.rng.random() >= miss}
        plan = self._grab_plan(view, hand)
        if plan:
            target = next(i for i, (pid, _) in enumerate(view.table()) if pid == plan[0])
            if view.cursor() != target:
                return self._push(view, view.places(), view.cursor(), target)
            return self._press(view, Button.A)
        if last or self._should_queue(view, hand):
            return self._press(view, Button.Y, self.reaction)
        return self._press(view, Button.X, self.reaction)

    def _offers(self, view: TableSeatView) -> list[tuple[str, int, int, int]]:
        out = []
        for b in view.display():
            bargain = view.catalogue.bargains[b]
            promo = bargain.promo_price   # a "last" promo always has its price (catalogue check)
            last_price = promo if bargain.condition == "last" and promo is not None else view.price(b)
            out.append((b, view.price(b), bargain.stars, last_price))
        return out

    def _should_queue(self, view: TableSeatView, hand: list[int]) -> bool:
        free = [pid for pid, holder in view.table() if holder is None]
        if not free or view.rolls() >= self.level["rolls"]:
            return True
        if view.phase == BONUS:
            return False   # leftover dice earn nothing: keep rolling
        dice = len(hand)
        if not self.level["samples"]:
            # simple: a die in the queue is worth die_value; a hand this small rarely finds a set
            return dice * self.level["die_value"] >= 2 * max(1, len(free)) and dice <= 2
        offers = self._offers(view)
        leftover = queue_values(dice, offers, view.queue_length(), view.supply())
        later = [v * 0.8 for v in leftover]   # joining later means a worse place in the queue
        roll = sampled_roll_value(dice, self._candidates(view, only_noticed=False), later,
                                  int(self.level["samples"]), self.rng)
        return leftover[dice] + self.level["greed"] >= roll

    # ------------------------------------------------------------------ checkout
    def _checkout(self, view: TableSeatView) -> Command:
        if view.checkout_seat() != self.seat:
            self.wait_until = view.tick + 6
            return IDLE
        queued = view.queued()
        offers = self._offers(view)
        affordable = [o for o in offers if o[1] <= queued]
        if not affordable:
            return self._press(view, Button.Y)
        bargains = view.catalogue.bargains
        if self.depth == 0:
            target = affordable[0][0]
        elif self.depth == 1:
            target = max(affordable, key=lambda o: (o[2], -o[1]))[0]
        else:
            plan = buy_plan(queued, offers, view.supply())[1]
            if not plan:
                return self._press(view, Button.Y)
            # buy "last"-promo items at the very end, dearest first otherwise
            target = sorted(plan, key=lambda b: (len(plan) == len(offers) and
                                                 bargains[b].condition == "last",
                                                 -bargains[b].stars))[0]
        display = view.display()
        index = display.index(target)
        if view.bargain_cursor() != index:
            return self._push(view, bargain_places(len(display)), view.bargain_cursor(), index)
        return self._press(view, Button.A)

    # ------------------------------------------------------------------ bonus round
    def _bid_target(self, view: TableSeatView) -> int:
        """Tokens to bid: the dice the set-aside products are worth (each die must bring a point
        more than its token), at most the level's share of the tokens it may bid. Bidding a
        share of the tokens whatever lies set aside lost normal bots the bonus round."""
        limit = min(view.bid_limit(), round(self.level["bid"] * view.bid_limit()))
        products = view.catalogue.products
        aside = [(p, products[p].faces, float(products[p].stars)) for p in view.set_aside()]
        best = 1 if limit else 0   # one die is enough to race for the BONUS tokens
        for dice in range(1, limit + 1):
            value = best_faces(dice, aside)[0]
            if value - dice >= best_faces(best, aside)[0] - best + 1:
                best = dice
        return min(limit, best)

    def _bid(self, view: TableSeatView) -> Command:
        if view.bid_made():
            self.wait_until = view.tick + 20
            return IDLE
        want = self._bid_target(view)
        if view.bid_choice() < want:
            return self._push_bid(view, (0, -1))
        if view.bid_choice() > want:
            return self._push_bid(view, (0, 1))
        return self._press(view, Button.A)

    def _push_bid(self, view: TableSeatView, d: tuple[int, int]) -> Command:
        self.wait_until = view.tick + self._delay(self.step)
        return _PUSH[d]

    def _solo(self, view: TableSeatView) -> Command:
        if view.solo_seat() != self.seat:
            self.wait_until = view.tick + 30
            return IDLE
        hand = view.solo_dice()
        products = view.catalogue.products
        table = view.table()
        free = [(pid, products[pid].faces, self._value(view, pid)) for pid, holder in table if holder is None]
        _, chosen, faces = best_faces(len(hand), free)
        if not chosen:
            return self._press(view, Button.Y)
        want = faces + [1] * (len(hand) - len(faces))
        places = view.places()
        cursor = view.cursor()
        if Counter(want) != Counter(hand):
            die = next(i for i in range(len(hand)) if hand[i] != want[i])
            if cursor != len(table) + die:
                return self._push(view, places, cursor, len(table) + die)
            up = (want[die] - hand[die]) % 6
            return self._press(view, Button.A if up <= 3 else Button.B)
        target = next(i for i, (pid, _) in enumerate(table) if pid == chosen[0])
        if cursor != target:
            return self._push(view, places, cursor, target)
        return self._press(view, Button.A)
