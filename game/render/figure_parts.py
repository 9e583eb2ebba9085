"""The parts of a drawn shopper: torso, head, face, hair, hats and signature items.

Drawn with pygame.draw at figure.py's supersampled size (a `Frame` gives the unit and the places),
so every part is vector art drawn at the size it is shown. x grows the way the shopper faces.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.render.cast import Character
from game.render.icons import INK, PAPER, Colour, draw_shape, hex_rgb, mix
from game.render.poses import Pose

Point = tuple[float, float]
BLUSH = (240, 120, 120)
TONGUE = (226, 92, 98)
STRAW = (232, 201, 122)
SHOE = (48, 40, 58)
EXCLAIM = (255, 196, 40)        # the surprise's "!"
CARD_STRIPE = (232, 69, 122)    # the face of a card being browsed


@dataclass(frozen=True, slots=True)
class Frame:
    """Where one frame's parts go on the canvas (canvas px): u is one shopper size."""

    u: float
    line: float            # the inner ink lines' width
    head: Point
    r: float               # the head's radius
    torso: pygame.Rect
    shoulders: tuple[Point, Point]   # back, front
    hands: tuple[Point, Point]
    hips: tuple[Point, Point]
    feet: tuple[Point, Point]


def arc_points(cx: float, cy: float, r: float, start: float, end: float, n: int = 14) -> list[Point]:
    """Points on a circle from `start` to `end` degrees (0: forwards, 90: up)."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * i / n)),
             cy - r * math.sin(math.radians(start + (end - start) * i / n))) for i in range(n + 1)]


def inked_polygon(surf: pygame.Surface, colour: Colour, points: list[Point], line: float) -> None:
    pygame.draw.polygon(surf, colour, points)
    pygame.draw.polygon(surf, INK, points, max(1, round(line)))


def inked_circle(surf: pygame.Surface, colour: Colour, centre: Point, r: float, line: float) -> None:
    pygame.draw.circle(surf, colour, centre, r)
    pygame.draw.circle(surf, INK, centre, r, max(1, round(line)))


def inked_line(surf: pygame.Surface, colour: Colour, a: Point, b: Point, width: float, line: float) -> None:
    """A thick stroke with round ends in `colour`, edged in ink (arms, legs, straps)."""
    for c, w in ((INK, width + 2 * line), (colour, width)):
        pygame.draw.line(surf, c, a, b, max(1, round(w)))
        for end in (a, b):
            pygame.draw.circle(surf, c, end, w / 2)


# ---------------------------------------------------------------- torso and badge
def torso_points(build: str, rect: pygame.Rect) -> list[Point]:
    """The torso's outline for its build (a round build is drawn as an ellipse instead)."""
    x, y, w, h = rect
    if build == "pear":
        return [(x + w * 0.2, y), (x + w * 0.8, y), (x + w, y + h * 0.8), (x + w * 0.85, y + h),
                (x + w * 0.15, y + h), (x, y + h * 0.8)]
    if build == "wedge":
        return [(x, y + h * 0.08), (x + w * 0.1, y), (x + w * 0.9, y), (x + w, y + h * 0.08),
                (x + w * 0.82, y + h), (x + w * 0.18, y + h)]
    corner = w * (0.3 if build == "slim" else 0.16)
    return [(x + corner, y), (x + w - corner, y), (x + w, y + corner), (x + w, y + h), (x, y + h), (x, y + corner)]


def draw_torso(surf: pygame.Surface, c: Character, f: Frame, shirt: Colour, pattern: int | None) -> None:
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    if c.build == "round":
        pygame.draw.ellipse(layer, shirt, f.torso)
    else:
        pygame.draw.polygon(layer, shirt, torso_points(c.build, f.torso))
    if pattern is not None:
        _pattern(layer, f, shirt, pattern)
    surf.blit(layer, (0, 0))
    if c.build == "round":
        pygame.draw.ellipse(surf, INK, f.torso, max(1, round(f.line)))
    else:
        pygame.draw.polygon(surf, INK, torso_points(c.build, f.torso), max(1, round(f.line)))


def _pattern(layer: pygame.Surface, f: Frame, shirt: Colour, kind: int) -> None:
    """Colour-blind mode: the shirt wears its seat's pattern too (stripes, dots...), a second cue
    beside the badge. Drawn only where the shirt is (the layer's own alpha)."""
    mask = pygame.mask.from_surface(layer, 1)
    ink = mix(shirt, INK, 0.55) if sum(shirt) > 300 else mix(shirt, PAPER, 0.6)
    band = max(2, round(f.u * 0.07))
    t = f.torso
    stripes = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    stripes.blit(layer, (0, 0))
    kind %= 6
    if kind in (1, 4):
        for y in range(t.top + band, t.bottom, band * 2):
            pygame.draw.rect(stripes, ink, (t.x, y, t.w, band))
    if kind in (2, 4):
        for x in range(t.left + band, t.right, band * 2):
            pygame.draw.rect(stripes, ink, (x, t.y, band, t.h))
    if kind == 3:
        for k in range(-t.h, t.w, band * 2):
            pygame.draw.line(stripes, ink, (t.x + k, t.bottom), (t.x + k + t.h, t.top), band)
    if kind in (0, 5):
        step = band * (2 if kind == 0 else 3)
        for y in range(t.top + band, t.bottom, step):
            for x in range(t.left + band + (y // step % 2) * band, t.right, step):
                pygame.draw.circle(stripes, ink, (x, y), band * (0.55 if kind == 0 else 0.8))
    layer.fill((0, 0, 0, 0))
    layer.blit(mask.to_surface(setsurface=stripes, unsetcolor=(0, 0, 0, 0)), (0, 0))


def draw_badge(surf: pygame.Surface, f: Frame, shape: str, colour: Colour) -> None:
    """The seat's shape on a white disc on the chest: who this is, without colour."""
    t = f.torso
    r = max(f.u * 0.17, min(t.w * 0.46, t.h * 0.42, f.u * 0.26))    # as big as the chest allows: read at TV distance
    centre = (t.centerx, t.bottom - max(r * 1.08, t.h * 0.48))
    inked_circle(surf, PAPER, centre, r, f.line * 0.8)
    draw_shape(surf, shape, colour, centre[0], centre[1], r * 0.72)
    draw_shape(surf, shape, INK, centre[0], centre[1], r * 0.72, max(1, round(f.line * 0.7)))


# ---------------------------------------------------------------- head and face
def draw_face(surf: pygame.Surface, f: Frame, skin: Colour, p: Pose) -> None:
    hx, hy = f.head
    r, line = f.r, f.line
    inked_circle(surf, skin, (hx + r * 0.92, hy + r * 0.12), r * 0.17, line * 0.7)   # the nose: which way it faces
    pygame.draw.circle(surf, BLUSH, (hx + r * 0.5, hy + r * 0.38), r * 0.13)
    for ex in (hx + r * 0.12, hx + r * 0.58):
        _eye(surf, p.eyes, (ex, hy - r * 0.08), r, line)
    _mouth(surf, p.mouth, (hx + r * 0.42, hy + r * 0.48), r, line)


def _eye(surf: pygame.Surface, kind: str, at: Point, r: float, line: float) -> None:
    x, y = at
    w = max(1, round(line * 0.9))
    if kind == "blink":
        pygame.draw.line(surf, INK, (x - r * 0.12, y), (x + r * 0.12, y), w)
    elif kind == "wide":
        inked_circle(surf, PAPER, at, r * 0.2, line * 0.6)
        pygame.draw.circle(surf, INK, (x + r * 0.04, y), r * 0.09)
    elif kind == "happy":
        pygame.draw.arc(surf, INK, (x - r * 0.14, y - r * 0.08, r * 0.28, r * 0.26), 0, math.pi, w)
    elif kind == "sad":
        pygame.draw.circle(surf, INK, (x, y + r * 0.04), r * 0.1)
        pygame.draw.line(surf, INK, (x - r * 0.15, y - r * 0.16), (x + r * 0.12, y - r * 0.26), w)
    else:   # open; "look": up and forwards, at a card or around
        dx, dy = (r * 0.05, -r * 0.06) if kind == "look" else (0.0, 0.0)
        pygame.draw.circle(surf, INK, (x + dx, y + dy), r * 0.14)
        pygame.draw.circle(surf, PAPER, (x + dx + r * 0.04, y + dy - r * 0.04), r * 0.04)


def _mouth(surf: pygame.Surface, kind: str, at: Point, r: float, line: float) -> None:
    x, y = at
    w = max(1, round(line * 0.9))
    if kind == "grin":
        pts = arc_points(x, y - r * 0.06, r * 0.26, 180, 360)
        pygame.draw.polygon(surf, INK, pts)
        pygame.draw.circle(surf, TONGUE, (x, y + r * 0.1), r * 0.09)
    elif kind == "o":
        pygame.draw.ellipse(surf, INK, (x - r * 0.1, y - r * 0.1, r * 0.2, r * 0.24))
    elif kind == "frown":
        pygame.draw.arc(surf, INK, (x - r * 0.2, y, r * 0.4, r * 0.3), 0.2, math.pi - 0.2, w)
    elif kind == "flat":
        pygame.draw.line(surf, INK, (x - r * 0.14, y + r * 0.04), (x + r * 0.14, y + r * 0.04), w)
    else:
        pygame.draw.arc(surf, INK, (x - r * 0.2, y - r * 0.2, r * 0.4, r * 0.3), math.pi + 0.3, 2 * math.pi - 0.3, w)


# ---------------------------------------------------------------- hair
def draw_hair_back(surf: pygame.Surface, c: Character, f: Frame, swing: float) -> None:
    """Hair behind the head (and, for long hair, behind the shoulders)."""
    hx, hy = f.head
    r, line = f.r, f.line
    hair = hex_rgb(c.hair)
    if c.hair_style == "afro":
        inked_circle(surf, hair, (hx - r * 0.12, hy - r * 0.32), r * 1.55, line)
    elif c.hair_style == "bun":
        inked_circle(surf, hair, (hx - r * 0.62 - swing * r * 0.05, hy - r * 0.82), r * 0.42, line)
    elif c.hair_style == "buns":
        for dx in (-0.68, 0.5):
            inked_circle(surf, hair, (hx + r * dx, hy - r * 0.86), r * 0.36, line)
    elif c.hair_style == "long":
        sway = swing * r * 0.18
        inked_polygon(surf, hair, [(hx - r * 1.02, hy - r * 0.3), (hx + r * 0.2, hy - r * 0.5),
                                   (hx + r * 0.3 + sway, hy + r * 1.45), (hx - r * 1.15 + sway, hy + r * 1.5)], line)


def draw_hair_front(surf: pygame.Surface, c: Character, f: Frame) -> None:
    """The hair over the top of the head: a cap with a fringe, spikes, tufts, a beard."""
    hx, hy = f.head
    r, line = f.r, f.line
    hair = hex_rgb(c.hair)
    if c.beard:
        inked_polygon(surf, hair, arc_points(hx, hy, r * 1.03, -5, -150) + [(hx + r * 0.1, hy + r * 0.3),
                                                                           (hx + r * 0.78, hy + r * 0.25)], line)
    if c.hair_style in ("bald", "afro"):   # an afro is all behind the face: the face stays open
        return
    cap = arc_points(hx, hy, r * 1.06, 25, 205)
    fringe = [(hx - r * 0.95, hy + r * 0.05), (hx - r * 0.3, hy - r * 0.42), (hx + r * 0.2, hy - r * 0.55),
              (hx + r * 0.78, hy - r * 0.52)]
    if c.hair_style == "spiky":
        spikes = []
        for k in range(6):
            a0, a1 = 30 + k * 28, 30 + (k + 0.5) * 28
            spikes += [arc_points(hx, hy, r * 1.02, a0, a0, 1)[0], arc_points(hx, hy, r * 1.7, a1, a1, 1)[0]]
        cap = spikes + [arc_points(hx, hy, r * 1.02, 198, 198, 1)[0]]
    elif c.hair_style == "tufts":
        cap = arc_points(hx, hy, r * 1.04, 40, 200)
        for a in (20, 200):
            tip = arc_points(hx, hy, r * 1.3, a - 12, a - 12, 1)[0]
            base = arc_points(hx, hy, r * 0.95, a, a + 25, 2)
            inked_polygon(surf, hair, [base[0], tip, base[-1]], line)
    inked_polygon(surf, hair, cap + fringe[::-1], line)


# ---------------------------------------------------------------- hats
def draw_hat(surf: pygame.Surface, c: Character, f: Frame, shirt: Colour) -> None:
    """A hat in the seat's colour (a second patch of it, high up where a crowd still shows it)."""
    hx, hy = f.head
    r, line = f.r, f.line
    if c.hat == "cap":
        top = hy - r * 0.36
        inked_polygon(surf, shirt, arc_points(hx, top, r * 1.0, 0, 180), line)
        inked_polygon(surf, mix(shirt, INK, 0.25), [(hx + r * 0.6, top - r * 0.1), (hx + r * 1.7, top),
                                                    (hx + r * 1.65, top + r * 0.14), (hx + r * 0.5, top + r * 0.1)], line)
        inked_circle(surf, mix(shirt, PAPER, 0.4), (hx, top - r * 1.0), r * 0.13, line * 0.7)
    elif c.hat == "beanie":
        inked_polygon(surf, shirt, arc_points(hx, hy - r * 0.42, r * 1.06, 0, 180), line)
        band = pygame.Rect(0, 0, round(r * 2.26), round(r * 0.34))
        band.midtop = (round(hx), round(hy - r * 0.6))
        pygame.draw.rect(surf, mix(shirt, PAPER, 0.45), band, border_radius=round(r * 0.15))
        pygame.draw.rect(surf, INK, band, max(1, round(line)), border_radius=round(r * 0.15))
        inked_circle(surf, mix(shirt, PAPER, 0.45), (hx, hy - r * 1.55), r * 0.3, line)
    elif c.hat == "sunhat":
        brim = pygame.Rect(0, 0, round(r * 3.1), round(r * 0.62))
        brim.center = (round(hx - r * 0.05), round(hy - r * 0.5))
        pygame.draw.ellipse(surf, STRAW, brim)
        pygame.draw.ellipse(surf, INK, brim, max(1, round(line)))
        inked_polygon(surf, STRAW, arc_points(hx - r * 0.05, hy - r * 0.62, r * 0.82, 0, 180), line)
        ribbon = pygame.Rect(0, 0, round(r * 1.64), round(r * 0.3))
        ribbon.midbottom = (round(hx - r * 0.05), round(hy - r * 0.6))
        pygame.draw.rect(surf, shirt, ribbon)
        pygame.draw.rect(surf, INK, ribbon, max(1, round(line * 0.8)))


# ---------------------------------------------------------------- signature items
def draw_item_back(surf: pygame.Surface, c: Character, f: Frame, swing: float) -> None:
    """The items behind the body: a backpack, a tote or a handbag on the back shoulder."""
    accent, line, u = hex_rgb(c.accent), f.line, f.u
    t = f.torso
    if c.item == "backpack":
        pack = pygame.Rect(0, 0, round(u * 0.26), round(t.h * 0.78))
        pack.midright = (t.left + round(u * 0.06), t.y + round(t.h * 0.48))
        pygame.draw.rect(surf, accent, pack, border_radius=round(u * 0.07))
        pygame.draw.rect(surf, INK, pack, max(1, round(line)), border_radius=round(u * 0.07))
    elif c.item in ("tote", "handbag"):
        big = c.item == "tote"
        w, h = u * (0.34 if big else 0.24), u * (0.32 if big else 0.2)
        x = t.left - w * 0.55 - swing * u * 0.04
        y = t.y + t.h * (0.5 if big else 0.62)
        strap = (f.shoulders[0][0], f.shoulders[0][1])
        for end in (x + w * 0.25, x + w * 0.75):
            pygame.draw.line(surf, INK, strap, (end, y), max(1, round(line * 1.2)))
        bag = [(x, y), (x + w, y), (x + w * (1.05 if big else 1.1), y + h), (x - w * (0.05 if big else 0.1), y + h)]
        inked_polygon(surf, accent, bag, line)


def draw_item_body(surf: pygame.Surface, c: Character, f: Frame, swing: float) -> None:
    """The items on the body, under the head: a scarf, a bow tie."""
    accent, line, u = hex_rgb(c.accent), f.line, f.u
    t = f.torso
    neck = (t.centerx, t.y + u * 0.02)
    if c.item == "scarf":
        tail = [(neck[0] - u * 0.12, neck[1]), (neck[0] - u * 0.02, neck[1]),
                (neck[0] - u * 0.1 - swing * u * 0.1, neck[1] + u * 0.32), (neck[0] - u * 0.24 - swing * u * 0.1, neck[1] + u * 0.3)]
        inked_polygon(surf, accent, tail, line)
        band = pygame.Rect(0, 0, round(t.w * 0.86), round(u * 0.15))
        band.center = (round(neck[0]), round(neck[1]))
        pygame.draw.rect(surf, accent, band, border_radius=round(u * 0.07))
        pygame.draw.rect(surf, INK, band, max(1, round(line)), border_radius=round(u * 0.07))
    elif c.item == "bowtie":
        x, y, k = neck[0], neck[1] + u * 0.04, u * 0.11
        inked_polygon(surf, accent, [(x, y), (x - k, y - k * 0.7), (x - k, y + k * 0.7)], line * 0.8)
        inked_polygon(surf, accent, [(x, y), (x + k, y - k * 0.7), (x + k, y + k * 0.7)], line * 0.8)
        inked_circle(surf, accent, (x, y), k * 0.3, line * 0.7)
    elif c.item == "backpack":
        pygame.draw.line(surf, INK, (t.left + u * 0.08, t.y + u * 0.02), (t.left + u * 0.12, t.bottom - u * 0.06),
                         max(2, round(line * 1.6)))


def draw_item_head(surf: pygame.Surface, c: Character, f: Frame) -> None:
    """The items on the head, over the face and hair: sunglasses, headphones, a bow."""
    accent, line = hex_rgb(c.accent), f.line
    hx, hy = f.head
    r = f.r
    if c.item == "sunglasses":
        lens = pygame.Rect(0, 0, round(r * 0.5), round(r * 0.34))
        for ex in (hx + r * 0.12, hx + r * 0.62):
            lens.center = (round(ex), round(hy - r * 0.08))
            pygame.draw.rect(surf, accent, lens, border_radius=round(r * 0.1))
            pygame.draw.line(surf, PAPER, (lens.x + r * 0.08, lens.y + r * 0.08), (lens.x + r * 0.18, lens.y + r * 0.08),
                             max(1, round(line * 0.6)))
        pygame.draw.line(surf, accent, (hx - r * 0.6, hy - r * 0.14), (hx + r * 0.2, hy - r * 0.1), max(1, round(line)))
    elif c.item == "headphones":
        band = pygame.Rect(round(hx - r * 1.12), round(hy - r * 1.12), round(r * 2.24), round(r * 2.24))
        pygame.draw.arc(surf, INK, band, math.radians(60), math.radians(210), max(2, round(line * 2.2)))
        cup = pygame.Rect(0, 0, round(r * 0.46), round(r * 0.66))
        cup.center = (round(hx - r * 0.3), round(hy + r * 0.02))
        pygame.draw.ellipse(surf, accent, cup)
        pygame.draw.ellipse(surf, INK, cup, max(1, round(line)))
    elif c.item == "bow":
        x, y, k = hx - r * 0.55, hy - r * 0.98, r * 0.42
        inked_polygon(surf, accent, [(x, y), (x - k, y - k * 0.7), (x - k, y + k * 0.7)], line)
        inked_polygon(surf, accent, [(x, y), (x + k, y - k * 0.7), (x + k, y + k * 0.7)], line)
        inked_circle(surf, accent, (x, y), k * 0.3, line)


def draw_exclaim(surf: pygame.Surface, f: Frame) -> None:
    """A "!" over the head (drawn as shapes, not text): something went wrong just now."""
    hx, hy = f.head
    r, line = f.r, f.line
    x, top = hx + r * 1.05, hy - r * 2.7
    bar = [(x - r * 0.24, top), (x + r * 0.24, top), (x + r * 0.12, top + r * 0.9), (x - r * 0.12, top + r * 0.9)]
    inked_polygon(surf, EXCLAIM, bar, line)
    inked_circle(surf, EXCLAIM, (x, top + r * 1.22), r * 0.16, line)


def draw_card(surf: pygame.Surface, f: Frame, width: float) -> None:
    """Browsing: the card in the front hand, `width` 0..1 as it turns over."""
    u, line = f.u, f.line
    w, h = max(line * 2, u * 0.24 * width), u * 0.32
    hand = f.hands[1]
    card = pygame.Rect(0, 0, round(w), round(h))
    card.midbottom = (round(hand[0]), round(hand[1] + u * 0.06))
    pygame.draw.rect(surf, PAPER, card, border_radius=round(u * 0.03))
    if width > 0.5:
        pygame.draw.rect(surf, CARD_STRIPE, card.inflate(-round(w * 0.3), -round(h * 0.5)).move(0, -round(h * 0.1)))
    pygame.draw.rect(surf, INK, card, max(1, round(line)), border_radius=round(u * 0.03))


def shoe(surf: pygame.Surface, at: Point, u: float) -> None:
    rect = pygame.Rect(0, 0, round(u * 0.22), round(u * 0.11))
    rect.midbottom = (round(at[0] + u * 0.04), round(at[1]))
    pygame.draw.ellipse(surf, SHOE, rect)
