"""Path finding for bots: Dijkstra flow fields over the level's walkable tiles.

A field answers "which tile next?" from every tile towards a set of goal tiles
(a pile's tile, the tiles beside the Starting Table, the tiles beside a dresser
chair). Levels are small (at most ~40x18 tiles) and walls never move, so a
field costs a couple of milliseconds once and is then cached and shared by
every bot on that level: steering a walking bot is a list look-up per think.

Moves are 8-way (orthogonal 10, diagonal 14); a diagonal is allowed only when
both orthogonal neighbours are walkable, so an avatar's box never clips a wall
corner on the way.
"""
from __future__ import annotations

import heapq
from typing import Iterable

UNREACHABLE = 1 << 30
_STEPS = ((1, 0, 10), (-1, 0, 10), (0, 1, 10), (0, -1, 10),
          (1, 1, 14), (1, -1, 14), (-1, 1, 14), (-1, -1, 14))


class Field:
    """Distances (10 per tile) to the goal tiles, and each tile's next tile on a shortest path."""

    __slots__ = ("dist", "next", "goals")

    def __init__(self, dist: list[int], nxt: list[int], goals: tuple[int, ...]) -> None:
        self.dist = dist
        self.next = nxt
        self.goals = goals


class NavGrid:
    """The walkable tiles of one level, and a cache of flow fields keyed by goal tiles."""

    def __init__(self, walkable_rows: tuple[bytes, ...], tile_size: int) -> None:
        self.h = len(walkable_rows)
        self.w = len(walkable_rows[0]) if walkable_rows else 0
        self.ts = tile_size
        self.open = b"".join(walkable_rows)   # 1 = walkable, [ty * w + tx]
        self._fields: dict[tuple[int, ...], Field] = {}
        self._to_tile: dict[int, Field] = {}
        self._neighbours = [self._links(i) for i in range(self.w * self.h)]

    def _links(self, i: int) -> tuple[tuple[int, int], ...]:
        """(neighbour index, cost) for every legal move out of tile i."""
        if not self.open[i]:
            return ()
        w, h = self.w, self.h
        x, y = i % w, i // w
        out = []
        for dx, dy, cost in _STEPS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or not self.open[ny * w + nx]:
                continue
            if dx and dy and not (self.open[y * w + nx] and self.open[ny * w + x]):
                continue  # no corner cutting
            out.append((ny * w + nx, cost))
        return tuple(out)

    def index(self, px: int, py: int) -> int:
        """Tile index under a pixel position (clamped onto the map)."""
        tx = min(self.w - 1, max(0, px // self.ts))
        ty = min(self.h - 1, max(0, py // self.ts))
        return ty * self.w + tx

    def centre(self, i: int) -> tuple[int, int]:
        ts = self.ts
        return (i % self.w) * ts + ts // 2, (i // self.w) * ts + ts // 2

    def walkable(self, tx: int, ty: int) -> bool:
        return 0 <= tx < self.w and 0 <= ty < self.h and self.open[ty * self.w + tx] == 1

    def field(self, goals: Iterable[int]) -> Field:
        """The flow field towards the given goal tile indices (cached)."""
        key = tuple(sorted(set(g for g in goals if 0 <= g < len(self.open) and self.open[g])))
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = self._build(key)
        return found

    def field_to(self, tile: int) -> Field:
        """The flow field towards one tile (the fast path for piles)."""
        found = self._to_tile.get(tile)
        if found is None:
            found = self._to_tile[tile] = self.field((tile,))
        return found

    def _build(self, goals: tuple[int, ...]) -> Field:
        n = self.w * self.h
        dist = [UNREACHABLE] * n
        nxt = list(range(n))
        heap = []
        for g in goals:
            dist[g] = 0
            heap.append((0, g))
        heapq.heapify(heap)
        links = self._neighbours
        while heap:
            d, i = heapq.heappop(heap)
            if d > dist[i]:
                continue
            for j, cost in links[i]:
                nd = d + cost
                if nd < dist[j]:
                    dist[j] = nd
                    nxt[j] = i      # from j, step towards i
                    heapq.heappush(heap, (nd, j))
        return Field(dist, nxt, goals)

    def tiles_beside(self, rect: tuple[int, int, int, int]) -> list[int]:
        """Walkable tiles touching a pixel rect's sides (where to stand to reach a table or chair)."""
        x, y, w, h = rect
        ts = self.ts
        tx0, ty0 = x // ts, y // ts
        tx1, ty1 = (x + w - 1) // ts, (y + h - 1) // ts
        out = []
        for tx in range(tx0, tx1 + 1):
            for ty in (ty0 - 1, ty1 + 1):
                if self.walkable(tx, ty):
                    out.append(ty * self.w + tx)
        for ty in range(ty0, ty1 + 1):
            for tx in (tx0 - 1, tx1 + 1):
                if self.walkable(tx, ty):
                    out.append(ty * self.w + tx)
        return out

    def nearest_open(self, px: int, py: int) -> int:
        """The walkable tile nearest a pixel position (an avatar pushed onto a tile edge)."""
        i = self.index(px, py)
        if self.open[i]:
            return i
        best = None
        for j in range(len(self.open)):
            if self.open[j]:
                cx, cy = self.centre(j)
                d = (cx - px) ** 2 + (cy - py) ** 2
                if best is None or d < best[0]:
                    best = (d, j)
        return best[1] if best else i


_GRIDS: dict[tuple[tuple[bytes, ...], int], NavGrid] = {}


def nav_grid(walkable_rows: tuple[bytes, ...], tile_size: int) -> NavGrid:
    """The shared NavGrid for a level's walkable rows (one per distinct level)."""
    key = (walkable_rows, tile_size)
    grid = _GRIDS.get(key)
    if grid is None:
        grid = _GRIDS[key] = NavGrid(walkable_rows, tile_size)
    return grid
