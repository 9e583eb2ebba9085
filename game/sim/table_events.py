"""The table's own phases and the events of a step (`TableSim.events`), typed."""
from __future__ import annotations

from typing import Any, NamedTuple

from game.rules.phases import Phase


class TableStage(Phase):
    """The table's own phases on top of the engine's CheckoutPhase (TableSim.phase is one of either)."""

    COUNTDOWN = "countdown"   # 3-2-1 before a round: cursors move, buttons wait
    REVEAL = "reveal"         # every bonus bid shown together


class TableEvent(NamedTuple):
    """One thing that happened in the last step: (kind, seat or -1, detail); reads as that tuple."""

    kind: str
    seat: int
    detail: Any
