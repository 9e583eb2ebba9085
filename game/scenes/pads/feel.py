"""What a player's own pad feels and their own avatar shows: rumble at their events, the "find me" pulse
(its rings; the mall and the table each draw them where the seat is).

Both read the simulation after its step and never change it (nothing here
goes into a state hash or a replay). Rumble strengths are data
(assets/rumble.toml); the input manager sends them only to the seat's own
pad, scaled by Settings > Rumble, and skips pads without motors.
"""
from __future__ import annotations

import math
import tomllib
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

import pygame

from game.match.seats import identities
from game import asset
from game.sim import mall_events, table_events
from game.render.palette import SHADOW

if TYPE_CHECKING:
    from game.sim.mall_face import MallForRumble
    from game.sim.table_face import TableForRumble
    from game.core.context import Context

RUMBLE_FILE = asset("rumble.toml")
FIND_ME_TICKS = 90     # how long the pulse shows after a stick press (1.5 s)
RINGS = 3


@lru_cache(maxsize=1)
def rumble_table() -> dict[str, dict[str, tuple[float, int]]]:
    """{game: {event: (strength, ms)}} from assets/rumble.toml."""
    with open(RUMBLE_FILE, "rb") as handle:
        data = tomllib.load(handle)
    return {game: {name: (float(v[0]), int(v[1])) for name, v in events.items()} for game, events in data.items()}


class Rumbler:
    """Turns one game's events into rumbles on the pads of the seats they belong to.

    seat_of: the sim's seat index -> the lobby seat (whose device it is); bot seats have no pad.
    """

    def __init__(self, ctx: "Context", game: str, seat_of: Callable[[int], int | None] = lambda s: s) -> None:
        self.ctx = ctx
        self.feel = rumble_table().get(game, {})
        self.seat_of = seat_of
        self.touching: set[int] = set()
        self.turn: int | None = None

    def fire(self, event: str, sim_seat: int | None) -> bool:
        feel = self.feel.get(event)
        if feel is None or sim_seat is None or sim_seat < 0:
            return False
        seat = self.seat_of(sim_seat)
        return seat is not None and self.ctx.input.rumble(seat, *feel)

    def mall(self, sim: "MallForRumble") -> None:
        """After a MallSim step: its events, plus a bump when two avatars start touching."""
        for event in sim.events:
            self.fire(event.kind, mall_events.seat_of(event))
        reach = 2 * sim.t.half
        touching: set[int] = set()
        bodies = [(av.seat, av.body) for av in sim.avatars]
        for i, (seat_a, a) in enumerate(bodies):
            for seat_b, b in bodies[i + 1:]:
                if (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < reach * reach:
                    touching.update((seat_a, seat_b))
        for seat in sorted(touching - self.touching):
            self.fire("bump", seat)
        self.touching = touching

    def table(self, sim: "TableForRumble") -> None:
        """After a TableSim step: its events, plus "turn" when checkout comes to a seat."""
        for event in sim.events:
            self.fire(event.kind, table_events.seat_of(event))
        turn = sim.checkout_seat() if sim.phase == "checkout" else None
        if turn is not None and turn != self.turn:
            self.fire("turn", turn)
        self.turn = turn


def pulse_rings(surface: pygame.Surface, seat: int, centre: tuple[int, int], size: int, age: int) -> None:
    """Rings in the seat's colour spreading from `centre`, and an arrow above: "you are here"."""
    colour = identities()[seat].colour
    for ring in range(RINGS):
        phase = ((age + ring * 12) % 36) / 36
        radius = round(size * (0.6 + phase * 1.4))
        pygame.draw.circle(surface, SHADOW, centre, radius + 2, 6)
        pygame.draw.circle(surface, colour, centre, radius, 4)
    bob = round(math.sin(age * 0.3) * 5)
    tip = (centre[0], centre[1] - size - 30 + bob)   # above the name tag
    points = [tip, (tip[0] - 16, tip[1] - 22), (tip[0] + 16, tip[1] - 22)]
    pygame.draw.polygon(surface, SHADOW, [(x, y + 3) for x, y in points])
    pygame.draw.polygon(surface, colour, points)


def find_me_age(ctx: "Context", seat: int) -> int | None:
    """Ticks into `seat`'s find-me pulse, or None when it is not showing."""
    age = ctx.input.find_me_age(seat)
    return age if age is not None and age < FIND_ME_TICKS else None
