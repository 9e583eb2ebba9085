"""The mall's fixtures: the Starting Table and the dressers' chairs, and who stands within reach
of them (the places a carried card is brought to)."""
from __future__ import annotations

from dataclasses import dataclass

from game.files.levels import Level
from game.sim.mall_avatar import Avatar
from game.sim.tuning import FP, Tuning


@dataclass(frozen=True, slots=True)
class Dresser:
    """A dresser is an objective card (by index in the engine) on a chair."""

    index: int
    x: int  # chair centre, px
    y: int


class Fixtures:
    """Where the Starting Table stands (the level's) and the round's dressers (on chairs)."""

    def __init__(self, level: Level, tuning: Tuning) -> None:
        self.level = level
        self.t = tuning
        self.dressers: list[Dresser] = []
        # Each chair's tile's top-left corner beside its dresser, for dresser_in_reach (a
        # carrying bot asks at every decision): worked out once a round, not once a question.
        self._chairs: list[tuple[Dresser, int, int]] = []

    def seat_dressers(self, chairs: list[tuple[int, int]]) -> None:
        """The round's dressers, in engine order, on these chairs (none: a round without dressers)."""
        self.dressers = [Dresser(i, x, y) for i, (x, y) in enumerate(chairs)]
        half_tile = self.level.tile_size // 2
        self._chairs = [(d, d.x - half_tile, d.y - half_tile) for d in self.dressers]

    def at_table(self, av: Avatar) -> bool:
        """Within reach of the Starting Table."""
        reach = self.t.reach_table
        return self.gap2(av, self.level.table_rect) <= reach * reach

    def gap2(self, av: Avatar, rect: tuple[int, int, int, int]) -> int:
        """Squared distance (px) from the avatar's box to a rect; 0 if they touch."""
        x, y = av.pos
        h = self.t.half // FP
        rx, ry, rw, rh = rect
        gx = max(rx - (x + h), (x - h) - (rx + rw), 0)
        gy = max(ry - (y + h), (y - h) - (ry + rh), 0)
        return gx * gx + gy * gy

    def dresser_in_reach(self, av: Avatar) -> Dresser | None:
        """The nearest dresser within reach, or None (the first of equals, in dresser order)."""
        b = av.body
        x, y = b.x // FP, b.y // FP
        h = self.t.half // FP
        ts = self.level.tile_size
        reach2 = self.t.reach_dresser ** 2
        best: Dresser | None = None
        best_d = 0
        # The gap from the avatar's box to each chair's tile, spelled out: a carrying bot asks at
        # every decision.
        left, right, top, bottom = x - h, x + h, y - h, y + h
        for d, rx, ry in self._chairs:
            gx = rx - right if rx - right > left - rx - ts else left - rx - ts
            if gx < 0:
                gx = 0
            elif gx * gx > reach2:
                continue            # too far along x alone (most chairs)
            gy = ry - bottom if ry - bottom > top - ry - ts else top - ry - ts
            if gy < 0:
                gy = 0
            dist = gx * gx + gy * gy
            if dist <= reach2 and (best is None or dist < best_d):
                best, best_d = d, dist
        return best
