"""A rule family: where a taken card goes, and everything that follows from it.

The engine (engine.py) keeps who holds what; every question whose answer differs between
families it asks the round's family: what taking a card does, which of deliver, place, call
and put back are allowed, when a round can no longer be won, what scores. The layers above
ask the family too, through the mode (`modes.get(key).family`): the mall what A, B, LB/RB
and Y do, the HUD what a panel shows, the bots what to look for, the speedrun courses what
counts as done, the results what was found.

A family answers in the mall's vocabulary. A taken card goes to one of the places in
`Destination`; each layer above has one handler per place (the simulation's drop-offs, the
HUD's panels, the bots' errands), so a family that sends cards to a known place is one new
module: subclass `RuleFamily` (or one of the three built-in families in rush.py, memory.py
and tidy.py) and register a mode that uses it (modes.py). A new kind of place is the one
thing that needs a handler in each layer.
"""
from __future__ import annotations

import enum
import random
from typing import TYPE_CHECKING

from game.text.notice import Notice
from game.rules.soldout.catalogue import Catalogue
from game.rules.soldout.deal import Deal, deal_lists
from game.rules.soldout.events import EngineEvent, PilePutDown
from game.rules.soldout.pieces import Result, Slot

if TYPE_CHECKING:
    from game.rules.soldout.engine import Round


class Destination(enum.Enum):
    """Where a taken card goes: the places the mall knows."""

    HAND = "hand"          # kept in the hand (as many cards as the list pictures)
    TABLE = "table"        # carried, one at a time, to the side's objective cards on the Starting Table
    DRESSER = "dresser"    # carried, one at a time, to a dresser every side shares


class RuleFamily:
    """The questions every family answers, with the answers most families share: a taken card is
    carried (and may go back into a pile), the round is dealt shopping lists, an objective card
    scores when exactly its items lie on it. Subclasses change what differs."""

    key = "rush"                          # names the family's things elsewhere (its music track)
    name = ""                             # for messages about the family ("Rush")
    destination = Destination.TABLE
    studies_list = False                  # the list is on show only in a study phase before play
    player_calls = False                  # a player ends the round by holding Y (SOLD OUT!)
    finish_cause = "sold_out"             # the round-end cause that means the round was completed
    bring_first = "Bring the card you carry to the Starting Table first"   # picking up while carrying
    no_call = "In the Rush, SOLD OUT! is called for you when your list is full"   # why a call is refused

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"

    def __deepcopy__(self, memo: dict[int, object]) -> RuleFamily:
        return self          # a family holds no state: a copied round keeps the same rules

    # ----- the deal --------------------------------------------------------------------
    def deal(self, catalogue: Catalogue, sides: int, rng: random.Random) -> Deal:
        """The family's deal (a mode may deal otherwise): the piles and a shopping list per side."""
        return deal_lists(catalogue, sides, rng)

    def lay_out(self, rnd: Round, deal: Deal) -> None:
        """Put the dealt objective cards out: one list per side on the Starting Table."""
        if len(deal.lists) != rnd.sides:
            raise ValueError(f"{rnd.sides} sides need {rnd.sides} shopping lists, "
                             f"the deal has {len(deal.lists)}")
        rnd.check_objectives([c for lst in deal.lists for c in lst])
        rnd.tables = [[Slot(card) for card in lst] for lst in deal.lists]

    # ----- actions (the engine has checked the player may act at all) -----------------------
    def take(self, rnd: Round, player: int, pile: int) -> Result:
        """The held pile's shown card is carried; the pile goes down where the player stands."""
        rnd.carried[player] = rnd.piles[pile].pop(0)
        del rnd.held[player]
        events: list[EngineEvent] = [PilePutDown(player, pile)]
        return rnd.done(*events, *rnd.clear_if_empty(player, pile))

    def hand_size(self, rnd: Round, player: int) -> int:
        """How many cards the player (or the team together) may hold in hand."""
        return 0

    def hand_to_pile(self, rnd: Round, player: int, index: int) -> Result:
        return rnd.refuse("Only in Memory do you hold cards in your hand")

    def return_card(self, rnd: Round, player: int, pile: int) -> Result:
        """The carried card back at the bottom of a pile on the floor (a change of mind)."""
        if player not in rnd.carried:
            return rnd.refuse("You are not carrying a card")
        if why := self.keep_carrying(rnd, player):
            return rnd.refuse(why)
        if pile not in rnd.piles:
            return rnd.refuse("That pile is gone")
        if rnd.holder(pile) is not None:
            return rnd.refuse("Someone else is holding that pile")
        rnd.piles[pile].append(rnd.carried.pop(player))
        return rnd.done()

    def keep_carrying(self, rnd: Round, player: int) -> str:
        """Why the carried card may not go back into a pile ("": it may)."""
        return ""

    def deliver(self, rnd: Round, player: int, objective_slot: int | None) -> Result:
        return rnd.refuse(f"There is no delivering to the Starting Table in {rnd.rules.name}")

    def place_at_dresser(self, rnd: Round, player: int, dresser: int) -> Result:
        return rnd.refuse(f"There are no dressers in {rnd.rules.name}")

    def call_sold_out(self, rnd: Round, player: int) -> Result:
        """A player's SOLD OUT!: the round ends for everyone where the family lets a player call."""
        if not self.player_calls:
            return rnd.refuse(self.no_call)
        return rnd.done(*rnd.end("sold_out", rnd.side(player)))

    def table_refuses(self, rnd: Round, player: int) -> bool:
        """Whether the Starting Table would refuse the carried card (the Rush's assist)."""
        return False

    # ----- the round's end ------------------------------------------------------------------
    def can_still_score(self, rnd: Round, side: int) -> bool:
        """Could this side still complete another objective card correctly?"""
        for slot in rnd.tables[side]:
            pictured = rnd.pictured(slot.card)
            have = [c for c, _ in slot.placed]
            if any(c not in pictured for c in have) or len(have) >= len(pictured):
                continue  # spoiled, or already full and right
            if all(i in have or rnd.reachable(i) for i in pictured):
                return True
        return False

    def stuck(self, rnd: Round) -> bool:
        """Nobody can score any more: the round ends ("nothing_left")."""
        return not any(self.can_still_score(rnd, s) for s in range(rnd.sides))

    # ----- scoring --------------------------------------------------------------------------
    def found_items(self, rnd: Round, side: int, slot: int) -> list[str]:
        """The cards that count for one of the side's objective cards: those put on it."""
        return [c for c, _ in rnd.tables[side][slot].placed]

    def objective_right(self, rnd: Round, side: int, slot: int) -> bool:
        """Does this objective card score? It holds exactly its items."""
        pictured = rnd.pictured(rnd.tables[side][slot].card)
        return sorted(self.found_items(rnd, side, slot)) == sorted(pictured)

    def wrong_cards(self, rnd: Round, side: int, slot: int) -> list[str]:
        """The cards put on one of the side's objective cards that it does not picture."""
        pictured = rnd.pictured(rnd.tables[side][slot].card)
        return [c for c, _ in rnd.tables[side][slot].placed if c not in pictured]

    def unlisted(self, rnd: Round, side: int) -> list[str]:
        """Cards the side holds that belong to no objective card of its list (a hand's)."""
        return []

    def scored(self, rnd: Round, side: int) -> list[str]:
        """Objective card ids this side scores (so far; final once the round is over)."""
        return [slot.card for k, slot in enumerate(rnd.tables[side]) if self.objective_right(rnd, side, k)]

    def player_mistakes(self, rnd: Round, player: int) -> int:
        return rnd.mistakes[player]

    def bags_in_play(self, rnd: Round) -> int:
        return sum(rnd.catalogue.objectives[s.card].bags for t in rnd.tables for s in t)

    def cards_to_go(self, rnd: Round, side: int) -> int:
        """How many more cards the side must bring before the round can end, as the screen shows
        it: the empty places on its objective cards."""
        return sum(len(rnd.pictured(slot.card)) - len(slot.placed) for slot in rnd.tables[side])

    def open_items(self, rnd: Round, side: int) -> list[str]:
        """The items the side still needs (knowing every card: for the rules' own autoplayers)."""
        have = {c for s in rnd.tables[side] for c, _ in s.placed}
        return [i for i in rnd.list_items(side) if i not in have]

    def autoplay_drop(self, rnd: Round, player: int, believed: str | None) -> None:
        """An automatic player's drop-off of the carried card it takes for `believed`."""

    # ----- a solo speedrun over one round (game/speedrun/courses.py) -------------------------
    def course_items(self, rnd: Round, side: int) -> list[str]:
        """The items a solo run is after: its list."""
        return rnd.list_items(side)

    def split_names(self, items: int) -> list[str]:
        """A split per step of the run; the last is the finish."""
        return [f"Card {i}" for i in range(1, items)] + ["SOLD OUT!"]

    def course_progress(self, rnd: Round, player: int, items: int) -> int:
        """Split-worthy steps made so far: cards on the runner's part of the Starting Table."""
        return sum(len(slot.placed) for slot in rnd.tables[rnd.side(player)])

    def course_flaw(self, rnd: Round, player: int, items: list[str]) -> str:
        """What spoils a completed run ("" for a clean one): wrong cards put down (said in the
        player's language where it is shown)."""
        wrong = rnd.mistakes[player]
        return Notice.ngettext("{n} wrong card", "{n} wrong cards", wrong) if wrong else ""
