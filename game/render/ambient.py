"""A level's ambient life: what moves in it besides the shoppers (an escalator's steps, a
fountain's ripples, bunting in the wind, a glint across a window, a neon sign's bulbs, clouds'
shadows, sunbeams through a glass roof).

Presentation only: it reads the level's "ambient" layer and a time in ticks and never touches
the simulation. Drawn over the cached level art every frame, under the table, piles and
shoppers, in small pieces (well under a millisecond a frame). With reduced motion
(Settings › Reduced motion) it is drawn as it stands at tick 0: nothing moves.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from game.files.levels import Ambient, Level, Rect
from game.render.level_art import NEON_TEXT, sign_board, sign_words as words_at
from game.render.level_themes import theme_of
from game.text.i18n import _

Colour = tuple[int, int, int]
PENNANTS = ((222, 120, 108), (236, 200, 120), (126, 170, 210), (132, 186, 146), (226, 160, 186))   # softer than any seat
WATER_LIGHT = (226, 244, 250)
STEP = (120, 126, 136)
STEP_LIGHT = (176, 182, 192)
WORDS_MARGIN = 4      # level px either side of a sign's words kept clear of the dresser cards


class Feature:
    """One ambient feature at its place on the screen (the map's own scale)."""

    def __init__(self, kind: str, rect: pygame.Rect, scale: float, colour: Colour, index: int) -> None:
        self.kind, self.rect, self.scale, self.colour, self.index = kind, rect, scale, colour, index
        self.sprite: pygame.Surface | None = None


def _glint_sprite(height: int) -> pygame.Surface:
    """A slanted band of light for a window's glint (added to what is under it)."""
    width = max(4, height)
    band = pygame.Surface((width + height, height))
    for i in range(width):
        k = math.sin(math.pi * i / width) * 70
        pygame.draw.line(band, (round(k), round(k), round(k * 0.9)), (i + height, 0), (i, height - 1))
    return band


def _soft_blob(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """A soft-edged ellipse (a cloud's shadow, a pool of sunlight): a small gradient scaled up."""
    size = (max(1, size[0]), max(1, size[1]))
    small = pygame.Surface((24, 12))
    for y in range(12):
        for x in range(24):
            d = ((x - 11.5) / 12) ** 2 + ((y - 5.5) / 6) ** 2
            k = max(0.0, 1 - d) ** 1.5
            small.set_at((x, y), tuple(round(c * k) for c in colour))
    return pygame.transform.smoothscale(small, size)


def _window(surface: pygame.Surface, f: Feature, t: int) -> None:
    """Every few seconds a glint crosses the glass, windows one after another."""
    period, sweep = 420, 50
    phase = (t + f.index * 97) % period
    sprite = f.sprite
    if t == 0 or phase >= sweep or sprite is None:
        return
    travel = f.rect.width + sprite.get_width()
    x = f.rect.x - sprite.get_width() + round(travel * phase / sweep)
    _clipped(surface, f.rect, [(sprite, (x, f.rect.y))], pygame.BLEND_RGB_ADD)


def _neon(surface: pygame.Surface, f: Feature, t: int) -> None:
    """A neon sign's frame of bulbs, lit one after another round the plate, the frame pulsing."""
    plate = f.rect.inflate(-round(6 * f.scale), -round(6 * f.scale))
    glow = 0.6 + 0.4 * math.cos(t * 2 * math.pi / 90)
    pygame.draw.rect(surface, tuple(round(c * glow) for c in NEON_TEXT), plate, max(1, round(2 * f.scale)),
                     border_radius=round(6 * f.scale))
    count = max(4, plate.width // max(1, round(12 * f.scale)))
    lit = (t // 8) % count
    for i in range(count):
        x = plate.x + round((i + 0.5) * plate.width / count)
        colour = (255, 236, 170) if i == lit or (i - lit) % count == count // 2 else (120, 96, 70)
        pygame.draw.circle(surface, colour, (x, plate.y + 2), max(1, round(1.5 * f.scale)))
        pygame.draw.circle(surface, colour, (x, plate.bottom - 3), max(1, round(1.5 * f.scale)))


def _escalator(surface: pygame.Surface, f: Feature, t: int) -> None:
    """Steps gliding along the escalator: up on the left of the map, down on the right."""
    r = f.rect.inflate(-round(8 * f.scale), -round(4 * f.scale))
    if r.width <= 0 or r.height <= 0:
        return
    gap = max(3, round(8 * f.scale))
    shift = (t // 2) % gap
    direction = -1 if f.index % 2 == 0 else 1
    for i in range(r.height // gap + 1):
        y = r.y + (i * gap + direction * shift) % r.height
        pygame.draw.line(surface, STEP_LIGHT if i % 2 else STEP, (r.x, y), (r.right - 1, y), max(1, round(2 * f.scale)))


def _fountain(surface: pygame.Surface, f: Feature, t: int) -> None:
    """Rings running out from the jet across the basin, and the jet's spray bobbing."""
    centre = f.rect.center
    basin = round(f.rect.width / 2 - 8 * f.scale)
    for k in range(3):
        radius = round(8 * f.scale + ((t + k * 40) % 120) / 120 * (basin - 8 * f.scale))
        if radius > 2:
            pygame.draw.circle(surface, WATER_LIGHT, centre, radius, 1)
    for k in range(6):
        a = k * math.pi / 3 + t / 40
        lift = 5 + 2 * math.sin(t / 6 + k)
        pygame.draw.circle(surface, WATER_LIGHT, (round(centre[0] + math.cos(a) * lift * f.scale),
                                                  round(centre[1] + math.sin(a) * lift * f.scale)),
                           max(1, round(1.5 * f.scale)))


def _bunting(surface: pygame.Surface, f: Feature, t: int) -> None:
    """A string of pennants across the rectangle, sagging, each one swinging in the wind."""
    r = f.rect
    count = max(2, round(r.width / (32 * f.scale)))
    sag = r.height * 0.35
    top = r.y + r.height * 0.2
    size = 9 * f.scale
    points = []
    for i in range(count + 1):
        u = i / count
        points.append((r.x + u * r.width, top + sag * 4 * u * (1 - u)))
    pygame.draw.lines(surface, (90, 84, 80), False, points, max(1, round(f.scale)))
    for i in range(count):
        (x0, y0), (x1, y1) = points[i], points[i + 1]
        sway = math.sin(t / 25 + i * 0.7 + f.index) * 3 * f.scale
        tip = ((x0 + x1) / 2 + sway, (y0 + y1) / 2 + size * 1.6)
        pygame.draw.polygon(surface, PENNANTS[i % len(PENNANTS)],
                            [(x0 + 2, y0), (x1 - 2, y1), tip])


def _clouds(surface: pygame.Surface, f: Feature, t: int) -> None:
    """Two soft cloud shadows drifting slowly across (a darkening, multiplied in)."""
    r, sprite = f.rect, f.sprite
    if sprite is None:
        return
    w = sprite.get_width()
    shadows = []
    for k, (speed, y) in enumerate(((1 / 7, 0.05), (1 / 9, 0.5))):
        x = r.x - w + ((t * speed + k * r.width * 0.6) % (r.width + w))
        shadows.append((sprite, (round(x), r.y + round(r.height * y))))
    _clipped(surface, r, shadows, pygame.BLEND_RGB_MULT)


def _sun(surface: pygame.Surface, f: Feature, t: int) -> None:
    """A pool of sunlight from the glass roof, sliding slowly to and fro along the arcade."""
    r = f.rect
    if f.sprite is None:
        return
    w, h = f.sprite.get_size()
    along = 0.5 + 0.5 * math.sin(t / 600 + f.index * 2)
    if r.width >= r.height:
        at = (r.x + round(along * (r.width - w)), r.centery - h // 2)
    else:
        at = (r.centerx - w // 2, r.y + round(along * (r.height - h)))
    surface.blit(f.sprite, at, special_flags=pygame.BLEND_RGB_ADD)


def _cloud_sprite(rect: pygame.Rect) -> pygame.Surface:
    """A cloud's shadow: white (no change) with a soft grey middle, multiplied into the map."""
    shade = _soft_blob((round(rect.width * 0.3), round(rect.height * 0.45)), (34, 34, 28))
    sprite = pygame.Surface(shade.get_size())
    sprite.fill((255, 255, 255))
    sprite.blit(shade, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    return sprite


def _sun_sprite(rect: pygame.Rect) -> pygame.Surface:
    side = min(rect.width, rect.height)
    return _soft_blob((round(side * 0.9), round(side * 0.5)), (20, 18, 10))


# Made once when the level is shown, so no frame pays for them.
SPRITES: dict[str, Callable[[pygame.Rect], pygame.Surface]] = {
    "window": lambda rect: _glint_sprite(rect.height), "clouds": _cloud_sprite, "sun": _sun_sprite,
}


def _clipped(surface: pygame.Surface, rect: pygame.Rect, blits: list[tuple[pygame.Surface, tuple[int, int]]],
             flags: int) -> None:
    """Blit inside `rect` (and whatever clip the scene has set)."""
    old = surface.get_clip()
    surface.set_clip(rect.clip(old))
    for sprite, at in blits:
        surface.blit(sprite, at, special_flags=flags)
    surface.set_clip(old)


PAINTERS: dict[str, Callable[[pygame.Surface, Feature, int], None]] = {
    "window": _window, "neon": _neon, "escalator": _escalator, "fountain": _fountain,
    "bunting": _bunting, "clouds": _clouds, "sun": _sun,
}


class LevelAmbience:
    """A level's moving features, placed where the map is drawn on the screen."""

    def __init__(self, level: Level, map_rect: pygame.Rect, scale: float) -> None:
        colour = theme_of(level.theme).colour
        self.features = [Feature(a.kind, _on_screen(a.rect, map_rect, scale), scale, colour, i)
                         for i, a in enumerate(level.ambient) if a.kind in PAINTERS]
        for f in self.features:
            make = SPRITES.get(f.kind)
            if make is not None:
                f.sprite = make(f.rect)
        # Where the level's own words are (shop signs): name tags step round them, as round any text.
        self.words = [_on_screen(a.rect, map_rect, scale) for a in _signs(level)]

    def draw(self, surface: pygame.Surface, tick: int, shake: tuple[int, int] = (0, 0),
             reduced_motion: bool = False) -> None:
        """The features as they are at `tick` (tick 0 with reduced motion: standing still)."""
        t = 0 if reduced_motion else tick
        for f in self.features:
            if shake != (0, 0):
                f.rect = f.rect.move(shake)
            PAINTERS[f.kind](surface, f, t)
            if shake != (0, 0):
                f.rect = f.rect.move(-shake[0], -shake[1])


def sign_plates(level: Level, map_rect: pygame.Rect, scale: float) -> list[pygame.Rect]:
    """The plates of the level's signs, on screen: the shipped maps keep every pile spot and chair
    clear of them (tests/test_mall_signs_clear.py)."""
    return [_on_screen(sign_board(pygame.Rect(a.rect)), map_rect, scale) for a in _signs(level)]


def sign_words(level: Level, map_rect: pygame.Rect, scale: float) -> list[pygame.Rect]:
    """Where the level's signs' words are on screen in the player's language, a few px either
    side (on their plate): no dresser card goes over them (text over text)."""
    found = []
    for a in _signs(level):
        rect = pygame.Rect(a.rect)
        words = words_at(rect, _(a.text)).inflate(2 * WORDS_MARGIN, 2 * WORDS_MARGIN).clip(sign_board(rect))
        found.append(_on_screen(words, map_rect, scale))
    return found


def _signs(level: Level) -> list[Ambient]:
    return [a for a in level.ambient if a.kind in ("sign", "neon") and a.text]


def _on_screen(rect: Rect | pygame.Rect, map_rect: pygame.Rect, scale: float) -> pygame.Rect:
    x, y, w, h = rect
    return pygame.Rect(map_rect.x + round(x * scale), map_rect.y + round(y * scale),
                       max(1, round(w * scale)), max(1, round(h * scale)))
