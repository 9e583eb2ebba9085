"""The Sold Out! mall scene: a match played in one window, 2-6 seats, bots beside people.

open_mall(ctx, spec) is registered as the "soldout" game: it opens MallScene (or first asks
for the first round's mode, or says why the mall cannot open). Each fixed tick MallScene
gathers one Command per seat (people from the input manager, bots from their controllers),
steps the MallSim through its MatchDriver, turns the tick's events into sounds and effects
(the MallPicture draws), and pushes the results between rounds. START / Escape pushes the
pause overlay; a pad pulled out pushes the reconnect overlay; BACK shows the
mode's how-to card. Either way the sim is not stepped: time stops.

Round flow: (choose a mode) -> how-to card the first time a mode is played ->
study (Memory) -> countdown -> play -> SOLD OUT! -> results -> next round ...
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import pygame

from game.sim import preload
from game.core.scene import Scene
from game.match.seats import SeatIdentity
from game.match.seats import identities as seat_identities
from game.bots.soldout import pile_fields_ahead
from game.driver.match_driver import MatchDriver, recorder
from game.games.soldout import SOLD_OUT
from game.games.soldout_seats import bot_for, ready_after_study
from game.text.i18n import _
from game.match.commands import IDLE, Button, Command
from game.files.levels import Level, LevelError, resolve_level
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout.options import SoldOutOptions, options_of
from game.music.cues import Cue, mall_cue
from game.render import widgets
from game.driver.replay import Replay
from game.rules.soldout import CatalogueError, modes
from game.scenes import registry
from game.scenes.common import CannotOpen, back_to_lobby, rematch_spec
from game.scenes.interrupts import interrupted, save_recording
from game.scenes.match_report import for_match
from game.scenes.mall.draw import MapView
from game.scenes.mall.hud import Hud
from game.scenes.mall.layout import MallLayout
from game.scenes.mall.picture import MallPicture
from game.scenes.mall.mode_choice import ModeChoiceScene
from game.scenes.mall.round_end import soldout_results
from game.scenes.mall.sounds import play_sounds
from game.scenes.menus import push_howto_once
from game.scenes.pads import Rumbler
from game.scenes.pads import seat_keys, sharing_a_keyboard
from game.scenes.moment import without
from game.scenes.own_pictures import clothing_again
from game.scenes.ready import READY_AFTER_TICKS
from game.sim.mall import new_mall

if TYPE_CHECKING:
    from game.bots.soldout import SoldOutBot
    from game.core.context import Context

log = logging.getLogger(__name__)
AHEAD_POPS = 200   # search steps between looks at the clock in idle (about 0.3 ms)


class MallScene(Scene):
    """A Sold Out! match in the window, from its first round in `mode` (a concrete mode: a match
    that chooses each round starts from MallOpening, which asks for the first)."""

    name = "mall"

    def __init__(self, ctx: "Context", spec: MatchSpec, mode: str, level: Level, pilot: bool = False,
                 replay: Replay | None = None) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.replay = replay                # a recorded match played back in the window
        self.recording = bool(ctx.record_path or ctx.record_to) and not pilot and replay is None   # --record, career
        self.fixed_modes = fixed_modes(ctx, spec, pilot, replay)
        self.pilot_wanted = pilot          # screenshots/benchmark: a bot in every seat, ready after study
        self.seats = sorted(spec.seats, key=lambda s: s.seat)
        ids = seat_identities()
        identities = {s.seat: ids[s.seat % len(ids)] for s in self.seats}
        names = {s.seat: s.name or ids[s.seat % len(ids)].name for s in self.seats}
        self.sim = new_mall(spec, level, preload.soldout_catalogue(), spec.seed, mode, preload.soldout_tuning())
        # One driver for the whole match, seats in the replay's order; a replay plays every seat.
        self.driver = MatchDriver(self.sim, [s.seat for s in spec.seats],
                                  recorder(spec) if self.recording else None,
                                  playback=replay.ticks() if replay is not None else None)
        # Its record for the stats, when people play it (never a pilot's or a replay's).
        self.report = for_match(ctx, spec, self.driver, live=not pilot and replay is None)
        self.picture = MallPicture(ctx, spec, level, self.sim, identities, names)
        self.picture.hud.set_labels(self._key_labels(), sharing_a_keyboard(ctx))
        # Rumble for people playing live: never for a replay or a demo (their seats are nobody's pads).
        self.rumbler = Rumbler(ctx, SOLD_OUT.key) if replay is None and not pilot else None
        self.bots: dict[int, SoldOutBot] = {}
        self.modes_played: list[str] = []
        self.results_pushed = False
        self.howto_due: str | None = None
        self._round_started(mode)

    # What the results, the attract loop, screenshots and tests read of the picture.
    @property
    def layout(self) -> MallLayout:
        return self.picture.layout

    @property
    def hud(self) -> Hud:
        return self.picture.hud

    @property
    def view(self) -> MapView:
        return self.picture.view

    @property
    def identities(self) -> dict[int, SeatIdentity]:
        return self.picture.identities

    @property
    def names(self) -> dict[int, str]:
        return self.picture.names

    # ------------------------------------------------------------------ set-up
    def _key_labels(self) -> dict[int, dict[str, str]]:
        """Keyboard seats see their keys in the hints ("E flip"); pads their own family's names ("Square flip")."""
        return {s.seat: seat_keys(self.ctx, s.seat) for s in self.seats}

    def _round_started(self, mode: str) -> None:
        self.results_pushed = False
        self.picture.new_round()
        self.bots = self._make_bots(self.bots)
        for seat, bot in self.bots.items():
            self._seat_bot(seat, bot)
        first_time = mode not in self.modes_played
        self.modes_played.append(mode)
        self.picture.prewarm()
        # Shown from update(), once this scene is on top (a push from here would land below it).
        self.howto_due = modes.get(mode).howto if first_time and not self.pilot_wanted and self.replay is None else None

    def _make_bots(self, playing: dict[int, SoldOutBot]) -> dict[int, SoldOutBot]:
        """A bot for every bot seat and taken-over seat (screenshots and the benchmark's pilot:
        every seat). A bot already `playing` a seat keeps it for the next round, as headless."""
        wanted = [s for s in self.seats
                  if self.pilot_wanted or s.kind == "bot" or s.seat in self.ctx.bot_takeovers]
        if not wanted or self.replay is not None:
            return {}
        return {s.seat: playing.get(s.seat) or bot_for(s, self.sim, self.spec.seed) for s in wanted}

    # ------------------------------------------------------------------ flow (results call these)
    def next_round(self, mode: str) -> None:
        if self.sim.phase != "round_over":
            return
        self.sim.start_next_round(mode)
        self._round_started(mode)

    def mode_for_next_round(self) -> str | None:
        """The mode the next round must take (replays follow the headless order), or None: free."""
        return None if self.fixed_modes is None else self.scheduled_mode()

    def scheduled_mode(self) -> str:
        """The next round's mode by the game's schedule (a free choice starts from it)."""
        schedule = self.fixed_modes or SOLD_OUT.schedule(self.spec)
        return schedule[min(len(self.sim.match.results), len(schedule) - 1)]

    # ------------------------------------------------------------------ the attract loop
    def demo_over(self) -> bool:
        return self.sim.phase in ("round_over", "match_over")

    def banner_spot(self) -> tuple[int, int] | None:
        """Over the mall's bottom wall: the seat panels below stay readable."""
        return self.layout.map_rect.centerx, self.layout.map_rect.bottom - 4

    def banner_room(self) -> pygame.Rect | None:
        return None

    def rematch(self) -> None:
        """Same seats, same settings, a new deal (a replay plays again from the start)."""
        if self.replay is not None:
            self.ctx.stack.replace(open_mall(self.ctx, self.spec, replay=self.replay))
            return
        self.ctx.stack.replace(open_mall(self.ctx, rematch_spec(self.spec)))

    def to_lobby(self) -> None:
        back_to_lobby(self.ctx)

    # ------------------------------------------------------------------ ticks
    def update(self, commands: dict[int, Command]) -> None:
        if self.howto_due is not None:
            card, self.howto_due = self.howto_due, None
            if push_howto_once(self.ctx, card):
                return
        # A pilot plays every seat (screenshots, the attract loop): no person to pause for.
        if not self.pilot_wanted and interrupted(self.ctx, commands, self._bot_takeover, modes.get(self.sim.mode).howto):
            return
        self.driver.step(self._people(commands))
        if self.sim.phase == "match_over":
            save_recording(self.ctx, self.driver)
            if self.report is not None:
                self.report.over(self.sim)
        self._after_step()

    def music_cue(self) -> Cue | None:
        """The music for this round (game.music reads it every tick): its mode's track, rising near the end."""
        return mall_cue(self.sim)

    def _people(self, commands: dict[int, Command]) -> dict[int, Command]:
        """The people's Commands this tick (a seat whose pad is gone stands still); the driver
        asks bots and a replay for the rest."""
        lost = set(self.ctx.input.disconnected_seats())
        people = {s.seat: IDLE if s.seat in lost else commands.get(s.seat, IDLE) for s in self.seats}
        if self.sim.phase == "study" and self.sim.tick - self.sim.phase_tick < READY_AFTER_TICKS:
            # Ready, not turn (game/scenes/ready.py): Memory's list is read before an A says ready,
            # so a thumb still mashing A from the screen before never skips the study
            people = {seat: without(cmd, Button.A) for seat, cmd in people.items()}
        return people

    def _seat_bot(self, seat: int, bot: SoldOutBot) -> None:
        """`bot` plays `seat` through the match driver (a pilot's bots skip the rest of study)."""
        self.driver.seat(seat, ready_after_study(bot.command) if self.pilot_wanted else bot.command)

    def _bot_takeover(self, seat: int) -> None:
        spec = next((s for s in self.seats if s.seat == seat), None)
        if spec is None:
            return
        self.bots[seat] = bot_for(spec, self.sim, self.spec.seed)
        self._seat_bot(seat, self.bots[seat])
        self.picture.mark_bot(seat)

    def _after_step(self) -> None:
        sim = self.sim
        self.picture.after_step()
        play_sounds(self.ctx, sim, self.bots)
        if self.rumbler is not None:
            self.rumbler.mall(sim)
        if sim.phase == "countdown" and sim.phase_ticks_left() % 60 == 0 and sim.phase_ticks_left():
            self.ctx.sound("countdown")   # one beep per number: 3, 2, 1 ... then "go"
        if sim.phase in ("round_over", "match_over") and not self.results_pushed:
            self.results_pushed = True
            self.ctx.stack.push(soldout_results(self))

    def idle(self, until: float) -> None:
        """After the present: the bots' ways to the piles on the floor worked out ahead (in the
        countdown, those of the round's first choices; in play, to a pile put down somewhere new),
        a few hundred tiles of search at a time. First the dresser cards placed (the round's first
        picture needs them: the fade into the round has the idle frames), then the shoppers'
        everyday frames drawn ahead. Between those, the clothing drawn again if a table let it go and
        no menu came between (game/scenes/own_pictures.py)."""
        self.picture.build_ahead(until)     # first the static layer a results screen dropped, if it fits
        view = self.picture.view
        if (view.place_ahead(self.sim, until) or clothing_again(until) or view.warm_figures(until)
                or not self.bots):
            return
        for field in pile_fields_ahead(self.sim.seat_view(next(iter(self.bots)))):
            while time.perf_counter() < until:
                if field.advance(AHEAD_POPS):
                    break
            else:
                return

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        sim = self.sim
        self.picture.draw(surface, alpha, {s.seat: sim.match.player_total(sim.player_of[s.seat]) for s in self.seats})

    def toast_zone(self) -> pygame.Rect:
        """Over the top of the map, under the round's banner: never over a panel, the clock or a score."""
        area = self.layout.map_rect
        return pygame.Rect(area.x + 12, area.y + 42, area.w - 24, min(130, area.h // 3))

    # ------------------------------------------------------------------ stack hooks
    def resume(self) -> None:
        self.picture.resume(self._key_labels(), sharing_a_keyboard(self.ctx))

    def exit(self) -> None:
        self.picture.drop_layers()


class MallOpening(Scene):
    """A match that chooses each round's mode: the mall's backdrop under the choice of the first
    mode; the choice opens the mall (B goes back to the lobby)."""

    name = "mall_opening"

    def __init__(self, ctx: "Context", spec: MatchSpec, level: Level) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.level = level

    def enter(self) -> None:
        self.ctx.stack.push(ModeChoiceScene(self.ctx, self._chosen, on_cancel=lambda: back_to_lobby(self.ctx),
                                            preset=SOLD_OUT.schedule(self.spec)[0]))

    def _chosen(self, mode: str) -> None:
        self.ctx.stack.replace(MallScene(self.ctx, self.spec, mode, self.level))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        widgets.draw_background(surface, self.ctx.ui)


def fixed_modes(ctx: "Context", spec: MatchSpec, pilot: bool, replay: Replay | None) -> list[str] | None:
    """A replay (recorded or played) takes the modes the game's schedule gives each round (a
    replay's own, recorded in its header, or for an older replay the rule it was recorded by)."""
    recording = bool(ctx.record_path or ctx.record_to) and not pilot and replay is None
    if (recording or replay is not None) and options_of(spec).mode in modes.choices():
        return SOLD_OUT.schedule(spec)
    return None


def open_mall(ctx: "Context", spec: MatchSpec, pilot: bool = False, replay: Replay | None = None) -> Scene:
    """The scene that opens a Sold Out! match: the mall from its first round; the choice of the
    first mode where the match chooses each round; or, where the level or the cards cannot be
    loaded, a toast saying why."""
    try:
        level = preload.level(resolve_level(options_of(spec).level, len(spec.seats)))
        preload.soldout_catalogue()    # parsed once per process, not per match
    except (LevelError, CatalogueError, OSError) as exc:
        return CannotOpen(ctx, _("Cannot open the mall: {error}").format(error=exc))
    fixed = fixed_modes(ctx, spec, pilot, replay)
    if fixed:
        return MallScene(ctx, spec, fixed[0], level, pilot=pilot, replay=replay)
    if options_of(spec).mode in modes.keys():
        return MallScene(ctx, spec, options_of(spec).mode, level, pilot=pilot, replay=replay)
    return MallOpening(ctx, spec, level)


# ---------------------------------------------------------------- registration
def demo_spec(players: int, mode: str, seed: int, rounds: int = 1, teams: int = 0) -> MatchSpec:
    """A match of `players` seats: two people (seats 0 and 1), the rest bots; with `teams`, the
    seats dealt round that many teams (seat 0 on Team A, seat 1 on Team B...)."""
    ids = seat_identities()
    seats = tuple(SeatSpec(i, ids[i].name, "human" if i < 2 else "bot", team=i % teams if teams else None)
                  for i in range(players))
    return MatchSpec(SOLD_OUT.key, seats, SoldOutOptions(mode=mode, rounds=rounds, teams=bool(teams)), seed)


def piloted_mall(ctx: "Context", spec: MatchSpec) -> MallScene:
    """A match with a bot in every seat, ready after study (screenshots, the benchmark, the
    attract loop): its first round in the spec's mode on the shipped level for its seats."""
    level = preload.level(resolve_level(options_of(spec).level, len(spec.seats)))
    return MallScene(ctx, spec, options_of(spec).mode if options_of(spec).mode in modes.keys() else modes.keys()[0], level, pilot=True)


registry.register(SOLD_OUT.key, open_mall)
registry.register_replay_viewer(SOLD_OUT.key, lambda ctx, replay: open_mall(ctx, replay.match_spec(), replay=replay))
registry.register_demo(SOLD_OUT.key, piloted_mall)
