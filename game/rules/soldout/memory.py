"""Memory's family: the list is studied, then hidden; taken cards are held in hand (as many as
the list pictures) and go back from the hand; any player may call SOLD OUT!, and an objective
card scores when every item it pictures is in the side's hands."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.text.notice import Notice
from game.rules.soldout.family import Destination, RuleFamily
from game.rules.soldout.pieces import Result

if TYPE_CHECKING:
    from game.rules.soldout.engine import Round


class MemoryRules(RuleFamily):
    key = "memory"
    name = "Memory"
    destination = Destination.HAND
    studies_list = True
    player_calls = True

    def take(self, rnd: Round, player: int, pile: int) -> Result:
        """Into the hand, while the hand (or the team's hands together) has room."""
        side = rnd.side(player)
        size = self.hand_size(rnd, player)
        if len(rnd.members(side)) > 1:
            if sum(len(rnd.hands[m]) for m in rnd.members(side)) >= size:
                return rnd.refuse(f"Your team's hands are full ({size})")
        elif len(rnd.hands[player]) >= size:
            return rnd.refuse(f"Your hand is full ({size})")
        rnd.hands[player].append(rnd.piles[pile].pop(0))
        return rnd.done(*rnd.clear_if_empty(player, pile))

    def hand_size(self, rnd: Round, player: int) -> int:
        return len(rnd.list_items(rnd.side(player)))

    def hand_to_pile(self, rnd: Round, player: int, index: int) -> Result:
        """Hand card `index` back at the bottom of the held pile."""
        if player not in rnd.held:
            return rnd.refuse("Pick up a pile to put the card back into")
        if not 0 <= index < len(rnd.hands[player]):
            return rnd.refuse("There is no such card in your hand")
        rnd.piles[rnd.held[player]].append(rnd.hands[player].pop(index))
        return rnd.done()

    def return_card(self, rnd: Round, player: int, pile: int) -> Result:
        return rnd.refuse("In Memory, put cards back with your hand")

    def can_still_score(self, rnd: Round, side: int) -> bool:
        return not rnd.over

    def stuck(self, rnd: Round) -> bool:
        return False

    def found_items(self, rnd: Round, side: int, slot: int) -> list[str]:
        """Every card in the side's hands counts for each of its objective cards."""
        return [c for m in rnd.members(side) for c in rnd.hands[m]]

    def objective_right(self, rnd: Round, side: int, slot: int) -> bool:
        """Every item it pictures is in the side's hands."""
        pictured = set(rnd.pictured(rnd.tables[side][slot].card))
        return pictured <= set(self.found_items(rnd, side, slot))

    def wrong_cards(self, rnd: Round, side: int, slot: int) -> list[str]:
        return []     # wrong cards are in a hand, not on an objective card

    def unlisted(self, rnd: Round, side: int) -> list[str]:
        listed = set(rnd.list_items(side))
        return [c for m in rnd.members(side) for c in rnd.hands[m] if c not in listed]

    def player_mistakes(self, rnd: Round, player: int) -> int:
        return rnd.memory_mistakes(player)

    def cards_to_go(self, rnd: Round, side: int) -> int:
        """The free places in the side's hands (drawn face down)."""
        members = rnd.members(side)
        return max(0, rnd.hand_size(members[0]) - sum(len(rnd.hands[m]) for m in members))

    def open_items(self, rnd: Round, side: int) -> list[str]:
        have = {c for m in rnd.members(side) for c in rnd.hands[m]}
        return [i for i in rnd.list_items(side) if i not in have]

    def split_names(self, items: int) -> list[str]:
        return [f"Item {i}" for i in range(1, items + 1)] + ["SOLD OUT!"]

    def course_progress(self, rnd: Round, player: int, items: int) -> int:
        """Cards in hand, right or wrong: a split only for a listed card would tell the runner
        which cards are on the hidden list."""
        return min(len(rnd.hands[player]), items)

    def course_flaw(self, rnd: Round, player: int, items: list[str]) -> str:
        hand = rnd.hands[player]
        missing = sum(1 for i in items if i not in hand)
        return Notice.ngettext("{n} listed item missing", "{n} listed items missing", missing) if missing else ""


MEMORY = MemoryRules()
