"""The small values a Sold Out! round is made of: an objective card with what lies on it, and
what an action did (shared by the engine and the rule families that act on it)."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.soldout.events import EngineEvent


@dataclass(frozen=True, slots=True)
class Result:
    """What an action did. `events` tell the simulation what to move on the map
    (typed in events.py: PilePutDown, PileRemoved, PileCreated, SoldOut, RoundOver)."""

    ok: bool
    reason: str = ""
    events: tuple[EngineEvent, ...] = ()

    def __bool__(self) -> bool:
        return self.ok


@dataclass(slots=True)
class Slot:
    """An objective card on the Starting Table (or a dresser's card) and what was put on it."""

    card: str
    placed: list[tuple[str, int]] = field(default_factory=list)  # (item, player who placed it)
