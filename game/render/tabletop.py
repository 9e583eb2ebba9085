"""Check Out! pieces drawn by code: dice, category icons, products, bargains, tokens.

Every public function is cached by its arguments and returns a shared Surface:
blit it, never draw on it.  Sizes are pixels; a card size is an int (its
width, height = 4/3 of it) or a (width, height) tuple.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Sequence

import pygame

from game.text.i18n import _
from game.render.surface_cache import surface_cache
from game.render.text import NARROWEST, hyphenation_points
from game.render.icons import (
    GOLD, INK, PAPER, Colour, bag_icon, check_size, font, hex_rgb, luminance, mix, outlined_text,
    rounded_card, seat_shape_surface, shrink, star_icon, supersample, text_surface, with_outline,
)

CATEGORIES = ("drink", "food", "snack", "last")
CATEGORY_COLOURS: dict[str, Colour] = {
    "drink": (52, 132, 228), "food": (222, 76, 60), "snack": (240, 170, 20),
    "last": (142, 68, 173),
}
PROMO_GLOW: Colour = (255, 214, 64)

# Pip centres on a unit face (0..1), the usual die layout.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.73, 0.27), (0.27, 0.73)),
    3: ((0.73, 0.27), (0.5, 0.5), (0.27, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _card_size(size: int | tuple[int, int]) -> tuple[int, int]:
    if isinstance(size, int):
        return check_size((size, round(size * 4 / 3)))
    return check_size(size)


def _check_face(face: int) -> None:
    if face not in PIPS:
        raise ValueError(f"a die face is 1 to 6, got {face!r}")


# ---------------------------------------------------------------- dice
def die_surface(face: int, size: int, colour_hex: str, shape: str | None = None) -> pygame.Surface:
    """A die showing face in a seat's colour; pips contrast with it (cached, shared).

    With a shape, a small badge of the seat's shape sits on the die's corner, so
    dice are told apart without colour.
    """
    return _die(int(face), int(size), colour_hex.upper(), shape)


# Cache bounds are sized from what one table shows (6 seats x 6 faces, a round's cards),
# not left to grow: an unbounded art cache was most of a long session's memory growth.
@surface_cache(budget_mb=3)   # the warm-up and a 6-seat match leave ~1.1 MB: 138 dice
def _die(face: int, size: int, colour_hex: str, shape: str | None) -> pygame.Surface:
    _check_face(face)
    check_size(size)
    colour = hex_rgb(colour_hex)
    ss = supersample(size)
    big = size * ss
    body_side = big if shape is None else round(big * 0.86)
    out = pygame.Surface((big, big), pygame.SRCALPHA)
    out.blit(_die_body(face, body_side, colour, ss), (0, 0))
    if shape is not None:
        badge = round(big * 0.4)
        mark = seat_shape_surface(shape, colour_hex, max(4, badge // ss))
        mark = pygame.transform.smoothscale(mark, (badge, badge))
        out.blit(mark, (big - badge, big - badge))
    return shrink(out, (size, size))


def _die_body(face: int, side: int, colour: Colour, ss: int) -> pygame.Surface:
    """A rounded die seen from above with a bevel, at supersampled size."""
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    edge = max(ss, round(side * 0.05))
    radius = round(side * 0.2)
    body = pygame.Rect(edge, edge, side - 2 * edge, side - 2 * edge)
    pygame.draw.rect(surf, INK, pygame.Rect(0, 0, side, side), border_radius=radius + edge)
    pygame.draw.rect(surf, mix(colour, INK, 0.3), body, border_radius=radius)
    top = body.inflate(-round(side * 0.06), -round(side * 0.06)).move(0, -round(side * 0.025))
    pygame.draw.rect(surf, colour, top, border_radius=round(radius * 0.85))
    shine = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(shine, (255, 255, 255, 60),
                     pygame.Rect(top.x + top.w * 0.08, top.y + top.h * 0.05, top.w * 0.84, top.h * 0.3),
                     border_radius=round(radius * 0.7))
    surf.blit(shine, (0, 0))
    light_die = luminance(colour) > 0.5
    pip = INK if light_die else PAPER
    pip_rim = mix(colour, INK, 0.45) if light_die else mix(colour, INK, 0.5)
    r = top.w * (0.115 if face != 1 else 0.15)
    for u, v in PIPS[face]:
        centre = (top.x + u * top.w, top.y + v * top.h)
        pygame.draw.circle(surf, pip_rim, centre, r * 1.18)
        pygame.draw.circle(surf, pip, (centre[0], centre[1] + r * 0.08), r)
    return surf


# 6 seats x 6 faces x 24 turns (TUMBLE_STEP) is 864 (~5 MB); the rest holds the askew dice on taken cards.
@surface_cache(budget_mb=8)
def _tumble(face: int, size: int, colour_hex: str, angle: int, shape: str | None) -> pygame.Surface:
    die = die_surface(face, size, colour_hex, shape)
    rad = math.radians(angle)
    fit = 1.0 / (abs(math.cos(rad)) + abs(math.sin(rad)))
    turned = pygame.transform.rotozoom(die, angle, fit)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    out.blit(turned, ((size - turned.get_width()) // 2, (size - turned.get_height()) // 2))
    return out


def tumbling_die_surface(face: int, size: int, colour_hex: str, angle: float,
                         shape: str | None = None) -> pygame.Surface:
    """The die turned by angle degrees, fitted inside size x size (for the roll tumble).

    Angles are rounded to 5 degrees so a tumble reuses a small cache.
    """
    _check_face(face)
    check_size(size)
    return _tumble(int(face), int(size), colour_hex.upper(), int(round(angle / 5.0)) * 5 % 360, shape)


@lru_cache(maxsize=64)
def price_die_surface(size: int) -> pygame.Surface:
    """A white die with a '?': 'pay one die of any face' on a bargain's price."""
    check_size(size)
    ss = supersample(size)
    big = size * ss
    surf = _die_body(1, big, (250, 250, 246), ss)
    # Blank the pip: a price die shows no face.
    top = pygame.Rect(0, 0, big, big).inflate(-round(big * 0.25), -round(big * 0.25))
    pygame.draw.rect(surf, (250, 250, 246), top.move(0, -round(big * 0.025)),
                     border_radius=round(big * 0.12))
    mark = text_surface("?", round(big * 0.8), (176, 170, 190))
    surf.blit(mark, ((big - mark.get_width()) // 2, (big - mark.get_height()) // 2 - round(big * 0.02)))
    return shrink(surf, (size, size))


# ---------------------------------------------------------------- category icons
def _icon_canvas(size: int) -> tuple[pygame.Surface, float, int]:
    ss = supersample(size)
    big = size * ss
    return pygame.Surface((big, big), pygame.SRCALPHA), big / 100.0, ss


def _P(u: float, pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * u, y * u) for x, y in pts]


def _milk_carton(surf: pygame.Surface, u: float) -> None:
    blue = CATEGORY_COLOURS["drink"]
    pygame.draw.polygon(surf, mix(blue, INK, 0.25), _P(u, [(60, 36), (80, 26), (80, 84), (60, 96)]))
    pygame.draw.polygon(surf, (246, 248, 252), _P(u, [(20, 36), (60, 36), (60, 96), (20, 96)]))
    pygame.draw.polygon(surf, mix(blue, (255, 255, 255), 0.55), _P(u, [(20, 36), (40, 16), (60, 36)]))
    pygame.draw.polygon(surf, blue, _P(u, [(40, 16), (60, 36), (80, 26), (60, 7)]))
    pygame.draw.polygon(surf, mix(blue, INK, 0.2), _P(u, [(36, 11), (40, 16), (60, 7), (56, 3)]))
    pygame.draw.rect(surf, blue, pygame.Rect(20 * u, 56 * u, 40 * u, 26 * u))
    drop = [(40, 60), (34, 71), (36, 77), (40, 79), (44, 77), (46, 71)]
    pygame.draw.polygon(surf, (255, 255, 255), _P(u, drop))
    pygame.draw.circle(surf, (255, 255, 255), (40 * u, 73 * u), 6 * u)


def _bento(surf: pygame.Surface, u: float) -> None:
    red = CATEGORY_COLOURS["food"]
    pygame.draw.rect(surf, mix(red, INK, 0.35), pygame.Rect(6 * u, 30 * u, 88 * u, 62 * u),
                     border_radius=round(10 * u))
    pygame.draw.rect(surf, red, pygame.Rect(6 * u, 26 * u, 88 * u, 60 * u), border_radius=round(10 * u))
    inner = (56, 34, 30)
    pygame.draw.rect(surf, inner, pygame.Rect(12 * u, 32 * u, 76 * u, 48 * u), border_radius=round(5 * u))
    pygame.draw.rect(surf, (250, 248, 240), pygame.Rect(15 * u, 35 * u, 38 * u, 42 * u),
                     border_radius=round(4 * u))
    for x, y in ((24, 46), (36, 52), (28, 64), (42, 66), (44, 42)):
        pygame.draw.ellipse(surf, INK, pygame.Rect(x * u, y * u, 3 * u, 2 * u))
    pygame.draw.rect(surf, (255, 140, 90), pygame.Rect(56 * u, 35 * u, 29 * u, 19 * u),
                     border_radius=round(4 * u))
    pygame.draw.line(surf, (255, 200, 170), (60 * u, 41 * u), (80 * u, 41 * u), max(1, round(2 * u)))
    pygame.draw.line(surf, (255, 200, 170), (60 * u, 48 * u), (80 * u, 48 * u), max(1, round(2 * u)))
    pygame.draw.rect(surf, (86, 176, 74), pygame.Rect(56 * u, 57 * u, 29 * u, 20 * u),
                     border_radius=round(4 * u))
    for x, y in ((63, 65), (72, 63), (78, 70), (66, 72)):
        pygame.draw.circle(surf, (124, 206, 96), (x * u, y * u), 5 * u)
    for dx in (0, 8):
        pygame.draw.line(surf, (214, 170, 100), ((22 + dx) * u, 22 * u), ((86 + dx) * u, 6 * u),
                         max(2, round(4 * u)))


def _crisps_bag(surf: pygame.Surface, u: float) -> None:
    yellow = CATEGORY_COLOURS["snack"]
    zig_top = [(16 + i * 6.8, 12 if i % 2 == 0 else 18) for i in range(11)]
    zig_bot = [(84 - i * 6.8, 94 if i % 2 == 0 else 88) for i in range(11)]
    body = zig_top + [(86, 22), (82, 55), (86, 86)] + zig_bot + [(14, 86), (18, 55), (14, 22)]
    pygame.draw.polygon(surf, yellow, _P(u, body))
    pygame.draw.polygon(surf, mix(yellow, INK, 0.2), _P(u, [(70, 18), (86, 22), (82, 55), (86, 86),
                                                             (70, 88), (74, 55)]))
    pygame.draw.rect(surf, (214, 48, 49), pygame.Rect(16 * u, 26 * u, 66 * u, 16 * u))
    pygame.draw.ellipse(surf, (255, 226, 140), pygame.Rect(26 * u, 50 * u, 40 * u, 28 * u))
    pygame.draw.ellipse(surf, (226, 160, 40), pygame.Rect(26 * u, 50 * u, 40 * u, 28 * u),
                        max(1, round(3 * u)))
    pygame.draw.line(surf, (255, 255, 255), (24 * u, 34 * u), (56 * u, 34 * u), max(1, round(4 * u)))


def _last_tag(surf: pygame.Surface, u: float, size: int, word: str) -> None:
    purple = CATEGORY_COLOURS["last"]
    tag = [(10, 30), (66, 30), (92, 50), (66, 70), (10, 70)]
    pygame.draw.polygon(surf, purple, _P(u, tag))
    pygame.draw.polygon(surf, mix(purple, INK, 0.3), _P(u, [(10, 62), (66, 62), (78, 56), (92, 50),
                                                             (66, 70), (10, 70)]))
    pygame.draw.circle(surf, (255, 255, 255), (74 * u, 50 * u), 5 * u)
    pygame.draw.line(surf, INK, (78 * u, 48 * u), (96 * u, 24 * u), max(1, round(2.5 * u)))
    text = text_surface(word, round(30 * u), (255, 255, 255), max_width=round(52 * u))
    surf.blit(text, (round(36 * u - text.get_width() / 2), round(50 * u - text.get_height() / 2)))


def category_icon(category: str, size: int) -> pygame.Surface:
    """drink (milk carton), food (bento box), snack (crisps bag) or last (price tag, its word in the
    player's language: translated here, outside the cache, so a language switch redraws it)."""
    # TRANSLATORS: the word on the "last product" price tag icon (short: it shrinks to fit)
    return _category_icon(category, size, _("LAST") if category == "last" else "")


@lru_cache(maxsize=128)
def _category_icon(category: str, size: int, word: str) -> pygame.Surface:
    if category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r}; expected one of {', '.join(CATEGORIES)}")
    check_size(size)
    surf, u, ss = _icon_canvas(size)
    pad = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    inner_u = u * 0.86  # leave room for the outline
    if category == "drink":
        _milk_carton(pad, inner_u)
    elif category == "food":
        _bento(pad, inner_u)
    elif category == "snack":
        _crisps_bag(pad, inner_u)
    else:
        _last_tag(pad, inner_u, size, word)
    surf.blit(pad, (round(7 * u), round(7 * u)))
    return shrink(with_outline(surf, INK, max(1.0, size * 0.05) * ss), (size, size))


# ---------------------------------------------------------------- cards
def _stars_badge(stars: int, height: int) -> pygame.Surface:
    """A star with the number of stars beside it."""
    icon = star_icon(height)
    number = outlined_text(str(stars), round(height * 1.05), (255, 255, 255), INK,
                           width=max(1, height // 12))
    out = pygame.Surface((icon.get_width() + number.get_width() + height // 8,
                          max(height, number.get_height())), pygame.SRCALPHA)
    out.blit(icon, (0, (out.get_height() - height) // 2))
    out.blit(number, (height + height // 8, (out.get_height() - number.get_height()) // 2))
    return out


NAME_MIN_PX = 24   # font size: a card's name is drawn at least this big (16 px tall, TEXT_MIN_PX), or left off


TWO_LINES = 44      # a title band two lines of NAME_MIN_PX tall


def _name_fit(name: str, room: int, band_h: int, max_band: int) -> tuple[list[str], int, int]:
    """How a card's name fits its title band: (lines, px, band height used).

    One line at 62% of the band, shrunk to the room down to NAME_MIN_PX; else two lines,
    the band growing up to max_band; else no name at all (the card's colour and icon say
    what it is). A line may be drawn down to NARROWEST of its width (never less tall). Heights
    are the letters' ink (the outline around it), not the font's line box: the band holds
    what is drawn."""
    width = max(1, band_h // 16)

    def size(lines: list[str], px: int) -> tuple[int, int]:
        top, bottom = _ink_rows(tuple(lines), px)
        w = max(font(px).size(text)[0] for text in lines)
        return w + 2 * width, len(lines) * (bottom - top + 2 * width)

    def fits(text: str, px: int) -> bool:
        return size([text], px)[0] * NARROWEST <= room
    px = round(band_h * 0.62)
    w1 = size([name], px)[0]
    if w1 > room:
        px = int(px * room / w1)
    if px >= NAME_MIN_PX and size([name], px)[1] + 4 <= max(band_h, max_band):
        return [name], px, max(band_h, size([name], px)[1] + 4)
    one = size([name], NAME_MIN_PX)
    if fits(name, NAME_MIN_PX) and one[1] + 4 <= max_band:     # a short card: the band grows for one line
        return [name], NAME_MIN_PX, max(band_h, one[1] + 4)
    for px in range(max(NAME_MIN_PX, round(max_band * 0.45)), NAME_MIN_PX - 1, -1):
        lines = _two_lines(name, lambda t: fits(t, px))
        if lines and size(lines, px)[1] + 4 <= max_band:
            return lines, px, max(band_h, size(lines, px)[1] + 4)
    return [], 0, band_h


@lru_cache(maxsize=512)
def _ink_rows(lines: tuple[str, ...], px: int) -> tuple[int, int]:
    """The rows of a rendered line that the letters of any of `lines` ink: (top, bottom), shared
    by the lines of one name so they stack at one pitch."""
    boxes = [font(px).render(text, True, (255, 255, 255)).get_bounding_rect() for text in lines]
    boxes = [box for box in boxes if box.h] or [pygame.Rect(0, 0, 1, font(px).get_height())]
    return min(box.top for box in boxes), max(box.bottom for box in boxes)


def _two_lines(name: str, fits: Callable[[str], bool] = lambda t: True) -> list[str]:
    """The name broken in two near its middle, both lines fitting: at a space, else after a hyphen
    it has, else hyphenated where the language hyphenates the word ("Schlüssel-" / "anhänger",
    text.hyphenation_points); [] if it cannot be."""
    mid = len(name) / 2
    cuts: list[tuple[int, float, list[str]]] = []
    for i, char in enumerate(name):
        if char == " " and 0 < i < len(name) - 1:
            cuts.append((0, abs(i - mid), [name[:i], name[i + 1:]]))
        elif char == "-" and 0 < i < len(name) - 1:
            cuts.append((0, abs(i - mid), [name[:i + 1], name[i + 1:]]))
    start = 0
    for word in name.split(" "):
        for point in hyphenation_points(word):
            at = start + point
            cuts.append((1, abs(at - mid), [name[:at] + "-", name[at:]]))
        start += len(word) + 1
    good = [cut for cut in cuts if all(fits(t) for t in cut[2])]
    return min(good, key=lambda c: (c[0], c[1]))[2] if good else []


def _header(card: pygame.Surface, lines: list[str], px: int, colour: Colour, band_h: int, left: int) -> None:
    """The coloured title band with the name's lines (from _name_fit) centred in it, each line
    cut to the rows the name's letters ink (its outline around them)."""
    w = card.get_width()
    inset = max(2, round(w * 0.035))
    band = pygame.Rect(inset, inset, w - 2 * inset - max(1, round(w * 0.025)), band_h)
    pygame.draw.rect(card, colour, band, border_radius=max(2, round(w * 0.06)))
    if not lines:
        return
    ink = mix(colour, INK, 0.6)
    room = band.w - left - 2 * inset
    outline = max(1, band_h // 16)
    top, bottom = _ink_rows(tuple(lines), px)
    rows = pygame.Rect(0, top, 0, bottom - top + 2 * outline)
    texts = [outlined_text(t, px, (255, 255, 255), ink, width=outline, max_width=room, narrow=True)
             for t in lines]
    y = band.y + (band.h - len(texts) * rows.h) // 2
    for text in texts:       # one under the other, ink to ink: a descender never touches an accent
        area = pygame.Rect(0, rows.y, text.get_width(), rows.h)
        card.blit(text, (band.x + left + (band.w - left - text.get_width()) // 2, y), area)
        y += rows.h


def _band_room(w: int, left: int) -> int:
    inset = max(2, round(w * 0.035))
    return w - 2 * inset - max(1, round(w * 0.025)) - left - 2 * inset


# A card is ~60-100 KB: a round deals 2 products a player, so 6 players show 12 cards, each free
# or taken by one of 6 seats = 84 (warmed ahead); 128 keeps one round whole.
@surface_cache(budget_mb=8)   # the warm-up leaves ~4 MB: 38 cards
def _product(name: str, category: str, faces: tuple[int, ...], stars: int, size: tuple[int, int],
             taken_by: tuple[str, str | None] | None) -> pygame.Surface:
    w, h = size
    colour = CATEGORY_COLOURS[category]
    card = rounded_card((w, h), PAPER, colour, border_ratio=0.03)
    # The name spans the band; the category icon sits at the bottom left, beside the stars.
    lines, px, band_h = _name_fit(name, _band_room(w, 0), round(h * 0.2), max(round(h * 0.3), TWO_LINES))
    _header(card, lines, px, colour, band_h, 0)
    icon = round(h * 0.17)
    card.blit(category_icon(category, icon), (round(w * 0.05), round(h * 0.97) - icon))
    n = max(1, len(faces))
    pad = round(w * 0.08)
    gap = round(w * 0.04)
    side = int(min((w - 2 * pad - (n - 1) * gap) / n, h * 0.36))
    row_w = n * side + (n - 1) * gap
    side = int(min(side, h * 0.74 - band_h - h * 0.04))
    y = round(band_h + (h * 0.74 - band_h - side) / 2 + h * 0.04)
    for i, face in enumerate(faces):
        x = (w - row_w) // 2 + i * (side + gap)
        if taken_by is None:
            card.blit(die_surface(face, side, "#FAFAF6"), (x, y))
        else:
            # The grabbing seat's dice sit on the slots, a little askew like real dice.
            slot = pygame.Rect(x, y, side, side).inflate(-side // 10, -side // 10)
            pygame.draw.rect(card, (226, 222, 214), slot, border_radius=side // 5)
            die = tumbling_die_surface(face, side, taken_by[0], (-7, 6, -4)[i % 3], taken_by[1])
            card.blit(die, (x, y))
    badge = _stars_badge(stars, max(NAME_MIN_PX, round(h * 0.14)))
    right_of_icon = round(w * 0.05) + icon
    bx = max(right_of_icon + 2, (w - badge.get_width()) // 2)
    card.blit(badge, (bx, round(h * 0.86) - badge.get_height() // 2))
    if taken_by is not None:
        ring = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(ring, (*hex_rgb(taken_by[0]), 255), pygame.Rect(0, 0, w - max(1, round(min(w, h) * 0.025)),
                         h - max(1, round(min(w, h) * 0.025))), max(2, round(w * 0.05)),
                         border_radius=max(2, round(min(w, h) * 0.09)))
        card.blit(ring, (0, 0))
    return card


def product_surface(name: str, category: str, faces: Sequence[int], stars: int,
                    size: int | tuple[int, int],
                    taken_by: tuple[str, str | None] | None = None) -> pygame.Surface:
    """A product card: name, category icon, the faces it needs as big dice, its stars.

    taken_by = (seat colour hex, seat shape): that seat's dice lie on the faces.
    """
    if category not in CATEGORY_COLOURS or category == "last":
        raise ValueError(f"unknown product category {category!r}; expected drink, food or snack")
    faces = tuple(int(f) for f in faces)
    for f in faces:
        _check_face(f)
    return _product(_(name), category, faces, int(stars), _card_size(size),
                    None if taken_by is None else (taken_by[0], taken_by[1]))


def _price_row(count: int, side: int, width: int) -> pygame.Surface:
    """The price of a bargain: a blank die and "x N" (dice of any face), or FREE."""
    if count == 0:
        return outlined_text(_("FREE"), round(side * 0.95), (40, 190, 110), INK, max(1, side // 12),
                             max_width=width)
    times = outlined_text(f"\u00d7{count}", round(side * 1.05), (255, 255, 255), INK,
                          max(1, side // 12))
    gap = max(1, side // 8)
    out = pygame.Surface((side + gap + times.get_width(), max(side, times.get_height())),
                         pygame.SRCALPHA)
    out.blit(price_die_surface(max(4, side)), (0, (out.get_height() - side) // 2))
    out.blit(times, (side + gap, (out.get_height() - times.get_height()) // 2))
    if out.get_width() > width > 0:
        scale = width / out.get_width()
        out = pygame.transform.smoothscale(out, (width, max(1, round(out.get_height() * scale))))
    return out


# A card is up to ~190 KB. A round's display of bargains, at the board row's size and at checkout's
# sizes with the promo on and off, is up to 42 (6 on display).
@surface_cache(budget_mb=6)   # a 6-seat match's bargains in every state: ~4 MB, 44 cards
def _bargain(name: str, base: int, promo: int | None, condition: str | None, stars: int,
             size: tuple[int, int], promo_active: bool) -> pygame.Surface:
    w, h = size
    purple = (120, 72, 170)
    card = rounded_card((w, h), (246, 240, 252), purple, border_ratio=0.03)
    band_h = round(h * 0.21)
    lines, px, band_h = _name_fit(name, _band_room(w, 0), band_h, max(band_h, TWO_LINES))
    _header(card, lines, px, purple, band_h, 0)
    pad = round(w * 0.07)
    side = round(h * 0.18)
    row_h = round(side * 1.3)
    base_y = max(round(h * 0.25), band_h + round(h * 0.03))   # under a two-line name
    base_row = pygame.Rect(pad, base_y, w - 2 * pad, row_h)
    price = _price_row(base, side, base_row.w - pad)
    card.blit(price, (base_row.centerx - price.get_width() // 2,
                      base_row.centery - price.get_height() // 2))
    if promo is not None and condition is not None:
        if promo_active:
            # The base price no longer applies: grey it out and strike it through.
            veil = pygame.Surface(base_row.size, pygame.SRCALPHA)
            veil.fill((246, 240, 252, 150))
            card.blit(veil, base_row.topleft)
            pygame.draw.line(card, (214, 48, 49), (base_row.x + pad // 2, base_row.bottom - row_h // 4),
                             (base_row.right - pad // 2, base_row.y + row_h // 4), max(2, side // 7))
        promo_row = pygame.Rect(pad // 2, base_y + row_h + round(h * 0.03), w - pad, round(row_h * 1.15))
        fill = PROMO_GLOW if promo_active else (232, 222, 244)
        pygame.draw.rect(card, fill, promo_row, border_radius=row_h // 3)
        pygame.draw.rect(card, mix(fill, INK, 0.35), promo_row, max(1, side // 12),
                         border_radius=row_h // 3)
        icon_side = round(row_h * 1.0)
        card.blit(category_icon(condition, icon_side),
                  (promo_row.x + pad // 3, promo_row.centery - icon_side // 2))
        arrow_x = promo_row.x + pad // 3 + icon_side + side // 6
        ay = promo_row.centery
        pygame.draw.polygon(card, INK, [(arrow_x, ay - side // 4), (arrow_x + side // 3, ay),
                                        (arrow_x, ay + side // 4)])
        room = promo_row.right - (arrow_x + side // 2) - pad // 3
        price = _price_row(promo, round(side * 0.9), room)
        card.blit(price, (arrow_x + side // 2 + (room - price.get_width()) // 2,
                          promo_row.centery - price.get_height() // 2))
    badge = _stars_badge(stars, max(NAME_MIN_PX, round(h * 0.13)))
    card.blit(badge, ((w - badge.get_width()) // 2, round(h * 0.875) - badge.get_height() // 2))
    return card


def bargain_surface(name: str, base: int, promo: int | None, condition: str | None, stars: int,
                    size: int | tuple[int, int], promo_active: bool = False) -> pygame.Surface:
    """A bargain card: base price as blank dice, the promo price with its condition
    icon (gold when active, base struck out), and its stars."""
    if base < 0 or (promo is not None and promo < 0):
        raise ValueError(f"a price cannot be negative: base {base}, promo {promo}")
    if condition is not None and condition not in CATEGORIES:
        raise ValueError(f"unknown condition {condition!r}; expected one of {', '.join(CATEGORIES)}")
    # Without a promo the lit and unlit cards are the same picture: one cache entry for both.
    active = bool(promo_active) and promo is not None and condition is not None
    return _bargain(_(name), int(base), promo, condition, int(stars), _card_size(size), active)


# ---------------------------------------------------------------- tokens
@lru_cache(maxsize=64)
def token_surface(size: int) -> pygame.Surface:
    """A change token: a gold coin with a milled rim and an embossed 1."""
    check_size(size)
    ss = supersample(size)
    big = size * ss
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    outline = max(1.0, size * 0.05) * ss
    c = big / 2
    r = c - outline - ss
    rim = mix(GOLD, INK, 0.3)
    pygame.draw.circle(surf, rim, (c, c + r * 0.06), r)
    pygame.draw.circle(surf, GOLD, (c, c - r * 0.02), r * 0.94)
    for i in range(24):  # milled edge
        a = 2 * math.pi * i / 24
        p1 = (c + math.cos(a) * r * 0.86, c - r * 0.02 + math.sin(a) * r * 0.86)
        p2 = (c + math.cos(a) * r * 0.93, c - r * 0.02 + math.sin(a) * r * 0.93)
        pygame.draw.line(surf, mix(GOLD, INK, 0.18), p1, p2, max(1, round(r * 0.05)))
    pygame.draw.circle(surf, mix(GOLD, (255, 255, 255), 0.25), (c, c - r * 0.02), r * 0.72)
    pygame.draw.circle(surf, mix(GOLD, INK, 0.15), (c, c - r * 0.02), r * 0.72, max(1, round(r * 0.05)))
    one = text_surface("1", round(r * 1.25), mix(GOLD, INK, 0.45))
    shine = text_surface("1", round(r * 1.25), (255, 246, 210))
    surf.blit(shine, (c - one.get_width() / 2 - r * 0.03, c - one.get_height() / 2 - r * 0.05))
    surf.blit(one, (c - one.get_width() / 2 + r * 0.02, c - one.get_height() / 2 + r * 0.01))
    return shrink(with_outline(surf, INK, outline), (size, size))


# Re-exported so a scene can take all the Check Out! pieces from this module.
__all__ = ["CATEGORIES", "CATEGORY_COLOURS", "bag_icon", "bargain_surface", "category_icon",
           "die_surface", "price_die_surface", "product_surface", "seat_shape_surface",
           "star_icon", "token_surface", "tumbling_die_surface", "warm_dice"]


TUMBLE_STEP = 15   # degrees between the turns warm_dice prepares: in motion 15 looks as smooth as 5


def warm_dice(seats: Sequence[tuple[str, str | None]], size: int, tumble: bool = True) -> int:
    """Draw every face (and, with tumble, every TUMBLE_STEP-degree turn) of each seat's dice
    ahead of time so the roll animation never draws mid-frame.  seats: (colour hex,
    shape) pairs.  Returns how many surfaces were prepared."""
    count = 0
    for colour, shape in seats:
        for face in PIPS:
            die_surface(face, size, colour, shape)
            count += 1
            if tumble:
                for angle in range(0, 360, TUMBLE_STEP):
                    tumbling_die_surface(face, size, colour, angle, shape)
                    count += 1
    return count
