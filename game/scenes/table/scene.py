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
from typing import TYPE_CHECKING, Callable

import pygame

from game.bots.checkout import CheckOutBot
from game.core.scene import Scene
from game.match.seats import SeatIdentity
from game.match.seats import identities as seat_identities
from game.driver.match_driver import MatchDriver, recorder
from game.scenes.table.bids import BidGuard
from game.text.i18n import _
from game.match.commands import IDLE, Command
from game.match.spec import MatchSpec, SeatSpec
from game.music.cues import Cue, table_cue
from game.driver.replay import Replay
from game.games.checkout import CHECK_OUT
from game.rules.checkout import CatalogueError
from game.scenes import registry
from game.scenes.common import CannotOpen, back_to_lobby, rematch_spec
from game.scenes.interrupts import interrupted, save_recording
from game.scenes.match_report import for_match
from game.scenes.menus import push_howto_once
from game.scenes.pads import Rumbler
from game.scenes.pads import keys_in_play, seat_keys, sharing_a_keyboard
from game.scenes.table.draw import TableView
from game.scenes.table.hud import SeatHud
from game.scenes.table.layout import TOP_BAR
from game.scenes.table.paint import TableKeys
from game.scenes.table.picture import TablePicture
from game.scenes.table.match_end import checkout_results
from game.scenes.table.sounds import table_sounds
from game.sim.table import new_table
from game.sim.table_face import TableFace
from game.sim.table_tuning import TableTuningError

if TYPE_CHECKING:
    from game.core.context import Context

log = logging.getLogger(__name__)

class TableScene(Scene):
    name = "table"

    def __init__(self, ctx: "Context", spec: MatchSpec, demo: bool = False, replay: Replay | None = None) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.demo = demo               # screenshots / attract: a bot in every seat, no how-to card
        self.replay = replay           # a game.driver.replay.Replay plays itself
        self.results_pushed = False
        self.sim: TableFace = new_table(spec)
        ids = seat_identities()
        self.bots: dict[int, CheckOutBot] = {}
        for i, s in enumerate(spec.seats):
            if self.replay is not None:
                break
            if demo or s.kind == "bot" or s.seat in ctx.bot_takeovers:
                self.bots[i] = CheckOutBot(i, s.difficulty if s.kind == "bot" else "normal",
                                           spec.seed, self.sim.tuning)
        recording = bool(ctx.record_path or ctx.record_to) and not demo and replay is None    # --record, career
        self.driver = MatchDriver(self.sim, list(range(spec.players)),       # the table keys seats by index
                                  recorder(spec) if recording else None,
                                  playback=replay.ticks() if replay is not None else None)
        for i, bot in self.bots.items():
            self.driver.seat(i, bot.command)
        # Its record for the stats, when people play it (never a demo's or a replay's).
        self.report = for_match(ctx, spec, self.driver, live=not demo and replay is None)
        people = [] if demo or replay is not None else [i for i in range(spec.players) if i not in self.bots]
        self.bids = BidGuard(people)      # a person's bonus bid locks on a hold; 0 asks "sit out?"
        labels = [_("BOT") if i in self.bots and not demo else "" for i in range(spec.players)]
        self.picture = TablePicture(ctx, self.sim, [ids[s.seat % len(ids)] for s in spec.seats], labels,
                                    [i in self.bots for i in range(spec.players)])
        self.picture.hud.bid_hold = self.bids.state
        self._set_keys()
        self.rumbler = None if demo or self.replay is not None else Rumbler(ctx, CHECK_OUT.key, self._lobby_seat)

    # What the results, screenshots and tests read of the picture.
    @property
    def ids(self) -> list[SeatIdentity]:
        return self.picture.ids

    @property
    def hud(self) -> SeatHud:
        return self.picture.hud

    @property
    def view(self) -> TableView:
        return self.picture.view

    # ------------------------------------------------------------------ life cycle
    def enter(self) -> None:
        if not self.demo and self.replay is None:
            push_howto_once(self.ctx, "checkout")

    def resume(self) -> None:
        self._set_keys()   # the controls may have been rebound in Settings

    def exit(self) -> None:
        self.picture.drop_layers()

    def _lobby_seat(self, index: int) -> int:
        """The lobby seat (whose device it is) of the simulation's seat `index`."""
        return self.spec.seats[index].seat

    def _set_keys(self) -> None:
        set_table_keys(self.ctx, self.spec, self.picture.keys)

    def rematch(self) -> None:
        """Same seats, a new deal."""
        self.ctx.stack.replace(open_table(self.ctx, rematch_spec(self.spec)))

    def to_lobby(self) -> None:
        back_to_lobby(self.ctx)

    # ------------------------------------------------------------------ ticks
    # ------------------------------------------------------------------ the attract loop
    def demo_over(self) -> bool:
        return self.sim.over()

    def banner_spot(self) -> tuple[int, int] | None:
        return None

    def banner_room(self) -> pygame.Rect | None:
        """The top bar's middle, where the headline goes: the title demo's banner stands there in its
        place (attract_demo draws no headline), between the round's label and the BONUS."""
        return self.picture.hud.headline_room() if not self.picture.hud.headline_shown else None

    def update(self, commands: dict[int, Command]) -> None:
        if not self.demo and interrupted(self.ctx, commands, self._bot_takeover, "checkout"):
            return
        self.driver.step(self.bids.filter(self.sim, self._people(commands)))
        self._sounds()
        if self.rumbler is not None:
            self.rumbler.table(self.sim)
        if self.sim.over():
            save_recording(self.ctx, self.driver)
            if self.report is not None:
                self.report.over(self.sim)
        if self.sim.over() and not self.results_pushed and not self.demo:
            self.results_pushed = True
            self.ctx.stack.push(checkout_results(self))

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
            if s.seat == seat:
                self.bots[i] = CheckOutBot(i, "normal", self.spec.seed, self.sim.tuning)   # as if it sat there from the start
                self.bids.holds.pop(i, None)
                self.driver.seat(i, self.bots[i].command)
                self.picture.mark_bot(i, _("BOT"))

    def _sounds(self) -> None:
        table_sounds(self.ctx, self.sim, self.picture.view, self.bots)


    def fast_forward(self, until: Callable[[TableFace], bool], limit: int = 60 * 60 * 30) -> None:
        """Screenshots: play on with the bots (no drawing, no sounds) until `until(sim)` holds."""
        sim = self.sim
        while not until(sim) and sim.tick < limit and not sim.over():
            self.driver.step()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.picture.draw(surface, self._lobby_seat)

    def idle(self, until: float) -> None:
        self.picture.idle(until)

    def toast_zone(self) -> pygame.Rect:
        """The top bar's middle, between the round and the BONUS: never over a seat's panel, a
        score or the products."""
        return pygame.Rect(TOP_BAR.x + 190, TOP_BAR.y - 2, TOP_BAR.w - 346, TOP_BAR.h + 4)


def set_table_keys(ctx: "Context", spec: MatchSpec, keys: TableKeys) -> None:
    """What each seat of the table presses on its own device (a keyboard half's keys, a pad's
    printed names; nothing for a bot), what everyone presses, and who shares a keyboard."""
    keys.seats = [seat_keys(ctx, s.seat) for s in spec.seats]
    keys.shared = keys_in_play(ctx)
    beside = sharing_a_keyboard(ctx)
    keys.side_by_side = {i for i, s in enumerate(spec.seats) if s.seat in beside}


def open_table(ctx: "Context", spec: MatchSpec, demo: bool = False, replay: Replay | None = None) -> Scene:
    """The scene that opens a Check Out! game: the table, or (its data would not load) a toast
    saying why."""
    try:
        return TableScene(ctx, spec, demo=demo, replay=replay)
    except (CatalogueError, TableTuningError, ValueError, OSError) as exc:
        return CannotOpen(ctx, _("Cannot open the dice table: {error}").format(error=exc))


# ---------------------------------------------------------------- registration
def demo_spec(players: int, seed: int, difficulty: str = "hard") -> MatchSpec:
    ids = seat_identities()
    seats = tuple(SeatSpec(i, ids[i].name, "bot", difficulty) for i in range(players))
    return CHECK_OUT.spec(seats, seed)


registry.register(CHECK_OUT.key, open_table)
registry.register_replay_viewer(CHECK_OUT.key, lambda ctx, replay: open_table(ctx, replay.match_spec(), replay=replay))
def attract_demo(ctx: "Context", spec: MatchSpec) -> TableScene:
    """The title demo's table: its headline gives way to the demo's banner (banner_room)."""
    scene = TableScene(ctx, spec, demo=True)
    scene.picture.hud.headline_shown = False
    return scene


registry.register_demo(CHECK_OUT.key, attract_demo)
