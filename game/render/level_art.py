"""Pre-render a Level's static background (floor, walls, furniture, the Starting Table).

The mall scene blits the returned Surface every frame; only what moves is drawn
on top of it. Call once per level and scale (it costs a few milliseconds).
"""
from __future__ import annotations

import pygame

from game.files.levels import Level

_WALL_KINDS = ("wall", "window", "brick", "hedge")   # raised edges: a shadow falls below them
_SHADOW_ROWS = 6


def _tiles(level: Level) -> list[pygame.Surface]:
    """The tileset sheet cut into tiles (in tile-id order)."""
    sheet = pygame.image.load(str(level.tileset_image))
    if pygame.display.get_surface() is not None:
        sheet = sheet.convert_alpha()
    ts = level.tile_size
    cols = sheet.get_width() // ts
    rows = sheet.get_height() // ts
    return [sheet.subsurface((c * ts, r * ts, ts, ts)).copy() for r in range(rows) for c in range(cols)]


def _wall_shadows(level: Level, surf: pygame.Surface) -> None:
    """A soft shadow on the floor under every wall, so walls read as raised."""
    ts = level.tile_size
    band = pygame.Surface((ts, _SHADOW_ROWS), pygame.SRCALPHA)
    for i in range(_SHADOW_ROWS):
        band.fill((0, 0, 0, 60 - i * 10), (0, i, ts, 1))
    for ty in range(1, level.height):
        for tx in range(level.width):
            if level.kinds[ty - 1][tx] in _WALL_KINDS and level.solid[ty][tx] == 0:
                surf.blit(band, (tx * ts, ty * ts))


def _table(level: Level, surf: pygame.Surface, tile: pygame.Surface | None) -> None:
    """The Starting Table as one piece of furniture: rounded top, rim and shadow."""
    x, y, w, h = level.table_rect
    shadow = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 55), (0, 0, w + 8, h + 8), border_radius=10)
    surf.blit(shadow, (x - 1, y + 3))
    top = pygame.Surface((w, h), pygame.SRCALPHA)
    if tile is None:
        top.fill((150, 100, 64))
    else:
        for ty in range(0, h, tile.get_height()):
            for tx in range(0, w, tile.get_width()):
                top.blit(tile, (tx, ty))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=8)
    top.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(top, (x, y))
    pygame.draw.rect(surf, (98, 62, 38), (x, y, w, h), width=3, border_radius=8)
    pygame.draw.rect(surf, (196, 150, 104), (x + 5, y + 5, w - 10, h - 10), width=1, border_radius=5)


def render_level(level: Level, scale: float = 1.0) -> pygame.Surface:
    """The level's background at `scale` (1.0 = 32 px tiles). Opaque, same aspect as the map."""
    ts = level.tile_size
    tiles = _tiles(level)
    w, h = level.pixel_size
    surf = pygame.Surface((w, h))
    surf.fill((40, 44, 56))
    for ty in range(level.height):
        for tx in range(level.width):
            fid = level.floor_tiles[ty][tx]
            if 0 <= fid < len(tiles):
                surf.blit(tiles[fid], (tx * ts, ty * ts))
    # Table cells are drawn as one piece below; clear them back to the floor first.
    tx0, ty0 = level.table_rect[0] // ts, level.table_rect[1] // ts
    tx1 = (level.table_rect[0] + level.table_rect[2] - 1) // ts
    ty1 = (level.table_rect[1] + level.table_rect[3] - 1) // ts
    _wall_shadows(level, surf)
    for ty in range(level.height):
        for tx in range(level.width):
            wid = level.wall_tiles[ty][tx]
            in_table = tx0 <= tx <= tx1 and ty0 <= ty <= ty1
            if 0 <= wid < len(tiles) and not in_table:
                surf.blit(tiles[wid], (tx * ts, ty * ts))
    table_id = _table_tile(level)
    _table(level, surf, tiles[table_id] if table_id is not None else None)
    if scale != 1.0:
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        surf = pygame.transform.smoothscale(surf, size)
    return surf


def _table_tile(level: Level) -> int | None:
    """The tile id used for the table in this level (the first table-kind cell found)."""
    for ty in range(level.height):
        for tx in range(level.width):
            if level.kinds[ty][tx] == "table" and level.wall_tiles[ty][tx] >= 0:
                return level.wall_tiles[ty][tx]
    return None
