"""Path finding for bots: Dijkstra flow fields over the level's walkable tiles.

A field answers "which tile next?" from every tile towards a set of goal tiles
(a pile's tile, the tiles beside the Starting Table, the tiles beside a dresser
chair), and "how far?" from every tile. Fields are cached and shared by every
bot on that level, and built lazily: `settle(tile)` runs the search only until
that tile's distance is final, and the next call resumes where it stopped, so
a bot on a big map pays for the disc it needs, never for the whole map. The
result of a tile is exactly what a complete build gives (the same heap, popped
in the same order). `settle` also takes a limit of tiles to pop, so a search on
a 200x200-tile map is spread over several ticks instead of stalling one.

Moves are 8-way (orthogonal 10, diagonal 14); a diagonal is allowed only when
both orthogonal neighbours are walkable, so an avatar's box never clips a wall
corner on the way. Moves are symmetric (a move and its reverse cost the same and
are allowed together), so the field *from* a tile gives the distance *to* it.
"""
from __future__ import annotations

import heapq
from array import array
from typing import Iterable

UNREACHABLE = 1 << 30
UNBUDGETED_TILES = 2500  # maps up to this size (shipped: 40x18) are searched at once, off any budget
POPS_PER_TICK = 450      # search steps all bots of a match may take in one tick (about 2 us each)
KEPT_TILE_ENTRIES = 600_000   # single-tile fields kept: about this many tiles' worth
_SHIFT = 16                 # heap entry = distance << 16 | tile (maps hold at most 200x200 tiles)
_MASK = (1 << _SHIFT) - 1
_FAR = array("i", [UNREACHABLE])
_NONE = array("i", [-1])
_STEPS = ((1, 0, 10), (-1, 0, 10), (0, 1, 10), (0, -1, 10),
          (1, 1, 14), (1, -1, 14), (-1, 1, 14), (-1, -1, 14))


class Field:
    """Distances (10 per tile) to the goal tiles, and each tile's next tile on a shortest path.

    Built lazily: read `dist[i]` / `next[i]` only after `settle(i)` said it is final (tiles on
    the way from i to a goal are then final too: they are nearer)."""

    __slots__ = ("dist", "next", "goals", "_heap", "_links")

    def __init__(self, dist: "array[int] | list[int]", nxt: "array[int] | list[int]", goals: tuple[int, ...],
                 heap: list[int] | None = None, links: "list[tuple[tuple[int, int], ...]] | None" = None) -> None:
        self.dist = dist
        self.next = nxt
        self.goals = goals
        self._heap = heap or []
        self._links = links or []

    @property
    def complete(self) -> bool:
        return not self._heap

    def settled(self, i: int) -> bool:
        """Is tile i's distance final (an unreachable tile only once the search is over)?"""
        heap = self._heap
        return not heap or heap[0] >> _SHIFT >= self.dist[i]

    def settle(self, i: int, limit: int = 1 << 62) -> int:
        """Run the search until tile i is final, popping at most `limit` tiles; returns the pops
        spent (check `settled(i)` for whether it got there)."""
        return self._run(i, limit)

    def finish(self) -> "Field":
        """Complete the whole field (for tests and tools that read every tile)."""
        self._run(None, 1 << 62)
        return self

    def advance(self, pops: int) -> bool:
        """Go on with the whole search for at most `pops` tiles; True once it is complete. (The
        distances are the same whenever they are worked out: see `settle`.)"""
        self._run(None, pops)
        return not self._heap

    def _run(self, until: int | None, limit: int) -> int:
        heap = self._heap
        dist, nxt, links = self.dist, self.next, self._links
        stop = UNREACHABLE + 1
        pops = 0
        pop, push = heapq.heappop, heapq.heappush
        mask = _MASK
        # Heap entries are (distance << _SHIFT) | tile: plain ints order exactly as the
        # (distance, tile) pairs would, compare faster and give the garbage collector nothing.
        while heap and heap[0] >> _SHIFT < (stop if until is None else dist[until]) and pops < limit:
            entry = pop(heap)
            d, k = entry >> _SHIFT, entry & mask
            pops += 1
            if d > dist[k]:
                continue
            for j, cost in links[k]:
                nd = d + cost
                if nd < dist[j]:
                    dist[j] = nd
                    nxt[j] = k      # from j, step towards k
                    push(heap, nd << _SHIFT | j)
        return pops


class NavGrid:
    """The walkable tiles of one level, and a cache of flow fields keyed by goal tiles."""

    def __init__(self, walkable_rows: tuple[bytes, ...], tile_size: int, like: "NavGrid | None" = None) -> None:
        """`like`: a grid of the same level whose tiles and moves this one shares (for_match)."""
        self.h: int = like.h if like is not None else len(walkable_rows)
        self.w: int = like.w if like is not None else len(walkable_rows[0]) if walkable_rows else 0
        self.ts = tile_size
        self.open: bytes = like.open if like is not None else b"".join(walkable_rows)   # 1 = walkable, [ty * w + tx]
        self._fields: dict[tuple[int, ...], Field] = {}
        self._to_tile: dict[int, Field] = {}
        self._neighbours: list[tuple[tuple[int, int], ...]] = (
            like._neighbours if like is not None else [self._links(i) for i in range(self.w * self.h)])
        self._budget_tick = -1
        self._budget_left = 0
        self.budgeted = self.w * self.h > UNBUDGETED_TILES
        # A small map keeps a field for every tile a pile may lie on (the shipped mall: 720
        # tiles, under 6 MB), so a pile put down where one lay before costs no new search; a big
        # map keeps 12 to 48 of them.
        tiles = max(1, self.w * self.h)
        self.kept_fields = max(12, KEPT_TILE_ENTRIES // tiles if not self.budgeted else min(48, KEPT_TILE_ENTRIES // tiles))

    def for_match(self) -> "NavGrid":
        """The grid one match's bots use. A small map (every shipped level) is searched at once,
        never on a budget, so its fields are safely shared by every match in the process. A big
        map gets its own caches and search budget: what a bot waits for then depends on that
        match alone, never on what ran before it in the process."""
        if not self.budgeted:
            return self
        return NavGrid((), self.ts, like=self)   # the same tiles and moves, empty caches, a fresh budget

    def reach(self, field: Field, tile: int, tick: int) -> bool:
        """Settle `tile` in `field` within this tick's search budget (shared by every bot of the
        match: the budget keeps a tick on a 200x200-tile map within 2 ms). False = not yet:
        the bot thinks on and asks again next tick."""
        heap = field._heap     # Field.settled spelled out: asked at every step of every bot
        if not heap or heap[0] >> _SHIFT >= field.dist[tile]:
            return True
        if not self.budgeted:
            field.settle(tile)
            return True
        if tick != self._budget_tick:
            self._budget_tick, self._budget_left = tick, POPS_PER_TICK
        if self._budget_left > 0:
            self._budget_left -= field.settle(tile, self._budget_left)
        return field.settled(tile)

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
        ts, w = self.ts, self.w
        tx, ty = px // ts, py // ts
        if not 0 <= tx < w:      # comparisons, not min/max: every step of every bot asks
            tx = 0 if tx < 0 else w - 1
        if not 0 <= ty < self.h:
            ty = 0 if ty < 0 else self.h - 1
        return ty * w + tx

    def centre(self, i: int) -> tuple[int, int]:
        ts = self.ts
        return (i % self.w) * ts + ts // 2, (i // self.w) * ts + ts // 2

    def walkable(self, tx: int, ty: int) -> bool:
        return 0 <= tx < self.w and 0 <= ty < self.h and self.open[ty * self.w + tx] == 1

    def field(self, goals: Iterable[int]) -> Field:
        """The flow field towards the given goal tile indices (cached; lazy: see Field.settle)."""
        key = tuple(sorted(set(g for g in goals if 0 <= g < len(self.open) and self.open[g])))
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = self._start(key)
        return found

    def field_to(self, tile: int) -> Field:
        """The flow field towards one tile (a pile), which is also the distances from that tile.
        Piles move all match long: only the most recent fields are kept."""
        if not self.budgeted:   # a small map keeps (nearly) every tile's field: no order to keep
            found = self._to_tile.get(tile)
            if found is not None:
                return found
        found = self._to_tile.pop(tile, None)
        if found is None:
            found = self.field((tile,))
            self._fields.pop(found.goals, None)
            if len(self._to_tile) >= self.kept_fields:
                del self._to_tile[next(iter(self._to_tile))]   # the least recently used
        self._to_tile[tile] = found
        return found

    def _start(self, goals: tuple[int, ...]) -> Field:
        n = self.w * self.h
        # Typed arrays, not lists: no int object per tile, so making and dropping a field of a
        # 200x200 map costs a memset and a free, not 80,000 object allocations.
        dist = array("i", _FAR) * n
        nxt = array("i", _NONE) * n      # set for every tile the search reaches (a goal: itself)
        heap = []
        for g in goals:
            dist[g] = 0
            nxt[g] = g
            heap.append(g)              # distance 0: the entry is the tile itself
        heapq.heapify(heap)
        return Field(dist, nxt, goals, heap, self._neighbours)

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


_GRIDS: dict[tuple[tuple[bytes, ...], int], NavGrid] = {}


def nav_grid(walkable_rows: tuple[bytes, ...], tile_size: int) -> NavGrid:
    """The shared NavGrid for a level's walkable rows (one per distinct level)."""
    key = (walkable_rows, tile_size)
    grid = _GRIDS.get(key)
    if grid is None:
        grid = _GRIDS[key] = NavGrid(walkable_rows, tile_size)
    return grid
