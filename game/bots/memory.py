"""What a bot remembers, and forgets, the way a player does.

`PileMemory` keeps a limited number of facts about the store: "the red dotted
dress is in that pile", "I have been through that pile". Newer facts push the
oldest out once the difficulty's capacity is reached, so an easy bot re-searches
piles it already saw and an expert remembers the whole store.

`ListMemory` is a Memory-mode shopping list as memorised in the study phase:
some items exactly (possibly the look-alike by mistake), the rest only as
"some kind of sweater".
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any


class PileMemory:
    """Facts about piles, oldest forgotten first. A pile's id is the pile the player watched."""

    def __init__(self, capacity: int) -> None:
        self.capacity = max(0, capacity)
        self._facts: dict[tuple[Any, ...], object] = {}   # insertion order = age
        self.seen: dict[int, list[str]] = {}     # cards looked at per pile since it was last searched

    def _remember(self, key: tuple[Any, ...], value: object) -> None:
        self._facts.pop(key, None)
        if self.capacity == 0:
            return
        self._facts[key] = value
        while len(self._facts) > self.capacity:
            del self._facts[next(iter(self._facts))]

    def note_item(self, item: str, pile: int) -> None:
        """An interesting card was seen in a pile."""
        self._remember(("in", item), pile)

    def where(self, item: str) -> int | None:
        return self._facts.get(("in", item))  # type: ignore[return-value]

    def drop_item(self, item: str) -> None:
        self._facts.pop(("in", item), None)

    def items_in(self, pile: int) -> list[str]:
        return [key[1] for key, value in self._facts.items() if key[0] == "in" and value == pile]

    def note_searched(self, pile: int, order: list[str] | None) -> None:
        """Every card of the pile was looked at; `order` is the flip order when known."""
        self._remember(("done", pile), tuple(order) if order else None)
        self.seen.pop(pile, None)

    def searched(self, pile: int) -> bool:
        return ("done", pile) in self._facts

    def order(self, pile: int) -> tuple[str, ...] | None:
        return self._facts.get(("done", pile))  # type: ignore[return-value]

    def forget_searched(self) -> None:
        """Start the search of the store over (nothing left unsearched, something still missing)."""
        for key in [k for k in self._facts if k[0] == "done"]:
            del self._facts[key]
        self.seen.clear()

    def pile_gone(self, pile: int) -> None:
        for key in [k for k, v in self._facts.items() if (k[0] == "in" and v == pile) or k == ("done", pile)]:
            del self._facts[key]
        self.seen.pop(pile, None)


@dataclass
class ListMemory:
    """A Memory-mode list as the bot memorised it: exact items and garment-only hazy ones."""

    exact: list[str] = field(default_factory=list)
    hazy: list[str] = field(default_factory=list)     # garments of items only vaguely remembered
    truth_of_hazy: list[str] = field(default_factory=list)  # the real items (a faint memory to recognise)
    size: int = 0

    @classmethod
    def memorise(cls, items: list[str], span: int, error: float, lookalikes: dict[str, list[str]],
                 garment_of: dict[str, str], rng: random.Random) -> "ListMemory":
        """Study: `span` items (chosen at random) stick exactly, each wrong with chance `error`."""
        order = list(items)
        rng.shuffle(order)
        memo = cls(size=len(items))
        for n, item in enumerate(order):
            if n < span:
                similar = [s for s in lookalikes.get(item, []) if s not in items]  # never a double
                if similar and rng.random() < error:
                    memo.exact.append(rng.choice(similar))
                else:
                    memo.exact.append(item)
            else:
                memo.hazy.append(garment_of[item])
                memo.truth_of_hazy.append(item)
        return memo
