"""What a results screen is handed when a match (or a Sold Out! round) ends, instead of the live
game scene: each seat as the screens show it, and the choices that leave the screen.

The game scene builds these once, when its round or match is over (a frozen copy: a results
screen cannot reach back into the world), and passes its own methods as the callbacks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from game.match.seats import SeatIdentity
    from game.render.cast import Character


@dataclass(frozen=True)
class SeatShown:
    """A seat as the results and podium show it: its name, whether a bot played it (from the
    start or after taking over: the name is marked), its colour and shape, and its character."""

    seat: int
    name: str
    bot: bool
    identity: "SeatIdentity"
    shopper: "Character"
    team: int | None = None     # its team in a team game (Sold Out!), else None


@dataclass(frozen=True)
class MatchChoices:
    """How a results screen leaves: the same seats again with a new deal, or back to the lobby."""

    rematch: Callable[[], None]
    to_lobby: Callable[[], None]
