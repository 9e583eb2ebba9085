"""Button glyphs: the badge a hint shows for a button, drawn in the pad family's own look.

A label is what families.labels() names a button ("A", "Cross", "L1", "+")
or a key name ("Space"). PlayStation's four face buttons are drawn as their
shapes, face letters as round buttons (Xbox colours; Nintendo's dark ones when
the label is a families.Label of that family), everything else as a keycap
with its name. Badges are cached by (label, family, height).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.input.families import Label

if TYPE_CHECKING:
    from game.render.ui import UI

Colour = tuple[int, int, int]
DARK: Colour = (28, 20, 18)
CAP: Colour = (214, 200, 186)
RIM: Colour = (11, 7, 6)
# PlayStation shapes keep their printed colours; Xbox letters their button colours.
SHAPES: dict[str, Colour] = {"Cross": (124, 178, 240), "Circle": (255, 110, 110),
                             "Square": (250, 130, 230), "Triangle": (70, 224, 170)}
LETTERS: dict[str, tuple[Colour, Colour]] = {"A": ((88, 176, 60), (255, 255, 255)), "B": ((210, 62, 52), (255, 255, 255)),
                                           "X": ((52, 120, 214), (255, 255, 255)), "Y": ((236, 188, 40), DARK)}
MIN_TEXT = 16

NINTENDO: tuple[Colour, Colour] = ((78, 78, 88), (255, 255, 255))   # dark buttons, white letters

_cache: dict[tuple[str, str, int, float], pygame.Surface] = {}


def badge(ui: "UI", label: str, height: int) -> pygame.Surface:
    """The badge for `label`, `height` pixels tall (round for face buttons, wider for names)."""
    family = label.family if isinstance(label, Label) else ""   # a plain name: the keyboard's look
    key = (str(label), family, height, ui.text.scale)
    made = _cache.get(key)
    if made is None:
        if len(_cache) > 400:
            _cache.clear()
        made = _make(ui, str(label), height, family)
        _cache[key] = made
    return made


def draw(surface: pygame.Surface, ui: "UI", label: str, topleft: tuple[int, int], height: int) -> pygame.Rect:
    """Blit the badge with its top-left at `topleft`; returns where it went."""
    made = badge(ui, label, height)
    return surface.blit(made, topleft)


def _text_size(height: int) -> int:
    return max(MIN_TEXT, round(height * 0.7))


def _make(ui: "UI", label: str, height: int, family: str) -> pygame.Surface:
    if label in SHAPES:
        return _shape(label, height)
    if label in LETTERS or (family == "nintendo" and label in ("+", "-")):
        fill, ink = NINTENDO if family == "nintendo" else LETTERS[label]
        return _round(ui, label, height, fill, ink)
    return _cap(ui, label, height)


def _round(ui: "UI", label: str, height: int, fill: Colour, ink: Colour) -> pygame.Surface:
    surface = pygame.Surface((height, height), pygame.SRCALPHA)
    r = height // 2
    pygame.draw.circle(surface, RIM, (r, r), r)
    pygame.draw.circle(surface, fill, (r, r), r - 2)
    text = ui.render(label, _text_size(height), ink)
    surface.blit(text, text.get_rect(center=(r, r + 1)))
    return surface


def _shape(label: str, height: int) -> pygame.Surface:
    """A dark round button with the PlayStation shape on it, drawn (the font has no such glyphs)."""
    surface = pygame.Surface((height, height), pygame.SRCALPHA)
    r = height / 2
    c = (r, r)
    pygame.draw.circle(surface, RIM, c, r)
    pygame.draw.circle(surface, (52, 52, 60), c, r - 2)
    colour = SHAPES[label]
    width = max(2, round(height / 9))
    s = r * 0.46
    if label == "Cross":
        pygame.draw.line(surface, colour, (r - s, r - s), (r + s, r + s), width + 1)
        pygame.draw.line(surface, colour, (r - s, r + s), (r + s, r - s), width + 1)
    elif label == "Circle":
        pygame.draw.circle(surface, colour, c, s * 1.1, width)
    elif label == "Square":
        box = pygame.Rect(0, 0, round(s * 1.8), round(s * 1.8))
        box.center = (round(r), round(r))
        pygame.draw.rect(surface, colour, box, width)
    else:
        points = [(r + s * 1.2 * math.cos(a), r + s * 0.2 + s * 1.2 * math.sin(a))
                  for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
        pygame.draw.polygon(surface, colour, points, width)
    return surface


def _cap(ui: "UI", label: str, height: int) -> pygame.Surface:
    text = ui.render(label, _text_size(height), DARK)
    width = max(height, text.get_width() + 14)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surface, RIM, surface.get_rect(), border_radius=7)
    pygame.draw.rect(surface, CAP, surface.get_rect().inflate(-4, -4), border_radius=6)
    surface.blit(text, text.get_rect(center=(width // 2, height // 2 + 1)))
    return surface
