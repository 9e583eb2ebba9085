"""The mall as the players see it: the level, the map's piles, shoppers and effects, the seat
panels and the overlays, drawn from a MallSim. Drawing only reads the sim.

A MallPicture is what the mall scene and the speedrun run scene both show; each scene runs its
own match flow and hands the picture the sim to draw (a new one after a speedrun restart)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

import pygame

from game.match.seats import SeatIdentity
from game.files.levels import Level
from game.match.spec import MatchSpec
from game.render import teams
from game.render.ambient import LevelAmbience
from game.render.clothing import item_card
from game.render.level_art import render_level
from game.render.palette import SHADOW
from game.text.i18n import language
from game.scenes.mall.draw import MapView, seat_teams
from game.scenes.mall.fx import MallFx
from game.scenes.mall.hud import Hud
from game.scenes.mall.layout import SCREEN, MallLayout, compute_layout
from game.scenes.mall.overlay import MallOverlays
from game.scenes.pads import find_me_age, pulse_rings
from game.scenes.shoppers import seat_cast
from game.sim.mall_events import MallPhase, PhaseChanged
from game.sim.mall_face import MallFace
from game.sim.tuning import FP

BUILD_GUESS = 0.007   # seconds a static layer's build is given (5 ms at 1280x720 on the bench's machine)

if TYPE_CHECKING:
    from game.core.context import Context


class MallPicture:
    """Everything drawn for one match's mall (its level, seats, names), for the sim it is shown."""

    def __init__(self, ctx: Context, spec: MatchSpec, level: Level, sim: MallFace,
                 identities: dict[int, SeatIdentity], names: dict[int, str]) -> None:
        self.ctx = ctx
        self.level = level
        self.identities = identities
        self.names = names
        self.layout: MallLayout = compute_layout(level.pixel_size, len(spec.seats))
        self.overlay = MallOverlays(ctx, self.layout, spec, names)
        self.ambience = LevelAmbience(level, self.layout.map_rect, self.layout.scale)
        self.static: pygame.Surface | None = None
        self.shown: pygame.Surface | None = None   # the static layer with the panels' contents (Hud)
        self._reuse: tuple[pygame.Surface | None, pygame.Surface | None] = (None, None)   # see show()
        self.map_surface: pygame.Surface | None = None
        self.previews: dict[int, tuple[int, int, bool]] = {}
        self.ending_tick = -1              # the tick SOLD OUT! froze the round (the moment's shake)
        self.sim = sim
        self.cast = seat_cast(ctx, sim.seats)
        self.view = MapView(sim, self.layout, identities, names, colourblind=ctx.settings.colourblind, cast=self.cast)
        self.hud = Hud(sim, self.layout, ctx.ui, identities, names, ctx.settings.colourblind, self.cast)
        self.seed = spec.seed
        # The effects start from the tick they are first asked for (a staged screenshot's sim may be
        # far along by then): made on the first fx_tick().
        self._fx: MallFx | None = None

    def show(self, sim: MallFace, seed: int) -> None:
        """A new sim (a speedrun's restart): fresh map, panels and effects; the level art stays."""
        labels, beside = self.hud.labels, self.hud.side_by_side
        self.sim = sim
        self.view = MapView(sim, self.layout, self.identities, self.names, colourblind=self.ctx.settings.colourblind,
                            cast=self.cast)
        self.hud = Hud(sim, self.layout, self.ctx.ui, self.identities, self.names, self.ctx.settings.colourblind,
                       self.cast)
        self.hud.set_labels(labels, beside)
        self.seed = seed
        self._fx = None
        # The new Hud lays its panels on the next static layer, drawn into this one's surfaces: a
        # restart allocating two new screens paid ~2.5 ms of fresh pages in its first frame.
        self._reuse = (self.static, self.shown)
        self.static = self.shown = None
        self.previews = {}
        self.ending_tick = -1

    def prewarm(self) -> None:
        """Render every card once at the viewer's size now, so no frame pays for it mid-play."""
        cb = self.ctx.settings.colourblind
        cat = self.sim.catalogue
        sizes = {p.viewer.size for p in self.layout.panels}
        for item in cat.items.values():
            for size in sizes:
                item_card(item, size, colourblind=cb, colours=cat)
        self.overlay.prewarm()

    def drop_layers(self) -> None:
        """Let the static layer and the panels laid on it go (the scene is left: ~7 MB at once,
        not when the cycle collector next runs); drawn again if it is shown again."""
        self.static = self.shown = None
        self._reuse = (None, None)
        self.hud.drop_backdrop()

    def build_ahead(self, until: float) -> bool:
        """After a present: the static layer dropped under a results screen (`drop_layers`) drawn
        again before the mall is next shown, when a build fits before `until` (the fade out of the
        results runs idle frames with the mall on top, so its first frame does not pay the ~5 ms).
        True when it built one now."""
        if self.static is not None or time.perf_counter() + BUILD_GUESS > until:
            return False
        self._build_static()
        return True

    def new_round(self) -> None:
        self.ending_tick = -1

    def mark_bot(self, seat: int) -> None:
        """A bot took the seat over: its panel says BOT (part of the static layer)."""
        self.hud.bots[seat] = True
        self.drop_layers()

    def resume(self, labels: dict[int, dict[str, str]], side_by_side: set[int] | None = None) -> None:
        """Back on top: keys may have been rebound, a Settings visit may have switched colour-blind
        mode (the panels' art is rebuilt)."""
        self.hud.set_labels(labels, side_by_side)
        if self.hud.cb != self.ctx.settings.colourblind:
            self.hud.cb = self.ctx.settings.colourblind
            self.view.set_colourblind(self.hud.cb)    # the shoppers' shirts wear their seats' patterns, or not
            self.drop_layers()                        # and so do the panels' portraits, on the static layer
            self.prewarm()

    # ------------------------------------------------------------------ per tick
    def fx_tick(self) -> MallFx:
        """The render-only motion of the sim, advanced to its tick (once per sim tick)."""
        fx = self._fx
        if fx is None:
            colours = {seat: ident.colour for seat, ident in self.identities.items()}
            team_of = seat_teams(self.sim)
            sides = {seat: teams.look(team_of[seat]).colour if seat in team_of else colour
                     for seat, colour in colours.items()}
            fx = self._fx = MallFx(self.sim, colours, self.seed, sides)
        if fx.tick != self.sim.tick:
            fx.step(self.sim)
        return fx

    def after_step(self, effects: bool = True) -> None:
        """After a tick: the effects step (unless `effects` is False: they catch up when drawn),
        where held piles would land, and when SOLD OUT! froze the round."""
        sim = self.sim
        if effects:
            self.fx_tick()
        self.previews = {seat: sim.preview_spot(seat) for seat in sim.seats if sim.held_pile(seat) is not None}
        if PhaseChanged(MallPhase.SOLD_OUT) in sim.events:
            self.ending_tick = sim.tick

    # ------------------------------------------------------------------ drawing
    def _build_static(self) -> pygame.Surface:
        """The background that never changes: backdrop, the scaled level, the panel frames."""
        display = pygame.display.get_surface()
        reused, into = self._reuse
        self._reuse = (None, None)
        # Made in the display's own format: no full-screen convert() copy in the first frame.
        surf = reused or (pygame.Surface(SCREEN, 0, display) if display is not None else pygame.Surface(SCREEN))
        surf.blit(self.ctx.ui.background(SCREEN), (0, 0))     # the whole screen: nothing of the last one shows
        self.map_surface = level_surface(self.level, self.layout.scale)
        rect = self.layout.map_rect
        pygame.draw.rect(surf, SHADOW, rect.inflate(8, 8).move(0, 4), border_radius=6)
        surf.blit(self.map_surface, rect)
        self.hud.draw_frames(surf)
        self.static = surf
        self.shown = self.hud.set_backdrop(surf, into)
        return surf

    def draw(self, surface: pygame.Surface, alpha: float, totals: dict[int, int],
             under_tags: Callable[[pygame.Surface], None] | None = None) -> None:
        """One frame; `under_tags` draws what a scene adds over the shoppers, under their name tags."""
        static = self.static or self._build_static()
        sim = self.sim
        surface.blit(self.shown or static, (0, 0))   # the static layer with the panels' contents laid in
        fx = self.fx_tick()
        shake = self.overlay.shake(sim, self.ending_tick)
        if shake == (0, 0):
            shake = fx.shake(self.ctx.settings.screen_shake)
        if shake != (0, 0) and self.map_surface is not None:
            surface.blit(self.map_surface, self.layout.map_rect.move(shake))
            if self.shown is not None:     # the panels stay still while the map shakes
                for p in self.layout.panels:
                    surface.blit(self.shown, p.rect, p.rect)
        view = self.view
        surface.set_clip(self.layout.map_rect.inflate(4, 4))
        self.ambience.draw(surface, sim.tick, shake, self.ctx.settings.reduced_motion)
        view.draw_table(surface, sim, shake, fx.in_flight(sim))
        strips = view.draw_dressers(surface, sim, shake, self.ctx.settings.reduced_motion)   # under the piles and shoppers: they stay in sight
        view.draw_piles(surface, sim, shake)
        view.draw_chairs(surface, sim, shake)
        view.draw_previews(surface, self.previews, shake)
        view.draw_avatars(surface, sim, alpha, shake, sim.tick, fx, strips + self.ambience.words)
        view.draw_fx(surface, fx, alpha, shake)
        view.draw_counts(surface)
        draw_mall_find_me(surface, self.ctx, sim, view, alpha, shake)
        if under_tags is not None:
            under_tags(surface)
        view.draw_tags(surface)
        shutter = view.draw_shutter(surface, sim, shake)
        view.draw_hidden(surface, [shutter] if shutter is not None else [])
        surface.set_clip(None)
        self.hud.draw(surface, sim, totals)
        self.overlay.draw_info(surface, sim)
        self.overlay.draw_phase(surface, sim, self.ending_tick, view.tag_rects + view.body_rects)




def draw_mall_find_me(surface: pygame.Surface, ctx: Context, sim: MallFace, view: MapView, alpha: float,
                      shake: tuple[int, int]) -> None:
    """Pulse every avatar whose player just pressed "find me". (At the countdown and at GO! every
    person's shopper, solo among bots included, already wears the "you are here" rings and framed
    name tag of MallFx.ping: a second marker there stacked four rings round each person.)"""
    for av in sim.avatars:
        age = find_me_age(ctx, av.seat)
        if age is None:
            continue
        b = av.body
        x = (b.prev_x + (b.x - b.prev_x) * alpha) / FP
        y = (b.prev_y + (b.y - b.prev_y) * alpha) / FP
        at = view.shown_at.get(av.seat) or view.at(x, y, shake)   # where its shopper was drawn
        pulse_rings(surface, av.seat, at, view.sprites[av.seat].size, age)


_LEVEL_SURFACES: dict[tuple[object, ...], pygame.Surface] = {}


def level_surface(level: Level, scale: float) -> pygame.Surface:
    """The level drawn at `scale` (about 20 ms), kept for the next match on it: shared, never drawn on."""
    convert = pygame.display.get_surface() is not None
    # Its signs are in the player's language; its look is its tileset, decor and ambient layer.
    key = (str(level.path), level.width, level.height, level.floor_tiles, level.wall_tiles, level.tileset_image,
           level.theme, level.decor_tiles, level.ambient, language(), scale, convert)
    found = _LEVEL_SURFACES.get(key)
    if found is None:
        found = render_level(level, scale)
        if convert:
            found = found.convert()
        if len(_LEVEL_SURFACES) >= 8:
            _LEVEL_SURFACES.pop(next(iter(_LEVEL_SURFACES)))
        _LEVEL_SURFACES[key] = found
    return found
