"""What an engine action moved, for the simulation to place on the map (Result.events).

One frozen class per kind with typed fields; readers match on the class (never on a
position or a string), so a new kind is an error wherever it is not handled. `kind` is the
event's name where data and text name it: scenario steps ("pile_removed 0"), describe()."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar, Union


@dataclass(frozen=True, slots=True)
class PilePutDown:
    """The pile goes to the floor where the player stands."""

    kind: ClassVar[str] = "pile_put_down"
    player: int
    pile: int


@dataclass(frozen=True, slots=True)
class PileRemoved:
    """The pile is empty and disappears."""

    kind: ClassVar[str] = "pile_removed"
    pile: int


@dataclass(frozen=True, slots=True)
class PileCreated:
    """Round end: a carried card becomes a one-card pile where its carrier stands."""

    kind: ClassVar[str] = "pile_created"
    player: int
    pile: int


@dataclass(frozen=True, slots=True)
class SoldOut:
    kind: ClassVar[str] = "sold_out"
    side: int | None


@dataclass(frozen=True, slots=True)
class RoundOver:
    kind: ClassVar[str] = "round_over"
    cause: str


EngineEvent = Union[PilePutDown, PileRemoved, PileCreated, SoldOut, RoundOver]


def describe(event: EngineEvent) -> str:
    """The event as scenario files write it: its kind, then its fields ("pile_put_down 0 3")."""
    values = (getattr(event, f.name) for f in fields(event))
    return " ".join([event.kind, *("none" if v is None else str(v) for v in values)])
