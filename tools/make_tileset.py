"""Draw a tileset per level theme (assets/themes.toml): assets/tiles/<theme>.png and its Tiled
tileset levels/<theme>.tsx (the Mall's is mall.png / mall.tsx), and keep the Tiled project's
`TileKind` enum (levels/sold_out.tiled-project) to the kinds drawn here.

Every theme draws the same tiles in the same order, with the same `kind` and `solid`: only the
colours and a few patterns differ, so a level changes theme by changing its tileset alone and
its walking stays the same. The last tiles are decor (runner, inlay, canopy...) for a level's
"decor" layer, which the game draws but never walks on.

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
from typing import Any
from xml.sax.saxutils import quoteattr

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
THEMES = ROOT / "assets" / "themes.toml"
PROJECT = ROOT / "levels" / "sold_out.tiled-project"
KIND_ENUM = "TileKind"
T = 32
COLUMNS = 8

Color = tuple[int, int, int]

# The Mall's colours: every theme starts from these (assets/themes.toml overrides some).
MALL: dict[str, Color] = {
    "floor_a": (238, 232, 220), "floor_b": (228, 220, 204), "carpet": (206, 220, 205), "wood": (226, 204, 166),
    "wall": (84, 92, 112), "trim": (126, 132, 147), "glass": (170, 214, 232), "sill": (214, 206, 192),
    "mat": (120, 104, 92), "mat_line": (100, 86, 76), "shelf": (176, 130, 84), "shelf_in": (204, 160, 110),
    "counter": (120, 84, 60), "pot": (196, 110, 70), "leaf": (76, 156, 88), "table": (150, 100, 64),
    "chair": (110, 72, 140), "chair_seat": (150, 110, 184), "chair_back": (80, 50, 104), "bench": (100, 110, 120),
    "paving": (224, 219, 208), "grass": (206, 224, 184), "cobble": (208, 198, 184), "brick": (164, 92, 72),
    "coping": (214, 196, 178), "hedge": (92, 146, 92), "tree": (84, 150, 96), "marble": (240, 236, 230),
    "mosaic": (232, 224, 208), "mosaic_tint": (214, 200, 176), "column": (222, 216, 208), "accent": (214, 69, 65),
}
# A theme that changes a colour but not the one drawn from it gets this shade of its own.
DERIVED: tuple[tuple[str, str, float], ...] = (("trim", "wall", 1.25), ("mat_line", "mat", 0.83),
                                                ("sill", "floor_b", 0.94))
P: dict[str, Color] = dict(MALL)   # the palette being painted (set per theme by use_theme)
S: dict[str, str] = {}             # the theme's tile styles: {"wood": "parquet", ...}
STYLES = {"floor_a": ("terrazzo",), "floor_b": ("terrazzo",), "carpet": ("velvet",), "wood": ("parquet",),
          "window": ("mirror",), "wall": ("stone",)}


def _colour(value: object, name: str) -> Color:
    if not (isinstance(value, list) and len(value) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in value)):
        raise SystemExit(f"themes.toml: {name} is not a colour [r, g, b]")
    return (value[0], value[1], value[2])


def use_theme(theme: dict[str, Any]) -> None:
    """Paint the next tiles in `theme`'s colours and styles (a table of assets/themes.toml)."""
    given = {str(k): _colour(v, str(k)) for k, v in dict(theme.get("tiles", {})).items()}
    unknown = set(given) - set(MALL)
    if unknown:
        raise SystemExit(f"themes.toml: unknown tile colours {sorted(unknown)}")
    P.clear()
    P.update(MALL)
    P.update(given)
    for key, source, k in DERIVED:
        if key not in given and source in given:
            P[key] = _shade(P[source], k)
    S.clear()
    S.update({str(k): str(v) for k, v in dict(theme.get("style", {})).items()})
    for tile, style in S.items():
        if style not in STYLES.get(tile, ()):
            raise SystemExit(f"themes.toml: no style {style!r} for {tile!r}")


def _shade(c: Color, k: float) -> Color:
    """Lighter (k > 1) or darker (k < 1) version of a colour."""
    if k >= 1:
        return tuple(min(255, int(v + (255 - v) * (k - 1))) for v in c)  # type: ignore[return-value]
    return tuple(int(v * k) for v in c)  # type: ignore[return-value]


def floor_a(s: pygame.Surface) -> None:
    """Large cream stone tile: only a faint grout line, so the floor stays quiet."""
    base = P["floor_a"]
    if S.get("floor_a") == "terrazzo":
        return _terrazzo(s, base)
    s.fill(base)
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (T - 1, 0))
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (0, T - 1))


def floor_b(s: pygame.Surface) -> None:
    """The same stone a touch warmer: a walkway or checker accent."""
    base = P["floor_b"]
    if S.get("floor_b") == "terrazzo":
        return _terrazzo(s, base)
    s.fill(base)
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (T - 1, 0))
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (0, T - 1))


def carpet(s: pygame.Surface) -> None:
    """Soft sage shop carpet with a barely visible weave."""
    base = P["carpet"]
    if S.get("carpet") == "velvet":
        return _velvet(s, base)
    s.fill(base)
    dot = _shade(base, 0.97)
    for y in range(2, T, 8):
        for x in range(2 + (y // 8 % 2) * 4, T, 8):
            s.set_at((x, y), dot)


def wood(s: pygame.Surface) -> None:
    """Light oak planks for boutiques."""
    base = P["wood"]
    if S.get("wood") == "parquet":
        return _parquet(s, base)
    s.fill(base)
    line = _shade(base, 0.93)
    for y in (0, 8, 16, 24):
        pygame.draw.line(s, line, (0, y), (T - 1, y))
    for y, x in ((0, 20), (8, 6), (16, 26), (24, 12)):
        pygame.draw.line(s, line, (x, y), (x, y + 7))


def wall(s: pygame.Surface) -> None:
    """Deep slate wall with a light top trim: reads as a solid edge from a sofa."""
    base = P["wall"]
    s.fill(base)
    if S.get("wall") == "stone":
        for y, xs in ((12, (10, 24)), (22, (4, 18))):
            pygame.draw.line(s, _shade(base, 0.9), (0, y), (T - 1, y))
            for x in xs:
                pygame.draw.line(s, _shade(base, 0.9), (x, y - 9), (x, y - 1))
    pygame.draw.rect(s, P["trim"], (0, 0, T, 5))
    pygame.draw.line(s, _shade(base, 0.8), (0, T - 1), (T - 1, T - 1))
    for y in (12, 22):
        pygame.draw.line(s, _shade(base, 0.92), (0, y), (T - 1, y))


def window(s: pygame.Surface) -> None:
    """Shop window: glass in a slate frame (solid)."""
    wall(s)
    glass = P["glass"]
    if S.get("window") == "mirror":
        return _mirror(s, glass)
    pygame.draw.rect(s, glass, (3, 9, T - 6, 16))
    pygame.draw.line(s, (230, 246, 252), (6, 22), (14, 12), 2)
    pygame.draw.line(s, (230, 246, 252), (14, 22), (20, 15), 1)


def entrance(s: pygame.Surface) -> None:
    """Door sill with shutter rails and a doormat: walkable."""
    s.fill(P["sill"])
    pygame.draw.rect(s, P["mat"], (2, 4, T - 4, T - 8), border_radius=3)
    for x in range(5, T - 4, 3):
        pygame.draw.line(s, P["mat_line"], (x, 7), (x, T - 8))
    pygame.draw.rect(s, (150, 156, 166), (0, 0, T, 2))


def _terrazzo(s: pygame.Surface, base: Color) -> None:
    """Polished terrazzo: pale chips in the stone, a faint joint; quiet enough for piles on it."""
    s.fill(base)
    for i, (x, y) in enumerate(((3, 5), (11, 2), (20, 7), (27, 3), (6, 14), (15, 12), (24, 16), (29, 11),
                                (2, 23), (10, 20), (18, 26), (26, 24), (8, 29), (22, 30), (13, 17))):
        s.fill(_shade(base, 0.9 if i % 3 else 1.04), (x, y, 2, 2))
    pygame.draw.line(s, _shade(base, 0.94), (0, 0), (T - 1, 0))
    pygame.draw.line(s, _shade(base, 0.94), (0, 0), (0, T - 1))


def _velvet(s: pygame.Surface, base: Color) -> None:
    """Velvet carpet: soft diagonal pile in two shades, no edges (it runs on seamlessly)."""
    s.fill(base)
    for d in range(-T, T, 8):
        pygame.draw.line(s, _shade(base, 0.96), (d, 0), (d + T, T), 3)


def _parquet(s: pygame.Surface, base: Color) -> None:
    """Basket-weave parquet: square blocks of three planks, turned a quarter from block to block,
    in close shades with a grain line each (seamless)."""
    joint = _shade(base, 0.93)
    s.fill(joint)
    for bx, by in ((0, 0), (16, 0), (0, 16), (16, 16)):
        across = (bx + by) % 32 == 0
        for i in range(3):
            tone = _shade(base, (1.0, 0.97, 1.02)[(i + bx // 16) % 3])
            if across:
                plank = (bx, by + i * 5 + (i > 0), 16, 5)
            else:
                plank = (bx + i * 5 + (i > 0), by, 5, 16)
            x, y, w, h = plank
            pygame.draw.rect(s, tone, (x, y, w - (0 if across else 1), h - (1 if across else 0)))
            grain = _shade(tone, 0.96)
            if across:
                pygame.draw.line(s, grain, (x + 2 + i * 3, y + 2), (x + 9 + i * 3, y + 2))
            else:
                pygame.draw.line(s, grain, (x + 2, y + 3 + i * 3), (x + 2, y + 10 + i * 3))


def _mirror(s: pygame.Surface, glass: Color) -> None:
    """A wall mirror in a gilt frame (the Boutique's windows): silver glass, a pink glint."""
    pygame.draw.rect(s, P["trim"], (2, 7, T - 4, 20), border_radius=3)
    pygame.draw.rect(s, glass, (4, 9, T - 8, 16), border_radius=2)
    pygame.draw.line(s, (255, 236, 240), (8, 22), (16, 11), 2)
    pygame.draw.line(s, (255, 236, 240), (16, 22), (21, 15), 1)


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
    pygame.draw.rect(s, P["shelf"], (1, 3, 30, 26), border_radius=3)
    pygame.draw.rect(s, P["shelf_in"], (3, 5, 26, 22), border_radius=2)
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
    pygame.draw.rect(s, P["counter"], (0, 4, 32, 24), border_radius=3)
    pygame.draw.rect(s, (236, 228, 214), (2, 6, 28, 20), border_radius=2)
    pygame.draw.rect(s, (60, 66, 80), (6, 9, 12, 10), border_radius=2)
    pygame.draw.rect(s, (120, 200, 170), (8, 11, 8, 3))
    pygame.draw.rect(s, (200, 200, 205), (20, 12, 7, 9), border_radius=1)


def plant(s: pygame.Surface) -> None:
    """Potted plant: terracotta pot, leafy top."""
    _shadow(s, (4, 4, 24, 24), 12)
    pygame.draw.circle(s, P["pot"], (16, 16), 11)
    leaf = P["leaf"]
    for cx, cy in ((11, 11), (21, 11), (11, 21), (21, 21), (16, 8), (16, 24), (8, 16), (24, 16)):
        pygame.draw.circle(s, leaf, (cx, cy), 5)
    pygame.draw.circle(s, _shade(leaf, 1.3), (16, 16), 6)


def table(s: pygame.Surface) -> None:
    """The Starting Table's top: warm walnut that tiles seamlessly."""
    base = P["table"]
    s.fill(base)
    for y in (3, 11, 19, 27):
        pygame.draw.line(s, _shade(base, 1.1), (0, y), (T - 1, y))
    pygame.draw.line(s, _shade(base, 0.9), (0, 7), (T - 1, 7))
    pygame.draw.line(s, _shade(base, 0.9), (0, 23), (T - 1, 23))


def chair(s: pygame.Surface) -> None:
    """Dresser chair seen from above: a seat and a back rest."""
    _shadow(s, (5, 5, 22, 22), 5)
    pygame.draw.rect(s, P["chair"], (5, 5, 22, 22), border_radius=5)
    pygame.draw.rect(s, P["chair_seat"], (8, 10, 16, 14), border_radius=4)
    pygame.draw.rect(s, P["chair_back"], (5, 4, 22, 6), border_radius=3)


def bench(s: pygame.Surface) -> None:
    """Mall bench (solid decoration)."""
    _shadow(s, (1, 8, 30, 16), 3)
    pygame.draw.rect(s, P["bench"], (1, 8, 30, 16), border_radius=3)
    for y in (10, 15, 20):
        pygame.draw.line(s, (170, 130, 90), (3, y), (28, y), 3)


# ---------------------------------------------------------------- outdoors: the outlet village, the market
def paving(s: pygame.Surface) -> None:
    """Warm grey paving slabs in a running bond: the village's paths, quiet under the piles."""
    base = P["paving"]
    s.fill(base)
    joint = _shade(base, 0.93)
    for y in (0, 16):
        pygame.draw.line(s, joint, (0, y), (T - 1, y))
        for x in ((0, 16) if y == 0 else (8, 24)):
            pygame.draw.line(s, joint, (x, y), (x, y + 15))


def grass(s: pygame.Surface) -> None:
    """Soft, pale lawn with a few darker blades: a green that no seat colour is mistaken for."""
    base = P["grass"]
    s.fill(base)
    blade = _shade(base, 0.93)
    for x, y in ((4, 6), (13, 3), (22, 9), (28, 2), (7, 18), (18, 15), (26, 22), (3, 27), (14, 26), (23, 30)):
        pygame.draw.line(s, blade, (x, y), (x + 1, y - 3))
        pygame.draw.line(s, blade, (x + 3, y), (x + 3, y - 2))


def cobble(s: pygame.Surface) -> None:
    """Rounded cobblestones for the market street (seamless: stones meet at the tile's edges)."""
    base = P["cobble"]
    s.fill(_shade(base, 0.9))
    for row, y in enumerate((0, 8, 16, 24)):
        for x in range(-8 if row % 2 else 0, T, 16):
            pygame.draw.rect(s, base, (x + 1, y + 1, 14, 6), border_radius=3)
            pygame.draw.line(s, _shade(base, 1.08), (x + 3, y + 2), (x + 12, y + 2))


def brick(s: pygame.Surface) -> None:
    """A shop's brick wall seen from above: a warm red top with a light coping (solid)."""
    base = P["brick"]
    s.fill(base)
    pygame.draw.rect(s, P["coping"], (0, 0, T, 5))
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
        pygame.draw.rect(s, P["brick"], (x, 0, 5, T))
        pygame.draw.rect(s, P["coping"], (x, 0, 5, 5))
    pygame.draw.rect(s, (122, 98, 78), (8, 6, T - 16, T - 12), border_radius=3)
    for y in range(9, T - 8, 3):
        pygame.draw.line(s, (104, 82, 64), (10, y), (T - 11, y))


def hedge(s: pygame.Surface) -> None:
    """Clipped box hedge (solid): rows of leafy bumps, seamless side by side."""
    base = P["hedge"]
    s.fill(_shade(base, 0.85))
    for cy in (6, 16, 26):
        for cx in (4, 12, 20, 28):
            pygame.draw.circle(s, base, (cx + (4 if cy == 16 else 0), cy), 6)
            pygame.draw.circle(s, _shade(base, 1.18), (cx + (4 if cy == 16 else 0) - 1, cy - 2), 2)


def tree(s: pygame.Surface) -> None:
    """A round tree crown from above (solid), with its shadow on whatever floor is under it."""
    _shadow(s, (3, 3, 26, 26), 13)
    leaf = P["tree"]
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
    base = P["marble"]
    s.fill(base)
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (T - 1, 0))
    pygame.draw.line(s, _shade(base, 0.95), (0, 0), (0, T - 1))
    pygame.draw.line(s, _shade(base, 0.96), (4, 26), (14, 17))
    pygame.draw.line(s, _shade(base, 0.96), (14, 17), (27, 12))


def mosaic(s: pygame.Surface) -> None:
    """The rotunda's floor: a soft diamond mosaic that tiles into a lattice."""
    base = P["mosaic"]
    s.fill(base)
    tint = P["mosaic_tint"]
    pygame.draw.polygon(s, tint, [(16, 4), (28, 16), (16, 28), (4, 16)])
    pygame.draw.polygon(s, _shade(tint, 1.08), [(16, 9), (23, 16), (16, 23), (9, 16)])
    for x, y in ((0, 0), (T, 0), (0, T), (T, T)):
        pygame.draw.circle(s, tint, (x, y), 4)


def column(s: pygame.Surface) -> None:
    """A round marble column seen from above (solid)."""
    _shadow(s, (4, 4, 24, 24), 12)
    pygame.draw.circle(s, _shade(P["column"], 0.79), (16, 16), 12)
    pygame.draw.circle(s, P["column"], (16, 16), 10)
    pygame.draw.circle(s, (246, 242, 236), (13, 13), 4)


# ---------------------------------------------------------------- decor: the "decor" layer, drawn only
# Flat things a shopper walks over, or dressing for a cell that is already solid; never in the
# floor or walls layers (the game reads those for walking), so they block nothing.
def runner(s: pygame.Surface) -> None:
    """A carpet runner in the theme's accent, edged top and bottom: runs on left to right."""
    accent = P["accent"]
    pygame.draw.rect(s, _shade(accent, 1.55), (0, 4, T, 24))
    pygame.draw.rect(s, _shade(accent, 1.3), (0, 4, T, 3))
    pygame.draw.rect(s, _shade(accent, 1.3), (0, 25, T, 3))
    pygame.draw.line(s, _shade(accent, 1.4), (0, 16), (T - 1, 16))


def _inlay_quarter(s: pygame.Surface, qx: int, qy: int) -> None:
    """One quarter of a 2x2-tile compass inlay set in the floor, in the theme's accent."""
    whole = pygame.Surface((2 * T, 2 * T), pygame.SRCALPHA)
    ring, light = (*_shade(P["accent"], 1.45), 150), (*_shade(P["accent"], 1.7), 150)
    pygame.draw.circle(whole, ring, (T, T), T - 3, 3)
    for a, b in (((T, 6), (T, 2 * T - 6)), ((6, T), (2 * T - 6, T))):
        pygame.draw.polygon(whole, light, [a, (T + 5, T), b, (T - 5, T)] if a[0] == T else [a, (T, T - 5), b, (T, T + 5)])
    pygame.draw.circle(whole, ring, (T, T), 5)
    s.blit(whole, (0, 0), (qx * T, qy * T, T, T))


def inlay_nw(s: pygame.Surface) -> None:
    _inlay_quarter(s, 0, 0)


def inlay_ne(s: pygame.Surface) -> None:
    _inlay_quarter(s, 1, 0)


def inlay_sw(s: pygame.Surface) -> None:
    _inlay_quarter(s, 0, 1)


def inlay_se(s: pygame.Surface) -> None:
    _inlay_quarter(s, 1, 1)


def canopy(s: pygame.Surface) -> None:
    """A shop's striped canopy over its wall (dress a wall cell beside a door)."""
    accent = P["accent"]
    _shadow(s, (0, 2, T, 26), 2)
    for x in range(0, T, 8):
        pygame.draw.rect(s, accent if x % 16 == 0 else (246, 240, 228), (x, 2, 8, 20))
        pygame.draw.circle(s, accent if x % 16 == 0 else (246, 240, 228), (x + 4, 22), 4)
    pygame.draw.line(s, _shade(accent, 0.75), (0, 2), (T - 1, 2), 2)


def leaves(s: pygame.Surface) -> None:
    """A few fallen leaves on the paving."""
    for (x, y), c in (((6, 8), (214, 150, 60)), ((20, 5), (196, 110, 56)), ((14, 22), (170, 160, 70)),
                      ((26, 24), (214, 150, 60))):
        pygame.draw.ellipse(s, c, (x, y, 7, 4))
        pygame.draw.line(s, _shade(c, 0.7), (x + 1, y + 2), (x + 6, y + 2))


def drain(s: pygame.Surface) -> None:
    """An iron drain cover set in the street."""
    pygame.draw.circle(s, (112, 108, 104), (16, 16), 8)
    pygame.draw.circle(s, (84, 80, 78), (16, 16), 8, 2)
    for y in (12, 16, 20):
        pygame.draw.line(s, (84, 80, 78), (11, y), (21, y))


def flowers(s: pygame.Surface) -> None:
    """A flower box (dress a cell that is already solid: a hedge, a planter, a wall's foot)."""
    _shadow(s, (2, 6, 28, 22), 3)
    pygame.draw.rect(s, (150, 104, 70), (2, 6, 28, 22), border_radius=3)
    pygame.draw.rect(s, (96, 150, 84), (4, 8, 24, 18), border_radius=2)
    for i, (x, y) in enumerate(((8, 12), (16, 11), (24, 13), (11, 20), (20, 21))):
        pygame.draw.circle(s, (P["accent"], (245, 190, 60), (235, 120, 160))[i % 3], (x, y), 3)


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
    ("runner", False, runner),
    ("inlay", False, inlay_nw),
    ("inlay", False, inlay_ne),
    ("inlay", False, inlay_sw),
    ("inlay", False, inlay_se),
    ("canopy", True, canopy),
    ("leaves", False, leaves),
    ("drain", False, drain),
    ("flowers", True, flowers),
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


def tsx_text(theme: str, image_w: int, image_h: int) -> str:
    """The external Tiled tileset: image plus `kind` and `solid` on every tile."""
    rel = os.path.relpath(png_path(theme), tsx_path(theme).parent).replace(os.sep, "/")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{theme}" tilewidth="{T}" '
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


def png_path(theme: str) -> Path:
    return ROOT / "assets" / "tiles" / f"{theme}.png"


def tsx_path(theme: str) -> Path:
    return ROOT / "levels" / f"{theme}.tsx"


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


def themes() -> dict[str, dict[str, Any]]:
    import tomllib
    return dict(tomllib.loads(THEMES.read_text(encoding="utf-8")))


def main() -> int:
    for theme, table in themes().items():
        use_theme(table)
        sheet = render()
        pygame.image.save(sheet, str(png_path(theme)))
        tsx_path(theme).write_text(tsx_text(theme, sheet.get_width(), sheet.get_height()), encoding="utf-8")
        print(f"wrote {png_path(theme).relative_to(ROOT)} ({len(TILES)} tiles) and {tsx_path(theme).relative_to(ROOT)}")
    PROJECT.write_text(project_text(PROJECT.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote the {KIND_ENUM} enum in {PROJECT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
