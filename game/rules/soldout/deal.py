"""Setting up a Sold Out! round: the shuffled piles, and the lists or dressers drawn at random.

Which deal a mode uses is the mode's choice (game/rules/soldout/modes.py)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.soldout.catalogue import Catalogue


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt: piles (index 0 is the shown card), lists per side, dressers."""

    piles: tuple[tuple[str, ...], ...]
    lists: tuple[tuple[str, ...], ...] = ()    # per side: (1-bag objective, 2-bag objective)
    dressers: tuple[str, ...] = ()             # Tidying Up: one objective per dresser


def _piles(catalogue: Catalogue, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """The 85 cards shuffled into the piles (the first draw from the round's generator)."""
    cards = catalogue.item_ids
    rng.shuffle(cards)
    piles = []
    start = 0
    for size in catalogue.pile_sizes:
        piles.append(tuple(cards[start:start + size]))
        start += size
    return tuple(piles)


def deal_dressers(catalogue: Catalogue, sides: int, rng: random.Random) -> Deal:
    """Tidying Up: the piles and one objective card per dresser (a few more dressers than sides)."""
    piles = _piles(catalogue, rng)
    objectives = list(catalogue.objectives)
    rng.shuffle(objectives)
    count = sides + catalogue.extra_dressers
    if count > len(objectives):
        raise ValueError(f"{sides} sides need {count} dressers, there are {len(objectives)} objective cards")
    return Deal(piles, (), tuple(objectives[:count]))


def deal_lists(catalogue: Catalogue, sides: int, rng: random.Random) -> Deal:
    """Rush, Memory: the piles and a shopping list per side (a 1-bag and a 2-bag objective card)."""
    piles = _piles(catalogue, rng)
    ones = catalogue.objectives_with_bags(1)
    twos = catalogue.objectives_with_bags(2)
    rng.shuffle(ones)
    rng.shuffle(twos)
    if sides > min(len(ones), len(twos)):
        raise ValueError(f"{sides} sides need {sides} shopping lists, there are {min(len(ones), len(twos))}")
    return Deal(piles, tuple((ones[s], twos[s]) for s in range(sides)), ())
