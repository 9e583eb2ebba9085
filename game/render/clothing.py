"""Sold Out! clothing art, drawn by code: 17 garments x 6 patterns x any colour.

Each garment is a list of primitives in a 100 x 100 design box (y down).  The
silhouette primitives make the shape; detail primitives (seams, soles, zips)
are painted inside it.  An item is drawn large (supersampled), its pattern
clipped to the silhouette by multiplying with the shape's mask, given a dark
outline grown from the mask, then smoothed down to the requested size.

Every public function is cached by its arguments and returns a shared Surface:
blit it, never draw on it.
"""
from __future__ import annotations

import contextlib
import math
from functools import lru_cache
from typing import Any, Iterator, NamedTuple, Sequence

import pygame

from game.render.surface_cache import surface_cache
from game.render.icons import (
    INK, PAPER, Colour, bag_icon, check_size, hex_rgb, luminance, mix, outlined_text,
    rounded_card, shrink, star_points, supersample, text_surface, with_outline,
)

GARMENTS = ("tshirt", "sweater", "hoodie", "jacket", "dress", "skirt", "trousers", "shorts",
            "cap", "beanie", "scarf", "gloves", "socks", "sneakers", "boots", "handbag", "tie")
PATTERNS = ("plain", "stripes", "dots", "checks", "zigzag", "stars")

Prim = tuple[Any, ...]  # ("poly", pts) | ("rect", (x, y, w, h), radius) | ("circle", (x, y), r)
#             | ("ellipse", (x, y, w, h)) | ("path", pts, width) | ("edge", pts, width)


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float,
         steps: int = 16) -> list[tuple[float, float]]:
    """Points along an elliptical arc, angles in degrees (0 = right, 90 = down)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps))) for i in range(steps + 1)]


def _mirror(pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(100 - x, y) for x, y in pts]


def _sock(dx: float, dy: float) -> list[tuple[float, float]]:
    pts = [(16, 8), (40, 8), (40, 56), (62, 66), (72, 72), (74, 82), (68, 90), (56, 92),
           (30, 92), (18, 86), (15, 74)]
    return [(x + dx, y + dy) for x, y in pts]


# Silhouette: what the garment's outline is.  Details: (kind, primitive) painted
# inside; kinds: shade (darker), light (lighter), ink (outline colour),
# sole (off-white, unpatterned), dark (near-black, unpatterned), metal (gold),
# dim (a see-through darkening, for a part that lies behind another).
SHAPES: dict[str, list[Prim]] = {
    "tshirt": [("poly", [(37, 10), (43, 16), (50, 18), (57, 16), (63, 10), (80, 15), (97, 33),
                         (84, 47), (75, 40), (76, 92), (24, 92), (25, 40), (16, 47), (3, 33),
                         (20, 15)])],
    "sweater": [("poly", [(38, 12), (44, 17), (50, 18), (56, 17), (62, 12), (77, 15), (86, 26), (91, 72), (88, 74), (89, 84), (80, 85), (79, 76), (75, 46), (76, 80), (72, 82), (72, 93), (28, 93), (28, 82), (24, 80), (25, 46), (21, 76), (20, 85), (11, 84), (12, 74), (9, 72), (14, 26), (23, 15)])],
    "hoodie": [("poly", [(30, 26), (27, 12), (35, 3), (50, 0), (65, 3), (73, 12), (70, 26)]),
               ("poly", [(32, 18), (18, 22), (6, 34), (0, 64), (13, 68), (22, 48), (23, 88),
                         (77, 88), (78, 48), (87, 68), (100, 64), (94, 34), (82, 22), (68, 18)])],
    "jacket": [("poly", [(36, 4), (42, 14), (50, 26), (58, 14), (64, 4), (80, 11), (88, 20),
                         (99, 92), (87, 94), (79, 46), (86, 98), (54, 98), (50, 92), (46, 98),
                         (14, 98), (21, 46), (13, 94), (1, 92), (12, 20), (20, 11)])],
    "dress": [("poly", [(35, 2), (40, 2), (42, 15), (58, 15), (60, 2), (65, 2), (67, 20),
                        (62, 40), (90, 95), (10, 95), (38, 40), (33, 20)])],
    "skirt": [("poly", [(31, 12), (69, 12), (69, 24), (97, 78), (3, 78), (31, 24)]),
              ("poly", _arc(50, 78, 47, 8, 0, 180))],
    "trousers": [("poly", [(26, 3), (74, 3), (76, 14), (82, 97), (57, 97), (50, 38), (43, 97),
                           (18, 97), (24, 14)])],
    "shorts": [("poly", [(20, 24), (80, 24), (82, 34), (94, 74), (57, 78), (50, 52), (43, 78),
                         (6, 74), (18, 34)])],
    "cap": [("poly", _arc(42, 60, 33, 38, 180, 360)),
            ("poly", [(50, 50), (80, 50), (96, 56), (97, 63), (90, 66), (50, 64)]),
            ("circle", (42, 22), 4.5)],
    "beanie": [("poly", _arc(50, 66, 31, 46, 180, 360)),
               ("rect", (15, 60, 70, 30), 6), ("circle", (50, 14), 12)],
    # A loop with the neck's hole in it and two tails from a knot: no waistband and legs,
    # so a scarf never reads as trousers at list size.
    "scarf": [("path", _arc(44, 24, 30, 15, 0, 360, 24), 14),
              ("poly", [(50, 32), (68, 32), (64, 86), (46, 86)]),
              ("poly", [(62, 34), (76, 30), (90, 78), (73, 83)])]
             + [("path", [(x, 85), (x - 1, 96)], 3.2) for x in (49, 54, 59, 63)]
             + [("path", [(x, 80 + (x - 74) * 0.3), (x + 3, 92 + (x - 74) * 0.3)], 3.2)
                for x in (75, 80, 85)],
    "gloves": [("rect", (22, 38, 54, 44), 14)]
              + [("path", [(x, top), (x, 50)], 12.5)
                 for x, top in ((29, 16), (41, 8), (53, 10), (65, 18))]
              + [("path", [(72, 66), (88, 44)], 14), ("rect", (24, 74, 50, 22), 5)],
    "socks": [("poly", _sock(22, -4)), ("poly", _sock(0, 4))],
    "sneakers": [("poly", [(6, 40), (18, 35), (30, 43), (40, 39), (45, 29), (55, 30), (61, 45),
                           (80, 54), (95, 62), (97, 74), (6, 74)]),
                 ("rect", (3, 70, 96, 14), 6)],
    "boots": [("poly", [(16, 2), (52, 2), (49, 14), (51, 54), (76, 60), (92, 68), (94, 82),
                        (16, 82), (19, 40), (20, 14)]),
              ("rect", (13, 78, 83, 10), 4), ("rect", (15, 84, 22, 12), 2)],
    "handbag": [("poly", [(17, 40), (83, 40), (95, 90), (90, 95), (10, 95), (5, 90)]),
                ("path", _arc(50, 42, 22, 34, 180, 360), 8)],
    "tie": [("poly", [(39, 3), (61, 3), (57, 18), (43, 18)]),
            ("poly", [(43, 19), (57, 19), (67, 82), (50, 98), (33, 82)])],
}

DETAILS: dict[str, list[tuple[Any, ...]]] = {  # (kind, primitive) or ("dim", primitive, cut-out)
    "tshirt": [("shade", ("path", [(37, 10), (43, 16), (50, 18), (57, 16), (63, 10)], 4)),
               ("shade", ("path", [(25, 40), (22, 20)], 1.6)),
               ("shade", ("path", [(75, 40), (78, 20)], 1.6)),
               ("shade", ("path", [(24, 87), (76, 87)], 1.6))],
    "sweater": [("shade", ("path", [(38, 12), (44, 17), (50, 18), (56, 17), (62, 12)], 5)),
                ("shade", ("rect", (27, 82, 46, 12), 0)),
                ("shade", ("poly", [(9, 72), (12, 74), (11, 84), (20, 85), (21, 76), (22, 70), (9, 68)])),
                ("shade", ("poly", [(91, 72), (88, 74), (89, 84), (80, 85), (79, 76), (78, 70), (91, 68)]))]
               + [("light", ("path", [(x, 84), (x, 91)], 1.2)) for x in range(31, 71, 5)],
    "hoodie": [("dark", ("ellipse", (38, 7, 24, 20))),
               ("shade", ("poly", [(33, 60), (67, 60), (72, 82), (28, 82)])),
               ("ink", ("edge", [(33, 60), (67, 60), (72, 82), (28, 82)], 1.4)),
               ("shade", ("rect", (22, 82, 56, 7), 0)),
               ("shade", ("poly", [(0, 64), (13, 68), (14, 62), (1, 58)])),
               ("shade", ("poly", [(100, 64), (87, 68), (86, 62), (99, 58)])),
               ("light", ("path", [(45, 27), (44, 46)], 2.2)),
               ("light", ("path", [(55, 27), (56, 46)], 2.2)),
               ("light", ("circle", (44, 47), 2.2)), ("light", ("circle", (56, 47), 2.2))],
    "jacket": [("shade", ("poly", [(36, 4), (28, 12), (40, 36), (50, 26), (42, 14)])),
               ("shade", ("poly", _mirror([(36, 4), (28, 12), (40, 36), (50, 26), (42, 14)]))),
               ("ink", ("edge", [(36, 4), (28, 12), (40, 36), (50, 26)], 1.4)),
               ("ink", ("edge", _mirror([(36, 4), (28, 12), (40, 36), (50, 26)]), 1.4)),
               ("metal", ("path", [(50, 27), (50, 97)], 2.6)),
               ("shade", ("path", [(28, 68), (39, 63)], 2.2)),
               ("shade", ("path", [(72, 68), (61, 63)], 2.2)),
               ("shade", ("poly", [(1, 92), (13, 94), (13.6, 88), (2, 86)])),
               ("shade", ("poly", [(99, 92), (87, 94), (86.4, 88), (98, 86)]))],
    "dress": [("shade", ("rect", (36, 36, 28, 6), 0)),
              ("metal", ("circle", (50, 39), 2.4)),
              ("shade", ("path", [(44, 44), (34, 94)], 1.6)),
              ("shade", ("path", [(56, 44), (66, 94)], 1.6)),
              ("light", ("path", [(42, 16), (50, 24), (58, 16)], 2))],
    "skirt": [("shade", ("rect", (31, 12, 38, 12), 0)),
              ("metal", ("circle", (62, 18), 2.6)),
              ("shade", ("path", [(40, 26), (28, 84)], 1.8)),
              ("shade", ("path", [(50, 26), (50, 86)], 1.8)),
              ("shade", ("path", [(60, 26), (72, 84)], 1.8))],
    "trousers": [("shade", ("rect", (25, 3, 50, 10), 0)),
                 ("shade", ("path", [(50, 13), (50, 33)], 1.8)),
                 ("shade", ("path", [(28, 13), (35, 25)], 1.8)),
                 ("shade", ("path", [(72, 13), (65, 25)], 1.8)),
                 ("metal", ("circle", (50, 8), 2.2)),
                 ("light", ("path", [(34, 42), (30, 94)], 1.4)),
                 ("light", ("path", [(66, 42), (70, 94)], 1.4))],
    "shorts": [("shade", ("rect", (19, 24, 62, 10), 0)),
               ("light", ("path", [(46, 34), (44, 44)], 1.8)),
               ("light", ("path", [(54, 34), (56, 44)], 1.8)),
               ("shade", ("path", [(8, 68), (44, 72)], 1.8)),
               ("shade", ("path", [(92, 68), (56, 72)], 1.8))],
    "cap": [("shade", ("rect", (8, 54, 44, 7), 0)),
            ("shade", ("path", _arc(42, 60, 14, 38, 270, 180, 8), 1.6)),
            ("shade", ("path", _arc(42, 60, 14, 38, 270, 360, 8), 1.6)),
            ("shade", ("poly", [(50, 58), (80, 58), (97, 63), (90, 66), (50, 64)])),
            ("light", ("circle", (28, 36), 5))],
    "beanie": [("shade", ("path", [(16, 62), (84, 62)], 2))]
              + [("shade", ("path", [(x, 64), (x, 88)], 1.6)) for x in range(21, 82, 7)]
              + [("light", ("circle", (46, 11), 4))],
    "scarf": [("dim", ("path", _arc(44, 24, 30, 15, 180, 360, 12), 14)),
              ("shade", ("rect", (50, 27, 24, 12), 5)),
              ("ink", ("path", [(62, 28), (62, 38)], 1.4)),
              ("shade", ("path", [(47, 78), (65, 78)], 1.8)),
              ("shade", ("path", [(71, 73), (88, 70)], 1.8))],
    "gloves": [("shade", ("path", [(x, 40), (x, 28)], 1.6)) for x in (35, 47, 59)]
              + [("shade", ("path", [(x, 77), (x, 95)], 1.4)) for x in range(29, 72, 6)]
              + [("shade", ("path", [(70, 62), (62, 56)], 1.6))],
    "socks": [("dim", ("poly", _sock(22, -4)), ("poly", _sock(0, 4))),
              ("shade", ("rect", (38, 2, 24, 10), 0)),
              ("shade", ("rect", (16, 12, 24, 10), 0)),
              ("shade", ("ellipse", (11, 79, 16, 20))),
              ("shade", ("ellipse", (62, 76, 16, 20))),
              ("ink", ("edge", _sock(0, 4), 1.6))],
    "sneakers": [("sole", ("rect", (3, 70, 96, 14), 6)),
                 ("shade", ("path", [(3, 78), (99, 78)], 1.4)),
                 ("shade", ("poly", [(80, 54), (95, 62), (97, 70), (78, 70)])),
                 ("light", ("path", [(14, 62), (40, 54), (66, 60)], 4)),
                 ("dark", ("path", [(6, 40), (18, 35), (30, 43), (40, 39)], 2)),
                 ("sole", ("path", [(46, 36), (55, 38)], 2.2)),
                 ("sole", ("path", [(49, 42), (58, 44)], 2.2)),
                 ("sole", ("path", [(52, 48), (62, 49)], 2.2))],
    "boots": [("dark", ("rect", (13, 78, 83, 10), 4)), ("dark", ("rect", (15, 84, 22, 12), 2)),
              ("shade", ("poly", [(16, 2), (52, 2), (49, 14), (20, 14)])),
              ("shade", ("path", [(52, 56), (40, 64), (20, 64)], 1.6)),
              ("metal", ("circle", (46, 22), 2)), ("metal", ("circle", (46, 32), 2)),
              ("metal", ("circle", (46, 42), 2)),
              ("light", ("path", [(24, 18), (22, 58)], 2.4))],
    "handbag": [("shade", ("poly", [(17, 40), (83, 40), (80, 62), (50, 68), (20, 62)])),
                ("ink", ("edge", [(17, 41), (20, 62), (50, 68), (80, 62), (83, 41)], 1.4)),
                ("metal", ("circle", (50, 66), 5)),
                ("shade", ("path", [(8, 88), (92, 88)], 1.4))],
    "tie": [("shade", ("poly", [(43, 19), (50, 19), (50, 98), (33, 82)])),
            ("ink", ("edge", [(42, 18.5), (58, 18.5)], 1.4)),
            ("shade", ("path", [(40, 7), (60, 7)], 1.6))],
}


class ItemLook(NamedTuple):
    """Just what the art needs to draw one catalogue item."""
    garment: str
    hex: str
    pattern: str
    cb_hex: str | None = None


def look_of(item: Any, colours: Any = None) -> ItemLook:
    """An ItemLook from a tuple/list, a dict, or a catalogue item object.

    Objects and dicts are duck-typed: .garment, .pattern and .colour, where the
    colour is an object/dict with .hex/.cb_hex, a '#RRGGBB' string, or a colour
    id looked up in `colours` (a dict of id -> colour, or a catalogue with
    .colours, e.g. game.rules.soldout.catalogue.Catalogue).
    """
    if isinstance(item, ItemLook):
        return item
    if isinstance(item, (tuple, list)):
        return ItemLook(*item)
    get = _getter(item)
    colour = get("colour")
    if isinstance(colour, str) and not colour.startswith("#"):
        table = getattr(colours, "colours", colours)
        if not table or colour not in table:
            raise ValueError(f"colour {colour!r} of item {get('id')!r} needs the catalogue's colours")
        colour = table[colour]
    if colour is None or isinstance(colour, str):
        hex_value, cb = colour or get("hex"), get("cb_hex")
    else:
        cget = _getter(colour)
        hex_value, cb = cget("hex"), cget("cb_hex")
    if hex_value is None:
        raise ValueError(f"item has no colour: {item!r}")
    return ItemLook(str(get("garment")), str(hex_value), str(get("pattern")), cb)


def _getter(thing: Any) -> Any:
    if isinstance(thing, dict):
        return thing.get
    return lambda key: getattr(thing, key, None)


# ---------------------------------------------------------------- colours
def pattern_colour(base: Colour, colourblind: bool) -> Colour:
    """A tint or shade of the base: subtle normally, strong in colour-blind mode."""
    if luminance(base) > 0.42:
        return mix(base, (20, 16, 30), 0.72 if colourblind else 0.36)
    return mix(base, (255, 255, 255), 0.82 if colourblind else 0.42)


def _detail_colour(kind: str, base: Colour) -> tuple[int, int, int, int]:
    if kind == "shade":
        if luminance(base) < 0.16:  # on near-black a darker seam would vanish
            return (*mix(base, (255, 255, 255), 0.18), 255)
        return (*mix(base, INK, 0.32), 255)
    if kind == "light":
        return (*mix(base, (255, 255, 255), 0.45), 255)
    if kind == "ink":
        return (*INK, 255)
    if kind == "sole":
        return (246, 242, 232, 255)
    if kind == "dark":
        return (54, 46, 58, 255)
    if kind == "metal":
        return (232, 190, 70, 255)
    raise ValueError(f"unknown detail kind {kind!r}")


# ---------------------------------------------------------------- drawing
class _Pen:
    """Maps design units (0..100) to pixels of a supersampled canvas."""

    def __init__(self, origin: float, scale: float) -> None:
        self.o, self.k = origin, scale

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (self.o + x * self.k, self.o + y * self.k)

    def draw(self, surf: pygame.Surface, prim: Prim, colour: tuple[int, ...]) -> None:
        kind = prim[0]
        if kind == "poly":
            pygame.draw.polygon(surf, colour, [self.p(x, y) for x, y in prim[1]])
        elif kind == "rect":
            x, y, w, h = prim[1]
            rect = pygame.Rect(*self.p(x, y), w * self.k, h * self.k)
            pygame.draw.rect(surf, colour, rect, border_radius=round(prim[2] * self.k))
        elif kind == "circle":
            pygame.draw.circle(surf, colour, self.p(*prim[1]), prim[2] * self.k)
        elif kind == "ellipse":
            x, y, w, h = prim[1]
            pygame.draw.ellipse(surf, colour, pygame.Rect(*self.p(x, y), w * self.k, h * self.k))
        elif kind in ("path", "edge"):
            self._path(surf, prim[1], prim[2], colour, closed=kind == "edge")
        else:
            raise ValueError(f"unknown primitive {kind!r}")

    def _path(self, surf: pygame.Surface, pts: Sequence[tuple[float, float]], width: float,
              colour: tuple[int, ...], closed: bool) -> None:
        """A thick line with round joints and caps (pygame lines have square ends)."""
        px = [self.p(x, y) for x, y in pts]
        if closed and len(pts) > 2:
            px.append(px[0])
        w = max(1.0, width * self.k)
        for a, b in zip(px, px[1:]):
            pygame.draw.line(surf, colour, a, b, max(1, round(w)))
        for q in px:
            pygame.draw.circle(surf, colour, q, w / 2)


def _draw_pattern(surf: pygame.Surface, pattern: str, colour: Colour, pen: _Pen,
                  bold: bool) -> None:
    """Paint a pattern over the whole canvas (it is clipped to the shape later)."""
    k = pen.k
    big = surf.get_width()
    extent = int(big / k) + 20  # design units to cover, beyond the box on all sides
    start = -int(pen.o / k) - 10
    thick = 1.4 if bold else 1.0
    if pattern == "plain":
        return
    if pattern == "stripes":
        period, band = 14, 5.5 * thick
        for y in range(start, start + extent, period):
            pygame.draw.rect(surf, colour, pygame.Rect(0, pen.p(0, y)[1], big, band * k))
    elif pattern == "dots":
        gap, r = 13, 3.0 * thick
        for row, y in enumerate(range(start, start + extent, gap)):
            shift = gap / 2 if row % 2 else 0
            for x in range(start, start + extent, gap):
                pygame.draw.circle(surf, colour, pen.p(x + shift, y), r * k)
    elif pattern == "checks":
        period, band = 16, 8
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        alpha = 255 if bold else 150
        for v in range(start, start + extent, period):
            pygame.draw.rect(layer, (*colour, alpha), pygame.Rect(pen.p(v, 0)[0], 0, band * k, big))
        surf.blit(layer, (0, 0))
        layer.fill((0, 0, 0, 0))
        for v in range(start, start + extent, period):
            pygame.draw.rect(layer, (*colour, alpha), pygame.Rect(0, pen.p(0, v)[1], big, band * k))
        surf.blit(layer, (0, 0))
    elif pattern == "zigzag":
        period, amp, wave = 14, 3.6, 11
        for y in range(start, start + extent, period):
            pts = [(x, y + (amp if (i % 2) else -amp))
                   for i, x in enumerate(range(start, start + extent, wave // 2 + 1))]
            pen._path(surf, pts, 3.0 * thick, colour, closed=False)
    elif pattern == "stars":
        gap, r = 19, 5.6 * (1.2 if bold else 1.0)
        for row, y in enumerate(range(start, start + extent, gap)):
            shift = gap / 2 if row % 2 else 0
            for x in range(start, start + extent, gap):
                cx, cy = pen.p(x + shift, y)
                pygame.draw.polygon(surf, colour, star_points(cx, cy, r * k, r * k * 0.45))
    else:
        raise ValueError(f"unknown pattern {pattern!r}; expected one of {', '.join(PATTERNS)}")


@lru_cache(maxsize=8)
def _shading(big: int) -> pygame.Surface:
    """Soft light from the top left: lighter top, darker bottom (blended over the fill)."""
    shade = pygame.Surface((big, big), pygame.SRCALPHA)
    for y in range(big):
        t = y / max(1, big - 1)
        if t < 0.45:
            shade.fill((255, 255, 255, round(60 * (0.45 - t) / 0.45)), pygame.Rect(0, y, big, 1))
        else:
            shade.fill((20, 10, 40, round(70 * (t - 0.45) / 0.55)), pygame.Rect(0, y, big, 1))
    return shade


def drop_intermediates() -> None:
    """Let go of the art only drawing new items uses (the supersampled shading, 1-2 MB): called
    once the title's warm-up has drawn every item it will show; a later new item makes it again
    (well under a millisecond)."""
    _shading.cache_clear()


def _dim(fill: pygame.Surface, pen: _Pen, prim: Prim, cut: list[Prim]) -> None:
    """Darken a region (minus the cut-out parts), e.g. the sock behind the other."""
    layer = pygame.Surface(fill.get_size(), pygame.SRCALPHA)
    pen.draw(layer, prim, (20, 10, 40, 80))
    for part in cut:
        pen.draw(layer, part, (0, 0, 0, 0))
    fill.blit(layer, (0, 0))


def _bevel(fill: pygame.Surface, mask: pygame.Surface, depth: int) -> None:
    """A light rim along the top-left edges and a dark one along the bottom-right:
    the flat shape reads as soft cloth with some thickness."""
    for shift, colour in (((depth, depth), (255, 255, 255, 80)), ((-depth, -depth), (30, 16, 50, 70))):
        rim = mask.copy()
        rim.blit(mask, shift, special_flags=pygame.BLEND_RGBA_SUB)  # keep only the exposed edge
        rim.fill(colour, special_flags=pygame.BLEND_RGBA_MULT)
        fill.blit(rim, (0, 0))


def _outline_px(size: int) -> float:
    return max(1.5, min(size * 0.034, 6.5))


ObjectiveShape = tuple[int, tuple[int, int], tuple[bool, ...], tuple[str | None, ...], bool, str]


class Drawn:
    """What was drawn while noting (the warm-up's rehearsals note it, then draw every other item
    and card the same way): item (size, colour-blind) pairs and objective-card shapes (how many
    items, size, filled, marks, colour-blind, title)."""

    def __init__(self) -> None:
        self.items: set[tuple[int, bool]] = set()
        self.objectives: set[ObjectiveShape] = set()


_NOTING: list[Drawn] = []


@contextlib.contextmanager
def noting(drawn: Drawn) -> Iterator[Drawn]:
    """Note in `drawn` every item and objective card drawn inside the block."""
    _NOTING.append(drawn)
    try:
        yield drawn
    finally:
        _NOTING.remove(drawn)


def item_surface(garment: str, colour_hex: str, pattern: str, size: int,
                 colourblind: bool = False, cb_hex: str | None = None) -> pygame.Surface:
    """One clothing item on a transparent square of size x size pixels (cached, shared).

    In colour-blind mode the item is drawn in cb_hex (when given) with a bolder,
    higher-contrast pattern.
    """
    colour = (cb_hex if (colourblind and cb_hex) else colour_hex).upper()
    for drawn in _NOTING:
        drawn.items.add((int(size), bool(colourblind)))
    return _item(garment, colour, pattern, int(size), bool(colourblind))


@surface_cache(budget_mb=32, group="clothing")     # the warm-up leaves ~22 MB: 1,190 items at 14 sizes
def _item(garment: str, colour_hex: str, pattern: str, size: int,
          colourblind: bool) -> pygame.Surface:
    if garment not in SHAPES:
        raise ValueError(f"unknown garment {garment!r}; expected one of {', '.join(GARMENTS)}")
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}; expected one of {', '.join(PATTERNS)}")
    check_size(size)
    base = hex_rgb(colour_hex)
    ss = supersample(size)
    big = size * ss
    outline = _outline_px(size) * ss
    pad = outline + ss
    pen = _Pen(pad, (big - 2 * pad) / 100.0)

    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    for prim in SHAPES[garment]:
        pen.draw(mask, prim, (255, 255, 255, 255))

    fill = pygame.Surface((big, big), pygame.SRCALPHA)
    fill.fill((*base, 255))
    # Small items get fewer, bigger motifs so dots, stars and checks still read.
    motif = 1.0 if size >= 96 else min(1.6, 1.0 + 0.45 * (96 - size) / 48)
    _draw_pattern(fill, pattern, pattern_colour(base, colourblind), _Pen(pen.o, pen.k * motif),
                  colourblind)
    for kind, prim, *cut in DETAILS.get(garment, []):
        if kind == "dim":
            _dim(fill, pen, prim, cut)
        else:
            pen.draw(fill, prim, _detail_colour(kind, base))
    fill.blit(_shading(big), (0, 0))
    _bevel(fill, mask, max(1, round(big * 0.022)))
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)  # clip to the silhouette
    return shrink(with_outline(fill, INK, outline), (size, size))


def item_art(item: Any, size: int, colourblind: bool = False,
             colours: Any = None) -> pygame.Surface:
    """item_surface for a catalogue item (object, dict or tuple; see look_of)."""
    look = look_of(item, colours)
    return item_surface(look.garment, look.hex, look.pattern, size, colourblind, look.cb_hex)


# ---------------------------------------------------------------- cards
CARD_BORDER: Colour = (214, 206, 196)
CARD_BACK: Colour = (196, 40, 104)
CARD_BACK_DARK: Colour = (128, 22, 76)
TICK_GREEN: Colour = (28, 168, 92)
CROSS_RED: Colour = (214, 48, 49)


def card_surface(garment: str, colour_hex: str, pattern: str, size: tuple[int, int], *,
                  label: str | None = None, colourblind: bool = False,
                  cb_hex: str | None = None) -> pygame.Surface:
    """A clothing card: rounded white card with the item big and an optional name."""
    return _card(garment, colour_hex, pattern, check_size(size), label, bool(colourblind), cb_hex)


# Drawn again first after a table let them go: a mall draws every card as it is built (MallScene._prewarm).
@surface_cache(budget_mb=24, group="clothing", refill_first=True)   # the warm-up leaves ~16 MB: 255 cards at 3 sizes
def _card(garment: str, colour_hex: str, pattern: str, size: tuple[int, int],
          label: str | None, colourblind: bool, cb_hex: str | None) -> pygame.Surface:
    w, h = size
    card = rounded_card((w, h), PAPER, CARD_BORDER)
    label_h = round(h * 0.16) if label else 0
    inner = max(4, int(min(w * 0.86, (h - label_h) * 0.86)))
    # The item drawn for this card only: the card keeps it, so caching it as well would hold
    # the same pixels twice (255 items, some 10 MB, after the title's warm-up).
    colour = (cb_hex if (colourblind and cb_hex) else colour_hex).upper()
    art = _item.__wrapped__(garment, colour, pattern, inner, colourblind)
    top = (h - label_h - inner) // 2 + (round(h * 0.02) if label else 0)
    card.blit(art, ((w - inner) // 2 - round(w * 0.012), top))
    if label:
        text = text_surface(label, round(label_h * 0.8), INK, max_width=int(w * 0.88))
        card.blit(text, ((w - text.get_width()) // 2,
                         h - label_h - round(h * 0.035) + (label_h - text.get_height()) // 2))
    return card


def item_card(item: Any, size: tuple[int, int], label: str | None = None,
              colourblind: bool = False, colours: Any = None) -> pygame.Surface:
    """card_surface for a catalogue item (object, dict or tuple; see look_of)."""
    look = look_of(item, colours)
    return card_surface(look.garment, look.hex, look.pattern, (size[0], size[1]), label=label,
                        colourblind=colourblind, cb_hex=look.cb_hex)


@lru_cache(maxsize=64)
def mark_surface(mark: str, size: int) -> pygame.Surface:
    """A round badge: green tick ('right'/'filled'), red cross ('wrong') or grey bar ('missing':
    wanted, never found)."""
    check_size(size)
    ss = supersample(size)
    big = size * ss
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    good = mark in ("right", "filled")
    if not good and mark not in ("wrong", "missing"):
        raise ValueError(f"unknown mark {mark!r}; expected 'right', 'wrong', 'missing' or 'filled'")
    fill = TICK_GREEN if good else CROSS_RED if mark == "wrong" else (112, 104, 100)
    pygame.draw.circle(surf, (255, 255, 255), (c, c), c - ss)
    pygame.draw.circle(surf, fill, (c, c), c - ss - big * 0.08)
    pen = _Pen(0, big / 100)
    if mark == "missing":
        pen._path(surf, [(28, 50), (72, 50)], 14, (255, 255, 255), closed=False)
    elif good:
        pen._path(surf, [(28, 52), (44, 67), (73, 35)], 12, (255, 255, 255), closed=False)
    else:
        pen._path(surf, [(32, 32), (68, 68)], 12, (255, 255, 255), closed=False)
        pen._path(surf, [(68, 32), (32, 68)], 12, (255, 255, 255), closed=False)
    return shrink(surf, (size, size))


TITLE_MIN_PX = 16   # an objective card's heading is left out when it would be drawn smaller


def _objective(looks: tuple[ItemLook, ...], bags: int, size: tuple[int, int],
               filled: tuple[bool, ...], marks: tuple[str | None, ...],
               colourblind: bool, title_text: str = "SHOPPING LIST") -> pygame.Surface:
    w, h = size
    card = rounded_card((w, h), (255, 247, 228), (226, 170, 60), border_ratio=0.02)
    head = round(h * 0.26)
    pad = round(min(w, h) * 0.05)
    bag = max(6, head - pad)
    for i in range(bags):
        card.blit(bag_icon(bag), (w - pad - (i + 1) * bag - i * round(bag * 0.1), pad // 2 + 2))
    if title_text and round(head * 0.5) >= TITLE_MIN_PX:   # smaller would not read from the sofa
        title = text_surface(title_text, round(head * 0.5), (176, 96, 24),
                             max_width=max(4, w - bags * bag - 3 * pad))
        card.blit(title, (pad + round(w * 0.01), pad // 2 + (bag - title.get_height()) // 2 + 2))
    n = max(1, len(looks))
    gap = round(w * 0.03)
    slot_w = (w - 2 * pad - (n - 1) * gap) // n
    slot_h = h - head - pad - round(h * 0.03)
    side = max(4, min(slot_w, slot_h))
    slot_w = min(slot_w, round(side * 1.2))  # no wide empty slots on a wide card
    left = (w - n * slot_w - (n - 1) * gap) // 2
    for i, look in enumerate(looks):
        x = left + i * (slot_w + gap)
        slot = pygame.Rect(x, head + (slot_h - side) // 2, slot_w, side)
        pygame.draw.rect(card, (255, 255, 255), slot, border_radius=max(2, side // 8))
        pygame.draw.rect(card, (236, 216, 180), slot, max(1, side // 40), border_radius=max(2, side // 8))
        art_side = max(4, int(side * 0.9))
        art = item_surface(look.garment, look.hex, look.pattern, art_side, colourblind, look.cb_hex)
        card.blit(art, (slot.centerx - art_side // 2, slot.centery - art_side // 2))
        badge = max(8, round(side * 0.36))
        mark = marks[i] if i < len(marks) else None
        if mark is None and i < len(filled) and filled[i]:
            mark = "filled"
        if mark is not None:
            card.blit(mark_surface(mark, badge), (slot.right - badge + badge // 6, slot.top - badge // 6))
    return card


@surface_cache(budget_mb=8, group="clothing")      # the warm-up leaves ~3 MB
def _objective_cached(looks: tuple[ItemLook, ...], bags: int, size: tuple[int, int],
                      filled: tuple[bool, ...], marks: tuple[str | None, ...],
                      colourblind: bool, title: str) -> pygame.Surface:
    return _objective(looks, bags, size, filled, marks, colourblind, title)


def objective_surface(items: Sequence[Any], bags: int, size: tuple[int, int],
                      filled: Sequence[bool] | None = None,
                      marks: Sequence[str | None] | None = None,
                      colourblind: bool = False, colours: Any = None,
                      title: str = "SHOPPING LIST") -> pygame.Surface:
    """An objective card: its 2 or 3 items and 1 or 2 bags (cached, shared).

    items: catalogue items, dicts or (garment, hex, pattern[, cb_hex]) tuples.
    filled: per item, ticked when True.  marks: per item 'right', 'wrong' or None
    (results screen; a mark wins over filled).  colours: see look_of.
    """
    looks = tuple(look_of(it, colours) for it in items)
    shape = (check_size(size), tuple(bool(f) for f in (filled or ())), tuple(marks or ()), bool(colourblind))
    for drawn in _NOTING:
        drawn.objectives.add((len(looks), *shape, title))
    return _objective_cached(looks, int(bags), shape[0], shape[1], shape[2], shape[3], title)


def objective_art(objective: Any, catalogue: Any, size: tuple[int, int],
                  filled: Sequence[bool] | None = None,
                  marks: Sequence[str | None] | None = None,
                  colourblind: bool = False, title: str = "SHOPPING LIST") -> pygame.Surface:
    """objective_surface for a catalogue Objective (.items ids, .bags) and its Catalogue.

    title: the card's heading ("SHOPPING LIST" in the Rush and Memory, "DRESSER" in Tidying Up).
    """
    items = [catalogue.items[i] for i in objective.items]
    return objective_surface(items, objective.bags, size, filled, marks, colourblind, catalogue, title)


def card_back_surface(size: tuple[int, int]) -> pygame.Surface:
    """The back of a clothing card: magenta with a diagonal weave and a bag badge."""
    return _card_back(check_size(size))


@lru_cache(maxsize=64)
def _card_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    card = rounded_card((w, h), CARD_BACK, (255, 255, 255), border_ratio=0.045)
    weave = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(4, round(min(w, h) * 0.14))
    for x in range(-h, w + h, step):
        pygame.draw.line(weave, (*CARD_BACK_DARK, 120), (x, 0), (x + h, h), max(1, step // 3))
    inset = round(min(w, h) * 0.09)
    clip = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset),
                     border_radius=max(1, round(min(w, h) * 0.06)))
    weave.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    card.blit(weave, (0, 0))
    badge = max(6, round(min(w, h) * 0.5))
    pygame.draw.circle(card, (255, 255, 255), (w // 2, h // 2), badge * 0.62)
    card.blit(bag_icon(badge), ((w - badge) // 2, (h - badge) // 2))
    return card


def pile_surface(count: int, size: tuple[int, int] | int, numbered: bool = True) -> pygame.Surface:
    """A stack of card backs whose height shows the count, with the count big on it (unless the
    caller badges the count itself: on a small pile a readable number would spill over the edge)."""
    return _pile(int(count), check_size(size), numbered)


@lru_cache(maxsize=128)
def _pile(count: int, size: tuple[int, int], numbered: bool = True) -> pygame.Surface:
    w, h = size
    if count < 0:
        raise ValueError(f"a pile cannot hold {count} cards")
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    layers = min(count, 10)
    step = max(1.0, h * 0.035)
    card_w = round(w * 0.8)
    card_h = max(4, round(h - 10 * step - h * 0.04))
    back = card_back_surface((card_w, card_h))
    edge = rounded_card((card_w, card_h), (236, 230, 222), (150, 120, 130), shadow=False)
    bottom = h - card_h - round(h * 0.02)
    for i in range(max(0, layers - 1)):
        out.blit(edge, ((w - card_w) // 2, round(bottom - i * step)))
    if layers:
        top = round(bottom - (layers - 1) * step)
        out.blit(back, ((w - card_w) // 2, top))
    if layers and numbered:
        number = outlined_text(str(count), round(card_h * 0.55), (255, 255, 255), INK,
                               width=max(2, round(card_h * 0.04)))
        out.blit(number, (w - number.get_width() - round(w * 0.02),
                          min(h - number.get_height(), top + card_h - number.get_height() + round(h * 0.06))))
    return out


def warm(items: Sequence[Any], sizes: Sequence[int], colourblind: bool = False,
         colours: Any = None) -> int:
    """Draw items ahead of time (e.g. during a countdown) so no frame pays for it.

    Returns how many item surfaces are now cached for these sizes.
    """
    count = 0
    for item in items:
        for size in sizes:
            item_art(item, size, colourblind, colours)
            count += 1
    return count
