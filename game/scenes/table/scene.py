"""The Check Out! dice table in a window: 2-6 seats, people and bots together.

TableScene(ctx, spec) is registered as the "checkout" game. Each fixed tick it
gathers one Command per seat (people from the input manager, bots from
CheckOutBot), steps the TableSim, and turns the tick's events into sounds.
START / Escape pushes the pause overlay; a pad pulled out pushes the reconnect
overlay; BACK shows the how-to card; in each case the sim is not stepped, so
time stops. When the game is over it pushes the results (checkout_results.py).
Controls are in game/sim/table.py's docstring (and on the how-to card).
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Callable

import pygame

from game.bots.checkout import CheckOutBot
from game.core.scene import Scene
from game.core.seats import identities as seat_identities
from game.driver.match_driver import MatchDriver, recorder
from game.i18n import _
from game.input.bindings import key_label, pad_button_label
from game.input.commands import IDLE, Button, Command
from game.match import MatchSpec, SeatSpec
from game.music.cues import Cue, table_cue
from game.render import widgets
from game.rules.checkout import CatalogueError
from game.scenes import registry
from game.scenes.common import back_to_lobby, rematch_spec
from game.scenes.interrupts import interrupted, save_recording
from game.scenes.menus.howto import push_howto_once
from game.scenes.pads.feel import Rumbler, draw_table_find_me
from game.scenes.pads.sync import seat_labels, shared_labels
from game.scenes.table.draw import TableView
from game.scenes.table.hud import SeatHud
from game.scenes.table.layout import SCREEN, seat_panels
from game.scenes.table.overlay import Overlays
from game.scenes.table.paint import Texts
from game.sim.table import TableSim
from game.sim.table_tuning import TableTuningError

if TYPE_CHECKING:
    from game.core.context import Context

log = logging.getLogger(__name__)

SOUNDS = {"roll": "roll", "grab": "grab", "queue": "queue", "buy": "buy", "bonus": "bonus",
          "countdown": "countdown", "go": "go", "over": "win", "ready": "confirm", "reveal": "bonus",
          "land": "land", "last": "countdown", "last_tick": "countdown", "bid_step": "menu_move"}


class TableScene(Scene):
    name = "table"

    def __init__(self, ctx: "Context", spec: MatchSpec, demo: bool = False, replay=None) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.demo = demo               # screenshots / attract: a bot in every seat, no how-to card
        self.replay = replay           # a game.replay.Replay plays itself
        self.error = ""
        self.results_pushed = False
        self.static: pygame.Surface | None = None
        try:
            self.sim = TableSim(spec)
        except (CatalogueError, TableTuningError, ValueError, OSError) as exc:
            self.error = str(exc)
            self.sim = None
            return
        ids = seat_identities()
        self.ids = [ids[s.seat % len(ids)] for s in spec.seats]
        self.bots: dict[int, CheckOutBot] = {}
        for i, s in enumerate(spec.seats):
            if self.replay is not None:
                break
            if demo or s.kind == "bot" or s.seat in ctx.bot_takeovers:
                self.bots[i] = CheckOutBot(i, s.difficulty if s.kind == "bot" else "normal",
                                           spec.seed, self.sim.tuning)
        recording = bool(ctx.record_path) and not demo and replay is None    # --record FILE
        self.driver = MatchDriver(self.sim, list(range(spec.players)),       # the table keys seats by index
                                  recorder(spec) if recording else None,
                                  playback=replay.ticks() if replay is not None else None)
        for i, bot in self.bots.items():
            self.driver.seat(i, bot.command)
        self.texts = Texts()
        labels = [_("BOT") if i in self.bots and not demo else "" for i in range(spec.players)]
        self.hud = SeatHud(self.sim, seat_panels(spec.players), self.ids, labels, self.texts,
                           [i in self.bots for i in range(spec.players)])
        self.hud.keys = self._key_names()
        self.hud.shared_keys = shared_labels(ctx)
        self.rumbler = None if demo or self.replay is not None else Rumbler(ctx, "checkout", self._lobby_seat)
        self.view = TableView(self.sim, self.ids, self.texts)
        self.overlays = Overlays(self.sim, self.ids, self.texts)
        self.warm: list[Callable[[], object]] = []   # art to render ahead, a little each frame
        self.warm_table: list[str] = []
        self.warm_display: list[str] = []    # the bargains whose promo/size variants are queued

    # ------------------------------------------------------------------ life cycle
    def enter(self) -> None:
        if self.sim is not None and not self.demo and self.replay is None:
            push_howto_once(self.ctx, "checkout")

    def resume(self) -> None:
        if self.sim is not None:
            self.hud.keys = self._key_names()   # the controls may have been rebound in Settings
            self.hud.shared_keys = shared_labels(self.ctx)

    def _lobby_seat(self, index: int) -> int:
        """The lobby seat (whose device it is) of the simulation's seat `index`."""
        return self.spec.seats[index].seat

    def _key_names(self) -> list[dict[str, str]]:
        """Per seat, the name of the key or pad button behind A, B, X and Y (keyboards differ)."""
        names: list[dict[str, str]] = []
        for s in self.spec.seats:
            device = self.ctx.input.device_of(s.seat)
            seat_names: dict[str, str] = {}
            if device is not None and device[0] == "kb":
                for button in (Button.A, Button.B, Button.X, Button.Y):
                    seat_names[button.name] = key_label(self.ctx.bindings.key_for(device[1], button))
            elif device is not None:
                seat_names = seat_labels(self.ctx, s.seat) or {
                    b.name: pad_button_label(self.ctx.bindings.pad_button_for(b))
                    for b in (Button.A, Button.B, Button.X, Button.Y)}
            names.append(seat_names)
        return names

    def rematch(self) -> None:
        """Same seats, a new deal."""
        self.ctx.stack.replace(TableScene(self.ctx, rematch_spec(self.spec)))

    def to_lobby(self) -> None:
        back_to_lobby(self.ctx)

    # ------------------------------------------------------------------ ticks
    def update(self, commands: dict[int, Command]) -> None:
        if self.error:
            self.ctx.toast(_("Cannot open the dice table: {error}").format(error=self.error), seconds=8)
            self.ctx.stack.pop()
            self.error = ""
            return
        if self.sim is None:
            return
        if not self.demo and interrupted(self.ctx, commands, self._bot_takeover, "checkout"):
            return
        self.driver.step(self._people(commands))
        self._sounds()
        if self.rumbler is not None:
            self.rumbler.table(self.sim)
        if self.sim.over():
            save_recording(self.ctx, self.driver)
        if self.sim.over() and not self.results_pushed and not self.demo:
            self.results_pushed = True
            self.ctx.stack.push(registry.open_scene("checkout_results", self.ctx, self))

    def music_cue(self) -> Cue | None:
        """The music at the table (game.music reads it every tick): rising near a round's end, the bonus round's."""
        return table_cue(self.sim) if self.sim is not None else None

    def _people(self, commands: dict[int, Command]) -> dict[int, Command]:
        """The people's Commands by seat index (a seat whose pad is gone stands still); the
        driver asks bots and a replay for the rest."""
        lost = set(self.ctx.input.disconnected_seats())
        return {i: IDLE if s.seat in lost else commands.get(s.seat, IDLE) for i, s in enumerate(self.spec.seats)}

    def _bot_takeover(self, seat: int) -> None:
        for i, s in enumerate(self.spec.seats):
            if s.seat == seat and self.sim is not None:
                self.bots[i] = CheckOutBot(i, "normal", self.spec.seed, self.sim.tuning)   # as if it sat there from the start
                self.driver.seat(i, self.bots[i].command)
                self.hud.labels[i] = _("BOT")
                self.hud.bots[i] = True
                self.static = None     # the name plate is part of the static layer

    def _sounds(self) -> None:
        sim = self.sim
        humans = [i not in self.bots for i in range(sim.n)]
        for kind, seat, detail in sim.events:
            if kind == "grab":
                self.view.flashes[detail] = (seat, sim.tick)
            if kind == "error":
                if seat >= 0 and humans[seat]:
                    self.ctx.sound("error")
            elif kind == "token":
                if detail:
                    self.ctx.sound("token")
            elif kind in SOUNDS:
                self.ctx.sound(SOUNDS[kind])
        if any(s.land_tick == sim.tick and s.land_tick > 0 for s in sim.seats):
            self.ctx.sound("land")

    def fast_forward(self, until: Callable[[TableSim], bool], limit: int = 60 * 60 * 30) -> None:
        """Screenshots: play on with the bots (no drawing, no sounds) until `until(sim)` holds."""
        sim = self.sim
        while not until(sim) and sim.tick < limit and not sim.over():
            self.driver.step()

    # ------------------------------------------------------------------ drawing
    def _build_static(self) -> None:
        surf = pygame.Surface(SCREEN)
        surf.blit(self.ctx.ui.background(SCREEN), (0, 0))
        self.view.draw_frames(surf)
        self.hud.draw_frames(surf, self.ctx.ui)
        self.static = surf.convert() if pygame.display.get_surface() is not None else surf
        self.view.static = self.static

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.sim is None:
            widgets.draw_background(surface, self.ctx.ui)
            return
        if self.static is None:
            self._build_static()
            self.warm += self.view.warm_dice()
        sim = self.sim
        if sim.table_products() != self.warm_table:
            self.warm_table = sim.table_products()
            # Queued first so they are drawn last: this round's cards and variants come before.
            self.warm[:0] = self.view.warm_next_cards()
            self.warm += self.view.warm_cards()
        if sim.display() != self.warm_display:
            self.warm_display = sim.display()
            # Needed only at checkout: after the cards and dice a grab or a roll may show next.
            self.warm[:0] = self.view.warm_bargains()
        tick = sim.tick
        surface.blit(self.static, (0, 0))
        totals = [s.total for s in sim.scores()]
        self.view.draw_centre(surface, tick)
        self.view.draw_board(surface, tick)
        self.hud.draw(surface, tick, totals)
        self.hud.draw_top(surface, tick)
        self.overlays.draw(surface, tick)
        draw_table_find_me(surface, self.ctx, sim, self._lobby_seat, self.hud.panels)
        self._warm_up()

    def _warm_up(self, budget: float = 0.001) -> None:
        """Render queued art (cards as they may be taken, tumbling dice) within a small budget per
        frame, so no frame later pays for a first render."""
        start = time.perf_counter()
        while self.warm and time.perf_counter() - start < budget:
            self.warm.pop()()


# ---------------------------------------------------------------- registration
def _start(ctx: "Context", spec: MatchSpec) -> Scene:
    return TableScene(ctx, spec)


def demo_spec(players: int, seed: int, difficulty: str = "hard") -> MatchSpec:
    ids = seat_identities()
    seats = tuple(SeatSpec(i, ids[i].name, "bot", difficulty) for i in range(players))
    return MatchSpec("checkout", seats, mode="standard", rounds=4, seed=seed)


registry.register("checkout", _start)
registry.register_replay_viewer("checkout", lambda ctx, replay: TableScene(ctx, replay.match_spec(), replay=replay))
