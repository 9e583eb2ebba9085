"""Dice arithmetic: does a roll show a set of faces, which dice to use, how
likely a set is, and how to say a set of faces in words."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product as cartesian
from typing import TYPE_CHECKING, Iterable, Sequence

if TYPE_CHECKING:
    from fractions import Fraction

_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def covers(needed: Iterable[int], showing: Iterable[int]) -> bool:
    """True when the dice `showing` include every face in `needed` (counting repeats)."""
    have = Counter(showing)
    return all(have[face] >= count for face, count in Counter(needed).items())


def take_dice(needed: Sequence[int], hand: list[int]) -> list[int]:
    """The hand left after removing one die for each needed face (caller checked `covers`)."""
    left = list(hand)
    for face in needed:
        left.remove(face)  # removes the first die showing that face: the choice is arbitrary but fixed
    return left


def say_faces(faces: Sequence[int]) -> str:
    """'a 5 and a 6', 'two 3s', 'two 1s and a 4' — a set of faces in words."""
    parts = []
    for face, count in sorted(Counter(faces).items()):
        parts.append(f"a {face}" if count == 1 else f"{_NUMBERS.get(count, count)} {face}s")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


@lru_cache(maxsize=None)
def chance(faces: tuple[int, ...], dice: int) -> Fraction:
    """Exact chance that one roll of `dice` dice shows all of `faces` (full enumeration)."""
    # fractions (and decimal, which it loads) only here: a match never asks, the tests and tools do
    from fractions import Fraction
    if dice < len(faces):
        return Fraction(0)
    hits = sum(1 for roll in cartesian(range(1, 7), repeat=dice) if covers(faces, roll))
    return Fraction(hits, 6 ** dice)


def shape(faces: Sequence[int]) -> str:
    """The difficulty shape of a face set: '1', '1+1', '2', '1+1+1', '2+1', '3'."""
    return "+".join(str(c) for c in sorted(Counter(faces).values(), reverse=True))


SHAPE_NAMES = {
    "1": "one face", "1+1": "two different faces", "2": "a pair",
    "1+1+1": "three different faces", "2+1": "a pair and one more", "3": "a triple",
}
