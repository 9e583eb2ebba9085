"""Which character each seat plays, as the scenes that show players ask it (presentation only).

The lobby keeps each seat's pick on its LobbySeat (ctx.seats); a seat with no pick (a bot, a
replay, a headless run, a screenshot) plays its seat's default. The simulation never sees any of
it: no MatchSpec, replay header or state hash carries a character."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.render.cast import Character, of_seats
from game.render.figure import Look

if TYPE_CHECKING:
    from collections.abc import Iterable

    from game.core.context import Context
    from game.match.seats import SeatIdentity


def seat_cast(ctx: Context, seats: Iterable[int]) -> dict[int, Character]:
    """Each seat's shopper: as picked in the lobby, else its seat's default (none twice)."""
    return of_seats(seats, {s.seat: s.character for s in ctx.seats})


def seat_look(identity: SeatIdentity, colourblind: bool) -> Look:
    """What a seat's shopper wears wherever it is shown: its colour and shape, and in colour-blind
    mode its seat's pattern too (the map, lobby, panels, results and podium all agree)."""
    return Look(identity.hex, identity.shape, identity.index if colourblind else None)
