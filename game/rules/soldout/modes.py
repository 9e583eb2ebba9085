"""Sold Out! modes: one registry that the engine, the command line, the lobby, replays,
speedrun categories and the results read.

A mode is one object that satisfies `SoldOutMode`. Its rules are its family
(family.py; the built-in ones are rush.py, memory.py and tidy.py), which every
layer asks what differs between modes: what the hand does, where a card goes,
what counts as done. A mode picks its family and may change the deal, how it
is named, the how-to card, which round ends count as finished, whether "choose
each round" takes it in turn and how many bots show it off in the attract loop.
Adding a mode is `register(Mode(...))` in one module (see docs/ARCHITECTURE.md);
nothing else lists the modes.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.match.spec import MatchSpec
from game.rules.soldout.catalogue import Catalogue
from game.rules.soldout.deal import Deal
from game.rules.soldout.family import RuleFamily
from game.rules.soldout.memory import MEMORY as MEMORY_RULES
from game.rules.soldout.options import options_of
from game.rules.soldout.rush import RUSH as RUSH_RULES
from game.rules.soldout.tidy import TIDY as TIDY_RULES

CHOOSE = "choose"                      # the pseudo-mode "choose each round" (modes taken in turn)
def N_(message: str) -> str:
    """Marks a name for the translation catalogue (pybabel's N_ keyword); the screens translate
    it where they draw it. The rules stay free of any language."""
    return message


CHOOSE_NAME = N_("Choose each round")


@runtime_checkable
class SoldOutMode(Protocol):
    """What the game needs to know about a mode."""

    @property
    def key(self) -> str: ...            # the name on the command line, in replays and results JSON

    @property
    def name(self) -> str: ...           # the name a player reads ("The Rush")

    @property
    def family(self) -> RuleFamily: ...  # the rules: where a taken card goes and what follows (family.py)

    @property
    def howto(self) -> str: ...          # assets/howto/<howto>.toml: the card shown before its first round

    @property
    def in_cycle(self) -> bool: ...      # taken in turn when the lobby says "choose each round"

    @property
    def finish_causes(self) -> tuple[str, ...]: ...   # round-end causes that mean the round was completed

    @property
    def demo_players(self) -> int: ...   # how many bots play it in the title's attract loop

    def deal(self, catalogue: Catalogue, sides: int, rng: random.Random) -> Deal: ...


@dataclass(frozen=True)
class Mode:
    """The ordinary mode: its family's deal and rules. Subclass to change the deal."""

    key: str
    name: str
    family: RuleFamily
    howto: str = ""
    in_cycle: bool = True
    finish_causes: tuple[str, ...] = ()
    demo_players: int = 4

    def __post_init__(self) -> None:
        if not self.howto:
            object.__setattr__(self, "howto", self.key)
        if not self.finish_causes:
            object.__setattr__(self, "finish_causes", (self.family.finish_cause,))

    def deal(self, catalogue: Catalogue, sides: int, rng: random.Random) -> Deal:
        return self.family.deal(catalogue, sides, rng)


_REGISTRY: dict[str, SoldOutMode] = {}


def register(mode: SoldOutMode) -> SoldOutMode:
    """Add a mode (its key must be new, and not "choose")."""
    if mode.key in _REGISTRY or mode.key == CHOOSE:
        raise ValueError(f"a Sold Out! mode {mode.key!r} is already registered")
    if not isinstance(mode.family, RuleFamily):
        raise ValueError(f"mode {mode.key!r}: family must be a RuleFamily")
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


def schedule(spec: MatchSpec) -> list[str]:
    """The mode of each round of `spec`: the schedule a replay recorded, else `rotation`'s. The
    rule's one home; the game object (game/games/soldout.py, SOLD_OUT.schedule) answers with it."""
    if spec.schedule:
        return list(spec.schedule)
    options = options_of(spec)
    return rotation(options.mode, options.rounds)


def rotation(mode: str, rounds: int) -> list[str]:
    """The mode of each of `rounds` rounds of a match asking for `mode`: that mode every round, or,
    for "choose", the cycle in turn (what the choice is preset to; replays record it)."""
    if mode == CHOOSE:
        turns = cycle()
        return [turns[r % len(turns)] for r in range(rounds)]
    if mode not in _REGISTRY:
        raise ValueError(f"unknown Sold Out! mode {mode!r}; use {', '.join(_REGISTRY)} or choose")
    return [mode] * rounds


def display_name(key: str) -> str:
    """A player's name for a mode or for "choose"."""
    return CHOOSE_NAME if key == CHOOSE else get(key).name


def deal_round(catalogue: Catalogue, mode: str, sides: int, rng: random.Random) -> Deal:
    """Shuffle the 85 cards into the piles and deal what the mode puts out (lists or dressers)."""
    return get(mode).deal(catalogue, sides, rng)


def names() -> dict[str, str]:
    """key -> display name, for every mode and "choose"."""
    return {k: display_name(k) for k in choices()}


RUSH = register(Mode("rush", N_("The Rush"), RUSH_RULES, demo_players=6))
MEMORY = register(Mode("memory", N_("Memory"), MEMORY_RULES, demo_players=4))
TIDY = register(Mode("tidy", N_("Tidying Up"), TIDY_RULES, demo_players=5))
