"""The Sold Out! mall: a fixed-tick real-time world on top of the rules engine.

The engine (game.rules.soldout) decides what is legal and who holds what; this
module decides where things are: avatars walking, piles on the floor, who is
at the Starting Table or a dresser, and the round's timed phases. No pygame, no
clock, no global random: one `random.Random(seed)` is shared with the engine.

Buttons (one Command per seat per tick)
---------------------------------------
- Stick: walk (accelerates to a top speed; slower while holding a pile).
- A: pick up the nearest pile within reach / take the shown card of the held
  pile / deliver the carried card at the Starting Table (Rush) / place it at
  the nearest dresser (Tidying Up). In the Memory study phase: "ready".
- X: flip the held pile. At most one flip per `flip_interval`; holding X keeps
  flipping at that pace.
- B: put the held pile down at the preview spot in front of the avatar
  (`preview_spot(seat)`); while carrying a card next to a pile (Rush, Tidying
  Up), put the card back into that pile.
- LB / RB: choose the target objective card for the next delivery (Rush) or
  the selected hand card (Memory).
- Y (Memory): tap = put the selected hand card back into the held pile;
  hold for `hold_sold_out` seconds = call SOLD OUT!

Phases (MallPhase in mall_events.py): "study" (Memory only) -> "countdown" -> "playing"
-> "sold_out" (the freeze after any round end) -> "round_over" (results in `last_result`;
call `start_next_round(mode)`) ... -> "match_over".

Events of the last tick (`sim.events`, for sounds and flashes), each a NamedTuple of
mall_events.py that reads as the tuple:
("picked", seat, pile) ("flipped", seat, pile) ("took", seat, card, pile)
("delivered", seat, card) ("placed", seat, card, dresser) ("put_down", seat, pile)
("returned", seat, pile) ("hand_back", seat, card) ("called", seat, seat)
("selected", seat, slot_or_index) ("ready", seat) ("rejected", seat, reason)
("pile_gone", pile) ("sold_out", side, seat) ("round_over", cause) ("phase", name).
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.input.commands import IDLE, Button, Command
from game.levels import Level
from game.match import MatchSpec
from game.rules.soldout import Catalogue, Match, Result, Round, RoundResult, modes
from game.rules.soldout.events import PileCreated, PilePutDown, PileRemoved, RoundOver, SoldOut
from game.sim.mall_events import (ACTIONS, MallEvent, MallPhase, PhaseChanged, PileGone, Ready, Rejected,
                                   RoundEnded, Selected, SoldOutCalled)
from game.sim.mall_view import SeatView
from game.sim.physics import Body, Grid, approach, move_axis, move_bodies, separate, target_velocity
from game.sim.tuning import FP, Tuning, load_tuning

_DIAG = 181  # 256 / sqrt(2): a diagonal facing's component, in 1/256ths
# Buttons as plain ints: IntFlag arithmetic costs microseconds per tick.
_A, _B, _X, _Y = int(Button.A), int(Button.B), int(Button.X), int(Button.Y)
_LB, _RB = int(Button.LB), int(Button.RB)
_NONE = Button.NONE
# Actions that move a card between a pile, a hand, a carry, a table and a dresser (not a pile's
# own moves or flips): what bots' plans depend on.
_CARD_MOVES = ("took", "delivered", "returned", "placed", "hand_back")
_PLAYING = MallPhase.PLAYING   # a module constant: looking it up on the enum costs 70 ns a tick
# Avatar.aim: (command, top speed, target vx, vy, any button) of the last stick worked out. A
# bot repeats one Command object for many ticks, so most ticks reuse it; facing was set then.
_NO_AIM: tuple[Command | None, int, int, int, bool] = (None, 0, 0, 0, False)


_WALKABLE: dict[tuple[bytes, ...], tuple[bytes, ...]] = {}


@dataclass(frozen=True, slots=True)
class Dresser:
    """Tidying Up: a dresser is an objective card (by index in the engine) on a chair."""

    index: int
    x: int  # chair centre, px
    y: int


@lru_cache(maxsize=8)   # the same for every match: worked out once
def _search_offsets(radius: int, step: int = 4) -> tuple[tuple[int, int], ...]:
    """Offsets within `radius` px, nearest first (ties in a fixed order): where to look for room."""
    cells = [(dx * dx + dy * dy, dy, dx) for dy in range(-radius, radius + 1, step)
             for dx in range(-radius, radius + 1, step) if dx * dx + dy * dy <= radius * radius]
    cells.sort()
    return tuple((dx, dy) for _d, dy, dx in cells)


class Avatar:
    """A seat's avatar and its per-seat controls state. The scene reads; only the sim writes."""

    __slots__ = ("seat", "player", "body", "last_flip", "y_ticks", "target_slot", "hand_index",
                 "hand_open", "ready", "reject_reason", "reject_tick", "bot", "aim")

    def __init__(self, seat: int, player: int, x: int, y: int, bot: bool) -> None:
        self.seat = seat
        self.player = player          # the engine's player index
        self.body = Body(x * FP, y * FP)
        self.last_flip = -10**9       # tick of the last flip
        self.y_ticks = 0              # how long Y has been held (Memory)
        self.target_slot: int | None = None  # Rush: objective slot for the next delivery (None = auto)
        self.hand_index = 0           # Memory: selected hand card
        self.hand_open = False        # Memory: LB or RB held this tick (the owner looks at the hand)
        self.ready = bot              # Memory study phase: bots are always ready
        self.reject_reason = ""
        self.reject_tick = -1
        self.bot = bot
        self.aim = _NO_AIM            # the last stick worked out (MallSim._play); never hashed

    @property
    def pos(self) -> tuple[int, int]:
        """Centre in whole pixels."""
        return self.body.x // FP, self.body.y // FP

    @property
    def facing(self) -> tuple[int, int]:
        return self.body.fx, self.body.fy


class MallSim:
    """One Sold Out! match in the mall. `step(commands)` advances one tick (1/TICK_RATE s)."""

    def __init__(self, spec: MatchSpec, level: Level, catalogue: Catalogue, seed: int,
                 mode: str | None = None, tuning: Tuning | None = None) -> None:
        self.spec = spec
        self.level = level
        self.catalogue = catalogue
        self.rng = random.Random(seed)
        self.t = tuning or load_tuning()
        self.grid = Grid(level.solid, level.tile_size)
        self._offsets = _search_offsets(self.t.search_radius)
        self._preview_cache: dict[int, tuple[tuple[Any, ...], tuple[int, int, bool]]] = {}
        seats = sorted(spec.seats, key=lambda s: s.seat)
        self.seats = [s.seat for s in seats]
        self.player_of = {s.seat: i for i, s in enumerate(seats)}
        teams = [s.team if s.team is not None else i for i, s in enumerate(seats)] if spec.teams else None
        self.match = Match(catalogue, len(seats), self.rng, teams=teams,
                           assist=bool(spec.options.get("assist", False)))
        self.avatars = [Avatar(s.seat, i, 0, 0, s.kind == "bot") for i, s in enumerate(seats)]
        self.by_seat = {a.seat: a for a in self.avatars}
        self.tick = 0
        self.phase = MallPhase.COUNTDOWN
        self.phase_tick = 0           # tick the phase began
        self.round_tick = 0           # tick the playing phase began
        self.piles: dict[int, tuple[int, int]] = {}   # pile id -> centre px (piles on the floor or held)
        self.dressers: list[Dresser] = []
        self.events: list[MallEvent] = []
        self.last_result: RoundResult | None = None
        self.sold_out_seat: int | None = None  # the seat whose action ended the round with SOLD OUT!
        self.round: Round
        self.round_serial = 0         # rounds dealt so far (a new round changes it)
        self._views: dict[int, SeatView] = {}
        self.bot_cache: dict[str, Any] = {}   # the bots' shared path finding (SeatView.bot_cache): never hashed
        self.card_moves = 0           # cards taken, delivered, placed or put back so far (SeatView.state_serial)
        first = mode or spec.mode
        self._start_round(first if first in modes.keys() else modes.keys()[0])

    # ----- set-up -------------------------------------------------------------------
    def _start_round(self, mode: str) -> None:
        self.round = self.match.start_round(mode)
        self.round_serial += 1
        ids = sorted(self.round.piles)
        spots = self.rng.sample(list(self.level.pile_spots), len(ids))
        self.piles = {pid: spot for pid, spot in zip(ids, spots)}
        self.dressers = []
        self.sold_out_seat = None
        if modes.uses_dressers(mode):
            chairs = self.rng.sample(list(self.level.chairs), len(self.round.dressers))
            self.dressers = [Dresser(i, x, y) for i, (x, y) in enumerate(chairs)]
        spawns = self.level.spawns
        for i, av in enumerate(self.avatars):
            x, y = spawns[i % len(spawns)]
            av.body = Body(x * FP, y * FP)
            av.body.fy = -1  # facing into the shop, away from the entrance
            av.aim = _NO_AIM  # a new body: the next stick sets its facing
            av.last_flip = -10**9
            av.y_ticks = 0
            av.target_slot = None
            av.hand_index = 0
            av.hand_open = False
            av.ready = av.bot
            av.reject_reason = ""
            av.reject_tick = -1
        self._bodies = [av.body for av in self.avatars]   # the pushing pass reads them every tick
        self._walkers = [(av, av.body, av.seat, av.player) for av in self.avatars]   # and _play these
        self._set_phase(MallPhase.STUDY if modes.uses_hand(mode) else MallPhase.COUNTDOWN)

    def _set_phase(self, phase: MallPhase) -> None:
        self.phase = phase
        self.phase_tick = self.tick
        if phase == MallPhase.PLAYING:
            self.round_tick = self.tick
        self.events.append(PhaseChanged("phase", phase))

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
        """Memory: how far the seat's Y hold is towards calling SOLD OUT! (0.0 - 1.0)."""
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
        held = self.round.held
        taken = [p for p in held.values()]
        return [(pid, x, y) for pid, (x, y) in sorted(self.piles.items()) if pid not in taken]

    def shopping_list(self, seat: int) -> list[str]:
        """Objective card ids on the seat's side's list (Rush, Memory)."""
        if modes.uses_dressers(self.mode):
            return []
        return [slot.card for slot in self.round.tables[self.round.side(self.player_of[seat])]]

    def walkable(self, tx: int, ty: int) -> bool:
        """For path finding: can an avatar stand on this tile?"""
        return not self.grid.solid(tx, ty)

    def seat_view(self, seat: int) -> SeatView:
        """What this seat's player can see (read-only, live): all a bot is given."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = SeatView(self, seat)
        return view

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
        return self._near_rect(self.by_seat[seat], self.level.table_rect, self.t.reach_table)

    def dresser_in_reach(self, seat: int) -> Dresser | None:
        """The nearest dresser within reach, or None (the first of equals, in dresser order)."""
        b = self.by_seat[seat].body
        x, y = b.x // FP, b.y // FP
        h = self.t.half // FP
        ts = self.level.tile_size
        reach2 = self.t.reach_dresser ** 2
        best: Dresser | None = None
        best_d = 0
        # _rect_gap2 of each chair's tile, spelled out: a carrying bot asks at every decision.
        left, right, top, bottom = x - h, x + h, y - h, y + h
        for d in self.dressers:
            rx = d.x - ts // 2
            gx = rx - right if rx - right > left - rx - ts else left - rx - ts
            if gx < 0:
                gx = 0
            elif gx * gx > reach2:
                continue            # too far along x alone (most chairs)
            ry = d.y - ts // 2
            gy = ry - bottom if ry - bottom > top - ry - ts else top - ry - ts
            if gy < 0:
                gy = 0
            dist = gx * gx + gy * gy
            if dist <= reach2 and (best is None or dist < best_d):
                best, best_d = d, dist
        return best

    def nearest_pile(self, seat: int) -> int | None:
        """The nearest pile on the floor within reach, or None."""
        x, y = self.by_seat[seat].pos
        reach2 = self.t.reach_pile ** 2
        best: tuple[int, int] | None = None
        for pid, px, py in self.floor_piles():
            d2 = (px - x) ** 2 + (py - y) ** 2
            if d2 <= reach2 and (best is None or d2 < best[0]):
                best = (d2, pid)
        return best[1] if best else None

    def preview_spot(self, seat: int) -> tuple[int, int, bool]:
        """Where B would put the held pile: (x, y, legal). Falls back to the nearest legal spot.

        Cached per tick and pose: the scene may ask every frame at no cost."""
        av = self.by_seat[seat]
        x, y = av.pos
        fx, fy = av.facing
        key = (self.tick, x, y, fx, fy, self.held_pile(seat))
        cached = self._preview_cache.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        dist = self.t.drop_distance
        if fx and fy:
            dist = dist * _DIAG // 256
        want = (x + fx * dist, y + fy * dist)
        spot = self._legal_spot_near(want, self.held_pile(seat))
        answer = (want[0], want[1], False) if spot is None else (spot[0], spot[1], True)
        self._preview_cache[seat] = (key, answer)
        return answer

    # ----- placement ------------------------------------------------------------------
    def _spot_legal(self, x: int, y: int, ignore: int | None) -> bool:
        return self._spot_clear(x, y, self._other_piles(ignore))

    def _other_piles(self, ignore: int | None) -> list[tuple[int, int]]:
        """Centres of the piles lying on the floor, except `ignore`."""
        held = list(self.round.held.values())
        return [xy for pid, xy in self.piles.items() if pid != ignore and pid not in held]

    def _spot_clear(self, x: int, y: int, others: list[tuple[int, int]]) -> bool:
        """A pile fits here: only walkable floor under it (no wall, table or chair), no pile overlap."""
        h = self.t.pile_half
        if self.grid.box_blocked((x - h) * FP, (y - h) * FP, (x + h) * FP, (y + h) * FP):
            return False
        size = 2 * h
        for px, py in others:
            if -size < px - x < size and -size < py - y < size:
                return False
        return True

    def _legal_spot_near(self, want: tuple[int, int], ignore: int | None) -> tuple[int, int] | None:
        """The spot itself if legal, else the nearest legal one within the search radius."""
        x, y = want
        others = self._other_piles(ignore)
        for dx, dy in self._offsets:
            if self._spot_clear(x + dx, y + dy, others):
                return x + dx, y + dy
        return None

    def _place_pile(self, pile: int, near: tuple[int, int]) -> None:
        """Put a pile on the floor at (or as near as possible to) a point."""
        spot = self._legal_spot_near(near, pile)
        if spot is None:  # crowded: widen the search; a pile must land somewhere
            spot = self._widest_spot(near, pile)
        self.piles[pile] = spot

    def _widest_spot(self, near: tuple[int, int], pile: int) -> tuple[int, int]:
        for spot in sorted(self.level.pile_spots,
                           key=lambda s: ((s[0] - near[0]) ** 2 + (s[1] - near[1]) ** 2, s)):
            found = self._legal_spot_near(spot, pile)
            if found is not None:
                return found
        return near

    # ----- geometry helpers ---------------------------------------------------------
    def _rect_gap2(self, av: Avatar, rect: tuple[int, int, int, int]) -> int:
        """Squared distance (px) from the avatar's box to a rect; 0 if they touch."""
        x, y = av.pos
        h = self.t.half // FP
        rx, ry, rw, rh = rect
        gx = max(rx - (x + h), (x - h) - (rx + rw), 0)
        gy = max(ry - (y + h), (y - h) - (ry + rh), 0)
        return gx * gx + gy * gy

    def _near_rect(self, av: Avatar, rect: tuple[int, int, int, int], reach: int) -> bool:
        return self._rect_gap2(av, rect) <= reach * reach

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
                self.events.append(Ready("ready", av.seat))
        timed_out = self.tick - self.phase_tick >= self.t.study_ticks
        if timed_out or all(av.ready for av in self.avatars):
            self._set_phase(MallPhase.COUNTDOWN)

    def _finish_round(self) -> None:
        self.last_result = self.match.finish_round()
        done = len(self.match.results) >= max(1, self.spec.rounds)
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
        if b.vx and move_axis(self.grid, b, self.t.half, b.vx, 0):
            b.vx = 0
        if b.vy and move_axis(self.grid, b, self.t.half, 0, b.vy):
            b.vy = 0

    def _play(self, commands: dict[int, Command]) -> None:
        # The hot loop: kept flat (no helper calls for the common cases) for the 300x budget.
        t = self.t
        held = self.round.held
        grid, half = self.grid, t.half
        accel, friction = t.accel, t.friction
        walk, carry = t.top, t.carry_top
        buttons = []                     # avatars with a button down or Y held: most ticks none
        moving = []
        for av, b, seat, player in self._walkers:
            try:                         # a subscript, not a get() call: nearly every seat has one
                cmd = commands[seat]
            except KeyError:
                cmd = IDLE
            b.prev_x = b.x
            b.prev_y = b.y
            top = carry if player in held else walk
            aim_cmd, aim_top, tx, ty, keys = av.aim
            if aim_cmd is not cmd or aim_top != top:
                tx, ty, keys = self._aim(av, cmd, top)
            if keys or av.y_ticks or av.hand_open:
                buttons.append((av, cmd))
            vx, vy = b.vx, b.vy
            if vx != tx:
                st = accel if tx else friction
                vx = min(tx, vx + st) if vx < tx else max(tx, vx - st)
                b.vx = vx
            if vy != ty:
                st = accel if ty else friction
                vy = min(ty, vy + st) if vy < ty else max(ty, vy - st)
                b.vy = vy
            if vx or vy:
                moving.append(b)
        if moving:
            move_bodies(grid, moving, half)   # each body's move reads only itself and the walls
        separate(grid, self._bodies, half, t.push_num)
        rnd = self.round
        for av, cmd in buttons:          # in seat order, as before; a stick alone needs no pass
            pressed = int(cmd.pressed)
            held_buttons = int(cmd.held)
            av.hand_open = bool(held_buttons & (_LB | _RB))
            if pressed or held_buttons or av.y_ticks:
                self._buttons(av, pressed, held_buttons)
            if rnd.over:
                break
        if not rnd.over and self.tick - self.round_tick >= t.limit_ticks:
            self._apply(None, rnd.end_round("time"), "stopped")
        if rnd.over and self.phase == _PLAYING:
            self._set_phase(MallPhase.SOLD_OUT)

    def _aim(self, av: Avatar, cmd: Command, top: int) -> tuple[int, int, bool]:
        """A new stick (or speed): its target velocity, the facing it sets, and whether any
        button is down; remembered in `av.aim` while the same Command comes again."""
        dx, dy = cmd.dx, cmd.dy
        if dx or dy:
            tx, ty = target_velocity(dx, dy, top)
            b = av.body
            b.fx = (dx > 0) - (dx < 0)
            b.fy = (dy > 0) - (dy < 0)
        else:
            tx = ty = 0
        keys = cmd.pressed is not _NONE or cmd.held is not _NONE
        av.aim = (cmd, top, tx, ty, keys)
        return tx, ty, keys

    # ----- buttons --------------------------------------------------------------------
    def _buttons(self, av: Avatar, pressed: int, held: int) -> None:
        mode = self.round.mode
        if pressed & (_LB | _RB):
            self._select(av, 1 if pressed & _RB else -1)
        if pressed & _A:
            self._press_a(av)
        if self.round.over:
            return
        if (held | pressed) & _X:
            self._flip(av, bool(pressed & _X))
        if pressed & _B:
            if modes.uses_hand(mode) and av.hand_open:
                self._hand_back(av)
            else:
                self._press_b(av)
        if modes.uses_hand(mode):
            self._memory_y(av, held)
        elif pressed & _Y:
            self._reject(av, "Y is for Memory: your hand and SOLD OUT!")

    def _select(self, av: Avatar, delta: int) -> None:
        if modes.delivers_to_table(self.round.mode):
            # Cycle auto -> first card -> second card -> auto ("auto" picks the matching card).
            slots = len(self.round.tables[self.round.side(av.player)])
            options: list[int | None] = [None, *range(slots)]
            av.target_slot = options[(options.index(av.target_slot) + delta) % len(options)]
            self.events.append(Selected("selected", av.seat, av.target_slot))
        elif modes.uses_hand(self.round.mode):
            size = len(self.round.hands[av.player])
            if size:
                av.hand_index = (av.hand_index + delta) % size
                self.events.append(Selected("selected", av.seat, av.hand_index))

    def _press_a(self, av: Avatar) -> None:
        rnd = self.round
        p = av.player
        if p in rnd.carried:
            if modes.delivers_to_table(rnd.mode):
                if self.at_table(av.seat):
                    card = rnd.carried[p]
                    res = rnd.deliver(p, av.target_slot)
                    if self._apply(av, res, "delivered", card):
                        av.target_slot = None
                    return
            elif modes.uses_dressers(rnd.mode):
                d = self.dresser_in_reach(av.seat)
                if d is not None:
                    card = rnd.carried[p]
                    self._apply(av, rnd.place_at_dresser(p, d.index), "placed", card, d.index)
                    return
            pile = self.nearest_pile(av.seat)
            if pile is not None:  # let the engine say why a card-carrier may not pick up
                self._apply(av, rnd.pick_up(p, pile), "picked", pile)
            else:
                where = "the Starting Table" if modes.delivers_to_table(rnd.mode) else "a dresser"
                self._reject(av, f"Bring the card to {where}")
            return
        if p in rnd.held:
            pile = rnd.held[p]
            shown = rnd.shown(pile)
            self._apply(av, rnd.take(p), "took", shown, pile)
            av.hand_index = max(0, len(rnd.hands[p]) - 1)
            return
        pile = self.nearest_pile(av.seat)
        if pile is None:
            self._reject(av, "No pile within reach")
            return
        self._apply(av, rnd.pick_up(p, pile), "picked", pile)

    def _flip(self, av: Avatar, fresh_press: bool) -> None:
        if av.player not in self.round.held:
            if fresh_press:
                self._reject(av, "You are not holding a pile")
            return
        if self.tick - av.last_flip < self.t.flip_ticks:
            return  # handled, not scanned: a held X keeps flipping at the interval
        res = self.round.flip(av.player)
        if self._apply(av, res, "flipped", self.round.held.get(av.player)):
            av.last_flip = self.tick

    def _press_b(self, av: Avatar) -> None:
        rnd = self.round
        p = av.player
        if p in rnd.held:
            x, y, legal = self.preview_spot(av.seat)
            if not legal:
                self._reject(av, "No room to put the pile down here")
                return
            pile = rnd.held[p]
            res = rnd.put_down(p)
            if res.ok:
                self.piles[pile] = (x, y)
            self._apply(av, res, "put_down", pile, skip_put=True)
            return
        if p in rnd.carried:
            near = self.nearest_pile(av.seat)
            if near is None:
                self._reject(av, "Put the card back into a pile: stand next to one")
                return
            self._apply(av, rnd.return_card(p, near), "returned", near)
            return
        self._apply(av, rnd.put_down(p), "put_down", None)

    def _memory_y(self, av: Avatar, held: int) -> None:
        """Hold Y to call SOLD OUT!; letting go early does nothing at all (the meter empties)."""
        if held & _Y:
            av.y_ticks += 1
            if av.y_ticks == self.t.hold_ticks:
                self._apply(av, self.round.call_sold_out(av.player), "called", av.seat)
            return
        av.y_ticks = 0

    def _hand_back(self, av: Avatar) -> None:
        """Memory: B with the hand open (LB/RB held) puts the chosen hand card back into the held pile,
        an input of its own so a near-miss on SOLD OUT! never undoes a player's work."""
        hand = self.round.hands[av.player]
        index = min(av.hand_index, max(0, len(hand) - 1))
        card = hand[index] if hand else None
        res = self.round.hand_to_pile(av.player, index)
        if self._apply(av, res, "hand_back", card):
            av.hand_index = max(0, min(av.hand_index, len(hand) - 1))

    # ----- results of engine actions ---------------------------------------------------
    def _reject(self, av: Avatar, reason: str) -> None:
        av.reject_reason = reason
        av.reject_tick = self.tick
        self.events.append(Rejected("rejected", av.seat, reason))

    def _apply(self, av: Avatar | None, res: Result, name: str, *info: Any, skip_put: bool = False) -> bool:
        """Record an engine result: a rejection for the seat, or the event plus map changes."""
        if not res.ok:
            if av is not None:
                self._reject(av, res.reason)
            return False
        self._preview_cache.clear()  # piles may have moved
        if name in _CARD_MOVES:
            self.card_moves += 1
        if av is not None:
            self.events.append(ACTIONS[name](name, av.seat, *info))
        for ev in res.events:
            if isinstance(ev, PilePutDown):
                if not skip_put:
                    self._place_pile(ev.pile, self.avatars[ev.player].pos)
            elif isinstance(ev, PileCreated):
                self._place_pile(ev.pile, self.avatars[ev.player].pos)
            elif isinstance(ev, PileRemoved):
                self.piles.pop(ev.pile, None)
                self.events.append(PileGone("pile_gone", ev.pile))
            elif isinstance(ev, SoldOut):
                self.sold_out_seat = av.seat if av is not None else None
                self.events.append(SoldOutCalled("sold_out", ev.side, self.sold_out_seat))
            elif isinstance(ev, RoundOver):
                self.events.append(RoundEnded("round_over", ev.cause))
        return True

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
            "dressers": [[d.index, d.x, d.y] for d in self.dressers],
            "match": self.match.state_hash(),
            "rng": hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest(),
        }
        text = json.dumps(world, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

