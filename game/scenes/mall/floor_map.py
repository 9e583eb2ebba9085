"""The floor a shopper can walk on, as screen px under any rect, each answer in constant time.

Placing Tidying Up's dresser cards weighs thousands of candidate spots over the whole map by the
walkable floor each would hide; counting tiles per candidate was too slow for that. The level's
tiles cut the map into cells (cell edges at round(origin + i * tile), so the cells tile the map
exactly); a summed-area table over the open cells answers "how many walkable px from the map's
corner to (x, y)", and any rect's count is four of those.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import Sequence

import pygame


class FloorMap:
    """Walkable px under screen rects, for a level's `solid` grid (non-zero: no floor) drawn at `origin` and `tile` px."""

    def __init__(self, solid: Sequence[Sequence[int]], origin: tuple[int, int], tile: float) -> None:
        rows, cols = len(solid), len(solid[0]) if solid else 0
        self.xs = [round(origin[0] + i * tile) for i in range(cols + 1)]   # cell edges, screen px
        self.ys = [round(origin[1] + j * tile) for j in range(rows + 1)]
        self.open = [[0 if solid[j][i] else 1 for i in range(cols)] for j in range(rows)]
        # open, with a closed column and row past the last (a point on the map's far edge has no cell)
        self._open = [[*row, 0] for row in self.open] + [[0] * (cols + 1)]
        self._axes: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        widths = [self.xs[i + 1] - self.xs[i] for i in range(cols)]
        heights = [self.ys[j + 1] - self.ys[j] for j in range(rows)]
        # full[j][i]: open px in cells above row j and left of column i; down[j][i]: open px a px
        # wide in column i above row j; across[j][i]: open px a px tall in row j left of column i
        self.full = [[0] * (cols + 1) for _ in range(rows + 1)]
        self.down = [[0] * (cols + 1) for _ in range(rows + 1)]
        self.across = [[0] * (cols + 1) for _ in range(rows + 1)]
        for j in range(rows):
            for i in range(cols):
                cell = self.open[j][i]
                self.across[j][i + 1] = self.across[j][i] + cell * widths[i]
                self.down[j + 1][i] = self.down[j][i] + cell * heights[j]
                self.full[j + 1][i + 1] = (self.full[j][i + 1] + self.full[j + 1][i] - self.full[j][i]
                                           + cell * widths[i] * heights[j])

    def walkable(self, rect: pygame.Rect) -> int:
        """Screen px of `rect` over floor a shopper can walk on (not walls, shelves or furniture)."""
        left, right = _into(self.xs, rect.left), _into(self.xs, rect.right)
        top, bottom = _into(self.ys, rect.top), _into(self.ys, rect.bottom)
        return self._below(right, bottom) - self._below(left, bottom) - self._below(right, top) + self._below(left, top)

    def _below(self, column: tuple[int, int], row: tuple[int, int]) -> int:
        """Walkable px left of and above a point, given as (cell, px into it) across and down (_into)."""
        (i, dx), (j, dy) = column, row
        return self.full[j][i] + dx * self.down[j][i] + dy * (self.across[j][i] + dx * self._open[j][i])

    def walkable_along(self, xs: Sequence[int], w: int, y: int, h: int) -> list[int]:
        """walkable(Rect(x, y, w, h)) for each x in `xs`, at a fraction of the cost: a grid row of
        Tidying Up's card spots. Each corner's count reuses where its x and y fall among the cells."""
        axis = self._axis((*xs, *(x + w for x in xs)))
        top, bottom = self._row(axis, y), self._row(axis, y + h)
        n = len(xs)
        return [bottom[n + k] - bottom[k] - top[n + k] + top[k] for k in range(n)]

    def _axis(self, xs: tuple[int, ...]) -> list[tuple[int, int]]:
        """Per x: (its column, px into it) (_into). Kept per tuple of xs: every row asks."""
        axis = self._axes.get(xs)
        if axis is None:
            axis = self._axes[xs] = [_into(self.xs, x) for x in xs]
        return axis

    def _row(self, axis: list[tuple[int, int]], y: int) -> list[int]:
        """_below at height y for each x of `axis`."""
        j, dy = _into(self.ys, y)
        full, down, across, cells = self.full[j], self.down[j], self.across[j], self._open[j]
        return [full[i] + dx * down[i] + dy * (across[i] + dx * cells[i]) for i, dx in axis]


def _into(edges: list[int], at: int) -> tuple[int, int]:
    """The cell `at` falls in and the px into it: (0, 0) before the first edge (the map's first
    column and row of counts are 0, as nothing is there), (the last edge, 0) at or past it
    (whole cells only)."""
    i = _cell(edges, at)
    if i < 0:
        return 0, 0
    return i, (at - edges[i] if i < len(edges) - 1 else 0)


def _cell(edges: list[int], at: int) -> int:
    """The cell `at` falls in: -1 before the first edge, the last edge's index at or past the end."""
    return min(bisect_right(edges, at), len(edges)) - 1
