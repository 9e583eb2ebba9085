"""The Rush's family: a taken card is carried to the side's own objective cards on the
Starting Table; a side whose objective cards are full ends the round with SOLD OUT!."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.soldout.family import Destination, RuleFamily
from game.rules.soldout.pieces import Result, Slot

if TYPE_CHECKING:
    from game.rules.soldout.engine import Round


class RushRules(RuleFamily):
    name = "Rush"
    destination = Destination.TABLE

    def keep_carrying(self, rnd: Round, player: int) -> str:
        """"Matching clothing cards must be immediately brought to the Starting Table": only a card
        the assisted table refuses goes back."""
        if self.table_refuses(rnd, player):
            return ""
        return ("Bring the card you carry to the Starting Table first"
                + (": only a card it refuses goes back" if rnd.assist else ""))

    def deliver(self, rnd: Round, player: int, objective_slot: int | None) -> Result:
        """Put the carried card on one of the side's objective cards at the Starting Table.

        Default slot: the card that pictures this item, else one that pictures the
        same garment, else the first that is not full."""
        if player not in rnd.carried:
            return rnd.refuse("You are not carrying a card")
        card = rnd.carried[player]
        table = rnd.tables[rnd.side(player)]
        if objective_slot is None:
            objective_slot = self.default_slot(rnd, table, card)
            if objective_slot is None:
                return rnd.refuse("Your objective cards are full")
        if not 0 <= objective_slot < len(table):
            return rnd.refuse("There is no such objective card")
        slot = table[objective_slot]
        if len(slot.placed) >= len(rnd.pictured(slot.card)):
            return rnd.refuse("That objective card is full")
        right = card in rnd.pictured(slot.card)
        if rnd.assist and card not in rnd.list_items(rnd.side(player)):
            return rnd.refuse(f"{rnd.catalogue.name(card)} is not on your shopping list")
        if rnd.assist and not right:
            return rnd.refuse(f"{rnd.catalogue.name(card)} is not on that objective card")
        slot.placed.append((rnd.carried.pop(player), player))
        if not right:
            rnd.mistakes[player] += 1
        side = rnd.side(player)
        if all(len(s.placed) >= len(rnd.pictured(s.card)) for s in table):
            return rnd.done(*rnd.end("sold_out", side))
        return rnd.done(*rnd.check_stuck())

    def table_refuses(self, rnd: Round, player: int) -> bool:
        """With the assist: the Starting Table would refuse the carried card on every objective
        card (not on the list, or every card picturing it is full)."""
        card = rnd.carried.get(player)
        if not rnd.assist or card is None:
            return False
        table = rnd.tables[rnd.side(player)]
        return not any(card in rnd.pictured(s.card) and len(s.placed) < len(rnd.pictured(s.card))
                       for s in table)

    @staticmethod
    def default_slot(rnd: Round, table: list[Slot], card: str) -> int | None:
        open_slots = [k for k, s in enumerate(table) if len(s.placed) < len(rnd.pictured(s.card))]
        garment = rnd.catalogue.items[card].garment
        for k in open_slots:
            if card in rnd.pictured(table[k].card):
                return k
        for k in open_slots:
            if any(rnd.catalogue.items[i].garment == garment for i in rnd.pictured(table[k].card)):
                return k
        return open_slots[0] if open_slots else None

    def autoplay_drop(self, rnd: Round, player: int, believed: str | None) -> None:
        side = rnd.side(player)
        slot = next((k for k, s in enumerate(rnd.tables[side]) if believed in rnd.pictured(s.card)), None)
        if slot is None or not rnd.deliver(player, slot).ok:
            rnd.deliver(player)


RUSH = RushRules()
