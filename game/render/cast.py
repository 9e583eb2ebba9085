"""The cast of shoppers (assets/cast.toml): who walks the mall for each seat.

A character is presentation only: the simulation, its state hash and the replays never see which
one a seat plays. The lobby lets each seat pick one (LobbySeat.character); wherever no choice was
made (a replay, a headless run, a screenshot, a bot) a seat gets the character of its seat
order, so no two seats look alike by default. No pygame here.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game import asset

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

CAST_FILE = asset("cast.toml")
BUILDS = ("round", "box", "pear", "wedge", "slim")
HAIR_STYLES = ("bun", "short", "bald", "afro", "long", "spiky", "buns", "tufts")
HATS = ("", "cap", "beanie", "sunhat")
ITEMS = ("handbag", "headphones", "backpack", "sunglasses", "scarf", "tote", "bowtie", "bow")
LIMITS = {"tall": (0.75, 1.3), "wide": (0.75, 1.35), "head": (0.45, 0.7)}


@dataclass(frozen=True, slots=True)
class Character:
    """One shopper's look: proportions, colours, hair, hat and signature item."""

    id: str
    name: str          # the English name: a message of the catalogue (say it with _())
    build: str
    tall: float
    wide: float
    head: float
    skin: str
    hair: str
    hair_style: str
    hat: str
    item: str
    legs: str
    accent: str
    beard: bool = False
    unlock_stars: int = 0   # career stars before a seat may pick it (0: from the start)

    def unlocked(self, stars: int) -> bool:
        """Whether a career with `stars` verified stars may pick this character."""
        return stars >= self.unlock_stars


def _choice(entry: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = str(entry.get(key, ""))
    if value not in allowed:
        raise ValueError(f"cast.toml: {entry.get('id')!r} has {key} {value!r}; expected one of {allowed}")
    return value


def _number(entry: dict[str, Any], key: str) -> float:
    low, high = LIMITS[key]
    value = float(entry[key])
    if not low <= value <= high:
        raise ValueError(f"cast.toml: {entry.get('id')!r} has {key} {value}; expected {low} .. {high}")
    return value


def _colour(entry: dict[str, Any], key: str) -> str:
    value = str(entry[key])
    if len(value) != 7 or value[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in value[1:]):
        raise ValueError(f"cast.toml: {entry.get('id')!r} has {key} {value!r}; expected #RRGGBB")
    return value.upper()


def _character(entry: dict[str, Any]) -> Character:
    return Character(
        id=str(entry["id"]), name=str(entry["name"]), build=_choice(entry, "build", BUILDS),
        tall=_number(entry, "tall"), wide=_number(entry, "wide"), head=_number(entry, "head"),
        skin=_colour(entry, "skin"), hair=_colour(entry, "hair"), hair_style=_choice(entry, "hair_style", HAIR_STYLES),
        hat=_choice(entry, "hat", HATS), item=_choice(entry, "item", ITEMS), legs=_colour(entry, "legs"),
        accent=_colour(entry, "accent"), beard=bool(entry.get("beard", False)),
        unlock_stars=_stars(entry))


def _stars(entry: dict[str, Any]) -> int:
    value = entry.get("unlock_stars", 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"cast.toml: {entry.get('id')!r} has unlock_stars {value!r}; expected a whole number >= 0")
    return value


@lru_cache(maxsize=1)
def cast() -> tuple[Character, ...]:
    """Every character, in the default order (seat N plays character N)."""
    data = tomllib.loads(CAST_FILE.read_text(encoding="utf-8"))
    out = tuple(_character(entry) for entry in data["character"])
    ids = [c.id for c in out]
    if len(set(ids)) != len(ids):
        raise ValueError("cast.toml: two characters share an id")
    if not any(c.unlock_stars == 0 for c in out):
        raise ValueError("cast.toml: every character is locked; a new player needs one to play")
    return out


def starters() -> tuple[Character, ...]:
    """The characters every player has from the start: the only ones a seat gets by default."""
    return tuple(c for c in cast() if c.unlock_stars == 0)


def ids() -> tuple[str, ...]:
    return tuple(c.id for c in cast())


def character(ident: str | None, seat: int = 0) -> Character:
    """The character called `ident`, or the seat's default when there is none such (whether it is
    unlocked is the lobby's question: a replay shows whoever was picked)."""
    for c in cast():
        if c.id == ident:
            return c
    return default_for(seat)


def default_for(seat: int) -> Character:
    """Seat N's character when no one chose: the starters in order (six seats, six different looks)."""
    everyone = starters()
    return everyone[seat % len(everyone)]


def step(ident: str | None, seat: int, by: int) -> str:
    """The character `by` places after `ident` in the cast (the lobby's left/right)."""
    order = ids()
    at = order.index(character(ident, seat).id)
    return order[(at + by) % len(order)]


def of_seats(seats: Iterable[int], chosen: Mapping[int, str | None] | None = None) -> dict[int, Character]:
    """Each seat's character: its player's choice where one was made; else its seat's default, or
    the next one in the cast no other seat plays (two seats never look alike unless both chose to)."""
    picks = chosen or {}
    order = sorted(seats)
    out = {seat: character(picks[seat], seat) for seat in order if picks.get(seat) in ids()}
    taken = {c.id for c in out.values()}
    everyone = starters()
    for seat in order:
        if seat in out:
            continue
        start = everyone.index(default_for(seat))
        free = [everyone[(start + k) % len(everyone)] for k in range(len(everyone))]
        pick = next((c for c in free if c.id not in taken), free[0])
        out[seat] = pick
        taken.add(pick.id)
    return {seat: out[seat] for seat in order}
