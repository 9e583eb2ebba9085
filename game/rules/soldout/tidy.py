"""Tidying Up's family: dressers every side shares (sides + 2, each an objective card on a
chair); a taken card is carried to any dresser, the round ends when every pictured item of
every dresser is filled, and a dresser scores for the side with the most cards there."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.rules.soldout.catalogue import Catalogue
from game.rules.soldout.deal import Deal, deal_dressers
from game.rules.soldout.family import Destination, RuleFamily
from game.rules.soldout.pieces import Result, Slot

if TYPE_CHECKING:
    from game.rules.soldout.engine import Round


class TidyRules(RuleFamily):
    key = "tidy"
    name = "Tidying Up"
    destination = Destination.DRESSER
    finish_cause = "all_filled"
    bring_first = "Bring the card you carry to the dressers first"
    no_call = "Tidying Up ends when every dresser is filled"

    def deal(self, catalogue: Catalogue, sides: int, rng: random.Random) -> Deal:
        return deal_dressers(catalogue, sides, rng)

    def lay_out(self, rnd: Round, deal: Deal) -> None:
        need = rnd.sides + rnd.catalogue.extra_dressers
        if len(deal.dressers) != need:
            raise ValueError(f"Tidying Up with {rnd.sides} sides needs {need} dressers, "
                             f"the deal has {len(deal.dressers)}")
        rnd.check_objectives(list(deal.dressers))
        rnd.dressers = [Slot(card) for card in deal.dressers]

    def place_at_dresser(self, rnd: Round, player: int, dresser: int) -> Result:
        """The carried card at the side's own position at a dresser."""
        if player not in rnd.carried:
            return rnd.refuse("You are not carrying a card")
        if not 0 <= dresser < len(rnd.dressers):
            return rnd.refuse("There is no such dresser")
        card = rnd.carried.pop(player)
        rnd.dressers[dresser].placed.append((card, player))
        if card not in rnd.pictured(rnd.dressers[dresser].card):
            rnd.mistakes[player] += 1
        if all(rnd.filled(d, item) for d in range(len(rnd.dressers))
               for item in rnd.pictured(rnd.dressers[d].card)):
            return rnd.done(*rnd.end("all_filled", None))
        return rnd.done(*rnd.check_stuck())

    def _open(self, rnd: Round) -> list[str]:
        return [i for d, slot in enumerate(rnd.dressers) for i in rnd.pictured(slot.card) if not rnd.filled(d, i)]

    def can_still_score(self, rnd: Round, side: int) -> bool:
        """Some pictured item is still unfilled and can be found."""
        return any(rnd.reachable(i) for i in self._open(rnd))

    def stuck(self, rnd: Round) -> bool:
        return not any(rnd.reachable(i) for i in self._open(rnd))

    def scored(self, rnd: Round, side: int) -> list[str]:
        """The dressers where the side has strictly the most cards."""
        return [slot.card for d, slot in enumerate(rnd.dressers) if rnd.dresser_winner(d) == side]

    def bags_in_play(self, rnd: Round) -> int:
        return sum(rnd.catalogue.objectives[s.card].bags for s in rnd.dressers)

    def cards_to_go(self, rnd: Round, side: int) -> int:
        """The pictured items no dresser has yet (the same for every side)."""
        return len(self._open(rnd))

    def open_items(self, rnd: Round, side: int) -> list[str]:
        return self._open(rnd)

    def autoplay_drop(self, rnd: Round, player: int, believed: str | None) -> None:
        dresser = next((d for d, s in enumerate(rnd.dressers) if believed in rnd.pictured(s.card)), 0)
        rnd.place_at_dresser(player, dresser)

    def course_items(self, rnd: Round, side: int) -> list[str]:
        return [i for slot in rnd.dressers for i in rnd.pictured(slot.card)]

    def split_names(self, items: int) -> list[str]:
        return [f"Item {i}" for i in range(1, items)] + ["All tidy"]

    def course_progress(self, rnd: Round, player: int, items: int) -> int:
        return sum(1 for d, slot in enumerate(rnd.dressers) for i in rnd.pictured(slot.card) if rnd.filled(d, i))


TIDY = TidyRules()
