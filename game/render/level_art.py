"""Pre-render a Level's static background (floor, walls, furniture, the Starting Table, and its
theme's dressing: the decor layer, signs in the player's language, window light, a vignette).

The mall scene blits the returned Surface every frame; only what moves is drawn
on top of it (game/render/ambient.py for the level's own motion). Call once per level,
scale and language (it costs a few milliseconds).
"""
from __future__ import annotations

import pygame

from game.files.levels import Ambient, Level
from game.render.level_themes import LevelTheme, theme_of
from game.render.text import GameFont
from game.text.i18n import _

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
    _decor(level, surf, tiles)
    theme = theme_of(level.theme)
    _window_light(level, surf, theme)
    table_id = _table_tile(level)
    _table(level, surf, tiles[table_id] if table_id is not None else None)
    for feature in level.ambient:
        _feature(surf, feature, theme)
    _vignette(surf, theme.vignette)
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


def _decor(level: Level, surf: pygame.Surface, tiles: list[pygame.Surface]) -> None:
    """The "decor" layer: runners, inlays, canopies... over the floor and walls, under the table."""
    ts = level.tile_size
    for ty, row in enumerate(level.decor_tiles):
        for tx, tid in enumerate(row):
            if 0 <= tid < len(tiles):
                surf.blit(tiles[tid], (tx * ts, ty * ts))


def _window_light(level: Level, surf: pygame.Surface, theme: LevelTheme) -> None:
    """Daylight on the floor below every window: a soft band in the theme's light, added."""
    ts = level.tile_size
    band = pygame.Surface((ts, ts * 2))
    for i in range(ts * 2):
        k = (1 - i / (ts * 2)) ** 2 * 0.16
        band.fill(tuple(round(c * k) for c in theme.light), (0, i, ts, 1))
    for ty in range(level.height - 1):
        for tx in range(level.width):
            if level.kinds[ty][tx] == "window" and level.solid[ty + 1][tx] == 0:
                surf.blit(band, (tx * ts, (ty + 1) * ts), special_flags=pygame.BLEND_RGB_ADD)


SIGN_PLATE = (40, 34, 44)
SIGN_TEXT = (250, 244, 230)
NEON_TEXT = (255, 120, 170)
SIGN_FONT = 22
PLATE_INSET = 3     # px of the sign's rect round its plate (the plate holds the words)


def _feature(surf: pygame.Surface, feature: Ambient, theme: LevelTheme) -> None:
    """What of an ambient feature stands still: a sign's plate and words, an escalator's frame."""
    if feature.kind in ("sign", "neon") and feature.text:
        sign_plate(surf, pygame.Rect(feature.rect), _(feature.text), theme.colour, feature.kind == "neon")
    elif feature.kind == "escalator":
        _escalator_frame(surf, pygame.Rect(feature.rect))


def sign_plate(surf: pygame.Surface, rect: pygame.Rect, words: str, colour: tuple[int, int, int],
               neon: bool) -> pygame.Rect:
    """A shop sign on a wall: a dark plate edged in the theme's colour, the words centred (made
    smaller until they fit). Returns the plate's rectangle."""
    plate = sign_board(rect)
    pygame.draw.rect(surf, (0, 0, 0), plate.move(0, 2), border_radius=6)
    pygame.draw.rect(surf, SIGN_PLATE, plate, border_radius=6)
    pygame.draw.rect(surf, colour, plate, 2, border_radius=6)
    text = _font(_fitted(words, plate.width)).render(words, True, NEON_TEXT if neon else SIGN_TEXT)
    surf.blit(text, text.get_rect(center=plate.center))
    return plate


def sign_board(rect: pygame.Rect) -> pygame.Rect:
    """The plate a sign's words are drawn on, inside its rect."""
    return rect.inflate(-2 * PLATE_INSET, -2 * PLATE_INSET)


def sign_words(rect: pygame.Rect, words: str) -> pygame.Rect:
    """Where sign_plate draws `words` (already translated) on the plate of a sign at `rect`."""
    plate = sign_board(rect)
    found = pygame.Rect((0, 0), _font(_fitted(words, plate.width)).size(words))
    found.center = plate.center
    return found


def _fitted(words: str, width: int) -> int:
    """The sign font's size for `words` on a plate `width` px wide: the full size, or smaller
    until they fit (12 at least)."""
    size = SIGN_FONT
    while _font(size).size(words)[0] > width - 12 and size > 12:
        size -= 2
    return size


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():   # a thumbnail or a tool may draw a level before the game set fonts up
        pygame.font.init()
    return GameFont(size)


def _escalator_frame(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """An escalator's pit and handrails; its steps move (game/render/ambient.py)."""
    pygame.draw.rect(surf, (54, 58, 66), rect)
    pygame.draw.rect(surf, (150, 156, 166), rect, 3)
    long_side = rect.height >= rect.width
    for edge in ((rect.left + 2, rect.top), (rect.right - 4, rect.top)) if long_side else \
            ((rect.left, rect.top + 2), (rect.left, rect.bottom - 4)):
        size = (3, rect.height) if long_side else (rect.width, 3)
        surf.fill((30, 30, 34), (*edge, *size))


def _vignette(surf: pygame.Surface, strength: int) -> None:
    """Edges a touch darker than the middle, so the eye rests where the play is."""
    if strength <= 0:
        return
    small = pygame.Surface((32, 18), pygame.SRCALPHA)
    for y in range(18):
        for x in range(32):
            d = ((x - 15.5) / 16) ** 2 + ((y - 8.5) / 9) ** 2
            small.set_at((x, y), (0, 0, 0, round(strength * max(0.0, d - 0.35) ** 1.5)))
    surf.blit(pygame.transform.smoothscale(small, surf.get_size()), (0, 0))
