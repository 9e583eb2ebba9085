"""Shared small art drawn by code: colour helpers, seat shapes, star, bag.

Everything returned by a public function here is cached by its arguments and
shared: callers must blit it, never draw on it.  Art is drawn at a larger
"supersampled" size and smoothed down, which gives clean anti-aliased edges
without needing image files.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import math
from functools import lru_cache

import pygame

from game.render.surface_cache import surface_cache
from game.render.text import NARROWEST, TEXT_MIN_PX, GameFont, bar_px, min_font_size

if TYPE_CHECKING:
    from typing import Sequence

Colour = tuple[int, int, int]

INK: Colour = (32, 26, 46)  # the one dark outline colour of the whole art set
PAPER: Colour = (252, 250, 245)
GOLD: Colour = (255, 196, 40)
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")


# ---------------------------------------------------------------- colours
def hex_rgb(value: str) -> Colour:
    """'#RRGGBB' (or 'RRGGBB') to an (r, g, b) tuple; a clear error otherwise."""
    text = value.strip().lstrip("#")
    if len(text) != 6:
        raise ValueError(f"not a #RRGGBB colour: {value!r}")
    try:
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        raise ValueError(f"not a #RRGGBB colour: {value!r}") from None


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend colour a towards b by t (0 = a, 1 = b)."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def luminance(c: Colour) -> float:
    """Perceived brightness 0..1 (Rec. 709 weights on sRGB values)."""
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255.0


def contrast_ink(c: Colour) -> Colour:
    """Dark ink on light colours, near-white on dark ones."""
    return INK if luminance(c) > 0.55 else PAPER


def supersample(size: int) -> int:
    """How many times larger to draw before smoothing down (small art needs more)."""
    return 4 if size <= 40 else 3 if size <= 96 else 2


# ---------------------------------------------------------------- fonts
# A Font costs ~150 KB and ~1.5 ms to open; the table alone asks for ~60 sizes, and a session
# (menus, both games, results) for more than 64, which evicted fonts a later frame opened again.
@lru_cache(maxsize=128)
def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return GameFont(px)


def font(px: int) -> pygame.font.Font:
    """The game's typeface at a game size number (cached; initialises the font module).

    A Font made before pygame.font was quit (pygame.quit() between tests, a
    display restart) raises "Invalid font" forever after, so a dead cached one
    empties the cache and is made again.
    """
    px = max(min_font_size(), int(px))   # never under the sofa bar (one font for every size under it)
    cached = _font(px)
    try:
        cached.get_height()
    except pygame.error:
        _font.cache_clear()
        cached = _font(px)
    return cached


font.cache_clear = _font.cache_clear  # type: ignore[attr-defined]  # callers still clear it by hand


def _colour_key(colour: Sequence[int] | pygame.Color) -> tuple[int, ...]:
    """A hashable cache key for a colour given as a tuple, list or pygame.Color."""
    return tuple(int(c) for c in colour)


def text_surface(text: str, px: int, colour: Colour, max_width: int | None = None) -> pygame.Surface:
    """Rendered text, shrunk to fit max_width when given (cached and shared: blit it, never draw on it).

    Cached because tables and HUDs ask for the same labels every frame and a
    fresh font.render each time was the largest cost of the 6-player table's
    slowest frames; the LRU bound keeps changing numbers from growing memory.
    """
    return _text(str(text), int(px), _colour_key(colour), None if max_width is None else int(max_width))


@lru_cache(maxsize=256)
def _text(text: str, px: int, colour: tuple[int, ...], max_width: int | None) -> pygame.Surface:
    surf = font(px).render(text, True, colour)
    if max_width is not None and surf.get_width() > max_width > 0:
        surf = pygame.transform.smoothscale(surf, _fitted(surf.get_size(), max_width, bar_px(font(px))))
    return surf


def _fitted(size: tuple[int, int], max_width: int, font_px: float, narrow: bool = False) -> tuple[int, int]:
    """The size a text of `size` is scaled to for max_width: evenly down to TEXT_MIN_PX (or not
    at all when `narrow`), then only narrower, to NARROWEST; still too wide, it keeps that width and
    the layout must make room (the readability tests find it), never a text under the sofa bar."""
    w, h = size
    scale = 1.0 if narrow else min(1.0, max(max_width / w, TEXT_MIN_PX / font_px))
    return max(max_width, math.ceil(w * scale * NARROWEST)), max(1, math.ceil(h * scale - 1e-6))   # never rounded under


def outlined_text(text: str, px: int, colour: Colour, outline: Colour = INK,
                  width: int = 2, max_width: int | None = None, narrow: bool = False) -> pygame.Surface:
    """Text with a solid outline around it, readable over any background (cached, shared).

    Wider than max_width it shrinks to fit; with `narrow` only its width shrinks (the callers keep
    that to NARROWEST), so its height stays at the sofa bar."""
    return _outlined(str(text), int(px), _colour_key(colour), _colour_key(outline), int(width),
                     None if max_width is None else int(max_width), narrow)



@surface_cache(budget_mb=6)   # ~2.6 MB after the warm-up; a session's results count scores up (an entry count
#                             of 256 evicted them before they were shown again)
def _outlined(text: str, px: int, colour: tuple[int, ...], outline: tuple[int, ...], width: int,
              max_width: int | None, narrow: bool = False) -> pygame.Surface:
    # Rendered here rather than through text_surface: the parts would only fill its cache twice over.
    inner = font(px).render(text, True, colour)
    edge = font(px).render(text, True, outline)
    out = pygame.Surface((inner.get_width() + 2 * width, inner.get_height() + 2 * width),
                         pygame.SRCALPHA)
    for dx, dy in ring_offsets(width):
        out.blit(edge, (width + dx, width + dy))
    out.blit(inner, (width, width))
    if max_width is not None and out.get_width() > max_width > 0:
        out = pygame.transform.smoothscale(out, _fitted(out.get_size(), max_width, bar_px(font(px)), narrow))
    return out


# ---------------------------------------------------------------- geometry
def ring_offsets(radius: float, steps: int | None = None) -> list[tuple[int, int]]:
    """Offsets on a circle, used to grow a shape into an outline by stamping it."""
    if radius <= 0:
        return []
    steps = steps or max(8, int(radius * 6))
    pts = []
    for i in range(steps):
        a = 2 * math.pi * i / steps
        p = (round(math.cos(a) * radius), round(math.sin(a) * radius))
        if p not in pts:
            pts.append(p)
    return pts


def star_points(cx: float, cy: float, r_out: float, r_in: float, points: int = 5,
                rotation: float = -math.pi / 2) -> list[tuple[float, float]]:
    """Vertices of a star polygon centred on (cx, cy)."""
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rotation + math.pi * i / points
        pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    return pts


def regular_polygon(cx: float, cy: float, r: float, sides: int,
                    rotation: float = -math.pi / 2) -> list[tuple[float, float]]:
    return [(cx + math.cos(rotation + 2 * math.pi * i / sides) * r,
             cy + math.sin(rotation + 2 * math.pi * i / sides) * r) for i in range(sides)]


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """Polygon of a seat shape (None for the circle, which is drawn as a circle)."""
    if shape == "circle":
        return None
    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return regular_polygon(cx, cy + r * 0.18, r * 1.12, 3)
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.82, cy), (cx, cy + r), (cx - r * 0.82, cy)]
    if shape == "star":
        return star_points(cx, cy + r * 0.06, r * 1.08, r * 0.5)
    if shape == "hexagon":
        return regular_polygon(cx, cy, r, 6, rotation=0.0)
    raise ValueError(f"unknown seat shape {shape!r}; expected one of {', '.join(SEAT_SHAPES)}")


def draw_shape(target: pygame.Surface, shape: str, colour: Colour | tuple[int, int, int, int], cx: float, cy: float,
               r: float, width: int = 0) -> None:
    """Draw a seat shape filled (width 0) or as an outline."""
    pts = shape_points(shape, cx, cy, r)
    if pts is None:
        pygame.draw.circle(target, colour, (cx, cy), r, width)
    else:
        pygame.draw.polygon(target, colour, pts, width)


@lru_cache(maxsize=32)
def _disk(radius: int) -> pygame.mask.Mask:
    surf = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    pygame.draw.circle(surf, (255, 255, 255), (radius, radius), radius + 0.5)
    return pygame.mask.from_surface(surf, 1)


def with_outline(fill: pygame.Surface, colour: Colour, radius: float) -> pygame.Surface:
    """fill over a copy of its shape grown by radius: a clean outside outline.

    The growth is a mask convolution with a disk (one C call), many times faster
    than stamping the shape around a circle.
    """
    r = max(1, round(radius))
    grown = pygame.mask.from_surface(fill, 64).convolve(_disk(r), None, (-r, -r))
    clipped = pygame.mask.Mask(fill.get_size())
    clipped.draw(grown, (0, 0))
    out = clipped.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
    out.blit(fill, (0, 0))
    return out


def shrink(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Smooth a supersampled drawing down to its final size."""
    if surf.get_size() == size:
        return surf
    return pygame.transform.smoothscale(surf, size)


def rounded_card(size: tuple[int, int], fill: Colour, border: Colour | None = None,
                 radius_ratio: float = 0.09, border_ratio: float = 0.025,
                 shadow: bool = True) -> pygame.Surface:
    """A rounded card shape with an optional border and a soft shadow under it."""
    w, h = size
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(2, round(min(w, h) * radius_ratio))
    sh = max(1, round(min(w, h) * 0.025)) if shadow else 0
    body = pygame.Rect(0, 0, w - sh, h - sh)
    if sh:
        pygame.draw.rect(out, (0, 0, 0, 80), body.move(sh, sh), border_radius=r)
    if border is not None:
        pygame.draw.rect(out, border, body, border_radius=r)
        bw = max(1, round(min(w, h) * border_ratio))
        pygame.draw.rect(out, fill, body.inflate(-2 * bw, -2 * bw), border_radius=max(1, r - bw))
    else:
        pygame.draw.rect(out, fill, body, border_radius=r)
    return out


def _size2(size: int | tuple[int, int]) -> tuple[int, int]:
    if isinstance(size, int):
        return (size, size)
    return (int(size[0]), int(size[1]))


def check_size(size: int | tuple[int, int]) -> tuple[int, int]:
    """Validate a requested size (positive pixels) and return it as (w, h)."""
    w, h = _size2(size)
    if w <= 0 or h <= 0:
        raise ValueError(f"art size must be positive, got {size!r}")
    return (w, h)


def _canvas(size: int, outline_share: float) -> tuple[int, int, float, pygame.Surface]:
    """A transparent supersampled square for an icon `size` px wide: (supersampling, its side,
    the outline's width in it for an outline `outline_share` of the icon, the surface)."""
    check_size(size)
    ss = supersample(size)
    big = size * ss
    return ss, big, max(1.0, size * outline_share) * ss, pygame.Surface((big, big), pygame.SRCALPHA)


# ---------------------------------------------------------------- public icons
def seat_shape_surface(shape: str, colour_hex: str, size: int) -> pygame.Surface:
    """A seat's shape filled in its colour with a dark outline (square, transparent)."""
    return _seat_shape(shape, colour_hex.upper(), int(size))


@lru_cache(maxsize=256)
def _seat_shape(shape: str, colour_hex: str, size: int) -> pygame.Surface:
    ss, big, outline, fill = _canvas(size, 0.06)
    r = big / 2 - outline - ss
    colour = hex_rgb(colour_hex)
    draw_shape(fill, shape, colour, big / 2, big / 2, r)
    # A soft highlight on the upper part gives the flat shape some volume.
    # Drawn on its own layer so the blit blends it (draw calls would replace pixels).
    light = pygame.Surface((big, big), pygame.SRCALPHA)
    draw_shape(light, shape, (255, 255, 255, 70), big / 2, big / 2 - r * 0.12, r * 0.72)
    fill.blit(light, (0, 0))
    return shrink(with_outline(fill, INK, outline), (size, size))


def star_icon(size: int, colour_hex: str = "#FFC428") -> pygame.Surface:
    """A gold five-pointed star with an outline and a shine (cached, shared)."""
    return _star(int(size), colour_hex.upper())


@lru_cache(maxsize=64)
def _star(size: int, colour_hex: str) -> pygame.Surface:
    ss, big, outline, fill = _canvas(size, 0.06)
    c = big / 2
    r = c - outline - ss
    colour = hex_rgb(colour_hex)
    pygame.draw.polygon(fill, colour, star_points(c, c + r * 0.06, r, r * 0.48))
    pygame.draw.polygon(fill, mix(colour, (255, 255, 255), 0.5),
                        star_points(c - r * 0.08, c - r * 0.06, r * 0.42, r * 0.2))
    return shrink(with_outline(fill, INK, outline), (size, size))


def bag_icon(size: int, colour_hex: str = "#E8457A") -> pygame.Surface:
    """A shopping bag with two handles, the points of a Sold Out! objective (cached)."""
    return _bag(int(size), colour_hex.upper())


@lru_cache(maxsize=64)
def _bag(size: int, colour_hex: str) -> pygame.Surface:
    ss, big, outline, fill = _canvas(size, 0.05)
    u = big / 100.0
    colour = hex_rgb(colour_hex)
    handle_w = max(2, round(7 * u))
    pygame.draw.arc(fill, mix(colour, INK, 0.35), pygame.Rect(30 * u, 10 * u, 40 * u, 44 * u),
                    0, math.pi, handle_w)
    body = [(18 * u, 34 * u), (82 * u, 34 * u), (88 * u, 92 * u), (12 * u, 92 * u)]
    pygame.draw.polygon(fill, colour, body)
    pygame.draw.polygon(fill, mix(colour, INK, 0.25),
                        [(62 * u, 34 * u), (82 * u, 34 * u), (88 * u, 92 * u), (66 * u, 92 * u)])
    pygame.draw.rect(fill, mix(colour, (255, 255, 255), 0.35),
                     pygame.Rect(18 * u, 34 * u, 64 * u, 9 * u))
    for x in (36, 64):
        pygame.draw.circle(fill, INK, (x * u, 48 * u), 3.2 * u)
    pygame.draw.polygon(fill, (255, 255, 255), star_points(40 * u, 70 * u, 11 * u, 5 * u))
    return shrink(with_outline(fill, INK, outline), (size, size))


def bot_icon(size: int, colour_hex: str = "#C9B8A6") -> pygame.Surface:
    """A robot's head (a bot plays this seat) where the word BOT has no room (cached, shared)."""
    return _bot(int(size), colour_hex.upper())


@lru_cache(maxsize=16)
def _bot(size: int, colour_hex: str) -> pygame.Surface:
    ss, big, outline, fill = _canvas(size, 0.06)
    u = big / 100.0
    colour = hex_rgb(colour_hex)
    pygame.draw.line(fill, colour, (50 * u, 8 * u), (50 * u, 28 * u), max(2, round(7 * u)))
    pygame.draw.circle(fill, colour, (50 * u, 10 * u), 9 * u)
    pygame.draw.rect(fill, colour, pygame.Rect(12 * u, 26 * u, 76 * u, 62 * u), border_radius=round(16 * u))
    for x in (34, 66):
        pygame.draw.circle(fill, INK, (x * u, 52 * u), 9 * u)
    pygame.draw.rect(fill, INK, pygame.Rect(32 * u, 70 * u, 36 * u, 7 * u), border_radius=round(3 * u))
    return shrink(with_outline(fill, INK, outline), (size, size))
