"""The shop floor: where the piles lie, and where a pile may be put down.

A pile lies on walkable floor only (no wall, table or chair under it) and never on another
pile. Held piles keep their last spot here but are not on the floor. No pygame, no clock."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.files.levels import Level
from game.sim.mall_avatar import Avatar
from game.sim.physics import Grid
from game.sim.tuning import FP, Tuning

_DIAG = 181  # 256 / sqrt(2): a diagonal facing's component, in 1/256ths


@lru_cache(maxsize=8)   # the same for every match: worked out once
def search_offsets(radius: int, step: int = 4) -> tuple[tuple[int, int], ...]:
    """Offsets within `radius` px, nearest first (ties in a fixed order): where to look for room."""
    cells = [(dx * dx + dy * dy, dy, dx) for dy in range(-radius, radius + 1, step)
             for dx in range(-radius, radius + 1, step) if dx * dx + dy * dy <= radius * radius]
    cells.sort()
    return tuple((dx, dy) for _d, dy, dx in cells)


class PileFloor:
    """Pile positions (pile id -> centre px) and the legality of spots for them."""

    def __init__(self, grid: Grid, level: Level, tuning: Tuning) -> None:
        self.grid = grid
        self.level = level
        self.t = tuning
        self.piles: dict[int, tuple[int, int]] = {}   # pile id -> centre px (on the floor or held)
        self.held: dict[int, int] = {}                # the round's player -> held pile (the engine's dict)
        self._offsets = search_offsets(tuning.search_radius)
        self._previews: dict[int, tuple[tuple[Any, ...], tuple[int, int, bool]]] = {}

    def lay(self, piles: dict[int, tuple[int, int]], held: dict[int, int]) -> None:
        """A new round's piles, where they were dealt, and the engine's record of who holds which."""
        self.piles = piles
        self.held = held
        self._previews.clear()

    def keep_only(self, ids: dict[int, list[str]] | list[int]) -> None:
        """Forget the piles that are no longer in the round (stage directions that played it out)."""
        self.piles = {pid: pos for pid, pos in self.piles.items() if pid in ids}

    def moved(self) -> None:
        """Piles may have moved: previews worked out earlier this tick are stale."""
        self._previews.clear()

    def remove(self, pile: int) -> None:
        self.piles.pop(pile, None)

    # ----- queries --------------------------------------------------------------------
    def lying(self) -> list[tuple[int, int, int]]:
        """(pile id, x, y) of the piles lying on the floor, by id."""
        taken = [p for p in self.held.values()]
        return [(pid, x, y) for pid, (x, y) in sorted(self.piles.items()) if pid not in taken]

    def on_floor(self, pile: int) -> tuple[int, int] | None:
        """Where a pile lies, or None if it is gone or someone holds it."""
        spot = self.piles.get(pile)
        if spot is None or pile in self.held.values():
            return None
        return spot

    def nearest(self, x: int, y: int) -> int | None:
        """The nearest pile on the floor within reach of (x, y), or None."""
        # `lying()` without its list and sort (a bot asks at every step towards a pile, the
        # simulation at every A): the same answer, the lowest id among equally near piles.
        best_d2 = self.t.reach_pile ** 2 + 1
        best: int | None = None
        taken = self.held.values()
        for pid, (px, py) in self.piles.items():
            dx, dy = px - x, py - y
            d2 = dx * dx + dy * dy
            if d2 < best_d2 or (d2 == best_d2 and best is not None and pid < best):
                if pid not in taken:
                    best_d2, best = d2, pid
        return best

    def preview(self, av: Avatar) -> tuple[int, int, bool]:
        """Where B would put the avatar's held pile: (x, y, legal). Falls back to the nearest legal
        spot. Cached per pose and floor (everything the answer reads: the scene asks every tick,
        and an avatar browsing a pile stands still for many)."""
        x, y = av.pos
        fx, fy = av.facing
        held = self.held.get(av.player)
        key = (x, y, fx, fy, held, tuple(self.piles.items()), tuple(self.held.values()))
        cached = self._previews.get(av.seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        dist = self.t.drop_distance
        if fx and fy:
            dist = dist * _DIAG // 256
        want = (x + fx * dist, y + fy * dist)
        spot = self._legal_spot_near(want, held)
        answer = (want[0], want[1], False) if spot is None else (spot[0], spot[1], True)
        self._previews[av.seat] = (key, answer)
        return answer

    def spot_legal(self, x: int, y: int, ignore: int | None) -> bool:
        """Could pile `ignore` lie at (x, y)?"""
        return self._spot_clear(x, y, self._other_piles(ignore))

    # ----- placement ------------------------------------------------------------------
    def place(self, pile: int, near: tuple[int, int]) -> None:
        """Put a pile on the floor at (or as near as possible to) a point."""
        spot = self._legal_spot_near(near, pile)
        if spot is None:  # crowded: widen the search; a pile must land somewhere
            spot = self._widest_spot(near, pile)
        self.piles[pile] = spot

    def _other_piles(self, ignore: int | None) -> list[tuple[int, int]]:
        """Centres of the piles lying on the floor, except `ignore`."""
        held = list(self.held.values())
        return [xy for pid, xy in self.piles.items() if pid != ignore and pid not in held]

    def _spot_clear(self, x: int, y: int, others: list[tuple[int, int]]) -> bool:
        """A pile fits here: only walkable floor under it (no wall, table or chair), no pile overlap."""
        h = self.t.pile_half
        if self.grid.box_blocked((x - h) * FP, (y - h) * FP, (x + h) * FP, (y + h) * FP):
            return False
        size = 2 * h
        for px, py in others:
            if -size < px - x < size and -size < py - y < size:
                return False
        return True

    def _legal_spot_near(self, want: tuple[int, int], ignore: int | None) -> tuple[int, int] | None:
        """The spot itself if legal, else the nearest legal one within the search radius."""
        x, y = want
        others = self._other_piles(ignore)
        for dx, dy in self._offsets:
            if self._spot_clear(x + dx, y + dy, others):
                return x + dx, y + dy
        return None

    def _widest_spot(self, near: tuple[int, int], pile: int) -> tuple[int, int]:
        for spot in sorted(self.level.pile_spots,
                           key=lambda s: ((s[0] - near[0]) ** 2 + (s[1] - near[1]) ** 2, s)):
            found = self._legal_spot_near(spot, pile)
            if found is not None:
                return found
        return near
