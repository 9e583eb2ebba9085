"""Where Tidying Up's dresser cards go on the map: the spot that hides least (place_locators).

Thousands of spots are weighed (every GRID px over the map, for each card size), so the work is
laid out to be cheap and to be done a step at a time (`placing`, a generator): the map's idle
time between frames does it ahead of the round's first picture (MapView.place_ahead), and no
step takes a millisecond. What a spot hides is counted a grid row at a time
(FloorMap.walkable_along), once for every dresser; each dresser's spots are ranked lazily (a
heap: the arrangement reads the first few, rarely more).
"""
from __future__ import annotations

import heapq
import math
from itertools import islice
from typing import Generator, Iterable, Iterator, Sequence

import pygame

from game.scenes.mall.floor_map import FloorMap

OUTS = (0, 16, 32, 56, 84, 120, 160)   # px from the chair a locator may move out, step by step
GRID = 16             # px between the spots tried anywhere on the map (beside the chair is tried too)
AVOID_WEIGHT = 6      # per px of a pile or a dresser's chair
LEADER = 32           # per px from the chair: a leader line hides floor too, and one across the map is hard
                      # to follow (at 8 the cards hid 2 % less floor, but lines crossed the whole boutique)

CROSS_TRIES = 256     # a dresser's best spots read for one whose leader line misses the signs (a step stays short)

POSITION = 20         # bits of a ranked entry that hold its spot's position (its cost is above them):
                      # plain ints, so ranking 10,000 spots makes no objects for the garbage collector
                      # to walk (as tuples they set off a 30 ms full collection in a frame of the fade)
MASK = (1 << POSITION) - 1

Wanted = Sequence[tuple[int, int, int, tuple[int, int]]]   # (dresser index, chair x, chair y, card size)
Placing = Generator[None, None, dict[int, pygame.Rect]]


def place_locators(wanted: Wanted, area: pygame.Rect, half: int, strip_h: int, avoid: Sequence[pygame.Rect] = (),
                   floor: FloorMap | None = None, clear: Sequence[pygame.Rect] = (),
                   words: Sequence[pygame.Rect] = ()) -> dict[int, pygame.Rect]:
    """Where each locator goes: wanted = (index, chair x, chair y, size) in screen px.

    Never over `clear` (the Starting Table and the floor round it where every shopper starts, the
    signs' words) while any spot is free of it; no leader line across `words` (the signs') while
    a spot free of other locators leaves them clear.

    Beside the chair (above, below, left or right, moved out step by step) or anywhere on the map
    (with a leader line back to the chair), at the spot that hides least: never another locator
    where any spot is free of them; then the floor shoppers walk on (`floor`'s walkable px under
    the rect; walls, shelves, shop fronts and the map's margins cost nothing), piles and chairs
    (`avoid`) and the leader line's length. Each rect includes the count strip under the card.

    Placed one by one, a locator can take the room a later one needed: the dressers are placed
    in their order and in reverse, and then hugging their chairs (the floor not counted), and the
    arrangement with the least locator over locator, then the fewest leader lines across
    `words`, then the least hidden, wins."""
    return finish(placing(wanted, area, half, strip_h, avoid, floor, clear, words))


def finish(steps: Placing) -> dict[int, pygame.Rect]:
    """Run the steps left of a placing to the end: its spots."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            spots: dict[int, pygame.Rect] = done.value
            return spots


def placing(wanted: Wanted, area: pygame.Rect, half: int, strip_h: int, avoid: Sequence[pygame.Rect],
            floor: FloorMap | None, clear: Sequence[pygame.Rect], words: Sequence[pygame.Rect] = ()) -> Placing:
    """place_locators a step at a time: it yields between steps (a grid row, a dresser ranked, an
    arrangement tried) and returns the spots."""
    hidden: dict[tuple[int, int, int, int], int] = {}
    grids: dict[tuple[int, int], _Grid] = {}
    if floor is not None:
        for size in sorted({(cw, ch + strip_h) for _, _, _, (cw, ch) in wanted}):
            grids[size] = _Grid(size, area, clear, avoid)
            yield from grids[size].count(floor)
    ranked: dict[int, Iterable[pygame.Rect]] = {}
    hugging: dict[int, Iterable[pygame.Rect]] = {}
    for index, cx, cy, (cw, ch) in wanted:
        size = (cw, ch + strip_h)
        beside = _beside(cx, cy, size, half, area, clear)
        above = [_above((cx, cy), size, half, area)]
        ranked[index] = _rank((cx, cy), beside, grids.get(size), avoid, floor, hidden) or above
        hugging[index] = _rank((cx, cy), beside, None, avoid, None, {}) or above
        yield
    chairs = {index: (cx, cy) for index, cx, cy, _ in wanted}
    leaders = _Leaders(chairs, strip_h, words)
    tries = []
    for order, ranks in ((wanted, ranked), (wanted[::-1], ranked), (wanted, hugging)):
        tries.append(_arrange(order, ranks, leaders))
        yield
    return min(tries, key=lambda spots: _score(spots, chairs, avoid, floor, leaders))


class _Grid:
    """The spots anywhere on the map for one card size (every GRID px, clear of `clear`, row by
    row) and what each hides but its leader line (filled in by count)."""

    def __init__(self, size: tuple[int, int], area: pygame.Rect, clear: Sequence[pygame.Rect],
                 avoid: Sequence[pygame.Rect]) -> None:
        cw, full = size
        self.size = size
        self.xs = list(range(area.left, area.right - cw + 1, GRID))
        self.ys = list(range(area.top, area.bottom - full + 1, GRID))
        self.avoid = avoid
        self.rects: list[pygame.Rect] = []
        self.columns: list[list[int]] = []   # per row: the columns of its spots clear of `clear`
        for y in self.ys:
            row = [col for col, x in enumerate(self.xs) if pygame.Rect(x, y, cw, full).collidelist(clear) < 0]
            self.columns.append(row)
            self.rects += [pygame.Rect(self.xs[col], y, cw, full) for col in row]
        self.hides: list[int] = []

    def count(self, floor: FloorMap) -> Iterator[None]:
        """Fill in `hides` (the walkable floor, piles and chairs under each spot), a row a step."""
        cw, full = self.size
        for y, columns in zip(self.ys, self.columns):
            row = floor.walkable_along(self.xs, cw, y, full)
            for rect in self.avoid:     # a few piles and chairs: each meets a band of the row
                tall = min(y + full, rect.bottom) - max(y, rect.top)
                if tall > 0:
                    self._add_covered(row, rect, tall)
            self.hides += [row[col] for col in columns]
            yield

    def _add_covered(self, row: list[int], rect: pygame.Rect, tall: int) -> None:
        """AVOID_WEIGHT per px of `rect` under each of the row's spots (`tall` px of it in the row)."""
        cw = self.size[0]
        first = max(0, (rect.left - cw - self.xs[0]) // GRID)
        for col in range(first, len(self.xs)):
            x = self.xs[col]
            if x >= rect.right:
                break
            wide = min(x + cw, rect.right) - max(x, rect.left)
            if wide > 0:
                row[col] += AVOID_WEIGHT * wide * tall


class _Ranked:
    """A dresser's spots, least hiding first (by position where two hide the same, as a stable
    sort would give them), sorted only as far as they are read: an arrangement reads a dresser's
    first few spots, and all of them only when every one is over another card."""

    def __init__(self, entries: list[int], spots: list[pygame.Rect]) -> None:
        heapq.heapify(entries)
        self.heap = entries         # cost << POSITION | position in spots
        self.spots = spots
        self.read: list[pygame.Rect] = []

    def __iter__(self) -> Iterator[pygame.Rect]:
        n = 0
        while n < len(self.read) or self.heap:
            if n == len(self.read):
                self.read.append(self.spots[heapq.heappop(self.heap) & MASK])
            yield self.read[n]
            n += 1


def _rank(chair: tuple[int, int], beside: list[pygame.Rect], grid: _Grid | None, avoid: Sequence[pygame.Rect],
          floor: FloorMap | None, hidden: dict[tuple[int, int, int, int], int]) -> _Ranked | None:
    """A dresser's spots beside its chair and on the map's grid (if given), least hiding first
    (None when it has none)."""
    entries = []
    for n, rect in enumerate(beside):
        key = (rect.x, rect.y, rect.w, rect.h)
        if key not in hidden:
            hidden[key] = _hides(rect, avoid, floor)
        entries.append((hidden[key] + LEADER * _reach(rect, chair)) << POSITION | n)
    spots = beside
    if grid is not None and grid.rects:
        spots = beside + grid.rects
        entries += _grid_costs(chair, grid, len(beside))
    if not entries:
        return None
    return _Ranked(entries, spots)


def _above(chair: tuple[int, int], size: tuple[int, int], half: int, area: pygame.Rect) -> pygame.Rect:
    """The spot of a chair with none clear of the Starting Table: above it, clamped to the map."""
    rect = pygame.Rect((0, 0), size)
    rect.midbottom = (chair[0], chair[1] - half)
    return rect.clamp(area)


def _grid_costs(chair: tuple[int, int], grid: _Grid, first: int) -> list[int]:
    """The ranked entry (cost << POSITION | position) of each of the grid's spots for a dresser at
    `chair`: what it hides plus its leader line, the line's length worked out per row from each column's and the row's
    distance to the chair."""
    cx, cy = chair
    cw, full = grid.size
    dxs = [max(x - cx, 0, cx - x - cw) for x in grid.xs]
    leads: list[int] = []
    for y, columns in zip(grid.ys, grid.columns):
        dy = max(y - cy, 0, cy - y - full)
        row = [LEADER * round(math.hypot(dx, dy)) for dx in dxs]
        leads += row if len(columns) == len(row) else [row[col] for col in columns]
    return [(hides + lead) << POSITION | n for hides, lead, n in zip(grid.hides, leads, range(first, first + len(leads)))]


class _Leaders:
    """Whether a card's leader line (from its chair to the nearest point of the card's face, the
    rect without its count strip: as MapView.draw_dressers draws it) crosses a sign's words."""

    def __init__(self, chairs: dict[int, tuple[int, int]], strip_h: int, words: Sequence[pygame.Rect]) -> None:
        self.chairs = chairs
        self.strip_h = strip_h
        self.words = [rect.inflate(4, 4) for rect in words]   # the line is 5 px wide

    def cross(self, index: int, rect: pygame.Rect) -> bool:
        if not self.words:
            return False
        face = pygame.Rect(rect.x, rect.y, rect.w, max(1, rect.h - self.strip_h))
        chair = self.chairs[index]
        if face.collidepoint(chair):
            return False
        end = (min(max(chair[0], face.left), face.right - 1), min(max(chair[1], face.top), face.bottom - 1))
        return any(word.clipline(chair, end) for word in self.words)


def _score(spots: dict[int, pygame.Rect], chairs: dict[int, tuple[int, int]], avoid: Sequence[pygame.Rect],
           floor: FloorMap | None, leaders: _Leaders) -> tuple[int, int, int]:
    rects = list(spots.values())
    overlap = sum(_covered(rect, rects[n + 1:]) for n, rect in enumerate(rects))
    crossing = sum(leaders.cross(index, rect) for index, rect in spots.items())
    return overlap, crossing, sum(_hides(rect, avoid, floor) + LEADER * _reach(rect, chairs[index])
                        for index, rect in spots.items())


def _hides(rect: pygame.Rect, avoid: Sequence[pygame.Rect], floor: FloorMap | None) -> int:
    """The piles and chairs under `rect`, and the walkable floor."""
    return AVOID_WEIGHT * _covered(rect, avoid) + (floor.walkable(rect) if floor is not None else 0)


def _reach(rect: pygame.Rect, point: tuple[int, int]) -> int:
    """Px from `point` to the nearest edge of `rect` (0 inside): the leader line's length."""
    dx = max(rect.left - point[0], 0, point[0] - rect.right)
    dy = max(rect.top - point[1], 0, point[1] - rect.bottom)
    return round(math.hypot(dx, dy))


def _beside(cx: int, cy: int, size: tuple[int, int], half: int, area: pygame.Rect,
            clear: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The rects a locator of `size` may take beside a chair at (cx, cy), moved out step by step,
    on the map and clear of `clear`."""
    cw, full = size
    spots = []
    for out in OUTS:
        for x in (cx - cw // 2, cx - half, cx + half - cw):
            spots += [pygame.Rect(x, cy - half - out - full, cw, full), pygame.Rect(x, cy + half + out, cw, full)]
        spots += [pygame.Rect(cx + half + out, cy - full // 2, cw, full),
                  pygame.Rect(cx - half - out - cw, cy - full // 2, cw, full)]
    return [rect for rect in spots if area.contains(rect) and rect.collidelist(clear) < 0]


def _arrange(wanted: Wanted, ranked: dict[int, Iterable[pygame.Rect]], leaders: _Leaders) -> dict[int, pygame.Rect]:
    """One greedy pass of place_locators, in the order given: each dresser's least hiding spot
    over no locator placed before it and with its leader line clear of the signs (else the first
    over no locator, else the one over the least of them)."""
    taken: list[pygame.Rect] = []
    spots: dict[int, pygame.Rect] = {}
    for index, *_ in wanted:
        choices = ranked[index]
        free = (rect for rect in choices if rect.collidelist(taken) < 0)
        best = next((rect for rect in islice(free, CROSS_TRIES) if not leaders.cross(index, rect)), None)
        if best is None:
            best = next((rect for rect in choices if rect.collidelist(taken) < 0), None)
        if best is None:
            best = min(choices, key=lambda rect: _covered(rect, taken))
        taken.append(best)
        spots[index] = best
    return spots


def _covered(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    """Px of `rect` under each of `others`, summed (only those it meets are clipped)."""
    covered = 0
    for i in rect.collidelistall(others):
        clip = rect.clip(others[i])
        covered += clip.w * clip.h
    return covered
