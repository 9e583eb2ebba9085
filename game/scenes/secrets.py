"""Secrets on a shared screen: how long a player's own secret (Check Out!'s bid, Memory's hand)
shows in their panel while they hold the peek button.

On a pad it shows for as long as the button is held: the player sits apart with their own pad.
Two players on one keyboard sit shoulder to shoulder, so there it shows as a glimpse: GLIMPSE_TICKS
from the press (or from a change made while peeking), then it hides though the key is still held;
to look again, press again (docs/RULES.md, "Secrets on a shared keyboard"). Presentation only:
the simulation still knows the button as held.
"""
from __future__ import annotations

from game import TICK_RATE

GLIMPSE_TICKS = int(0.75 * TICK_RATE)


class Glimpse:
    """Per seat: whether its secret shows this tick, given whether its peek is held and what the
    secret shows (a new value while held starts a new glimpse)."""

    def __init__(self) -> None:
        self._since: dict[int, tuple[int, object]] = {}   # seat -> (tick the glimpse began, what it showed)

    def shows(self, seat: int, held: bool, tick: int, value: object, brief: bool) -> bool:
        """`brief`: the seat shares its keyboard (a glimpse), else it shows while held."""
        if not held:
            self._since.pop(seat, None)
            return False
        began = self._since.get(seat)
        if began is None or began[1] != value:
            began = self._since[seat] = (tick, value)
        return not brief or tick - began[0] < GLIMPSE_TICKS
