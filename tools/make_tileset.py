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


# ---------------------------------------------------------------- outdoors: the outlet village, the market
def paving(s: pygame.Surface) -> None:
    """Warm grey paving slabs in a running bond: the village's paths, quiet under the piles."""
    base = (224, 219, 208)
    s.fill(base)
    joint = _shade(base, 0.93)
    for y in (0, 16):
        pygame.draw.line(s, joint, (0, y), (T - 1, y))
        for x in ((0, 16) if y == 0 else (8, 24)):
            pygame.draw.line(s, joint, (x, y), (x, y + 15))


def grass(s: pygame.Surface) -> None:
    """Soft, pale lawn with a few darker blades: a green that no seat colour is mistaken for."""
    base = (206, 224, 184)
    s.fill(base)
    blade = _shade(base, 0.93)
    for x, y in ((4, 6), (13, 3), (22, 9), (28, 2), (7, 18), (18, 15), (26, 22), (3, 27), (14, 26), (23, 30)):
        pygame.draw.line(s, blade, (x, y), (x + 1, y - 3))
        pygame.draw.line(s, blade, (x + 3, y), (x + 3, y - 2))


def cobble(s: pygame.Surface) -> None:
    """Rounded cobblestones for the market street (seamless: stones meet at the tile's edges)."""
    base = (208, 198, 184)
    s.fill(_shade(base, 0.9))
    for row, y in enumerate((0, 8, 16, 24)):
        for x in range(-8 if row % 2 else 0, T, 16):
            pygame.draw.rect(s, base, (x + 1, y + 1, 14, 6), border_radius=3)
            pygame.draw.line(s, _shade(base, 1.08), (x + 3, y + 2), (x + 12, y + 2))


def brick(s: pygame.Surface) -> None:
    """A shop's brick wall seen from above: a warm red top with a light coping (solid)."""
    base = (164, 92, 72)
    s.fill(base)
    pygame.draw.rect(s, (214, 196, 178), (0, 0, T, 5))
    mortar = _shade(base, 0.82)
    for i, y in enumerate((11, 19, 27)):
        pygame.draw.line(s, mortar, (0, y), (T - 1, y))
        for x in ((8, 24) if i % 2 else (0, 16)):
            pygame.draw.line(s, mortar, (x, y - 7), (x, y - 1))
    pygame.draw.line(s, _shade(base, 0.7), (0, T - 1), (T - 1, T - 1))


def door(s: pygame.Surface) -> None:
    """A shop's open door in a brick wall: brick jambs either side, a doormat between (walkable)."""
    s.fill((226, 212, 190))
    for x in (0, T - 5):
        pygame.draw.rect(s, (164, 92, 72), (x, 0, 5, T))
        pygame.draw.rect(s, (214, 196, 178), (x, 0, 5, 5))
    pygame.draw.rect(s, (122, 98, 78), (8, 6, T - 16, T - 12), border_radius=3)
    for y in range(9, T - 8, 3):
        pygame.draw.line(s, (104, 82, 64), (10, y), (T - 11, y))


def hedge(s: pygame.Surface) -> None:
    """Clipped box hedge (solid): rows of leafy bumps, seamless side by side."""
    base = (92, 146, 92)
    s.fill(_shade(base, 0.85))
    for cy in (6, 16, 26):
        for cx in (4, 12, 20, 28):
            pygame.draw.circle(s, base, (cx + (4 if cy == 16 else 0), cy), 6)
            pygame.draw.circle(s, _shade(base, 1.18), (cx + (4 if cy == 16 else 0) - 1, cy - 2), 2)


def tree(s: pygame.Surface) -> None:
    """A round tree crown from above (solid), with its shadow on whatever floor is under it."""
    _shadow(s, (3, 3, 26, 26), 13)
    leaf = (84, 150, 96)
    pygame.draw.circle(s, _shade(leaf, 0.85), (16, 16), 13)
    for cx, cy in ((11, 11), (21, 12), (12, 21), (21, 20)):
        pygame.draw.circle(s, leaf, (cx, cy), 7)
    pygame.draw.circle(s, _shade(leaf, 1.25), (12, 11), 3)


def _awning(s: pygame.Surface, colour: Color) -> None:
    """A market stall's striped roof from above (solid): stripes run on across neighbouring tiles,
    the front edge is scalloped."""
    _shadow(s, (0, 2, T, 27), 2)
    for x in range(0, T, 8):
        pygame.draw.rect(s, colour if x % 16 == 0 else (246, 240, 228), (x, 2, 8, 22))
    for x in range(0, T, 8):
        pygame.draw.circle(s, colour if x % 16 == 0 else (246, 240, 228), (x + 4, 24), 4)
    pygame.draw.line(s, _shade(colour, 0.75), (0, 2), (T - 1, 2), 2)


def awning_red(s: pygame.Surface) -> None:
    _awning(s, (196, 84, 70))


def awning_teal(s: pygame.Surface) -> None:
    _awning(s, (58, 146, 150))


def awning_gold(s: pygame.Surface) -> None:
    _awning(s, (214, 164, 60))


def crates(s: pygame.Surface) -> None:
    """Two wooden crates of fruit (solid)."""
    _shadow(s, (1, 4, 30, 24), 2)
    for x, fruit in ((1, (236, 140, 48)), (16, (198, 62, 56))):
        pygame.draw.rect(s, (170, 122, 76), (x, 4, 15, 24), border_radius=2)
        pygame.draw.rect(s, (126, 88, 54), (x, 4, 15, 24), 2, border_radius=2)
        for cy in (10, 16, 22):
            for cx in (x + 4, x + 10):
                pygame.draw.circle(s, fruit, (cx, cy), 3)


def _fountain_quarter(s: pygame.Surface, qx: int, qy: int) -> None:
    """One quarter of a 2x2-tile fountain: the whole is drawn at 64 px and this quarter cut from it."""
    whole = pygame.Surface((2 * T, 2 * T), pygame.SRCALPHA)
    _shadow(whole, (2, 2, 2 * T - 4, 2 * T - 4), T)
    pygame.draw.circle(whole, (190, 186, 178), (T, T), T - 2)
    pygame.draw.circle(whole, (128, 190, 214), (T, T), T - 7)
    pygame.draw.circle(whole, (160, 210, 228), (T - 6, T - 8), 8)
    pygame.draw.circle(whole, (190, 186, 178), (T, T), 8)
    pygame.draw.circle(whole, (226, 244, 250), (T, T), 4)
    s.blit(whole, (0, 0), (qx * T, qy * T, T, T))


def fountain_nw(s: pygame.Surface) -> None:
    _fountain_quarter(s, 0, 0)


def fountain_ne(s: pygame.Surface) -> None:
    _fountain_quarter(s, 1, 0)


def fountain_sw(s: pygame.Surface) -> None:
    _fountain_quarter(s, 0, 1)


def fountain_se(s: pygame.Surface) -> None:
    _fountain_quarter(s, 1, 1)


def lamp(s: pygame.Surface) -> None:
    """A street lamp from above: a dark post and a warm glass globe (solid)."""
    _shadow(s, (9, 9, 14, 14), 7)
    pygame.draw.circle(s, (70, 74, 84), (16, 16), 7)
    pygame.draw.circle(s, (250, 226, 150), (16, 16), 5)
    pygame.draw.circle(s, (255, 246, 214), (15, 14), 2)


# ---------------------------------------------------------------- indoors: the galleria
def marble(s: pygame.Surface) -> None:
    """Polished pale marble slabs with a faint vein."""
    base = (240, 236, 230)
    s.fill(base)
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (T - 1, 0))
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (0, T - 1))
    pygame.draw.line(s, _shade(base, 0.96), (4, 26), (14, 17))
    pygame.draw.line(s, _shade(base, 0.96), (14, 17), (27, 12))


def mosaic(s: pygame.Surface) -> None:
    """The rotunda's floor: a soft diamond mosaic that tiles into a lattice."""
    base = (232, 224, 208)
    s.fill(base)
    tint = (214, 200, 176)
    pygame.draw.polygon(s, tint, [(16, 4), (28, 16), (16, 28), (4, 16)])
    pygame.draw.polygon(s, _shade(tint, 1.08), [(16, 9), (23, 16), (16, 23), (9, 16)])
    for x, y in ((0, 0), (T, 0), (0, T), (T, T)):
        pygame.draw.circle(s, tint, (x, y), 4)


def column(s: pygame.Surface) -> None:
    """A round marble column seen from above (solid)."""
    _shadow(s, (4, 4, 24, 24), 12)
    pygame.draw.circle(s, (176, 170, 162), (16, 16), 12)
    pygame.draw.circle(s, (222, 216, 208), (16, 16), 10)
    pygame.draw.circle(s, (246, 242, 236), (13, 13), 4)


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
    ("paving", False, paving),
    ("grass", False, grass),
    ("cobble", False, cobble),
    ("brick", True, brick),
    ("door", False, door),
    ("hedge", True, hedge),
    ("tree", True, tree),
    ("awning_red", True, awning_red),
    ("awning_teal", True, awning_teal),
    ("awning_gold", True, awning_gold),
    ("crates", True, crates),
    ("fountain", True, fountain_nw),
    ("fountain", True, fountain_ne),
    ("fountain", True, fountain_sw),
    ("fountain", True, fountain_se),
    ("lamp", True, lamp),
    ("marble", False, marble),
    ("mosaic", False, mosaic),
    ("column", True, column),
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
