"""Check Out! bots: they play the dice table through the same Commands a pad sends.

`CheckOutBot(seat, difficulty, seed).command(sim)` is called once per tick and
returns one Command: it pushes the d-pad one card at a time and presses X, A,
Y like a person, with a reaction time and a pace per difficulty (data in
assets/checkout/tuning.toml, [bots.*]). It reads only what its player can see
on the table: its own dice once they land, the products, bargains, queue and
token counts. It never reads another seat's secret bid.

Depth of thought by level: easy grabs the first product it notices and
overlooks some; normal takes the dearest single product; hard the best
combination of products for the dice showing; expert also values sets and
promos, samples re-rolls against what its dice would buy in the queue, and
plays the bonus round's BONUS race and solo rule.
"""
from __future__ import annotations

import random
from collections import Counter

from game.input.commands import IDLE, Button, Command
from game.rules.checkout import BIDDING, BONUS, BONUS_SOLO, CHECKOUT, FRENZY, ROUND_END
from game.rules.checkout.catalogue import CATEGORIES
from game.sim.table import TableSim
from game.sim.table_turns import bargain_places
from game.sim.table_cursor import Place, move
from game.sim.table_tuning import TableTuning, load_table_tuning, ticks

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
        tuning = tuning or load_table_tuning()
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

    def _push(self, sim: TableSim, places: list[Place], cursor: int, target: int) -> Command:
        d = _toward(places, cursor, target)
        self.wait_until = sim.tick + self._delay(self.step)
        return IDLE if d is None else _PUSH[d]

    def _press(self, sim: TableSim, button: Button, pause: int | None = None) -> Command:
        self.presses += 1
        self.wait_until = sim.tick + (self._delay(self.step) if pause is None else pause)
        return _PRESS[button]

    # ------------------------------------------------------------------ the tick
    def command(self, sim: TableSim) -> Command:
        """This tick's Command for the bot's seat."""
        tick = sim.tick
        if tick < self.wait_until:
            return IDLE
        phase = sim.phase
        if phase != self.seen_phase:
            self.seen_phase = phase
            self.wait_until = tick + self._delay(self.reaction)
            return IDLE
        if phase in (FRENZY, BONUS):
            return self._frenzy(sim)
        if phase == CHECKOUT:
            return self._checkout(sim)
        if phase == BIDDING:
            return self._bid(sim)
        if phase == BONUS_SOLO:
            return self._solo(sim)
        if phase == ROUND_END:
            if not sim.seats[self.seat].ready:
                return self._press(sim, Button.A, 30)
        self.wait_until = tick + 10
        return IDLE

    # ------------------------------------------------------------------ frenzy
    def _value(self, sim: TableSim, pid: str) -> float:
        product = sim.catalogue.products[pid]
        value = float(product.stars)
        if self.depth >= 3:
            player = sim.game.players[self.seat]
            counts = Counter(sim.catalogue.products[p].category for p in player.products)
            if counts[product.category] == min(counts[c] for c in CATEGORIES):
                value += sim.game.rules.set_bonus * 0.6  # moves a set closer
            if product.category not in {sim.catalogue.products[p].category for p in player.grabbed}:
                value += 0.5 * sum(1 for b in sim.game.display
                                   if sim.catalogue.bargains[b].condition == product.category)
        return value

    def _candidates(self, sim: TableSim, only_noticed: bool) -> list[Candidate]:
        products = sim.catalogue.products
        return [(t.id, products[t.id].faces, self._value(sim, t.id)) for t in sim.game.table
                if t.holder is None and (not only_noticed or t.id in self.noticed)]

    def _grab_plan(self, sim: TableSim, hand: list[int]) -> list[str]:
        candidates = self._candidates(sim, only_noticed=True)
        have = Counter(hand)
        fits = [c for c in candidates if all(have[f] >= n for f, n in Counter(c[1]).items())]
        if not fits:
            return []
        if self.depth == 0:
            return [fits[0][0]]
        if self.depth == 1:
            return [max(fits, key=lambda c: c[2])[0]]
        return best_combo(hand, fits)[1]

    def _frenzy(self, sim: TableSim) -> Command:
        game, seat, tick = sim.game, self.seat, sim.tick
        player = game.players[seat]
        if not player.holding:
            self.wait_until = tick + 20
            return IDLE
        me = sim.seats[seat]
        if sim.tumbling(seat):
            self.wait_until = me.land_tick + self._delay(self.reaction)
            return IDLE
        if game.phase == BONUS and self.depth >= 2 and game.bonus_taker is None and game.bonus >= 3:
            return self._press(sim, Button.Y)   # the race for the BONUS tokens
        hand = sim.visible_hand(seat) or []
        last = game.last_holder() == seat
        if 0 in hand:
            return self._press(sim, Button.Y if last else Button.X, self.reaction)
        if me.land_tick != self.seen_land:
            self.seen_land = me.land_tick
            miss = self.level["miss"]
            self.noticed = {t.id for t in game.table if self.rng.random() >= miss}
        plan = self._grab_plan(sim, hand)
        if plan:
            target = next(i for i, t in enumerate(game.table) if t.id == plan[0])
            if me.cursor != target:
                return self._push(sim, sim.places(), me.cursor, target)
            return self._press(sim, Button.A)
        if last or self._should_queue(sim, hand):
            return self._press(sim, Button.Y, self.reaction)
        return self._press(sim, Button.X, self.reaction)

    def _offers(self, sim: TableSim) -> list[tuple[str, int, int, int]]:
        game = sim.game
        out = []
        for b in game.display:
            bargain = sim.catalogue.bargains[b]
            promo = bargain.promo_price   # a "last" promo always has its price (catalogue check)
            last_price = promo if bargain.condition == "last" and promo is not None else game.price(self.seat, b)
            out.append((b, game.price(self.seat, b), bargain.stars, last_price))
        return out

    def _should_queue(self, sim: TableSim, hand: list[int]) -> bool:
        game = sim.game
        player = game.players[self.seat]
        free = [t for t in game.table if t.holder is None]
        if not free or player.rolls >= self.level["rolls"]:
            return True
        if game.phase == BONUS:
            return False   # leftover dice earn nothing: keep rolling
        dice = len(hand)
        if not self.level["samples"]:
            # simple: a die in the queue is worth die_value; a hand this small rarely finds a set
            return dice * self.level["die_value"] >= 2 * max(1, len(free)) and dice <= 2
        offers = self._offers(sim)
        leftover = queue_values(dice, offers, len(game.queue), game.supply)
        later = [v * 0.8 for v in leftover]   # joining later means a worse place in the queue
        roll = sampled_roll_value(dice, self._candidates(sim, only_noticed=False), later,
                                  int(self.level["samples"]), self.rng)
        return leftover[dice] + self.level["greed"] >= roll

    # ------------------------------------------------------------------ checkout
    def _checkout(self, sim: TableSim) -> Command:
        if sim.checkout_seat() != self.seat:
            self.wait_until = sim.tick + 6
            return IDLE
        game = sim.game
        player = game.players[self.seat]
        offers = self._offers(sim)
        affordable = [o for o in offers if o[1] <= player.queued]
        if not affordable:
            return self._press(sim, Button.Y)
        if self.depth == 0:
            target = affordable[0][0]
        elif self.depth == 1:
            target = max(affordable, key=lambda o: (o[2], -o[1]))[0]
        else:
            plan = buy_plan(player.queued, offers, game.supply)[1]
            if not plan:
                return self._press(sim, Button.Y)
            # buy "last"-promo items at the very end, dearest first otherwise
            target = sorted(plan, key=lambda b: (len(plan) == len(offers) and
                                                 sim.catalogue.bargains[b].condition == "last",
                                                 -sim.catalogue.bargains[b].stars))[0]
        index = game.display.index(target)
        me = sim.seats[self.seat]
        if me.bargain != index:
            return self._push(sim, bargain_places(len(game.display)), me.bargain, index)
        return self._press(sim, Button.A)

    # ------------------------------------------------------------------ bonus round
    def _bid_target(self, sim: TableSim) -> int:
        limit = sim.bid_limit(self.seat)
        if self.depth < 3:
            return min(limit, round(self.level["bid"] * limit))
        products = sim.catalogue.products
        aside = [(p, products[p].faces, float(products[p].stars)) for p in sim.game.set_aside]
        best = 1 if limit else 0   # one die is enough to race for the BONUS tokens
        for dice in range(1, limit + 1):
            value = best_faces(dice, aside)[0]
            if value - dice >= best_faces(best, aside)[0] - best + 1:
                best = dice
        return min(limit, best)

    def _bid(self, sim: TableSim) -> Command:
        if sim.game.bid_made(self.seat):
            self.wait_until = sim.tick + 20
            return IDLE
        me = sim.seats[self.seat]
        want = self._bid_target(sim)
        if me.bid_choice < want:
            return self._push_bid(sim, (0, -1))
        if me.bid_choice > want:
            return self._push_bid(sim, (0, 1))
        return self._press(sim, Button.A)

    def _push_bid(self, sim: TableSim, d: tuple[int, int]) -> Command:
        self.wait_until = sim.tick + self._delay(self.step)
        return _PUSH[d]

    def _solo(self, sim: TableSim) -> Command:
        if sim.solo_seat != self.seat:
            self.wait_until = sim.tick + 30
            return IDLE
        game = sim.game
        hand = game.players[self.seat].hand
        products = sim.catalogue.products
        free = [(t.id, products[t.id].faces, self._value(sim, t.id)) for t in game.table if t.holder is None]
        _, chosen, faces = best_faces(len(hand), free)
        if not chosen:
            return self._press(sim, Button.Y)
        want = faces + [1] * (len(hand) - len(faces))
        me = sim.seats[self.seat]
        places = sim.places()
        table = len(game.table)
        if Counter(want) != Counter(hand):
            die = next(i for i in range(len(hand)) if hand[i] != want[i])
            if me.cursor != table + die:
                return self._push(sim, places, me.cursor, table + die)
            up = (want[die] - hand[die]) % 6
            return self._press(sim, Button.A if up <= 3 else Button.B)
        target = next(i for i, t in enumerate(game.table) if t.id == chosen[0])
        if me.cursor != target:
            return self._push(sim, places, me.cursor, target)
        return self._press(sim, Button.A)
