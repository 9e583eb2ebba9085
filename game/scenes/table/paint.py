"""Small drawing helpers shared by the table's painters: cached outlined text,
seat colours as hex, blank dice, wrapped lines, tumbling faces."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.match.seats import SeatIdentity
from game.render import widgets
from game.render.icons import INK, font, mix, outlined_text
from game.render.keytext import keyed_text
from game.render.widgets import wrap
from game.render.palette import BARGAIN_PAPER, BARGAIN_WINDOW, GOOD, PURPLE, TABLE_DIM, WHITE, WRONG_POP

if TYPE_CHECKING:
    from game.render.ui import UI

RED_TEXT = WRONG_POP
DIM = TABLE_DIM
GREEN = GOOD


class TableKeys:
    """What each seat presses for each button (its keyboard half's keys or its pad's names; the
    scene fills it in and refreshes it after Settings), and what everyone presses, for the texts
    the whole table reads. Texts naming buttons are drawn with the right caps (keytext)."""

    def __init__(self, ui: "UI", seats: int) -> None:
        self.ui = ui
        self.seats: list[dict[str, str]] = [{} for _ in range(seats)]
        self.shared: dict[str, list[str]] = {}
        self.side_by_side: set[int] = set()   # seats sharing one keyboard: their bid shows as a glimpse

    def key(self, seat: int, button: str) -> str:
        """What this seat presses for a pad button: "X" on a pad, "E" or "RCtrl" on a keyboard."""
        return self.of(seat).get(button, button)

    def of(self, seat: int) -> dict[str, str]:
        return self.seats[seat] if 0 <= seat < len(self.seats) else {}

    def names(self, seat: int | None = None) -> dict[str, list[str]]:
        """Button -> what is pressed for it: one seat's own key (`seat`), else everyone's."""
        return {b: [n] for b, n in self.of(seat).items()} if seat is not None else self.shared

    def caps(self, text: str, px: int, colour: tuple[int, int, int], seat: int | None = None,
             width: int = 0) -> pygame.Surface:
        """`text` outlined, its button words as caps: one seat's own (`seat`), else everyone's."""
        return keyed_text(self.ui, text, px, colour, self.names(seat), width, outline=2)


class Texts:
    """Outlined text surfaces, cached by their arguments (cleared when it grows large)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._lines: dict[tuple[object, ...], list[str]] = {}

    def get(self, text: str, px: int, colour: tuple[int, int, int] = WHITE, outline: int = 2,
            max_width: int | None = None) -> pygame.Surface:
        key = (text, px, colour, outline, max_width)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 400:
                self._cache.clear()
            surf = outlined_text(text, px, colour, INK, width=outline, max_width=max_width)
            self._cache[key] = surf
        return surf

    def blit(self, surface: pygame.Surface, text: str, px: int, colour: tuple[int, int, int] = WHITE,
             outline: int = 2, max_width: int | None = None, **anchor: object) -> pygame.Rect:
        image = self.get(text, px, colour, outline, max_width)
        rect = image.get_rect(**anchor)
        surface.blit(image, rect)
        return rect

    def lines(self, text: str, px: int, width: int) -> list[str]:
        """Words wrapped into lines no wider than `width` at size px (cached)."""
        key = (text, px, width)
        cached = self._lines.get(key)
        if cached is not None:
            return cached
        if len(self._lines) > 300:
            self._lines.clear()
        out = wrap(text, lambda t: font(px).size(t)[0] <= width)   # measured, not rendered: no surface kept
        self._lines[key] = out
        return out


@lru_cache(maxsize=64)
def blank_die(size: int, colour: tuple[int, int, int], mark: str = "") -> pygame.Surface:
    """A die in a seat's colour with no face (not rolled yet, or a die in the queue)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, size, size).inflate(-2, -2)
    radius = max(3, size // 5)
    pygame.draw.rect(surf, INK, rect.move(0, 2), border_radius=radius)
    pygame.draw.rect(surf, colour, rect, border_radius=radius)
    pygame.draw.rect(surf, mix(colour, INK, 0.5), rect, max(2, size // 16), border_radius=radius)
    if mark:
        text = outlined_text(mark, round(size * 0.7), WHITE, INK, width=max(1, size // 20))
        surf.blit(text, text.get_rect(center=rect.center))
    return surf


@lru_cache(maxsize=32)
def empty_slot(size: int) -> pygame.Surface:
    """Where a die was: a faint dashed square."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, size, size).inflate(-6, -6)
    pygame.draw.rect(surf, (*WHITE, 50), rect, 2, border_radius=max(3, size // 5))
    return surf


def tumble_face(tick: int, seat: int, die: int) -> int:
    """The face a tumbling die flashes this frame (drawing only; the real face is hidden)."""
    return (tick // 4 + die * 2 + seat) % 6 + 1


TUMBLE_STEP = 15   # degrees: a tumble shows 24 turned images per face, all cached


def tumble_angle(tick: int, die: int) -> float:
    return (tick * 2 + die * 5) % 24 * TUMBLE_STEP


def bounce(tick: int, die: int, height: int) -> int:
    return -round(abs(math.sin((tick + die * 5) * 0.35)) * height)


@lru_cache(maxsize=16)
def bargain_glyph(size: int) -> pygame.Surface:
    """A tiny purple bargain card (the seat panel's bargain count)."""
    w, h = round(size * 0.78), size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, w, h).inflate(-2, -2)
    pygame.draw.rect(surf, INK, rect.move(0, 1), border_radius=4)
    pygame.draw.rect(surf, BARGAIN_PAPER, rect, border_radius=4)
    pygame.draw.rect(surf, PURPLE, rect, 2, border_radius=4)
    pygame.draw.rect(surf, PURPLE, (rect.x, rect.y, rect.w, h // 4), border_radius=3)
    pygame.draw.rect(surf, BARGAIN_WINDOW, (rect.centerx - h // 6, h // 2 - h // 8, h // 3, h // 3),
                     border_radius=3)
    pygame.draw.rect(surf, INK, (rect.centerx - h // 6, h // 2 - h // 8, h // 3, h // 3), 1, border_radius=3)
    return surf


def rounded_veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (20, 14, 12, alpha), veil.get_rect(), border_radius=max(4, size[0] // 11))
    return veil


_BADGES: dict[tuple[object, ...], pygame.Surface] = {}


def badge(identity: SeatIdentity, radius: int) -> pygame.Surface:
    """The seat's shape badge drawn once onto its own surface (blit it centred)."""
    key = (identity.index, radius)
    surf = _BADGES.get(key)
    if surf is None:
        side = radius * 2 + 2 * max(3, radius // 6) + 8
        surf = pygame.Surface((side, side), pygame.SRCALPHA)
        widgets.seat_badge(surf, identity, (side // 2, side // 2), radius)
        _BADGES[key] = surf
    return surf


def blit_badge(surface: pygame.Surface, identity: SeatIdentity, centre: tuple[int, int], radius: int) -> None:
    image = badge(identity, radius)
    surface.blit(image, image.get_rect(center=centre))
