"""Headless Check Out!: a whole game (4 rounds + bonus) played by the simplest
honest automatic players, straight on the rules engine (no real time).

The players are random but legal: roll, grab what the dice allow, join the
queue now and then, buy bargains they can pay for, bid at random. They stand in
until the real bots exist; they also make a handy smoke test of the engine.
"""
from __future__ import annotations

import random
from typing import Any

from game.match.spec import MatchSpec

from .catalogue import Catalogue, load_catalogue
from .dice import covers
from .engine import (BIDDING, BONUS, BONUS_SOLO, CHECKOUT, FRENZY, OVER, ROUND_END,
                     UNROLLED, CheckoutGame)

MAX_ROLLS = 8          # an automatic player always checks out after this many rolls
QUEUE_CHANCE = 0.25    # chance, after a fruitless roll, to check out instead of rolling again
BUY_CHANCE = 0.8       # chance to buy an affordable bargain rather than end the turn
ACTION_LIMIT = 20_000  # far above any real game: a guard against an engine bug looping forever


def play_match(spec: MatchSpec, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """Play one game seeded by spec.seed; return the result JSON of DESIGN.md."""
    catalogue = catalogue or load_catalogue()
    game = CheckoutGame(catalogue, spec.players, random.Random(spec.seed))
    bots = random.Random(spec.seed * 7919 + 17)  # the players' own choices, apart from the dice
    while game.phase != OVER:
        if game.actions > ACTION_LIMIT:
            raise RuntimeError("automatic Check Out! game did not finish")
        _act(game, bots)
    return _result(spec, game)


def _act(game: CheckoutGame, bots: random.Random) -> None:
    if game.phase in (FRENZY, BONUS):
        _frenzy_move(game, bots)
    elif game.phase == BONUS_SOLO:
        _solo_move(game)
    elif game.phase == CHECKOUT:
        _checkout_move(game, bots)
    elif game.phase == ROUND_END:
        game.next_round()
    elif game.phase == BIDDING:
        seat = next(p.seat for p in game.players if p.bid is None)
        game.bid(seat, bots.randint(0, min(game.rules.bonus_bid_max, game.players[seat].tokens)))


def greedy_grab(game: CheckoutGame, seat: int) -> list[str]:
    """The most stars this player's current faces can grab at once, picking dearest first."""
    hand = game.players[seat].hand
    products = game.catalogue.products
    chosen: list[str] = []
    needed: list[int] = []
    for pid in sorted(game.grabbable(seat), key=lambda p: -products[p].stars):
        if covers(needed + list(products[pid].faces), hand):
            chosen.append(pid)
            needed += products[pid].faces
    return chosen


def _frenzy_move(game: CheckoutGame, bots: random.Random) -> None:
    last = game.last_holder()
    seat = last if last is not None else bots.choice(game.holders())
    player = game.players[seat]
    if UNROLLED in player.hand and last is None:
        game.roll(seat)
        return
    grab = greedy_grab(game, seat)
    if grab:
        game.grab(seat, grab)
    elif last is not None:
        game.finish_last_holder()
    elif player.rolls >= MAX_ROLLS or bots.random() < QUEUE_CHANCE:
        game.join_queue(seat)
    else:
        game.roll(seat)


def _solo_move(game: CheckoutGame) -> None:
    """The lone bonus player sets the faces of the dearest products that fit, grabs, leaves."""
    seat = game.holders()[0]
    dice = len(game.players[seat].hand)
    products = game.catalogue.products
    faces: list[int] = []
    for spot in sorted(game.table, key=lambda t: -products[t.id].stars):
        if len(faces) + len(products[spot.id].faces) <= dice:
            faces += products[spot.id].faces
    game.set_faces(seat, faces + [1] * (dice - len(faces)))
    grab = greedy_grab(game, seat)
    if grab:
        game.grab(seat, grab)
    if game.phase == BONUS_SOLO:
        game.join_queue(seat)


def _checkout_move(game: CheckoutGame, bots: random.Random) -> None:
    seat = game.checkout_player()
    assert seat is not None, "only called in the checkout phase"
    queued = game.players[seat].queued
    affordable = [b for b in game.display if game.price(seat, b) <= queued]
    if affordable and bots.random() < BUY_CHANCE:
        game.buy(seat, bots.choice(affordable))
    else:
        game.end_checkout_turn(seat)


def _result(spec: MatchSpec, game: CheckoutGame) -> dict[str, Any]:
    scores = game.scores()
    seats = [s.seat for s in spec.seats]
    return {
        "game": "checkout",
        "mode": "standard",
        "seed": spec.seed,
        "ticks": game.actions,  # engine actions applied (no real time yet)
        "players": [{
            "seat": seats[s.seat], "team": spec.seats[s.seat].team, "bot": True,
            "score": s.total, "stars": s.stars, "tokens": s.tokens, "sets": s.sets,
        } for s in scores],
        "winners": [seats[w] for w in game.winners()],
        "state_hash": game.state_hash(),
    }
