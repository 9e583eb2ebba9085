"""Sold Out! modes: one registry that the engine, the command line, the lobby, replays,
speedrun categories and the results read.

A mode is one object that satisfies `SoldOutMode`. The engine has three rule
families (where a taken card goes: to the Starting Table, into the hand, to a
dresser); a mode picks its family and may change the deal, how it is named, the
how-to card, which round ends count as finished and whether "choose each round"
takes it in turn. Adding a mode is `register(Mode(...))` in one module (see
docs/ARCHITECTURE.md); nothing else lists the modes.
"""
from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.rules.soldout.catalogue import Catalogue
from game.rules.soldout.deal import Deal, deal_dressers, deal_lists

CHOOSE = "choose"                      # the pseudo-mode "choose each round" (modes taken in turn)
def N_(message: str) -> str:
    """Marks a name for the translation catalogue (pybabel's N_ keyword); the screens translate
    it where they draw it. The rules stay free of any language."""
    return message


CHOOSE_NAME = N_("Choose each round")


class Family(enum.Enum):
    """Where a taken card goes: the engine's three rule families."""

    RUSH = "rush"          # carried to the side's objective cards on the Starting Table
    MEMORY = "memory"      # into the hand; the player calls SOLD OUT!
    TIDY = "tidy"          # carried to a dresser shared by every side


@runtime_checkable
class SoldOutMode(Protocol):
    """What the game needs to know about a mode."""

    @property
    def key(self) -> str: ...            # the name on the command line, in replays and results JSON

    @property
    def name(self) -> str: ...           # the name a player reads ("The Rush")

    @property
    def family(self) -> Family: ...

    @property
    def howto(self) -> str: ...          # assets/howto/<howto>.toml: the card shown before its first round

    @property
    def in_cycle(self) -> bool: ...      # taken in turn when the lobby says "choose each round"

    @property
    def finish_causes(self) -> tuple[str, ...]: ...   # round-end causes that mean the round was completed

    def deal(self, catalogue: Catalogue, sides: int, rng: random.Random) -> Deal: ...


@dataclass(frozen=True)
class Mode:
    """The ordinary mode: its family's deal and rules. Subclass to change the deal."""

    key: str
    name: str
    family: Family
    howto: str = ""
    in_cycle: bool = True
    finish_causes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.howto:
            object.__setattr__(self, "howto", self.key)
        if not self.finish_causes:
            cause = "all_filled" if self.family is Family.TIDY else "sold_out"
            object.__setattr__(self, "finish_causes", (cause,))

    def deal(self, catalogue: Catalogue, sides: int, rng: random.Random) -> Deal:
        if self.family is Family.TIDY:
            return deal_dressers(catalogue, sides, rng)
        return deal_lists(catalogue, sides, rng)


# Family traits, read by the engine, the simulation, bots and the HUD instead of mode names.
def delivers_to_table(mode: str) -> bool:
    """Rush family: carried cards go onto the side's objective cards at the Starting Table."""
    return get(mode).family is Family.RUSH


def uses_hand(mode: str) -> bool:
    """Memory family: cards are taken into the hand; a study phase first; SOLD OUT! is called."""
    return get(mode).family is Family.MEMORY


def uses_dressers(mode: str) -> bool:
    """Tidy family: carried cards go to dressers every side shares."""
    return get(mode).family is Family.TIDY


_REGISTRY: dict[str, SoldOutMode] = {}


def register(mode: SoldOutMode) -> SoldOutMode:
    """Add a mode (its key must be new, and not "choose")."""
    if mode.key in _REGISTRY or mode.key == CHOOSE:
        raise ValueError(f"a Sold Out! mode {mode.key!r} is already registered")
    if not isinstance(mode.family, Family):
        raise ValueError(f"mode {mode.key!r}: family must be a Family")
    _REGISTRY[mode.key] = mode
    return mode


def unregister(key: str) -> None:
    """Remove a mode (tests that register a mode of their own clean up with this)."""
    _REGISTRY.pop(key, None)


def get(key: str) -> SoldOutMode:
    """The registered mode; ValueError naming the choices otherwise."""
    try:
        return _REGISTRY[key]
    except KeyError:
        raise ValueError(f"unknown mode {key!r}; use one of {', '.join(_REGISTRY)}") from None


def keys() -> tuple[str, ...]:
    """Every registered mode, in registration order."""
    return tuple(_REGISTRY)


def choices() -> tuple[str, ...]:
    """What a match may ask for: every mode, then "choose"."""
    return (*_REGISTRY, CHOOSE)


def cycle() -> tuple[str, ...]:
    """The modes "choose each round" takes in turn."""
    return tuple(k for k, m in _REGISTRY.items() if m.in_cycle)


def display_name(key: str) -> str:
    """A player's name for a mode or for "choose"."""
    return CHOOSE_NAME if key == CHOOSE else get(key).name


def deal_round(catalogue: Catalogue, mode: str, sides: int, rng: random.Random) -> Deal:
    """Shuffle the 85 cards into the piles and deal what the mode puts out (lists or dressers)."""
    return get(mode).deal(catalogue, sides, rng)


def names() -> dict[str, str]:
    """key -> display name, for every mode and "choose"."""
    return {k: display_name(k) for k in choices()}


RUSH = register(Mode("rush", N_("The Rush"), Family.RUSH))
MEMORY = register(Mode("memory", N_("Memory"), Family.MEMORY))
TIDY = register(Mode("tidy", N_("Tidying Up"), Family.TIDY))
