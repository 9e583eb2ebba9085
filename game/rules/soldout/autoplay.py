"""Headless Sold Out!: the simplest honest automatic players play a whole match on the engine.

Honest means a bot only knows what a player at the table would: its own list
(it memorised it in Memory), the dressers, and the card it is looking at.
It picks a free pile, flips through it, takes what it needs, delivers or
places it, and now and then grabs a look-alike by mistake, as people do.
Ticks count engine actions until the simulation-based runner replaces this.
"""
from __future__ import annotations

import random
from typing import Any

from game.match.spec import MatchSpec
from game.rules.soldout.options import options_of
from game.rules.soldout.catalogue import Catalogue, load_catalogue
from game.rules.soldout import modes
from game.rules.soldout.engine import Round
from game.rules.soldout.match import Match

MISTAKE_CHANCE = 0.04         # chance to take a look-alike of a wanted item
MAX_ACTIONS_PER_ROUND = 20000  # a round's clock: far beyond what any bot round needs


class Bot:
    """One automatic player: browses piles one card at a time, remembers nothing else."""

    def __init__(self, player: int, rng: random.Random) -> None:
        self.player = player
        self.rng = rng
        self.looked = 0         # cards looked at in the held pile
        self.fruitless = 0      # whole piles browsed in a row without taking anything
        self.last_pile = -1
        self.target: str | None = None  # the item the carried card is believed to be

    def act(self, rnd: Round) -> None:
        p = self.player
        if p in rnd.carried:
            self._drop_off(rnd)
        elif p not in rnd.held:
            self._pick(rnd)
        else:
            self._browse(rnd)

    def _wanted(self, rnd: Round) -> list[str]:
        """Items this bot's side still needs, as the player knows them."""
        return rnd.family.open_items(rnd, rnd.side(self.player))

    def _pick(self, rnd: Round) -> None:
        if rnd.family.player_calls and self._should_call(rnd):
            rnd.call_sold_out(self.player)
            return
        free = [pid for pid in rnd.piles if rnd.holder(pid) is None]
        if len(free) > 1 and self.last_pile in free:
            free.remove(self.last_pile)
        if free:
            pile = self.rng.choice(free)
            rnd.pick_up(self.player, pile)
            self.looked = 0
            self.last_pile = pile

    def _should_call(self, rnd: Round) -> bool:
        side = rnd.side(self.player)
        held = sum(len(rnd.hands[m]) for m in rnd.members(side))
        return not self._wanted(rnd) or held >= rnd.hand_size(self.player) or self.fruitless >= len(rnd.piles)

    def _browse(self, rnd: Round) -> None:
        pile = rnd.held[self.player]
        card = rnd.shown(pile)
        wanted = self._wanted(rnd)
        match = card if card in wanted else self._lookalike(rnd, card, wanted)
        if match is not None and rnd.take(self.player).ok:
            self.target = match
            self.fruitless = 0
            if rnd.family.player_calls and self._should_call(rnd):
                rnd.call_sold_out(self.player)
            return
        if self.looked >= len(rnd.piles[pile]):
            rnd.put_down(self.player)
            self.fruitless += 1
            return
        rnd.flip(self.player)
        self.looked += 1

    def _lookalike(self, rnd: Round, card: str | None, wanted: list[str]) -> str | None:
        """Now and then mistake a card for a wanted one of the same garment and colour or pattern."""
        if card is None or self.rng.random() >= MISTAKE_CHANCE:
            return None
        mine = rnd.catalogue.items[card]
        for item_id in wanted:
            other = rnd.catalogue.items[item_id]
            if other.garment == mine.garment and (other.colour == mine.colour or other.pattern == mine.pattern):
                return item_id
        return None

    def _drop_off(self, rnd: Round) -> None:
        rnd.family.autoplay_drop(rnd, self.player, self.target)
        # A card the table refused (assist) goes back into a pile.
        if self.player in rnd.carried and rnd.piles:
            free = [pid for pid in rnd.piles if rnd.holder(pid) is None]
            if free:
                rnd.return_card(self.player, free[0])


def play_round_out(rnd: Round, bots: list[Bot], limit: int, cause: str) -> None:
    """The bots act in turn until the round is over, or end it with `cause` after `limit` actions."""
    while not rnd.over and rnd.actions < limit:
        for bot in bots:
            if rnd.over:
                break
            bot.act(rnd)
    if not rnd.over:
        rnd.end_round(cause)


def _teams(spec: MatchSpec) -> list[int] | None:
    if not spec.teams:
        return None
    return [s.team if s.team is not None else 100 + s.seat for s in spec.seats]


def play_match(spec: MatchSpec, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """Play a whole match with bots in every seat; returns DESIGN.md's result dict."""
    if not 1 <= len(spec.seats) <= 6:
        raise ValueError("Sold Out! is played by 1 to 6 players")
    catalogue = catalogue or load_catalogue()
    players = len(spec.seats)
    match = Match(catalogue, players, random.Random(spec.seed), _teams(spec),
                  assist=bool(options_of(spec).assist))
    bot_rng = random.Random(f"soldout-bots-{spec.seed}")
    ticks = 0
    rounds = []
    for mode in modes.schedule(spec):
        rnd = match.start_round(mode)
        play_round_out(rnd, [Bot(p, bot_rng) for p in range(players)], MAX_ACTIONS_PER_ROUND, "time")
        ticks += rnd.actions
        result = match.finish_round()
        rounds.append({"mode": mode, "cause": result.cause,
                       "players": [{"seat": spec.seats[p].seat, "scored": list(result.scored[p]),
                                    "mistakes": result.mistakes[p]} for p in range(players)]})
    return {
        "game": "soldout", "mode": options_of(spec).mode, "seed": spec.seed, "ticks": ticks,
        "players": [{"seat": s.seat, "team": s.team if spec.teams else None, "bot": s.kind == "bot",
                     "score": match.player_total(p)} for p, s in enumerate(spec.seats)],
        "winners": [spec.seats[p].seat for p in match.winners()],
        "state_hash": match.state_hash(),
        "rounds": rounds,
    }
