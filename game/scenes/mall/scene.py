"""The Sold Out! mall scene: a match played in one window, 2-6 seats, bots beside people.

MallScene(ctx, spec) is registered as the "soldout" game. Each fixed tick it
gathers one Command per seat (people from the input manager, bots from their
controllers), steps the MallSim, turns the tick's events into sounds and
effects, and pushes the results between rounds. START / Escape pushes the
pause overlay; a pad pulled out pushes the reconnect overlay; BACK shows the
mode's how-to card. Either way the sim is not stepped: time stops.

Round flow: (choose a mode) -> how-to card the first time a mode is played ->
study (Memory) -> countdown -> play -> SOLD OUT! -> results -> next round ...
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game import preload
from game.core.scene import Scene
from game.core.seats import identities as seat_identities
from game.driver.match_driver import MatchDriver, ready_after_study, recorder, soldout_bot
from game.i18n import _
from game.input.bindings import key_label
from game.input.commands import IDLE, Button, Command
from game.levels import LevelError, resolve_level
from game.match import MatchSpec, SeatSpec
from game.music.cues import Cue, mall_cue
from game.render import widgets
from game.render.clothing import item_card
from game.render.level_art import render_level
from game.rules.soldout import CatalogueError, modes
from game.rules.soldout.autoplay import round_modes
from game.scenes import registry
from game.scenes.common import back_to_lobby, rematch_spec
from game.scenes.interrupts import interrupted, save_recording
from game.scenes.mall.draw import MapView
from game.scenes.mall.fx import MallFx
from game.scenes.mall.hud import Hud
from game.scenes.mall.layout import SCREEN, MallLayout, compute_layout
from game.scenes.mall.overlay import MallOverlays
from game.scenes.menus.howto import push_howto_once
from game.scenes.pads.feel import Rumbler, draw_mall_find_me
from game.scenes.pads.sync import seat_labels
from game.sim.mall import MallSim

if TYPE_CHECKING:
    from game.bots.soldout import SoldOutBot
    from game.core.context import Context

log = logging.getLogger(__name__)



class MallScene(Scene):
    name = "mall"

    def __init__(self, ctx: "Context", spec: MatchSpec, pilot: bool = False, replay=None) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.replay = replay                # game.replay.Replay played back in the window
        self.recording = bool(ctx.record_path) and not pilot and replay is None   # --record FILE
        # A replay (recorded or played) takes the modes the headless runner gives each round.
        self.fixed_modes: list[str] | None = None
        if self.recording or replay is not None:
            self.fixed_modes = round_modes(spec) if spec.mode in modes.choices() else None
        self.error = ""
        self.sim: MallSim | None = None
        self.view: MapView | None = None
        self.hud: Hud | None = None
        self.bots: dict[int, SoldOutBot] = {}
        self.driver: MatchDriver | None = None
        self.pilot_wanted = pilot          # screenshots/benchmark: a bot in every seat, ready after study
        self.modes_played: list[str] = []
        self.results_pushed = False
        self.howto_due: str | None = None
        self.previews: dict[int, tuple[int, int, bool]] = {}
        self.ending_tick = -1
        try:
            self.catalogue = preload.soldout_catalogue()   # parsed once per process, not per match
            self.level = preload.level(resolve_level(spec.level, len(spec.seats)))
        except (LevelError, CatalogueError, OSError) as exc:
            self.error = str(exc)
            return
        self.seats = sorted(spec.seats, key=lambda s: s.seat)
        ids = seat_identities()
        self.identities = {s.seat: ids[s.seat % len(ids)] for s in self.seats}
        self.names = {s.seat: s.name or ids[s.seat % len(ids)].name for s in self.seats}
        self.layout: MallLayout = compute_layout(self.level.pixel_size, len(self.seats))
        self.static: pygame.Surface | None = None
        self.map_surface: pygame.Surface | None = None
        self.stamp: pygame.Surface | None = None   # kept for subclasses that reset it
        self.overlay = MallOverlays(ctx, self.layout, spec, self.names)
        if self.fixed_modes:
            self._begin(self.fixed_modes[0])
        elif spec.mode in modes.keys():
            self._begin(spec.mode)

    # ------------------------------------------------------------------ set-up
    def _begin(self, mode: str) -> None:
        """Create the simulation with its first round in `mode`."""
        self.sim = MallSim(self.spec, self.level, self.catalogue, self.spec.seed, mode, preload.soldout_tuning())
        # One driver for the whole match, seats in the replay's order; a replay plays every seat.
        self.driver = MatchDriver(self.sim, [s.seat for s in self.spec.seats],
                                  recorder(self.spec) if self.recording else None,
                                  playback=self.replay.ticks() if self.replay is not None else None)
        self.view = MapView(self.sim, self.layout, self.identities, self.names,
                            colourblind=self.ctx.settings.colourblind)
        self.hud = Hud(self.sim, self.layout, self.ctx.ui, self.identities, self.names,
                       self.ctx.settings.colourblind)
        self.static = None
        self.hud.set_labels(self._key_labels())
        # Rumble for people playing live: never for a replay or a demo (their seats are nobody's pads).
        self.rumbler = Rumbler(self.ctx, "soldout") if self.replay is None and not self.pilot_wanted else None
        self._round_started(mode)

    def _key_labels(self) -> dict[int, dict[str, str]]:
        """Keyboard seats see their keys in the hints ("E flip"); pads their own family's names ("Square flip")."""
        out: dict[int, dict[str, str]] = {}
        device_of = getattr(self.ctx.input, "device_of", None)
        for s in self.seats:
            device = device_of(s.seat) if device_of is not None else None
            if device and device[0] == "pad":
                out[s.seat] = seat_labels(self.ctx, s.seat) or {}
            if not device or device[0] != "kb":
                continue
            out[s.seat] = {b.name: short_key(key_label(self.ctx.bindings.key_for(device[1], b)))
                           for b in (Button.A, Button.B, Button.X, Button.Y, Button.LB, Button.RB)}
        return out

    def _round_started(self, mode: str) -> None:
        self.results_pushed = False
        self.ending_tick = -1
        self.bots = self._make_bots(self.bots)
        for seat, bot in self.bots.items():
            self._seat_bot(seat, bot)
        first_time = mode not in self.modes_played
        self.modes_played.append(mode)
        self._prewarm()
        # Shown from update(), once this scene is on top (a push from here would land below it).
        self.howto_due = modes.get(mode).howto if first_time and not self.pilot_wanted and self.replay is None else None

    def _make_bots(self, playing: dict[int, SoldOutBot]) -> dict[int, SoldOutBot]:
        """A bot for every bot seat and taken-over seat (screenshots and the benchmark's pilot:
        every seat). A bot already `playing` a seat keeps it for the next round, as headless."""
        wanted = [s for s in self.seats
                  if self.pilot_wanted or s.kind == "bot" or s.seat in self.ctx.bot_takeovers]
        if not wanted or self.sim is None or self.replay is not None:
            return {}
        return {s.seat: playing.get(s.seat) or soldout_bot(s, self.sim, self.spec.seed) for s in wanted}

    def _prewarm(self) -> None:
        """Render every card once at the viewer's size now, so no frame pays for it mid-play."""
        cb = self.ctx.settings.colourblind
        sizes = {p.viewer.size for p in self.layout.panels}
        for item in self.catalogue.items.values():
            for size in sizes:
                item_card(item, size, colourblind=cb, colours=self.catalogue)
        self.overlay.prewarm()

    def enter(self) -> None:
        if self.error:
            return
        if self.sim is None:
            self.ctx.stack.push(registry.open_scene("choose_mode", self.ctx, self._choose_first, first=True,
                                                    on_cancel=self.to_lobby))

    def _choose_first(self, mode: str) -> None:
        self._begin(mode)

    # ------------------------------------------------------------------ flow (results call these)
    def next_round(self, mode: str) -> None:
        if self.sim is None or self.sim.phase != "round_over":
            return
        self.sim.start_next_round(mode)
        self._round_started(mode)

    def mode_for_next_round(self) -> str | None:
        """The mode the next round must take (replays follow the headless order), or None: free."""
        if self.fixed_modes is None or self.sim is None:
            return None
        played = len(self.sim.match.results)
        return self.fixed_modes[min(played, len(self.fixed_modes) - 1)]

    def rematch(self) -> None:
        """Same seats, same settings, a new deal (a replay plays again from the start)."""
        if self.replay is not None:
            self.ctx.stack.replace(MallScene(self.ctx, self.spec, replay=self.replay))
            return
        self.ctx.stack.replace(MallScene(self.ctx, rematch_spec(self.spec)))

    def to_lobby(self) -> None:
        back_to_lobby(self.ctx)

    # ------------------------------------------------------------------ ticks
    def update(self, commands: dict[int, Command]) -> None:
        if self.error:
            self.ctx.toast(_("Cannot open the mall: {error}").format(error=self.error), seconds=8)
            self.ctx.stack.pop()
            self.error = ""
            self.sim = None
            return
        if self.sim is None:
            return
        if self.howto_due is not None:
            mode, self.howto_due = self.howto_due, None
            if push_howto_once(self.ctx, mode):
                return
        if interrupted(self.ctx, commands, self._bot_takeover, self.sim.mode):
            return
        self.driver.step(self._people(commands))
        if self.sim.phase == "match_over":
            save_recording(self.ctx, self.driver)
        self._after_step()

    def music_cue(self) -> Cue | None:
        """The music for this round (game.music reads it every tick): its mode's track, rising near the end."""
        return mall_cue(self.sim) if self.sim is not None else None

    def _people(self, commands: dict[int, Command]) -> dict[int, Command]:
        """The people's Commands this tick (a seat whose pad is gone stands still); the driver
        asks bots and a replay for the rest."""
        lost = set(self.ctx.input.disconnected_seats()) if hasattr(self.ctx.input, "disconnected_seats") else set()
        return {s.seat: IDLE if s.seat in lost else commands.get(s.seat, IDLE) for s in self.seats}

    def _seat_bot(self, seat: int, bot: SoldOutBot) -> None:
        """`bot` plays `seat` through the match driver (a pilot's bots skip the rest of study)."""
        self.driver.seat(seat, ready_after_study(bot.command) if self.pilot_wanted else bot.command)

    def _bot_takeover(self, seat: int) -> None:
        spec = next((s for s in self.seats if s.seat == seat), None)
        if spec is None or self.sim is None:
            return
        self.bots[seat] = soldout_bot(spec, self.sim, self.spec.seed)
        self._seat_bot(seat, self.bots[seat])
        if self.hud is not None:   # the panel's BOT tag is part of the static layer
            self.hud.bots[seat] = True
            self.static = None

    def _fx_tick(self) -> MallFx:
        """The render-only motion of this sim, advanced to its tick (once per sim tick)."""
        sim = self.sim
        fx = getattr(self, "fx", None)
        if fx is None or fx.sim is not sim:
            colours = {seat: ident.colour for seat, ident in self.identities.items()}
            fx = self.fx = MallFx(sim, colours, self.spec.seed)
        if fx.tick != sim.tick:
            fx.step(sim)
        return fx

    def _after_step(self) -> None:
        sim = self.sim
        self._fx_tick()
        self.previews = {seat: sim.preview_spot(seat) for seat in sim.seats if sim.held_pile(seat) is not None}
        for event in sim.events:
            self._event(event)
        if self.rumbler is not None:
            self.rumbler.mall(sim)
        if sim.phase == "countdown" and sim.phase_ticks_left() % 60 == 0 and sim.phase_ticks_left():
            self.ctx.sound("countdown")   # one beep per number: 3, 2, 1 ... then "go"
        if sim.phase in ("round_over", "match_over") and not self.results_pushed:
            self.results_pushed = True
            self.ctx.stack.push(registry.open_scene("soldout_results", self.ctx, self))

    def _event(self, event: tuple) -> None:
        kind = event[0]
        sim = self.sim
        human = len(event) > 1 and isinstance(event[1], int) and event[1] in sim.by_seat \
            and not sim.by_seat[event[1]].bot and event[1] not in self.bots
        sound = {"picked": "pickup", "put_down": "putdown", "flipped": "flip", "took": "take",
                 "delivered": "deliver", "placed": "deliver", "returned": "putdown", "hand_back": "putdown",
                 "ready": "confirm", "selected": "menu_move"}.get(kind)
        if kind == "flipped" and not human:
            sound = None      # six bots flipping would drown the room
        if sound:
            self.ctx.sound(sound)
        if kind == "rejected" and human:
            self.ctx.sound("error")
        elif kind == "phase":
            phase = event[1]
            if phase == "playing":
                self.ctx.sound("go")
            elif phase == "sold_out":
                self.ending_tick = sim.tick
                self.ctx.sound("sold_out")
            elif phase == "match_over":
                self.ctx.sound("win")

    # ------------------------------------------------------------------ drawing
    def _build_static(self) -> None:
        """The background that never changes: backdrop, the scaled level, the panel frames."""
        display = pygame.display.get_surface()
        # Made in the display's own format: no full-screen convert() copy in the first frame.
        surf = pygame.Surface(SCREEN, 0, display) if display is not None else pygame.Surface(SCREEN)
        surf.blit(self.ctx.ui.background(SCREEN), (0, 0))
        self.map_surface = level_surface(self.level, self.layout.scale)
        rect = self.layout.map_rect
        pygame.draw.rect(surf, (11, 7, 6), rect.inflate(8, 8).move(0, 4), border_radius=6)
        surf.blit(self.map_surface, rect)
        if self.hud is not None:
            self.hud.draw_frames(surf)
        self.static = surf

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.error or self.sim is None:
            widgets.draw_background(surface, self.ctx.ui)
            return
        if self.static is None:
            self._build_static()
        sim = self.sim
        surface.blit(self.static, (0, 0))
        fx = self._fx_tick()
        shake = self.overlay.shake(sim, self.ending_tick)
        if shake == (0, 0):
            shake = fx.shake(self.ctx.settings.screen_shake)
        if shake != (0, 0):
            surface.blit(self.map_surface, self.layout.map_rect.move(shake))
        view = self.view
        surface.set_clip(self.layout.map_rect.inflate(4, 4))
        view.draw_table(surface, sim, shake, fx.in_flight(sim))
        strips = view.draw_dressers(surface, sim, shake)   # under the piles and shoppers: they stay in sight
        view.draw_piles(surface, sim, shake)
        view.draw_chairs(surface, sim, shake)
        view.draw_previews(surface, self.previews, shake)
        view.draw_avatars(surface, sim, alpha, shake, sim.tick, fx, strips)
        view.draw_fx(surface, fx, alpha, shake)
        draw_mall_find_me(surface, self.ctx, sim, view, alpha, shake)
        self.draw_under_tags(surface)
        view.draw_tags(surface)
        view.draw_shutter(surface, sim, shake)
        surface.set_clip(None)
        self.hud.draw(surface, sim, {s.seat: sim.match.player_total(sim.player_of[s.seat]) for s in self.seats})
        self.overlay.draw_info(surface, sim)
        self.overlay.draw_phase(surface, sim, self.ending_tick, view.tag_rects + view.body_rects)

    def draw_under_tags(self, surface: pygame.Surface) -> None:
        """What a subclass adds to the map: over the shoppers, under their name tags."""

    # ------------------------------------------------------------------ stack hooks
    def resume(self) -> None:
        if self.hud is not None:   # keys may have been rebound, a pad may have taken a seat
            self.hud.set_labels(self._key_labels())
        # A Settings visit may have switched colour-blind mode: rebuild the panels' art.
        if self.hud is not None and self.hud.cb != self.ctx.settings.colourblind:
            self.hud.cb = self.ctx.settings.colourblind
            self._prewarm()

    def exit(self) -> None:
        self.static = None


def short_key(label: str) -> str:
    """Key names short enough for a key cap: "Left Shift" -> "LShift", "Return" -> "Enter"."""
    label = label.replace("Left ", "L").replace("Right ", "R")
    return {"Return": "Enter", "Backspace": "Bksp", "Rshift": "RShift", "Lshift": "LShift"}.get(label, label)


# ---------------------------------------------------------------- registration
def start_soldout(ctx: "Context", spec: MatchSpec) -> MallScene:
    return MallScene(ctx, spec)


_LEVEL_SURFACES: dict[tuple, pygame.Surface] = {}


def level_surface(level, scale: float) -> pygame.Surface:
    """The level drawn at `scale` (about 20 ms), kept for the next match on it: shared, never drawn on."""
    convert = pygame.display.get_surface() is not None
    key = (str(level.path), level.width, level.height, level.floor_tiles, level.wall_tiles, scale, convert)
    found = _LEVEL_SURFACES.get(key)
    if found is None:
        found = render_level(level, scale)
        if convert:
            found = found.convert()
        if len(_LEVEL_SURFACES) >= 8:
            _LEVEL_SURFACES.pop(next(iter(_LEVEL_SURFACES)))
        _LEVEL_SURFACES[key] = found
    return found


def demo_spec(players: int, mode: str, seed: int, rounds: int = 1) -> MatchSpec:
    """A match of `players` seats: two people (seats 0 and 1), the rest bots."""
    ids = seat_identities()
    seats = tuple(SeatSpec(i, ids[i].name, "human" if i < 2 else "bot") for i in range(players))
    return MatchSpec("soldout", seats, mode=mode, rounds=rounds, seed=seed)


registry.register("soldout", start_soldout)
registry.register_replay_viewer("soldout", lambda ctx, replay: MallScene(ctx, replay.match_spec(), replay=replay))
