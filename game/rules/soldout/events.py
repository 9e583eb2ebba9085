"""What an engine action moved, for the simulation to place on the map (Result.events).

Each event is a NamedTuple whose first field names its kind, so `event[0]` and
unpacking work as for the plain tuples they replace."""
from __future__ import annotations

from typing import Literal, NamedTuple, Union


class PilePutDown(NamedTuple):
    """The pile goes to the floor where the player stands."""

    kind: Literal["pile_put_down"]
    player: int
    pile: int


class PileRemoved(NamedTuple):
    """The pile is empty and disappears."""

    kind: Literal["pile_removed"]
    pile: int


class PileCreated(NamedTuple):
    """Round end: a carried card becomes a one-card pile where its carrier stands."""

    kind: Literal["pile_created"]
    player: int
    pile: int


class SoldOut(NamedTuple):
    kind: Literal["sold_out"]
    side: int | None


class RoundOver(NamedTuple):
    kind: Literal["round_over"]
    cause: str


EngineEvent = Union[PilePutDown, PileRemoved, PileCreated, SoldOut, RoundOver]
