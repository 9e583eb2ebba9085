"""One round of Sold Out!: who holds what, every action, the round's end and its scores.

Positions are not kept here: piles, the Starting Table and the dressers have
ids, the simulation decides where they stand. Every action returns a `Result`
(applied, or refused with a sentence a player can read) and never raises for a
player's mistake.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from game.rules.soldout.catalogue import Catalogue
from game.rules.soldout import modes
from game.rules.soldout.deal import Deal
from game.rules.soldout.events import EngineEvent, PileCreated, PilePutDown, PileRemoved, RoundOver, SoldOut
from game.rules.soldout.modes import Family


@dataclass(frozen=True, slots=True)
class Result:
    """What an action did. `events` tell the simulation what to move on the map
    (typed in events.py: PilePutDown, PileRemoved, PileCreated, SoldOut, RoundOver)."""

    ok: bool
    reason: str = ""
    events: tuple[EngineEvent, ...] = ()

    def __bool__(self) -> bool:
        return self.ok


@dataclass(slots=True)
class Slot:
    """An objective card on the Starting Table (or a dresser's card) and what was put on it."""

    card: str
    placed: list[tuple[str, int]] = field(default_factory=list)  # (item, player who placed it)


class Round:
    """A round in one mode. Players are 0..players-1; `teams[p]` is p's team id (None: no teams).

    A *side* is a team, or a single player when teams are off; sides are numbered
    in order of their team ids. Lists (Rush, Memory) and dresser positions (Tidy)
    belong to sides.
    """

    def __init__(self, catalogue: Catalogue, mode: str, players: int, deal: Deal,
                 teams: list[int] | None = None, assist: bool = False) -> None:
        self.rules = modes.get(mode)   # ValueError naming the modes for an unknown one
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
        if self.rules.family is Family.TIDY:
            need = self.sides + self.catalogue.extra_dressers
            if len(deal.dressers) != need:
                raise ValueError(f"Tidying Up with {self.sides} sides needs {need} dressers, "
                                 f"the deal has {len(deal.dressers)}")
            self._check_objectives(list(deal.dressers))
            self.dressers = [Slot(card) for card in deal.dressers]
        else:
            if len(deal.lists) != self.sides:
                raise ValueError(f"{self.sides} sides need {self.sides} shopping lists, "
                                 f"the deal has {len(deal.lists)}")
            self._check_objectives([c for lst in deal.lists for c in lst])
            self.tables = [[Slot(card) for card in lst] for lst in deal.lists]

    def _check_objectives(self, cards: list[str]) -> None:
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
        """Memory: how many cards the player (or the team together) may hold."""
        if self.rules.family is not Family.MEMORY:
            return 0
        return len(self.list_items(self.side(player)))

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
    def _refuse(self, reason: str) -> Result:
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

    def _check_carrier(self, player: int, family: Family, other_mode: str) -> str:
        """_check_player, in a mode of `family` (else the reason `other_mode`), carrying a card."""
        if why := self._check_player(player):
            return why
        if self.rules.family is not family:
            return other_mode
        return "" if player in self.carried else "You are not carrying a card"

    def pick_up(self, player: int, pile: int) -> Result:
        """Pick up a pile from the floor."""
        if why := self._check_player(player):
            return self._refuse(why)
        if player in self.held:
            return self._refuse("You are already holding a pile")
        if player in self.carried:
            return self._refuse("Bring the card you carry to the "
                                + ("Starting Table" if self.rules.family is Family.RUSH else "dressers") + " first")
        if pile not in self.piles:
            return self._refuse("That pile is gone")
        if self.holder(pile) is not None:
            return self._refuse("Someone else is holding that pile")
        self.held[player] = pile
        return self._done()

    def put_down(self, player: int) -> Result:
        """Put the held pile down (the simulation puts it where the avatar stands)."""
        if why := self._check_holder(player):
            return self._refuse(why)
        pile = self.held.pop(player)
        return self._done(PilePutDown("pile_put_down", player, pile))

    def flip(self, player: int) -> Result:
        """Move the shown card of the held pile to its bottom; the next card shows."""
        if why := self._check_holder(player):
            return self._refuse(why)
        cards = self.piles[self.held[player]]
        cards.append(cards.pop(0))
        return self._done()

    def take(self, player: int) -> Result:
        """Take the shown card: Rush/Tidy carry it (the pile is put down), Memory adds it to the hand."""
        if why := self._check_holder(player):
            return self._refuse(why)
        pile = self.held[player]
        events: list[EngineEvent] = []
        if self.rules.family is Family.MEMORY:
            side = self.side(player)
            size = self.hand_size(player)
            if len(self.members(side)) > 1:
                if sum(len(self.hands[m]) for m in self.members(side)) >= size:
                    return self._refuse(f"Your team's hands are full ({size})")
            elif len(self.hands[player]) >= size:
                return self._refuse(f"Your hand is full ({size})")
            self.hands[player].append(self.piles[pile].pop(0))
        else:
            self.carried[player] = self.piles[pile].pop(0)
            del self.held[player]
            events.append(PilePutDown("pile_put_down", player, pile))
        if not self.piles[pile]:
            del self.piles[pile]
            self.held.pop(player, None)
            events.append(PileRemoved("pile_removed", pile))
        return self._done(*events)

    def hand_to_pile(self, player: int, index: int) -> Result:
        """Memory: put hand card `index` back at the bottom of the held pile."""
        if why := self._check_player(player):
            return self._refuse(why)
        if self.rules.family is not Family.MEMORY:
            return self._refuse("Only in Memory do you hold cards in your hand")
        if player not in self.held:
            return self._refuse("Pick up a pile to put the card back into")
        if not 0 <= index < len(self.hands[player]):
            return self._refuse("There is no such card in your hand")
        self.piles[self.held[player]].append(self.hands[player].pop(index))
        return self._done()

    def return_card(self, player: int, pile: int) -> Result:
        """Put the carried card back at the bottom of a pile on the floor. Tidy: a change of mind.
        Rush: "matching clothing cards must be immediately brought to the Starting Table", so only
        a card the assisted table refuses may go back."""
        if why := self._check_player(player):
            return self._refuse(why)
        if self.rules.family is Family.MEMORY:
            return self._refuse("In Memory, put cards back with your hand")
        if player not in self.carried:
            return self._refuse("You are not carrying a card")
        if self.rules.family is Family.RUSH and not self.table_refuses(player):
            return self._refuse("Bring the card you carry to the Starting Table first"
                                + (": only a card it refuses goes back" if self.assist else ""))
        if pile not in self.piles:
            return self._refuse("That pile is gone")
        if self.holder(pile) is not None:
            return self._refuse("Someone else is holding that pile")
        self.piles[pile].append(self.carried.pop(player))
        return self._done()

    def deliver(self, player: int, objective_slot: int | None = None) -> Result:
        """Rush: put the carried card on one of the side's objective cards at the Starting Table.

        Default slot: the card that pictures this item, else one that pictures the
        same garment, else the first that is not full."""
        if why := self._check_carrier(player, Family.RUSH,
                                      f"There is no delivering to the Starting Table in {self.rules.name}"):
            return self._refuse(why)
        card = self.carried[player]
        table = self.tables[self.side(player)]
        if objective_slot is None:
            objective_slot = self._default_slot(table, card)
            if objective_slot is None:
                return self._refuse("Your objective cards are full")
        if not 0 <= objective_slot < len(table):
            return self._refuse("There is no such objective card")
        slot = table[objective_slot]
        if len(slot.placed) >= len(self.pictured(slot.card)):
            return self._refuse("That objective card is full")
        right = card in self.pictured(slot.card)
        if self.assist and card not in self.list_items(self.side(player)):
            return self._refuse(f"{self.catalogue.name(card)} is not on your shopping list")
        if self.assist and not right:
            return self._refuse(f"{self.catalogue.name(card)} is not on that objective card")
        slot.placed.append((self.carried.pop(player), player))
        if not right:
            self.mistakes[player] += 1
        side = self.side(player)
        if all(len(s.placed) >= len(self.pictured(s.card)) for s in table):
            return self._done(*self._end("sold_out", side))
        return self._done(*self._check_stuck())

    def table_refuses(self, player: int) -> bool:
        """Rush with the assist: the Starting Table would refuse the carried card on every
        objective card (not on the list, or every card picturing it is full)."""
        card = self.carried.get(player)
        if not self.assist or card is None:
            return False
        table = self.tables[self.side(player)]
        return not any(card in self.pictured(s.card) and len(s.placed) < len(self.pictured(s.card))
                       for s in table)

    def _default_slot(self, table: list[Slot], card: str) -> int | None:
        open_slots = [k for k, s in enumerate(table) if len(s.placed) < len(self.pictured(s.card))]
        garment = self.catalogue.items[card].garment
        for k in open_slots:
            if card in self.pictured(table[k].card):
                return k
        for k in open_slots:
            if any(self.catalogue.items[i].garment == garment for i in self.pictured(table[k].card)):
                return k
        return open_slots[0] if open_slots else None

    def place_at_dresser(self, player: int, dresser: int) -> Result:
        """Tidying Up: put the carried card at the side's own position at a dresser."""
        if why := self._check_carrier(player, Family.TIDY, f"There are no dressers in {self.rules.name}"):
            return self._refuse(why)
        if not 0 <= dresser < len(self.dressers):
            return self._refuse("There is no such dresser")
        card = self.carried.pop(player)
        self.dressers[dresser].placed.append((card, player))
        if card not in self.pictured(self.dressers[dresser].card):
            self.mistakes[player] += 1
        if all(self.filled(d, item) for d in range(len(self.dressers))
               for item in self.pictured(self.dressers[d].card)):
            return self._done(*self._end("all_filled", None))
        return self._done(*self._check_stuck())

    def filled(self, dresser: int, item: str) -> bool:
        return any(c == item for c, _ in self.dressers[dresser].placed)

    def call_sold_out(self, player: int) -> Result:
        """Memory: the player believes the list is in hand; the round ends for everyone."""
        if why := self._check_player(player):
            return self._refuse(why)
        if self.rules.family is Family.RUSH:
            return self._refuse("In the Rush, SOLD OUT! is called for you when your list is full")
        if self.rules.family is Family.TIDY:
            return self._refuse("Tidying Up ends when every dresser is filled")
        return self._done(*self._end("sold_out", self.side(player)))

    def end_round(self, cause: str = "stopped") -> Result:
        """End the round from outside (the simulation's time limit, a quit)."""
        if self.over:
            return self._refuse("The round is over")
        return Result(True, "", tuple(self._end(cause, None)))

    def _done(self, *events: EngineEvent) -> Result:
        self.actions += 1
        return Result(True, "", tuple(events))

    # ----- round end ----------------------------------------------------------------
    def _reachable(self, item: str) -> bool:
        """Can this card still be moved by a player (not yet on a table or dresser)?"""
        place = self.where_is(item)[0]
        return place in ("pile", "carried", "hand")

    def can_still_score(self, side: int) -> bool:
        """Could this side still score more? Rush: complete another objective card correctly.
        Tidy: some pictured item is still unfilled and can be found. Memory: until the round ends."""
        if self.rules.family is Family.MEMORY:
            return not self.over
        if self.rules.family is Family.TIDY:
            return any(not self.filled(d, i) and self._reachable(i)
                       for d, slot in enumerate(self.dressers) for i in self.pictured(slot.card))
        for slot in self.tables[side]:
            pictured = self.pictured(slot.card)
            have = [c for c, _ in slot.placed]
            if any(c not in pictured for c in have) or len(have) >= len(pictured):
                continue  # spoiled, or already full and right
            if all(i in have or self._reachable(i) for i in pictured):
                return True
        return False

    def _check_stuck(self) -> list[EngineEvent]:
        if self.rules.family is Family.RUSH:
            if not any(self.can_still_score(s) for s in range(self.sides)):
                return self._end("nothing_left", None)
        elif self.rules.family is Family.TIDY:
            open_items = [i for d, slot in enumerate(self.dressers) for i in self.pictured(slot.card)
                          if not self.filled(d, i)]
            if not any(self._reachable(i) for i in open_items):
                return self._end("nothing_left", None)
        return []

    def _end(self, cause: str, side: int | None) -> list[EngineEvent]:
        """Stop the round; held piles are put down, carried cards become one-card piles."""
        self.over = True
        self.cause = cause
        self.sold_out_by = side
        events: list[EngineEvent] = []
        if cause == "sold_out":
            events.append(SoldOut("sold_out", side))
        for player in sorted(self.held):
            events.append(PilePutDown("pile_put_down", player, self.held[player]))
        self.held.clear()
        for player in sorted(self.carried):
            pid = self._next_pile
            self._next_pile += 1
            self.piles[pid] = [self.carried[player]]
            events.append(PileCreated("pile_created", player, pid))
        self.carried.clear()
        events.append(RoundOver("round_over", cause))
        return events

    # ----- scoring ----------------------------------------------------------------
    def objective_right(self, side: int, slot: int) -> bool:
        """Does this objective card score? Rush: it holds exactly its items. Memory: all in hand."""
        card = self.tables[side][slot].card
        pictured = set(self.pictured(card))
        if self.rules.family is Family.MEMORY:
            held = {c for m in self.members(side) for c in self.hands[m]}
            return pictured <= held
        return sorted(c for c, _ in self.tables[side][slot].placed) == sorted(pictured)

    def dresser_counts(self, dresser: int) -> list[int]:
        """Per side: right cards minus wrong cards placed at this dresser."""
        slot = self.dressers[dresser]
        counts = [0] * self.sides
        for card, player in slot.placed:
            counts[self.side(player)] += 1 if card in self.pictured(slot.card) else -1
        return counts

    def dresser_winner(self, dresser: int) -> int | None:
        """The side with strictly the most (and more than zero); a tie scores for nobody."""
        counts = self.dresser_counts(dresser)
        best = max(counts)
        if best <= 0 or counts.count(best) > 1:
            return None
        return counts.index(best)

    def memory_mistakes(self, player: int) -> int:
        listed = set(self.list_items(self.side(player)))
        return sum(1 for c in self.hands[player] if c not in listed)

    def scored(self, side: int) -> list[str]:
        """Objective card ids this side scores (so far; final once the round is over)."""
        if self.rules.family is Family.TIDY:
            return [slot.card for d, slot in enumerate(self.dressers) if self.dresser_winner(d) == side]
        return [slot.card for k, slot in enumerate(self.tables[side]) if self.objective_right(side, k)]

    def scores(self) -> list[int]:
        """Bags per side."""
        return [sum(self.catalogue.objectives[c].bags for c in self.scored(s)) for s in range(self.sides)]

    def player_mistakes(self, player: int) -> int:
        if self.rules.family is Family.MEMORY:
            return self.memory_mistakes(player)
        return self.mistakes[player]

    def bags_in_play(self) -> int:
        cards = [s.card for s in self.dressers] if self.rules.family is Family.TIDY else \
            [s.card for t in self.tables for s in t]
        return sum(self.catalogue.objectives[c].bags for c in cards)
