"""How a team looks: its emblem (the team's letter on its colour), the band round each member's
shopper on the map, and the patterned border of each member's panel (assets/teams.toml).

A team is told apart by its letter, its pattern (solid, stripes, dots) and its lightness before
its hue, so the marks read the same with the colour-blind setting on or off. Every mark is
outlined (dark, or light round the dark team) so it shows on the light floor and the dark panels.
Everything returned is cached by its arguments and shared: blit it, never draw on it.
"""
from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import asset
from game.render.icons import INK, PAPER, hex_rgb, luminance, outlined_text, supersample

TEAMS_FILE = asset("teams.toml")
PATTERNS = ("solid", "stripes", "dots")
EMBLEM_TEXT = 24      # the letter's game size: the sofa bar's least (16 px)

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class TeamLook:
    letter: str
    colour: Colour
    ink: Colour           # the letter and the pattern
    pattern: str

    @property
    def outline(self) -> Colour:
        """Round every mark: dark, but light round a dark team (it would vanish into the ink)."""
        return PAPER if luminance(self.colour) < 0.15 else INK


@lru_cache(maxsize=1)
def looks() -> tuple[TeamLook, ...]:
    data = tomllib.loads(TEAMS_FILE.read_text(encoding="utf-8"))
    out = []
    for entry in data["team"]:
        if entry["pattern"] not in PATTERNS:
            raise ValueError(f"{TEAMS_FILE}: unknown pattern {entry['pattern']!r}; expected one of {', '.join(PATTERNS)}")
        out.append(TeamLook(str(entry["letter"]), hex_rgb(entry["colour"]), hex_rgb(entry["ink"]), entry["pattern"]))
    return tuple(out)


def look(team: int) -> TeamLook:
    return looks()[team % len(looks())]


# ---------------------------------------------------------------- the emblem
@lru_cache(maxsize=64)
def emblem(team: int, size: int) -> pygame.Surface:
    """The team's letter on its colour: a rounded square `size` px high, a little wider when the
    letter at the sofa bar's size needs it."""
    t = look(team)
    letter = outlined_text(t.letter, EMBLEM_TEXT, t.ink, t.colour, width=1)
    w = max(size, letter.get_width() + 6)
    h = max(size, letter.get_height() - 4)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(3, h // 4)
    pygame.draw.rect(surf, t.outline, rect, border_radius=radius)
    pygame.draw.rect(surf, t.colour, rect.inflate(-4, -4), border_radius=radius - 1)
    _pattern(surf, t, rect.inflate(-4, -4), step=max(6, h // 3), mask_radius=radius - 1, light=True)
    surf.blit(letter, letter.get_rect(center=(w // 2, h // 2 + 1)))
    return surf


# ---------------------------------------------------------------- the band round a shopper
@lru_cache(maxsize=64)
def ring(team: int, width: int, height: int, thickness: int) -> pygame.Surface:
    """An elliptical band `thickness` px wide in the team's colour and pattern, outlined, that fits
    a width x height box (drawn round a shopper's shadow)."""
    t = look(team)
    k = supersample(max(width, height))
    big = pygame.Surface((width * k, height * k), pygame.SRCALPHA)
    outer = big.get_rect()
    band = thickness * k
    pygame.draw.ellipse(big, t.outline, outer)
    pygame.draw.ellipse(big, t.colour, outer.inflate(-2 * k, -2 * k))
    cx, cy = outer.center
    a, b = (outer.w - 2 * k - band) / 2, (outer.h - 2 * k - band) / 2   # the band's middle line
    if t.pattern == "stripes":     # short bars across the band, evenly round it
        for x0, y0, nx, ny in _along_ellipse(a, b, 9 * k):
            half = band / 2
            pygame.draw.line(big, t.ink, (cx + x0 - nx * half, cy + y0 - ny * half),
                             (cx + x0 + nx * half, cy + y0 + ny * half), max(2, round(band * 0.45)))
    elif t.pattern == "dots":
        for x0, y0, _nx, _ny in _along_ellipse(a, b, 8 * k):
            pygame.draw.circle(big, t.ink, (cx + x0, cy + y0), max(2, band * 0.3))
    hole = outer.inflate(-2 * (band + k), -2 * (band + k))
    pygame.draw.ellipse(big, t.outline, hole.inflate(2 * k, 2 * k))
    pygame.draw.ellipse(big, (0, 0, 0, 0), hole)
    return pygame.transform.smoothscale(big, (width, height))


def _along_ellipse(a: float, b: float, spacing: float) -> list[tuple[float, float, float, float]]:
    """Points about `spacing` apart on an ellipse of half-axes a, b, with the outward normal at each."""
    steps = 720
    pts = [(a * math.cos(2 * math.pi * i / steps), b * math.sin(2 * math.pi * i / steps)) for i in range(steps + 1)]
    length = sum(math.dist(pts[i], pts[i + 1]) for i in range(steps))
    count = max(6, round(length / spacing))
    out, walked, at = [], 0.0, 0
    for i in range(steps):
        seg = math.dist(pts[i], pts[i + 1])
        while walked + seg >= at * length / count and at < count:
            x, y = pts[i]
            nx, ny = x / (a * a), y / (b * b)
            d = math.hypot(nx, ny) or 1.0
            out.append((x, y, nx / d, ny / d))
            at += 1
        walked += seg
    return out


# ---------------------------------------------------------------- the border of a panel
@lru_cache(maxsize=32)
def border(team: int, size: tuple[int, int], thickness: int, radius: int) -> pygame.Surface:
    """A rounded frame `thickness` px wide in the team's colour and pattern, outlined inside and out."""
    t = look(team)
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    surf.fill(t.colour)
    if t.pattern == "dots":       # a row of dots along the middle of each side
        step, mid, r = thickness * 2, thickness / 2, max(1.5, thickness * 0.28)
        for across in range(radius, w - radius + 1, step):
            for edge in (mid, h - mid):
                pygame.draw.circle(surf, t.ink, (across, edge), r)
        for down in range(radius, h - radius + 1, step):
            for edge in (mid, w - mid):
                pygame.draw.circle(surf, t.ink, (edge, down), r)
    else:   # stripes: thin and far apart, so the band still reads as its colour
        _pattern(surf, t, rect, step=max(12, thickness * 3))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    pygame.draw.rect(mask, (0, 0, 0, 0), rect.inflate(-2 * thickness, -2 * thickness),
                     border_radius=max(0, radius - thickness))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.rect(surf, t.outline, rect, 2, border_radius=radius)
    pygame.draw.rect(surf, t.outline, rect.inflate(-2 * thickness + 2, -2 * thickness + 2), 2,
                     border_radius=max(0, radius - thickness + 1))
    return surf


def _pattern(surf: pygame.Surface, t: TeamLook, rect: pygame.Rect, step: int, mask_radius: int = 0,
             light: bool = False) -> None:
    """The team's pattern over `rect` of `surf` (stripes run diagonally, dots in a grid). `light`:
    a faint pattern under a letter (the letter must stay the clearest thing on it)."""
    if t.pattern == "solid":
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    ink = (*t.ink, 90 if light else 255)
    if t.pattern == "stripes":
        width = max(2, step // 4)
        for x in range(-rect.h, rect.w + rect.h, step):
            pygame.draw.line(layer, ink, (x, rect.h), (x + rect.h, 0), width)
    else:
        r = max(1, step // 5)
        for y in range(step // 2, rect.h, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, rect.w, step):
                pygame.draw.circle(layer, ink, (x, y), r)
    if mask_radius:
        mask = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=mask_radius)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(layer, rect)
