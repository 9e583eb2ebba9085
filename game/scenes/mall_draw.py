"""Drawing the mall itself: piles, avatars, the Starting Table, dressers, previews, shutters.

Reads the simulation, never changes it. Everything that does not move is
rendered once (the scaled level); sprites are built once per seat or fetched
from the art caches (clothing.py / icons.py cache by arguments).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core.seats import SeatIdentity
from game.render.clothing import card_back_surface, mark_surface, objective_art, pile_surface
from game.render.icons import INK, outlined_text, seat_shape_surface
from game.scenes.mall_layout import MallLayout
from game.sim.tuning import FP

if TYPE_CHECKING:
    from game.sim.mall import MallSim

SHUTTER = (118, 126, 140)
SHUTTER_LINE = (84, 90, 104)
PREVIEW_BAD = (214, 48, 49)


def _hex(colour: tuple[int, int, int]) -> str:
    return "#%02X%02X%02X" % colour


def stack_tags(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Name-tag rects moved up just enough that none overlaps another.

    The last rect (the front-most avatar) keeps its place; the ones behind it
    step upwards past any tag already placed.
    """
    placed: list[pygame.Rect] = []
    for rect in reversed(rects):
        moved = rect.copy()
        hit = moved.collidelist(placed)
        while hit >= 0:
            moved.bottom = placed[hit].top
            hit = moved.collidelist(placed)
        placed.append(moved)
    return placed[::-1]


class AvatarSprite:
    """One seat's avatar images at the map's scale: body, shadow, name tag."""

    def __init__(self, identity: SeatIdentity, name: str, scale: float, bot: bool) -> None:
        self.identity = identity
        self.size = max(18, round(34 * scale))
        self.body = seat_shape_surface(identity.shape, _hex(identity.colour), self.size)
        shadow = pygame.Surface((self.size, self.size // 2), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 90), shadow.get_rect())
        self.shadow = shadow
        self.tag = outlined_text(name, max(16, round(22 * scale)), identity.colour, INK, width=2)
        self.nose = max(3, self.size // 7)


class MapView:
    """Draws the level and everything on it into the layout's map rect."""

    def __init__(self, sim: "MallSim", layout: MallLayout, identities: dict[int, SeatIdentity],
                 names: dict[int, str], colourblind: bool = False) -> None:
        self.layout = layout
        self.colourblind = colourblind
        s = layout.scale
        self.scale = s
        self.sprites = {seat: AvatarSprite(identities[seat], names[seat], s, sim.by_seat[seat].bot)
                        for seat in sim.seats}
        self.pile_size = (max(24, round(46 * s)), max(28, round(54 * s)))
        self.mini_pile = (max(14, round(24 * s)), max(16, round(28 * s)))
        self.mini_card = (max(10, round(16 * s)), max(13, round(21 * s)))
        self.table_back = (max(10, round(18 * s)), max(13, round(24 * s)))
        self.dresser_card = (max(80, round(132 * s)), max(46, round(72 * s)))
        self.badge = max(12, round(18 * s))
        self.count_px = max(16, round(20 * s))
        self._badges: dict[int, pygame.Surface] = {}
        self._numbers: dict[int, pygame.Surface] = {}

    # ------------------------------------------------------------------ helpers
    def at(self, x: float, y: float, shake: tuple[int, int] = (0, 0)) -> tuple[int, int]:
        sx, sy = self.layout.to_screen(x, y)
        return sx + shake[0], sy + shake[1]

    # ------------------------------------------------------------------ piles
    def draw_piles(self, surface: pygame.Surface, sim: "MallSim", shake: tuple[int, int]) -> None:
        pw, ph = self.pile_size
        for pid, x, y in sim.floor_piles():
            count = sim.pile_count(pid)
            if count <= 0:
                continue
            cx, cy = self.at(x, y, shake)
            left, top = cx - pw // 2, cy - ph + pw // 3
            surface.blit(pile_surface(count, (pw, ph)), (left, top))
            badge = self._count_badge(count)
            bx, by = self._number_spot(count)
            surface.blit(badge, (left + bx - badge.get_width() // 2, top + by - badge.get_height() // 2))

    def _number_spot(self, count: int) -> tuple[int, int]:
        """Where pile_surface prints the count (bottom right of the top card): our badge covers it.
        Mirrors clothing._pile's geometry."""
        w, h = self.pile_size
        step = max(1.0, h * 0.035)
        card_h = max(4, round(h - 10 * step - h * 0.04))
        bottom = h - card_h - round(h * 0.02)
        top = round(bottom - (min(count, 10) - 1) * step)
        return w - round(card_h * 0.22), min(h, top + card_h + round(h * 0.06)) - round(card_h * 0.22)

    def _count_badge(self, count: int) -> pygame.Surface:
        """The pile's card count, big enough to read from the sofa: white on a dark disc."""
        badge = self._badges.get(count)
        if badge is None:
            text = outlined_text(str(count), self.count_px + 2, (255, 255, 255), INK, width=1)
            d = max(text.get_width(), text.get_height()) + 2
            badge = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(badge, (32, 26, 46), (d // 2, d // 2), d // 2)
            pygame.draw.circle(badge, (255, 255, 255), (d // 2, d // 2), d // 2, 2)
            badge.blit(text, text.get_rect(center=(d // 2, d // 2)))
            self._badges[count] = badge
        return badge

    def draw_previews(self, surface: pygame.Surface, previews: dict[int, tuple[int, int, bool]],
                      shake: tuple[int, int]) -> None:
        """Where each held pile would land on B: a dashed frame in the seat's colour (red if no room)."""
        half = max(8, round(12 * self.scale))
        for seat, (x, y, legal) in previews.items():
            cx, cy = self.at(x, y, shake)
            rect = pygame.Rect(cx - half, cy - half, 2 * half, 2 * half)
            colour = self.sprites[seat].identity.colour if legal else PREVIEW_BAD
            _dashed_rect(surface, colour, rect)
            if not legal:
                pygame.draw.line(surface, PREVIEW_BAD, rect.topleft, rect.bottomright, 3)
                pygame.draw.line(surface, PREVIEW_BAD, rect.topright, rect.bottomleft, 3)

    # ------------------------------------------------------------------ the Starting Table
    def draw_table(self, surface: pygame.Surface, sim: "MallSim", shake: tuple[int, int]) -> None:
        """Rush: delivered cards lie face down per side; right or wrong stays secret until results."""
        if sim.mode != "rush":
            return
        tx, ty, tw, th = sim.level.table_rect
        x0, y0 = self.at(tx, ty, shake)
        w, h = round(tw * self.scale), round(th * self.scale)
        sides = sim.round.sides
        cols = min(3, sides)
        rows = (sides + cols - 1) // cols
        cell_w, cell_h = w // cols, h // rows
        back = card_back_surface(self.table_back)
        bw, bh = self.table_back
        for side in range(sides):
            members = sim.round.members(side)
            cards = sum(len(slot.placed) for slot in sim.round.tables[side])
            cx = x0 + (side % cols) * cell_w + cell_w // 2
            cy = y0 + (side // cols) * cell_h + cell_h // 2
            seat = sim.seats[members[0]]
            badge = seat_shape_surface(self.sprites[seat].identity.shape,
                                       _hex(self.sprites[seat].identity.colour), self.badge)
            if cards == 0:
                surface.blit(badge, (cx - self.badge // 2, cy - self.badge // 2))
                continue
            span = min(cell_w - bw - 8, (cards - 1) * (bw // 2 + 2))
            step = span / max(1, cards - 1)
            left = cx - (span + bw) // 2
            for i in range(cards):
                surface.blit(back, (round(left + i * step), cy - bh // 2 + (i % 2) * 2))
            surface.blit(badge, (left - self.badge // 2, cy - bh // 2 - self.badge // 3))

    # ------------------------------------------------------------------ dressers (Tidying Up)
    def draw_dressers(self, surface: pygame.Surface, sim: "MallSim", shake: tuple[int, int]) -> None:
        if sim.mode != "tidy":
            return
        rnd = sim.round
        cat = sim.catalogue
        cw, ch = self.dresser_card
        top_limit = self.layout.map_rect.y
        for d in sim.dressers:
            slot = rnd.dressers[d.index]
            objective = cat.objectives[slot.card]
            filled = [rnd.filled(d.index, item) for item in objective.items]
            card = objective_art(objective, cat, (cw, ch), filled=filled, colourblind=self.colourblind,
                                 title="DRESSER")
            cx, cy = self.at(d.x, d.y, shake)
            half_tile = round(16 * self.scale)
            y = cy - half_tile - ch - 2
            if y < top_limit:
                y = cy + half_tile + 2
            x = max(self.layout.map_rect.x, min(self.layout.map_rect.right - cw, cx - cw // 2))
            surface.blit(card, (x, y))
            self._dresser_counts(surface, sim, d.index, x, y + ch - 2, cw)

    def _dresser_counts(self, surface: pygame.Surface, sim: "MallSim", dresser: int,
                        x: int, y: int, width: int) -> None:
        """Each side's count at this dresser: its badge and the number (right minus wrong)."""
        counts = sim.round.dresser_counts(dresser)
        shown = [(side, n) for side, n in enumerate(counts) if n or self._placed_by(sim, dresser, side)]
        if not shown:
            return
        b = self.badge
        step = b + self.count_px
        left = x + (width - step * len(shown)) // 2
        strip = pygame.Rect(left - 3, y, step * len(shown) + 6, b + 4)
        pygame.draw.rect(surface, (32, 26, 46), strip, border_radius=6)
        for i, (side, n) in enumerate(shown):
            seat = sim.seats[sim.round.members(side)[0]]
            ident = self.sprites[seat].identity
            surface.blit(seat_shape_surface(ident.shape, _hex(ident.colour), b), (left + i * step, y + 2))
            num = self._numbers.get(n)
            if num is None:
                num = self._numbers[n] = outlined_text(str(n), self.count_px, (255, 255, 255), INK, width=1)
            surface.blit(num, (left + i * step + b + 1, y + 2 + (b - num.get_height()) // 2))

    @staticmethod
    def _placed_by(sim: "MallSim", dresser: int, side: int) -> bool:
        rnd = sim.round
        return any(rnd.side(p) == side for _, p in rnd.dressers[dresser].placed)

    # ------------------------------------------------------------------ avatars
    def draw_avatars(self, surface: pygame.Surface, sim: "MallSim", alpha: float,
                     shake: tuple[int, int], tick: int) -> None:
        order = sorted(sim.avatars, key=lambda a: a.body.y)  # lower on screen = in front
        tags: list[tuple[pygame.Surface, pygame.Rect]] = []
        for av in order:
            sprite = self.sprites[av.seat]
            b = av.body
            x = (b.prev_x + (b.x - b.prev_x) * alpha) / FP
            y = (b.prev_y + (b.y - b.prev_y) * alpha) / FP
            cx, cy = self.at(x, y, shake)
            size = sprite.size
            moving = (b.x != b.prev_x or b.y != b.prev_y) and sim.phase == "playing"
            bob = round(abs(math.sin((tick + alpha) * 0.35)) * 3) if moving else 0
            surface.blit(sprite.shadow, (cx - size // 2, cy + size // 4))
            top = cy - size // 2 - bob
            surface.blit(sprite.body, (cx - size // 2, top))
            fx, fy = av.facing
            if fx or fy:
                nx = cx + round(fx * size * 0.42)
                ny = cy - bob + round(fy * size * 0.42)
                pygame.draw.circle(surface, INK, (nx, ny), sprite.nose + 1)
                pygame.draw.circle(surface, (255, 255, 255), (nx, ny), sprite.nose - 1)
            self._carrying(surface, sim, av.seat, cx, top, size)
            if av.y_ticks and sim.mode == "memory" and sim.phase == "playing":
                _hold_ring(surface, sim.sold_out_hold(av.seat), (cx, cy - bob), size)
            tag = sprite.tag
            rect = tag.get_rect(midbottom=(cx, top + 2 - (self.mini_pile[1] // 2 if self._has_load(sim, av.seat) else 0)))
            tags.append((tag, rect))
            if sim.phase == "study" and av.ready:
                mark = mark_surface("right", max(14, size // 2))
                surface.blit(mark, (cx + size // 4, top - 4))
        # Names last, above every body, and never on top of each other (avatars often bunch up).
        for (tag, _), rect in zip(tags, stack_tags([rect for _, rect in tags])):
            surface.blit(tag, rect)

    @staticmethod
    def _has_load(sim: "MallSim", seat: int) -> bool:
        return sim.held_pile(seat) is not None or sim.carried(seat) is not None

    def _carrying(self, surface: pygame.Surface, sim: "MallSim", seat: int, cx: int, top: int, size: int) -> None:
        """A held pile or a carried card rides above the avatar's head."""
        pile = sim.held_pile(seat)
        if pile is not None:
            pw, ph = self.mini_pile
            surface.blit(pile_surface(sim.pile_count(pile), (pw, ph)), (cx - pw // 2, top - ph + size // 4))
        elif sim.carried(seat) is not None:
            w, h = self.mini_card
            surface.blit(card_back_surface((w, h)), (cx - w // 2, top - h + size // 4))

    # ------------------------------------------------------------------ the entrance
    def draw_shutter(self, surface: pygame.Surface, sim: "MallSim", shake: tuple[int, int]) -> None:
        """Closed during the study phase; rises during the countdown; gone once the doors open."""
        if sim.phase == "study":
            openness = 0.0
        elif sim.phase == "countdown":
            total = max(1, sim.t.countdown_ticks)
            openness = 1.0 - sim.phase_ticks_left() / total
        else:
            return
        ex, ey, ew, eh = sim.level.entrance
        x, y = self.at(ex, ey, shake)
        w, h = round(ew * self.scale), round(eh * self.scale)
        cover = round(h * (1.0 - openness))
        if cover <= 0:
            return
        rect = pygame.Rect(x - 4, y, w + 8, cover)
        pygame.draw.rect(surface, SHUTTER, rect)
        step = max(3, round(6 * self.scale))
        for ly in range(rect.y + step, rect.bottom - 5, step):
            pygame.draw.line(surface, SHUTTER_LINE, (rect.x, ly), (rect.right - 1, ly), 2)
        # The shutter's bottom bar: caution stripes, so the rising edge reads from the sofa.
        bar = pygame.Rect(rect.x, rect.bottom - 6, rect.w, 6)
        pygame.draw.rect(surface, (255, 196, 40), bar)
        for bx in range(bar.x, bar.right, 12):
            pygame.draw.polygon(surface, INK, [(bx, bar.bottom), (bx + 6, bar.y), (bx + 10, bar.y), (bx + 4, bar.bottom)])
        pygame.draw.rect(surface, INK, rect, 2)


def _hold_ring(surface: pygame.Surface, frac: float, centre: tuple[int, int], size: int) -> None:
    """Memory: how far a held Y is towards SOLD OUT!, a ring filling clockwise around the avatar."""
    radius = round(size * 0.85)
    rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = centre
    pygame.draw.circle(surface, INK, centre, radius, 7)
    if frac > 0:
        start = math.pi / 2 - 2 * math.pi * frac
        pygame.draw.arc(surface, (255, 193, 69), rect.inflate(-2, -2), start, math.pi / 2, 5)


def _dashed_rect(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect) -> None:
    dash = 5
    for x in range(rect.left, rect.right, dash * 2):
        pygame.draw.line(surface, colour, (x, rect.top), (min(x + dash, rect.right), rect.top), 3)
        pygame.draw.line(surface, colour, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom), 3)
    for y in range(rect.top, rect.bottom, dash * 2):
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, min(y + dash, rect.bottom)), 3)
        pygame.draw.line(surface, colour, (rect.right, y), (rect.right, min(y + dash, rect.bottom)), 3)
