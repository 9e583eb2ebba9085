"""Render-side motion for the mall: walk cycles, squash and stretch, bumps, flying cards,
pops and particles.

Nothing here feeds back into the simulation: MallFx.step() reads the sim and the
tick's events after each fixed step (so it advances in sim ticks, and a
screenshot or a replay shows the same frame every time), and the draw side
asks it for offsets and scales, interpolated with the loop's render alpha.
The state hash never sees any of it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, assert_never

from game.render.poses import FRAMES
from game.sim.mall_events import (Called, Delivered, Flipped, HandBack, MallEvent, MallPhase, PhaseChanged, Picked,
                                  PileGone, Placed, PutDown, Ready, Rejected, Returned, RoundEnded, Selected,
                                  SoldOutCalled, Took)
from game.sim.tuning import FP
from game.render.palette import CREAM, GOOD, SPARKLE, WHITE, WRONG_POP

if TYPE_CHECKING:
    from game.sim.mall_face import MallForEffects

FLY_TICKS = 24          # a delivered card's flight to the table or dresser
POP_TICKS = 50          # a "+1" rising over the spot
BUMP_TICKS = 12         # knock-back after two shoppers collide
SQUASH_TICKS = 10       # squash after starting, stopping, picking up or putting down
PARTICLE_TICKS = 26
PING_TICKS = 60         # rings around each shopper when the countdown starts and the doors open
KNOCK_PX = 5.0          # how far a bump pushes the sprite (level px), visual only
WALK_STRIDE = 9.0       # level px per half step of the walk cycle
GRAVITY = 0.22
# A shopper's reactions (render only): state -> ticks it lasts. The walk's frames follow the
# distance walked (WALK_STRIDE), the idle's the clock; after FIDGET_AFTER ticks standing still a
# shopper fidgets for one FIDGET_TICKS cycle in every FIDGET_EVERY.
ACTS = {"browse": 24, "deliver": 20, "bump": BUMP_TICKS, "surprise": 40, "cheer": 90, "slump": 90}
FIDGET_AFTER, FIDGET_EVERY, FIDGET_TICKS = 180, 300, 64
IDLE_TICKS = 20          # per idle frame (a breath is four)
CHEER_TICKS = 5          # per cheer frame: the cheer loops while it lasts


@dataclass
class Motion:
    """One avatar's render-only pose."""

    phase: float = 0.0          # walk cycle, in half steps
    prev_phase: float = 0.0
    moving: bool = False
    squash: int = 0             # ticks left of a squash
    squash_power: float = 0.0
    bump: int = 0               # ticks left of a knock-back
    bump_dir: tuple[float, float] = (0.0, 0.0)
    touching: frozenset[int] = field(default_factory=frozenset)
    hop: int = 0                # celebration hops (SOLD OUT!)
    ping: int = 0               # ticks left of the "here you are" rings when the doors open
    act: str = ""               # a reaction playing (poses.py's state), "" for none
    act_age: int = 0
    still: int = 0              # ticks standing still (a fidget after a while)
    left: bool = False          # facing left (the last way it walked)
    clock: int = 0              # ticks since the motion began (the idle's breathing)


@dataclass
class Flight:
    """A card flying from an avatar to where it was delivered (level px)."""

    seat: int
    start: tuple[float, float]
    end: tuple[float, float]
    pop: tuple[str, tuple[int, int, int]]   # what rises where it lands
    age: int = 0
    to_table: bool = False                  # delivered to the Starting Table (else placed at a dresser)


@dataclass
class Pop:
    text: str
    colour: tuple[int, int, int]
    x: float
    y: float
    age: int = 0
    fixed: bool = False     # a side's count on its part of the Starting Table: it stays there, it does not rise


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    colour: tuple[int, int, int]
    age: int = 0

    def at(self, alpha: float) -> tuple[float, float]:
        return self.x + self.vx * alpha, self.y + self.vy * alpha

    def radius(self) -> int:
        """Half the square's side in screen px: shrinks as it fades."""
        return max(2, round(4 * (1 - self.age / PARTICLE_TICKS)))


class MallFx:
    """All the mall's render-only motion, advanced once per sim tick."""

    def __init__(self, sim: "MallForEffects", colours: dict[int, tuple[int, int, int]], seed: int = 0,
                 side_colours: dict[int, tuple[int, int, int]] | None = None) -> None:
        self.sim = sim            # the sim this motion belongs to (a speedrun restart makes a new one)
        self.tick = sim.tick      # the sim tick last stepped to
        self.colours = colours
        # what colours a seat's count on the Starting Table: its team's in a team game, else its own
        self.side_colours = side_colours if side_colours is not None else colours
        self.motion = {seat: Motion() for seat in sim.seats}
        self.flights: list[Flight] = []
        self.pops: list[Pop] = []
        self.particles: list[Particle] = []
        self.shake_left = 0
        self._touch = 2 * sim.t.half // FP + 2   # centres closer than this: bodies touch
        self._noise = seed * 7919 + 17          # a private LCG: no global random, same frames every run

    # ------------------------------------------------------------------ per tick
    def step(self, sim: "MallForEffects") -> None:
        """Advance one tick: called after MallSim.step with that tick's events."""
        self.tick = sim.tick
        self._walk(sim)
        self._bumps(sim)
        for event in sim.events:
            self._event(sim, event)
        for f in self.flights:
            f.age += 1
            if f.age == FLY_TICKS:
                self._land(f)
        self.flights = [f for f in self.flights if f.age < FLY_TICKS]
        for p in self.pops:
            p.age += 1
        self.pops = [p for p in self.pops if p.age < POP_TICKS]
        for q in self.particles:
            q.x += q.vx
            q.y += q.vy
            q.vy += GRAVITY
            q.vx *= 0.94
            q.age += 1
        self.particles = [q for q in self.particles if q.age < PARTICLE_TICKS]
        self.shake_left = max(0, self.shake_left - 1)

    def _walk(self, sim: "MallForEffects") -> None:
        playing = sim.phase in ("playing", "sold_out")
        for av in sim.avatars:
            m = self.motion[av.seat]
            b = av.body
            dist = math.hypot(b.x - b.prev_x, b.y - b.prev_y) / FP
            moving = playing and dist > 0.05
            if moving != m.moving:   # starting off or stopping: a quick squash
                self._squash(m, 0.18 if moving else 0.24)
            m.moving = moving
            m.prev_phase = m.phase
            if moving:
                m.phase += dist / WALK_STRIDE
            m.squash = max(0, m.squash - 1)
            m.bump = max(0, m.bump - 1)
            m.hop = max(0, m.hop - 1)
            m.ping = max(0, m.ping - 1)
            m.clock += 1
            m.still = 0 if moving else m.still + 1
            if av.facing[0]:
                m.left = av.facing[0] < 0
            if m.act:
                m.act_age += 1
                if m.act_age >= ACTS[m.act]:
                    m.act, m.act_age = "", 0

    def _bumps(self, sim: "MallForEffects") -> None:
        """Two bodies that just came into contact knock each other back a little (drawn only)."""
        if sim.phase != "playing":
            return
        avatars = sim.avatars
        touching: dict[int, set[int]] = {av.seat: set() for av in avatars}
        for i, a in enumerate(avatars):
            for b in avatars[i + 1:]:
                dx = (a.body.x - b.body.x) / FP
                dy = (a.body.y - b.body.y) / FP
                if max(abs(dx), abs(dy)) <= self._touch:
                    touching[a.seat].add(b.seat)
                    touching[b.seat].add(a.seat)
                    if b.seat not in self.motion[a.seat].touching:
                        self._knock(a.seat, dx, dy)
                        self._knock(b.seat, -dx, -dy)
                        mx = (a.body.x + b.body.x) / (2 * FP)
                        my = (a.body.y + b.body.y) / (2 * FP)
                        self._burst(mx, my - 6, WHITE, 6, 1.6)
        for seat, others in touching.items():
            self.motion[seat].touching = frozenset(others)

    def _knock(self, seat: int, dx: float, dy: float) -> None:
        m = self.motion[seat]
        d = math.hypot(dx, dy) or 1.0
        m.bump = BUMP_TICKS
        m.bump_dir = (dx / d, dy / d)
        self._squash(m, 0.3)
        self.react(seat, "bump")

    def react(self, seat: int, act: str) -> None:
        """Play a reaction on a seat's shopper (a newer one cuts an older short)."""
        m = self.motion.get(seat)
        if m is not None:
            m.act, m.act_age = act, 0

    @staticmethod
    def _squash(m: Motion, power: float) -> None:
        m.squash = SQUASH_TICKS
        m.squash_power = power

    def _event(self, sim: "MallForEffects", event: MallEvent) -> None:
        match event:
            case Picked(seat=seat, pile=pile):
                self._squash_seat(seat)
                self._beaten(sim, seat, pile)
            case PutDown(seat=seat) | Took(seat=seat) | Returned(seat=seat) | HandBack(seat=seat):
                self._squash_seat(seat)
            case Flipped(seat=seat):
                self.react(seat, "browse")
            case Rejected(seat=seat):   # a wrong card refused, a pile someone got to first...
                self.react(seat, "surprise")
            case Delivered(seat=seat):
                self._fly(sim, seat, _table_spot(sim, seat), _rush_pop(sim, seat), to_table=True)
                self.react(seat, "deliver")
            case Placed(seat=seat, card=card, dresser=dresser):
                d = sim.dressers[dresser]
                right = card in sim.catalogue.objectives[sim.public_view().dresser_cards()[d.index]].items
                pop = ("+1", GOOD) if right else ("-1", WRONG_POP)
                self._fly(sim, seat, (float(d.x), float(d.y) - 16.0), pop)
                self.react(seat, "deliver" if right else "surprise")
            case SoldOutCalled(side=side) if side is not None:
                self._sold_out(sim, side)
            case PhaseChanged(phase=MallPhase.COUNTDOWN | MallPhase.PLAYING):
                for av in sim.avatars:   # each player finds their shopper as the shutters rise (bots need no help)
                    if not av.bot:
                        self.motion[av.seat].ping = PING_TICKS
            case PhaseChanged(phase=MallPhase.SOLD_OUT):
                self._hop_winners(sim)
            case (PhaseChanged() | Called() | Selected() | Ready() | PileGone() | SoldOutCalled() | RoundEnded()):
                pass
            case _:
                assert_never(event)

    def _squash_seat(self, seat: int) -> None:
        if seat in self.motion:
            self._squash(self.motion[seat], 0.22)

    def _hop_winners(self, sim: "MallForEffects") -> None:
        """SOLD OUT!: the calling side's shoppers jump for joy."""
        if sim.sold_out_seat is None:
            return
        public = sim.public_view()
        for p in public.members(public.side_of(sim.player_of[sim.sold_out_seat])):
            self.motion[sim.seats[p]].hop = 60

    def _beaten(self, sim: "MallForEffects", seat: int, pile: int) -> None:
        """A pile picked up from under someone else's nose: the others within reach of it, empty
        handed, are surprised (beaten to it)."""
        spot = sim.piles.get(pile)
        if spot is None:
            return
        reach = sim.t.reach_pile
        for av in sim.avatars:
            if av.seat == seat or sim.held_pile(av.seat) is not None or sim.carried(av.seat) is not None:
                continue
            if math.hypot(av.pos[0] - spot[0], av.pos[1] - spot[1]) <= reach:
                self.react(av.seat, "surprise")

    def _sold_out(self, sim: "MallForEffects", side: int) -> None:
        """SOLD OUT!: the side that called it cheers, everyone else slumps."""
        public = sim.public_view()
        winners = {sim.seats[p] for p in public.members(side)}
        for seat in sim.seats:
            self.react(seat, "cheer" if seat in winners else "slump")

    def act(self, seat: int, alpha: float, loaded: bool) -> tuple[str, int, bool]:
        """(state, frame, facing left) for a seat's shopper this frame: a reaction while one plays,
        else carrying, walking (frames follow the distance walked: feet never skate), fidgeting
        after a while standing, or idle."""
        m = self.motion[seat]
        if m.act == "cheer":
            return "cheer", (m.act_age // CHEER_TICKS) % FRAMES["cheer"], m.left
        if m.act and not (m.moving and m.act == "browse"):
            return m.act, min(FRAMES[m.act] - 1, m.act_age * FRAMES[m.act] // ACTS[m.act]), m.left
        if m.moving:
            phase = m.prev_phase + (m.phase - m.prev_phase) * alpha
            return ("carry" if loaded else "walk"), int(phase * FRAMES["walk"] / 2) % FRAMES["walk"], m.left
        if loaded:
            return "carry", 0, m.left
        since = m.still - FIDGET_AFTER
        if since >= 0 and since % FIDGET_EVERY < FIDGET_TICKS:
            return "fidget", (since % FIDGET_EVERY) * FRAMES["fidget"] // FIDGET_TICKS, m.left
        return "idle", ((m.clock + seat * 7) // IDLE_TICKS) % FRAMES["idle"], m.left

    def _fly(self, sim: "MallForEffects", seat: int, end: tuple[float, float],
             pop: tuple[str, tuple[int, int, int]], to_table: bool = False) -> None:
        x, y = sim.by_seat[seat].pos
        self.flights.append(Flight(seat, (float(x), float(y) - 8.0), end, pop, to_table=to_table))
        self._squash(self.motion[seat], 0.25)
        self._burst(float(x), float(y) - 12.0, WHITE, 8, 2.0)   # with the delivery's sound

    def _land(self, f: Flight) -> None:
        colour = self.colours.get(f.seat, WHITE)
        self._burst(f.end[0], f.end[1], colour, 14, 2.6)
        self._burst(f.end[0], f.end[1], SPARKLE, 6, 1.8)
        if f.to_table:   # the side's count on its own part of the table, in its colour: the newest only
            self.pops = [p for p in self.pops if not (p.fixed and (p.x, p.y) == f.end)]
            self.pops.append(Pop(f.pop[0], self.side_colours.get(f.seat, f.pop[1]), f.end[0], f.end[1], fixed=True))
        else:
            self.pops.append(Pop(f.pop[0], f.pop[1], f.end[0], f.end[1] - 10))
        self.shake_left = 6

    def _rand(self) -> float:
        """0..1 from the private LCG."""
        self._noise = (self._noise * 1103515245 + 12345) & 0x7FFFFFFF
        return self._noise / 0x7FFFFFFF

    def _burst(self, x: float, y: float, colour: tuple[int, int, int], n: int, speed: float) -> None:
        for i in range(n):
            a = (i + self._rand() * 0.8) * 2 * math.pi / n
            v = speed * (0.6 + 0.6 * self._rand())
            self.particles.append(Particle(x, y, math.cos(a) * v, math.sin(a) * v - 1.2, colour))

    # ------------------------------------------------------------------ read by the draw side
    def pose(self, seat: int, alpha: float) -> tuple[float, float, float, float, float, float]:
        """(dx, dy, scale_x, scale_y, stride, lift) for a seat's sprite: dx, dy the knock-back in
        level px, stride -1..1 through the walk cycle, lift px the body hops off the floor."""
        m = self.motion[seat]
        dx = dy = 0.0
        sx = sy = 1.0
        if m.bump:
            k = (m.bump - alpha) / BUMP_TICKS
            push = KNOCK_PX * math.sin(k * math.pi) * k
            dx, dy = m.bump_dir[0] * push, m.bump_dir[1] * push
        if m.squash:
            k = (m.squash - alpha) / SQUASH_TICKS
            s = m.squash_power * math.sin(k * math.pi) * k
            sx, sy = 1.0 + s, 1.0 - s
        phase = m.prev_phase + (m.phase - m.prev_phase) * alpha
        stride = math.sin(phase * math.pi) if m.moving else 0.0
        if m.moving and not m.squash:   # a gentle stretch on each push-off
            sy += 0.06 * abs(stride)
            sx -= 0.04 * abs(stride)
        lift = abs(math.sin((m.hop - alpha) * 0.2)) * 12 if m.hop else 0.0
        return dx, dy, sx, sy, stride, lift

    def ping(self, seat: int, alpha: float) -> float:
        """0..1 through the seat's "here you are" rings, or -1 when there are none."""
        m = self.motion[seat]
        return 1 - (m.ping - alpha) / PING_TICKS if m.ping else -1.0

    def in_flight(self, sim: "MallForEffects") -> dict[int, int]:
        """Per side, cards delivered to the Starting Table that are still in the air."""
        out: dict[int, int] = {}
        public = sim.public_view()
        for f in self.flights:
            if f.to_table:
                side = public.side_of(sim.player_of[f.seat])
                out[side] = out.get(side, 0) + 1
        return out

    def flight_at(self, f: Flight, alpha: float) -> tuple[float, float, float]:
        """Where a flying card is (level px) and its progress 0..1, on an arc."""
        t = min(1.0, (f.age + alpha) / FLY_TICKS)
        e = 1 - (1 - t) ** 2   # ease out
        x = f.start[0] + (f.end[0] - f.start[0]) * e
        y = f.start[1] + (f.end[1] - f.start[1]) * e - math.sin(t * math.pi) * 40
        return x, y, t

    def shake(self, enabled: bool) -> tuple[int, int]:
        """A short nudge when a card lands (none when screen shake is off in Settings)."""
        if not enabled or not self.shake_left:
            return (0, 0)
        k = self.shake_left
        return (round(math.sin(k * 2.3) * k * 0.5), round(math.cos(k * 1.7) * k * 0.35))


def _table_spot(sim: "MallForEffects", seat: int) -> tuple[float, float]:
    """The centre of the seat's side on the Starting Table (the same cells mall_draw lays out)."""
    tx, ty, tw, th = sim.level.table_rect
    public = sim.public_view()
    sides = public.sides()
    cols = min(3, sides)
    rows = (sides + cols - 1) // cols
    side = public.side_of(sim.player_of[seat])
    cw, ch = tw / cols, th / rows
    return tx + (side % cols + 0.5) * cw, ty + (side // cols + 0.5) * ch


def _rush_pop(sim: "MallForEffects", seat: int) -> tuple[str, tuple[int, int, int]]:
    """What rises over a card landed on the Starting Table: the cards on the list so far
    (whether they are right stays secret until the results)."""
    public = sim.public_view()
    side = public.side_of(sim.player_of[seat])
    placed = public.cards_on_table(side)
    wanted = sum(len(sim.catalogue.objectives[card].items) for card in public.table_objectives(side))
    return f"{placed}/{wanted}", CREAM
