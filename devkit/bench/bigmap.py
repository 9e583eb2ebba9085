"""A generated mall of any size up to the 200x200-tile limit, for measuring bots on big maps.

`generated_level(side, seed)` builds a `Level` directly (no TMX file): an outer wall,
cross walls every 40 tiles with doorways, a shelf block in each 10x10 cell (so the
shortest way is seldom a straight line), the Starting Table and six spawns in the
middle, pile spots and dresser chairs spread over the whole floor. Everything open
is connected: shelves stand free in their cells and every cross wall has doors.
Deterministic for a seed; no pygame.
"""
from __future__ import annotations

import random

from game.files.level_files import MAX_SIDE
from game.files.levels import LEVELS_DIR, Level

TILE = 32
CELL = 10          # one shelf block per CELL x CELL tiles
ROOM = 40          # a cross wall every ROOM tiles, with a doorway every CELL tiles


def generated_level(side: int = MAX_SIDE, seed: int = 1, pile_spots: int = 60, chairs: int = 16) -> Level:
    """A side x side mall (side >= 30) whose pile spots and chairs are spread over the whole map."""
    if not 30 <= side <= MAX_SIDE:
        raise ValueError(f"side must be 30..{MAX_SIDE}")
    rng = random.Random(seed)
    solid = [bytearray(side) for _ in range(side)]
    for i in range(side):
        solid[0][i] = solid[side - 1][i] = solid[i][0] = solid[i][side - 1] = 1
    for wall in range(ROOM, side - 1, ROOM):
        for i in range(side):
            if i % CELL not in (4, 5):          # doorways two tiles wide
                solid[wall][i] = solid[i][wall] = 1
    for cy in range(0, side - CELL + 1, CELL):
        for cx in range(0, side - CELL + 1, CELL):
            w, h = (rng.randint(2, 5), 2) if rng.random() < 0.5 else (2, rng.randint(2, 5))
            x0, y0 = cx + 3 + rng.randint(0, 5 - w), cy + 3 + rng.randint(0, 5 - h)
            for y in range(y0, y0 + h):
                for x in range(x0, x0 + w):
                    solid[y][x] = 1
    mid = side // 2
    table = (mid - 3, mid - 1, 6, 3)            # tiles: x, y, w, h
    _clear(solid, mid - 6, mid - 4, 12, 10)      # a plaza round the table and the spawns
    for y in range(table[1], table[1] + table[3]):
        for x in range(table[0], table[0] + table[2]):
            solid[y][x] = 1
    spawns = tuple(_centre(mid - 3 + i, mid + 3) for i in range(6))
    free = [(x, y) for y in range(1, side - 1) for x in range(1, side - 1) if _roomy(solid, x, y)
            and not (mid - 7 <= x <= mid + 7 and mid - 5 <= y <= mid + 6)]
    picks = rng.sample(free, pile_spots + chairs)
    spots = tuple(_centre(x, y) for x, y in picks[:pile_spots])
    chair_points = tuple(_centre(x, y) for x, y in picks[pile_spots:])
    for x, y in picks[pile_spots:]:
        solid[y][x] = 1                          # chairs block walking, as in a loaded level
    kinds = tuple(tuple("wall" if c else "floor_a" for c in row) for row in solid)
    return Level(
        name=f"Generated {side}x{side}", path=LEVELS_DIR / f"generated_{side}.tmx", width=side, height=side,
        tile_size=TILE, solid=tuple(bytes(row) for row in solid), kinds=kinds,
        floor_tiles=tuple((0,) * side for _ in range(side)), wall_tiles=tuple((-1,) * side for _ in range(side)),
        tileset_image=LEVELS_DIR.parent / "assets" / "tiles" / "mall.png", pile_spots=spots,
        table_rect=(table[0] * TILE, table[1] * TILE, table[2] * TILE, table[3] * TILE), chairs=chair_points,
        spawns=spawns, entrance=((mid - 2) * TILE, (mid + 4) * TILE, 4 * TILE, TILE), players="1-6")


def _clear(solid: list[bytearray], x0: int, y0: int, w: int, h: int) -> None:
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            solid[y][x] = 0


def _roomy(solid: list[bytearray], x: int, y: int) -> bool:
    """Open with all eight neighbours open: room to put a pile down and walk round a chair."""
    return all(solid[y + dy][x + dx] == 0 for dy in (-1, 0, 1) for dx in (-1, 0, 1))


def _centre(tx: int, ty: int) -> tuple[int, int]:
    return tx * TILE + TILE // 2, ty * TILE + TILE // 2
