"""One round of Sold Out!: who holds what, every action, the round's end and its scores.

Positions are not kept here: piles, the Starting Table and the dressers have
ids, the simulation decides where they stand. Every action returns a `Result`
(applied, or refused with a sentence a player can read) and never raises for a
player's mistake.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from game.rules.soldout.catalogue import Catalogue
from game.rules.soldout.modes import get as get_mode
from game.rules.soldout.deal import Deal
from game.rules.soldout.events import EngineEvent, PileCreated, PilePutDown, PileRemoved, RoundOver, SoldOut
from game.rules.soldout.family import RuleFamily
from game.rules.soldout.pieces import Result, Slot

__all__ = ["Result", "Round", "Slot"]

_DONE = Result(True)   # an action that moved nothing on the map (a flip, most takes): one shared, immutable


class Round:
    """A round in one mode. Players are 0..players-1; `teams[p]` is p's team id (None: no teams).

    A *side* is a team, or a single player when teams are off; sides are numbered
    in order of their team ids. Lists (Rush, Memory) and dresser positions (Tidy)
    belong to sides.
    """

    def __init__(self, catalogue: Catalogue, mode: str, players: int, deal: Deal,
                 teams: list[int] | None = None, assist: bool = False) -> None:
        self.rules = get_mode(mode)   # ValueError naming the modes for an unknown one
        self.family: RuleFamily = self.rules.family   # asked whatever differs between families
        if players < 1:
            raise ValueError("a round needs at least one player")
        if teams is not None and len(teams) != players:
            raise ValueError(f"teams lists {len(teams)} players, the round has {players}")
        self.catalogue = catalogue
        self.mode = mode
        self.players = players
        self.assist = assist
        team_ids = sorted(set(teams)) if teams is not None else list(range(players))
        self.side_of_player = [team_ids.index(teams[p]) if teams is not None else p for p in range(players)]
        self.sides = len(team_ids)
        self.piles: dict[int, list[str]] = {}
        self.held: dict[int, int] = {}              # player -> pile id
        self.carried: dict[int, str] = {}           # player -> item (Rush, Tidy)
        self.hands: list[list[str]] = [[] for _ in range(players)]  # Memory
        self.tables: list[list[Slot]] = []          # per side (Rush, Memory lists)
        self.dressers: list[Slot] = []              # Tidy; placed holds (item, player)
        self.mistakes = [0] * players
        self.over = False
        self.cause = ""                             # why the round ended
        self.sold_out_by: int | None = None         # side that (or whose player) called SOLD OUT!
        self.actions = 0                            # applied actions, for the headless tick count
        self._next_pile = 0
        self._setup(deal)

    # ----- set-up -----------------------------------------------------------------
    def _setup(self, deal: Deal) -> None:
        seen = [card for pile in deal.piles for card in pile]
        if sorted(seen) != sorted(self.catalogue.items):
            missing = sorted(set(self.catalogue.items) - set(seen))
            extra = sorted(c for c in set(seen) if seen.count(c) > 1 or c not in self.catalogue.items)
            raise ValueError(f"the deal must hold each of the {len(self.catalogue.items)} cards once "
                             f"(missing {missing[:3]}, doubled or unknown {extra[:3]})")
        for pile in deal.piles:
            if pile:
                self.piles[self._next_pile] = list(pile)
            self._next_pile += 1
        self.family.lay_out(self, deal)

    def check_objectives(self, cards: list[str]) -> None:
        """Every dealt objective card is known and dealt once (ValueError otherwise)."""
        for card in cards:
            if card not in self.catalogue.objectives:
                raise ValueError(f"unknown objective card {card!r}")
        if len(set(cards)) != len(cards):
            raise ValueError("an objective card is dealt twice")

    # ----- queries ----------------------------------------------------------------
    def side(self, player: int) -> int:
        return self.side_of_player[player]

    def members(self, side: int) -> list[int]:
        return [p for p in range(self.players) if self.side_of_player[p] == side]

    def shown(self, pile: int) -> str | None:
        """The card a pile shows (its top), or None if the pile is gone."""
        cards = self.piles.get(pile)
        return cards[0] if cards else None

    def holder(self, pile: int) -> int | None:
        for player, held in self.held.items():
            if held == pile:
                return player
        return None

    def pictured(self, objective: str) -> tuple[str, ...]:
        return self.catalogue.objectives[objective].items

    def list_items(self, side: int) -> list[str]:
        """Every item pictured on a side's shopping list."""
        return [item for slot in self.tables[side] for item in self.pictured(slot.card)]

    def hand_size(self, player: int) -> int:
        """How many cards the player (or the team together) may hold in hand (0: no hand)."""
        return self.family.hand_size(self, player)

    def where_is(self, card: str) -> tuple[Any, ...]:
        """Exactly one place: ("pile", id, index) | ("hand", player, index) | ("carried", player)
        | ("table", side, slot, index) | ("dresser", index, index_in_dresser)."""
        places = self._places(card)
        if len(places) != 1:
            raise AssertionError(f"card {card!r} is in {len(places)} places: {places}")
        return places[0]

    def _places(self, card: str) -> list[tuple[Any, ...]]:
        found: list[tuple[Any, ...]] = []
        for pid, cards in self.piles.items():
            found += [("pile", pid, i) for i, c in enumerate(cards) if c == card]
        for p, hand in enumerate(self.hands):
            found += [("hand", p, i) for i, c in enumerate(hand) if c == card]
        found += [("carried", p) for p, c in self.carried.items() if c == card]
        for s, table in enumerate(self.tables):
            for k, slot in enumerate(table):
                found += [("table", s, k, i) for i, (c, _) in enumerate(slot.placed) if c == card]
        for d, slot in enumerate(self.dressers):
            found += [("dresser", d, i) for i, (c, _) in enumerate(slot.placed) if c == card]
        return found

    def snapshot(self) -> dict[str, Any]:
        """A plain, JSON-ready dump of the whole state (the base of state_hash)."""
        return {
            "mode": self.mode, "players": self.players, "sides": self.side_of_player,
            "assist": self.assist,
            "piles": {str(k): list(v) for k, v in sorted(self.piles.items())},
            "held": {str(k): v for k, v in sorted(self.held.items())},
            "carried": {str(k): v for k, v in sorted(self.carried.items())},
            "hands": [list(h) for h in self.hands],
            "tables": [[{"card": s.card, "placed": [list(x) for x in s.placed]} for s in t] for t in self.tables],
            "dressers": [{"card": s.card, "placed": [list(x) for x in s.placed]} for s in self.dressers],
            "mistakes": list(self.mistakes), "over": self.over, "cause": self.cause,
            "sold_out_by": self.sold_out_by, "next_pile": self._next_pile, "actions": self.actions,
        }

    def state_hash(self) -> str:
        dump = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(dump.encode("utf-8")).hexdigest()

    # ----- actions ----------------------------------------------------------------
    def refuse(self, reason: str) -> Result:
        """A refused action: nothing changes, the reason is for the player."""
        return Result(False, reason)

    def _check_player(self, player: int) -> str:
        if self.over:
            return "The round is over"
        if not 0 <= player < self.players:
            return f"There is no player {player}"
        return ""

    def _check_holder(self, player: int) -> str:
        """_check_player, and the player must be holding a pile."""
        if why := self._check_player(player):
            return why
        return "" if player in self.held else "You are not holding a pile"

    def pick_up(self, player: int, pile: int) -> Result:
        """Pick up a pile from the floor."""
        if why := self._check_player(player):
            return self.refuse(why)
        if player in self.held:
            return self.refuse("You are already holding a pile")
        if player in self.carried:
            return self.refuse(self.family.bring_first)
        if pile not in self.piles:
            return self.refuse("That pile is gone")
        if self.holder(pile) is not None:
            return self.refuse("Someone else is holding that pile")
        self.held[player] = pile
        return self.done()

    def put_down(self, player: int) -> Result:
        """Put the held pile down (the simulation puts it where the avatar stands)."""
        if why := self._check_holder(player):
            return self.refuse(why)
        pile = self.held.pop(player)
        return self.done(PilePutDown(player, pile))

    def flip(self, player: int) -> Result:
        """Move the shown card of the held pile to its bottom; the next card shows."""
        if why := self._check_holder(player):
            return self.refuse(why)
        cards = self.piles[self.held[player]]
        cards.append(cards.pop(0))
        return self.done()

    def take(self, player: int) -> Result:
        """Take the shown card of the held pile: the family says where it goes (carried, the pile
        put down; or into the hand)."""
        if why := self._check_holder(player):
            return self.refuse(why)
        return self.family.take(self, player, self.held[player])

    def clear_if_empty(self, player: int, pile: int) -> list[EngineEvent]:
        """A pile whose last card was taken disappears (from the player's hands too)."""
        if self.piles[pile]:
            return []
        del self.piles[pile]
        self.held.pop(player, None)
        return [PileRemoved(pile)]

    def hand_to_pile(self, player: int, index: int) -> Result:
        """Put hand card `index` back at the bottom of the held pile (where a family has a hand)."""
        if why := self._check_player(player):
            return self.refuse(why)
        return self.family.hand_to_pile(self, player, index)

    def return_card(self, player: int, pile: int) -> Result:
        """Put the carried card back at the bottom of a pile on the floor, where the family allows."""
        if why := self._check_player(player):
            return self.refuse(why)
        return self.family.return_card(self, player, pile)

    def deliver(self, player: int, objective_slot: int | None = None) -> Result:
        """Put the carried card on one of the side's objective cards at the Starting Table
        (where the family delivers there; `None`: the family's default card)."""
        if why := self._check_player(player):
            return self.refuse(why)
        return self.family.deliver(self, player, objective_slot)

    def table_refuses(self, player: int) -> bool:
        """The assisted Starting Table would refuse the carried card on every objective card."""
        return self.family.table_refuses(self, player)

    def place_at_dresser(self, player: int, dresser: int) -> Result:
        """Put the carried card at the side's own position at a dresser (where there are dressers)."""
        if why := self._check_player(player):
            return self.refuse(why)
        return self.family.place_at_dresser(self, player, dresser)

    def filled(self, dresser: int, item: str) -> bool:
        # A loop, not any() over a generator: the round-end checks and every bot's plan ask this
        # for each pictured item after every card placed.
        for c, _ in self.dressers[dresser].placed:
            if c == item:
                return True
        return False

    def call_sold_out(self, player: int) -> Result:
        """The player believes the list is complete; where the family lets a player call, the
        round ends for everyone."""
        if why := self._check_player(player):
            return self.refuse(why)
        return self.family.call_sold_out(self, player)

    def end_round(self, cause: str = "stopped") -> Result:
        """End the round from outside (the simulation's time limit, a quit)."""
        if self.over:
            return self.refuse("The round is over")
        return Result(True, "", tuple(self.end(cause, None)))

    def done(self, *events: EngineEvent) -> Result:
        """An applied action and what it moved."""
        self.actions += 1
        return Result(True, "", events) if events else _DONE

    # ----- round end ----------------------------------------------------------------
    def reachable(self, item: str) -> bool:
        """Can this card still be moved by a player (not yet on a table or dresser)?"""
        # The round's end checks ask this for every open card after each action: `in` on the
        # piles, the carried cards and the hands answers most of them without listing every
        # place. A card found nowhere there goes through where_is (a table or dresser, or the
        # AssertionError for a card in no place or in two).
        if item in self.carried.values():
            return True
        for cards in self.piles.values():
            if item in cards:
                return True
        for hand in self.hands:
            if item in hand:
                return True
        place = self.where_is(item)[0]
        return place in ("pile", "carried", "hand")

    def can_still_score(self, side: int) -> bool:
        """Could this side still score more? (The family says how.)"""
        return self.family.can_still_score(self, side)

    def check_stuck(self) -> list[EngineEvent]:
        """The round's end when nobody can score any more ("nothing_left"), else nothing."""
        if self.family.stuck(self):
            return self.end("nothing_left", None)
        return []

    def end(self, cause: str, side: int | None) -> list[EngineEvent]:
        """Stop the round; held piles are put down, carried cards become one-card piles."""
        self.over = True
        self.cause = cause
        self.sold_out_by = side
        events: list[EngineEvent] = []
        if cause == "sold_out":
            events.append(SoldOut(side))
        for player in sorted(self.held):
            events.append(PilePutDown(player, self.held[player]))
        self.held.clear()
        for player in sorted(self.carried):
            pid = self._next_pile
            self._next_pile += 1
            self.piles[pid] = [self.carried[player]]
            events.append(PileCreated(player, pid))
        self.carried.clear()
        events.append(RoundOver(cause))
        return events

    # ----- scoring ----------------------------------------------------------------
    def objective_right(self, side: int, slot: int) -> bool:
        """Does this objective card of the side's list score? (The family says when.)"""
        return self.family.objective_right(self, side, slot)

    def found_items(self, side: int, slot: int) -> list[str]:
        """The cards that count for one of the side's objective cards (on it, or in hand)."""
        return self.family.found_items(self, side, slot)

    def wrong_cards(self, side: int, slot: int) -> list[str]:
        """Cards put on one of the side's objective cards that it does not picture."""
        return self.family.wrong_cards(self, side, slot)

    def unlisted(self, side: int) -> list[str]:
        """Cards the side holds that are on no objective card of its list."""
        return self.family.unlisted(self, side)

    def dresser_counts(self, dresser: int) -> list[int]:
        """Per side: right cards minus wrong cards placed at this dresser."""
        slot = self.dressers[dresser]
        counts = [0] * self.sides
        pictured = self.pictured(slot.card)   # the same for every card placed: looked up once
        side_of = self.side_of_player
        for card, player in slot.placed:
            counts[side_of[player]] += 1 if card in pictured else -1
        return counts

    def dresser_winner(self, dresser: int) -> int | None:
        """The side with strictly the most (and more than zero); a tie scores for nobody."""
        counts = self.dresser_counts(dresser)
        best = max(counts)
        if best <= 0 or counts.count(best) > 1:
            return None
        return counts.index(best)

    def memory_mistakes(self, player: int) -> int:
        """Cards in the player's hand that are not on the side's list."""
        listed = set(self.list_items(self.side(player)))
        return sum(1 for c in self.hands[player] if c not in listed)

    def scored(self, side: int) -> list[str]:
        """Objective card ids this side scores (so far; final once the round is over)."""
        return self.family.scored(self, side)

    def scores(self) -> list[int]:
        """Bags per side."""
        return [sum(self.catalogue.objectives[c].bags for c in self.scored(s)) for s in range(self.sides)]

    def player_mistakes(self, player: int) -> int:
        return self.family.player_mistakes(self, player)

    def bags_in_play(self) -> int:
        return self.family.bags_in_play(self)
