"""The Sold Out! mall: a fixed-tick real-time world on top of the rules engine.

The engine (game.rules.soldout) decides what is legal and who holds what; this
module decides where things are: avatars walking, piles on the floor, who is
at the Starting Table or a dresser, and the round's timed phases. No pygame, no
clock, no global random: one `random.Random(seed)` is shared with the engine.

Buttons (one Command per seat per tick): the stick walks (accelerating to a top speed; slower
while holding a pile); what A, B, X, Y, LB and RB do is mall_controls.py's.

Phases (MallPhase in mall_events.py): "study" (where the family studies its list) -> "countdown" -> "playing"
-> "sold_out" (the freeze after any round end) -> "round_over" (results in `last_result`;
call `start_next_round(mode)`) ... -> "match_over".

Events of the last tick (`sim.events`, for sounds and flashes), one frozen class per kind
(mall_events.py; read them with `match` on the class):
Picked(seat, pile) Flipped(seat, pile) Took(seat, card, pile) Delivered(seat, card)
Placed(seat, card, dresser) PutDown(seat, pile) Returned(seat, pile) HandBack(seat, card)
Called(seat) Selected(seat, choice) Ready(seat) Rejected(seat, reason) PileGone(pile)
SoldOutCalled(side, seat) RoundEnded(cause) PhaseChanged(phase).
"""
from __future__ import annotations

import hashlib
import json
import random
from typing import TYPE_CHECKING, Any

from game.match.commands import IDLE, Button, Command
from game.files.levels import Level
from game.match.spec import MatchSpec
from game.rules.soldout.options import options_of
from game.rules.soldout import Catalogue, Match, Round, RoundResult, modes
from game.sim.mall_avatar import NO_AIM, Avatar
from game.sim.mall_controls import Controls
from game.sim.mall_events import MallEvent, MallPhase, PhaseChanged, Ready
from game.sim.mall_fixtures import Dresser, Fixtures
from game.sim.mall_floor import PileFloor
from game.sim.mall_public import MallPublicView, OmniscientView, RoundReveal
from game.sim.mall_view import SeatView
from game.sim.simultaneous import tick_order
from game.sim.physics import Body, Grid, approach, move_axis, move_bodies, separate, target_velocity
from game.sim.tuning import Tuning, load_tuning

if TYPE_CHECKING:
    from game.sim.mall_face import MallFace

__all__ = ["Avatar", "Dresser", "MallSim", "new_mall"]

# Buttons as plain ints: IntFlag arithmetic costs microseconds per tick.
_A, _LB, _RB = int(Button.A), int(Button.LB), int(Button.RB)
_NONE = Button.NONE
_PLAYING = MallPhase.PLAYING   # a module constant: looking it up on the enum costs 70 ns a tick


_WALKABLE: dict[tuple[bytes, ...], tuple[bytes, ...]] = {}


class Crowd:
    """The shoppers' bodies as the tick walks them, and the pushing pass's skips."""

    def __init__(self, stride: int) -> None:
        # How much nearer two shoppers can come along an axis in a tick, for the pushing pass's
        # skips (physics.separate): each moves at most at its velocity, which only ever
        # approaches a stick's target (target_velocity: never over the top speed). A body moved
        # by hand between ticks (a test's placing) must set `apart` to 0.
        self.stride = stride
        self.bodies: list[Body] = []      # the pushing pass reads them every tick
        self.walkers: list[tuple[Avatar, Body, int, int]] = []   # and _play these
        self.apart = 0                    # pushing passes to skip: no two can be within reach yet

    def placed(self, avatars: list[Avatar]) -> None:
        """The bodies were (re)placed: a round's spawn, or a staged crowd."""
        self.bodies = [av.body for av in avatars]
        self.walkers = [(av, av.body, av.seat, av.player) for av in avatars]
        self.apart = 0


class MallSim:
    """One Sold Out! match in the mall. `step(commands)` advances one tick (1/TICK_RATE s)."""

    def __init__(self, spec: MatchSpec, level: Level, catalogue: Catalogue, seed: int,
                 mode: str | None = None, tuning: Tuning | None = None) -> None:
        self.spec = spec
        self.rng = random.Random(seed)
        self.t = tuning or load_tuning()
        self.floor = PileFloor(Grid(level.solid, level.tile_size), level, self.t)
        self.fixtures = Fixtures(level, self.t)
        self.crowd = Crowd(2 * max(self.t.top, self.t.carry_top))
        self.controls = Controls(self)
        seats = sorted(spec.seats, key=lambda s: s.seat)
        self.seats = [s.seat for s in seats]
        self.player_of = {s.seat: i for i, s in enumerate(seats)}
        teams = [s.team if s.team is not None else i for i, s in enumerate(seats)] if spec.teams else None
        self.match = Match(catalogue, len(seats), self.rng, teams=teams,
                           assist=bool(options_of(spec).assist))
        self.avatars = [Avatar(s.seat, i, 0, 0, s.kind == "bot") for i, s in enumerate(seats)]
        self.by_seat = {a.seat: a for a in self.avatars}
        self.tick = 0
        self.phase = MallPhase.COUNTDOWN
        self.phase_tick = 0           # tick the phase began
        self.round_tick = 0           # tick the playing phase began
        self.events: list[MallEvent] = []
        self.last_result: RoundResult | None = None
        self.sold_out_seat: int | None = None  # the seat whose action ended the round with SOLD OUT!
        self.round: Round
        self.round_serial = 0         # rounds dealt so far (a new round changes it)
        self._views: dict[int, SeatView] = {}
        self.bot_cache: dict[str, Any] = {}   # the bots' shared path finding (SeatView.bot_cache): never hashed
        self.card_moves = 0           # cards taken, delivered, placed or put back so far (SeatView.state_serial)
        first = mode or options_of(spec).mode
        self._start_round(first if first in modes.keys() else modes.keys()[0])

    # ----- set-up -------------------------------------------------------------------
    def _start_round(self, mode: str) -> None:
        self.round = self.match.start_round(mode)
        self.round_serial += 1
        ids = sorted(self.round.piles)
        spots = self.rng.sample(list(self.level.pile_spots), len(ids))
        self.floor.lay({pid: spot for pid, spot in zip(ids, spots)}, self.round.held)
        self.sold_out_seat = None
        chairs: list[tuple[int, int]] = []
        if self.round.dressers:
            chairs = self.rng.sample(list(self.level.chairs), len(self.round.dressers))
        self.fixtures.seat_dressers(chairs)
        self.controls.new_round()
        spawns = self.level.spawns
        for i, av in enumerate(self.avatars):
            x, y = spawns[i % len(spawns)]
            av.respawn(x, y)
        self.crowd.placed(self.avatars)
        self._set_phase(MallPhase.STUDY if self.round.family.studies_list else MallPhase.COUNTDOWN)

    def _set_phase(self, phase: MallPhase) -> None:
        self.phase = phase
        self.phase_tick = self.tick
        if phase == MallPhase.PLAYING:
            self.round_tick = self.tick
        self.events.append(PhaseChanged(phase))

    def start_next_round(self, mode: str) -> None:
        """From "round_over": deal the next round in `mode` (rush | memory | tidy)."""
        if self.phase != MallPhase.ROUND_OVER:
            raise ValueError(f"start_next_round needs the round_over phase, not {self.phase}")
        modes.get(mode)   # ValueError naming the modes for an unknown one
        self._start_round(mode)

    # ----- queries for the scene and the bots ---------------------------------------
    @property
    def mode(self) -> str:
        return self.round.mode

    @property
    def level(self) -> Level:
        return self.floor.level

    @property
    def grid(self) -> Grid:
        return self.floor.grid

    @property
    def catalogue(self) -> Catalogue:
        return self.match.catalogue

    @property
    def piles(self) -> dict[int, tuple[int, int]]:
        """Pile id -> centre px, for every pile on the floor or held."""
        return self.floor.piles

    @property
    def dressers(self) -> list[Dresser]:
        """The round's dressers on their chairs (none where the family has no dressers)."""
        return self.fixtures.dressers

    def phase_ticks_left(self) -> int:
        """Ticks left in a timed phase (countdown, study, sold_out); 0 otherwise."""
        length = {MallPhase.COUNTDOWN: self.t.countdown_ticks, MallPhase.STUDY: self.t.study_ticks,
                  MallPhase.SOLD_OUT: self.t.freeze_ticks}.get(self.phase, 0)
        return max(0, self.phase_tick + length - self.tick) if length else 0

    def round_ticks_left(self) -> int:
        """Ticks before the round's time limit stops it (while playing; 0 in any other phase)."""
        if self.phase != MallPhase.PLAYING:
            return 0
        return max(0, self.t.limit_ticks - (self.tick - self.round_tick))

    def sold_out_hold(self, seat: int) -> float:
        """How far the seat's Y hold is towards calling SOLD OUT! (0.0 - 1.0)."""
        return min(1.0, self.by_seat[seat].y_ticks / self.t.hold_ticks)

    def held_pile(self, seat: int) -> int | None:
        return self.round.held.get(self.player_of[seat])

    def carried(self, seat: int) -> str | None:
        return self.round.carried.get(self.player_of[seat])

    def hand(self, seat: int) -> list[str]:
        return list(self.round.hands[self.player_of[seat]])

    def shown_card(self, seat: int) -> str | None:
        """The card the seat's held pile shows: only its holder sees inside a pile."""
        pile = self.held_pile(seat)
        return self.round.shown(pile) if pile is not None else None

    def pile_count(self, pile: int) -> int:
        return len(self.round.piles.get(pile, ()))

    def floor_piles(self) -> list[tuple[int, int, int]]:
        """(pile id, x, y) of the piles lying on the floor, by id."""
        return self.floor.lying()

    def shopping_list(self, seat: int) -> list[str]:
        """Objective card ids on the seat's side's list (none where the round deals no lists)."""
        tables = self.round.tables
        if not tables:
            return []
        return [slot.card for slot in tables[self.round.side(self.player_of[seat])]]

    def walkable(self, tx: int, ty: int) -> bool:
        """For path finding: can an avatar stand on this tile?"""
        return not self.floor.grid.solid(tx, ty)

    def seat_view(self, seat: int) -> SeatView:
        """What this seat's player can see (read-only, live): all a bot is given."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = SeatView(self, seat)
        return view

    def public_view(self) -> MallPublicView:
        """What everyone in front of the TV sees of the round (live)."""
        return MallPublicView(self)

    def reveal(self) -> RoundReveal:
        """The round just over, hands and lists face up (the results; kept once the next is dealt)."""
        return RoundReveal(self)

    def omniscient_view(self) -> OmniscientView:
        """Every card of the round: the speedrun referee's and the demo pilots' (never a bot's)."""
        return OmniscientView(self)

    def walkable_grid(self) -> tuple[bytes, ...]:
        """Rows of 1 (walkable) / 0 (solid), [row][column] (made once per level: every bot asks)."""
        solid = self.level.solid
        found = _WALKABLE.get(solid)
        if found is None:
            if len(_WALKABLE) >= 8:
                _WALKABLE.clear()
            found = _WALKABLE[solid] = tuple(bytes(1 - c for c in row) for row in solid)
        return found

    def rejection(self, seat: int) -> tuple[str, int]:
        """The seat's last refused action: (reason, tick), or ("", -1)."""
        av = self.by_seat[seat]
        return av.reject_reason, av.reject_tick

    def at_table(self, seat: int) -> bool:
        return self.fixtures.at_table(self.by_seat[seat])

    def dresser_in_reach(self, seat: int) -> Dresser | None:
        """The nearest dresser within reach, or None (the first of equals, in dresser order)."""
        return self.fixtures.dresser_in_reach(self.by_seat[seat])

    def nearest_pile(self, seat: int) -> int | None:
        """The nearest pile on the floor within reach, or None."""
        return self.floor.nearest(*self.by_seat[seat].pos)

    def preview_spot(self, seat: int) -> tuple[int, int, bool]:
        """Where B would put the held pile: (x, y, legal). Falls back to the nearest legal spot."""
        return self.floor.preview(self.by_seat[seat])

    # ----- the tick -------------------------------------------------------------------
    def step(self, commands: dict[int, Command]) -> None:
        """Advance one tick. Missing seats are idle."""
        self.events = []
        self.tick += 1
        phase = self.phase
        if phase == _PLAYING:
            self._play(commands)         # notes each body's previous position itself
            return
        for av in self.avatars:
            b = av.body
            b.prev_x = b.x
            b.prev_y = b.y
        if phase == MallPhase.COUNTDOWN:
            if self.tick - self.phase_tick >= self.t.countdown_ticks:
                self._set_phase(MallPhase.PLAYING)
        elif phase == MallPhase.STUDY:
            self._study(commands)
        elif phase == MallPhase.SOLD_OUT:
            self._glide()
            if self.tick - self.phase_tick >= self.t.freeze_ticks:
                self._finish_round()

    def _study(self, commands: dict[int, Command]) -> None:
        for av in self.avatars:
            cmd = commands.get(av.seat, IDLE)
            if int(cmd.pressed) & _A and not av.ready:
                av.ready = True
                self.events.append(Ready(av.seat))
        timed_out = self.tick - self.phase_tick >= self.t.study_ticks
        if timed_out or all(av.ready for av in self.avatars):
            self._set_phase(MallPhase.COUNTDOWN)

    def _finish_round(self) -> None:
        self.last_result = self.match.finish_round()
        done = len(self.match.results) >= max(1, options_of(self.spec).rounds)
        self._set_phase(MallPhase.MATCH_OVER if done else MallPhase.ROUND_OVER)

    def _glide(self) -> None:
        """During the freeze everyone skids to a stop (no input)."""
        t = self.t
        for av in self.avatars:
            b = av.body
            b.vx = approach(b.vx, 0, t.friction)
            b.vy = approach(b.vy, 0, t.friction)
            self._move(b)

    def _move(self, b: Body) -> None:
        grid = self.floor.grid
        if b.vx and move_axis(grid, b, self.t.half, b.vx, 0):
            b.vx = 0
        if b.vy and move_axis(grid, b, self.t.half, 0, b.vy):
            b.vy = 0

    def _play(self, commands: dict[int, Command]) -> None:
        # The hot loop: kept flat (no helper calls for the common cases) for the 300x budget.
        t = self.t
        held = self.round.held
        grid, half = self.floor.grid, t.half
        accel, friction = t.accel, t.friction
        buttons = []                     # avatars with a button down or Y held: most ticks none
        moving = []
        crowd = self.crowd
        for av, b, seat, player in crowd.walkers:
            try:                         # a subscript, not a get() call: nearly every seat has one
                cmd = commands[seat]
            except KeyError:
                cmd = IDLE
            b.prev_x = b.x
            b.prev_y = b.y
            aim_cmd, tx, ty, keys = av.aim
            if aim_cmd is not cmd:
                tx, ty, keys = self._aim(av, cmd, t.carry_top if player in held else t.top)
            if keys or av.y_ticks or av.hand_open:
                buttons.append((av, cmd))
            vx, vy = b.vx, b.vy
            if vx != tx:                 # physics.approach spelled out (no min/max calls)
                st = accel if tx else friction
                if vx < tx:
                    vx += st
                    if vx > tx:
                        vx = tx
                else:
                    vx -= st
                    if vx < tx:
                        vx = tx
                b.vx = vx
            if vy != ty:
                st = accel if ty else friction
                if vy < ty:
                    vy += st
                    if vy > ty:
                        vy = ty
                else:
                    vy -= st
                    if vy < ty:
                        vy = ty
                b.vy = vy
            if vx or vy:
                moving.append(b)
        if moving:
            move_bodies(grid, moving, half)   # each body's move reads only itself and the walls
        if crowd.apart:
            crowd.apart -= 1
        else:
            crowd.apart = separate(grid, crowd.bodies, half, t.push_num, crowd.stride)
        rnd = self.round
        if len(buttons) > 1:             # at the same moment: this tick's own order, never seat order
            buttons = tick_order(self.spec.seed, self.tick, buttons, _player)
        for av, cmd in buttons:          # a stick alone needs no pass
            pressed = int(cmd.pressed)
            held_buttons = int(cmd.held)
            av.hand_open = bool(held_buttons & (_LB | _RB))
            if pressed or held_buttons or av.y_ticks:
                holding = av.player in held
                self.controls.buttons(av, pressed, held_buttons)
                if (av.player in held) != holding:
                    av.aim = NO_AIM      # a pile picked up or put down: another top speed
            if rnd.over:
                break
        if not rnd.over and self.tick - self.round_tick >= t.limit_ticks:
            self.controls.apply(None, rnd.end_round("time"), None)
        if rnd.over and self.phase == _PLAYING:
            self._set_phase(MallPhase.SOLD_OUT)

    def _aim(self, av: Avatar, cmd: Command, top: int) -> tuple[int, int, bool]:
        """A new stick: its target velocity at the avatar's top speed (`top`: walking, or
        carrying a pile), the facing it sets, and whether any button is down; remembered in
        `av.aim` while the same Command comes again. The top speed changes only when the avatar
        picks a pile up or puts it down, in its own button pass, which forgets the aim then."""
        dx, dy = cmd.dx, cmd.dy
        if dx or dy:
            tx, ty = target_velocity(dx, dy, top)
            b = av.body
            b.fx = (dx > 0) - (dx < 0)
            b.fy = (dy > 0) - (dy < 0)
        else:
            tx = ty = 0
        keys = cmd.pressed is not _NONE or cmd.held is not _NONE
        av.aim = (cmd, tx, ty, keys)
        return tx, ty, keys

    # ----- determinism ----------------------------------------------------------------
    def state_hash(self) -> str:
        """sha256 over the world (avatars, piles, phase, timers) and the engine's match state."""
        world = {
            "tick": self.tick, "phase": self.phase, "phase_tick": self.phase_tick,
            "round_tick": self.round_tick, "sold_out_seat": self.sold_out_seat,
            "avatars": [[a.seat, a.body.x, a.body.y, a.body.vx, a.body.vy, a.body.fx, a.body.fy,
                         a.last_flip, a.y_ticks, a.target_slot, a.hand_index, a.ready,
                         a.reject_reason, a.reject_tick] for a in self.avatars],
            "piles": sorted([pid, x, y] for pid, (x, y) in self.piles.items()),
            "dressers": [[d.index, d.x, d.y] for d in self.fixtures.dressers],
            "match": self.match.state_hash(),
            "rng": hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest(),
        }
        text = json.dumps(world, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()



def _player(button: tuple[Avatar, Command]) -> int:
    return button[0].player


def new_mall(spec: MatchSpec, level: Level, catalogue: Catalogue, seed: int, mode: str | None = None,
             tuning: Tuning | None = None) -> MallFace:
    """A new match in the mall, handed out by its face (game/sim/mall_face.py): how everyone
    outside game/sim holds it."""
    return MallSim(spec, level, catalogue, seed, mode, tuning)
