"""A Sold Out! match: several rounds, a mode per round, running totals per side."""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass

from game.rules.soldout.catalogue import Catalogue
from game.rules.soldout.deal import Deal
from game.rules.soldout.engine import Round
from game.rules.soldout.modes import deal_round


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round, as the results screen and the headless JSON show it."""

    mode: str
    cause: str                         # sold_out | all_filled | nothing_left | stopped
    sold_out_by: int | None            # side that ended it with SOLD OUT!, if any
    side_scores: tuple[int, ...]       # bags per side this round
    scored: tuple[tuple[str, ...], ...]  # per player: objective ids the player's side scored
    mistakes: tuple[int, ...]          # per player


class Match:
    """Rounds played one after another with one seeded generator; totals add up per side."""

    def __init__(self, catalogue: Catalogue, players: int, rng: random.Random,
                 teams: list[int] | None = None, assist: bool = False) -> None:
        self.catalogue = catalogue
        self.players = players
        self.rng = rng
        self.teams = list(teams) if teams is not None else None
        self.assist = assist
        self.round: Round | None = None
        self.results: list[RoundResult] = []
        self.sides = len(set(teams)) if teams is not None else players
        self.totals = [0] * self.sides

    def start_round(self, mode: str, deal: Deal | None = None) -> Round:
        """Deal and start the next round (the previous one must be finished first)."""
        if self.round is not None:
            raise ValueError("finish the current round before starting another")
        if deal is None:
            deal = deal_round(self.catalogue, mode, self.sides, self.rng)
        self.round = Round(self.catalogue, mode, self.players, deal, self.teams, self.assist)
        return self.round

    def finish_round(self) -> RoundResult:
        """Score the current round (it must be over) and add it to the totals."""
        rnd = self.round
        if rnd is None or not rnd.over:
            raise ValueError("there is no finished round to score")
        scores = rnd.scores()
        per_side = [tuple(rnd.scored(s)) for s in range(rnd.sides)]
        result = RoundResult(
            mode=rnd.mode, cause=rnd.cause, sold_out_by=rnd.sold_out_by, side_scores=tuple(scores),
            scored=tuple(per_side[rnd.side(p)] for p in range(self.players)),
            mistakes=tuple(rnd.player_mistakes(p) for p in range(self.players)))
        for side, bags in enumerate(scores):
            self.totals[side] += bags
        self.results.append(result)
        self.round = None
        return result

    def side(self, player: int) -> int:
        if self.teams is None:
            return player
        return sorted(set(self.teams)).index(self.teams[player])

    def player_total(self, player: int) -> int:
        """A player's match score: their side's total (team-mates share it)."""
        return self.totals[self.side(player)]

    def winners(self) -> list[int]:
        """Players whose side has the highest total (ties share the win)."""
        best = max(self.totals)
        return [p for p in range(self.players) if self.player_total(p) == best]

    def state_hash(self) -> str:
        """sha256 over the totals, the finished rounds and the current round's state."""
        dump = {"totals": self.totals, "results": [r.__repr__() for r in self.results],
                "round": self.round.snapshot() if self.round is not None else None}
        text = json.dumps(dump, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()
