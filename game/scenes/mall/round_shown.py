"""A Sold Out! round's cards face up, copied out of the round when it ends, for its results
screen: every objective card and what was found, put wrong or left unlisted on it; every
dresser and how each side did there. Plain frozen values (the screen keeps no view of the
world); the queries are named as the round's reveal names them (game.sim.mall_public.RoundReveal).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.soldout import Catalogue
    from game.sim.mall_public import RoundReveal


@dataclass(frozen=True)
class ObjectiveShown:
    card: str
    right: bool                  # it scored
    found: tuple[str, ...]       # the cards that count for it (put on it, or in hand)
    wrong: tuple[str, ...]       # cards put on it that it does not picture


@dataclass(frozen=True)
class SideShown:
    members: tuple[int, ...]     # player positions
    objectives: tuple[ObjectiveShown, ...]   # its list (none in Tidying Up)
    unlisted: tuple[str, ...]    # cards it held that are on no objective card of its list


@dataclass(frozen=True)
class DresserShown:
    card: str
    filled: tuple[str, ...]      # the card's items filled there
    winner: int | None           # the side that scored it (None: a tie, or nobody placed)
    counts: tuple[int, ...]      # per side: right cards minus wrong cards placed
    placed_by: tuple[bool, ...]  # per side: whether it placed anything there
    placed: tuple[str, ...]      # every card placed, in order


@dataclass(frozen=True)
class RoundShown:
    mode_key: str
    cause_key: str
    called_by: int | None        # the side that called SOLD OUT!
    side_list: tuple[SideShown, ...]
    dresser_list: tuple[DresserShown, ...]

    def sides(self) -> int:
        return len(self.side_list)

    def members(self, side: int) -> list[int]:
        return list(self.side_list[side].members)

    def mode(self) -> str:
        return self.mode_key

    def cause(self) -> str:
        return self.cause_key

    def sold_out_by(self) -> int | None:
        return self.called_by

    def table_objectives(self, side: int) -> list[str]:
        return [o.card for o in self.side_list[side].objectives]

    def objective_right(self, side: int, slot: int) -> bool:
        return self.side_list[side].objectives[slot].right

    def found_items(self, side: int, slot: int) -> list[str]:
        return list(self.side_list[side].objectives[slot].found)

    def wrong_cards(self, side: int, slot: int) -> list[str]:
        return list(self.side_list[side].objectives[slot].wrong)

    def unlisted(self, side: int) -> list[str]:
        return list(self.side_list[side].unlisted)

    def dresser_cards(self) -> list[str]:
        return [d.card for d in self.dresser_list]

    def filled(self, dresser: int, item: str) -> bool:
        return item in self.dresser_list[dresser].filled

    def dresser_winner(self, dresser: int) -> int | None:
        return self.dresser_list[dresser].winner

    def dresser_counts(self, dresser: int) -> list[int]:
        return list(self.dresser_list[dresser].counts)

    def placed_by_side(self, dresser: int, side: int) -> bool:
        return self.dresser_list[dresser].placed_by[side]

    def dresser_placed(self, dresser: int) -> list[str]:
        return list(self.dresser_list[dresser].placed)


def shown_round(reveal: "RoundReveal", catalogue: "Catalogue") -> RoundShown:
    """The round's reveal copied into plain values (a round over: its hands and lists face up)."""
    dressers = tuple(_dresser(reveal, catalogue, d, card) for d, card in enumerate(reveal.dresser_cards()))
    sides = tuple(SideShown(tuple(reveal.members(side)), () if dressers else _objectives(reveal, side),
                            tuple(reveal.unlisted(side))) for side in range(reveal.sides()))
    return RoundShown(reveal.mode(), reveal.cause(), reveal.sold_out_by(), sides, dressers)


def _objectives(reveal: "RoundReveal", side: int) -> tuple[ObjectiveShown, ...]:
    return tuple(ObjectiveShown(card, reveal.objective_right(side, k), tuple(reveal.found_items(side, k)),
                                tuple(reveal.wrong_cards(side, k)))
                 for k, card in enumerate(reveal.table_objectives(side)))


def _dresser(reveal: "RoundReveal", catalogue: "Catalogue", d: int, card: str) -> DresserShown:
    counts = tuple(reveal.dresser_counts(d))
    return DresserShown(card, tuple(item for item in catalogue.objectives[card].items if reveal.filled(d, item)),
                        reveal.dresser_winner(d), counts, tuple(reveal.placed_by_side(d, side) for side in range(len(counts))),
                        tuple(reveal.dresser_placed(d)))
