"""Draw the mall tileset (assets/tiles/mall.png) and its Tiled tileset (levels/mall.tsx), and keep
the Tiled project's `TileKind` enum (levels/sold_out.tiled-project) to the kinds drawn here.

Deterministic: pure pygame drawing, no randomness, so re-running it reproduces
the committed files byte for byte. Tiles are 32 px, drawn top-down, bright and
calm: the floor stays low-contrast so avatars, piles and cards pop out on it.

Run:  python tools/make_tileset.py
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PNG = ROOT / "assets" / "tiles" / "mall.png"
TSX = ROOT / "levels" / "mall.tsx"
PROJECT = ROOT / "levels" / "sold_out.tiled-project"
KIND_ENUM = "TileKind"
T = 32
COLUMNS = 8

Color = tuple[int, int, int]


def _shade(c: Color, k: float) -> Color:
    """Lighter (k > 1) or darker (k < 1) version of a colour."""
    if k >= 1:
        return tuple(min(255, int(v + (255 - v) * (k - 1))) for v in c)  # type: ignore[return-value]
    return tuple(int(v * k) for v in c)  # type: ignore[return-value]


def floor_a(s: pygame.Surface) -> None:
    """Large cream stone tile: only a faint grout line, so the floor stays quiet."""
    base = (238, 232, 220)
    s.fill(base)
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (T - 1, 0))
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (0, T - 1))


def floor_b(s: pygame.Surface) -> None:
    """The same stone a touch warmer: a walkway or checker accent."""
    base = (228, 220, 204)
    s.fill(base)
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (T - 1, 0))
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (0, T - 1))


def carpet(s: pygame.Surface) -> None:
    """Soft sage shop carpet with a barely visible weave."""
    base = (206, 220, 205)
    s.fill(base)
    dot = _shade(base, 0.97)
    for y in range(2, T, 8):
        for x in range(2 + (y // 8 % 2) * 4, T, 8):
            s.set_at((x, y), dot)


def wood(s: pygame.Surface) -> None:
    """Light oak planks for boutiques."""
    base = (226, 204, 166)
    s.fill(base)
    line = _shade(base, 0.93)
    for y in (0, 8, 16, 24):
        pygame.draw.line(s, line, (0, y), (T - 1, y))
    for y, x in ((0, 20), (8, 6), (16, 26), (24, 12)):
        pygame.draw.line(s, line, (x, y), (x, y + 7))


def wall(s: pygame.Surface) -> None:
    """Deep slate wall with a light top trim: reads as a solid edge from a sofa."""
    base = (84, 92, 112)
    s.fill(base)
    pygame.draw.rect(s, _shade(base, 1.25), (0, 0, T, 5))
    pygame.draw.line(s, _shade(base, 0.8), (0, T - 1), (T - 1, T - 1))
    for y in (12, 22):
        pygame.draw.line(s, _shade(base, 0.92), (0, y), (T - 1, y))


def window(s: pygame.Surface) -> None:
    """Shop window: glass in a slate frame (solid)."""
    wall(s)
    glass = (170, 214, 232)
    pygame.draw.rect(s, glass, (3, 9, T - 6, 16))
    pygame.draw.line(s, (230, 246, 252), (6, 22), (14, 12), 2)
    pygame.draw.line(s, (230, 246, 252), (14, 22), (20, 15), 1)


def entrance(s: pygame.Surface) -> None:
    """Door sill with shutter rails and a doormat: walkable."""
    s.fill((214, 206, 192))
    pygame.draw.rect(s, (120, 104, 92), (2, 4, T - 4, T - 8), border_radius=3)
    for x in range(5, T - 4, 3):
        pygame.draw.line(s, (100, 86, 76), (x, 7), (x, T - 8))
    pygame.draw.rect(s, (150, 156, 166), (0, 0, T, 2))


def _shadow(s: pygame.Surface, rect: tuple[int, int, int, int], radius: int = 4) -> None:
    """A soft drop shadow blended onto the floor (drawing alpha directly would punch holes)."""
    x, y, w, h = rect
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 45), (0, 0, w, h), border_radius=radius)
    s.blit(shadow, (x + 2, y + 3))


HANG = [(214, 69, 65), (66, 135, 200), (245, 190, 60), (70, 160, 110),
        (160, 90, 170), (240, 130, 70), (60, 70, 90), (235, 120, 160)]


def rack(s: pygame.Surface) -> None:
    """Clothes rail seen from above: a chrome bar and garments on hangers."""
    _shadow(s, (2, 6, 28, 20))
    for i in range(6):
        c = HANG[i % len(HANG)]
        x = 3 + i * 4 + (1 if i % 2 else 0)
        pygame.draw.rect(s, c, (x, 7, 5, 18), border_radius=2)
        pygame.draw.line(s, _shade(c, 0.75), (x + 4, 8), (x + 4, 23))
    pygame.draw.line(s, (190, 196, 204), (1, 16), (30, 16), 2)
    pygame.draw.circle(s, (120, 126, 136), (2, 16), 2)
    pygame.draw.circle(s, (120, 126, 136), (29, 16), 2)


def shelf(s: pygame.Surface) -> None:
    """Wooden shelving with folded stacks."""
    _shadow(s, (1, 3, 30, 26), 3)
    pygame.draw.rect(s, (176, 130, 84), (1, 3, 30, 26), border_radius=3)
    pygame.draw.rect(s, (204, 160, 110), (3, 5, 26, 22), border_radius=2)
    for i, c in enumerate([HANG[1], HANG[2], HANG[4], HANG[3]]):
        x = 4 + (i % 2) * 13
        y = 6 + (i // 2) * 10
        pygame.draw.rect(s, c, (x, y, 11, 9), border_radius=2)
        pygame.draw.line(s, _shade(c, 1.3), (x + 1, y + 3), (x + 9, y + 3))
        pygame.draw.line(s, _shade(c, 1.3), (x + 1, y + 6), (x + 9, y + 6))


def mannequin(s: pygame.Surface) -> None:
    """Mannequin from above: round base, shoulders, head."""
    _shadow(s, (4, 4, 24, 24), 12)
    pygame.draw.circle(s, (150, 150, 158), (16, 16), 12)
    pygame.draw.circle(s, (190, 190, 198), (16, 16), 10)
    pygame.draw.ellipse(s, (214, 69, 65), (5, 10, 22, 12))
    pygame.draw.ellipse(s, _shade((214, 69, 65), 0.8), (5, 10, 22, 12), 2)
    pygame.draw.circle(s, (238, 222, 200), (16, 16), 5)


def counter(s: pygame.Surface) -> None:
    """Shop counter with a till."""
    _shadow(s, (0, 4, 32, 24), 3)
    pygame.draw.rect(s, (120, 84, 60), (0, 4, 32, 24), border_radius=3)
    pygame.draw.rect(s, (236, 228, 214), (2, 6, 28, 20), border_radius=2)
    pygame.draw.rect(s, (60, 66, 80), (6, 9, 12, 10), border_radius=2)
    pygame.draw.rect(s, (120, 200, 170), (8, 11, 8, 3))
    pygame.draw.rect(s, (200, 200, 205), (20, 12, 7, 9), border_radius=1)


def plant(s: pygame.Surface) -> None:
    """Potted plant: terracotta pot, leafy top."""
    _shadow(s, (4, 4, 24, 24), 12)
    pygame.draw.circle(s, (196, 110, 70), (16, 16), 11)
    leaf = (76, 156, 88)
    for cx, cy in ((11, 11), (21, 11), (11, 21), (21, 21), (16, 8), (16, 24), (8, 16), (24, 16)):
        pygame.draw.circle(s, leaf, (cx, cy), 5)
    pygame.draw.circle(s, _shade(leaf, 1.3), (16, 16), 6)


def table(s: pygame.Surface) -> None:
    """The Starting Table's top: warm walnut that tiles seamlessly."""
    base = (150, 100, 64)
    s.fill(base)
    for y in (3, 11, 19, 27):
        pygame.draw.line(s, _shade(base, 1.1), (0, y), (T - 1, y))
    pygame.draw.line(s, _shade(base, 0.9), (0, 7), (T - 1, 7))
    pygame.draw.line(s, _shade(base, 0.9), (0, 23), (T - 1, 23))


def chair(s: pygame.Surface) -> None:
    """Dresser chair seen from above: a seat and a back rest."""
    _shadow(s, (5, 5, 22, 22), 5)
    pygame.draw.rect(s, (110, 72, 140), (5, 5, 22, 22), border_radius=5)
    pygame.draw.rect(s, (150, 110, 184), (8, 10, 16, 14), border_radius=4)
    pygame.draw.rect(s, (80, 50, 104), (5, 4, 22, 6), border_radius=3)


def bench(s: pygame.Surface) -> None:
    """Mall bench (solid decoration)."""
    _shadow(s, (1, 8, 30, 16), 3)
    pygame.draw.rect(s, (100, 110, 120), (1, 8, 30, 16), border_radius=3)
    for y in (10, 15, 20):
        pygame.draw.line(s, (170, 130, 90), (3, y), (28, y), 3)


# (kind, solid, painter) in tile-id order. Append only: ids are used by the levels.
# Furniture tiles are transparent around the object, so they sit on any floor.
TILES: list[tuple[str, bool, object]] = [
    ("floor_a", False, floor_a),
    ("floor_b", False, floor_b),
    ("carpet", False, carpet),
    ("wood", False, wood),
    ("entrance", False, entrance),
    ("wall", True, wall),
    ("window", True, window),
    ("rack", True, rack),
    ("shelf", True, shelf),
    ("mannequin", True, mannequin),
    ("counter", True, counter),
    ("plant", True, plant),
    ("table", True, table),
    ("chair", True, chair),
    ("bench", True, bench),
]


def render() -> pygame.Surface:
    """All tiles on one sheet, COLUMNS per row."""
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    sheet = pygame.Surface((COLUMNS * T, rows * T), pygame.SRCALPHA)
    for i, (_kind, _solid, paint) in enumerate(TILES):
        tile = pygame.Surface((T, T), pygame.SRCALPHA)
        paint(tile)  # type: ignore[operator]
        sheet.blit(tile, ((i % COLUMNS) * T, (i // COLUMNS) * T))
    return sheet


def tsx_text(image_w: int, image_h: int) -> str:
    """The external Tiled tileset: image plus `kind` and `solid` on every tile."""
    rel = os.path.relpath(PNG, TSX.parent).replace(os.sep, "/")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="mall" tilewidth="{T}" '
        f'tileheight="{T}" tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f' <image source={quoteattr(rel)} width="{image_w}" height="{image_h}"/>',
    ]
    for i, (kind, solid, _paint) in enumerate(TILES):
        lines += [
            f' <tile id="{i}">',
            "  <properties>",
            f'   <property name="kind" propertytype="{KIND_ENUM}" value="{kind}"/>',
            f'   <property name="solid" type="bool" value="{"true" if solid else "false"}"/>',
            "  </properties>",
            " </tile>",
        ]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def project_text(text: str) -> str:
    """The Tiled project with its TileKind enum listing every kind, in tile-id order (Tiled then
    offers them as a drop-down on a tile's `kind`). Written as Tiled writes it: keys sorted,
    four-space indents."""
    project = json.loads(text)
    types = project.setdefault("propertyTypes", [])
    enum = next((t for t in types if t.get("name") == KIND_ENUM), None)
    if enum is None:
        enum = {"id": max((t.get("id", 0) for t in types), default=0) + 1, "name": KIND_ENUM}
        types.append(enum)
    kinds = list(dict.fromkeys(kind for kind, _solid, _paint in TILES))
    enum.update({"storageType": "string", "type": "enum", "values": kinds, "valuesAsFlags": False})
    return json.dumps(project, indent=4, sort_keys=True) + "\n"


def main() -> int:
    sheet = render()
    PNG.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(PNG))
    TSX.write_text(tsx_text(sheet.get_width(), sheet.get_height()), encoding="utf-8")
    PROJECT.write_text(project_text(PROJECT.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {PNG.relative_to(ROOT)} ({len(TILES)} tiles), {TSX.relative_to(ROOT)} "
          f"and the {KIND_ENUM} enum in {PROJECT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
