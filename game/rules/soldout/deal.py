"""Setting up a Sold Out! round: the shuffled piles, and the lists or dressers drawn at random."""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.soldout.catalogue import Catalogue

MODES = ("rush", "memory", "tidy")


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt: piles (index 0 is the shown card), lists per side, dressers."""

    piles: tuple[tuple[str, ...], ...]
    lists: tuple[tuple[str, ...], ...] = ()    # per side: (1-bag objective, 2-bag objective)
    dressers: tuple[str, ...] = ()             # Tidying Up: one objective per dresser


def deal_round(catalogue: Catalogue, mode: str, sides: int, rng: random.Random) -> Deal:
    """Shuffle the 85 cards into the piles and draw lists (Rush/Memory) or dressers (Tidy)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; use one of {', '.join(MODES)}")
    cards = catalogue.item_ids
    rng.shuffle(cards)
    piles = []
    start = 0
    for size in catalogue.pile_sizes:
        piles.append(tuple(cards[start:start + size]))
        start += size
    if mode == "tidy":
        objectives = list(catalogue.objectives)
        rng.shuffle(objectives)
        count = sides + catalogue.extra_dressers
        if count > len(objectives):
            raise ValueError(f"{sides} sides need {count} dressers, there are {len(objectives)} objective cards")
        return Deal(tuple(piles), (), tuple(objectives[:count]))
    ones = catalogue.objectives_with_bags(1)
    twos = catalogue.objectives_with_bags(2)
    rng.shuffle(ones)
    rng.shuffle(twos)
    if sides > min(len(ones), len(twos)):
        raise ValueError(f"{sides} sides need {sides} shopping lists, there are {min(len(ones), len(twos))}")
    return Deal(tuple(piles), tuple((ones[s], twos[s]) for s in range(sides)), ())
