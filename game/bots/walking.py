"""How a bot walks: steering along flow fields, sidestepping avatars, noticing it is stuck.

A `Walker` steers a bot's avatar through the same stick a person pushes. It writes the stick
it chose into the bot it walks for (`Repeated`: the Command the bot repeats, and for how many
ticks), so the match driver can repeat it without asking the bot.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Protocol

from game.bots.pathfind import Field, NavGrid
from game.match.commands import IDLE, STICK_MAX, Button, Command

if TYPE_CHECKING:
    from game.bots.difficulty import SoldOutDifficulty
    from game.sim.mall_face import SeatForWalking

STUCK_CHECK = 40        # ticks of pushing the stick with almost no movement = stuck


class Repeated(Protocol):
    """The bot a walker steers for: the Command it repeats and the ticks before it thinks again."""

    move: Command
    cooldown: int


class Walker:
    """Steering through the same stick a person pushes."""

    def __init__(self, out: Repeated, seat: int, nav: NavGrid, tile_size: int, diff: SoldOutDifficulty,
                 rng: random.Random, on_stuck: Callable[[], None]) -> None:
        self.out = out
        self.seat = seat
        self.nav = nav
        self.ts = tile_size
        self.diff = diff
        self.rng = rng
        self.on_stuck = on_stuck       # what the bot forgets when it finds itself stuck (its target)
        self.unstick_until = -1
        self.last_pos = (0, 0)
        self.stuck = 0

    def new_round(self, view: SeatForWalking) -> None:
        self.last_pos = view.position()
        self.stuck = 0
        self.unstick_until = -1

    def wait(self, view: SeatForWalking, ticks: int, keep_move: bool = False) -> Command:
        """Stand (or keep going, `keep_move`) and think again in `ticks` ticks."""
        out = self.out
        if not keep_move:
            out.move = IDLE
        out.cooldown = max(0, ticks - 1)
        return out.move

    def walk(self, view: SeatForWalking, field: Field, point: tuple[int, int] | None, slow: int,
              at: tuple[int, int] | None = None) -> Command:
        """Steer one step along a flow field; on its goal tile, head for `point`. `at`: where the
        bot stands, if the caller already asked."""
        x, y = at if at is not None else view.position()
        lx, ly = self.last_pos       # _watch_progress's common case (moving) spelled out
        if abs(x - lx) + abs(y - ly) >= 3:
            self.last_pos = (x, y)
            self.stuck = 0
        else:
            self.watch_progress(view, x, y)
        tick = view.tick
        out = self.out
        if tick < self.unstick_until:
            return out.move
        nav = self.nav
        ts, w = nav.ts, nav.w
        col, row = x // ts, y // ts
        # NavGrid.index spelled out for a bot on the map (every step of every bot asks).
        here = row * w + col if 0 <= col < w and 0 <= row < nav.h else nav.index(x, y)
        if not nav.reach(field, here, tick):
            return self.wait(view, 1)   # stand and think: the way is still being worked out
        dist = field.dist
        if dist[here] >= 1 << 30:
            return self.wander(view)
        straight = False
        if dist[here] == 0:
            tx, ty = point if point is not None else nav.centre(here)
        else:
            nxt = field.next
            step = nxt[here]
            further = nxt[step]
            # Straight stretch ahead: aim two tiles on for a smoother line.
            if dist[step] and further - step == step - here:
                step = further
                straight = True
            # The point itself only once it is on the next tile (a chair's point lies in the chair).
            if point is not None and not dist[step] and nav.index(*point) == step:
                tx, ty = point
            else:                   # NavGrid.centre spelled out
                tx, ty = (step % w) * ts + ts // 2, (step // w) * ts + ts // 2
        dx, dy = self.avoid(view, x, y, tx - x, ty - y)
        if straight and (dx != tx - x or dy != ty - y):
            straight = False            # someone in the way: keep an eye on them
        span = dx if dx >= 0 else -dx
        if span < dy or span < -dy:
            span = dy if dy >= 0 else -dy
        if span <= 1:
            return self.wait(view, 2)
        diff = self.diff
        stick = diff.stick
        if slow and span < 24:
            stick = max(slow, stick * span // 24)
        cx, cy = dx * stick // span, dy * stick // span
        move = _STICKS.get((cx, cy))
        out.move = move if move is not None else stick_command(cx, cy)
        # Decide again after the reaction time (twice that on a clear straight stretch: a person
        # does not re-aim while the way ahead is straight and empty), or sooner if the aim
        # point is close.
        limit = 2 * diff.reaction if straight else diff.reaction
        cool = span // 4 if span // 4 < limit else limit
        out.cooldown = cool - 1 if cool > 0 else 0
        return out.move

    def avoid(self, view: SeatForWalking, x: int, y: int, dx: int, dy: int) -> tuple[int, int]:
        """Sidestep an avatar standing right in the way (pushing sorts out the rest)."""
        for seat, ox, oy in view.avatars_near(x, y, 34):
            rx, ry = ox - x, oy - y
            if rx * dx + ry * dy <= 0:
                continue            # behind or beside: not in the way
            # Perpendicular to the heading, away from the other avatar (seat order breaks a tie).
            px, py = -dy, dx
            if px * rx + py * ry > 0 or (px * rx + py * ry == 0 and self.seat < seat):
                px, py = -px, -py
            return dx + px, dy + py
        return dx, dy

    def watch_progress(self, view: SeatForWalking, x: int, y: int) -> None:
        lx, ly = self.last_pos
        if abs(x - lx) + abs(y - ly) >= 3:
            self.last_pos = (x, y)
            self.stuck = 0
            return
        self.stuck += self.diff.reaction if self.out.move is not IDLE else 0
        if self.stuck >= STUCK_CHECK:
            self.stuck = 0
            self.on_stuck()
            self.unstick(view, 12 + self.rng.randrange(20))

    def unstick(self, view: SeatForWalking, ticks: int) -> None:
        """Walk a random open direction for a moment (out of a jam, or to make room)."""
        x, y = view.position()
        tx, ty = x // self.ts, y // self.ts
        options = [(ddx, ddy) for ddx, ddy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
                   if self.nav.walkable(tx + ddx, ty + ddy)]
        ddx, ddy = self.rng.choice(options) if options else (0, 0)
        self.out.move = command_for(ddx * STICK_MAX * 3 // 4, ddy * STICK_MAX * 3 // 4, Button.NONE, Button.NONE)
        self.unstick_until = view.tick + ticks
        self.out.cooldown = ticks - 1
        self.last_pos = (x, y)

    def wander(self, view: SeatForWalking) -> Command:
        """Nothing to do right now (every pile is held): drift a little and look again."""
        if self.rng.random() < 0.5:
            self.unstick(view, 10)
            return self.out.move
        return self.wait(view, 15)


_COMMANDS: dict[tuple[int, int, int, int], Command] = {}
_STICKS: dict[tuple[int, int], Command] = {}


def stick_command(dx: int, dy: int) -> Command:
    """command_for(dx, dy, NONE, NONE): the stick alone, what a walking bot sends most."""
    cmd = _STICKS.get((dx, dy))
    if cmd is None:
        cmd = _STICKS[(dx, dy)] = command_for(dx, dy, Button.NONE, Button.NONE)
    return cmd


def command_for(dx: int, dy: int, pressed: Button, held: Button) -> Command:
    """Commands are immutable: share one object per distinct value."""
    key = (dx, dy, int(pressed), int(held))
    cmd = _COMMANDS.get(key)
    if cmd is None:
        cmd = _COMMANDS[key] = Command(dx, dy, Button(pressed), Button(held))
    return cmd
