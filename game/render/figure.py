"""A shopper drawn: one character (assets/cast.toml) in one seat's colour and shape, in one pose.

Vector art: every frame is drawn with pygame.draw at the size it is shown (supersampled, then
smoothed down, with one ink outline round the silhouette), so it is as crisp at 1080p as at 720p.
Frames are cached by (character, seat look, size, state, frame, facing) in a bounded LRU: a
match's six shoppers use a few hundred frames between them, drawn once each.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game.render import figure_parts as parts
from game.render.cast import Character
from game.render.icons import INK, hex_rgb, mix, seat_shape_surface, shrink, supersample, with_outline
from game.render.poses import Pose, pose

WIDE = 1.7     # the canvas, in shopper sizes (cropped to the ink afterwards)
TALL = 2.5
FLOOR = 0.08   # the feet stand this far above the canvas's bottom
CACHE_MAX = 640
SUPERSAMPLE = 2   # drawn twice as large then smoothed: clean edges at half the cost of three times


@dataclass(frozen=True, slots=True)
class Look:
    """What a seat gives its shopper: its colour, its shape, and its pattern (colour-blind mode)."""

    colour: str          # "#RRGGBB"
    shape: str
    pattern: int | None = None


@dataclass(frozen=True, slots=True)
class Figure:
    """One drawn frame: blit `surface` with `feet` at the shopper's feet. `head_top`: the top of the
    head (name tags and loads go above it); `hold`: between the hands (where a carried load rests),
    both in the surface's px."""

    surface: pygame.Surface
    feet: tuple[int, int]
    head_top: int
    hold: tuple[int, int]

    def outline(self) -> list[tuple[int, int]]:
        """The silhouette as points (a hidden shopper's see-through outline)."""
        return _outline(self)


_CACHE: OrderedDict[tuple[object, ...], Figure] = OrderedDict()
_OUTLINES: OrderedDict[int, list[tuple[int, int]]] = OrderedDict()


def figure(character: Character, look: Look, size: int, state: str, frame: int, left: bool = False) -> Figure:
    """The character in `look` at `size` px (one shopper size: about its torso's width plus
    arms; it stands about 1.6 sizes tall) in `state` at `frame`, facing left or right. Cached."""
    key = (character, look, int(size), state, frame, left)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    made = _draw(character, look, max(8, int(size)), pose(state, frame), left)
    _CACHE[key] = made
    if len(_CACHE) > CACHE_MAX:
        _CACHE.popitem(last=False)
    return made


PORTRAIT_BADGE = 0.56   # the seat's shape at a portrait's corner, in portraits


def portrait(character: Character, look: Look, size: int) -> pygame.Surface:
    """A seat's token for a panel's header: the character's head and shoulders in a disc of the
    seat's colour, the seat's shape at its lower right corner (the shape still names the seat
    without colour). `size` x `size`, the footprint of the seat's shape it replaces. Cached."""
    key = ("portrait", character, look, int(size))
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit.surface
    made = _portrait(character, look, max(12, int(size)))
    _CACHE[key] = Figure(made, (0, 0), 0, (0, 0))
    if len(_CACHE) > CACHE_MAX:
        _CACHE.popitem(last=False)
    return made


def _portrait(character: Character, look: Look, size: int) -> pygame.Surface:
    disc = round(size * 0.9)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = hex_rgb(look.colour)
    centre = (disc // 2, disc // 2)
    pygame.draw.circle(out, INK, centre, disc // 2)
    pygame.draw.circle(out, mix(colour, (255, 255, 255), 0.55), centre, disc // 2 - max(2, disc // 14))
    # The character drawn so its head fills about half the disc, head centred a little high.
    body = figure(character, Look(look.colour, look.shape, look.pattern), max(8, round(disc * 0.5 / character.head)),
                  "idle", 0)
    head_mid = body.head_top + round(disc * 0.26)
    inner = pygame.Surface((disc, disc), pygame.SRCALPHA)
    inner.blit(body.surface, (disc // 2 - body.feet[0] - round(disc * 0.06), round(disc * 0.42) - head_mid))
    hole = pygame.Surface((disc, disc), pygame.SRCALPHA)
    pygame.draw.circle(hole, (255, 255, 255, 255), centre, disc // 2 - max(2, disc // 14))
    inner.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(inner, (0, 0))
    badge = seat_shape_surface(look.shape, look.colour, round(size * PORTRAIT_BADGE))
    out.blit(badge, badge.get_rect(bottomright=(size, size)))
    return out


def cache_size() -> int:
    return len(_CACHE)


def clear_cache() -> None:
    _CACHE.clear()
    _OUTLINES.clear()


def _outline(fig: Figure) -> list[tuple[int, int]]:
    key = id(fig.surface)
    pts = _OUTLINES.get(key)
    if pts is None:
        pts = _OUTLINES[key] = pygame.mask.from_surface(fig.surface, 127).outline(2)
        if len(_OUTLINES) > 64:
            _OUTLINES.popitem(last=False)
    return pts


def _frame(c: Character, size: int, ss: int, p: Pose) -> parts.Frame:
    """Where this pose puts every part, on a canvas `ss` times larger than shown."""
    u = size * ss
    cx, floor = WIDE * u / 2, (TALL - FLOOR) * u - p.rise * u
    leg = 0.26 * u * c.tall
    torso_h = 0.5 * u * (0.45 + 0.55 * c.tall) * p.squash   # short shoppers are short mostly in the legs
    torso_w = 0.62 * u * c.wide * (2 - p.squash)
    lean = p.lean * u
    hip_y = floor - leg
    torso = pygame.Rect(0, 0, round(torso_w), round(torso_h))
    torso.midbottom = (round(cx + lean * 0.4), round(hip_y + 0.06 * u - p.bob * u))
    r = c.head * u / 2 * (0.5 + 0.5 * p.squash)
    head = (cx + lean * 1.1, torso.top - r * 0.8)
    shoulder_y = torso.top + 0.1 * u
    shoulders = ((torso.centerx - torso_w * 0.36, shoulder_y), (torso.centerx + torso_w * 0.36, shoulder_y))
    hands = tuple((sx + hx * u, sy + hy * u) for (sx, sy), (hx, hy) in zip(shoulders, p.hands))
    hips = ((cx - 0.11 * u * c.wide, hip_y), (cx + 0.11 * u * c.wide, hip_y))
    feet = tuple((hx + fx * u, floor - fy * u) for (hx, _), (fx, fy) in zip(hips, p.feet))
    return parts.Frame(u, max(1.0, 0.035 * u), head, r, torso, shoulders, hands, hips, feet)  # type: ignore[arg-type]


def _draw(c: Character, look: Look, size: int, p: Pose, left: bool) -> Figure:
    ss = min(SUPERSAMPLE, supersample(size))
    f = _frame(c, size, ss, p)
    u = f.u
    canvas = pygame.Surface((round(WIDE * u), round(TALL * u)), pygame.SRCALPHA)
    shirt = hex_rgb(look.colour)
    skin, legs = hex_rgb(c.skin), hex_rgb(c.legs)
    parts.draw_hair_back(canvas, c, f, p.swing)
    parts.draw_item_back(canvas, c, f, p.swing)
    _arm(canvas, f, 0, shirt, skin)
    for hip, foot in zip(f.hips, f.feet):
        parts.inked_line(canvas, legs, hip, foot, 0.13 * u, f.line * 0.8)
        parts.shoe(canvas, foot, u)
    parts.draw_torso(canvas, c, f, shirt, look.pattern)
    parts.draw_badge(canvas, f, look.shape, shirt)
    parts.draw_item_body(canvas, c, f, p.swing)
    parts.inked_circle(canvas, skin, f.head, f.r, f.line)
    parts.draw_face(canvas, f, skin, p)
    parts.draw_hair_front(canvas, c, f)
    parts.draw_hat(canvas, c, f, shirt)
    parts.draw_item_head(canvas, c, f)
    _arm(canvas, f, 1, shirt, skin)
    if p.card:
        parts.draw_card(canvas, f, p.card)
    if p.exclaim:
        parts.draw_exclaim(canvas, f)
    return _finish(canvas, f, size, ss, left)


def _arm(canvas: pygame.Surface, f: parts.Frame, side: int, shirt: tuple[int, int, int],
         skin: tuple[int, int, int]) -> None:
    parts.inked_line(canvas, shirt, f.shoulders[side], f.hands[side], 0.12 * f.u, f.line * 0.8)
    parts.inked_circle(canvas, skin, f.hands[side], 0.075 * f.u, f.line * 0.8)


def _finish(canvas: pygame.Surface, f: parts.Frame, size: int, ss: int, left: bool) -> Figure:
    """Crop to the ink, outline the silhouette, smooth it down to size, mirror it to face left."""
    edge = max(1, round(f.line * 0.9))
    box = canvas.get_bounding_rect(1).inflate(2 * (edge + ss), 2 * (edge + ss))
    # Whole shown px, so the feet and the crop agree after smoothing down.
    box.x -= box.x % ss
    box.y -= box.y % ss
    box.w += -box.w % ss
    box.h += -box.h % ss
    cropped = pygame.Surface(box.size, pygame.SRCALPHA)
    cropped.blit(canvas, (0, 0), box)
    small = shrink(with_outline(cropped, INK, edge), (box.w // ss, box.h // ss))
    feet_x = (sum(x for x, _ in f.hips) / 2 - box.x) / ss
    feet_y = ((TALL - FLOOR) * f.u - box.y) / ss
    head_top = (f.head[1] - f.r * 1.05 - box.y) / ss
    hold = ((f.hands[0][0] + f.hands[1][0]) / 2 - box.x) / ss, (min(f.hands[0][1], f.hands[1][1]) - box.y) / ss
    if left:
        small = pygame.transform.flip(small, True, False)
        w = small.get_width()
        feet_x, hold = w - feet_x, (w - hold[0], hold[1])
    return Figure(small, (round(feet_x), round(feet_y)), round(head_top), (round(hold[0]), round(hold[1])))
