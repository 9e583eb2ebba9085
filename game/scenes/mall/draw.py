"""Drawing the mall itself: piles, avatars, the Starting Table, dressers, previews, shutters.

Reads the simulation, never changes it. Everything that does not move is
rendered once (the scaled level); sprites are built once per seat or fetched
from the art caches (clothing.py / icons.py cache by arguments).
"""
from __future__ import annotations

import math
import time
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.match.seats import SeatIdentity
from game.render.cast import Character, default_for
from game.render.clothing import card_back_surface, look_of, mark_surface, pile_surface
from game.render import teams
from game.render.figure import Figure, Look, figure
from game.render.poses import FRAMES
from game.render.icons import INK, outlined_text, seat_shape_surface
from game.render.palette import CAUTION, GOLD, PAPER_EDGE, PREVIEW_BAD, SHUTTER, SHUTTER_LINE
from game.rules.soldout.family import Destination
from game.scenes.mall.counts import MapCounts
from game.scenes.mall.card_spots import CardSpots, pile_rect
from game.scenes.mall.crowd import Apart
from game.scenes.mall.floor_map import FloorMap
from game.scenes.mall.layout import MallLayout
from game.scenes.mall.locator import Fades, locator_surface
from game.sim.tuning import FP

if TYPE_CHECKING:
    from typing import Iterator, Sequence

    from game.scenes.mall.fx import MallFx
    from game.sim.mall_face import AvatarFace, MallForMap, MallForTeams

LOCATOR_GOLD = PAPER_EDGE   # a dresser's chair ring and leader line: the locator's border colour


def stack_tags(rects: list[pygame.Rect], obstacles: list[pygame.Rect] | None = None,
               bounds: pygame.Rect | None = None) -> list[pygame.Rect]:
    """Name-tag rects moved just enough that none overlaps another or an obstacle.

    The last rect (the front-most avatar) keeps its place unless it sits on an obstacle (other
    text on the map, e.g. a dresser's count strip or a pile's count); each one behind it takes the
    nearest free spot round where it wants to be: a step or two up, or half a tag to a side (a
    crowd's names fan out into a compact cluster, not a tower with long leader lines). Never out
    of `bounds` (the map): a tag is never cut off.
    """
    fixed = list(obstacles or [])
    placed: list[pygame.Rect] = []
    for rect in reversed(rects):
        want = rect.copy()
        if bounds is not None:
            want.clamp_ip(bounds)
        blockers = placed + fixed
        spot = _free_spot(want, blockers, bounds)
        placed.append(spot if spot is not None else _stacked(want, blockers, bounds))
    return placed[::-1]


# Where a tag may go round its shopper, in tag heights up (negative: down) and tag widths aside,
# with what each costs: up is cheapest, aside a little dearer, down (over the body) dearest.
_UP = (*range(0, 9), -1, -2)
_ASIDE = (0.0, 0.55, -0.55, 1.05, -1.05, 1.55, -1.55)
ASIDE_COST, DOWN_COST = 1.6, 3.0


def _free_spot(want: pygame.Rect, blockers: list[pygame.Rect], bounds: pygame.Rect | None) -> pygame.Rect | None:
    """The cheapest free spot near `want`: on a grid of steps, or just clear of a blocker's edge
    straight up or straight aside (a tag moves no further than it must)."""
    if (bounds is None or bounds.contains(want)) and want.collidelist(blockers) < 0:
        return want      # the usual case: nothing in the way
    step_y, step_x = want.h + 2, want.w + 4
    moves = list(_grid(step_y, step_x))
    for b in blockers:
        if 0 < want.bottom - b.top <= 8 * step_y:
            moves.append((_cost(want.bottom - b.top, 0, step_y, step_x), want.bottom - b.top, 0))
        for dx in (b.right - want.left, b.left - want.right):
            if 0 < abs(dx) <= 1.6 * step_x:
                moves.append((_cost(0, dx, step_y, step_x), 0, dx))
    moves.sort()
    for _cost_, up, aside in moves:
        spot = want.move(aside, -up)
        if (bounds is None or bounds.contains(spot)) and spot.collidelist(blockers) < 0:
            return spot
    return None


def _cost(up: int, aside: int, step_y: int, step_x: int) -> float:
    return (up if up >= 0 else -DOWN_COST * up) / step_y + ASIDE_COST * abs(aside) / step_x


@lru_cache(maxsize=32)
def _grid(step_y: int, step_x: int) -> tuple[tuple[float, int, int], ...]:
    """The grid of spots round a tag of one size, as (cost, up, aside) (the same few sizes recur)."""
    moves = [(up * step_y, round(aside * step_x)) for up in _UP for aside in _ASIDE]
    return tuple((_cost(up, aside, step_y, step_x), up, aside) for up, aside in moves)


def _stacked(rect: pygame.Rect, blockers: list[pygame.Rect], bounds: pygame.Rect | None) -> pygame.Rect:
    """No free spot near: straight up past whatever is in the way (down from the map's top)."""
    moved = rect.copy()
    hit = moved.collidelist(blockers)
    while hit >= 0:
        moved.bottom = blockers[hit].top
        hit = moved.collidelist(blockers)
    if bounds is not None and moved.top < bounds.top:
        moved = rect.copy()
        hit = moved.collidelist(blockers)
        while hit >= 0:
            moved.top = blockers[hit].bottom
            hit = moved.collidelist(blockers)
    return moved


POP_PX = 30      # "+1" and "3/5" over a landed card
CROWD_GAP = 1.15    # shoppers are drawn at least this many sprite sizes apart (a character is wider than a token)...
CROWD_LIMIT = 1.4   # ...each moved no more than this many sprite sizes from where it stands
CROWD_EASE = 0.3    # of the way to its new offset per tick
AVATAR_MIN = 40   # px on screen at any scale: a shopper you find in under a second from the sofa
TAG_MIN = 28      # name tag size: 18.5 px letters at 720p (docs/READABILITY.md's floor is 16)
TAG_PX = 32       # ...and at the map's scale 1 (a 2.5 m sofa reads it at 1080p too)


class AvatarSprite:
    """One seat's shopper at the map's scale: its character (game/render/figure.py) in the seat's
    colour and shape, a shadow with a ring in the seat's colour under it (the always-on "that's me"
    marker), its name tag. In a team game the shadow wears the team's band round the ring and the
    name tag its emblem (game/render/teams.py)."""

    def __init__(self, identity: SeatIdentity, name: str, scale: float, bot: bool, team: int | None = None,
                 character: Character | None = None, colourblind: bool = False) -> None:
        self.identity = identity
        self.team = team
        self.character = character or default_for(identity.index)
        self.look = Look(identity.hex, identity.shape, identity.index if colourblind else None)
        self.size = max(AVATAR_MIN, round(40 * scale))
        w, h = self.size + 12, (self.size + 12) // 2
        shadow = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
        pygame.draw.ellipse(shadow, (*INK, 255), shadow.get_rect(), 5)
        pygame.draw.ellipse(shadow, (*identity.colour, 255), shadow.get_rect().inflate(-2, -2), 3)
        tag = outlined_text(name, max(TAG_MIN, round(TAG_PX * scale)), identity.colour, INK, width=3)
        if team is not None:
            shadow = _banded(shadow, team)
            tag = _emblemed(tag, team)
        self.shadow = shadow
        self.tag = tag
        self.shown = self.figure("idle", 0, False)     # the frame drawn last (its outline shows through)...
        self.drawn: pygame.Rect | None = None           # ...and where it was drawn, this frame

    def figure(self, state: str, frame: int, left: bool) -> Figure:
        return figure(self.character, self.look, self.size, state, frame, left)

    @property
    def body(self) -> pygame.Surface:
        """The shopper standing still (what a picture of it shows)."""
        return self.figure("idle", 0, False).surface

    def outline_at(self, w: int, h: int) -> list[tuple[int, int]]:
        """The last drawn frame's silhouette fitted to w x h, as points (the see-through outline)."""
        pts = self.shown.outline()
        fw, fh = self.shown.surface.get_size()
        if (fw, fh) == (w, h):
            return pts
        return [(round(x * w / fw), round(y * h / fh)) for x, y in pts]


TEAM_BAND = 7     # px: the band round a team member's shadow


def _banded(shadow: pygame.Surface, team: int) -> pygame.Surface:
    """The shadow inside the team's band (solid, striped or dotted: told apart without colour)."""
    w, h = shadow.get_width() + 2 * TEAM_BAND, shadow.get_height() + 2 * TEAM_BAND
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(teams.ring(team, w, h, TEAM_BAND - 1), (0, 0))
    out.blit(shadow, (TEAM_BAND, TEAM_BAND))
    return out


def _emblemed(tag: pygame.Surface, team: int) -> pygame.Surface:
    """A name tag with the team's emblem before the name."""
    mark = teams.emblem(team, tag.get_height() - 2)
    out = pygame.Surface((mark.get_width() + 2 + tag.get_width(), max(mark.get_height(), tag.get_height())),
                         pygame.SRCALPHA)
    out.blit(mark, mark.get_rect(midleft=(0, out.get_height() // 2)))
    out.blit(tag, tag.get_rect(midleft=(mark.get_width() + 2, out.get_height() // 2)))
    return out


class Sightlines:
    """One frame's shoppers in drawing order (sprite, w, h, body rect, its index among the
    occluders) and everything drawn that may hide one: their bodies and the loads over their heads."""

    def __init__(self) -> None:
        self.drawn: list[tuple[AvatarSprite, int, int, pygame.Rect, int]] = []
        self.occluders: list[pygame.Rect] = []

    def shopper(self, sprite: AvatarSprite, w: int, h: int, body: pygame.Rect) -> None:
        self.drawn.append((sprite, w, h, body, len(self.occluders)))
        self.occluders.append(body)

    def load(self, rect: pygame.Rect) -> None:
        self.occluders.append(rect)


class MapView:
    """Draws the level and everything on it into the layout's map rect."""

    def __init__(self, sim: "MallForMap", layout: MallLayout, identities: dict[int, SeatIdentity],
                 names: dict[int, str], colourblind: bool = False, cast: dict[int, Character] | None = None) -> None:
        self.layout = layout
        self.colourblind = colourblind
        s = layout.scale
        self.scale = s
        self.team_of = seat_teams(sim)
        self.sprites = {seat: AvatarSprite(identities[seat], names[seat], s, sim.by_seat[seat].bot,
                                           self.team_of.get(seat), (cast or {}).get(seat), colourblind)
                        for seat in sim.seats}
        self.pile_size = (max(42, round(50 * s)), max(49, round(58 * s)))
        self.mini_pile = (max(24, round(28 * s)), max(28, round(33 * s)))
        self.mini_card = (max(20, round(22 * s)), max(26, round(29 * s)))
        self.table_back = (max(16, round(18 * s)), max(21, round(24 * s)))
        self._locators: dict[tuple[str, tuple[bool, ...]], pygame.Surface] = {}   # per card and ticks
        self.fades = Fades()                  # each locator's opacity (render only)
        self.fly_card = (max(26, round(30 * s)), max(34, round(40 * s)))
        self.badge = max(16, round(18 * s))
        # a dresser's count strip: each side's badge (a team's emblem is taller) and its number
        self.strip_h = max([self.badge, *(teams.emblem(t, self.badge + 4).get_height()
                                          for t in sorted(set(self.team_of.values())))]) + 4
        self.counts = MapCounts(max(18, round(20 * s)), self.strip_h)   # piles' and dressers' counts
        self.tag_rects: list[pygame.Rect] = []   # this frame's name tags and count strips (text to avoid)
        self.body_rects: list[pygame.Rect] = []  # this frame's shoppers (banners go around them)
        self._tags: list[tuple[pygame.Surface, pygame.Rect, pygame.Rect, tuple[int, int, int]]] = []
        self._words: list[pygame.Rect] = []  # this frame's other text on the map (strips, shop signs)
        self._pings: list[float] = []        # per tag: how far through its "you are here" pulse (-1: none)
        self.apart = Apart(CROWD_EASE)       # a crowd drawn apart (render only)
        self.shown_at: dict[int, tuple[int, int]] = {}        # per seat: where its shopper was drawn
        self.sight = Sightlines()             # who may hide whom this frame
        self.card_spots = CardSpots(self.at, layout.map_rect, s, self.pile_size, self.strip_h)   # Tidying Up's
        self._ahead = self._frames_ahead()    # the shoppers' everyday frames, drawn in idle time (warm_figures)

    def set_colourblind(self, on: bool) -> None:
        """Colour-blind mode switched in Settings mid-match: the locators and the shoppers follow."""
        self.colourblind = on
        self._locators.clear()
        for sprite in self.sprites.values():
            sprite.look = Look(sprite.identity.hex, sprite.identity.shape, sprite.identity.index if on else None)
        self._ahead = self._frames_ahead()

    def _frames_ahead(self) -> "Iterator[tuple[AvatarSprite, str, int, bool]]":
        """Every seat's standing, walking and carrying frames, both ways: what a round draws most."""
        for state in ("idle", "walk", "carry"):
            for frame in range(FRAMES[state]):
                for left in (False, True):
                    for sprite in self.sprites.values():
                        yield sprite, state, frame, left

    def warm_figures(self, until: float) -> bool:
        """Draw the shoppers' everyday frames ahead, until `until` (perf_counter), so no frame of
        play pays for a first drawing; False once all are drawn."""
        for sprite, state, frame, left in self._ahead:
            sprite.figure(state, frame, left)
            if time.perf_counter() >= until:
                return True
        return False

    # ------------------------------------------------------------------ helpers
    def at(self, x: float, y: float, shake: tuple[int, int] = (0, 0)) -> tuple[int, int]:
        sx, sy = self.layout.to_screen(x, y)
        return sx + shake[0], sy + shake[1]

    # ------------------------------------------------------------------ piles
    def draw_piles(self, surface: pygame.Surface, sim: "MallForMap", shake: tuple[int, int]) -> None:
        self.counts.new_piles()
        for pid, x, y in sim.floor_piles():
            count = sim.pile_count(pid)
            if count <= 0:
                continue
            rect = pile_rect(self.at(x, y, shake), self.pile_size)
            surface.blit(pile_surface(count, self.pile_size, numbered=False), rect)
            self.counts.pile(count, self.number_at(rect, count))

    def number_at(self, pile: pygame.Rect, count: int) -> tuple[int, int]:
        """The centre of the count of a pile of `count` cards drawn at `pile` (screen px)."""
        bx, by = self._number_spot(count)
        return pile.left + bx, pile.top + by

    def _number_spot(self, count: int) -> tuple[int, int]:
        """Where pile_surface prints the count (bottom right of the top card): our badge covers it.
        Mirrors clothing._pile's geometry."""
        w, h = self.pile_size
        step = max(1.0, h * 0.035)
        card_h = max(4, round(h - 10 * step - h * 0.04))
        bottom = h - card_h - round(h * 0.02)
        top = round(bottom - (min(count, 10) - 1) * step)
        return w - round(card_h * 0.22), min(h, top + card_h + round(h * 0.06)) - round(card_h * 0.22)

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
    def draw_table(self, surface: pygame.Surface, sim: "MallForMap", shake: tuple[int, int],
                   flying: dict[int, int] | None = None) -> None:
        """Rush: delivered cards lie face down per side; right or wrong stays secret until results.
        `flying`: per side, cards still in the air (they land on the table when they arrive)."""
        public = sim.public_view()
        # The one place the map asks where cards go: the Starting Table shows the cards handed in
        # there (a family that only lists its objective cards there leaves it bare).
        if public.family().destination is not Destination.TABLE:
            return
        tx, ty, tw, th = sim.level.table_rect
        x0, y0 = self.at(tx, ty, shake)
        w, h = round(tw * self.scale), round(th * self.scale)
        sides = public.sides()
        cols = min(3, sides)
        rows = (sides + cols - 1) // cols
        cell_w, cell_h = w // cols, h // rows
        back = card_back_surface(self.table_back)
        bw, bh = self.table_back
        for side in range(sides):
            cards = max(0, public.cards_on_table(side) - (flying or {}).get(side, 0))
            cx = x0 + (side % cols) * cell_w + cell_w // 2
            cy = y0 + (side // cols) * cell_h + cell_h // 2
            badge = self.side_badge(sim, side)
            if cards == 0:
                surface.blit(badge, badge.get_rect(center=(cx, cy)))
                continue
            span = min(cell_w - bw - 8, (cards - 1) * (bw // 2 + 2))
            step = span / max(1, cards - 1)
            left = cx - (span + bw) // 2
            for i in range(cards):
                surface.blit(back, (round(left + i * step), cy - bh // 2 + (i % 2) * 2))
            surface.blit(badge, badge.get_rect(center=(left, cy - bh // 2 - self.badge // 3 + self.badge // 2)))

    # ------------------------------------------------------------------ dressers (Tidying Up)
    def draw_dressers(self, surface: pygame.Surface, sim: "MallForMap", shake: tuple[int, int],
                      reduced_motion: bool = False) -> list[pygame.Rect]:
        """Each dresser's locator, with a leader line back to the chair, and the count strip under
        it (queued for draw_counts, over the shoppers); returns the strips (text name tags avoid).
        Drawn under the piles and shoppers, and faded while a shopper is under or near it
        (docs/READABILITY.md)."""
        strips: list[pygame.Rect] = []
        self.counts.new_strips()
        if not sim.dressers:
            return strips
        public = sim.public_view()
        cards = public.dresser_cards()
        cat = sim.catalogue
        spots = self._dresser_spots(sim)
        self.fades.advance(sim.tick, spots, self._bodies(sim), reduced_motion)
        for d in sim.dressers:
            objective = cat.objectives[cards[d.index]]
            filled = tuple(public.filled(d.index, item) for item in objective.items)
            rect = spots[d.index].move(shake)
            chair = self.at(d.x, d.y, shake)
            key = (cards[d.index], filled)
            card = self._locators.get(key)
            if card is None:
                looks = [look_of(cat.items[i], cat) for i in objective.items]
                card = self._locators[key] = locator_surface(looks, objective.bags, filled, self.colourblind)
            face = pygame.Rect(rect.topleft, card.get_size())
            if not face.collidepoint(chair):     # the leader line ends at the card, not at its count strip
                end = (min(max(chair[0], face.left), face.right - 1), min(max(chair[1], face.top), face.bottom - 1))
                pygame.draw.line(surface, INK, chair, end, 5)
                pygame.draw.line(surface, LOCATOR_GOLD, chair, end, 3)
            card.set_alpha(self.fades.alpha(d.index))
            x, y = rect.topleft
            surface.blit(card, (x, y))
            strip = self._dresser_counts(sim, d.index, x, y + card.get_height() - 2, card.get_width())
            if strip is not None:
                strips.append(strip)
        return strips

    def _bodies(self, sim: "MallForMap") -> list[pygame.Rect]:
        """Where the shoppers' bodies are: as drawn last frame (a crowd drawn apart included),
        and round where each stands now (the first frame has no last one)."""
        size = max(sprite.size for sprite in self.sprites.values())
        standing = [pygame.Rect(x - size // 2, y - 7 * size // 4, size, 7 * size // 4)   # a drawn body's size
                    for x, y in (self.at(av.body.x / FP, av.body.y / FP) for av in sim.avatars)]
        return self.body_rects + standing

    def draw_chairs(self, surface: pygame.Surface, sim: "MallForMap", shake: tuple[int, int]) -> None:
        """A gold ring round each dresser's chair, over the locators: every chair stays in sight."""
        r = self._chair_r
        for d in sim.dressers:
            centre = self.at(d.x, d.y, shake)
            pygame.draw.circle(surface, INK, centre, r + 1, 6)
            pygame.draw.circle(surface, LOCATOR_GOLD, centre, r, 3)

    def chair_ring(self, centre: tuple[int, int]) -> pygame.Rect:
        """Where a chair's ring at `centre` is drawn (its dark edge included)."""
        r = self._chair_r + 1
        return pygame.Rect(centre[0] - r, centre[1] - r, 2 * r + 1, 2 * r + 1)

    @property
    def _chair_r(self) -> int:
        return round(16 * self.scale) + 5

    def _dresser_spots(self, sim: "MallForMap") -> dict[int, pygame.Rect]:
        """Where each dresser's locator goes (screen px, without shake; card_spots.py)."""
        return self.card_spots.spots(sim)

    def place_ahead(self, sim: "MallForMap", until: float) -> bool:
        """Place the round's dresser cards in idle time until `until` (CardSpots.ahead)."""
        return self.card_spots.ahead(sim, until)

    def floor_map(self, sim: "MallForMap") -> FloorMap:
        """The level's walkable floor on screen."""
        return self.card_spots.floor_map(sim)

    def _dresser_counts(self, sim: "MallForMap", dresser: int, x: int, y: int, width: int) -> pygame.Rect | None:
        """Each side's count at this dresser, centred under the card at (x, y): where it goes
        (drawn by draw_counts, over the shoppers: a team reads it to know where it stands)."""
        public = sim.public_view()
        counts = public.dresser_counts(dresser)
        shown = tuple((side, n) for side, n in enumerate(counts) if n or public.placed_by_side(dresser, side))
        if not shown:
            return None
        return self.counts.strip(shown, lambda side: self.side_badge(sim, side), (x + width // 2, y))

    def side_badge(self, sim: "MallForMap", side: int) -> pygame.Surface:
        """What marks a side's count: its team's emblem, or its player's seat shape."""
        seat = sim.seats[sim.public_view().members(side)[0]]
        team = self.team_of.get(seat)
        if team is not None:
            return teams.emblem(team, self.badge + 4)
        ident = self.sprites[seat].identity
        return seat_shape_surface(ident.shape, ident.hex, self.badge)

    # ------------------------------------------------------------------ avatars
    def draw_avatars(self, surface: pygame.Surface, sim: "MallForMap", alpha: float,
                     shake: tuple[int, int], tick: int, fx: "MallFx | None" = None,
                     obstacles: list[pygame.Rect] | None = None) -> None:
        """Shoppers back to front, with their walk, squash, bumps and loads, each drawn a little
        apart from any it stands on (crowd.spread: the eye's only); their name tags are placed
        (stacked so none covers another or an obstacle, the dressers' count strips) for
        draw_tags to draw last."""
        order = sorted(sim.avatars, key=lambda a: a.body.y)  # lower on screen = in front
        self.counts.new_carried(obstacles or [])
        tags: list[tuple[pygame.Surface, pygame.Rect]] = []
        pings: list[float] = []
        bodies: list[pygame.Rect] = []
        self.sight = Sightlines()
        calls = sim.public_view().family().player_calls   # holding Y fills a ring round the shopper
        where = [self._stands(av, alpha) for av in order]
        apart = self._apart(order, [self.at(x, y) for x, y in where], tick)
        self.shown_at = {}
        for av, (x, y), (ox, oy) in zip(order, where, apart):
            sprite = self.sprites[av.seat]
            b = av.body
            loaded = self._has_load(sim, av.seat)
            if fx is not None:
                dx, dy, sx, sy, _stride, lift = fx.pose(av.seat, alpha)
                state, frame, left = fx.act(av.seat, alpha, loaded)
            else:
                moving = (b.x != b.prev_x or b.y != b.prev_y) and sim.phase == "playing"
                dx, dy, sx, sy, lift = 0.0, 0.0, 1.0, 1.0, 0.0
                state = ("carry" if loaded else "walk") if moving else ("carry" if loaded else "idle")
                frame, left = (tick // 4) % 8 if moving else 0, av.facing[0] < 0
            mood = moment(sim, av.seat)
            if mood is not None and state in CALM:   # SOLD OUT!: the callers cheer, the others slump
                state, frame = mood, (tick // 5 + av.seat) % FRAMES[mood]
            cx, cy = self.at(x + dx, y + dy, shake)
            cx, cy = cx + ox, cy + oy
            self.shown_at[av.seat] = (cx, cy)
            size = sprite.size
            feet = cy + size // 2 - 2
            surface.blit(sprite.shadow, sprite.shadow.get_rect(center=(cx, feet)))
            t = fx.ping(av.seat, alpha) if fx is not None else -1.0
            if t >= 0:   # two rings in the seat's colour spread out: "that one is you"
                for k in (t, (t + 0.5) % 1.0):
                    r = round(size * (0.6 + 1.4 * k))
                    pygame.draw.circle(surface, INK, (cx, cy), r, 6)
                    pygame.draw.circle(surface, sprite.identity.colour, (cx, cy), r - 1, 4)
            fig = sprite.shown = sprite.figure(state, frame, left)
            image, (fx_, fy_), head_top, hold = _squashed(fig, 1.0 if state == "bump" else sx, 1.0 if state == "bump" else sy)
            top_left = (cx - fx_, feet - fy_ - round(lift))
            drawn = surface.blit(image, top_left)
            body = pygame.Rect(0, 0, round(size * 0.78), feet - (top_left[1] + head_top))
            body.midbottom = (cx, feet)
            bodies.append(drawn)     # the whole figure: what banners and locators keep clear of
            sprite.drawn = drawn
            self.sight.shopper(sprite, drawn.w, drawn.h, drawn)
            top = top_left[1] + head_top
            # The load rests in the raised hands, never lower than the head's top: the face stays in sight.
            load_top = self._carrying(surface, sim, av.seat, (top_left[0] + hold[0], top_left[1] + min(hold[1], head_top)))
            if av.y_ticks and calls and sim.phase == "playing":
                _hold_ring(surface, sim.sold_out_hold(av.seat), (cx, body.centery), max(body.w, body.h))
            tag = sprite.tag
            rect = tag.get_rect(midbottom=(cx, min(top, load_top) - 2))   # clear of a carried pile's count
            tags.append((tag, rect))
            pings.append(t)
            if sim.phase == "study" and av.ready:
                mark = mark_surface("right", max(14, size // 2))
                surface.blit(mark, (cx + size // 4, top - 4))
        # Names last, above every body, and never on top of each other (avatars often bunch up).
        counts = self.counts.piles + self.counts.carried
        self.tag_rects = stack_tags([rect for _, rect in tags], (obstacles or []) + counts,
                                    surface.get_rect().clip(self.layout.map_rect))
        self._tags = [(tag, want, rect, self.sprites[av.seat].identity.colour)
                      for (tag, want), rect, av in zip(tags, self.tag_rects, order)]
        self._pings = pings
        self._words = list(obstacles or [])
        self.tag_rects += (obstacles or []) + counts   # what banners and pops keep off too
        self.body_rects = bodies

    @staticmethod
    def _stands(av: "AvatarFace", alpha: float) -> tuple[float, float]:
        """Where a shopper stands this frame (level px), between its last two ticks."""
        b = av.body
        return (b.prev_x + (b.x - b.prev_x) * alpha) / FP, (b.prev_y + (b.y - b.prev_y) * alpha) / FP

    def _apart(self, order: "Sequence[AvatarFace]", points: list[tuple[int, int]], tick: int) -> list[tuple[int, int]]:
        """Per shopper (in `order`), the screen offset that draws it clear of the others: the
        spread's target, eased towards once per tick so a shopper slides aside, never jumps."""
        size = max(sprite.size for sprite in self.sprites.values())
        return self.apart.offsets([av.seat for av in order], points, CROWD_GAP * size, CROWD_LIMIT * size, tick)

    def draw_hidden(self, surface: pygame.Surface, covers: Sequence[pygame.Rect] = ()) -> None:
        """This frame's shoppers hidden by what was drawn in front of them (or by `covers`, the
        shutter) show through: see_through."""
        see_through(surface, self.sight.drawn, self.sight.occluders, covers)

    def draw_counts(self, surface: pygame.Surface) -> None:
        """Every count on the map, the dressers' and the piles' (on the floor and over a head):
        drawn after the shoppers, their loads and the flying cards, so no card ever covers one
        (name tags step round them)."""
        self.counts.draw(surface)

    def draw_tags(self, surface: pygame.Surface) -> None:
        """The name tags placed by draw_avatars, drawn last: over flying cards and particles too."""
        for start, end, colour in self.leaders():
            pygame.draw.line(surface, INK, start, end, 5)
            pygame.draw.line(surface, colour, start, end, 3)
        for (tag, _want, rect, colour), ping in zip(self._tags, self._pings):
            if ping >= 0:    # "you are here": the player's own name framed, the frame swelling twice
                grow = round(6 * math.sin(ping * 2 * math.pi) ** 2)
                frame = rect.inflate(12 + 2 * grow, 6 + 2 * grow)
                pygame.draw.rect(surface, INK, frame, 6, border_radius=frame.h // 2)
                pygame.draw.rect(surface, colour, frame.inflate(-2, -2), 3, border_radius=frame.h // 2)
            surface.blit(tag, rect)

    def leaders(self) -> list[tuple[tuple[int, int], tuple[int, int], tuple[int, int, int]]]:
        """This frame's leader lines (start, end, colour): from each tag moved away from its shopper
        back over the shopper's head."""
        lines = []
        for _tag, want, rect, colour in self._tags:
            if math.dist(rect.midbottom, want.midbottom) <= 6:
                continue
            start = (min(max(want.centerx, rect.x + 6), rect.right - 6), rect.bottom - 2)
            if rect.top > want.bottom:    # below it (the map's top edge): the line leaves the tag's top
                start = (start[0], rect.top + 2)
            lines.append((start, self._leader_end(want), colour))
        return lines

    def _leader_end(self, want: pygame.Rect) -> tuple[int, int]:
        """Where a tag's line ends: where the tag wanted to be, over the head; or, when that lies on
        a shop sign (a shopper along the top wall), just under the sign: a line into it crossed its
        words."""
        end = (want.centerx, want.bottom)
        for word in self._words:
            if word.collidepoint(end):
                end = (end[0], word.bottom + 2)
        return end

    @staticmethod
    def _has_load(sim: "MallForMap", seat: int) -> bool:
        return sim.held_pile(seat) is not None or sim.carried(seat) is not None

    def _carrying(self, surface: pygame.Surface, sim: "MallForMap", seat: int, hands: tuple[int, int]) -> int:
        """A held pile or a carried card rides above the head, in the hands of the carry pose.
        Returns the load's top (the screen's y; a large number when there is none)."""
        pile = sim.held_pile(seat)
        if pile is not None:
            w, h = self.mini_pile
            load = pile_surface(sim.pile_count(pile), (w, h), numbered=False)
        elif sim.carried(seat) is not None:
            w, h = self.mini_card
            load = card_back_surface((w, h))
        else:
            return 1 << 20
        x, y = hands[0] - w // 2, hands[1] - h + 3
        self.sight.load(surface.blit(load, (x, y)))
        if pile is not None:     # the count badged at the load's corner, like a pile on the floor
            self.counts.pile(sim.pile_count(pile), (x + w, y + h - 4), carried=True)
        return y

    # ------------------------------------------------------------------ effects
    def draw_fx(self, surface: pygame.Surface, fx: "MallFx", alpha: float, shake: tuple[int, int]) -> None:
        """Flying cards, particles and pops, over everything on the map."""
        for q in fx.particles:
            x, y = q.at(alpha)
            px, py = self.at(x, y, shake)
            r = q.radius()
            pygame.draw.rect(surface, q.colour, (px - r, py - r, 2 * r, 2 * r))
        w, h = self.fly_card
        for f in fx.flights:
            x, y, t = fx.flight_at(f, alpha)
            k = 1.0 + 0.5 * math.sin(t * math.pi)      # the card grows as it arcs over
            size = (round(w * k), round(h * k))
            card = pygame.transform.scale(card_back_surface((round(w * 1.5), round(h * 1.5))), size)
            px, py = self.at(x, y, shake)
            surface.blit(card, card.get_rect(center=(px, py)))
        pops: list[tuple[pygame.Surface, pygame.Rect]] = []
        for p in fx.pops:
            age = p.age + alpha
            text = outlined_text(p.text, POP_PX, p.colour, INK, width=3)
            if p.fixed:   # a side's count: at its part of the table, under its cards (over them if a tag is there)
                px, py = self.at(p.x, p.y, shake)
                half = self.table_back[1] // 2 + 2
                rect = text.get_rect(midtop=(px, py + half))
                if rect.collidelist(self.tag_rects) >= 0:
                    rect = text.get_rect(midbottom=(px, py - half - self.badge // 2))
                surface.blit(text, rect)
                continue
            px, py = self.at(p.x, p.y - age * 0.6, shake)
            if age < 6:   # pops in big, then settles
                k = 1.4 - 0.4 * age / 6
                text = pygame.transform.scale(text, (round(text.get_width() * k), round(text.get_height() * k)))
            pops.append((text, text.get_rect(midbottom=(px, py))))
        # A pop rises over name tags and count strips, never across them.
        for (text, _where), rect in zip(pops, stack_tags([r for _pop, r in pops], self.tag_rects)):
            surface.blit(text, rect)

    # ------------------------------------------------------------------ the entrance
    def draw_shutter(self, surface: pygame.Surface, sim: "MallForMap", shake: tuple[int, int]) -> pygame.Rect | None:
        """Closed during the study phase; rises during the countdown; gone once the doors open.
        Returns where it was drawn (a shopper behind it shows through: draw_hidden)."""
        if sim.phase == "study":
            openness = 0.0
        elif sim.phase == "countdown":
            total = max(1, sim.t.countdown_ticks)
            openness = 1.0 - sim.phase_ticks_left() / total
        else:
            return None
        ex, ey, ew, eh = sim.level.entrance
        x, y = self.at(ex, ey, shake)
        w, h = round(ew * self.scale), round(eh * self.scale)
        cover = round(h * (1.0 - openness))
        if cover <= 0:
            return None
        rect = pygame.Rect(x - 4, y, w + 8, cover)
        pygame.draw.rect(surface, SHUTTER, rect)
        step = max(3, round(6 * self.scale))
        for ly in range(rect.y + step, rect.bottom - 5, step):
            pygame.draw.line(surface, SHUTTER_LINE, (rect.x, ly), (rect.right - 1, ly), 2)
        # The shutter's bottom bar: caution stripes, so the rising edge reads from the sofa.
        bar = pygame.Rect(rect.x, rect.bottom - 6, rect.w, 6)
        pygame.draw.rect(surface, CAUTION, bar)
        for bx in range(bar.x, bar.right, 12):
            pygame.draw.polygon(surface, INK, [(bx, bar.bottom), (bx + 6, bar.y), (bx + 10, bar.y), (bx + 4, bar.bottom)])
        pygame.draw.rect(surface, INK, rect, 2)
        return rect


def see_through(surface: pygame.Surface, drawn: "Sequence[tuple[AvatarSprite, int, int, pygame.Rect, int]]",
                occluders: "Sequence[pygame.Rect]", covers: "Sequence[pygame.Rect]" = ()) -> None:
    """A shopper a third or more hidden, by the occluders drawn after it (other shoppers, the
    loads over their heads) or by `covers`, shows through as an outline in its colour, drawn
    over everything. `drawn`: (sprite, w, h, body rect, its own index in `occluders`)."""
    for sprite, w, h, rect, at in drawn:
        hidden = pygame.mask.Mask(rect.size)
        for front in [*occluders[at + 1:], *covers]:
            clip = rect.clip(front)
            if clip.w and clip.h:
                hidden.draw(pygame.mask.Mask(clip.size, fill=True), (clip.x - rect.x, clip.y - rect.y))
        if hidden.count() * 3 < rect.w * rect.h:
            continue
        shown = sprite.drawn or rect     # the outline of the whole figure, where it was drawn
        pts = [(shown.x + x, shown.y + y) for x, y in sprite.outline_at(shown.w, shown.h)]
        if len(pts) > 2:
            pygame.draw.lines(surface, INK, True, pts, 4)
            pygame.draw.lines(surface, sprite.identity.colour, True, pts, 2)


def _squashed(fig: Figure, sx: float, sy: float) -> tuple[pygame.Surface, tuple[int, int], int, tuple[int, int]]:
    """A frame squashed or stretched round its feet (the knocks and landings of MallFx.pose):
    the image, its feet, its head's top and its hands, in its own px."""
    if abs(sx - 1.0) < 0.02 and abs(sy - 1.0) < 0.02:
        return fig.surface, fig.feet, fig.head_top, fig.hold
    w, h = fig.surface.get_size()
    image = pygame.transform.scale(fig.surface, (max(1, round(w * sx)), max(1, round(h * sy))))
    kx, ky = image.get_width() / w, image.get_height() / h
    return (image, (round(fig.feet[0] * kx), round(fig.feet[1] * ky)), round(fig.head_top * ky),
            (round(fig.hold[0] * kx), round(fig.hold[1] * ky)))


CALM = ("idle", "fidget", "walk", "carry")   # what a moment's reaction may replace


def moment(sim: "MallForMap", seat: int) -> str | None:
    """How a seat's shopper takes the moment the round froze on: "cheer" on the side that called
    SOLD OUT!, "slump" on the others (None while playing, or when no one called it). Read from the
    state, so a frame shows it however it was reached (a replay's seek, a screenshot)."""
    if sim.phase != "sold_out":
        return None
    public = sim.public_view()
    side = public.sold_out_by()
    if public.cause() != "sold_out" or side is None:
        return None
    return "cheer" if public.side_of(sim.player_of[seat]) == side else "slump"


def seat_teams(sim: "MallForTeams") -> dict[int, int]:
    """Each seat's team, in a team game (none otherwise)."""
    spec = sim.spec
    return {s.seat: s.team for s in spec.seats if spec.teams and s.team is not None}


def _hold_ring(surface: pygame.Surface, frac: float, centre: tuple[int, int], size: int) -> None:
    """Memory: how far a held Y is towards SOLD OUT!, a ring filling clockwise around the avatar."""
    radius = round(size * 0.85)
    rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = centre
    pygame.draw.circle(surface, INK, centre, radius, 7)
    if frac > 0:
        start = math.pi / 2 - 2 * math.pi * frac
        pygame.draw.arc(surface, GOLD, rect.inflate(-2, -2), start, math.pi / 2, 5)


def _dashed_rect(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect) -> None:
    dash = 5
    for x in range(rect.left, rect.right, dash * 2):
        pygame.draw.line(surface, colour, (x, rect.top), (min(x + dash, rect.right), rect.top), 3)
        pygame.draw.line(surface, colour, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom), 3)
    for y in range(rect.top, rect.bottom, dash * 2):
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, min(y + dash, rect.bottom)), 3)
        pygame.draw.line(surface, colour, (rect.right, y), (rect.right, min(y + dash, rect.bottom)), 3)
